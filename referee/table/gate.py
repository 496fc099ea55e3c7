"""Who may write what: the one gate every write of the log passes. No Flask here.

Plays, table rulings, undo, put back and every kind of correction ask :func:`check` before they
are worked out, so that the rule of who may make, replace or remove an entry is written once:

- An entry that is its seat's alone (a secret entry: a prediction, the trumps, a task, a reveal;
  or one that uses what only that seat knows: the dealer's hints) comes from its seat's phone,
  or from the host's for a seat without a phone of its own.
- Before its reveal, such an entry is replaced or removed on the same terms: the host cannot
  reach a held seat's secret by a correction any more than by entering it.
- Once the table has seen it, nobody changes it alone: the seat's own undo is refused by the
  rule that showed it (``reads.shown_for_good``), and a correction of it is the host's, said on
  every phone with the old and the new value (``corrections``).
- Otherwise: a seat undoes and corrects its own last entry; the host anything; only the host
  accepts an entry as a table ruling or inserts one further back.

Who the writer is at all (a token of this table) is ``seats.require_identity``'s question, asked
before. The game's rules (whose turn, whose seat) are asked after, by the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import Session

from ..db import Entry, GameTable
from ..games.base import HOST, By
from . import reads, seats
from .errors import Denied

PLAY, UNDO, PUT_BACK = "play", "undo", "put back"
CORRECT, REMOVE, INSERT, ACCEPT = "correct", "remove", "insert", "accept"  # corrections.KINDS


def check(
    session: Session,
    table: GameTable,
    by: By,
    path: str,
    *,
    action: Any = None,
    target: Entry | None = None,
    before: Any = None,
    ruling: bool = False,
) -> None:
    """Refuse (``Denied``, 403) a write ``by`` may not make: ``action`` is the entry it makes
    (a play, an entry put back, a correction's new entry), ``target`` the entry it undoes,
    corrects, removes or settles, ``before`` the state ``action`` is entered on, ``ruling``: the
    entry is accepted although the rules refuse it."""
    refuse_a_seat_ruling(by, ruling or path == ACCEPT)
    if path == INSERT and by != HOST:
        raise Denied(403, "Only the host can insert an entry further back.")
    seen = _may_change(session, table, by, path, target) if target is not None and path != INSERT else False
    if action is not None and not (path == CORRECT and seen and by == HOST):
        refuse_seat_entry_of_a_held_seat(table, before, action, by)


def refuse_a_seat_ruling(by: By, ruling: bool) -> None:
    """Asked first, before the table is read (a seat's ruling is refused whatever the board)."""
    if ruling and by != HOST:
        raise Denied(403, "Only the host can accept an entry as a table ruling.")


def _may_change(session: Session, table: GameTable, by: By, path: str, target: Entry) -> bool:
    """Refuse ``by`` undoing, correcting or removing ``target`` when it may not; else say
    whether the table has seen ``target`` (worked out only when it matters)."""
    if by != HOST:
        _refuse_a_seat_changing(session, table, by, path, target)
        return False
    held = _held_seat_of_line(session, table, target)
    if held is None and path != CORRECT:
        return False
    seen = shown(session, table, target)
    if held is not None and not seen:
        raise _only_its_phone(table, held)
    return seen


def _refuse_a_seat_changing(session: Session, table: GameTable, by: By, path: str, target: Entry) -> None:
    """A seat undoes its own entries, and corrects its own last one while the table has not
    seen it. (An undo of what showed a secret is refused by the rule that showed it.)"""
    own = target.by == reads.by_text(by)
    if path == UNDO:
        if not own:
            entry = reads.description(target)
            raise Denied(403, "Only whoever entered it, or the host, can undo “{entry}”.", entry=entry)
        return
    if not own or target.seq != table.tip:
        raise Denied(
            403,
            "Only the host can correct this entry: a seat corrects its own entry while nobody has entered after it.",
        )
    if shown(session, table, target):
        raise Denied(
            403,
            "The table has seen “{entry}”: only the host can correct it now, and every phone is told.",
            entry=reads.description(target),
        )


def shown(session: Session, table: GameTable, target: Entry) -> bool:
    """Has the table seen ``target`` (an entry in force): it is a secret entry that it or a later
    entry in force showed, or it showed secrets itself?"""
    if target.kind != "entry" or not isinstance(target.action, Mapping):
        return False
    engine = reads.engine_of(table)
    if reads.shown_for_good(session, table, target) is not None:
        return True
    if target.action.get("type") not in engine.secret_entries:
        return False
    for line in _in_force_from(session, table, target):
        action = line.action or {}  # the lines in force are entries: each has its action
        if engine.may_show_secrets(action) and engine.shows_secrets(
            reads.state_at(session, table, line.prev_tip or 0), action, reads.state_at(session, table, line.seq)
        ):
            return True
    return False


def _in_force_from(session: Session, table: GameTable, target: Entry) -> list[Entry]:
    return reads.chain_down_to(session, table, target.seq) or [target]


def refuse_seat_entry_of_a_held_seat(table: GameTable, state: Any, action: Any, by: By) -> None:
    """A seat with its own phone makes its own entries (a prediction, trumps, a task, the
    dealer's hints) there and nowhere else: the host may neither see nor make nor replace them.
    For a seat without a phone the host still enters them."""
    seat = held_seat_of(table, state, action, by)
    if seat is not None:
        raise _only_its_phone(table, seat)


def _only_its_phone(table: GameTable, seat: int) -> Denied:
    return Denied(
        403,
        "{name} has joined on their own phone: only that phone makes {name}'s secret entries.",
        name=table.seats[seat]["name"],
    )


def _held_seat_of_line(session: Session, table: GameTable, line: Entry) -> int | None:
    """The held seat whose own entry ``line`` is: the seat it names, else the seat that made it."""
    state = reads.state_at(session, table, line.prev_tip or 0)
    if not isinstance(line.action, Mapping) or not reads.engine_of(table).seat_only(state, line.action):
        return None
    seat = reads.entry_seat(table, state, line.action)
    if seat is None and line.by != HOST:
        seat = int(line.by)
    return seat if seat is not None and seats.seat_is_claimed(table, seat) else None


def held_seat_of(table: GameTable, state: Any, action: Any, by: By) -> int | None:
    """The seat whose own entry the host would be making with ``action``, when that seat has a
    phone; None for any other write."""
    seat = seat_entry_seat(table, state, action, by)
    return seat if seat is not None and seats.seat_is_claimed(table, seat) else None


def seat_entry_seat(table: GameTable, state: Any, action: Any, by: By) -> int | None:
    """The seat an entry that is its seat's alone, made by the host, is for; None for any other."""
    if by != HOST or not isinstance(action, Mapping) or state is None:
        return None
    if not reads.engine_of(table).seat_only(state, action):
        return None
    return reads.entry_seat(table, state, action)
