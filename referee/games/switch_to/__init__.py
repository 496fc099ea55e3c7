"""Switch To: the rules engine (``../shared/rules/switch_to.md``).

A pure fold: ``GAME.apply(state, action, by)`` checks an entry and returns the next state. One
module per entry type (or close group), each with its ``Move``: ``start_round``, ``predict``
(also ``start_player``), ``play``, ``passing``, ``host`` (``clear_table``, ``end_round``),
``declare``; ``state`` holds the table, ``flow`` the turn flow and round end, ``scoring`` the
scores, ``view`` the board, ``sheet`` the score sheet, ``game`` the :class:`SwitchTo` game.

The module-level names below are the engine's API as it was when it was one module.
"""
from __future__ import annotations

from .declare import proposed_hand
from .game import SwitchTo
from .notation import Play, beat_marks, form_of, parse_play
from .scoring import game_is_over, score_hand, winners
from .state import (
    DECLARE,
    FLIPS,
    GAME_END_TOTAL,
    GAME_ID,
    HAND_SIZE,
    MAX_PLAYERS,
    MAX_PREDICTION,
    MIN_PLAYERS,
    OPTIONS,
    OVER,
    PLAY,
    PREDICT,
    SETUP,
    SHORT,
    START_PLAYER,
    TITLE,
    TOKEN_PENALTY,
    Player,
    State,
    load,
    new_game,
)

GAME = SwitchTo()

HOST_ONLY = frozenset(kind for kind, move in GAME.moves.items() if move.host_only)
FOR_A_SEAT = frozenset(kind for kind, move in GAME.moves.items() if move.for_seat)
globals().update(GAME.module_api())  # the old module-level functions: check, apply, view, ...


__all__ = [
    "DECLARE", "ENTRY_TYPES", "FLIPS", "FOR_A_SEAT", "GAME", "GAME_END_TOTAL", "GAME_ID", "HAND_SIZE",
    "HOST_ONLY", "MAX_PLAYERS", "MAX_PREDICTION", "MIN_PLAYERS", "OPTIONS", "OVER", "PLAY", "PREDICT",
    "SETUP", "SHORT", "START_PLAYER", "TITLE", "TOKEN_PENALTY", "Play", "Player", "State", "SwitchTo", "allowed",
    "apply", "beat_marks", "check", "describe", "dump", "form_of", "game_is_over", "legal_entries", "load",
    "new_game", "overridden_rule", "parse_play", "proposed_hand", "score_hand", "seat_names", "view", "winners",
]
