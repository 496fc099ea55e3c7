"""The table's SQL: every statement, built once, the compare-and-sets, and the one place where
PostgreSQL and SQLite differ. No Flask here.

Why it is one module: a write is four statements (the table with its tip, the compare-and-set,
the log line, the snapshot), and they are prebuilt Core statements run on the session's
connection, because the ORM's flushes and UPDATE bookkeeping were half of a write's CPU. The
databases differ in one thing only: how other processes hear that a table moved. On PostgreSQL
the NOTIFY rides on the UPDATE that moved it (``RETURNING pg_notify(...)``: one round trip, sent
only when the row moved, delivered at commit or never); on SQLite every process polls the tables
it watches. Either way this process's hub hears it at commit (``push.moved``). ``_update`` is
where that is written, once, for every UPDATE that moves a table or its seats.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, bindparam, func
from sqlalchemy.engine import Engine
from sqlalchemy.sql.dml import Update
from sqlmodel import Session, SQLModel, col, select

from ..db import Entry, GameTable
from ..push import CHANNEL, notice_payload
from ..push import moved as moved_at_commit

WRITE_ATTEMPTS = 5  # tries of a write (of a seat change: four times as many) before it is Stale
IN_CHUNK = 900  # seqs per IN (...) list: well inside every database's limit on parameters

TABLES: Table = SQLModel.metadata.tables["game_tables"]
ENTRIES: Table = SQLModel.metadata.tables["entries"]
SNAPSHOTS: Table = SQLModel.metadata.tables["snapshots"]
ENTRY_COLUMNS = tuple(column.name for column in ENTRIES.columns if column.name != "id")


# --------------------------------------------------------------------------- the one difference


@dataclass(frozen=True)
class Notice:
    """What a moved table tells the phones: its seq and its seats' version (``seats_moved``:
    the seats changed, so other processes are told the version too)."""

    code: str
    seq: int
    seats: int
    seats_moved: bool = False

    def payload(self) -> str:
        return notice_payload(self.code, self.seq, self.seats if self.seats_moved else None)


def _notifying(statement: Update) -> Any:
    return statement.returning(func.pg_notify(bindparam("channel"), bindparam("payload")))


def _update(session: Session, statement: Update, params: dict[str, Any], notice: Notice) -> int:
    """Run ``statement`` (an UPDATE guarded by a compare-and-set) and say how many rows it moved;
    a moved table is heard by every process at commit (see the module)."""
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        notified = {**params, "channel": CHANNEL, "payload": notice.payload()}
        moved = len(connection.execute(NOTIFYING[statement], notified).all())
    else:
        moved = connection.execute(statement, params).rowcount
    if moved == 1:
        moved_at_commit(session, notice.code, notice.seq, notice.seats)
    return moved


# --------------------------------------------------------------------------- finding a table

# The table and the snapshot at its tip, in one query: nearly every request that finds a table
# goes on to read its current state (a board, a write), and a write made two round trips.
_TABLE_AND_TIP_STATE = (
    select(GameTable, SNAPSHOTS.c.seq, SNAPSHOTS.c.state, SNAPSHOTS.c.sheet)
    .outerjoin(SNAPSHOTS, (SNAPSHOTS.c.table_id == TABLES.c.id) & (SNAPSHOTS.c.seq == TABLES.c.tip))
    .where(TABLES.c.code == bindparam("code"))
)
_STAMP_OF_CODE = select(TABLES.c.seq, TABLES.c.seats_version).where(TABLES.c.code == bindparam("code"))


def table_and_tip(session: Session, code: str) -> tuple[GameTable, int | None, Any, Any] | None:
    """The table of ``code``, and the seq, state and sheet working of the snapshot at its tip."""
    row = session.execute(_TABLE_AND_TIP_STATE, {"code": code}).first()
    return None if row is None else (row[0], row[1], row[2], row[3])


def stamp(engine: Engine, code: str) -> tuple[int, int] | None:
    """The seq and seats' version of ``code``: one indexed row on a pooled connection."""
    with engine.connect() as connection:
        row = connection.execute(_STAMP_OF_CODE, {"code": code}).first()
    return None if row is None else (row[0], row[1])


