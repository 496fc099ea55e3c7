"""SIGTERM stops ``referee serve`` gracefully: it stops listening, ends every event stream as its
lifetime would (the browser reconnects, behind a proxy to another process), answers what it has
received, a write half-sent when the signal came included, and exits 0. Before, SIGTERM ended the
process at once: streams were cut and a write in flight was never answered.
"""

from __future__ import annotations

import json
import signal
import socket
import time
import uuid

import pytest

from tests.web.test_server import Server


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'referee.sqlite3'}"


def connect(server: Server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=15)


def read_until(sock: socket.socket, ending: bytes) -> bytes:
    """What arrives until ``ending`` has (or the connection closes)."""
    got = b""
    while ending not in got:
        chunk = sock.recv(4096)
        if not chunk:
            break
        got += chunk
    return got


def test_sigterm_ends_streams_cleanly_and_answers_a_write_in_flight(database):
    server = Server(database)
    status, opened = server.call("POST", "/api/tables", {"game": "switch-to", "players": ["A", "B", "C"]})
    code, host = opened["code"], opened["host_token"]

    stream = connect(server)
    stream.sendall(f"GET /t/{code}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    assert b"data: 0" in read_until(stream, b"data: 0")

    body = json.dumps({"action": {"type": "start_round"}, "expected_seq": 0, "key": uuid.uuid4().hex}).encode()
    write = connect(server)
    write.sendall(
        (
            f"POST /api/tables/{code}/plays HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Authorization: Bearer {host}\r\nContent-Length: {len(body)}\r\n\r\n"
        ).encode()
        + body[:10]
    )
    time.sleep(0.5)  # the server has read the first part
    server.process.send_signal(signal.SIGTERM)

    ended = read_until(stream, b"0\r\n\r\n")
    assert ended.endswith(b"0\r\n\r\n"), ended  # the chunked stream's own end: the browser reconnects
    assert stream.recv(1) == b""  # and the connection closed
    with pytest.raises(ConnectionRefusedError):  # no longer listening: a proxy tries another process
        connect(server).close()

    write.sendall(body[10:])
    answer = read_until(write, b"}\n")
    assert answer.startswith(b"HTTP/1.1 200"), answer
    assert b'"seq":1' in answer.replace(b" ", b"")
    assert server.process.wait(timeout=30) == 0
    output = server.process.communicate()[0]
    assert "Traceback" not in output

    again = Server(database)
    try:
        _, history = again.call("GET", f"/api/tables/{code}/history")
        assert [entry["seq"] for entry in history["entries"]] == [1]
    finally:
        again.stop()
