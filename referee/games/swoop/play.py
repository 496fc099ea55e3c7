"""A play: one to four cards of one rank from the hand and the face-up slots (4.1, 4.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, known
from .judge import judge
from .played import (
    cards_text,
    check_cards,
    check_no_fifth,
    check_one_rank,
    check_real,
    face_up_of,
    hand_can_hold,
    higher_than_top,
    play_cards,
    take_from,
)
from .state import PLAY, RANKS, State
from .turn import SwoopMove, may_act, seat_for


class Play(SwoopMove):
    type = "play"

    def ready(self, state: State, seat: Any, by: By) -> None:
        seat = may_act(state, seat, by)
        if not state.hand_count[seat] and not any(state.up[seat]):
            raise Refusal("SW-R6", "You have no card in hand or face up: flip a mystery card.", overridable=False)

    # unreadable cards refuse before any rule a ruling may override
    checks = ("game_on", "cards_read", "in_turn", "legal")

    def cards_read(self, state: State, action: Mapping[str, Any], by: By) -> None:
        play_cards(action)

    def legal(self, state: State, action: Mapping[str, Any], by: By) -> None:
        cards = play_cards(action)
        check_cards(state, self.in_turn(state, action, by), cards)
        check_no_fifth(state, cards[0].rank, len(cards))

    def components(self, state: State, action: Mapping[str, Any], by: By) -> None:
        """A play as a ruling would apply it: one rank, held by the named seat."""
        cards = play_cards(action)
        check_one_rank([c.rank for c in cards])
        check_real(state, seat_for(state, action.get("seat"), by, state.current), cards)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        cards = play_cards(action)
        take_from(state, seat, cards)
        judge(state, seat, [c.rank for c in cards])

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        cards = play_cards(action)
        if not cards:  # only under a table ruling (SW-R3 overridden)
            return Text("{name} played nothing", name=who)
        return Text("{name} played {cards}", name=who, cards=cards_text(cards))

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """For each rank the current player may hold: 1-4 cards from the hand, from face-up
        slots, or mixed (one card of a rank that would pick up the pile)."""
        if state.phase != PLAY:
            return []
        seat, entries = known(state.current), []
        for rank in RANKS:
            ups, in_hand = face_up_of(state, seat, rank), hand_can_hold(state, seat, rank)
            for n in range(1, 2 if higher_than_top(state, rank) else 5):
                plays = [[f"{rank}@hand"] * n] if n <= in_hand else []
                plays += [ups[:n]] if len(ups) >= n else []
                plays += [ups[:1] + [f"{rank}@hand"] * (n - 1)] if ups and 1 <= n - 1 <= in_hand else []
                entries += [{"type": self.type, "seat": seat, "cards": cards} for cards in plays]
        return entries
