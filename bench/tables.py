"""Live tables (issue 31): every phone of every table does what the page does, against one
``referee serve`` process pinned to one core.

A table has 4 phones (Switch To: each seat's phone; seat 0 keeps replacing her prediction, a
player's own secret entry) or 8 (Schwimmen: the host's phone and seven seats'; the host enters
an entry the game allows and takes it back, in turns). Every ``TAP_SECONDS`` each table's tapper
posts from its form (htmx, answered with its board). Every phone holds its event stream open
(``/t/CODE/events?boards=1``, as the page opens it, reopened a second after the server ends it
with the last seq it heard in ``Last-Event-ID``, as EventSource does), takes the board the stream
sends when the table moves (issue 31; one that comes during its own request is taken after it, if
still newer, as ``static/app.js`` does), fetches its own board when a nudge says it is behind
(again when a nudge came while it was fetching), and sends the timed poll one second in ten while
its stream is up, every second while it is down. ``LiveRun(boards=False)`` opens the streams
without ``boards=1``: nudges and a fetch each, as the pages did before. What is timed: from the tap leaving to each other phone holding a board
at the new seq (``tap_other_ms``).

The generator is one asyncio loop in this process (pinned to another core than the server when
there is one); its own CPU per entry is measured in the same windows, which gives the tables it
could drive with a core of its own (``generator_ceiling_tables``). The server's CPU is read from
``/proc/PID/stat`` (and on PostgreSQL the backends' of the bench's database) over each window.

The floor (``bench/jinja_floor.py``) is served by waitress on the same core and driven by the
same phones without streams or polls: the tap is answered with a board, and the other phones
fetch theirs as soon as the tap is answered.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import random
import re
import time
import uuid
import zlib
from dataclasses import dataclass, field
from urllib.parse import urlencode

from .loadgen import Client, percentile
from .workloads import JSON

TAP_SECONDS = 4.0
POLL_SECONDS = 1.0  # the board's hx-trigger "every 1s"; while the stream is up 1 in 10 goes out
POLLS_SKIPPED_LIVE = 10
RECONNECT_SECONDS = 1.0  # the stream's "retry: 1000"
LATE_SECONDS = 10.0  # a phone that has not caught up by then counts as this late
SEQ = re.compile(rb'data-seq="(\d+)"')


# --------------------------------------------------------------------------- a minimal async HTTP client


class Connection:
    """One kept-alive HTTP/1.1 connection; counts the bytes it received."""

    def __init__(self, port: int, counters: Counters):
        self.port, self.counters = port, counters
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict, body: bytes = b"") -> tuple[int, bytes, bytes]:
        for attempt in range(2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                self.writer.write(_request_bytes(method, path, headers, body, self.port))
                return await self._response()
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _response(self) -> tuple[int, bytes, bytes]:
        head = await self.reader.readuntil(b"\r\n\r\n")
        status, lower = int(head[9:12]), head.lower()
        received = len(head)
        if status in (204, 304):
            body = b""
        elif b"transfer-encoding: chunked" in lower:
            body = b""
            while True:
                line = await self.reader.readuntil(b"\r\n")
                size = int(line.split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                received += len(line) + len(chunk)
                body += chunk[:-2]
                if size == 0:
                    break
        else:
            at = lower.find(b"content-length:")
            length = int(lower[at + 15 : lower.find(b"\r\n", at)]) if at >= 0 else 0
            body = await self.reader.readexactly(length)
            received += length
        self.counters.bytes += received
        if b"connection: close" in lower:
            self.close()
        if b"content-encoding: gzip" in lower:
            body = gzip.decompress(body)
        return status, body, head

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def _request_bytes(method: str, path: str, headers: dict, body: bytes, port: int) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Accept-Encoding: gzip"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


# --------------------------------------------------------------------------- tables and phones


@dataclass
class Counters:
    bytes: int = 0
    entries: int = 0
    failed_taps: int = 0
    board_fetches: int = 0
    boards_pushed: int = 0
    polls: int = 0
    stream_opens: int = 0
    streams_refused: int = 0
    errors: int = 0
    board_bytes: list[int] = field(default_factory=list)  # uncompressed, other phones' boards (a sample)


@dataclass
class Tap:
    seq: int
    started: float
    waiting: set  # the other phones that do not hold the board at ``seq`` yet


@dataclass
class LiveTable:
    code: str
    tapper: str  # the token of the phone that enters
    watchers: list[str]  # the other phones' tokens
    moves: list[tuple[str, list]]  # (path, form fields) entered in turn
    seq: int = 0
    seats: int = 0
    taps: list[Tap] = field(default_factory=list)


class Phone:
    def __init__(self, run: LiveRun, table: LiveTable, token: str):
        self.run, self.table, self.token = run, table, token
        self.board = Connection(run.port, run.counters)
        self.seq = -1
        self.announced = -1
        self.last_event: int | None = None  # the stream's last event id (EventSource's Last-Event-ID)
        self.live = False
        self.busy = False
        self.waiting: bytes | None = None  # a pushed board that came during a request of its own
        self.tasks: list[asyncio.Task] = []

    @property
    def headers(self) -> dict:
        return {"HX-Request": "true", "Cookie": f"rt_{self.table.code}={self.token}"}

    async def fetch_board(self, since: int | None = None) -> None:
        """The board (``since``: the timed poll, answered 204 when nothing is new)."""
        if self.busy:
            return
        self.busy = True
        try:
            while True:
                query = {"seats": self.table.seats} if since is None else {"since": self.seq, "seats": self.table.seats}
                status, body, _ = await self.board.request(
                    "GET", f"/t/{self.table.code}?{urlencode(query)}", self.headers
                )
                if since is None:
                    self.run.counters.board_fetches += 1
                else:
                    self.run.counters.polls += 1
                if status == 200:
                    self.holds(body)
                if self.announced <= self.seq:
                    return
                since = None  # a nudge came while fetching: fetch again (app.js's catchUp)
        except (OSError, asyncio.IncompleteReadError, ValueError):
            self.run.counters.errors += 1
        finally:
            self.done()

    def done(self) -> None:
        """Its request answered: a board pushed meanwhile is taken now, if newer (app.js)."""
        self.busy = False
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            self.holds(waiting)

    def pushed(self, board: bytes) -> None:
        """A board from the stream: held at once, or after the request under way."""
        self.run.counters.boards_pushed += 1
        found = SEQ.search(board)
        if found:
            self.announced = max(self.announced, int(found.group(1)))
        if self.busy:
            self.waiting = board
        else:
            self.holds(board)

    def holds(self, body: bytes) -> None:
        found = SEQ.search(body)
        if not found:
            return
        self.seq = max(self.seq, int(found.group(1)))
        if len(self.run.counters.board_bytes) < 2000:
            self.run.counters.board_bytes.append(len(body))
        self.run.arrived(self)

    def nudged(self, seq: int) -> None:
        self.announced = max(self.announced, seq)
        if seq > self.seq:
            asyncio.ensure_future(self.fetch_board())

    async def stream(self) -> None:
        """The event stream, reopened a second after it ends (EventSource's retry)."""
        connection = Connection(self.run.port, self.run.counters)
        while True:
            try:
                await self._one_stream(connection)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.run.counters.errors += 1
                connection.close()
            self.live = False
            await asyncio.sleep(RECONNECT_SECONDS)

    async def _one_stream(self, connection: Connection) -> None:
        if connection.writer is None:
            connection.reader, connection.writer = await asyncio.open_connection("127.0.0.1", self.run.port)
        query = {"seats": self.table.seats, **({"boards": 1} if self.run.boards else {})}
        headers = {"Accept": "text/event-stream", "Cookie": self.headers["Cookie"]}
        if self.last_event is not None:
            headers["Last-Event-ID"] = str(self.last_event)
        connection.writer.write(
            _request_bytes("GET", f"/t/{self.table.code}/events?{urlencode(query)}", headers, b"", self.run.port)
        )
        reader = connection.reader
        head = await reader.readuntil(b"\r\n\r\n")
        self.run.counters.bytes += len(head)
        self.run.counters.stream_opens += 1
        if not head.startswith(b"HTTP/1.1 200"):
            self.run.counters.streams_refused += 1
            if b"content-length" in head.lower() or b"connection: close" in head.lower():
                connection.close()  # an answer with a body: start afresh rather than read it
            await asyncio.sleep(5)
            return
        pending = b""
        # gzip, as a browser asks (Accept-Encoding on every request): inflated chunk by chunk
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if b"content-encoding: gzip" in head.lower() else None
        while True:
            line = await reader.readuntil(b"\r\n")
            size = int(line.split(b";")[0], 16)
            chunk = await reader.readexactly(size + 2)
            self.run.counters.bytes += len(line) + len(chunk)
            if size == 0:
                return  # the stream's lifetime ended; the connection stays open for the next
            pending += inflate.decompress(chunk[:-2]) if inflate else chunk[:-2]
            *events, pending = pending.split(b"\n\n")
            for event in events:
                self.heard(event)

    def heard(self, event: bytes) -> None:
        """One server-sent event: a board, a nudge, or a keep-alive."""
        lines = event.split(b"\n")
        kind = next((line[7:] for line in lines if line.startswith(b"event: ")), None)
        ids = [line[4:] for line in lines if line.startswith(b"id: ")]
        if ids:
            self.last_event = int(ids[-1])
        if kind == b"board":
            self.live = True
            self.pushed(b"\n".join(line[6:] for line in lines if line.startswith(b"data: ")))
        elif kind == b"seq":
            self.live = True
            self.nudged(int(event.rsplit(b"data: ", 1)[1]))

    async def polls(self) -> None:
        turn = random.randrange(POLLS_SKIPPED_LIVE)
        while True:
            await asyncio.sleep(POLL_SECONDS)
            turn += 1
            if not self.live or turn % POLLS_SKIPPED_LIVE == 0:
                await self.fetch_board(since=self.seq)

    def start(self, streams: bool) -> None:
        if streams:
            self.tasks += [asyncio.ensure_future(self.stream()), asyncio.ensure_future(self.polls())]

    def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.board.close()


class LiveRun:
    """The phones of a growing number of tables on one server, and what they measured."""

    def __init__(
        self,
        port: int,
        origin_port: int | None = None,
        streams: bool = True,
        tap_seconds: float = TAP_SECONDS,
        boards: bool = True,
    ):
        self.port, self.streams, self.tap_seconds, self.boards = port, streams, tap_seconds, boards
        self.origin = f"http://127.0.0.1:{origin_port or port}"
        self.counters = Counters()
        self.delays: list[tuple[float, float]] = []  # (tap started, seconds to this phone)
        self.phones: dict[str, list[Phone]] = {}
        self.tappers: list[asyncio.Task] = []

    def arrived(self, phone: Phone) -> None:
        now = time.perf_counter()
        table = phone.table
        for tap in table.taps:
            if phone in tap.waiting and phone.seq >= tap.seq:
                tap.waiting.discard(phone)
                self.delays.append((tap.started, now - tap.started))
        table.taps = [tap for tap in table.taps if tap.waiting]

    async def add(self, table: LiveTable) -> None:
        watchers = [Phone(self, table, token) for token in table.watchers]
        tapper = Phone(self, table, table.tapper)
        self.phones[table.code] = [tapper, *watchers]
        await asyncio.gather(*(phone.fetch_board() for phone in self.phones[table.code]))
        for phone in self.phones[table.code]:
            phone.start(self.streams)
        self.tappers.append(asyncio.ensure_future(self._tap_loop(table, tapper, watchers)))

    async def _tap_loop(self, table: LiveTable, tapper: Phone, watchers: list[Phone]) -> None:
        await asyncio.sleep(random.uniform(0, self.tap_seconds))
        turn, next_at = 0, time.perf_counter()
        while True:
            while tapper.busy:  # its board being fetched (a poll): htmx queues the post
                await asyncio.sleep(0.005)
            path, fields = table.moves[turn % len(table.moves)]
            body = urlencode(fields + [("expected_seq", str(tapper.seq)), ("key", uuid.uuid4().hex)]).encode()
            started = time.perf_counter()
            tap = Tap(tapper.seq + 1, started, set(watchers))
            table.taps.append(tap)
            tapper.busy = True  # a nudge of its own entry before the answer fetches nothing
            try:
                status, answer, _ = await tapper.board.request(
                    "POST",
                    f"/t/{table.code}/{path}",
                    {**tapper.headers, "Content-Type": "application/x-www-form-urlencoded", "Origin": self.origin},
                    body,
                )
            except (OSError, asyncio.IncompleteReadError, ValueError):
                status, answer = 0, b""
            finally:
                tapper.busy = False
            if status == 200:
                self.counters.entries += 1
                tapper.holds(answer)
                tapper.done()  # then a board its stream pushed meanwhile, if newer
                turn += 1
                if not self.streams:  # the floor: the other phones fetch at once
                    for phone in watchers:
                        phone.nudged(tap.seq)
            else:
                self.counters.failed_taps += 1
                table.taps.remove(tap)
                await tapper.fetch_board()
            if tapper.announced > tapper.seq:  # app.js's catchUp after the request
                await tapper.fetch_board()
            next_at += self.tap_seconds
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))

    def late_taps(self, until: float) -> None:
        """Phones still waiting LATE_SECONDS after a tap count as that late."""
        for phones in self.phones.values():
            table = phones[0].table
            for tap in table.taps:
                if until - tap.started > LATE_SECONDS:
                    self.delays += [(tap.started, LATE_SECONDS)] * len(tap.waiting)
                    tap.waiting = set()
            table.taps = [tap for tap in table.taps if tap.waiting]

    def stop(self) -> None:
        for task in self.tappers:
            task.cancel()
        for phones in self.phones.values():
            for phone in phones:
                phone.stop()


