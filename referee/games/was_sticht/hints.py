"""Was Sticht hints (section 4.5, WS-H1 to WS-H4): once a column is picked, whose card would win
it as a trick. Mode app: the app computes it for the dealer, who announces it; mode paper: the
dealer says it and any phone enters it, to be checked at the reveal."""

from __future__ import annotations

from collections.abc import Sequence

from typing import Any

from ..base import HOST, By, Refusal, Text, known, not_yours, read_int
from . import rules as ws
from .entries import Action, DealerEntry, Entry, at_the_table
from .state import COLUMNS, DRAFT, DUMMY, REVEAL, State, column_complete, current_column


def hint_winner(state: State, column: int, trumps: Sequence[str] | None) -> Any:
    """Section 4.5: whose card wins the column's picks as one trick (the dummy's card last)."""
    col = state.columns[column - 1]
    seats = [seat for seat, _ in col["picks"]]
    cards = [card for _, card in col["picks"]]
    if col["dummy"] and state.options["hint_with_dummy"] == "yes":
        seats.append(DUMMY)
        cards.append(col["dummy"])
    return seats[ws.winner_index(cards, known(trumps))]


def hint_winners(state: State) -> list[Any]:
    """Who a hint may name at this table: a seat, or the dummy (3 players, ``hint_with_dummy``)."""
    dummy = state.n == 3 and state.options["hint_with_dummy"] == "yes"
    return list(range(state.n)) + ([DUMMY] if dummy else [])


def check_column_ready(state: State, by: By) -> None:
    """WS-H2, WS-H1: a hint is given for the column being picked, once it is complete. These come
    before WS-H3 (who gives it): "the first that fails is reported" in the order of section 4.5."""
    at_the_table(state, by)
    column = current_column(state)
    if state.phase != DRAFT or column > COLUMNS:
        raise Refusal("WS-H2", "Every hint of this round is already given.", overridable=False)
    if not column_complete(state, column):
        raise Refusal("WS-H1", "Column {column} is not complete yet.", overridable=False, column=column)


class AnnounceHint(DealerEntry):
    """Mode app: the dealer publishes the hint the app computed (always the right one)."""

    type = "announce_hint"
    restated_by = frozenset(
        {"Column {column}: the dummy's card would win.", "Column {column}: {name}'s card would win."}
    )  # the history shows this note in the entry's place

    def ready(self, state: State, seat: Any, by: By) -> None:
        check_column_ready(state, by)
        if state.options["trump_entry"] == "paper":
            raise Refusal("WS-H3", "Only the dealer announces hints.", overridable=False)
        if by not in (HOST, state.dealer) or seat != state.dealer:
            raise not_yours("WS-H3", "Only the dealer announces hints.")

    def seat_only(self, state: State) -> bool:
        """The hint is worked out from the trumps only the dealer has seen: a dealer with a phone
        announces it there, not the host for them (issue 25)."""
        return True

    def effect(self, state: State, action: Action) -> None:
        column = current_column(state)
        state.columns[column - 1]["hint"] = hint_winner(state, column, state.trumps)
        after_hint(state, column)

    def describe(self, state: State, action: Action, who: str) -> Text:
        return hint_line(state)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": state.dealer}]


class EnterHint(Entry):
    """Mode paper: the hint the dealer said aloud, entered by any phone."""

    type = "enter_hint"
    restated_by = frozenset(
        {"Column {column}: the dummy's card would win.", "Column {column}: {name}'s card would win."}
    )  # the history shows this note in the entry's place
    for_seat = False

    def ready(self, state: State, seat: Any, by: By) -> None:
        check_column_ready(state, by)
        if state.options["trump_entry"] != "paper":
            raise Refusal("WS-H3", "At this table the app computes the hints.", overridable=False)

    def rules(self, state: State, action: Action, by: By) -> None:
        winner = read_winner(action)
        # WS-X8: a seat not at the table (or a dummy in a 4-player game) is no ruling a table can make
        if winner not in list(range(state.n)) + ([DUMMY] if state.n == 3 else []):
            raise Refusal("WS-H4", "That is not a possible winner for this column.", overridable=False)
        if winner not in hint_winners(state):
            # WS-H4 (the dummy without hint_with_dummy) stays overridable: an announcement, checked at the reveal.
            raise Refusal("WS-H4", "That is not a possible winner for this column.")

    def effect(self, state: State, action: Action) -> None:
        column = current_column(state)
        state.columns[column - 1]["hint"] = read_winner(action)
        after_hint(state, column)

    def describe(self, state: State, action: Action, who: str) -> Text:
        return hint_line(state)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "winner": winner} for winner in list(range(state.n)) + [DUMMY]]


def read_winner(action: Action) -> Any:
    winner = action.get("winner")
    return winner if winner == DUMMY else read_int(winner)


def after_hint(state: State, column: int) -> None:
    winner = state.columns[column - 1]["hint"]
    if winner == DUMMY:
        state.notes.append(Text("Column {column}: the dummy's card would win.", column=column))
    else:
        state.notes.append(Text("Column {column}: {name}'s card would win.", column=column, name=state.name(winner)))
    if column == COLUMNS:
        state.phase = REVEAL


def hint_line(state: State) -> Text:
    return Text("Hint for column {column}", column=current_column(state) if state.columns else "?")
