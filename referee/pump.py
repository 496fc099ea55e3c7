"""The stream pump of ``referee serve``: one thread holds every phone's event stream.

A stream held by a server thread for its whole lifetime (``push.event_stream``) let a process
hold only as many phones as it had threads. Under ``referee serve`` the door answers a stream's
request with its opening events as usual, then takes its connection out of waitress's main loop
and hands the socket here (door.py). This thread waits, on one ``selectors`` poll, for:

- news: the push Hub calls ``heard`` when a table moves on (``Hub.listen``); the pump wakes and
  writes each of that table's streams the events it has not said yet (``TableStream.news``).
  Streams that carry boards (issue 31) wait for them instead: the table's boards are drawn off
  this thread (``PAINTERS`` threads: the database and the templates block), once per viewer
  among its streams, and each stream is sent its own (``TableStream.board``), or the nudge when
  its board could not be drawn. A move heard while a table's boards are being drawn has them
  drawn again once those are sent;
- time: each stream's next heartbeat, or the end of its lifetime, when it writes the chunked
  terminator and gives the connection back to the door (kept alive, or closed: HTTP/1.0, or
  ``Connection: close`` asked for);
- the phones: a socket that reads as closed (or sends anything: a phone that pipelines a
  request on its stream's connection is not one we know) is dropped at once.

Every way out gives the stream's slot back and stops watching its table. A board is a few
kilobytes: what a socket's send buffer does not take waits in the stream's outbox and is sent
as the socket drains; a phone whose outbox grows past ``OUTBOX_MOST`` stopped reading long ago,
and it is dropped too. No Flask, no waitress.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import selectors
import socket
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor

from .push import HEARTBEAT, HeldStream, Hub, Painted, Painter

logger = logging.getLogger(__name__)

CHUNK_END = b"0\r\n\r\n"
PAINTERS = 2  # threads that draw boards for streams (the GIL shares one core among them anyway)
OUTBOX_MOST = 256 * 1024  # bytes a stream may have waiting to be sent before it is dropped


class Parked:
    """One phone's stream while the pump holds it."""

    __slots__ = ("sock", "held", "chunked", "ends_at", "due", "done", "closed", "outbox", "writing")

    def __init__(self, sock: socket.socket, held: HeldStream, chunked: bool, done: Callable[[bool], None]):
        self.sock, self.held, self.chunked, self.done = sock, held, chunked, done
        self.ends_at = time.monotonic() + held.lifetime
        self.due = 0.0  # when its next heartbeat (or its end) is due
        self.closed = False
        self.outbox = b""  # what the socket has not taken yet
        self.writing = False  # the pump waits for room to send the rest

    @property
    def table(self) -> tuple[Hub, str]:
        return self.held.hub, self.held.stream.code


