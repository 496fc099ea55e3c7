"""Commerce turns: swap one card with the centre, swap the whole hand, or pass (SC-R4 to SC-R6,
SC-R12's count of passes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, counted, known
from ..cards import parse_card
from .ledger import check_hand_closed, check_leaving_hand, forget, read_cards, said_cards
from .samples import gives, unseen
from .state import EXCHANGE, State
from .turns import TurnMove, after_turn, check_turn, entering_seat


def check_in_centre(state: State, take: list[str]) -> None:
    for card in take:
        if card not in state.centre:
            # SC-R4: not overridable: a card taken from the centre must be there (section 3's ledger).
            raise Refusal("SC-R4", "{card} is not in the centre.", overridable=False, card=parse_card(card).label)


def check_gives_whole_hand(state: State, seat: int, give: list[str]) -> None:
    check_leaving_hand(state, seat, give)
    for card in state.known[seat]:
        if card not in give:
            # SC-R6: not overridable: the three cards given are the whole hand, and this card is in it.
            raise Refusal(
                "SC-R6",
                "You hold {card} from the centre: it must be among the three you give.",
                overridable=False,
                card=parse_card(card).label,
            )


class Swap(TurnMove):
    """A swap with the centre gives cards from the hand: none is offered to, or accepted from, a
    player whose hand lies open on the table (SC-C3), even on a turn a ruling gave back."""

    def ready(self, state: State, seat: int | None, by: By) -> None:
        check_hand_closed(state, check_turn(state, seat, by, self.type))


class SwapOne(Swap):
    type = "swap_one"

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = entering_seat(state, action.get("seat"), by, state.turn)
        give = read_cards(state, action.get("give"), 1, swap=True)
        take = read_cards(state, action.get("take"), 1, swap=True)
        check_in_centre(state, take)
        check_leaving_hand(state, seat, give)

    def components(self, state: State, action: Mapping[str, Any], by: By) -> None:
        """A swap as a ruling would apply it: as many cards taken as given, from the centre and the hand."""
        seat = entering_seat(state, action.get("seat"), by, state.turn)
        give, take = read_cards(state, action.get("give")), read_cards(state, action.get("take"))
        if not 1 <= len(take) <= 3 or len(give) != len(take):
            raise Refusal(
                "SC-C5",
                counted("This entry takes exactly {n} card.", "This entry takes exactly {n} cards.", len(take)),
                overridable=False,
            )
        check_in_centre(state, take)
        check_leaving_hand(state, seat, give)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        give, take = read_cards(state, action["give"]), read_cards(state, action["take"])
        swapped = dict(zip(take, give))  # one pair, or two under a ruling on SC-R5
        centre = [swapped.get(c, c) for c in state.centre if c not in give]
        forget(state, give + take)
        state.centre = centre
        state.known[seat] += take
        after_turn(state, seat)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text(
            "{who} gave {give} for {take}", who=who, give=said_cards(action, "give"), take=said_cards(action, "take")
        )

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.phase != EXCHANGE:
            return []
        seat = known(state.turn)
        return [
            {"type": self.type, "seat": seat, "give": give, "take": take}
            for give in gives(state, seat)
            for take in state.centre
        ]


class SwapAll(Swap):
    type = "swap_all"

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = entering_seat(state, action.get("seat"), by, state.turn)
        check_gives_whole_hand(state, seat, read_cards(state, action.get("give"), 3, swap=True))

    def components(self, state: State, action: Mapping[str, Any], by: By) -> None:
        check_gives_whole_hand(
            state, entering_seat(state, action.get("seat"), by, state.turn), read_cards(state, action.get("give"), 3)
        )

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        give, taken = read_cards(state, action["give"]), list(state.centre)
        forget(state, give + taken)
        state.centre, state.known[seat] = give, taken
        after_turn(state, seat)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{who} swapped all: gave {cards}", who=who, cards=said_cards(action, "give"))

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.phase != EXCHANGE:
            return []
        seat = known(state.turn)
        held = state.known[seat]
        fresh = [card for card in unseen(state) if card not in held]
        return [
            {"type": self.type, "seat": seat, "give": held + fresh[start : start + 3 - len(held)]} for start in (0, 3)
        ]


class Pass(TurnMove):
    """Commerce only: keep the hand. A full circle of passes brings a new centre (SC-E10). With
    the house rule ``pass_limit = once`` each player passes at most once a round (SC-R16)."""

    type = "pass"

    def ready(self, state: State, seat: int | None, by: By) -> None:
        seat = check_turn(state, seat, by, self.type)
        if state.options["pass_limit"] == "once" and seat in state.passed:
            # SC-R16 stays overridable: the table may let a player pass again; no card moves.
            raise Refusal("SC-R16", "You have passed once this round: swap (or close).")

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        if action["seat"] not in state.passed:
            state.passed.append(action["seat"])
        after_turn(state, action["seat"], passed=True)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{who} passed", who=who)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": state.turn}] if state.phase == EXCHANGE else []
