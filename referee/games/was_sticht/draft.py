"""Was Sticht card draft (sections 4.3 to 4.4): the layout of the 36 cards (WS-D7), the picks
column by column (WS-D1 to WS-D4, WS-D6) and, with 3 players, the dummy's card (WS-D5)."""

from __future__ import annotations

import random
from typing import Any

from ..base import HOST, By, Refusal, Text, Viewer, known
from . import rules as ws
from .entries import Action, Entry, SeatEntry, at_the_table
from .state import (
    COLUMNS,
    DRAFT,
    TRUMPS,
    State,
    any_pick,
    column_shown,
    current_column,
    free_cards,
    next_picker,
    picker_due,
    taken,
)

LAYOUT_SHAPE = "The layout must hold each of the 36 cards once, four per column."


class Layout(Entry):
    """The 36 cards as laid out, nine columns of four (optional; picks are then checked against it)."""

    type = "layout"
    for_seat = False

    def read(self, state: State, action: Action, by: By) -> None:
        at_the_table(state, by)
        read_layout(action)

    def ready(self, state: State, seat: Any, by: By) -> None:
        at_the_table(state, by)
        if state.phase not in (TRUMPS, DRAFT) or any_pick(state):
            raise Refusal("WS-D7", "The layout is entered before the first pick of the round.", overridable=False)

    def effect(self, state: State, action: Action) -> None:
        state.layout = read_layout(action)

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("The layout is entered")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Nine columns of four: the 36 cards dealt in a different order each round."""
        order = random.Random(state.scored).sample(ws.CARDS, len(ws.CARDS))
        return [{"type": self.type, "columns": [" ".join(order[column::COLUMNS]) for column in range(COLUMNS)]}]


def read_layout(action: Action) -> list[list[str]]:
    columns = action.get("columns")
    if not isinstance(columns, list) or len(columns) != COLUMNS:
        raise Refusal("WS-D7", LAYOUT_SHAPE, overridable=False)
    layout = []
    for column in columns:
        column = column.split() if isinstance(column, str) else column
        if not isinstance(column, list) or len(column) != 4:
            raise Refusal("WS-D7", LAYOUT_SHAPE, overridable=False)
        layout.append([ws.parse_card(c) for c in column])
    if len({card for column in layout for card in column}) != len(ws.CARDS):
        raise Refusal("WS-D7", LAYOUT_SHAPE, overridable=False)
    return layout


class Pick(SeatEntry):
    """A card taken from the column being picked, by the seat next in its order (or any phone for it)."""

    type = "pick"

    def default_seat(self, state: State) -> int | None:
        return picker_due(state)

    def read(self, state: State, action: Action, by: By) -> None:
        read_card(state, action, by)

    def ready(self, state: State, seat: int, by: By) -> None:
        at_the_table(state, by)
        column = current_column(state)
        if state.phase == TRUMPS:
            raise Refusal("WS-D1", "The dealer has not entered the trumps yet.", overridable=False)
        if state.phase != DRAFT or column > COLUMNS:
            raise Refusal("WS-X13", "The card draft is over.", overridable=False)
        due = next_picker(state, column)
        if due is None:
            if state.n == 3 and state.columns[column - 1]["dummy"] is None:
                raise Refusal(
                    "WS-D3",
                    "Column {column} is complete: the dummy takes the card left over.",
                    overridable=False,
                    column=column,
                )
            raise Refusal("WS-D2", "Wait for the dealer's hint on column {column}.", overridable=False, column=column)
        if seat != due:
            # WS-D3 stays overridable: the card goes to the seat next in the pick order (the effect);
            # ``components`` makes it firm when the card is taken already.
            raise Refusal("WS-D3", "It is {name}'s pick in column {column}.", name=state.name(due), column=column)

    def rules(self, state: State, action: Action, by: By) -> None:
        card = ws.parse_card(action.get("card"))
        check_untaken(state, card)
        check_in_column(state, card, current_column(state))

    def components(self, state: State, action: Action, by: By) -> None:
        check_untaken(state, ws.parse_card(action.get("card")))

    def effect(self, state: State, action: Action) -> None:
        column = current_column(state)
        seat = known(next_picker(state, column))
        card = ws.parse_card(action["card"])
        set_layout_aside_if_contradicted(state, card, column)
        state.columns[column - 1]["picks"].append([seat, card])
        state.picked[seat].append(card)

    def describe(self, state: State, action: Action, who: str) -> Text:
        # the seat next in the pick order takes the card, whichever phone enters it (issue 16)
        seat = picker_due(state)
        return Text(
            "{name} picked {card}", name=who if seat is None else state.name(seat), card=str(action.get("card"))[:4]
        )

    def kept_from(self, before: State, action: Action, now: State, viewer: Viewer) -> Text | None:
        """A closed record shows a seat's picks to that seat and to the host (their boards show
        its hand), to the others only in the column in progress (section 3)."""
        seat = picker_due(before)
        if viewer == HOST or viewer == seat or column_shown(before, now):
            return None
        return Text("{name} picked a card", name=before.name(seat) if seat is not None else "?")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        seat = picker_due(state)
        if seat is None:
            return []
        return [{"type": self.type, "seat": seat, "card": card} for card in free_cards(state, current_column(state))]


class DummyCard(Entry):
    """3 players: the card left over in a column goes to the dummy (never played)."""

    type = "dummy_card"
    for_seat = False

    def read(self, state: State, action: Action, by: By) -> None:
        read_card(state, action, by)

    def ready(self, state: State, seat: Any, by: By) -> None:
        at_the_table(state, by)
        column = current_column(state)
        if state.n != 3 or state.phase != DRAFT or column > COLUMNS:
            raise Refusal("WS-D5", "The dummy takes a card only with 3 players, during the draft.", overridable=False)
        col = state.columns[column - 1]
        if col["dummy"] is not None:
            # WS-D5, not overridable here: a column holds 4 cards; a second dummy card would be a fifth (WS-X3).
            raise Refusal(
                "WS-D5", "The dummy takes the card left over once all three players have picked.", overridable=False
            )
        if len(col["picks"]) < state.n:
            # WS-D5 stays overridable while picks are missing: the dummy's card comes early, the column
            # still ends with 3 picks and 1 dummy card (``components``: the card is not taken).
            raise Refusal("WS-D5", "The dummy takes the card left over once all three players have picked.")

    def rules(self, state: State, action: Action, by: By) -> None:
        card = ws.parse_card(action.get("card"))
        check_untaken(state, card)
        check_in_column(state, card, current_column(state))

    def components(self, state: State, action: Action, by: By) -> None:
        check_untaken(state, ws.parse_card(action.get("card")))

    def effect(self, state: State, action: Action) -> None:
        card = ws.parse_card(action["card"])
        set_layout_aside_if_contradicted(state, card, current_column(state))
        state.columns[current_column(state) - 1]["dummy"] = card

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("The dummy takes {card}", card=str(action.get("card"))[:4])

    def kept_from(self, before: State, action: Action, now: State, viewer: Viewer) -> Text | None:
        """The dummy's card shows with its column (the host, who sees every hand, knows it)."""
        return None if viewer == HOST or column_shown(before, now) else Text("The dummy takes a card")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        column = current_column(state)
        if state.n != 3 or column > COLUMNS:
            return []
        return [{"type": self.type, "card": card} for card in free_cards(state, column)]


def read_card(state: State, action: Action, by: By) -> None:
    at_the_table(state, by)
    ws.parse_card(action.get("card"))


def check_untaken(state: State, card: str) -> None:
    if card in taken(state):
        # WS-D4: not overridable: each of the 36 cards exists once; a ruling would put it in two places.
        raise Refusal("WS-D4", "{card} is already taken this round.", overridable=False, card=card)


def check_in_column(state: State, card: str, column: int) -> None:
    if state.layout:
        for number, cards in enumerate(state.layout, 1):
            if card in cards and number != column:
                # WS-D6 may be waived: the table says the layout as entered was wrong. The effect then
                # sets the layout aside, so no card is on record in two columns.
                raise Refusal(
                    "WS-D6",
                    "{card} lies in column {number}; this pick is from column {column}.",
                    card=card,
                    number=number,
                    column=column,
                )


def set_layout_aside_if_contradicted(state: State, card: str, column: int) -> None:
    """A ruling on WS-D6 says the entered layout was wrong: set it aside, so that no card is on
    record in one column and taken from another."""
    if state.layout and card not in state.layout[column - 1]:
        state.layout = None
        state.notes.append(
            Text("The layout entered does not match the table: picks are no longer checked against it this round.")
        )
