"""What the benchmark asks of the servers: submits, polls, a long table, a page's weight."""

from __future__ import annotations

import gzip
import itertools
import json
import threading
import time
import uuid
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urlencode, urljoin

from referee.games import GAMES

from .loadgen import Client, Result, run_load
from .plays import GAME, PLAYERS, as_form

JSON = {"Content-Type": "application/json"}


@dataclass
class Table:
    code: str
    host: str  # the host token: the API's bearer token and the page's cookie
    seats: list[str]
    script: list[dict]
    position: int = 0  # entries made so far = the table's seq

    @property
    def done(self) -> bool:
        return self.position >= len(self.script)


def open_table(client: Client, script: list[dict] | None = None) -> Table:
    body = json.dumps({"game": GAME, "players": PLAYERS}).encode()
    status, answer, _ = client.request("POST", "/api/tables", body, JSON)
    if status != 201:
        raise RuntimeError(f"opening a table answered {status}: {answer[:200]!r}")
    opened = json.loads(answer)
    host = opened["host_token"]
    return Table(
        opened["code"],
        host,
        [_claim(client, opened["code"], host, seat["seat"]) for seat in opened["seats"]],
        script or [],
    )


def _claim(client: Client, code: str, host: str, seat: int) -> str:
    status, answer, _ = client.request(
        "POST", f"/api/tables/{code}/seats/{seat}/claim", b"", {**JSON, "Authorization": f"Bearer {host}"}
    )
    if status != 201:
        raise RuntimeError(f"claiming seat {seat} answered {status}: {answer[:200]!r}")
    return json.loads(answer)["token"]


class TablePool:
    """Tables opened before the timed window, handed out as the load finishes games."""

    def __init__(self, port: int, scripts: list[list[dict]]):
        self.port, self.scripts = port, scripts
        self.fresh: list[Table] = []
        self.used: list[Table] = []
        self.opened_late = 0
        self._lock = threading.Lock()

    def ensure(self, count: int, threads: int = 4) -> None:
        """Have ``count`` fresh tables ready (call it between timed windows)."""
        missing = count - len(self.fresh)
        if missing > 0:
            self._open_many(missing, threads)

    def _open_many(self, count: int, threads: int) -> None:
        numbers = iter(range(count))

        def opener() -> None:
            client = Client("127.0.0.1", self.port)
            for n in numbers:  # a shared iterator: each number is taken once
                table = open_table(client, self.scripts[n % len(self.scripts)])
                with self._lock:
                    self.fresh.append(table)
            client.close()

        workers = [threading.Thread(target=opener) for _ in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()

    def take(self, client: Client) -> Table:
        with self._lock:
            table = self.fresh.pop() if self.fresh else None
        if table is None:  # ran dry: open one inside the window (counted, and said in the report)
            table = open_table(client, self.scripts[0])
            with self._lock:
                self.opened_late += 1
        with self._lock:
            self.used.append(table)
        return table


# --------------------------------------------------------------------------- submit


def submit_api(table: Table, client: Client) -> int:
    return post_play(client, table, table.script[table.position])


def post_play(client: Client, table: Table, action: dict) -> int:
    """One entry through the JSON API, by the host, on the board at ``table.position``."""
    body = json.dumps({"action": action, "expected_seq": table.position, "key": uuid.uuid4().hex}).encode()
    status, _, _ = client.request(
        "POST",
        f"/api/tables/{table.code}/plays",
        body,
        {**JSON, "Authorization": f"Bearer {writer_token(table, action)}"},
    )
    return status


def writer_token(table: Table, action: dict) -> str:
    """The host's token, except for a secret entry (a prediction): every seat here has its own
    phone, and only that phone may make its seat's secret entries (issue 15)."""
    if action.get("type") in GAMES[GAME].secret_entries and isinstance(action.get("seat"), int):
        return table.seats[action["seat"]]
    return table.host


def submit_page(port: int):
    """The phone's own path: the htmx form post, answered with the board fragment."""
    origin = f"http://127.0.0.1:{port}"

    def submit(table: Table, client: Client) -> int:
        fields = as_form(table.script[table.position])
        fields += [("expected_seq", str(table.position)), ("key", uuid.uuid4().hex)]
        status, _, _ = client.request(
            "POST",
            f"/t/{table.code}/entries",
            urlencode(fields).encode(),
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "Origin": origin,
                "Cookie": f"rt_{table.code}={writer_token(table, table.script[table.position])}",
            },
        )
        return status

    return submit


