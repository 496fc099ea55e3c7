"""Switch To ``start_round`` (host): a new round is dealt (section 2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, unreadable
from ..cards import SUIT_NAMES, SUITS, normalise
from .entries import SwitchToMove
from .state import HAND_SIZE, PREDICT, SETUP, State


class StartRound(SwitchToMove):
    type = "start_round"
    for_seat = False
    host_only = True

    def now(self, state: State, seat: None) -> None:
        if state.phase != SETUP:
            raise Refusal("ST-C8", "A round is already under way.", overridable=False)

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        if state.seat_count == 2:
            suit = normalise(str(action.get("removed_suit") or ""))
            if len(suit) != 1 or suit not in SUITS:
                raise unreadable("With 2 players, say which suit was removed this round: S, H, D or C.")

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        state.round += 1
        state.phase = PREDICT
        state.removed_suit = normalise(action["removed_suit"]) if state.seat_count == 2 else None
        state.turn = state.top = state.top_by = state.leader = state.end_reason = None
        state.passes = state.idle_passes = 0
        state.played = {}
        state.tied = []
        for player in state.players:
            player.prediction = player.declared = player.round_score = None
            player.play = player.wild = 0
            player.hand = HAND_SIZE

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        if state.seat_count == 2:
            suit = action.get("removed_suit")
            return Text(
                "Round {round} started, {suit} removed",
                round=state.round + 1,
                suit=SUIT_NAMES.get(normalise(str(suit)), suit),
            )
        return Text("Round {round} started", round=state.round + 1)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        suits = SUITS if state.seat_count == 2 else [None]
        return [{"type": self.type, "removed_suit": suit} for suit in suits]
