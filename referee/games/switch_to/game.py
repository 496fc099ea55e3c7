"""Switch To as the app sees it: the :class:`~referee.games.game.Game` with its eight entries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import Viewer
from ..game import HOLE, Game, InputSamples
from . import sheet as score_sheets
from .declare import DeclareHand
from .entries import SwitchToMove
from .host import ClearTable, EndRound
from .passing import Pass, auto_pass
from .play import PlayCards
from .predict import Predict, StartPlayer
from .scoring import end_reason
from .start_round import StartRound
from .state import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, SUMMARY, TITLE, State, load, new_game
from .view import board, round_info


class SwitchTo(Game[State]):
    """Switch To (``../shared/rules/switch-to.md``). A phone's entry that names no seat is for its
    own seat, as in the other games; after every entry the app passes for players who hold no
    token (``auto_pass=on``)."""

    id, title = GAME_ID, TITLE
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options, summary = OPTIONS, SUMMARY
    input_samples = InputSamples(
        players=("Ann", "Ben", "Cem"),
        setup=(
            ({"type": "start_round"}, None),
            *(({"type": "predict", "value": v}, s) for s, v in enumerate((4, 3, 2))),
        ),
        carrying={"type": "play", "seat": 0, "cards": HOLE},
        numbers=({"type": "play", "seat": HOLE, "cards": "5S"}, {"type": "pass", "seat": HOLE}),
    )
    moves: ClassVar[Mapping[str, SwitchToMove]] = {
        move.type: move
        for move in (
            StartRound(),
            Predict(),
            StartPlayer(),
            PlayCards(),
            Pass(),
            DeclareHand(),
            ClearTable(),
            EndRound(),
        )
    }
    phones_name_no_seat = True
    sheet: ClassVar[Any] = score_sheets
    round_info = staticmethod(round_info)
    end_reason = staticmethod(end_reason)
    new_game = staticmethod(new_game)
    load = staticmethod(load)
    after_every_entry = staticmethod(auto_pass)

    def view(self, state: State, viewer: Viewer = None) -> dict[str, Any]:
        return board(state, viewer, self.offers(state, viewer))
