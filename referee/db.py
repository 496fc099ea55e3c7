"""The database: tables, their append-only log of entries, and state snapshots.

The log (``entries``) is the truth. ``snapshots`` hold the state after each recorded entry so that
no request replays the whole game; they can always be rebuilt from the log (``reads.replay``).
The schema is built and upgraded by migrations (``migrate.py``); a test checks that these models
match them.
"""

from __future__ import annotations

import sqlite3
import time
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint, event
from sqlalchemy.engine import Engine
from sqlmodel import Field, SQLModel, create_engine

from . import metrics, migrate


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class GameTable(SQLModel, table=True):
    """A table where one game is played. ``seq`` is the last log sequence number; ``tip`` the
    sequence number of the last entry still in force (undo moves it back)."""

    __tablename__ = "game_tables"
    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(index=True, unique=True, max_length=16)
    game: str = Field(max_length=32)
    host_token: str = Field(max_length=64)
    options: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    # [{"name", "token", "claimed"}]: a token only once a phone or client has claimed the seat
    seats: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    seats_version: int = 0  # compare-and-set counter of ``seats``: claims and frees never lose a race
    rematch: str | None = Field(default=None, index=True, max_length=16)  # the code of the table's rematch, once made
    # The code of its shared result: the read-only score sheet, which leads to no live table.
    share: str | None = Field(default=None, index=True, unique=True, max_length=16)
    seq: int = 0
    tip: int = 0
    # A correction that left later entries that no longer pass: what the table settles before it
    # takes a new entry (``referee.table.corrections``); None when nothing is pending.
    pending: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime | None = Field(default_factory=utcnow)  # opened or last written to


class Entry(SQLModel, table=True):
    """One line of a table's log: an entry as made (``kind='entry'``) or the undo of one
    (``kind='void'``, naming the voided ``seq`` in ``voids``). Never updated, never deleted.

    A correction (``referee.table.corrections``) writes entry lines for the entries it puts in force,
    each naming the older line it takes the place of in ``replaces``, then one record line of
    kind ``correct``, ``remove``, ``insert`` or ``accept`` naming the entry it is about in
    ``corrects``. Record lines (voids too) are never in force; their ``tip`` is the table's tip
    after them."""

    __tablename__ = "entries"
    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_entries_table_seq"),
        UniqueConstraint("table_id", "key", name="uq_entries_table_key"),
    )
    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_tables.id", index=True)
    seq: int
    key: str = Field(max_length=64)
    kind: str = Field(default="entry", max_length=8)
    by: str = Field(max_length=8)  # "host" or the seat number
    action: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))
    ruling: str | None = Field(default=None, max_length=16)  # rule overridden by a table ruling
    voids: int | None = None
    corrects: int | None = None  # a correction's record line: the entry corrected (inserted before)
    replaces: int | None = None  # an entry a correction put in force: the older line it stands for
    prev_tip: int | None = None  # for an entry: the tip it was applied on
    tip: int  # the tip after this line: this entry's seq, or for a void the tip it goes back to
    description: str = Field(default="", max_length=300)  # in English, for the API and old clients
    words: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))  # the same, as a dumped Text
    created_at: datetime = Field(default_factory=utcnow)


class Snapshot(SQLModel, table=True):
    """The game state after the entry at ``seq`` (seq 0: the state when the table opened)."""

    __tablename__ = "snapshots"
    table_id: int = Field(foreign_key="game_tables.id", primary_key=True)
    seq: int = Field(primary_key=True)
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    # The score sheet's working after this entry (``Game.sheet_step``): None for games that read
    # their sheet off the view alone, and for snapshots stored before it was kept.
    sheet: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


def database_url(url: str) -> str:
    """Accept plain ``postgres://`` / ``postgresql://`` URLs and use the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str) -> Engine:
    url = database_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
    event.listen(engine, "handle_error", metrics.database_error)
    migrate.upgrade(engine)  # a new database is built, an older one upgraded
    return engine


def _sqlite_pragmas(connection, _record) -> None:
    """WAL lets phones read while one writes; synchronous=FULL keeps a committed entry through
    a power cut; foreign keys are off by default in SQLite."""
    cursor = connection.cursor()
    _use_wal(cursor)
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


WAL_WAIT_SECONDS = 30


def _use_wal(cursor) -> None:
    """WAL is kept in the file once set. Setting it needs the file to itself, and SQLite answers
    "locked" at once rather than waiting, so several processes opening a fresh database together
    (gunicorn's workers, one of them migrating) try again until it is set."""
    deadline = time.monotonic() + WAL_WAIT_SECONDS
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")  # an in-memory database stays "memory"
            return
        except sqlite3.OperationalError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.02)
