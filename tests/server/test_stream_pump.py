"""Issue 19: event streams do not hold worker threads. Each phone's stream held a server thread
for its 60 s lifetime, so ``referee serve`` held as many phones as it had threads (three
quarters of them). Against a real ``referee serve`` with 4 threads: 200 phones hold streams, an
entry is still answered at once and reaches them; a phone that closes frees its slot at once;
heartbeats and the end of a stream's lifetime still come, and the connection lives on after it."""

from __future__ import annotations

import re
import socket
import zlib
import time
import uuid

import pytest

from tests.web.test_server import Server

PHONES = 200
LIFETIME, HEARTBEAT = 3, 1
HEAD_END = b"\r\n\r\n"


def serve(database: str, **env) -> Server:
    lifted = {
        "REFEREE_CONNECTIONS_PER_ADDRESS": "100000",
        "REFEREE_PUSH_STREAMS_PER_CLIENT": "100000",
        "REFEREE_PUSH_LIFETIME": "60",
        "REFEREE_PUSH_HEARTBEAT": "30",
    }
    return Server(database, args=("--threads", "4"), env={**lifted, **env})


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request, fresh_database):
    server = serve(fresh_database(request.param))
    yield server
    server.stop()


def open_table(server: Server) -> tuple[str, str]:
    status, opened = server.call("POST", "/api/tables", {"game": "switch-to", "players": ["Ann", "Ben", "Cy"]})
    assert status == 201
    return opened["code"], opened["host_token"]


