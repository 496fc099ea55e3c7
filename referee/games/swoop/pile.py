"""The entries of a turn with no cards named: picking up the pile (SW-R11), ending a swoop chain
(SW-R12), and the pass Swoop does not have (SW-R13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, counted
from .judge import pick_up_pile
from .state import CHAIN, LEAD, PLAY, State
from .turn import SwoopMove, may_act, not_over


class PickUp(SwoopMove):
    type = "pick_up"
    restated_by = frozenset(
        {"{name} picks up the pile ({n} card)."}
    )  # the history shows this note in the entry's place

    def ready(self, state: State, seat: Any, by: By) -> None:
        may_act(state, seat, by)
        if state.mode == CHAIN:  # SW-R11, SW-R12 stay overridable: the pile's cards stay counted either way
            raise Refusal("SW-R11", "You just swooped: continue the chain or lead.")
        if not state.pile:
            raise Refusal("SW-R11", "The pile is empty: you lead.")

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        state.notes.append(
            counted(
                "{name} picks up the pile ({n} card).",
                "{name} picks up the pile ({n} cards).",
                len(state.pile),
                name=state.players[seat],
            )
        )
        pick_up_pile(state, seat)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return counted(
            "{name} picked up the pile ({n} card)", "{name} picked up the pile ({n} cards)", len(state.pile), name=who
        )

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": state.current}] if state.phase == PLAY else []


class EndChain(SwoopMove):
    type = "end_chain"

    def ready(self, state: State, seat: Any, by: By) -> None:
        may_act(state, seat, by)
        if state.mode != CHAIN:
            raise Refusal("SW-R12", "There is no swoop chain to end.")

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        state.current = action["seat"]
        state.out_count += len(state.pile)
        state.pile, state.mode = [], LEAD  # 5.3: the swooper leads onto the empty pile

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{name} ended the chain", name=who)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": state.current}] if state.phase == PLAY else []


class Pass(SwoopMove):
    """Refused always: every turn ends with a play, a flip or a pick-up."""

    type = "pass"

    def ready(self, state: State, seat: Any, by: By) -> None:
        not_over(state)
        raise Refusal("SW-R13", "Swoop has no pass: play, flip a mystery card or pick up the pile.", overridable=False)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        """Only reachable by a ruling, and SW-R13 cannot be overridden."""

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{entry} (entered as a table ruling)", entry=self.type)
