"""Was Sticht as the one :class:`~referee.games.game.Game` shape: its entry types and the few
places where the shared plumbing is bent to this game.

- An entry may leave its seat out (the phone's own, or the seat the game waits for): its checks
  read the seat first (``acting_seat``) and hand it to ``ready``, and its effect reads the entry
  with that seat filled in. An unreadable card, chip or trump pair is refused before the phase
  and the turn are (``read``), as it always was (``entries.Entry.checks``).
- ``ready`` may refuse with an overridable rule (a pick or chip out of turn, an early dummy card,
  an unsettled early end), so ``ready`` and ``rules`` run as one check, which the entry's
  ``components`` make firm where the card or chip is not there (section 7 of the rules file).
- Any phone of the table may enter for another seat where the rules allow it (a pick, a play,
  a chip), so each board is offered every seat's entries (``phones_enter_for_others``).
- A history line names the seat entered for, or else the phone that entered it (``Entry.subject``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import HOST, Viewer
from ..game import HOLE, Game, InputSamples
from . import private, scoring, views
from . import sheet as score_sheets
from . import state as states
from .draft import DummyCard, Layout, Pick
from .ending import CornerNumbers, EndEarly
from .entries import Entry
from .flip import DealerFlip
from .hints import AnnounceHint, EnterHint
from .play import Play
from .result import RoundResult
from .setup import ChipPick, FirstDealer
from .state import State
from .tasks import ChooseTask
from .trumps import Reveal, SetTrumps

MOVES: tuple[Entry, ...] = (
    # In the order a game needs them: an entry that moves the game on comes before one that may
    # be made again in the same state (trumps, layout, a task changed), so the first legal entry
    # always moves the game on.
    FirstDealer(),
    ChipPick(),
    Pick(),
    DummyCard(),
    AnnounceHint(),
    EnterHint(),
    SetTrumps(),
    Layout(),
    Reveal(),
    ChooseTask(),
    Play(),
    RoundResult(),
    DealerFlip(),
    CornerNumbers(),
    EndEarly(),
)


class WasSticht(Game[State]):
    id = states.GAME_ID
    title = states.TITLE
    min_players, max_players = states.MIN_PLAYERS, states.MAX_PLAYERS
    options, presets, summary = states.OPTIONS, states.RULE_PRESETS, states.SUMMARY
    moves: ClassVar[Mapping[str, Entry]] = {move.type: move for move in MOVES}
    phones_enter_for_others = True  # where the rules say "or any seat" (a pick, a play, a chip)
    sheet: ClassVar[Any] = score_sheets
    # The first entry takes a seat, not cards: the malformed cards go where the seat goes.
    input_samples = InputSamples(
        players=("Ann", "Ben", "Cem"),
        carrying={"type": "first_dealer", "seat": HOLE},
        numbers=({"type": "first_dealer", "seat": HOLE},),
    )

    def seat_names(self, state: State) -> list[str]:
        return list(state.players)

    def view(self, state: State, viewer: Viewer = None) -> dict[str, Any]:
        return views.board(state, viewer, self.offers(state, viewer))

    def view_at(self, state: State, viewer: Viewer, now: State) -> dict[str, Any]:
        return views.board_then(state, viewer, self.offers(state, viewer), now)

    def private_step(self, state: State) -> int | None:
        return private.private_step(state)

    def private_seat(self, state: State, offer: Mapping[str, Any]) -> int | None:
        return private.private_seat(state, offer)

    round_info = staticmethod(views.round_info)
    end_reason = staticmethod(scoring.end_reason)
    new_game = staticmethod(states.new_game)
    load = staticmethod(states.load)

    def keeps_from(self, now: State, viewer: Viewer) -> bool:
        """Only a closed record keeps picks and tricks, and never from the host (section 3)."""
        return viewer != HOST and not states.is_record_open(now)


GAME = WasSticht()