# --------------------------------------------------------------------------- opening tables (setup, not timed)


def open_live_table(client: Client, game: str, phones: int) -> LiveTable:
    """A table as a phone per seat finds it: Switch To with seat 0's prediction replaced again
    and again; any other game with an entry the host makes and takes back, in turns."""
    from .game_growth import GameTable, _an_entry_to_take_back, _play_to, page_fields
    from .workloads import _claim

    from referee.games import GAMES

    engine = GAMES[game]
    players = [f"P{n}" for n in range(phones)]
    status, answer, _ = client.request(
        "POST", "/api/tables", json.dumps({"game": game, "players": players}).encode(), JSON
    )
    if status != 201:
        raise RuntimeError(f"opening a table answered {status}: {answer[:200]!r}")
    opened = json.loads(answer)
    code, host = opened["code"], opened["host_token"]
    seats = [_claim(client, code, host, seat["seat"]) for seat in opened["seats"]]
    table = GameTable(code, host)
    if game == "switch-to":
        state = _play_to(client, table, engine, players, 1)  # the round started: predictions open
        assert state is not None
        moves = [("entries", page_fields({"type": "predict", "seat": 0, "value": v})) for v in range(phones + 1)]
        return LiveTable(code, seats[0], seats[1:], moves, seq=table.seq)
    state = _play_to(client, table, engine, players, 3)
    entry = _an_entry_to_take_back(client, engine, state, (table,), client.port)
    return LiveTable(code, host, seats[1:], [("entries", page_fields(entry)), ("undo", [])], seq=table.seq)


