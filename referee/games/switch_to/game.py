"""Switch To as the app sees it: the :class:`~referee.games.game.Game` with its eight entries."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..base import HOST, Text, apply_checked, check_rules
from ..game import HOLE, Game, InputSamples, RoundInfo
from .declare import DeclareHand
from .host import ClearTable, EndRound
from .passing import Pass, auto_pass
from .play import PlayCards
from .predict import Predict, StartPlayer
from .scoring import end_reason
from .sheet import score_sheet as build_score_sheet
from .start_round import StartRound
from .state import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, SUMMARY, TITLE, State, load, new_game
from .view import board
from .view import round_info as read_round_info

Action = Mapping[str, Any]


class SwitchTo(Game):
    id, title = GAME_ID, TITLE
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options, summary = OPTIONS, SUMMARY
    input_samples = InputSamples(
        players=("Ann", "Ben", "Cem"),
        setup=(({"type": "start_round"}, None), *(({"type": "predict", "value": v}, s) for s, v in enumerate((4, 3, 2)))),
        carrying={"type": "play", "seat": 0, "cards": HOLE},
        numbers=({"type": "play", "seat": HOLE, "cards": "5S"}, {"type": "pass", "seat": HOLE}))
    moves = {move.type: move for move in (StartRound(), Predict(), StartPlayer(), PlayCards(), Pass(),
                                          DeclareHand(), ClearTable(), EndRound())}

    def new_game(self, players: Any, options: Mapping[str, Any] | None = None) -> State:
        return new_game(players, options)

    def load(self, data: Mapping[str, Any]) -> State:
        return load(data)

    def check(self, state: State, action: Action, by: Any) -> None:
        """As ``Game.check``, with the phase and turn under the components too (a play out of turn,
        ST-R4 cited first, stays firm when its cards are not there), and an entry that repeats what
        the record holds accepted (a hand declared again after the app declared it). A phone's
        entry that names no seat is for its own seat, as in the other games."""
        action = self.naming_its_seat(action, by)
        move = self.move(action)
        if move.repeats(state, action, by):
            return
        check_rules(move.admit, move.components, state, action, by)

    def apply(self, state: State, action: Action, by: Any = HOST, *, ruling: bool = False) -> State:
        """As ``Game.apply``; after every entry the app passes for players who hold no token
        (``auto_pass=on``)."""
        action = self.naming_its_seat(action, by)
        move = self.move(action)

        def effect(after: State) -> None:
            move.effect(after, action)
            auto_pass(after)

        return apply_checked(state, action, by, ruling, self.check, effect)

    def describe(self, state: State, action: Action, by: Any = None) -> Text:
        """As ``Game.describe``, which looks the type up in ``moves`` and so fails on an
        unhashable one (a list from a fuzzed phone): such an entry is named as it is."""
        if isinstance(action, Mapping) and not isinstance(action.get("type"), str):
            return Text(str(action.get("type")))
        return super().describe(state, action, by)

    def view(self, state: State, viewer: Any = None) -> dict:
        return board(state, viewer, self.offers(state, viewer))

    def round_info(self, view: dict) -> RoundInfo:
        return read_round_info(view)

    def score_sheet(self, view: dict, history: Callable[[], Iterable[dict]]) -> Any:
        return build_score_sheet(view, history)

    def end_reason(self, view: dict) -> Text:
        return end_reason(view)
