"""Issue 17 item 10: slow clients do not block everyone. About 110 half-sent requests stopped a
default ``referee serve`` (waitress accepted no more connections past its limit of 100, and kept
a trickling request open for as long as it trickled). Against a real ``referee serve``: one
address holding many half-sent requests cannot keep another client from being answered, and a
request that never finishes arriving is cut off."""

from __future__ import annotations

import os
import socket
import time

import pytest

from tests.web.test_server import Server

HALF_SENT = 150
REQUEST_SECONDS = 3  # the server's limit for one request to arrive whole, short for the test
HALF_HEAD = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    os.environ["REFEREE_REQUEST_SECONDS"] = str(REQUEST_SECONDS)
    try:
        server = Server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'referee.sqlite3'}", public_url="http://127.0.0.1")
    finally:
        del os.environ["REFEREE_REQUEST_SECONDS"]
    yield server
    server.stop()


def half_sent(port: int, count: int, source: str = "127.0.0.1") -> list[socket.socket]:
    """``count`` connections from ``source``, each with a request whose headers never end."""
    held = []
    for _ in range(count):
        connection = socket.socket()
        connection.settimeout(2)
        try:
            connection.bind((source, 0))
            connection.connect(("127.0.0.1", port))
            connection.sendall(HALF_HEAD)
        except OSError:
            connection.close()
            continue
        held.append(connection)
    return held


def status_from(port: int, source: str) -> bytes:
    """The status line a whole request from ``source`` gets, or what went wrong."""
    try:
        with socket.socket() as connection:
            connection.settimeout(5)
            connection.bind((source, 0))
            connection.connect(("127.0.0.1", port))
            connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return connection.recv(64).split(b"\r\n")[0]
    except OSError as failure:
        return repr(failure).encode()


def closed_by_server(connection: socket.socket) -> bool:
    """Did the server close it (an end of stream, or an answer such as 408 before closing)?"""
    try:
        connection.settimeout(0.2)
        connection.recv(64)
        return True
    except TimeoutError:
        return False
    except OSError:
        return True


def test_one_address_holding_half_sent_requests_does_not_stop_another_client(server):
    held = half_sent(server.port, HALF_SENT)
    try:
        assert status_from(server.port, "127.0.0.2").startswith(b"HTTP/1.1 200")
    finally:
        for connection in held:
            connection.close()


def test_a_request_that_trickles_in_is_cut_off(server):
    (connection,) = half_sent(server.port, 1, source="127.0.0.3")
    started = time.monotonic()
    cut_off = False
    while not cut_off and time.monotonic() - started < REQUEST_SECONDS + 8:
        try:
            connection.sendall(b"x")  # one byte a second keeps it from ever looking idle
        except OSError:
            cut_off = True
            break
        cut_off = closed_by_server(connection)
        time.sleep(0.8)
    connection.close()
    assert cut_off, "the server still waits for a request trickling in since %.0f s" % (time.monotonic() - started)
    assert status_from(server.port, "127.0.0.3").startswith(b"HTTP/1.1 200")
