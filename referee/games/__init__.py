"""The rules engines, one pure module per game, found by game id."""
from __future__ import annotations

from types import ModuleType

from . import schwimmen, switch16, switch_to, swoop, was_sticht

GAMES: dict[str, ModuleType] = {
    module.GAME_ID: module for module in (switch_to, swoop, schwimmen, was_sticht, switch16)
}
"""Game id -> engine module. Each module offers GAME_ID, TITLE, MIN_PLAYERS, MAX_PLAYERS,
OPTIONS, new_game, seat_names, dump, load, check, apply, overridden_rule, view, describe."""

PLANNED: dict[str, str] = {}
"""Games whose engines are still to come: the start page lists them as not yet playable."""
