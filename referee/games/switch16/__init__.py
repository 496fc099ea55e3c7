"""Switch 16: the rules engine (``../shared/rules/switch16.md``), as a package of one module per
entry type (``start``, ``roll``, ``green``, ``discard``, ``stop``, ``block``, ``adjust``), each
a :class:`~referee.games.game.Move` with its checks, effect, history line and candidates side by
side; ``state`` (the table), ``dice``, ``turns``, ``scoring``, ``view`` and ``sheet``; and
``engine`` (the :class:`~referee.games.game.Game`). ``GAME`` is what ``referee.games`` registers.

Callers import what they use from the module that defines it.
"""

from __future__ import annotations

from .engine import GAME

__all__ = ["GAME"]
