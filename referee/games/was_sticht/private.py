"""Was Sticht on one phone for the whole table (section 3, display rules): the private steps
that sit behind a "hand the phone to X" cover. The dealer's trumps (mode app) and the hint the
app computed for the dealer (until announced) are the dealer's; a task choice is its seat's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import COLUMNS, DRAFT, TASKS, TRUMPS, State, column_complete, current_column


def private_seat(state: State, offer: Mapping[str, Any]) -> int | None:
    """The seat whose private entry ``offer`` is: the dealer's trumps and (mode app) hints, a
    seat's task; None for a public entry."""
    kind = offer.get("type")
    if kind == "choose_task":
        seat = offer.get("seat")
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    if kind == "set_trumps" or (kind == "announce_hint" and state.options["trump_entry"] == "app"):
        return state.dealer
    return None


def private_step(state: State) -> int | None:
    """Whose private step is due: the dealer while the trumps are to be set (mode app) or a hint
    the app computed is to be announced; during the task choosing, the next non-dealer (from
    the dealer's left) without a task. None otherwise."""
    if state.options["trump_entry"] == "app" and state.dealer is not None:
        if state.phase == TRUMPS and state.trumps is None:
            return state.dealer
        if state.phase == DRAFT and hint_due(state):
            return state.dealer
    if state.phase == TASKS and state.dealer is not None:
        order = [(state.dealer + step) % state.n for step in range(1, state.n)]
        return next((seat for seat in order if str(seat) not in state.tasks), None)
    return None


def hint_due(state: State) -> bool:
    column = current_column(state)
    return column <= COLUMNS and column_complete(state, column)
