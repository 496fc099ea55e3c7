"""Switch To: the rules engine (``../shared/rules/switch_to.md``).

A pure fold: ``GAME.apply(state, action, by)`` checks an entry and returns the next state. One
module per entry type (or close group), each with its ``Move``: ``start_round``, ``predict``
(also ``start_player``), ``play``, ``passing``, ``host`` (``clear_table``, ``end_round``),
``declare``; ``state`` holds the table, ``flow`` the turn flow and round end, ``scoring`` the
scores, ``view`` the board, ``sheet`` the score sheet, ``game`` the :class:`SwitchTo` game.

Callers import what they use from the module that defines it; the game is :data:`GAME`.
"""

from __future__ import annotations

from .game import SwitchTo

GAME = SwitchTo()

__all__ = ["GAME"]
