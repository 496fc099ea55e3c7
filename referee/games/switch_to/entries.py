"""Switch To: what every entry checks first (ST-C8, ST-C9), in the order the rules cite.

An entry's prerequisites are the game still running (ST-C8), the phone's permission (ST-C9), a
readable seat for a seat's entry, then ``now``: the phase and turn the entry needs. ``ready``
(what the board offers) is the prerequisites and anything else about the seat rather than the
entry's details. The whole check (``checks``) is the prerequisites, then the entry's ``rules``;
the game runs it under the entry's ``components`` (a table ruling waives a rule, never a card or
token).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import HOST, By, Refusal, known, not_yours, read_seat
from ..game import Move
from .state import DECLARE, OVER, PLAY, ROUND_RUNNING, START_PLAYER, State


class SwitchToMove(Move[State]):
    host_only: ClassVar[bool] = False
    # the prerequisites, then the rules (which may repeat a check of ``ready`` at the place the
    # rules file cites it)
    checks: ClassVar[tuple[str, ...]] = ("prerequisites_met", "rules")

    def ready(self, state: State, seat: Any, by: By) -> None:
        self.prerequisites(state, seat, by)

    def prerequisites(self, state: State, seat: Any, by: By) -> int | None:
        """ST-C8, ST-C9, a readable seat, then the phase and turn (``now``); returns the seat."""
        game_running(state)
        self.permitted(state, seat, by)
        if self.for_seat:
            seat = read_seat({"seat": seat}, state.seat_count)
        self.now(state, seat)
        read: int | None = seat
        return read

    def now(self, state: State, seat: Any) -> None:
        """The phase (and turn) this entry needs; ``seat`` is read (an int) for a seat's entry,
        None for a table entry, so each move types it as its own entries have it."""

    def prerequisites_met(self, state: State, action: Mapping[str, Any], by: By) -> None:
        """The prerequisites for the seat the entry names."""
        self.prerequisites(state, self.named_seat(action), by)

    def permitted(self, state: State, seat: Any, by: By) -> None:
        """ST-C9: a seat's entries come from that seat or the host; host-only entries from the host;
        the others from any player at the table."""
        if by == HOST:
            return
        if self.host_only:
            raise not_yours("ST-C9", "Only the host can make this entry.")
        if self.for_seat:
            seat = read_seat({"seat": seat}, state.seat_count)
            if by != seat:
                raise self.not_theirs(state.name(seat))
        elif not (isinstance(by, int) and 0 <= by < state.seat_count):
            raise not_yours("ST-C9", "Only a player at this table (or the host) can make this entry.")

    def not_theirs(self, name: str) -> Refusal:
        """The refusal when another seat's phone makes this seat's entry."""
        raise NotImplementedError


def game_running(state: State) -> None:
    if state.phase == OVER:
        raise Refusal("ST-C8", "The game is over; nothing more can be entered.", overridable=False)


def check_turn(state: State, seat: int) -> None:
    """ST-R4: the round is in play and it is this seat's turn (plays and passes)."""
    if state.phase == START_PLAYER:
        # ST-R4 may be waived here: the tokens are out and only the start player is open; a ruled
        # play or pass makes its seat the start player.
        raise Refusal("ST-R4", "Play has not started yet.")
    if state.phase != PLAY:  # no round in play: predictions first, or hands are being declared (ST-C8)
        if state.phase == DECLARE:
            raise Refusal("ST-R4", "This round is over.", overridable=False)
        raise Refusal("ST-R4", "Play has not started yet.", overridable=False)
    if seat != state.turn:
        # ST-R4 stays overridable: a play or pass out of turn is still made of real cards and tokens
        # (the components are checked even when this is cited first).
        raise Refusal("ST-R4", "It is {name}'s turn.", name=state.name(known(state.turn)))


def round_running(state: State) -> None:
    if state.phase not in ROUND_RUNNING:
        raise Refusal("ST-C8", "No round is running.", overridable=False)
