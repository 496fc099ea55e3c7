"""Swoop as a :class:`~referee.games.game.Game`: its entry types, and the few pieces of the shared
plumbing it does differently (see :class:`Swoop`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import Viewer
from ..game import HOLE, Game, InputSamples
from . import scoring, state as states, view as views
from . import sheet as score_sheets
from .declare import DeclareRemaining
from .flip import Flip
from .pile import EndChain, Pass, PickUp
from .play import Play
from .setup import SetFaceUp, SetStarter
from .state import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, RULE_PRESETS, SUMMARY, TITLE, State
from .turn import SwoopMove


class Swoop(Game[State]):
    """Swoop (``../shared/rules/swoop.md``). Its moves cite their checks in the order of the rules
    (``turn.SwoopMove.checks``); a phone's entry that names no seat is for its own seat (the
    effects read the seat from the entry); a history line names the current player for a turn
    entry that names no seat, and says a ruled entry it cannot read as such (``SwoopMove``)."""

    id, title = GAME_ID, TITLE
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options, presets, summary = OPTIONS, RULE_PRESETS, SUMMARY
    input_samples = InputSamples(
        players=("Ann", "Ben", "Cem"),
        carrying={"type": "set_face_up", "seat": 0, "ranks": HOLE},
        numbers=(
            {"type": "set_face_up", "seat": HOLE, "ranks": "2 3 4 5"},
            {"type": "set_face_up", "seat": 0, "ranks": [HOLE] * 4},
            {"type": "set_starter", "seat": HOLE},
        ),
    )
    moves: ClassVar[Mapping[str, SwoopMove]] = {
        move.type: move
        for move in (SetFaceUp(), SetStarter(), Play(), Flip(), PickUp(), EndChain(), Pass(), DeclareRemaining())
    }
    phones_name_no_seat = True
    sheet: ClassVar[Any] = score_sheets
    round_info = staticmethod(views.round_info)
    end_reason = staticmethod(scoring.end_reason)
    new_game = staticmethod(states.new_game)
    load = staticmethod(states.load)

    def seat_names(self, state: State) -> list[str]:
        return list(state.players)

    def dump(self, state: State) -> dict[str, Any]:
        """Before a hand is scored there is no ``last_hand``: such a state dumps as it did
        before the field was added (stored snapshots stay the same)."""
        dumped = super().dump(state)
        if dumped.get("last_hand") is None:
            dumped.pop("last_hand", None)
        return dumped

    def view(self, state: State, viewer: Viewer = None) -> dict[str, Any]:
        return views.view(state, viewer, self.offers(state, viewer))
