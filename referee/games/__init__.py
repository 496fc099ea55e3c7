"""The rules engines, one package per game, found by game id in :data:`GAMES` (see ``game.py``).

A game registers itself here with one line; a game that lives elsewhere (a plug-in, the toy game
of the tests) calls :func:`register` itself, and brings its templates in its own folder
(``Game.own_templates``)."""

from __future__ import annotations

from . import schwimmen, switch16, switch_to, swoop, was_sticht
from .game import GAMES, Game, RoundInfo, register

__all__ = ["GAMES", "PLANNED", "Game", "RoundInfo", "register"]

register(switch_to.GAME)
register(swoop.GAME)
register(schwimmen.GAME)
register(was_sticht.GAME)
register(switch16.GAME)

PLANNED: dict[str, str] = {}
"""Games whose engines are still to come: the start page lists them as not yet playable."""