def open_tables(port: int, game: str, phones: int, count: int, threads: int = 4) -> list[LiveTable]:
    import threading

    made: list[LiveTable] = []
    numbers = iter(range(count))
    lock = threading.Lock()

    def opener() -> None:
        client = Client("127.0.0.1", port, timeout=30)
        for _ in numbers:
            table = open_live_table(client, game, phones)
            with lock:
                made.append(table)
        client.close()

    workers = [threading.Thread(target=opener) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return made


# --------------------------------------------------------------------------- CPU and load


def cpu_by_process(pids: list[int]) -> dict[int, float]:
    """User and system CPU seconds of each of these processes still there (Linux /proc)."""
    found = {}
    for pid in pids:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def cpu_spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU time spent between two readings by the processes alive at both."""
    return sum(after[pid] - before[pid] for pid in before if pid in after)


def load_average() -> str:
    return " ".join(open("/proc/loadavg").read().split()[:3])


def postgres_backends(url: str, database_url: str) -> list[int]:
    """The PostgreSQL backends serving the bench's database."""
    import psycopg

    name = database_url.rsplit("/", 1)[1]
    with psycopg.connect(url, autocommit=True) as admin:
        return [
            row[0]
            for row in admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", (name,)
            )
        ]


@dataclass
class Window:
    """One timed window of a running load."""

    tables: int
    phones: int
    seconds: float
    entries: int
    server_cpu_s: float
    backends_cpu_s: float
    generator_cpu_s: float
    bytes: int
    delays: list[float]
    load: str
    errors: int
    failed_taps: int
    streams_refused: int
    board_fetches: int = 0  # boards fetched on a nudge (polls not counted)
    boards_pushed: int = 0  # boards taken from the stream

    def figures(self) -> dict:
        entries = max(self.entries, 1)
        return {
            "tables": self.tables,
            "phones": self.phones,
            "seconds": round(self.seconds, 1),
            "entries": self.entries,
            "cpu_ms_per_entry": round(self.server_cpu_s * 1000 / entries, 2),
            "backends_cpu_ms_per_entry": round(self.backends_cpu_s * 1000 / entries, 2),
            "server_core_busy": round(self.server_cpu_s / self.seconds, 3),
            "bytes_per_entry": round(self.bytes / entries),
            "generator_cpu_ms_per_entry": round(self.generator_cpu_s * 1000 / entries, 2),
            # tables whose load would fill a core of the generator's own, at its CPU per entry here
            "generator_ceiling_tables": round(TAP_SECONDS / max(self.generator_cpu_s / entries, 1e-6)),
            "tap_other_p50_ms": _ms(percentile(self.delays, 50)),
            "tap_other_p95_ms": _ms(percentile(self.delays, 95)),
            "tap_other_max_ms": _ms(max(self.delays, default=0.0)),
            "deliveries": len(self.delays),
            "late": sum(1 for d in self.delays if d >= LATE_SECONDS),
            "errors": self.errors,
            "failed_taps": self.failed_taps,
            "streams_refused": self.streams_refused,
            "board_fetches_per_entry": round(self.board_fetches / entries, 2),
            "boards_pushed_per_entry": round(self.boards_pushed / entries, 2),
            "load": self.load,
        }


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def window_counts(counters: Counters) -> tuple[int, ...]:
    """What a window counts, in the order ``timed_window`` reads it."""
    return (
        counters.entries,
        counters.bytes,
        counters.errors,
        counters.failed_taps,
        counters.streams_refused,
        counters.board_fetches,
        counters.boards_pushed,
    )


async def timed_window(run: LiveRun, pids: list[int], backends: list[int], seconds: float) -> Window:
    """Count what happens over ``seconds``; deliveries of taps made in it, waited for a while after."""
    counters = run.counters
    before = window_counts(counters)
    server, db, own = cpu_by_process(pids), cpu_by_process(backends), time.process_time()
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    end = time.perf_counter()
    server, db = cpu_spent(server, cpu_by_process(pids)), cpu_spent(db, cpu_by_process(backends))
    own = time.process_time() - own
    after = window_counts(counters)
    entries, received, errors, failed, refused, fetched, pushed = (a - b for a, b in zip(after, before))
    load = load_average()
    settle = time.perf_counter() + LATE_SECONDS + 0.5
    while time.perf_counter() < settle and any(
        tap.started < end for phones in run.phones.values() for tap in phones[0].table.taps
    ):
        await asyncio.sleep(0.1)
    run.late_taps(time.perf_counter())
    delays = [d for started, d in run.delays if start <= started < end]
    phones = sum(len(p) for p in run.phones.values())
    return Window(
        len(run.phones),
        phones,
        end - start,
        entries,
        server,
        db,
        own,
        received,
        delays,
        load,
        errors,
        failed,
        refused,
        fetched,
        pushed,
    )
