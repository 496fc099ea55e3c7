"""The Switch 16 :class:`~referee.games.game.Game`: its moves, and the two shared pieces it
does its own way (the order of checks, and corrections that are never offered)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..base import HOST, Text, apply_checked, check_rules, passes
from ..game import HOLE, Game, InputSamples, RoundInfo
from . import state as table
from .adjust import Adjust
from .block import PlaceBlock
from .discard import Discard
from .green import GreenAnswer
from .moves import Action, SwitchMove
from .quick import RoundResult, TurnResult
from .roll import RollMove
from .scoring import end_reason
from . import sheet as score_sheets
from .start import StartPlayer
from .stop import Stop
from .view import board, round_info

MOVES = (StartPlayer(), GreenAnswer(), RollMove(), Discard(), Stop(), TurnResult(), RoundResult(), PlaceBlock(), Adjust())


class Switch16(Game):
    id = table.GAME_ID
    title = table.TITLE
    min_players, max_players = table.MIN_PLAYERS, table.MAX_PLAYERS
    options, presets, summary = table.OPTIONS, table.RULE_PRESETS, table.SUMMARY
    moves = {move.type: move for move in MOVES}
    sheet = score_sheets
    input_samples = InputSamples(
        players=("Ann", "Ben"), setup=(({"type": "start_player", "seat": 0}, None),),
        carrying={"type": "roll", "dice": HOLE, "face": "blank"},
        numbers=({"type": "roll", "dice": [HOLE, HOLE, HOLE], "face": "blank"},
                 {"type": "roll", "dice": HOLE, "face": "blank"}, {"type": "place_block", "target": HOLE},
                 {"type": "roll", "dice": [1, 2, 3], "switch_with": HOLE, "face": "green"}))

    def new_game(self, players: Any, options: Mapping[str, Any] | None = None) -> table.State:
        return table.new_game(players, options)

    def seat_names(self, state: table.State) -> list[str]:
        return table.seat_names(state)

    def load(self, data: Mapping[str, Any]) -> table.State:
        return table.load(data)

    def check(self, state: table.State, action: Action, by: Any) -> None:
        """As ``Game.check``, but the entry's details are read between its gate and its turn
        checks: section 4 cites S16-C1 to S16-C3 before the S16-R rules."""
        move = self.move(action)
        move.gate(state, move.seat_of(action), by)
        check_rules(move.rules, move.components, state, action, by)

    def apply(self, state: table.State, action: Action, by: Any = HOST, *, ruling: bool = False) -> table.State:
        """As ``Game.apply``, the effect for the seat acting (``SwitchMove.take_effect``)."""
        move = cast(SwitchMove, self.move(action))
        return apply_checked(state, action, by, ruling, self.check, lambda after: move.take_effect(after, action, by))

    def offers(self, state: table.State, viewer: Any) -> list[dict]:
        """The entries of the game on ``viewer``'s board; corrections are the host's tools, not offers."""
        return [offer for offer in super().offers(state, viewer) if not self.moves[offer["type"]].correction]

    def corrections(self, state: table.State) -> list[str]:
        """The corrections the host may make now."""
        return [kind for kind, move in self.moves.items() if move.correction and passes(move.ready, state, None, HOST)]

    def view(self, state: table.State, viewer: Any = None) -> dict:
        return {**board(state), "corrections": self.corrections(state), "actions": self.offers(state, viewer)}

    def round_info(self, view: dict) -> RoundInfo:
        return round_info(view)

    def end_reason(self, view: dict) -> Text:
        return end_reason(view)




GAME = Switch16()
