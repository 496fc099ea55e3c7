"""Who may make a Swoop entry: the seat it is for (SW-R1), the phase (SW-R2) and the turn, and
the shape every Swoop entry type shares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import HOST, By, Refusal, Text, join_names, known, not_yours, read_int, unreadable
from ..game import Move
from .state import DECLARE, OVER, SETUP, State


class SwoopMove(Move[State]):
    """A Swoop entry type.

    ``checks`` is the entry against the rules in the order they are cited, the first rule broken
    first: by default the game still on (SW-R2), ``ready`` (phase, turn, permission), then
    ``rules`` (the entry's details). A few entry types keep an order of their own (a play that
    cannot be read is refused as unreadable, before its turn is looked at, so that no ruling is
    offered for it); their ``ready`` is still what a board offers, and it holds whenever
    ``check`` passes.
    """

    checks: ClassVar[tuple[str, ...]] = ("game_on", "offered", "rules")

    def game_on(self, state: State, action: Mapping[str, Any], by: By) -> None:
        not_over(state)

    def acting_seat(self, state: State, action: Mapping[str, Any], by: By) -> int | None:
        """Whose entry this is, as its effect reads it from the entry's seat: the seat it names
        (a phone's own is written in), else the current player."""
        if not self.for_seat:
            return None
        named = action.get("seat")
        return state.current if named is None else read_int(named)

    def subject(self, state: State, action: Mapping[str, Any], by: By | None) -> int | None:
        """A history line is about the seat named, else the current player (a table entry's too)."""
        named = action.get("seat")
        return state.current if named is None else read_int(named)

    def ruled_line(self, action: Mapping[str, Any]) -> Text:
        """The entry was accepted, but a ruling may have let odd values through."""
        return Text("{entry} (entered as a table ruling)", entry=str(action.get("type")))

    def in_turn(self, state: State, action: Mapping[str, Any], by: By) -> int:
        """SW-R2 and SW-R1 for an entry of a turn; the seat."""
        return may_act(state, action.get("seat"), by)


def not_over(state: State) -> None:
    if state.phase == OVER:
        raise Refusal("SW-R2", "The game is over.", overridable=False)


def seat_for(state: State, named: Any, by: By, default: int | None) -> int:
    """The seat an entry is for: the phone's own, or the one the host names (default: ``default``)."""
    if by == HOST:
        seat = default if named is None else read_int(named)
        if seat is None or isinstance(named, bool) or not 0 <= seat < state.seat_count:
            raise unreadable("Say which seat this entry is for.")
        return seat
    if not (isinstance(by, int) and 0 <= by < state.seat_count):
        raise not_yours("SW-R1", "Only a player at this table (or the host) can make entries.")
    if named is not None and read_int(named) != by:
        raise not_yours("SW-R1", "Each phone enters for its own seat only (the host can enter for anyone).")
    return by


def may_act(state: State, named: Any, by: By) -> int:
    """SW-R2 and SW-R1 for the entries of a turn (play, flip, pick-up, chain end); the seat."""
    not_over(state)
    if state.phase == DECLARE:
        raise Refusal("SW-R2", "This hand is over: enter the cards you still hold.", overridable=False)
    if state.phase == SETUP:
        missing = [state.players[s] for s in range(state.seat_count) if not state.face_up_set[s]]
        if missing:
            raise Refusal(
                "SW-R2",
                "The hand has not started: face-up cards are missing for {names}.",
                overridable=False,
                names=join_names(missing),
            )
        raise Refusal("SW-R2", "The hand has not started: the host enters who starts.", overridable=False)
    seat = seat_for(state, named, by, state.current)
    if seat != state.current:
        # SW-R1 stays overridable: the named seat acts (the effect); the entry's components make it
        # firm when that seat does not hold the cards.
        raise Refusal("SW-R1", "It is {name}'s turn, not yours.", name=state.players[known(state.current)])
    return seat