class StreamPump:
    """Holds parked streams on one thread, started with the first."""

    def __init__(self):
        self.selector = selectors.DefaultSelector()
        self._wake_in, self._wake_out = socket.socketpair()
        for end in (self._wake_in, self._wake_out):
            end.setblocking(False)
        self.selector.register(self._wake_in, selectors.EVENT_READ, None)
        self.lock = threading.Lock()
        self._arriving: list[Parked] = []
        self._moved: set[tuple[Hub, str]] = set()
        self._hubs: set[Hub] = set()
        self.by_table: dict[tuple[Hub, str], set[Parked]] = {}
        self._timers: list[tuple[float, int, Parked]] = []  # (due, tie-breaker, stream)
        self._serial = itertools.count()
        self._thread: threading.Thread | None = None
        self._ending = False  # the server is stopping: every stream ends now, and any that arrives
        self._painters: ThreadPoolExecutor | None = None
        self._painting: set[tuple[Hub, str]] = set()  # tables whose boards are being drawn
        self._paint_again: set[tuple[Hub, str]] = set()  # ... and moved on meanwhile
        self._painted: list[tuple[tuple[Hub, str], dict]] = []  # drawn, to be sent (under the lock)

    # ------------------------------------------------------------------ any thread

    def adopt(self, sock: socket.socket, held: HeldStream, chunked: bool, done: Callable[[bool], None]) -> None:
        """Hold ``sock``'s stream (its opening sent; ``chunked``: in chunks, HTTP/1.1) until it
        ends; then ``done(True)`` when the answer ended whole and the connection may serve
        another request, ``done(False)`` when it must be closed."""
        held.hub.watch(held.stream.code)  # the hub keeps the table current from now on
        with self.lock:
            if held.hub not in self._hubs:
                self._hubs.add(held.hub)
                held.hub.listen(lambda code, hub=held.hub: self._heard(hub, code))
            self._arriving.append(Parked(sock, held, chunked, done))
            if self._thread is None:
                self._thread = threading.Thread(target=self._forever, name="referee-pump", daemon=True)
                self._thread.start()
        self._wake()

    def end_all(self) -> None:
        """The server is stopping: end every stream as its lifetime would (the browser
        reconnects, to another process behind the proxy), and any still on its way here."""
        with self.lock:
            self._ending = True
        self._wake()

    def holding(self) -> int:
        """Streams held or on their way here."""
        with self.lock:
            return len(self._arriving) + sum(len(streams) for streams in self.by_table.values())

    def _heard(self, hub: Hub, code: str) -> None:
        """A table moved on (called by the hub on the announcing thread: only a note and a wake)."""
        if (hub, code) in self.by_table:
            with self.lock:
                self._moved.add((hub, code))
            self._wake()

    def _wake(self) -> None:
        try:
            self._wake_out.send(b"\0")
        except BlockingIOError:
            pass  # already a wake-up waiting to be read

    # ------------------------------------------------------------------ the pump's thread

    def _forever(self) -> None:
        while True:
            try:
                self._turn()
            except Exception:  # noqa: BLE001 - one stream's trouble must not stop every stream
                logger.exception("stream pump")

    def _turn(self) -> None:
        timeout = max(0.0, self._timers[0][0] - time.monotonic()) if self._timers else None
        for key, mask in self.selector.select(timeout):
            if key.data is None:
                self._drain_wakes()
                continue
            if mask & selectors.EVENT_WRITE:
                self._flush(key.data)
            if mask & selectors.EVENT_READ and not key.data.closed:
                self._heard_from_phone(key.data)
        with self.lock:
            arriving, self._arriving = self._arriving, []
            moved, self._moved = self._moved, set()
            painted, self._painted = self._painted, []
        for parked in arriving:
            self._hold(parked)
        for table in moved:
            self._table_moved(table)
        for table, boards in painted:
            self._send_boards(table, boards)
        if self._ending:
            for streams in list(self.by_table.values()):
                for parked in list(streams):
                    self._end(parked)
        self._keep_time()

    def _drain_wakes(self) -> None:
        try:
            while self._wake_in.recv(4096):
                pass
        except BlockingIOError:
            pass

    def _hold(self, parked: Parked) -> None:
        try:
            self.selector.register(parked.sock, selectors.EVENT_READ, parked)
        except (OSError, ValueError):  # closed on the way here
            self._let_go(parked, reusable=False)
            return
        self.by_table.setdefault(parked.table, set()).add(parked)
        self._schedule(parked, time.monotonic())
        self._say_news(parked)  # what moved on between its opening and now

    def _table_moved(self, table: tuple[Hub, str]) -> None:
        """Nudge the table's streams that carry no boards; draw the boards of the others (again
        once the drawing under way is sent, if there is one)."""
        drawn = []
        for parked in list(self.by_table.get(table, ())):
            if parked.held.boards is None:
                self._say_news(parked)
            else:
                drawn.append(parked)
        if not drawn:
            return
        if table in self._painting:
            self._paint_again.add(table)
            return
        viewers: dict[Painter, set[Hashable]] = defaultdict(set)
        for parked in drawn:
            viewers[parked.held.boards.painter].add(parked.held.boards.viewer)  # type: ignore[union-attr]
        if self._painters is None:
            self._painters = ThreadPoolExecutor(PAINTERS, thread_name_prefix="referee-paint")
        self._painting.add(table)
        self._painters.submit(self._paint, table, viewers)

    def _paint(self, table: tuple[Hub, str], viewers: dict[Painter, set[Hashable]]) -> None:
        """On a painter's thread: the boards of the table's viewers, handed back to the pump."""
        boards: dict[tuple[Painter, Hashable], Painted | None] = {}
        for painter, wanted in viewers.items():
            try:
                for viewer, painted in painter.paint(table[1], list(wanted)).items():
                    boards[painter, viewer] = painted
            except Exception:  # noqa: BLE001 - boards not drawn: those phones are nudged instead
                logger.exception("drawing boards for streams")
        with self.lock:
            self._painted.append((table, boards))
        self._wake()

    def _send_boards(self, table: tuple[Hub, str], boards: dict) -> None:
        """Each stream of the table its board, or the nudge where it has none (a stream that
        came while they were drawn, a board that could not be drawn)."""
        self._painting.discard(table)
        for parked in list(self.by_table.get(table, ())):
            said = ""
            if parked.held.boards is not None:
                said = parked.held.stream.board(boards.get((parked.held.boards.painter, parked.held.boards.viewer)))
            if said:
                self._send(parked, said)
            elif table not in self._paint_again:
                self._say_news(parked)
        if table in self._paint_again:
            self._paint_again.discard(table)
            self._table_moved(table)

    def _say_news(self, parked: Parked) -> None:
        held = parked.held
        said = held.stream.news(held.hub.latest(held.stream.code, held.stream.seen))
        if said:
            self._send(parked, said)

    def _keep_time(self) -> None:
        now = time.monotonic()
        while self._timers and self._timers[0][0] <= now:
            due, _, parked = heapq.heappop(self._timers)
            if parked.closed or due != parked.due:
                continue  # a stream ended, or written to since: this beat is not due any more
            if now >= parked.ends_at:
                self._end(parked)
            else:
                self._send(parked, HEARTBEAT)

    def _schedule(self, parked: Parked, last_said: float) -> None:
        """The next heartbeat ``heartbeat`` seconds after the last thing said, or the end."""
        parked.due = min(last_said + parked.held.heartbeat, parked.ends_at)
        heapq.heappush(self._timers, (parked.due, next(self._serial), parked))

    def _send(self, parked: Parked, text: str) -> None:
        """``text`` in the stream's encoding, framed as waitress framed the opening: one chunk,
        or as it is (HTTP/1.0); what the socket does not take now waits in the outbox."""
        if parked.closed:
            return
        parked.outbox += self._framed(parked, parked.held.encoding.said(text))
        if len(parked.outbox) > OUTBOX_MOST:
            self._drop(parked)
        elif self._flush(parked):
            self._schedule(parked, time.monotonic())

    @staticmethod
    def _framed(parked: Parked, data: bytes) -> bytes:
        return b"%X\r\n%b\r\n" % (len(data), data) if parked.chunked and data else data

    def _flush(self, parked: Parked) -> bool:
        """Send what the outbox holds, as much as the socket takes; watch for room while some is
        left. False: the phone is gone (it was dropped)."""
        if parked.closed:
            return False
        if parked.outbox:
            try:
                sent = parked.sock.send(parked.outbox)
            except BlockingIOError:
                sent = 0
            except OSError:
                self._drop(parked)
                return False
            parked.outbox = parked.outbox[sent:]
        writing = bool(parked.outbox)
        if writing != parked.writing:
            try:
                self.selector.modify(
                    parked.sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if writing else 0), parked
                )
                parked.writing = writing
            except (KeyError, ValueError, OSError):
                pass  # not registered yet (``_hold`` registers it, then says what is new)
        return True

    @staticmethod
    def _send_all(parked: Parked, data: bytes) -> bool:
        try:
            return parked.sock.send(data) == len(data)
        except OSError:
            return False

    def _heard_from_phone(self, parked: Parked) -> None:
        """Readable: the phone closed (or sent what a stream's phone never sends)."""
        try:
            parked.sock.recv(1)
        except BlockingIOError:
            return
        except OSError:
            pass
        self._drop(parked)

    def _end(self, parked: Parked) -> None:
        """The stream's lifetime is over: the chunked terminator, and the connection may live on
        (HTTP/1.0: the close ends the answer). A stream whose outbox is not sent by then is
        closed instead (its phone reconnects and is told the seq then). A compressed stream's
        body is ended first (gzip's trailer)."""
        parked.outbox += self._framed(parked, parked.held.encoding.end())
        whole = not parked.outbox or self._send_all(parked, parked.outbox)
        self._let_go(parked, reusable=whole and parked.chunked and self._send_all(parked, CHUNK_END))

    def _drop(self, parked: Parked) -> None:
        self._let_go(parked, reusable=False)

    def _let_go(self, parked: Parked, reusable: bool) -> None:
        if parked.closed:
            return
        streams = self.by_table.get(parked.table, set())
        if parked in streams:
            streams.discard(parked)
            if not streams:
                del self.by_table[parked.table]
            self.selector.unregister(parked.sock)
        parked.closed = True
        parked.held.hub.unwatch(parked.held.stream.code)
        parked.held.give_back()
        parked.done(reusable)
