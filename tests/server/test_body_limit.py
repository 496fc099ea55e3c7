"""Issue 17 item 11: ``referee serve`` refuses a body over the app's 64 KiB at the door, before
reading it, instead of buffering up to waitress's default of 1 GB for the app to refuse."""

from __future__ import annotations

import socket

import pytest

from tests.web.test_server import Server

LIMIT = 64 * 1024
HEAD = b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'referee.sqlite3'}", public_url="http://127.0.0.1")
    yield server
    server.stop()


def answer_to(port: int, request: bytes) -> bytes:
    """The status line the server sends after ``request``, which never finishes its body."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(request)
        try:
            return connection.recv(64).split(b"\r\n")[0]
        except TimeoutError:
            return b"(no answer: the server is still reading the body)"


def test_a_declared_body_over_the_limit_is_refused_before_it_is_sent(server):
    request = HEAD + b"Content-Length: %d\r\n\r\n" % (100 * 1024 * 1024) + b'{"game": "' + b"x" * 1000
    assert answer_to(server.port, request).startswith(b"HTTP/1.1 413")


def test_a_chunked_body_is_refused_once_it_passes_the_limit(server):
    chunk = b"x" * 16 * 1024
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(LIMIT // len(chunk) + 1))
    request = HEAD + b"Transfer-Encoding: chunked\r\n\r\n" + body  # no last chunk: it goes on
    assert answer_to(server.port, request).startswith(b"HTTP/1.1 413")


def test_a_body_within_the_limit_still_reaches_the_app(server):
    status, opened = server.call(
        "POST", "/api/tables", {"game": "switch-to", "players": ["A", "B"], "options": {"pad": "x" * (LIMIT - 200)}}
    )
    assert status == 422  # read and refused by the rules (no such house rule), not by size
