"""Keeping a public server tidy under abuse (issue 17, item 14). No Flask here.

- A code nobody has is remembered for a minute, so guessing codes costs no repeated queries.
- A table that was opened and never played on is deleted after a day: it holds nothing but
  names, and a script opening tables by the thousand would otherwise fill the database.
- A table nobody has written to for ``ARCHIVE_DAYS`` (30 by default, ``REFEREE_ARCHIVE_DAYS``)
  is archived: its board, history and score sheet stay, and it takes no new entries.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, select
from sqlmodel import Session

from .db import Entry, GameTable, Snapshot, utcnow

ARCHIVE_DAYS = int(os.environ.get("REFEREE_ARCHIVE_DAYS", "30"))
UNPLAYED_FOR = timedelta(days=1)
SWEEP_EVERY_SECONDS = 600
SWEEP_BATCH = 500


class UnknownCodes:
    """Codes recently asked for that no table has, forgotten after ``seconds`` (a table opened
    meanwhile in another process is found once its code is forgotten; codes are random, so
    nobody asks for one before it exists but a guesser)."""

    def __init__(self, seconds: float = 60, size: int = 10_000):
        self.seconds, self.size = seconds, size
        self._seen: OrderedDict[str, float] = OrderedDict()
        self._lock = threading.Lock()

    def __contains__(self, code: str) -> bool:
        with self._lock:
            when = self._seen.get(code)
            if when is not None and time.monotonic() - when > self.seconds:
                del self._seen[code]
                return False
            return when is not None

    def add(self, code: str) -> None:
        with self._lock:
            self._seen[code] = time.monotonic()
            self._seen.move_to_end(code)
            while len(self._seen) > self.size:
                self._seen.popitem(last=False)

    def discard(self, code: str) -> None:
        with self._lock:
            self._seen.pop(code, None)


UNKNOWN_CODES = UnknownCodes()


def is_archived(table: GameTable, now: datetime | None = None) -> bool:
    """Idle for ``ARCHIVE_DAYS`` (since it was opened or last written to)."""
    last = table.updated_at or table.created_at
    if last.tzinfo is None:
        last = last.replace(tzinfo=timezone.utc)
    return (now or utcnow()) - last > timedelta(days=ARCHIVE_DAYS)


_last_sweep = 0.0
_sweep_lock = threading.Lock()


def sweep_unplayed(session: Session, now: datetime | None = None, force: bool = False) -> int:
    """Delete tables opened more than a day ago with no entry (a batch at most, at most every
    ten minutes per process); the number deleted."""
    global _last_sweep
    with _sweep_lock:
        if not force and time.monotonic() - _last_sweep < SWEEP_EVERY_SECONDS:
            return 0
        _last_sweep = time.monotonic()
    cutoff = (now or utcnow()) - UNPLAYED_FOR
    ids = (
        session.execute(
            select(GameTable.id).where(GameTable.seq == 0, GameTable.created_at < cutoff).limit(SWEEP_BATCH)
        )
        .scalars()
        .all()
    )
    if ids:
        session.execute(delete(Snapshot).where(Snapshot.table_id.in_(ids)))
        session.execute(delete(Entry).where(Entry.table_id.in_(ids)))
        session.execute(delete(GameTable).where(GameTable.id.in_(ids)))
        session.commit()
    return len(ids)
