"""Issue 28: a real ``referee serve`` flooded with hostile names keeps its memory and its log
bounded. Before: 400 polls with 100 KB codes took a server from 327 MB to 2 GB resident, for
good (each code kept by the unknown-code cache and the push hub, and read ten times a second in
the hub's query); ``/static/..%2F…?v=1`` read files outside the static folder whole to hash them;
and a 200 KB static name was a 500 whose traceback, twice the name, went to the log.

The bound stated: the flood below (about 30 MB of names) grows the server's resident memory by
less than MEMORY_GROWTH_MB, and less than LOG_BYTES_PER_REQUEST per request reach its log.
Measured: +96 MB (most of it the allocator's high water from 200 KB names copied on four threads;
the same flood twice more adds under 5 MB) and 1.2 KB of log before the access log (issue 30)
came, some 400 bytes a request with it; before: +680 MB, 60 MB of log, and the long static
names 500 (and the access log, uncut, wrote 30 MB)."""

from __future__ import annotations

import http.client
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.web.test_server import Server

MEMORY_GROWTH_MB = 150
LOG_BYTES_PER_REQUEST = 1024  # the access log's line (path and query cut at 256 characters)
LONG_CODE_POLLS = 200  # 100 KB codes, over the endpoints that take a code
TRAVERSALS = 20  # spellings of one path to a 30 MB file outside the static folder
LONG_STATIC_NAMES = 50  # 200 KB names under /static/


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.fixture
def server(tmp_path):
    log_file = (tmp_path / "server.log").open("w")
    server = Server(f"sqlite:///{tmp_path / 'referee.sqlite3'}", output=log_file)
    yield server
    server.stop()
    log_file.close()


def get(connection: http.client.HTTPConnection, path: str, headers: dict | None = None) -> int:
    connection.request("GET", path, headers=headers or {})
    answer = connection.getresponse()
    answer.read()
    return answer.status


def long_code_paths(count: int):
    for n in range(count):
        code = chr(ord("A") + n % 26) * 100_000  # a new code each time round: nothing shared
        code = code[:-4] + f"{n:04d}"
        yield [
            (f"/api/tables/{code}/changes?since=0", {}),
            (f"/t/{code}?since=0", {"HX-Request": "true"}),
            (f"/t/{code}/events", {}),
            (f"/api/tables/{code}", {}),
        ][n % 4]


def traversal_paths(target: Path, count: int):
    for n in range(count):
        ups = "..%2F" * (len(Path(__file__).resolve().parents) + n)
        yield f"/static/{ups}{quote(str(target).lstrip('/'), safe='')}?v=1"


def test_a_hostile_flood_keeps_memory_and_log_bounded(server, tmp_path):
    big = tmp_path / "big.bin"
    big.write_bytes(b"\0" * (30 * 1024 * 1024))
    status, opened = server.call("POST", "/api/tables", {"game": "switch-to", "players": ["Ann", "Ben"]})
    assert status == 201
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    assert get(connection, f"/api/tables/{opened['code']}/changes?since=0") == 204
    assert get(connection, "/static/app.css") == 200
    before = resident_mb(server.process.pid)

    answers = [get(connection, path, headers) for path, headers in long_code_paths(LONG_CODE_POLLS)]
    answers += [get(connection, path) for path in traversal_paths(big, TRAVERSALS)]
    answers += [get(connection, "/static/" + "b" * 200_000 + f"{n}?v=1") for n in range(LONG_STATIC_NAMES)]

    grown = resident_mb(server.process.pid) - before
    assert set(answers) == {404}
    assert get(connection, f"/api/tables/{opened['code']}/changes?since=1") == 200  # still serving
    connection.close()
    assert grown < MEMORY_GROWTH_MB, f"resident memory grew {grown:.0f} MB"
    assert (tmp_path / "server.log").stat().st_size < LOG_BYTES_PER_REQUEST * len(answers)
