"""The Switch 16 :class:`~referee.games.game.Game`: its moves (their order of checks is
``moves.SwitchMove.checks``), and corrections that are never offered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import HOST, Viewer, passes
from ..game import HOLE, Game, InputSamples
from . import state as table
from .adjust import Adjust
from .block import PlaceBlock
from .discard import Discard
from .green import GreenAnswer
from .moves import SwitchMove
from .quick import RoundResult, TurnResult
from .roll import RollMove
from .scoring import end_reason
from . import sheet as score_sheets
from .start import StartPlayer
from .stop import Stop
from .view import board, round_info

MOVES = (
    StartPlayer(),
    GreenAnswer(),
    RollMove(),
    Discard(),
    Stop(),
    TurnResult(),
    RoundResult(),
    PlaceBlock(),
    Adjust(),
)


class Switch16(Game[table.State]):
    id = table.GAME_ID
    title = table.TITLE
    min_players, max_players = table.MIN_PLAYERS, table.MAX_PLAYERS
    options, presets, summary = table.OPTIONS, table.RULE_PRESETS, table.SUMMARY
    moves: ClassVar[Mapping[str, SwitchMove]] = {move.type: move for move in MOVES}
    sheet: ClassVar[Any] = score_sheets
    round_info = staticmethod(round_info)
    end_reason = staticmethod(end_reason)
    new_game = staticmethod(table.new_game)
    load = staticmethod(table.load)
    seat_names = staticmethod(table.seat_names)
    input_samples = InputSamples(
        players=("Ann", "Ben"),
        setup=(({"type": "start_player", "seat": 0}, None),),
        carrying={"type": "roll", "dice": HOLE, "face": "blank"},
        numbers=(
            {"type": "roll", "dice": [HOLE, HOLE, HOLE], "face": "blank"},
            {"type": "roll", "dice": HOLE, "face": "blank"},
            {"type": "place_block", "target": HOLE},
            {"type": "roll", "dice": [1, 2, 3], "switch_with": HOLE, "face": "green"},
        ),
    )

    def corrections(self, state: table.State) -> list[str]:
        """The corrections the host may make now."""
        return [kind for kind, move in self.moves.items() if move.correction and passes(move.ready, state, None, HOST)]

    def view(self, state: table.State, viewer: Viewer = None) -> dict[str, Any]:
        return {**board(state), "corrections": self.corrections(state), "actions": self.offers(state, viewer)}


GAME = Switch16()
