"""Switch 16: the rules engine (``../shared/rules/switch16.md``), as a package of one module per
entry type (``start``, ``roll``, ``green``, ``discard``, ``stop``, ``block``, ``adjust``), each
a :class:`~referee.games.game.Move` with its checks, effect, history line and candidates side by
side; ``state`` (the table), ``dice``, ``turns``, ``scoring``, ``view`` and ``sheet``; and
``engine`` (the :class:`~referee.games.game.Game`). ``GAME`` is what ``referee.games`` registers.

The module-level names below are the engine's earlier function API, kept for callers and tests.
"""
from __future__ import annotations

from ..base import next_seat
from .dice import allowance, dice_count, sample_dice, ways
from .engine import GAME, MOVES, Switch16
from .roll import red_candidates
from .state import (
    COLOURS,
    DONE,
    FACE_NAMES,
    FACES,
    GAME_ID,
    LAST_CARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBER_DICE,
    OPTIONS,
    OVER,
    PENALTIES,
    START,
    TITLE,
    TURN,
    Roll,
    State,
    dump,
    load,
    new_game,
    seat_names,
)
from .turns import penalty_top
from .view import makes

ENTRY_TYPES = frozenset(GAME.moves)
TURN_ENTRIES = frozenset({"roll", "discard", "stop"})

globals().update(GAME.module_api())  # the old module-level functions: check, apply, view, ...

__all__ = [
    "COLOURS", "DONE", "ENTRY_TYPES", "FACES", "FACE_NAMES", "GAME", "GAME_ID", "LAST_CARD", "MAX_PLAYERS",
    "MIN_PLAYERS", "MOVES", "NUMBER_DICE", "OPTIONS", "OVER", "PENALTIES", "START", "TITLE", "TURN", "TURN_ENTRIES",
    "Roll", "State", "Switch16", "allowance", "allowed", "apply", "check", "describe", "dice_count", "dump",
    "legal_entries", "load", "makes", "new_game", "next_seat", "overridden_rule", "penalty_top", "red_candidates",
    "sample_dice", "seat_names", "view", "ways",
]
