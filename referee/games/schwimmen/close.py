"""Closing (knocking): the others get one last turn each (SC-R7 to SC-R9). A close has no
details, so everything it must pass is in ``ready``, and what the board offers follows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text
from ..cards import labels
from .ledger import hand_value, points
from .state import EXCHANGE, State
from .turns import TurnMove, after_turn, check_first_turn, check_turn


class Close(TurnMove):
    type = "close"
    restated_by = frozenset(
        {"{name} closed: everyone else has one more turn."}
    )  # the history shows this note in the entry's place

    def ready(self, state: State, seat: int | None, by: By) -> None:
        seat = check_turn(state, seat, by, self.type)
        if state.closer is not None:  # SC-R7, SC-R8, SC-R9 stay overridable: when a round may end, no card moves
            raise Refusal("SC-R7", "{name} has already closed: take your last turn.", name=state.players[state.closer])
        check_first_turn(state, seat, on_turn=True)
        known = state.known[seat]
        if state.options["minimum_score"] == "on" and len(known) == 3:
            value = hand_value(state, seat, known).value
            if value <= 20:
                raise Refusal(
                    "SC-R9",
                    "Your hand ({cards}) is worth {value}: you need more than 20 to close.",
                    cards=labels(known),
                    value=points(value),
                )

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        state.closer = state.ends_at = seat
        state.notes.append(Text("{name} closed: everyone else has one more turn.", name=state.players[seat]))
        after_turn(state, seat, closed=True)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{who} closed", who=who)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": state.turn}] if state.phase == EXCHANGE else []