def open_stream(port: int, code: str) -> socket.socket:
    phone = socket.create_connection(("127.0.0.1", port), timeout=10)
    phone.sendall(f"GET /t/{code}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return phone


def read_until(phone: socket.socket, wanted: bytes, seconds: float = 10) -> bytes:
    """What the phone reads until ``wanted`` arrived (or the time is up, or the stream closed)."""
    read, deadline = b"", time.monotonic() + seconds
    while wanted not in read and time.monotonic() < deadline:
        phone.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            more = phone.recv(4096)
        except TimeoutError:
            break
        if not more:
            break
        read += more
    return read


def status_of(head: bytes) -> bytes:
    return head.split(b"\r\n", 1)[0]


def test_a_door_with_four_threads_holds_200_streams_and_entries_reach_them(server):
    code, host = open_table(server)
    phones = [open_stream(server.port, code) for _ in range(PHONES)]
    try:
        openings = [read_until(phone, b"data: 0\n\n") for phone in phones]
        assert [status_of(o) for o in openings] == [b"HTTP/1.1 200 OK"] * PHONES
        started = time.monotonic()
        status, answer = server.call(
            "POST",
            f"/api/tables/{code}/plays",
            {"action": {"type": "start_round"}, "expected_seq": 0, "key": uuid.uuid4().hex},
            host,
        )
        assert status == 200 and answer["seq"] == 1, answer
        assert time.monotonic() - started < 2  # no thread is held by the streams
        news = [read_until(phone, b"event: seq\ndata: 1\n\n") for phone in phones]
        assert sum(b"event: seq\ndata: 1\n\n" in n for n in news) == PHONES
    finally:
        for phone in phones:
            phone.close()


@pytest.fixture(scope="module")
def two_per_client(fresh_database):
    server = serve(fresh_database("sqlite"), REFEREE_PUSH_STREAMS_PER_CLIENT="2")
    yield server
    server.stop()


def test_a_phone_that_closes_gives_its_slot_back_at_once(two_per_client):
    code, _ = open_table(two_per_client)
    phones = [open_stream(two_per_client.port, code) for _ in range(2)]
    assert [status_of(read_until(p, b"data: 0\n\n")) for p in phones] == [b"HTTP/1.1 200 OK"] * 2
    refused = open_stream(two_per_client.port, code)
    assert status_of(read_until(refused, HEAD_END)).startswith(b"HTTP/1.1 204")  # this client polls
    refused.close()
    phones.pop().close()
    deadline, status = time.monotonic() + 3, b""  # the heartbeat (30 s here) has no part in it
    while status != b"HTTP/1.1 200 OK" and time.monotonic() < deadline:
        time.sleep(0.1)
        again = open_stream(two_per_client.port, code)
        status = status_of(read_until(again, HEAD_END))
        again.close() if status != b"HTTP/1.1 200 OK" else phones.append(again)
    for phone in phones:
        phone.close()
    assert status == b"HTTP/1.1 200 OK"


@pytest.fixture(scope="module")
def short_lived(fresh_database):
    server = serve(fresh_database("sqlite"), REFEREE_PUSH_LIFETIME=str(LIFETIME), REFEREE_PUSH_HEARTBEAT=str(HEARTBEAT))
    yield server
    server.stop()


def test_heartbeats_come_and_the_stream_ends_with_its_lifetime_keeping_the_connection(short_lived):
    code, _ = open_table(short_lived)
    phone = open_stream(short_lived.port, code)
    started = time.monotonic()
    opening = read_until(phone, b"data: 0\n\n")
    assert status_of(opening) == b"HTTP/1.1 200 OK" and b"Transfer-Encoding: chunked" in opening
    beat = read_until(phone, b": still here\n\n", seconds=HEARTBEAT + 2)
    assert b": still here\n\n" in beat
    rest = read_until(phone, b"\r\n0\r\n\r\n", seconds=LIFETIME + 3)
    assert rest.endswith(b"\r\n0\r\n\r\n")  # the chunked answer's end
    assert LIFETIME - 0.5 < time.monotonic() - started < LIFETIME + 2
    phone.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # the same connection
    assert status_of(read_until(phone, HEAD_END)) == b"HTTP/1.1 200 OK"
    phone.close()


def test_http_1_0_streams_are_held_without_a_thread_too_and_end_with_the_close(short_lived):
    """A proxy speaking HTTP/1.0 upstream (nginx by default) gets no chunks: the close ends each
    answer, and the door's threads are not held by them either."""
    code, _ = open_table(short_lived)
    phones = []
    for _ in range(20):  # five times the server's threads
        phone = socket.create_connection(("127.0.0.1", short_lived.port), timeout=10)
        phone.sendall(f"GET /t/{code}/events HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
        phones.append(phone)
    started = time.monotonic()
    try:
        openings = [read_until(phone, b"data: 0\n\n") for phone in phones]
        assert [status_of(o) for o in openings] == [b"HTTP/1.0 200 OK"] * 20
        assert all(
            b"Transfer-Encoding" not in o and o.endswith(b"\r\n\r\nretry: 1000\nid: 0\nevent: seq\ndata: 0\n\n")
            for o in openings
        )
        assert read_until(phones[0], b": still here\n\n", seconds=HEARTBEAT + 2).endswith(b": still here\n\n")
        assert time.monotonic() - started < LIFETIME - 0.5
        assert short_lived.call("GET", "/api/games")[0] == 200
        rest = read_until(phones[0], b"never sent", seconds=LIFETIME + 3)
        assert b"0\r\n\r\n" not in rest
        assert LIFETIME - 0.5 < time.monotonic() - started < LIFETIME + 2  # closed at the end
    finally:
        for phone in phones:
            phone.close()


def open_board_stream(port: int, code: str, token: str | None, last_event: int | None = None) -> socket.socket:
    """A board page's stream (``?boards=1``, issue 31), with the phone's seat cookie."""
    phone = socket.create_connection(("127.0.0.1", port), timeout=10)
    cookie = f"Cookie: rt_{code}={token}\r\n" if token else ""
    last = f"Last-Event-ID: {last_event}\r\n" if last_event is not None else ""
    phone.sendall(f"GET /t/{code}/events?seats=3&boards=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n{cookie}{last}\r\n".encode())
    return phone


def board_event(read: bytes) -> str:
    """The HTML of the first board event in what a phone read (chunk sizes taken out)."""
    text = read.decode()
    at = text.index("event: board\n")
    lines = text[at:].split("\n\n", 1)[0].split("\n")[1:]
    return "\n".join(line[6:] for line in lines if line.startswith("data: "))


def test_streams_that_ask_for_boards_are_sent_each_phone_its_own_board(server):
    """Under ``referee serve`` (the pump) an entry sends each phone its new board over its
    stream, drawn for its own seat (its name, its own form key); watchers share theirs."""
    code, host = open_table(server)
    seats = []
    for seat in range(3):
        status, claimed = server.call("POST", f"/api/tables/{code}/seats/{seat}/claim", token=host)
        assert status == 201
        seats.append(claimed["token"])
    phones = [open_board_stream(server.port, code, token) for token in [*seats, None, None]]
    try:
        assert all(b"data: 0\n\n" in read_until(phone, b"data: 0\n\n") for phone in phones)
        start_round(server, code, host)
        boards = [board_event(read_until(phone, b'data-seq="1"')) for phone in phones]
    finally:
        for phone in phones:
            phone.close()
    for name, board in zip(["Ann", "Ben", "Cy"], boards):
        assert f"You are {name}" in board and 'data-seq="1"' in board
    assert all("You are" not in board for board in boards[3:])
    keys = [set(re.findall(r'name="key" value="([0-9a-f]{32})', board)) for board in boards[:3]]
    assert all(keys) and not keys[0] & keys[1] and not keys[1] & keys[2]  # a form key of its own


def start_round(server, code: str, host: str) -> None:
    status, _ = server.call(
        "POST",
        f"/api/tables/{code}/plays",
        {"action": {"type": "start_round"}, "expected_seq": 0, "key": uuid.uuid4().hex},
        token=host,
    )
    assert status == 200


def test_a_phone_that_reconnects_after_an_entry_is_sent_its_board_at_once(server):
    """EventSource says the last event it had (``Last-Event-ID``, a seq): an entry made while it
    was away is its board in the stream's opening, no fetch needed."""
    code, host = open_table(server)
    start_round(server, code, host)
    behind, current = open_board_stream(server.port, code, None, 0), open_board_stream(server.port, code, None, 1)
    try:
        assert 'data-seq="1"' in board_event(read_until(behind, b'data-seq="1"'))
        assert b"event: board" not in read_until(current, b"data: 1\n\n")
    finally:
        behind.close()
        current.close()


class GzipChunks:
    """What a browser makes of a chunked, gzip-compressed stream as it arrives: each chunk
    inflated at once (a compressed event must not wait for the next one to be readable)."""

    def __init__(self, phone: socket.socket):
        self.phone, self.raw, self.text, self.ended = phone, b"", "", False
        self.inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)

    def read_until(self, wanted: str, seconds: float = 10) -> str:
        deadline = time.monotonic() + seconds
        while wanted not in self.text and not self.ended and time.monotonic() < deadline:
            self.phone.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                more = self.phone.recv(65536)
            except TimeoutError:
                break
            if not more:
                break
            self.raw += more
            self._take_chunks()
        return self.text

    def _take_chunks(self) -> None:
        while b"\r\n" in self.raw:
            size_line, rest = self.raw.split(b"\r\n", 1)
            size = int(size_line, 16)
            if len(rest) < size + 2:
                return
            if size == 0:
                self.ended, self.raw = True, rest[2:]
                return
            self.text += self.inflate.decompress(rest[:size]).decode()
            self.raw = rest[size + 2 :]


def test_a_stream_compressed_for_a_phone_that_takes_gzip_says_each_event_whole_at_once(short_lived):
    """Issue 31: a phone that takes gzip (every browser) gets its stream compressed as one gzip
    body, each event flushed whole as it is said, each board compressed against the boards
    before it; the body ends properly with the stream's lifetime, and the connection lives on."""
    code, host = open_table(short_lived)
    phone = socket.create_connection(("127.0.0.1", short_lived.port), timeout=10)
    phone.sendall(
        f"GET /t/{code}/events?seats=0&boards=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, br\r\n\r\n".encode()
    )
    head = read_until(phone, HEAD_END)
    stream = GzipChunks(phone)
    stream.raw = head.split(HEAD_END, 1)[1]
    try:
        assert status_of(head) == b"HTTP/1.1 200 OK" and b"Content-Encoding: gzip" in head
        assert stream.read_until("data: 0\n\n").startswith("retry: 1000\nid: 0\nevent: seq\ndata: 0\n\n")
        start_round(short_lived, code, host)
        said = stream.read_until('data-seq="1"')
        assert 'data-seq="1"' in said and said.endswith("\n\n")  # the whole board event, at once
        stream.read_until("never said", seconds=LIFETIME + 3)
        assert stream.ended and stream.inflate.eof  # gzip's trailer, then the chunked end
        phone.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # the same connection
        assert status_of(read_until(phone, HEAD_END)) == b"HTTP/1.1 200 OK"
    finally:
        phone.close()
