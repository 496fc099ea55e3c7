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


def answer(connection: socket.socket) -> http.client.HTTPResponse:
    response = http.client.HTTPResponse(connection)
    response.begin()
    return response


def test_the_first_of_two_pipelined_streams_ends_before_the_second_answer(server, code):
    connection = pipelined(server, code)
    first = answer(connection)
    assert first.status == 200 and first.getheader("Transfer-Encoding") == "chunked"
    body = first.read()  # to its terminator: before, the second answer came inside it, never ending
    assert b"event: seq" in body and b"HTTP/1.1" not in body
    second = answer(connection)
    assert second.status == 200 and second.getheader("Content-Type").startswith("text/event-stream")
    connection.close()


def test_pipelined_streams_give_their_slots_back(server, code):
    for _ in range(6):
        connection = pipelined(server, code)
        connection.recv(1)
        connection.close()
    held = []
    for _ in range(100):  # the pump hears of the closed connections within moments
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
