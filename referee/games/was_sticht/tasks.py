"""Was Sticht task choice (section 4.7, WS-K1 to WS-K4): each non-dealer's secret chip for the
round, changeable until the last one has chosen; then all are shown together."""

from __future__ import annotations

from typing import Any


from ..base import HOST, By, Refusal, Text, known, not_yours
from . import rules as ws
from .entries import Action, SeatEntry, at_the_table, chip_index
from .state import PLAY, RESULT, TASKS, State


class ChooseTask(SeatEntry):
    """A task chosen on the seat's own phone (or the host's, on a one-phone table)."""

    type = "choose_task"
    secret = True
    any_order = True

    def ready(self, state: State, seat: int, by: By) -> None:
        at_the_table(state, by)
        if by not in (HOST, seat):
            raise not_yours("WS-K3", "Only {name} enters {name}'s task.", name=state.name(seat))
        if state.phase != TASKS:
            if state.tasks_shown:
                raise Refusal("WS-K1", "The tasks are already shown.", overridable=False)
            raise Refusal("WS-K1", "Tasks are chosen after the trumps are revealed.", overridable=False)
        if seat == state.dealer:
            raise Refusal("WS-K2", "The dealer does not choose a task this round.", overridable=False)

    def rules(self, state: State, action: Action, by: By) -> None:
        seat = self.acting_seat(state, action, by)
        if state.chips[seat][chip_index(state, seat, action.get("chip"), "WS-K3")]["done"]:
            raise Refusal("WS-K4", "That chip is already completed.", overridable=False)

    def effect(self, state: State, action: Action) -> None:
        seat = action["seat"]
        state.tasks[str(seat)] = chip_index(state, seat, action["chip"], "WS-K3")
        if len(state.tasks) == state.n - 1:
            state.tasks_shown = True
            state.notes.append(Text("All tasks are chosen and shown."))
            if state.options["entry_mode"] == "score_only":
                state.phase = RESULT
            else:
                state.phase, state.turn = PLAY, (known(state.dealer) + 1) % state.n
                state.tricks = [{"leader": state.turn, "cards": [], "winner": None}]

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("{who} chose a task", who=who)

    def shown(self, state: State, action: Action, who: str) -> Text:
        chip = state.chips[action["seat"]][chip_index(state, action["seat"], action.get("chip"), "WS-K3")]["type"]
        return Text("{who} chose the task “{chip}”", who=who, chip=ws.CHIP_NAMES[chip])

    def reveals(self, before: State, after: State) -> str | None:
        """The last choice shows every task: undone, tasks could be chosen knowing the others'."""
        return "WS-K1" if after.tasks_shown and not before.tasks_shown else None

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Each uncompleted chip of each non-dealer; the seats still to choose first."""
        seats = sorted((seat for seat in range(state.n) if seat != state.dealer), key=lambda s: str(s) in state.tasks)
        return [
            {"type": self.type, "seat": seat, "chip": index}
            for seat in seats
            for index, chip in enumerate(state.chips[seat])
            if not chip["done"]
        ]
