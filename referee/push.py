"""Push: tell every phone watching a table that it moved on, within a fraction of a second.

Phones listen on a server-sent-events stream (``/t/CODE/events``) that carries only the table's
new sequence number, a nudge to re-fetch the board; the board itself still comes from the normal
GET, and polling stays as the fallback. Each app process keeps one ``Hub``: the streams of that
process wait on it, and one watcher thread feeds it from the database, so an entry made through
any process reaches phones connected to any other:

- PostgreSQL: every write sends ``NOTIFY`` in its own transaction (``log._append``), delivered at
  commit; the watcher ``LISTEN``s on its own connection.
- SQLite (one machine): the watcher reads the seqs of the tables being watched a few times a second,
  and writes made by this process are announced at once.
The same seqs answer the "anything new?" polls of phones without a stream, without a query.
No Flask here.
"""
from __future__ import annotations

import threading
import time
from collections import defaultdict

from sqlalchemy import bindparam, text
from sqlalchemy.engine import Engine

CHANNEL = "referee_seq"
SQLITE_WATCH_SECONDS = 0.1
POLL_INTEREST_SECONDS = 30.0
SEQS_OF_CODES = text("SELECT code, seq FROM game_tables WHERE code IN :codes").bindparams(
    bindparam("codes", expanding=True))


class Hub:
    """The latest seq of every watched table, and a condition the streams wait on."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.seqs: dict[str, int] = {}
        self.watchers: defaultdict[str, int] = defaultdict(int)  # code -> open streams
        self.polled: dict[str, float] = {}  # code -> when a poll last asked (monotonic)
        self.in_sync = False  # the watcher is up and has caught up: its seqs may answer polls
        self.changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def announce(self, code: str, seq: int) -> None:
        with self.changed:
            if seq > self.seqs.get(code, -1):
                self.seqs[code] = seq
                self.changed.notify_all()

    def known_seq(self, code: str) -> int | None:
        """The seq of ``code`` if this hub has been keeping it current, else None: ask the
        database (and ``announce`` the answer). Asking makes the hub keep the table current for
        the next ``POLL_INTEREST_SECONDS``, so a phone's polls after its first cost no query.
        It may lag another process's write by one watcher read (SQLite) or a NOTIFY."""
        self._start_watching()
        with self.changed:
            now = time.monotonic()
            kept = now - self.polled.get(code, -POLL_INTEREST_SECONDS) < POLL_INTEREST_SECONDS
            self.polled[code] = now
            return self.seqs.get(code) if kept and self.in_sync else None

    def wait_for_change(self, code: str, seen: int, timeout: float) -> int:
        """Block until ``code`` is past ``seen`` or ``timeout`` passes; return its latest seq."""
        self._start_watching()
        deadline = time.monotonic() + timeout
        with self.changed:
            self.watchers[code] += 1
            try:
                while self.seqs.get(code, seen) <= seen:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    self.changed.wait(left)
                return self.seqs.get(code, seen)
            finally:
                self.watchers[code] -= 1
                if not self.watchers[code]:
                    del self.watchers[code]

    # ------------------------------------------------------------------- the watcher thread

    def _start_watching(self) -> None:
        """Started on first use, inside the serving process (a thread does not survive a fork)."""
        with self.changed:
            if self._thread is not None and self._thread.is_alive():
                return
            target = self._listen if self.engine.dialect.name == "postgresql" else self._read_seqs
            self._thread = threading.Thread(target=self._forever, args=(target,), name="referee-push",
                                            daemon=True)
            self._thread.start()

    def _forever(self, watch) -> None:
        while True:
            try:
                watch()
            except Exception:  # noqa: BLE001 - the database went away: polls ask it again, streams time out
                with self.changed:
                    self.in_sync = False
                time.sleep(1)

    def _kept_codes(self) -> list[str]:
        """The tables someone is streaming or has polled lately; forget the others."""
        with self.changed:
            now = time.monotonic()
            for code in [c for c, at in self.polled.items() if now - at >= POLL_INTEREST_SECONDS]:
                del self.polled[code]
            return list(self.watchers.keys() | self.polled.keys())

    def _catch_up(self, connection, codes: list[str]) -> None:
        if codes:
            for code, seq in connection.execute(SEQS_OF_CODES, {"codes": codes}).all():
                self.announce(code, seq)

    def _read_seqs(self) -> None:
        """SQLite: read the kept tables' seqs a few times a second."""
        while True:
            with self.engine.connect() as connection:
                self._catch_up(connection, self._kept_codes())
            with self.changed:
                self.in_sync = True
            time.sleep(SQLITE_WATCH_SECONDS)

    def _listen(self) -> None:
        """PostgreSQL: LISTEN, then catch up on what changed while nobody was listening."""
        with self.engine.connect() as connection:
            connection.execution_options(isolation_level="AUTOCOMMIT").execute(text(f"LISTEN {CHANNEL}"))
            with self.changed:
                self.seqs.clear()  # values from before an outage may have missed a NOTIFY
            self._catch_up(connection, self._kept_codes())
            with self.changed:
                self.in_sync = True
            driver = connection.connection.driver_connection  # psycopg 3
            while True:
                for notice in driver.notifies(timeout=30):
                    code, _, seq = notice.payload.partition(":")
                    self.announce(code, int(seq))
                self._kept_codes()  # only to forget tables nobody polls any more


def event_stream(hub: Hub, code: str, seq: int, lifetime: float, heartbeat: float = 15):
    """Server-sent events for one phone: the seq now, then each newer one, for ``lifetime``
    seconds (the browser reconnects by itself); a comment now and then keeps proxies from
    closing an idle stream and finds phones that went away."""
    yield f"retry: 1000\nevent: seq\ndata: {seq}\n\n"
    end = time.monotonic() + lifetime
    while (left := end - time.monotonic()) > 0:
        latest = hub.wait_for_change(code, seq, min(heartbeat, left))
        if latest > seq:
            seq = latest
            yield f"event: seq\ndata: {seq}\n\n"
        else:
            yield ": still here\n\n"