def table_with_code(session: Session, code: str) -> GameTable | None:
    found: GameTable | None = session.exec(select(GameTable).where(col(GameTable.code) == code)).first()
    return found


def table_with_share(session: Session, share: str) -> GameTable | None:
    found: GameTable | None = session.exec(select(GameTable).where(col(GameTable.share) == share)).first()
    return found


def tables_with_codes(session: Session, codes: list[str]) -> list[GameTable]:
    return list(session.exec(select(GameTable).where(col(GameTable.code).in_(codes))))


def code_is_taken(session: Session, code: str) -> bool:
    return session.exec(select(GameTable.id).where(GameTable.code == code)).first() is not None


# --------------------------------------------------------------------------- snapshots

_STATE_AT = select(SNAPSHOTS.c.state).where(
    SNAPSHOTS.c.table_id == bindparam("table_id"), SNAPSHOTS.c.seq == bindparam("seq")
)
_SHEET_AT = select(SNAPSHOTS.c.sheet).where(
    SNAPSHOTS.c.table_id == bindparam("table_id"), SNAPSHOTS.c.seq == bindparam("seq")
)
_INSERT_SNAPSHOT = SNAPSHOTS.insert()


def snapshot_state(session: Session, table_id: int, seq: int) -> Any:
    """One column on the session's connection, no ORM object: snapshots never change."""
    return session.connection().execute(_STATE_AT, {"table_id": table_id, "seq": seq}).scalar_one()


def snapshot_sheet(session: Session, table_id: int, seq: int) -> Any:
    return session.connection().execute(_SHEET_AT, {"table_id": table_id, "seq": seq}).scalar_one_or_none()


def snapshot_states(session: Session, table_id: int, seqs: list[int]) -> dict[int, Any]:
    statement = select(SNAPSHOTS.c.seq, SNAPSHOTS.c.state).where(
        SNAPSHOTS.c.table_id == table_id, SNAPSHOTS.c.seq.in_(seqs)
    )
    return {seq: state for seq, state in session.connection().execute(statement)}


def insert_snapshots(session: Session, rows: list[dict[str, Any]]) -> None:
    """Snapshots as dicts of table_id, seq, state and sheet (one statement for them all)."""
    if rows:
        session.connection().execute(_INSERT_SNAPSHOT, rows if len(rows) > 1 else rows[0])


# --------------------------------------------------------------------------- log lines

_INSERT_ENTRY = ENTRIES.insert()


def entries(session: Session, table_id: int) -> list[Entry]:
    """The whole log of a table, oldest first."""
    return list(session.exec(select(Entry).where(Entry.table_id == table_id).order_by(col(Entry.seq))))


def entry_at(session: Session, table_id: int, seq: int) -> Entry | None:
    found: Entry | None = session.exec(
        select(Entry).where(col(Entry.table_id) == table_id, col(Entry.seq) == seq)
    ).first()
    return found


def entry_with_key(session: Session, table_id: int, key: str) -> Entry | None:
    found: Entry | None = session.exec(
        select(Entry).where(col(Entry.table_id) == table_id, col(Entry.key) == key)
    ).first()
    return found


def entries_after(session: Session, table_id: int, seq: int) -> list[Entry]:
    return list(session.exec(select(Entry).where(Entry.table_id == table_id, col(Entry.seq) > seq)))


def entries_at(session: Session, table_id: int, seqs: Sequence[int]) -> dict[int, Entry]:
    """The log lines ``seqs``, by seq, in chunks of ``IN_CHUNK``."""
    found: dict[int, Entry] = {}
    for start in range(0, len(seqs), IN_CHUNK):
        chunk = seqs[start : start + IN_CHUNK]
        statement = select(Entry).where(Entry.table_id == table_id, col(Entry.seq).in_(chunk))
        found.update((line.seq, line) for line in session.exec(statement))
    return found


