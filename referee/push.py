"""Push: tell every phone watching a table that it moved on, within a fraction of a second.

Phones listen on a server-sent-events stream (``/t/CODE/events``) that carries the table's new
sequence number (a ``seq`` event) and, when a phone joins or a seat is freed, its seats' version
(a ``seats`` event): a nudge to re-fetch the board. A stream that asks for boards (issue 31:
``?boards=…``, the pages do) is sent the phone's new board itself instead (a ``board`` event,
drawn by a ``Painter`` for that phone's viewer, once per viewer and seq: web/stream_boards.py), so
the phone makes no request of its own; a board that cannot be drawn is a nudge again. The normal
GET stays for the first board, a fetch after a nudge, and polling stays as the fallback. Each app process keeps one ``Hub``: the streams
of that process wait on it (under ``referee serve`` the door's stream pump listens to it instead:
pump.py), and one watcher thread feeds it from the database, so an entry made through any
process reaches phones connected to any other:

- PostgreSQL: every write sends ``NOTIFY`` in its own transaction (``table/store.py``: ``CODE:SEQ``;
  a seat claimed or freed, ``CODE:SEQ:SEATS``), delivered at commit; the
  watcher ``LISTEN``s on its own connection, and every ``LISTEN_CHECK_SECONDS`` reads the watched
  seqs on another: a table ahead of what was heard is announced, and if no NOTIFY follows, the
  LISTEN connection went silent and is made again.
- SQLite (one machine): the watcher reads the seqs and seats' versions of the tables being watched
  a few times a second.
Writes made by this process are announced to its hub at their commit (``moved``), whichever path
made them, as a NOTIFY is delivered: never a move that was rolled back.
The same seqs answer the "anything new?" polls of phones without a stream, without a query.
No Flask here.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
import weakref
import zlib
from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Protocol

from sqlalchemy import bindparam, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

logger = logging.getLogger(__name__)

CHANNEL = "referee_seq"
SQLITE_WATCH_SECONDS = 0.1
POLL_INTEREST_SECONDS = 30.0
LISTEN_CHECK_SECONDS = 2.0  # PostgreSQL: how often the LISTEN connection is checked against the database
NOTIFY_GRACE_SECONDS = 0.5  # a NOTIFY sent at a commit before the check arrives within this
SEQS_OF_CODES = text("SELECT code, seq, seats_version FROM game_tables WHERE code IN :codes").bindparams(
    bindparam("codes", expanding=True)
)
NO_SEATS = -1  # a table whose seats' version the hub has not heard yet
MOVED = "referee.push.moved"  # session.info: the tables this transaction moved, heard at commit


class ListenWentSilent(Exception):
    """The LISTEN connection stopped hearing NOTIFYs the database sent."""


class Hub:
    """The latest seq (and seats' version) of every watched table, and a condition the streams
    wait on."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.seqs: dict[str, int] = {}
        self.seat_versions: dict[str, int] = {}
        self.watchers: defaultdict[str, int] = defaultdict(int)  # code -> open streams
        self.polled: dict[str, float] = {}  # code -> when a poll last asked (monotonic)
        self.in_sync = False  # the watcher is up and has caught up: its seqs may answer polls
        self.changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self.listening = None  # PostgreSQL: the connection the watcher LISTENs on
        self.listeners: list[Callable[[str], None]] = []  # see ``listen``
        if engine is not None:
            _HUBS[engine] = self  # hears the commits of sessions on this engine: ``moved``

    def announce(self, code: str, seq: int, seats: int | None = None) -> None:
        """``code`` is at ``seq`` (and its seats at version ``seats``); each only ever moves on."""
        with self.changed:
            moved = False
            if seq > self.seqs.get(code, -1):
                self.seqs[code] = seq
                moved = True
            if seats is not None and seats > self.seat_versions.get(code, NO_SEATS):
                self.seat_versions[code] = seats
                moved = True
            if moved:
                self.changed.notify_all()
            listeners = self.listeners if moved else ()
        for heard in listeners:
            heard(code)

    def known_seq(self, code: str) -> int | None:
        """The seq of ``code`` if this hub has been keeping it current, else None: ask the
        database (and ``announce`` the answer). Asking makes the hub keep the table current for
        the next ``POLL_INTEREST_SECONDS``, so a phone's polls after its first cost no query.
        It may lag another process's write by one watcher read (SQLite) or a NOTIFY."""
        with self.changed:
            return self.seqs.get(code) if self._kept_current(code) else None

    def known_stamp(self, code: str) -> tuple[int, int] | None:
        """(seq, seats' version) of ``code``, kept as ``known_seq`` keeps the seq, else None."""
        with self.changed:
            if not self._kept_current(code) or code not in self.seqs or code not in self.seat_versions:
                return None
            return self.seqs[code], self.seat_versions[code]

    def _kept_current(self, code: str) -> bool:
        """Whether the hub's values of ``code`` may answer a poll; the poll makes the hub keep
        the table current from now on. Called holding ``changed``."""
        self._start_watching()
        now = time.monotonic()
        kept = now - self.polled.get(code, -POLL_INTEREST_SECONDS) < POLL_INTEREST_SECONDS
        self.polled[code] = now
        return kept and self.in_sync

    def forget(self, code: str) -> None:
        """A code polled that no table has: the watcher need not read it for the next
        ``POLL_INTEREST_SECONDS`` (a guesser's codes would fill its query)."""
        with self.changed:
            self.polled.pop(code, None)

    def wait_for_change(self, code: str, seen: int, timeout: float) -> int:
        """Block until ``code`` is past ``seen`` or ``timeout`` passes; return its latest seq."""
        return self.wait_for_news(code, (seen, None), timeout)[0]

    def wait_for_news(self, code: str, seen: tuple[int, int | None], timeout: float) -> tuple[int, int | None]:
        """Block until ``code`` is past the seq seen or the seats' version seen (None: seats not
        watched), or ``timeout`` passes; return (seq, seats' version)."""
        deadline = time.monotonic() + timeout
        self.watch(code)
        try:
            with self.changed:
                while True:
                    now = self.latest(code, seen)
                    if is_news(seen, now):
                        return now
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return now
                    self.changed.wait(left)
        finally:
            self.unwatch(code)

    def latest(self, code: str, seen: tuple[int, int | None]) -> tuple[int, int | None]:
        """(seq, seats' version) of ``code`` as far as the hub knows, ``seen`` where it knows nothing."""
        with self.changed:
            return self.seqs.get(code, seen[0]), self.seat_versions.get(code, seen[1])

    def watch(self, code: str) -> None:
        """A stream listens to ``code``: keep it current (the watcher reads it) until ``unwatch``."""
        self._start_watching()
        with self.changed:
            self.watchers[code] += 1

    def unwatch(self, code: str) -> None:
        with self.changed:
            self.watchers[code] -= 1
            if not self.watchers[code]:
                del self.watchers[code]

    def listen(self, heard: Callable[[str], None]) -> None:
        """Call ``heard(code)`` (quickly, without blocking: it runs on the announcing thread)
        each time a table moves on, for a listener that cannot wait on ``changed``."""
        with self.changed:
            self.listeners.append(heard)

    # ------------------------------------------------------------------- the watcher thread

    def _start_watching(self) -> None:
        """Started on first use, inside the serving process (a thread does not survive a fork)."""
        with self.changed:
            if self._thread is not None and self._thread.is_alive():
                return
            target = self._listen if self.engine.dialect.name == "postgresql" else self._read_seqs
            self._thread = threading.Thread(target=self._forever, args=(target,), name="referee-push", daemon=True)
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
        """The tables someone is streaming or has polled lately; forget the others, their seqs
        too (every table written to would stay for good: a poll asks the database again)."""
        with self.changed:
            now = time.monotonic()
            for code in [c for c, at in self.polled.items() if now - at >= POLL_INTEREST_SECONDS]:
                del self.polled[code]
            kept = self.watchers.keys() | self.polled.keys()
            for code in [c for c in self.seqs if c not in kept]:
                del self.seqs[code]
                self.seat_versions.pop(code, None)
            return list(kept)

    def _catch_up(self, connection, codes: list[str]) -> None:
        if codes:
            for code, seq, seats in connection.execute(SEQS_OF_CODES, {"codes": codes}).all():
                self.announce(code, seq, seats)

    def _read_seqs(self) -> None:
        """SQLite: read the kept tables' seqs and seats' versions a few times a second."""
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
                self.seat_versions.clear()
            self._catch_up(connection, self._kept_codes())
            with self.changed:
                self.in_sync = True
            driver = self.listening = connection.connection.driver_connection  # psycopg 3
            while True:
                self._hear(driver, LISTEN_CHECK_SECONDS)
                if self._listen_went_silent(driver):
                    connection.invalidate()  # never back into the pool
                    raise ListenWentSilent()

    def _hear(self, driver, seconds: float) -> bool:
        """Announce the NOTIFYs that arrive within ``seconds``; True if any did."""
        heard = False
        for notice in driver.notifies(timeout=seconds):
            self.announce(*read_notice(notice.payload))
            heard = True
        return heard

    def _listen_went_silent(self, driver) -> bool:
        """Read the kept tables' seqs on another connection (the fallback: a board never waits
        longer than one check). A table the database has moved on, with no NOTIFY arriving just
        after (it was sent at a commit before this read), means the LISTEN connection went
        silent: on PostgreSQL scale-out, 89 of 89 polls said "nothing new" for 90 s after the
        table moved on. Then listen again on a new connection."""
        codes = self._kept_codes()
        if not codes:
            return False
        with self.changed:
            known = dict(self.seqs)
        with self.engine.connect() as other:
            ahead = [
                row for row in other.execute(SEQS_OF_CODES, {"codes": codes}).all() if row[1] > known.get(row[0], -1)
            ]
        heard = self._hear(driver, NOTIFY_GRACE_SECONDS) if ahead else True
        for code, seq, seats in ahead:
            self.announce(code, seq, seats)
        return not heard


def notice_payload(code: str, seq: int, seats: int | None = None) -> str:
    """The NOTIFY payload: ``CODE:SEQ`` for an entry, ``CODE:SEQ:SEATS`` for a seat change."""
    return f"{code}:{seq}" if seats is None else f"{code}:{seq}:{seats}"


def read_notice(payload: str) -> tuple[str, int, int | None]:
    code, seq, *seats = payload.split(":")
    return code, int(seq), int(seats[0]) if seats else None


HEARTBEAT = ": still here\n\n"  # an SSE comment: keeps proxies from closing an idle stream


class Plain:
    """A stream's events as they are said (a phone that takes no gzip)."""

    content_encoding: str | None = None

    def said(self, text: str) -> bytes:
        return text.encode()

    def end(self) -> bytes:
        return b""


# The window holds the board said before (a Schwimmen board is about 10 KB): a new board is
# sent as little more than what changed (issue 31: a Switch To board event of 6.8 KB went out
# as 190 bytes, where gzip of each board alone made 1.5 KB). Memory: about 35 KB a stream.
DEFLATE_WINDOW_BITS = 14
DEFLATE_MEMORY_LEVEL = 4
DEFLATE_LEVEL = 6


class Deflated:
    """A stream's events gzip-compressed as one body, each flushed whole as it is said
    (``Z_SYNC_FLUSH``): the phone's browser reads every event at once, nothing held back, and
    each is compressed against those before it. Used by one thread at a time (the request's,
    then the pump's)."""

    content_encoding: str | None = "gzip"

    def __init__(self) -> None:
        self._gzip = zlib.compressobj(DEFLATE_LEVEL, zlib.DEFLATED, 16 + DEFLATE_WINDOW_BITS, DEFLATE_MEMORY_LEVEL)

    def said(self, text: str) -> bytes:
        return self._gzip.compress(text.encode()) + self._gzip.flush(zlib.Z_SYNC_FLUSH)

    def end(self) -> bytes:
        """The gzip body's end (its trailer): said once, when the stream ends."""
        return self._gzip.flush(zlib.Z_FINISH)


StreamEncoding = Plain | Deflated


def is_news(seen: tuple[int, int | None], latest: tuple[int, int | None]) -> bool:
    """Whether ``latest`` (seq, seats' version) is past ``seen`` (seats None: not watched)."""
    return latest[0] > seen[0] or (seen[1] is not None and latest[1] is not None and latest[1] > seen[1])


@dataclass(frozen=True)
class Painted:
    """One viewer's board at (``seq``, ``seats``): its HTML, with ``mark`` where each phone's
    answer gets its own form key (a double tap records once; two phones never share a key)."""

    seq: int
    seats: int
    html: str
    mark: str = ""

    def event(self) -> str:
        """The ``board`` event (its id the seq: a browser that reconnects says the last it had in
        ``Last-Event-ID``). Each line of the HTML is a data line; the browser joins them with a
        newline (a carriage return would end a line too: it becomes one)."""
        html = self.html.replace(self.mark, uuid.uuid4().hex) if self.mark else self.html
        lines = html.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        return f"id: {self.seq}\nevent: board\n" + "".join(f"data: {line}\n" for line in lines) + "\n"


class Painter(Protocol):
    """Draws the boards of a table's streams (web/stream_boards.py): for each viewer asked for,
    its board as the table stands when drawn, or None (the stream nudges instead). Blocking (the
    database, the templates): the pump calls it off its own thread."""

    def paint(self, code: str, viewers: list) -> dict[Hashable, Painted | None]: ...


@dataclass(frozen=True)
class StreamBoards:
    """A stream that carries boards: who draws them, and for which viewer (hashable: streams of
    the same viewer share a drawing)."""

    painter: Painter
    viewer: Hashable


class TableStream:
    """What one phone's stream has said of its table, and the events that say what is newer.
    Shared by ``event_stream`` (a thread per stream) and the door's pump (one thread for all)."""

    def __init__(self, code: str, seq: int, seats: int | None = None):
        self.code, self.seq, self.seats = code, seq, seats

    @property
    def seen(self) -> tuple[int, int | None]:
        return self.seq, self.seats

    def opening(self, board_seats: int | None = None, board: Painted | None = None) -> str:
        """The seq now, and the seats' version when the board was drawn at another
        (``board_seats``, which the phone's stream address carries); or, for a phone that
        reconnects having missed an entry, its ``board`` now."""
        said = "retry: 1000\n"
        if board is not None and board.seq >= self.seq:
            self.seq = board.seq
            if self.seats is not None:
                self.seats = max(self.seats, board.seats)
            return said + board.event()
        said += f"id: {self.seq}\nevent: seq\ndata: {self.seq}\n\n"
        if self.seats is not None and board_seats is not None and self.seats != board_seats:
            said += f"event: seats\ndata: {self.seats}\n\n"
        return said

    def news(self, latest: tuple[int, int | None]) -> str:
        """The events for what ``latest`` has that this stream has not said ("" if nothing)."""
        latest_seq, latest_seats = latest
        said = ""
        if latest_seq > self.seq:
            self.seq = latest_seq
            said += f"id: {self.seq}\nevent: seq\ndata: {self.seq}\n\n"
        if self.seats is not None and latest_seats is not None and latest_seats > self.seats:
            self.seats = latest_seats
            said += f"event: seats\ndata: {self.seats}\n\n"
        return said

    def board(self, painted: Painted | None) -> str:
        """The ``board`` event when ``painted`` is newer than what this stream has said (a
        later seq, or the same seq at later seats), else "". The board says its seq and seats
        itself (``data-seq``, ``data-seats``): no nudge follows it."""
        if painted is None or painted.seq < self.seq:
            return ""
        seats_moved = self.seats is not None and painted.seats > self.seats
        if painted.seq == self.seq and not seats_moved:
            return ""
        self.seq = painted.seq
        if self.seats is not None:
            self.seats = max(self.seats, painted.seats)
        return painted.event()


def paint_one(boards: StreamBoards, code: str) -> Painted | None:
    """This stream's board now (None: it could not be drawn, the stream nudges instead)."""
    try:
        return boards.painter.paint(code, [boards.viewer]).get(boards.viewer)
    except Exception:  # noqa: BLE001 - a board not drawn is a nudge, never a stream lost
        logger.exception("drawing a stream's board")
        return None


def event_stream(
    hub: Hub,
    code: str,
    seq: int,
    lifetime: float,
    heartbeat: float = 15,
    seats: int | None = None,
    board_seats: int | None = None,
    boards: StreamBoards | None = None,
    opening_board: Painted | None = None,
    encoding: StreamEncoding | None = None,
):
    """Server-sent events for one phone, holding the thread that reads them: the seq now, then
    each newer one, for ``lifetime`` seconds (the browser reconnects by itself); a comment now
    and then keeps proxies from closing an idle stream and finds phones that went away.

    With ``seats`` (the seats' version now) a ``seats`` event says each new version: a phone
    joined or a seat was freed. It is said at once when the board was drawn at another version
    (``board_seats``). With ``boards``, news is the phone's new board where it can be drawn
    (``opening_board``: a reconnecting phone's, at once). Under ``referee serve`` the door's
    pump holds streams instead (pump.py). The events are bytes in ``encoding`` (plain unless
    told)."""
    encoding = encoding or Plain()
    stream = TableStream(code, seq, seats)
    yield encoding.said(stream.opening(board_seats, opening_board))
    end = time.monotonic() + lifetime
    while (left := end - time.monotonic()) > 0:
        latest = hub.wait_for_news(code, stream.seen, min(heartbeat, left))
        said = ""
        if boards is not None and is_news(stream.seen, latest):
            said = stream.board(paint_one(boards, code))
        yield encoding.said(said or stream.news(latest) or HEARTBEAT)
    yield encoding.end()


PARK_STREAM = "referee.park_stream"  # the WSGI environ key of a server that holds streams itself


@dataclass
class HeldStream:
    """A phone's stream handed to a server that holds streams without a thread each (the door's
    pump, pump.py): its opening already sent, what it has said, for how long it lasts, and the
    slot it gives back when it ends."""

    hub: Hub
    stream: TableStream
    lifetime: float
    heartbeat: float
    give_back: Callable[[], None]
    boards: StreamBoards | None = None  # the phone's boards, not nudges, when it asked for them
    encoding: StreamEncoding = field(default_factory=Plain)  # as its opening was sent


_HUBS: weakref.WeakKeyDictionary[Engine, Hub] = weakref.WeakKeyDictionary()


def moved(session: Session, code: str, seq: int, seats: int | None = None) -> None:
    """The table ``code`` is at ``seq`` (and seats' version ``seats``) once ``session`` commits:
    the hub of its engine hears it then, so no write path need remember to nudge the phones."""
    session.info.setdefault(MOVED, {})[code] = (seq, seats)


@event.listens_for(Session, "after_commit")
def _announce_moved(session: Session) -> None:
    tables = session.info.pop(MOVED, {})
    hub = _HUBS.get(session.bind) if isinstance(session.bind, Engine) else None
    if hub is not None:
        for code, (seq, seats) in tables.items():
            hub.announce(code, seq, seats)


@event.listens_for(Session, "after_rollback")
def _forget_moved(session: Session) -> None:
    session.info.pop(MOVED, None)
