"""Schwimmen as a :class:`~referee.games.game.Game`: its moves, one per entry type, and the
few pieces of the shared plumbing it says differently.

- A history line is about the seat the entry names, else the phone's, else the player on turn
  (``SchwimmenMove.subject``).
- A show is offered only to a seat that could still hold 31 (or fire) (``Show.offered_to``):
  when it is a seat's moment to show comes from ``ready``, but whether any hand of 31 is left
  for it depends on the cards, which no ``ready`` sees.

A rule a ruling may waive in ``ready`` (whose turn it is, when 31 may be shown) is firm too when
the move's components are not there (a card the ledger has elsewhere): the kit runs a move's
``checks`` under its components. The effect reads the seat acting from the entry
(``SchwimmenMove.acting_seat``): a phone may leave the seat out of its own entries, the host out
of those of the player on turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import Text, Viewer
from ..game import HOLE, Game, InputSamples
from . import state as table
from .close import Close
from .draw import DrawDiscard
from .layout import LayCentre, Refresh, TurnUp
from .reveal import Reveal
from .setup import DealerChoice, FirstDealer
from .show import Show
from .showdown import clashes_settled, end_reason
from .state import State
from .swaps import Pass, SwapAll, SwapOne
from .turns import SchwimmenMove
from . import sheet as score_sheets
from .view import board, round_info

MOVES: tuple[SchwimmenMove, ...] = (
    FirstDealer(),
    DealerChoice(),
    LayCentre(),
    TurnUp(),
    Refresh(),
    SwapOne(),
    SwapAll(),
    Pass(),
    DrawDiscard(),
    Close(),
    Show(),
    Reveal(),
)


class SchwimmenGame(Game[State]):
    id = table.GAME_ID
    title = table.TITLE
    min_players, max_players = table.MIN_PLAYERS, table.MAX_PLAYERS
    options, presets, summary = table.OPTIONS, table.RULE_PRESETS, table.SUMMARY
    moves: ClassVar[Mapping[str, SchwimmenMove]] = {move.type: move for move in MOVES}
    sheet: ClassVar[Any] = score_sheets
    input_samples = InputSamples(
        players=("Ann", "Ben", "Cem"),
        setup=(({"type": "first_dealer", "seat": 2}, None), ({"type": "dealer_choice", "choice": "keep"}, None)),
        carrying={"type": "lay_centre", "cards": HOLE},
        numbers=({"type": "lay_centre", "cards": [HOLE, HOLE, HOLE]}, {"type": "lay_centre", "cards": HOLE}),
    )
    round_info = staticmethod(round_info)
    end_reason = staticmethod(end_reason)
    new_game = staticmethod(table.new_game)
    load = staticmethod(table.load)

    def seat_names(self, state: State) -> list[str]:
        return list(state.players)

    def view(self, state: State, viewer: Viewer = None) -> dict[str, Any]:
        return board(state, viewer, self.offers(state, viewer))

    def holds(self, state: State) -> list[Text]:
        return clashes_settled(state)


GAME = SchwimmenGame()
