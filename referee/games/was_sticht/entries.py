"""What every Was Sticht entry shares: which seat it is for, and who may make it.

An entry names its seat, or is for the phone's own seat, or for the seat the game waits for
(the next picker, the player in turn); the dealer's entries are always the dealer's. Any phone
of the table may enter for another seat where the rules say "or any seat" (section 3); the
checks of each entry say where they do not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import HOST, By, Refusal, not_yours, passes, read_int, unreadable
from ..game import Move
from .state import OVER, State

Action = Mapping[str, Any]


class Entry(Move[State]):
    """A Was Sticht entry type. ``acting_seat`` reads the seat the entry is for, which ``ready``
    then checks (None: an entry for the table, with no seat). ``read`` reads the details an
    entry cannot be made without (a card, a chip, the trumps) where the rules file cites that
    first, before the phase and the turn: who may make it, then whether it can be read."""

    checks: ClassVar[tuple[str, ...]] = ("game_on", "seat_read", "read", "offered", "rules")

    def game_on(self, state: State, action: Action, by: By) -> None:
        """WS-X13: nothing is entered once the game is over (but the ranking's corner numbers)."""
        if state.phase == OVER and not self.after_the_game(state):
            raise Refusal("WS-X13", "The game is over.", overridable=False)

    def seat_read(self, state: State, action: Action, by: By) -> None:
        self.acting_seat(state, action, by)

    def subject(self, state: State, action: Action, by: By | None) -> int | None:
        """A history line is about the seat named, else the phone that entered it."""
        named = action.get("seat")
        return read_int(named) if named is not None else by if isinstance(by, int) else None

    def read(self, state: State, action: Action, by: By) -> None:
        return None

    def offered(self, state: State, action: Action, by: By) -> None:
        """``ready`` for the seat the entry is for (named, the phone's own or the one awaited)."""
        self.ready(state, self.acting_seat(state, action, by), by)

    def offered_to(self, state: State, seat: int | None, viewer: By) -> bool:
        """What a board offers ``viewer`` for ``seat``: the game on, then ``ready``."""
        return passes(self.game_on, state, {}, viewer) and passes(self.ready, state, seat, viewer)

    def after_the_game(self, state: State) -> bool:
        """May this entry still be made once the game is over? (Only the ranking's corner numbers.)"""
        return False


class SeatEntry(Entry):
    """An entry for a seat: the one named, else the phone's own, else ``default``'s."""

    def default_seat(self, state: State) -> int | None:
        return None

    def acting_seat(self, state: State, action: Action, by: By) -> int:
        return read_seat(state, action, by, self.default_seat(state))


class DealerEntry(Entry):
    """An entry only the round's dealer makes: its seat is the dealer's, whatever is named."""

    def acting_seat(self, state: State, action: Action, by: By) -> int | None:
        return state.dealer


def read_seat(state: State, action: Action, by: By, default: int | None) -> int:
    """The seat an entry is for: the one named, else the phone's own, else ``default``."""
    named = action.get("seat")
    seat = read_int(named) if named is not None else (by if isinstance(by, int) else default)
    if seat is None or isinstance(named, bool) or not 0 <= seat < state.n:
        raise unreadable("Say which seat this entry is for.")
    return seat


def at_the_table(state: State, by: By) -> None:
    """WS-X7: entries come from the host's phone or a seat's."""
    if by != HOST and not (isinstance(by, int) and 0 <= by < state.n):
        raise not_yours("WS-X7", "Only a player at this table (or the host) can make entries.")


def chip_index(state: State, seat: int, chip: Any, rule: str) -> int:
    """A chip by its index in the seat's chips, or by type (the first uncompleted of that type)."""
    chips = state.chips[seat]
    index = read_int(chip)
    if index is not None and 0 <= index < len(chips):
        return index
    for i, owned in enumerate(chips):
        if owned["type"] == chip and not owned["done"]:
            return i
    for i, owned in enumerate(chips):
        if owned["type"] == chip:
            return i
    raise Refusal(rule, "That chip is not yours.", overridable=False)
