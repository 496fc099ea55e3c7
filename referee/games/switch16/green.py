"""``green_answer``: the green-switch target who holds the chip accepts or refuses (section 4.3)."""

from __future__ import annotations

from typing import Any


from ..base import HOST, By, Refusal, Text, known, not_yours, unreadable
from .moves import Action, SwitchMove, game_running
from .state import State
from .turns import end_turn, resolve_number_dice, swap

ANSWERS = ("accept", "refuse")


class GreenAnswer(SwitchMove):
    type = "green_answer"
    restated_by = frozenset(
        {"{name} refused the switch with the block chip."}
    )  # the history shows this note in the entry's place

    def named_seat(self, action: Action) -> None:
        return None  # the target answers; the entry's seat is not read

    def gate(self, state: State, seat: int | None, by: By) -> int:
        """S16-R8, then S16-C5: only the target (or the host) answers a pending switch."""
        game_running(state)
        target = state.pending_green
        if target is None:
            raise Refusal("S16-R8", "There is no green switch waiting for an answer.", overridable=False)
        if by not in (HOST, target) or seat not in (None, target):
            raise not_yours("S16-C5", "Only {who} (or the host) can answer this switch.", who=state.players[target])
        return target

    def read(self, state: State, action: Action, by: By) -> None:
        if action.get("answer") not in ANSWERS:
            raise unreadable("Answer accept or refuse.")

    def legal(self, state: State, action: Action, by: By) -> None:
        """S16-R8: a refusal shows the chip; a target who has laid it on a deck meanwhile has none."""
        if action["answer"] == "refuse" and state.holder() != state.pending_green:
            raise Refusal(
                "S16-R8",
                "{name} no longer holds the block chip: the switch can only be accepted.",
                name=state.players[known(state.pending_green)],
            )

    def components(self, state: State, action: Action, by: By) -> None:
        """The chip a refusal shows must be in the target's hand: no ruling puts it there."""
        self.legal(state, action, by)

    def effect(self, state: State, action: Action) -> None:
        target, seat = known(state.pending_green), known(state.active)
        state.pending_green = None
        if action["answer"] == "accept":
            swap(state, seat, target)
            end_turn(state, Text("{name}'s turn ended with the green switch.", name=state.players[seat]))
            return
        state.notes.append(Text("{name} refused the switch with the block chip.", name=state.players[target]))
        if state.options["green_refusal_uses_chip"] == "on":
            state.chip, state.chip_at = "middle", None
        resolve_number_dice(state)

    def describe(self, state: State, action: Action, who: str) -> Text:
        name = state.players[state.pending_green] if state.pending_green is not None else "?"
        if action.get("answer") == "accept":
            return Text("{name} accepted the green switch", name=name)
        return Text("{name} refused the green switch", name=name)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.pending_green is None:
            return []
        return [{"type": "green_answer", "seat": state.pending_green, "answer": answer} for answer in ANSWERS]
