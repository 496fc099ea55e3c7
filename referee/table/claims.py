"""Seats are recorded: who took and who freed a seat, and what a phone that took a seat late
may see of it (issue 25). No Flask here.

A claim and a free are kept with the seat (``GameTable.seats[n]["events"]``), each with the seq
the table stood at: History lists them for every phone, and a freed phone finds out why its
pass stopped working by the fingerprint of that pass. The play log is not touched: a phone
joining does not make every other board stale.

A phone that claims a seat never sees that seat's hidden entries made before its claim (by the
seat's earlier phone, or by the host for a seat without one): they show at the reveal, as
everyone else's do. So freeing a seat, taking it and looking reads nothing. A phone may hand
its own seat on (a link it shows once): that keeps the secrets with the seat. A rematch's seats
wait a while for the phones that held them.

This module keeps the records and reads them; the writes that change a seat (claim, free, hand
on) are ``seats``'s, which stores them with a compare-and-set.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session

from ..db import Entry, GameTable, utcnow
from ..games import Game
from ..games.base import HOST, By
from . import reads


def fingerprint(token: str) -> str:
    """A pass's fingerprint: enough to recognise it, useless to write with."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def with_event(
    info: Mapping[str, Any], kind: str, seq: int, by: By | None = None, token: str | None = None
) -> list[dict[str, Any]]:
    """The seat's events with one more: ``kind`` "claimed", "freed" or "handed" at ``seq``,
    ``by`` HOST when the host did it; a freed pass is kept as its fingerprint."""
    event: dict[str, Any] = {"kind": kind, "seq": seq, "at": utcnow().isoformat(), "by": HOST if by == HOST else None}
    if token:
        event["print"] = fingerprint(token)
    return [*info.get("events", []), event]


def seat_events(table: GameTable) -> list[dict[str, Any]]:
    """Every claim and free at this table, oldest first: seat, name, kind, by, seq, at."""
    found = [
        {"seat": seat, "name": info["name"], **{k: v for k, v in event.items() if k != "print"}}
        for seat, info in enumerate(table.seats)
        for event in info.get("events", [])
    ]
    return sorted(found, key=lambda event: (event["seq"], event["at"]))


def freed_seat_of(table: GameTable, token: str | None) -> int | None:
    """The seat this pass held until the host freed it, else None."""
    if not token:
        return None
    mark = fingerprint(token)
    for seat, info in enumerate(table.seats):
        if any(event.get("print") == mark for event in info.get("events", [])):
            return seat
    return None


# --------------------------------------------------------------------------- a rematch's seats wait

REMATCH_WAIT_MINUTES = 10  # a rematch seat waits this long for its phone before anyone may take it


class SeatAwaited(Exception):
    """The seat of a rematch waits for the phone that held it at the finished table."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def awaiting(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For a rematch of a table with these seats: what each new seat keeps, so that it waits
    for the phone that held it (a fingerprint of that pass) a while."""
    until = (utcnow() + timedelta(minutes=REMATCH_WAIT_MINUTES)).isoformat()
    return [
        {"awaits": fingerprint(info["token"]), "awaits_until": until} if info.get("token") else {} for info in seats
    ]


def is_awaited(info: Mapping[str, Any]) -> bool:
    return bool(info.get("awaits")) and datetime.fromisoformat(info["awaits_until"]) > utcnow()


def refuse_while_awaited(info: Mapping[str, Any], by: By | None, old_pass: str | None) -> None:
    """A rematch seat still waiting is taken only by its phone (showing its old pass) or the host."""
    if by != HOST and is_awaited(info) and not (old_pass and fingerprint(old_pass) == info["awaits"]):
        raise SeatAwaited(info["name"])


# --------------------------------------------------------------------------- what a late phone sees


def seat_view(
    session: Session,
    table: GameTable,
    state: Any,
    viewer: Any,
    engine: Game[Any],
    view: Callable[[Any, Any], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """``engine.view(state, viewer)`` (or ``view(state, viewer)``), except for a seat's phone
    that claimed the seat after some of its hidden entries were made: that phone sees the board
    as the other seats do, with its own entries to make."""
    view = view or engine.view
    own = view(state, viewer)
    if not isinstance(viewer, int) or not engine.secret_entries:
        return own
    stranger = {**view(state, None), "actions": own.get("actions", [])}
    if stranger == own or not hides_from_its_phone(session, table, viewer):
        return own  # nothing on this board is the seat's alone, or nothing of it from before the claim
    return stranger


HIDING_KEPT = 512  # answers kept per process: one per (table, tip, seat, claim)
_hiding: OrderedDict[tuple[str, int, int, int], bool] = OrderedDict()
_hiding_lock = threading.Lock()


def hides_from_its_phone(session: Session, table: GameTable, seat: int) -> bool:
    """Does a hidden entry of ``seat`` still in force date from before its phone's claim? Read
    off the whole log, so worked out once per tip (a board is drawn on every poll); a seat
    claimed before any entry (the usual case) needs no reading at all."""
    claimed_at = table.seats[seat].get("claimed_at") or 0
    if not claimed_at:
        return False
    key = (table.code, table.tip, seat, claimed_at)
    with _hiding_lock:
        if key in _hiding:
            return _hiding[key]
    hiding = _hidden_since(session, table, seat, claimed_at)
    with _hiding_lock:
        _hiding[key] = hiding
        while len(_hiding) > HIDING_KEPT:
            _hiding.popitem(last=False)
    return hiding


def _hidden_since(session: Session, table: GameTable, seat: int, claimed_at: int) -> bool:
    engine = reads.engine_of(table)
    lines = {line.seq: line for line in reads.history(session, table)}
    waiting: dict[str, Entry] = {}  # the seat's latest hidden entry of each kind still in force
    # Newest first, back to the last entry that showed the table what was hidden before it: only
    # the entries since then are read (a long game's earlier rounds cost nothing).
    for seq in reversed(reads.in_force(list(lines.values()), table.tip)):
        line = lines[seq]
        action = line.action if isinstance(line.action, Mapping) else {}
        if engine.may_show_secrets(action) and engine.shows_secrets(
            reads.state_at(session, table, line.prev_tip or 0), action, reads.state_at(session, table, seq)
        ):
            break
        kind = action.get("type")
        if (
            isinstance(kind, str)
            and kind in engine.secret_entries
            and kind not in waiting
            and _seat_of(session, table, line, action) == seat
        ):
            waiting[kind] = line
    return any(_first_made(lines, line) <= claimed_at for line in waiting.values())


def _seat_of(session: Session, table: GameTable, line: Entry, action: Mapping[str, Any]) -> int | None:
    """The seat a hidden entry is for: the one it names, else the phone's that made it, else
    (the host's trumps) the one the game offered it to."""
    seat = action.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        return seat
    if line.by != HOST:
        return int(line.by)
    return reads.entry_seat(table, reads.state_at(session, table, line.prev_tip or 0), action)


def _first_made(lines: dict[int, Entry], line: Entry) -> int:
    """The seq an entry was first made at: a correction re-enters the lines after the one it
    corrects as new lines, the same entries by the same phones."""
    earlier = lines.get(line.replaces) if line.replaces is not None else None
    while earlier is not None and earlier.action == line.action and earlier.by == line.by:
        line = earlier
        earlier = lines.get(line.replaces) if line.replaces is not None else None
    return line.seq
