"""What every Switch 16 entry shares: the order its checks are cited in, and the seats it names.

Section 4 cites the first failing check in this order: S16-C5, S16-C4, S16-C1, S16-C2, S16-C3,
then the S16-R rules. So a move's ``ready`` (what the board offers: phase, turn, permission) is
split in two around the entry's details: ``gate`` (who may make it, and whether the game is
running: cited first) and ``due`` (whether it is this seat's turn for it: cited after the
details). So a move's ``checks`` are the gate, the details (``read``), ``due`` for the seat
acting, then the move's own ``legal`` rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import HOST, By, Refusal, Text, known, not_yours, read_int
from ..game import Move
from .state import OVER, TURN, State
from .turns import begin_turn

Action = Mapping[str, Any]


class SwitchMove(Move[State]):
    correction: ClassVar[bool] = False  # a host correction: never offered, always at hand for the host
    checks: ClassVar[tuple[str, ...]] = ("gated", "read", "due_now", "legal")

    def ready(self, state: State, seat: Any, by: By) -> None:
        self.due(state, self.gate(state, seat, by))

    def offered_to(self, state: State, seat: int | None, viewer: By) -> bool:
        """A correction is the host's tool (``Game.corrections``), not an offer."""
        return not self.correction and super().offered_to(state, seat, viewer)

    def gate(self, state: State, seat: Any, by: By) -> int | None:
        """Refuse a phone that may not make this entry, or a game that is over; the seat acting."""
        game_running(state)
        named: int | None = seat  # as the entry names it: a turn entry's gate reads it
        return named

    def gated(self, state: State, action: Action, by: By) -> None:
        """``gate`` for the seat the entry names (``named_seat``: None where it is not read)."""
        self.gate(state, self.named_seat(action), by)

    def acting_seat(self, state: State, action: Action, by: By) -> int | None:
        """The seat acting, for an entry ``gate`` has let through."""
        return self.gate(state, self.named_seat(action), by)

    def due_now(self, state: State, action: Action, by: By) -> None:
        self.due(state, self.acting_seat(state, action, by))

    def read(self, state: State, action: Action, by: By) -> None:
        """The details entered: dice, faces and seats that exist (S16-C1 to S16-C3)."""

    def due(self, state: State, seat: Any) -> None:
        """Is this entry due now from ``seat`` (the seat acting: an int for a turn's entry, None
        where no seat acts)?"""

    def legal(self, state: State, action: Action, by: By) -> None:
        """The entry's own rules, once it is due."""

    def take_effect(self, state: State, action: Action, by: By) -> None:
        """The effect, for the seat acting (a table ruling may have let another seat act)."""
        self.effect(state, action)


def game_running(state: State) -> None:
    if state.phase == OVER:
        raise Refusal("S16-C5", "The game is over; nothing more can be entered.", overridable=False)


def seat_named(state: State, value: Any, what: str) -> int:
    """S16-C3: a seat in the game (the refusal names the seat as the table calls it)."""
    seat = read_int(value) if not isinstance(value, bool) else None
    if seat is None or not 0 <= seat < state.seat_count:
        label = chr(ord("A") + seat) if isinstance(seat, int) and 0 <= seat < 26 else repr(value)
        raise Refusal("S16-C3", no_seat(what, label), overridable=False)
    return seat


def no_seat(what: str, label: str) -> Text:
    """The S16-C3 sentence for what the seat was named for, each a whole sentence."""
    if what == "start player":
        return Text("There is no seat {label} for the start player.", label=label)
    if what == "switch":
        return Text("There is no seat {label} for the switch.", label=label)
    if what == "block chip":
        return Text("There is no seat {label} for the block chip.", label=label)
    if what == "deck":
        return Text("There is no seat {label} for the deck.", label=label)
    if what == "chip":
        return Text("There is no seat {label} for the chip.", label=label)
    if what == "swap":
        return Text("There is no seat {label} for the swap.", label=label)
    return Text("There is no seat {label} for the player.", label=label)


def is_seat(state: State, by: By) -> bool:
    return isinstance(by, int) and 0 <= by < state.seat_count


class TurnMove(SwitchMove):
    """``roll``, ``discard`` and ``stop``: the active player's, from their phone or the host.

    Whose turn it is (S16-R1 before the start player, then the move's ``turn_rule``) stays
    overridable: a table ruling lets the seat named act, and its turn begins first, as a ruled
    start player's would (rules README, "Table rulings")."""

    entries: ClassVar[str] = "dice"  # the entry mode these entries belong to (entries_of)

    def gate(self, state: State, seat: Any, by: By) -> int:
        """S16-C5, then S16-C4: returns the seat the entry is for."""
        game_running(state)
        acting = turn_seat(state, seat, by)
        if acting != state.active and state.ended and state.ended["seat"] == acting:
            raise Refusal("S16-C4", state.ended["why"], overridable=False)
        return acting

    def due(self, state: State, seat: int) -> None:
        check_entries(state, self.entries)
        if state.phase != TURN:
            raise Refusal("S16-R1", "Enter the start player first.")
        if seat != state.active:
            raise Refusal(self.turn_rule, "It is {name}'s turn.", name=state.players[known(state.active)])

    def take_effect(self, state: State, action: Action, by: By) -> None:
        seat = self.gate(state, self.named_seat(action), by)
        if seat != state.active:  # a table ruling: the seat named takes the turn
            begin_turn(state, seat)
        self.effect(state, action)

    turn_rule: ClassVar[str]


def turn_seat(state: State, named: Any, by: By) -> int:
    """The seat a turn entry is for: the phone's own seat, or for the host the seat it names
    (the active player when none is named)."""
    if by == HOST:
        if named is None:
            if state.active is None:
                raise Refusal("S16-R1", "Enter the start player first.", overridable=False)
            return state.active
        return seat_named(state, named, "player")
    if not is_seat(state, by):
        raise not_yours("S16-C5", "Only a player at this table (or the host) can make this entry.")
    if named is not None and read_int(named) != by:
        who = state.players[seat_named(state, named, "player")]
        raise not_yours("S16-C5", "Only {who} (or the host) can make {who}'s entries.", who=who)
    return by


def entries_of(state: State) -> str:
    """What this table enters: ``dice`` (every roll), ``turns`` (quick entry, each turn's result)
    or ``rounds`` (quick entry in the points game: each round's result)."""
    if state.options.get("entry_mode", "dice") != "quick":
        return "dice"
    return "rounds" if state.options["game_mode"] == "points" else "turns"


def check_entries(state: State, wanted: str) -> None:
    """S16-Q1: an entry of another entry mode than the table's."""
    mode = entries_of(state)
    if mode == wanted:
        return
    if mode == "dice":
        raise Refusal("S16-Q1", "This table enters every roll: quick entry is off.", overridable=False)
    if mode == "turns":
        raise Refusal("S16-Q1", "This table enters what each turn did (quick entry), not the dice.", overridable=False)
    raise Refusal("S16-Q1", "This table enters only each round's result (quick entry).", overridable=False)