def chain_from(session: Session, table_id: int, tip: int, target: int) -> list[Entry]:
    """The lines on the chain of ``prev_tip`` from ``tip`` down to the first at or below
    ``target``, oldest first: one recursive query, so the lines off the chain (undone,
    corrected, re-entered) are never read."""
    down = (
        select(ENTRIES.c.seq, ENTRIES.c.prev_tip)
        .where(ENTRIES.c.table_id == table_id, ENTRIES.c.seq == tip)
        .cte("chain", recursive=True)
    )
    down = down.union_all(
        select(ENTRIES.c.seq, ENTRIES.c.prev_tip).where(
            ENTRIES.c.table_id == table_id, ENTRIES.c.seq == down.c.prev_tip, down.c.prev_tip >= target
        )
    )
    statement = select(Entry).where(Entry.table_id == table_id, col(Entry.seq).in_(select(down.c.seq)))
    return list(session.exec(statement.order_by(col(Entry.seq))))


def _columns(entry: Entry) -> dict[str, Any]:
    return {name: getattr(entry, name) for name in ENTRY_COLUMNS}


def insert_entries(session: Session, lines: Iterable[Entry]) -> None:
    rows = [_columns(line) for line in lines]
    session.connection().execute(_INSERT_ENTRY, rows if len(rows) > 1 else rows[0])


# --------------------------------------------------------------------------- the compare-and-sets


class _Keep:
    """The table's pending correction stays as it is (``move_table``'s default)."""


KEEP_PENDING = _Keep()

_MOVE = (
    TABLES.update()
    .where(TABLES.c.id == bindparam("table_id"), TABLES.c.seq == bindparam("expected_seq"))
    .values(seq=bindparam("new_seq"), tip=bindparam("new_tip"), updated_at=bindparam("at"))
)
_MOVE_AND_SET_PENDING = _MOVE.values(pending=bindparam("pending"))
_SWAP_SEATS = (
    TABLES.update()
    .where(TABLES.c.id == bindparam("table_id"), TABLES.c.seats_version == bindparam("version"))
    .values(seats=bindparam("seats"), seats_version=bindparam("new_version"))
)
_LINK_REMATCH = (
    TABLES.update()
    .where(TABLES.c.id == bindparam("table_id"), TABLES.c.rematch.is_(None))
    .values(rematch=bindparam("rematch_code"), seats_version=TABLES.c.seats_version + 1)
)
# What each UPDATE runs as on PostgreSQL: itself, sending the NOTIFY (bench/notify_rate.py swaps
# them for the same UPDATE without it, to measure what the NOTIFY costs).
NOTIFYING: dict[Update, Any] = {
    statement: _notifying(statement) for statement in (_MOVE, _MOVE_AND_SET_PENDING, _SWAP_SEATS, _LINK_REMATCH)
}


def move_table(session: Session, table: GameTable, expected_seq: int, line: Entry, pending: Any = KEEP_PENDING) -> bool:
    """Move the table to ``line``'s seq and tip only if nobody moved it since ``expected_seq``
    (and set its pending correction, unless ``KEEP_PENDING``). False: another write came first."""
    params = {
        "table_id": table.id,
        "expected_seq": expected_seq,
        "new_seq": line.seq,
        "new_tip": line.tip,
        "at": line.created_at,
    }
    statement = _MOVE
    if pending is not KEEP_PENDING:
        statement, params["pending"] = _MOVE_AND_SET_PENDING, pending
    return _update(session, statement, params, Notice(table.code, line.seq, table.seats_version)) == 1


def swap_seats(session: Session, table: GameTable, seats: list[dict[str, Any]]) -> bool:
    """Store ``seats`` only if nobody changed the seats since ``table.seats_version`` was read."""
    new_version = table.seats_version + 1
    params = {"table_id": table.id, "version": table.seats_version, "seats": seats, "new_version": new_version}
    return _update(session, _SWAP_SEATS, params, Notice(table.code, table.seq, new_version, seats_moved=True)) == 1


def link_rematch(session: Session, table: GameTable, rematch_code: str) -> bool:
    """Name the table's rematch unless it has one already (moving its seats' version on, so every
    phone hears of it). False: another phone linked one first."""
    params = {"table_id": table.id, "rematch_code": rematch_code}
    notice = Notice(table.code, table.seq, table.seats_version + 1, seats_moved=True)
    return _update(session, _LINK_REMATCH, params, notice) == 1
