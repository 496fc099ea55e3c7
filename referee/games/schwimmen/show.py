"""Laying down 31 (or fire): the round ends at once (SC-R10). When a hand may be shown depends
on ``show_timing``; what is shown must be worth 31, or be fire."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text
from ..cards import labels
from . import scoring
from .ledger import (
    check_hand_closed,
    check_keeps_known,
    check_leaving_hand,
    hand_value,
    ledger,
    points,
    read_cards,
    said_cards,
)
from .showdown import to_showdown
from .state import EXCHANGE, REFRESH, State
from .turns import SchwimmenMove, after_turn, check_first_turn, entering_seat, not_over

THIRTY_ONES = [
    [f"A{suit}", f"{first}{suit}", f"{second}{suit}"]
    for suit in "CSHD"
    for first, second in (("K", "Q"), ("K", "J"), ("Q", "J"), ("K", "10"), ("Q", "10"), ("J", "10"))
]
FIRES = [["AC", "AS", "AH"], ["AC", "AS", "AD"], ["AC", "AH", "AD"], ["AS", "AH", "AD"]]


def check_show_timing(state: State, seat: int) -> None:
    """SC-R10: when a hand may be laid down. Under own_turn: on one's own turn, or right after
    one's own exchange (not after a pass or a close), and SC-R8 applies as to a close."""
    if state.phase not in (EXCHANGE, REFRESH):
        raise Refusal("SC-R2", "A hand is shown during the exchanges.", overridable=False)
    if state.options["show_timing"] == "own_turn":
        just_exchanged = seat == state.last_exchange
        if seat != state.turn and not just_exchanged:
            raise Refusal("SC-R10", "You may lay down 31 on your own turn.")
        check_first_turn(state, seat, on_turn=not just_exchanged)


def showable_hands(state: State, seat: int) -> list[list[str]]:
    """Every hand of 31 (or fire) the seat could still hold: its known cards with cards that
    nobody has seen (section 3's ledger)."""
    places = ledger(state)
    known = set(state.known[seat])
    hands = THIRTY_ONES + (FIRES if state.options["three_of_a_kind"] == "fire" else [])
    return [
        cards
        for cards in hands
        if known <= set(cards) and all(places.get(card, f"hand:{seat}") == f"hand:{seat}" for card in cards)
    ]


def shown_as_a_close(state: State, seat: int) -> None:
    """House rule ``show_effect = close``: the shown hand stays on the table and its player is the
    closer (SC-R7); shown on that player's turn, the show was the turn. Each other player then has
    exactly one more turn, counted from the show (5.2, SC-E25): the turn in progress is its
    player's last, the shower's own turn is skipped, and the showdown comes when the turn would
    come back to the player who was on turn at the show."""
    state.closer, state.ends_at = seat, state.turn
    if state.turn == seat:
        after_turn(state, seat, closed=True)


class Show(SchwimmenMove):
    type = "show"
    restated_by = frozenset(
        {"{name} shows {cards}: a close, everyone else has one more turn.", "{name} shows {cards}: showdown."}
    )  # the history shows this note in the entry's place

    def acting_seat(self, state: State, action: Mapping[str, Any], by: By) -> int:
        return entering_seat(state, action.get("seat"), by, state.turn)

    def offered_to(self, state: State, seat: int | None, viewer: By) -> bool:
        """Offered only while some hand of 31 (or fire) is left for the seat, which no ``ready`` sees."""
        return super().offered_to(state, seat, viewer) and seat is not None and bool(showable_hands(state, seat))

    def ready(self, state: State, seat: int | None, by: By) -> None:
        not_over(state)
        seat = entering_seat(state, seat, by, state.turn)
        check_show_timing(state, seat)
        check_hand_closed(state, seat)  # a hand lying open was shown already (SC-C3, as ``rules`` finds)

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = self.acting_seat(state, action, by)
        cards = read_cards(state, action.get("cards"), 3)
        check_leaving_hand(state, seat, cards)
        check_keeps_known(state, seat, cards)
        hand = hand_value(state, seat, cards)
        if hand.value not in (31, scoring.FIRE):  # SC-R10 stays overridable: when to show, not what is held
            if state.options["three_of_a_kind"] == "fire":
                raise Refusal(
                    "SC-R10",
                    "{cards} is worth {value}: only 31 or three aces can be shown.",
                    cards=labels(cards),
                    value=points(hand.value),
                )
            raise Refusal(
                "SC-R10",
                "{cards} is worth {value}: only 31 can be shown.",
                cards=labels(cards),
                value=points(hand.value),
            )

    def components(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = self.acting_seat(state, action, by)
        cards = read_cards(state, action.get("cards"), 3)
        check_leaving_hand(state, seat, cards)
        check_keeps_known(state, seat, cards)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        state.shower = seat
        state.reveals[str(seat)] = {"cards": read_cards(state, action["cards"])}
        cards = labels(state.reveals[str(seat)]["cards"])
        if state.options["show_effect"] == "close" and state.closer is None:
            state.notes.append(
                Text(
                    "{name} shows {cards}: a close, everyone else has one more turn.",
                    name=state.players[seat],
                    cards=cards,
                )
            )
            shown_as_a_close(state, seat)
            return
        state.notes.append(Text("{name} shows {cards}: showdown.", name=state.players[seat], cards=cards))
        to_showdown(state)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{who} showed {cards}", who=who, cards=said_cards(action, "cards"))

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """One hand of 31 (or fire) for each seat that could still hold one."""
        if state.phase not in (EXCHANGE, REFRESH):
            return []
        return [
            {"type": self.type, "seat": seat, "cards": hands[0]}
            for seat in state.active()
            if (hands := showable_hands(state, seat))
        ]