def run_submits(port: int, pool: TablePool, submit, threads: int, seconds: float, tables_per_thread: int) -> Result:
    """Each client keeps a few tables and enters their next plays in turn; a finished game
    gives way to a fresh table. A table gets one entry at a time, as at a real table."""

    def make_step(_index: int):
        holding: list[Table] = []
        turn = itertools.count()

        def step(client: Client) -> int:
            while len(holding) < tables_per_thread:
                holding.append(pool.take(client))
            slot = next(turn) % len(holding)
            table = holding[slot]
            status = submit(table, client)
            if status == 200:
                table.position += 1
            if status != 200 or table.done:
                holding.pop(slot)  # a refused entry would stall this table: leave it
            return status

        return step

    return run_load("127.0.0.1", port, make_step, threads, seconds)


def run_baseline_submits(port: int, scripts: list[list[dict]], threads: int, seconds: float) -> Result:
    """The same play bodies to the baseline's one-insert endpoint."""
    bodies = [
        json.dumps({"code": "BASE01", "action": action, "expected_seq": n, "key": uuid.uuid4().hex}).encode()
        for script in scripts
        for n, action in enumerate(script)
    ]

    def make_step(index: int):
        cycle = itertools.cycle(bodies[index:] + bodies[:index])
        return lambda client: client.request("POST", "/plays", next(cycle), JSON)[0]

    return run_load("127.0.0.1", port, make_step, threads, seconds)


# --------------------------------------------------------------------------- poll


def poll_page(table: Table, client: Client) -> int:
    return client.request(
        "GET",
        f"/t/{table.code}?since={table.position}",
        headers={"HX-Request": "true", "Cookie": f"rt_{table.code}={table.host}"},
    )[0]


def poll_api(table: Table, client: Client) -> int:
    return client.request("GET", f"/api/tables/{table.code}/changes?since={table.position}")[0]


def run_polls(port: int, tables: list[Table], poll, threads: int, seconds: float) -> Result:
    def make_step(index: int):
        cycle = itertools.cycle(tables[index::threads] or tables)
        return lambda client: poll(next(cycle), client)

    return run_load("127.0.0.1", port, make_step, threads, seconds)


def run_baseline_polls(port: int, threads: int, seconds: float) -> Result:
    return run_load("127.0.0.1", port, lambda _i: lambda client: client.request("GET", "/poll")[0], threads, seconds)


# --------------------------------------------------------------------------- growth


@dataclass
class Growth:
    early: list[float]  # seconds per entry made near ``early_seq``
    late: list[float]
    early_seq: int
    late_seq: int
    fill_seconds: float
    early_board: list[float]  # the htmx board fetch at the same two depths
    late_board: list[float]


