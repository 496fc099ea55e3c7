"""Swoop as a :class:`~referee.games.game.Game`: its entry types, and the few pieces of the shared
plumbing it does differently (see :class:`Swoop`)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..base import HOST, Refusal, Text, check_rules, read_int
from ..game import HOLE, Action, Game, InputSamples, RoundInfo
from . import scoring, sheet, state as states, view as views
from .declare import DeclareRemaining
from .flip import Flip
from .pile import EndChain, Pass, PickUp
from .play import Play
from .setup import SetFaceUp, SetStarter
from .state import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, RULE_PRESETS, SUMMARY, TITLE, State
from .turn import not_over


class Swoop(Game):
    """Swoop (``../shared/rules/swoop.md``). Three shared pieces are its own:

    - ``check`` runs each entry type's own ``check`` (its steps in the order the rules are cited,
      see ``turn.SwoopMove``) under its components, so that an overridable refusal of the turn
      itself (SW-R1, out of turn) is firm when the named seat lacks the cards;
    - ``apply`` writes the phone's own seat into an entry that names none, since the effects
      read the seat from the entry;
    - ``describe`` names the current player for a turn entry that names no seat, and says a
      ruled entry it cannot read as such.
    """

    id, title = GAME_ID, TITLE
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options, presets, summary = OPTIONS, RULE_PRESETS, SUMMARY
    input_samples = InputSamples(
        players=("Ann", "Ben", "Cem"), carrying={"type": "set_face_up", "seat": 0, "ranks": HOLE},
        numbers=({"type": "set_face_up", "seat": HOLE, "ranks": "2 3 4 5"},
                 {"type": "set_face_up", "seat": 0, "ranks": [HOLE] * 4}, {"type": "set_starter", "seat": HOLE}))
    moves = {move.type: move for move in (SetFaceUp(), SetStarter(), Play(), Flip(), PickUp(), EndChain(), Pass(),
                                          DeclareRemaining())}

    def new_game(self, players: Any, options: Mapping[str, Any] | None = None) -> State:
        return states.new_game(players, options)

    def seat_names(self, state: State) -> list[str]:
        return list(state.players)

    def load(self, data: Mapping[str, Any]) -> State:
        return states.load(data)

    def dump(self, state: State) -> dict:
        """Before a hand is scored there is no ``last_hand``: such a state dumps as it did
        before the field was added (stored snapshots stay the same)."""
        dumped = super().dump(state)
        if dumped.get("last_hand") is None:
            dumped.pop("last_hand", None)
        return dumped

    def view(self, state: State, viewer: Any = None) -> dict:
        return views.view(state, viewer, self.offers(state, viewer))

    def round_info(self, view: dict) -> RoundInfo:
        return views.round_info(view)

    def score_sheet(self, view: dict, history: Callable[[], Iterable[dict]]) -> Any:
        return sheet.score_sheet(view, history)

    def end_reason(self, view: dict) -> Text:
        return scoring.end_reason(view)

    def check(self, state: State, action: Action, by: Any) -> None:
        move = self.move(action)
        not_over(state)
        check_rules(move.check, move.components, state, action, by)

    def apply(self, state: State, action: Action, by: Any = HOST, *, ruling: bool = False) -> State:
        return super().apply(state, self.naming_its_seat(action, by), by, ruling=ruling)

    def describe(self, state: State, action: Action, by: Any = None) -> Text:
        """One history line; the entry was accepted, but a ruling may have let odd values through."""
        try:
            named = action.get("seat")
            seat = state.current if named is None else read_int(named)
            who = state.players[seat] if isinstance(seat, int) and 0 <= seat < state.seat_count else "?"
            return self.move(action).describe(state, action, who)
        except (Refusal, LookupError, TypeError, ValueError):
            return Text("{entry} (entered as a table ruling)", entry=str(action.get("type")))
