"""Issue 28: two event-stream requests pipelined on one connection. The first stream was handed
to the pump with the second request still queued: the second answer was written inside the
first's unterminated chunked body, and the first stream's slot was never given back (10 → 6 for
that address after six such connections). Now a stream with requests queued behind it ends at
its opening events, properly terminated, and the next answer follows it."""

from __future__ import annotations

import http.client
import socket
import time

import pytest

from tests.web.test_server import Server

STREAMS_PER_CLIENT = 10  # the app's default


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'referee.sqlite3'}")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def code(server):
    status, opened = server.call("POST", "/api/tables", {"game": "switch-to", "players": ["Ann", "Ben"]})
    assert status == 201
    return opened["code"]


def pipelined(server, code: str) -> socket.socket:
    """A connection that sent two stream requests at once."""
    asked = f"GET /t/{code}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    connection.sendall(asked * 2)
    return connection


def two_answers_heads(connection: socket.socket) -> bytes:
    """What the connection receives until the second answer's headers are in (one buffer for
    both: a reader per answer would lose what the first read ahead of the second)."""
    received = b""
    while received.count(b"HTTP/1.1 ") < 2 or not received.rsplit(b"HTTP/1.1 ", 1)[1].count(b"\r\n\r\n"):
        more = connection.recv(65536)
        assert more, received
        received += more
    return received


def test_the_first_of_two_pipelined_streams_ends_before_the_second_answer(server, code):
    connection = pipelined(server, code)
    received = two_answers_heads(connection)
    connection.close()
    first, second = received.split(b"HTTP/1.1 ")[1:]
    assert first.startswith(b"200") and b"Transfer-Encoding: chunked" in first and b"event: seq" in first
    # the first ends with its chunked terminator, then the second answer starts: before, the
    # second came inside a chunk of the first, which never ended
    assert first.endswith(b"\r\n0\r\n\r\n")
    assert second.startswith(b"200") and b"text/event-stream" in second


def test_pipelined_streams_give_their_slots_back(server, code):
    for _ in range(6):
        connection = pipelined(server, code)
        connection.recv(1)
        connection.close()
    held = []
    for _ in range(300):  # the pump hears of the closed connections within moments (bounded: 30 s)
        stream = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        stream.request("GET", f"/t/{code}/events")
        if stream.getresponse().status == 200:
            held.append(stream)
            if len(held) == STREAMS_PER_CLIENT:
                break
        else:  # 204: no slot for this address (yet)
            stream.close()
            time.sleep(0.1)
    for stream in held:
        stream.close()
    assert len(held) == STREAMS_PER_CLIENT
