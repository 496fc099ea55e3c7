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


class Hub:
    """The latest seq of every watched table, and a condition the streams wait on."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.seqs: dict[str, int] = {}
        self.watchers: defaultdict[str, int] = defaultdict(int)
        self.changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def announce(self, code: str, seq: int) -> None:
        with self.changed:
            if seq > self.seqs.get(code, -1):
                self.seqs[code] = seq
                self.changed.notify_all()

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
            except Exception:  # the database went away: the streams still time out, phones still poll
                time.sleep(1)

    def _read_seqs(self) -> None:
        query = text("SELECT code, seq FROM game_tables WHERE code IN :codes").bindparams(
            bindparam("codes", expanding=True))
        while True:
            time.sleep(SQLITE_WATCH_SECONDS)
            with self.changed:
                codes = list(self.watchers)
            if codes:
                with self.engine.connect() as connection:
                    rows = connection.execute(query, {"codes": codes}).all()
                for code, seq in rows:
                    self.announce(code, seq)

    def _listen(self) -> None:
        with self.engine.connect() as connection:
            connection.execution_options(isolation_level="AUTOCOMMIT").execute(text(f"LISTEN {CHANNEL}"))
            driver = connection.connection.driver_connection  # psycopg 3
            while True:
                for notice in driver.notifies(timeout=30):
                    code, _, seq = notice.payload.partition(":")
                    self.announce(code, int(seq))


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
