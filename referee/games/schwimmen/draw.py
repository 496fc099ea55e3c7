"""Draw and discard turns (SC-R11, section 5.2): draw from the stock or take the top discard,
then discard one card. A card drawn from the stock is never entered."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import By, Refusal, Text, known, passes, unreadable
from ..cards import parse_card
from .ledger import check_hand_closed, check_leaving_hand, forget, laid_open, read_cards, said_cards, take_from_stock
from .samples import gives
from .showdown import to_showdown
from .state import EXCHANGE, State
from .turns import TurnMove, after_turn, entering_seat

SOURCES = ("stock", "pile")


def check_source(state: State, source: object) -> None:
    """SC-R11, not overridable here: no ruling draws a card from an empty pile or stock."""
    if source == "pile" and not state.discard:
        raise Refusal("SC-R11", "The discard pile is empty: draw from the stock.", overridable=False)
    if source == "stock" and state.stock == 0 and len(state.discard) <= 1:
        raise Refusal(
            "SC-R11", "The stock is empty and there is nothing to reshuffle: take the pile.", overridable=False
        )


def check_discard_held(state: State, seat: int, source: object, discard: str) -> None:
    if source == "pile" and discard == state.discard[-1]:
        return  # the card just taken from the pile is in the hand now
    if source == "stock" and state.stock == 0:
        state = replace(state, discard=state.discard[-1:])  # checked as after the reshuffle (5.2)
    check_leaving_hand(state, seat, [discard], drew_unseen=source == "stock")


def draw_from_stock(state: State) -> None:
    """Section 5.2: an empty stock is refilled from all discards but the top, which become
    unknown again; a card drawn from the stock is never entered."""
    if state.stock == 0 and len(state.discard) > 1:
        state.stock, state.discard = len(state.discard) - 1, state.discard[-1:]
        state.notes.append(Text("The discard pile was shuffled into a new stock."))
    take_from_stock(state, 1)


class DrawDiscard(TurnMove):
    type = "draw_discard"

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = entering_seat(state, action.get("seat"), by, state.turn)
        source = action.get("source")
        if source not in SOURCES:
            raise unreadable("Draw from the stock or the pile.")
        discard = read_cards(state, action.get("discard"), 1)[0]
        check_source(state, source)
        if source == "pile" and discard == state.discard[-1]:
            # SC-R11 (the card just taken) stays overridable: taking and discarding it is a no-op; the
            # effect leaves it on the pile and not in the hand.
            raise Refusal(
                "SC-R11", "You took {card} from the discard pile: discard another card.", card=parse_card(discard).label
            )
        check_discard_held(state, seat, source, discard)

    def components(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat, source = entering_seat(state, action.get("seat"), by, state.turn), action.get("source")
        check_source(state, source)
        check_discard_held(state, seat, source, read_cards(state, action.get("discard"), 1)[0])

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        discard = read_cards(state, action["discard"])[0]
        if action["source"] == "pile":
            taken = state.discard[-1:]
            forget(state, [discard] + taken)
            state.known[seat] += [c for c in taken if c != discard]  # a ruled take-and-discard leaves it on the pile
        else:
            draw_from_stock(state)
            forget(state, [discard])
        state.discard.append(discard)
        after_turn(state, seat)
        last_card = action["source"] == "stock" and state.stock == 0
        if last_card and state.phase == EXCHANGE and state.options["stock_exhausted"] == "showdown":
            state.notes.append(Text("The last stock card was drawn: showdown."))
            to_showdown(state)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        if action.get("source") == "pile":
            return Text("{who} drew from the pile and discarded {cards}", who=who, cards=said_cards(action, "discard"))
        return Text("{who} drew from the stock and discarded {cards}", who=who, cards=said_cards(action, "discard"))

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.phase != EXCHANGE:
            return []
        seat = known(state.turn)
        return [
            {"type": self.type, "seat": seat, "source": source, "discard": card}
            for source in SOURCES
            for card in gives(state, seat)
        ]


def check_open_hand_draws_unseen(state: State, seat: int, source: str) -> None:
    """SC-C3: a hand lying open keeps its cards; only a card drawn unseen from the stock can go
    to the pile (``check_discard_held`` refuses every other discard of that hand)."""
    if source != "stock":
        check_hand_closed(state, seat)


def draw_sources(state: State) -> list[str]:
    """Where the player on turn may draw from now (for the board's form)."""
    return [
        source
        for source in SOURCES
        if passes(check_source, state, source) and passes(check_open_hand_draws_unseen, state, state.turn, source)
    ]


def not_discardable(state: State, seat: int, elsewhere: list[str]) -> list[str]:
    """The cards the board's discard grid leaves out for ``seat``: those known to be elsewhere,
    and the cards of a hand shown to the table (``check_leaving_hand``); a hand revealed at the
    showdown stays hidden here."""
    shown = laid_open(state, seat) if seat == state.shower else []
    return sorted(set(elsewhere) | set(shown))
