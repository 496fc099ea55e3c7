"""``stop``: the active player ends the turn; stopping with nothing from a risk roll fails it (4.5)."""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import Refusal, Text, known
from .moves import Action, TurnMove
from .state import State
from .turns import end_turn, penalty


class Stop(TurnMove):
    type = "stop"
    restated_by = frozenset(
        {"{name} stopped.", "{name} stopped without discarding from a risk roll: the deck goes back to {top}."}
    )  # the history shows this note in the entry's place
    turn_rule: ClassVar[str] = "S16-R12"

    def due(self, state: State, seat: int) -> None:
        super().due(state, seat)
        if state.last is None or state.pending_green is not None:  # S16-R12 stays overridable: a ruled
            # stop ends the turn as it stands (a green answer still awaited lapses; no roll, no risk failed)
            raise Refusal("S16-R12", "Roll first; you can stop after your roll is resolved.")

    def effect(self, state: State, action: Action) -> None:
        seat = known(state.active)
        name = state.players[seat]
        if fails_risk(state):
            penalty(state, seat)
            end_turn(
                state,
                Text(
                    "{name} stopped without discarding from a risk roll: the deck goes back to {top}.",
                    name=name,
                    top=state.top_of(seat),
                ),
            )
        else:
            end_turn(state, Text("{name} stopped.", name=name))

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("{name} stopped", name=state.players[state.active] if state.active is not None else "?")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": "stop", "seat": state.active}] if state.active is not None else []


def fails_risk(state: State) -> bool:
    """S16-R12: stopping after discarding nothing from a risk roll counts as failing it."""
    return bool(state.last and state.last.risk and state.last.discarded == 0)
