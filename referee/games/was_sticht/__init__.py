"""Was Sticht: the rules engine (``../shared/rules/was_sticht.md``), one module per kind of entry.

Every pick of the card draft is public, so the engine knows every hand and checks every play.
The only secrets are the trumps (the dealer's, until the reveal) and the task choices (each
non-dealer's, until all have chosen): the view never shows them to anyone else, and the history
never writes them down.

- ``state``: the state, phases, house rules, a new game and a new round;
- ``setup`` (first dealer, chip draft), ``trumps`` (set, reveal), ``draft`` (layout, picks, the
  dummy's card), ``hints``, ``tasks``, ``play``, ``result`` (score-only rounds), ``flip`` (the
  dealer's bonus), ``ending`` (corner numbers, early end): each entry type with its checks,
  effect, history line and candidates side by side;
- ``rules``: cards, trumps, trick winners, following, tasks; ``scoring``: rounds, bonus, winner,
  ranking; ``views``: what a phone sees; ``sheet``: the score sheet; ``engine``: the ``Game``.

The names below are the module-level API the engine had as one module (tests and tools use it).
"""
from __future__ import annotations

from . import rules as ws
from .engine import GAME, MOVES, WasSticht
from .hints import hint_winner
from .result import asked_colours as _asked_colours
from .result import took_questions
from .scoring import corner_sum, corners_asked, ranking
from .scoring import end_of_round as _end_of_round
from .state import (
    CHIP_DRAFT,
    CHIPS_EACH,
    COLUMNS,
    CORNERS,
    DRAFT,
    DUMMY,
    FIRST_DEALER,
    FLIP,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    OVER,
    PLAY,
    RESULT,
    REVEAL,
    TASKS,
    TITLE,
    TRICKS,
    TRUMPS,
    State,
    current_column,
    dump,
    hand,
    load,
    new_game,
    pick_order,
    trick_cards,
)
from .state import column_complete as _column_complete
from .state import next_picker as _next_picker
from .state import start_round as _start_round
from .state import taken as _taken

ENTRY_TYPES = frozenset(GAME.moves)
HOST_ONLY = frozenset({"first_dealer"})
"""Entries only the host's phone may make (WS-X14: the host sets up the table)."""

globals().update(GAME.module_api())  # the old module-level functions: check, apply, view, ...

__all__ = [
    "CHIPS_EACH", "CHIP_DRAFT", "COLUMNS", "CORNERS", "DRAFT", "DUMMY", "ENTRY_TYPES", "FIRST_DEALER", "FLIP",
    "GAME", "GAME_ID", "HOST_ONLY", "MAX_PLAYERS", "MIN_PLAYERS", "MOVES", "OPTIONS", "OVER", "PLAY", "RESULT",
    "REVEAL", "TASKS", "TITLE", "TRICKS", "TRUMPS", "State", "WasSticht", "allowed", "apply", "check",
    "corner_sum", "corners_asked", "current_column", "describe", "dump", "hand", "hint_winner", "legal_entries", "load",
    "new_game", "overridden_rule", "pick_order", "ranking", "seat_names", "took_questions", "trick_cards", "view",
    "ws",
]
