"""Swoop (``../shared/rules/swoop.md``), one module per entry type or group of them:

- ``state.py``: the state, house rules, dealing a hand; ``ranks.py``: ranks, copies, their words;
- ``turn.py``: who may make an entry (SW-R1, SW-R2) and the shape of a Swoop entry type;
- ``setup.py`` (set_face_up, set_starter), ``play.py``, ``flip.py``, ``pile.py`` (pick_up,
  end_chain, pass), ``declare.py`` (declare_remaining), each with its checks, effect, history
  line and candidates; ``played.py``: the cards of a play or flip and their checks;
  ``judge.py``: how a play is judged (4.3); ``scoring.py``: hands, game end, next starter;
- ``view.py`` (the view and the round strip), ``sheet.py`` (the score sheet);
- ``engine.py``: the :class:`Swoop` game, ``GAME``.

Callers import what they use from the module that defines it; the game is :data:`GAME`.
"""

from __future__ import annotations

from .engine import Swoop

GAME = Swoop()

__all__ = ["GAME"]