def measure_growth(port: int, database_url: str, samples: int, early_seq: int = 20, late_seq: int = 2000) -> Growth:
    """Two tables, one phone each: the host starts a round, then Ann keeps changing her
    prediction on her phone (allowed until everyone has predicted), so every entry is a real, legal one and
    a table can go on for thousands of entries in the same state. One table's log is filled to
    just before ``late_seq`` (``fill_log``), the other is brought to just before ``early_seq``;
    then entries (and board fetches) are timed on the two in turn, so whatever else the machine
    does weighs on both alike: only the length of the log differs."""
    client = Client("127.0.0.1", port)
    early_table, late_table = open_table(client), open_table(client)
    for table in (early_table, late_table):
        _expect(post_play(client, table, {"type": "start_round"}), 200)
        table.position = 1
    values = itertools.cycle(range(11))

    def predict(table: Table) -> float:
        action = {"type": "predict", "seat": 0, "value": next(values)}
        started = time.perf_counter()
        _expect(post_play(client, table, action), 200)
        elapsed = time.perf_counter() - started
        table.position += 1
        return elapsed

    def board(table: Table) -> float:
        started = time.perf_counter()
        _expect(
            client.request(
                "GET", f"/t/{table.code}", headers={"HX-Request": "true", "Cookie": f"rt_{table.code}={table.host}"}
            )[0],
            200,
        )
        return time.perf_counter() - started

    fill_started = time.perf_counter()
    late_table.position = fill_log(database_url, late_table.code, late_table.position, late_seq - samples // 2)
    fill_seconds = time.perf_counter() - fill_started
    while early_table.position < max(1, early_seq - samples // 2):
        predict(early_table)
    early, late, early_board, late_board = [], [], [], []
    for _ in range(samples):
        early.append(predict(early_table))
        late.append(predict(late_table))
        early_board.append(board(early_table))
        late_board.append(board(late_table))
    client.close()
    return Growth(early, late, early_seq, late_seq, fill_seconds, early_board, late_board)


def fill_log(database_url: str, code: str, seq: int, until: int) -> int:
    """Grow the table's log to ``until`` with copies of its last entry and snapshot, as
    ``writes.record`` would have written them one by one (fresh keys, consecutive seqs), in one
    transaction: this is setup, not measurement. Returns the table's seq."""
    from sqlalchemy import insert, select, update

    from referee.db import Entry, GameTable, Snapshot, make_engine

    entries, snapshots, tables = Entry.__table__, Snapshot.__table__, GameTable.__table__
    engine = make_engine(database_url)
    with engine.begin() as connection:
        table_id = connection.execute(select(tables.c.id).where(tables.c.code == code)).scalar_one()
        last = dict(
            connection.execute(select(entries).where(entries.c.table_id == table_id, entries.c.seq == seq))
            .one()
            ._mapping
        )
        kept = [column for column in snapshots.c if column.name not in ("table_id", "seq")]  # state, sheet
        snapshot = dict(
            connection.execute(select(*kept).where(snapshots.c.table_id == table_id, snapshots.c.seq == seq))
            .one()
            ._mapping
        )
        last.pop("id")
        new_seqs = range(seq + 1, until + 1)
        connection.execute(
            insert(entries),
            [{**last, "seq": n, "tip": n, "prev_tip": n - 1, "key": uuid.uuid4().hex} for n in new_seqs],
        )
        connection.execute(insert(snapshots), [{**snapshot, "table_id": table_id, "seq": n} for n in new_seqs])
        connection.execute(update(tables).where(tables.c.id == table_id).values(seq=until, tip=until))
    if engine.dialect.name == "sqlite":  # fold the filled log into the file now, not in a timed entry
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    return until


def _expect(status: int, wanted: int) -> None:
    if status != wanted:
        raise RuntimeError(f"expected {wanted}, got {status}")


# --------------------------------------------------------------------------- page weight


class _Assets(HTMLParser):
    """What a browser fetches to show a page: stylesheets, scripts, icons, manifest, images."""

    FETCHED_RELS = frozenset(
        {"stylesheet", "icon", "shortcut icon", "apple-touch-icon", "manifest", "preload", "modulepreload"}
    )

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and (a.get("rel") or "").lower() in self.FETCHED_RELS:
            self._add(a.get("href"))
        elif tag in ("script", "img", "source") and a.get("src"):
            self._add(a.get("src"))

    def _add(self, url: str | None) -> None:
        if url and not url.startswith("data:") and url not in self.urls:
            self.urls.append(url)


def page_weight(port: int, path: str, cookie: str | None = None) -> dict:
    """Bytes a phone fetches to open ``path`` with an empty cache: the HTML and every asset it
    references (and the manifest's icons), each as sent gzip-compressed. Bodies the server
    sends uncompressed are counted as gzip -6 would send them, the way any reverse proxy
    in front of the app would."""
    client = Client("127.0.0.1", port)
    base = f"http://127.0.0.1:{port}"
    headers = {"Accept-Encoding": "gzip", **({"Cookie": cookie} if cookie else {})}
    files: dict[str, dict] = {}
    queue = [path]
    while queue:
        url = queue.pop(0)
        if url in files:
            continue
        status, body, head = client.request("GET", url, headers=headers)
        compressed = b"content-encoding: gzip" in head.lower()
        raw = gzip.decompress(body) if compressed else body
        files[url] = {
            "status": status,
            "bytes": len(raw),
            "gzip_bytes": len(body) if compressed else len(gzip.compress(raw, 6)),
            "served_gzip": compressed,
        }
        content_type = _header(head, b"content-type")
        if b"html" in content_type:
            parser = _Assets()
            parser.feed(raw.decode("utf-8", "replace"))
            queue += _same_origin(base, url, parser.urls)
        elif b"manifest" in content_type or url.endswith(".webmanifest"):
            icons = json.loads(raw).get("icons", [])
            queue += _same_origin(base, url, [icon["src"] for icon in icons if "src" in icon])
    client.close()
    return {
        "files": files,
        "gzip_bytes": sum(f["gzip_bytes"] for f in files.values()),
        "bytes": sum(f["bytes"] for f in files.values()),
    }


def _same_origin(base: str, page: str, refs: list[str]) -> list[str]:
    """References as paths on this server (the page's CSP allows no other origin anyway)."""
    absolute = [urljoin(base + page, ref) for ref in refs]
    return [url.removeprefix(base) for url in absolute if url.startswith(base + "/")]


def _header(head: bytes, name: bytes) -> bytes:
    for line in head.split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == name:
            return value.strip().lower()
    return b""
