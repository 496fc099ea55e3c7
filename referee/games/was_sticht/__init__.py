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

Callers import what they use from the module that defines it; the game is :data:`GAME`.
"""

from __future__ import annotations

from .engine import GAME

HOST_ONLY = frozenset({"first_dealer"})
"""Entries only the host's phone may make (WS-X14: the host sets up the table)."""

__all__ = ["GAME", "HOST_ONLY"]
