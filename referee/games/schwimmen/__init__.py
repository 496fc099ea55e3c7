"""Schwimmen / Thirty-One: the rules engine (``../shared/rules/schwimmen.md``), as a package.

Hands stay hidden, but every exchange is entered with both its cards, so the engine keeps a
ledger of where each seen card is (centre, set aside, discard pile, known in a hand) and checks
every entry against it.

- ``state.py``: the state, house rules, phases, a new game and a new round;
- ``ledger.py``: where each card is, and the card checks (SC-C1 to SC-C5);
- ``turns.py``: who may enter what (SC-R1 to SC-R3, SC-R8, SC-R15) and how a turn moves on;
- one module per entry type or group, each with its ``Move``: ``setup.py`` (first_dealer,
  dealer_choice), ``layout.py`` (lay_centre, turn_up, refresh), ``swaps.py`` (swap_one,
  swap_all, pass), ``draw.py`` (draw_discard), ``close.py``, ``show.py``, ``reveal.py``;
- ``showdown.py`` (lives lost, the next round) and ``scoring.py`` (hand values and their order);
- ``view.py`` (the board and the round strip), ``sheet.py`` (the score sheet);
- ``engine.py``: the ``Game`` that puts them together, :data:`GAME`.

Callers import what they use from the module that defines it; the game is :data:`GAME`.
"""

from __future__ import annotations

from .engine import GAME

__all__ = ["GAME"]
