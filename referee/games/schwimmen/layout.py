"""Cards turned up from the stock: the first centre (commerce), the first discard (draw and
discard) and a new centre after everyone passed (SC-R2, SC-R3, SC-R12, SC-C8). The cards are
public, so any phone at the table may enter them; only a new centre asked for because 7, 8 and 9
lie open is the choice of the player on turn (SC-R12, SC-E24)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import HOST, By, Refusal, Text, known
import copy

from .ledger import check_from_stock, forget, read_cards, said_cards, take_from_stock, turn_up_centre
from .samples import from_stock
from .state import DEALER_CHOICE, EXCHANGE, LAYOUT, REFRESH, State
from .turns import (
    SchwimmenMove,
    check_table_entry,
    may_ask_for_a_new_centre,
    method_message,
    not_over,
    note_a_7_8_9_centre,
    put_the_centre_aside,
    start_exchanges,
)


class TurnedUp(SchwimmenMove):
    """Cards turned up from the stock: ``count`` of them, checked against the ledger."""

    for_seat = False
    count = 3
    phase: ClassVar[str]  # the phase whose cards these are

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        check_from_stock(state, self.read(state, action))

    def read(self, state: State, action: Mapping[str, Any]) -> list[str]:
        return read_cards(state, action.get("cards"), self.count)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.phase != self.phase:
            return []
        return [{"type": self.type, "cards": cards} for cards in from_stock(state, self.count)]


class Layout(TurnedUp):
    """The first centre or discard: after the dealer's choice, before the first turn."""

    phase = LAYOUT
    method = "commerce"

    def ready(self, state: State, seat: None, by: By) -> None:
        not_over(state)
        check_table_entry(state, by)
        if state.options["exchange"] != self.method:
            raise Refusal("SC-R3", method_message(state), overridable=False)
        if state.phase == DEALER_CHOICE:
            raise Refusal(
                "SC-R2",
                "First the dealer, {name}, keeps or exchanges the hand.",
                overridable=False,
                name=state.players[known(state.dealer)],
            )
        if state.phase != LAYOUT:
            raise Refusal("SC-R2", "The cards are already laid out.", overridable=False)


class LayCentre(Layout):
    type = "lay_centre"

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        turn_up_centre(state, read_cards(state, action["cards"], 3))
        start_exchanges(state)
        note_a_7_8_9_centre(state)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("Centre: {cards}", cards=said_cards(action, "cards"))


class TurnUp(Layout):
    type = "turn_up"
    method = "draw_discard"
    count = 1

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        cards = read_cards(state, action["cards"], 1)
        take_from_stock(state, 1)
        forget(state, cards)
        state.discard = cards
        start_exchanges(state)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("Turned up {cards}", cards=said_cards(action, "cards"))


class Refresh(TurnedUp):
    """SC-R12: a new centre only after as many passes in a row as there are active players, or,
    under ``seven_eight_nine = replace``, when the player on turn asks for one while 7, 8 and 9
    lie open: then the centre is set aside by this entry, and that player keeps the turn."""

    type = "refresh"
    phase = REFRESH

    def ready(self, state: State, seat: None, by: By) -> None:
        not_over(state)
        check_table_entry(state, by)
        if state.phase == REFRESH:
            return
        if not may_ask_for_a_new_centre(state):
            raise Refusal("SC-R12", "A new centre is laid only after everyone passed in a row.", overridable=False)
        if state.turn is not None and by not in (HOST, state.turn):  # overridable as SC-R1: no card moves by who asks
            raise Refusal("SC-R1", "It is {name}'s turn.", name=state.players[state.turn])

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        check_from_stock(_centre_set_aside(state), self.read(state, action))

    def read(self, state: State, action: Mapping[str, Any]) -> list[str]:
        """SC-R12: a new centre "takes exactly 3 cards" (not overridable: a centre is three cards)."""
        cards = read_cards(state, action.get("cards"))
        if len(cards) != 3:
            raise Refusal("SC-R12", "A new centre is exactly 3 cards.", overridable=False)
        return cards

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.phase != REFRESH and not may_ask_for_a_new_centre(state):
            return []
        return [{"type": self.type, "cards": cards} for cards in from_stock(_centre_set_aside(state), self.count)]

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        if state.phase == EXCHANGE:  # asked for on a 7, 8 and 9: set aside as after a circle of passes
            state.passes = 0
            put_the_centre_aside(state, None)
        turn_up_centre(state, read_cards(state, action["cards"], 3))
        state.phase = EXCHANGE
        note_a_7_8_9_centre(state)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("New centre: {cards}", cards=said_cards(action, "cards"))


def _centre_set_aside(state: State) -> State:
    """The table the new centre is turned up from: while the old centre still lies open (a
    refresh asked for on a 7, 8 and 9), as it will be once that centre is set aside."""
    if state.phase == REFRESH:
        return state
    after = copy.deepcopy(state)
    put_the_centre_aside(after, None)
    return after
