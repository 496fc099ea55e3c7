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

The module-level names below are the engine's API as it was when it was one module.
"""
from __future__ import annotations

from .engine import GAME, MOVES, SchwimmenGame
from .ledger import check_from_stock, check_keeps_known, check_leaving_hand, hand_value, ledger, location, read_cards
from .scoring import FIRE, TRIPLE, Hand, beats, declared_hand, hand_of, losses, possible_values
from .state import (
    BGA_DEFAULTS,
    BY_PRESET,
    DEALER_CHOICE,
    EXCHANGE,
    FIRST_DEALER,
    GAME_ID,
    LAYOUT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    OVER,
    PRESETS,
    REFRESH,
    RULE_SETS,
    SHOWDOWN,
    TITLE,
    VARIANTS,
    State,
    effective_options,
    load,
    new_game,
)

ENTRY_TYPES = frozenset(GAME.moves)
TURN_ENTRIES = {"swap_one", "swap_all", "pass", "close", "draw_discard"}
TABLE_ENTRIES = {"first_dealer", "dealer_choice", "lay_centre", "turn_up", "refresh"}

globals().update(GAME.module_api())  # the old module-level functions: check, apply, view, ...
