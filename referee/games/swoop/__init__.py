"""Swoop (``../shared/rules/swoop.md``), one module per entry type or group of them:

- ``state.py``: the state, house rules, dealing a hand; ``ranks.py``: ranks, copies, their words;
- ``turn.py``: who may make an entry (SW-R1, SW-R2) and the shape of a Swoop entry type;
- ``setup.py`` (set_face_up, set_starter), ``play.py``, ``flip.py``, ``pile.py`` (pick_up,
  end_chain, pass), ``declare.py`` (declare_remaining), each with its checks, effect, history
  line and candidates; ``played.py``: the cards of a play or flip and their checks;
  ``judge.py``: how a play is judged (4.3); ``scoring.py``: hands, game end, next starter;
- ``view.py`` (the view and the round strip), ``sheet.py`` (the score sheet);
- ``engine.py``: the :class:`Swoop` game, ``GAME``.

The module-level names below keep the engine's earlier API (``swoop.apply(state, action, by)``
and so on) for the tests and tools that use it.
"""
from __future__ import annotations

from .engine import Swoop
from .played import Card
from .ranks import copies, parse_rank
from .scoring import points
from .state import (
    CHAIN,
    DEALT,
    DECLARE,
    FOLLOW,
    GAME_ID,
    HAND,
    LEAD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    ORDER,
    OVER,
    PLAY,
    RANKS,
    SETUP,
    SLOTS,
    SOURCES,
    SWOOP_CARDS,
    TITLE,
    State,
    default_packs,
)

GAME = Swoop()

globals().update(GAME.module_api())  # the old module-level functions: check, apply, view, ...

__all__ = ["CHAIN", "DEALT", "DECLARE", "ENTRY_TYPES", "FOLLOW", "GAME", "GAME_ID", "HAND", "LEAD", "MAX_PLAYERS",
           "MIN_PLAYERS", "OPTIONS", "ORDER", "OVER", "PLAY", "RANKS", "SETUP", "SLOTS", "SOURCES", "SWOOP_CARDS",
           "TITLE", "Card", "State", "Swoop", "apply", "check", "copies", "default_packs", "describe", "dump", "load",
           "legal_entries", "new_game", "offers", "overridden_rule", "parse_rank", "points", "seat_names", "view"]
