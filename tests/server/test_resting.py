"""Kept-alive connections at rest (``referee/resting.py``, issue 31): an idle phone connection
leaves waitress's loop, whose every turn asks every connection in it, and comes back when the
phone sends its next request; idle too long, it is closed as waitress would close it; it still
counts against its address's limit."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from waitress import wasyncore

from referee import door

REST_AFTER, IDLE = 0.3, 3.0


class App:
    config = {"PUSH_STREAMS": 8}

    def __call__(self, environ, start_response):
        start_response("200 OK", [("Content-Length", "2")])
        return [b"ok"]


class Running:
    """The door's server with its loop on a thread, run as ``door.serve`` runs it."""

    def __init__(self, server):
        self.server, self.stopping = server, threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        loop_map = door.server_map(self.server)
        while not self.stopping.is_set():
            wasyncore.loop(timeout=0.05, map=loop_map, use_poll=True, count=1)

    def stop_loop(self) -> None:
        self.stopping.set()
        self.thread.join()


@pytest.fixture
def running(monkeypatch):
    monkeypatch.setattr(door, "REST_AFTER_SECONDS", REST_AFTER)
    monkeypatch.setattr(door, "IDLE_SECONDS", IDLE)
    monkeypatch.setenv("REFEREE_CONNECTIONS_PER_ADDRESS", "3")
    server = door.guarded_server(App(), host="127.0.0.1", port=0, threads=2)
    assert server.resting is not None, "Linux has epoll: connections rest"
    running = Running(server)
    yield running
    if not running.stopping.is_set():
        running.stop_loop()
        door.drain(server, 1.0)


@pytest.fixture
def server(running):
    return running.server


def connect(server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.effective_port), timeout=5)


def ask(phone: socket.socket) -> bytes:
    """One request on the phone's connection; its answer's status line (b"" if it was closed)."""
    phone.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = b""
    while not answer.endswith(b"\r\n\r\nok"):
        more = phone.recv(4096)
        if not more:
            break
        answer += more
    return answer.split(b"\r\n", 1)[0]


def until(condition, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return condition()


def in_loop(server) -> int:
    return len(server.active_channels)


def test_an_idle_connection_rests_out_of_the_loop_and_comes_back_for_its_next_request(server):
    phone = connect(server)
    assert ask(phone) == b"HTTP/1.1 200 OK"
    assert until(lambda: len(server.resting) == 1 and in_loop(server) == 0)
    assert ask(phone) == b"HTTP/1.1 200 OK"  # the same connection, woken by the request
    assert in_loop(server) == 1 or len(server.resting) == 1  # back in the loop (or resting again)
    assert ask(phone) == b"HTTP/1.1 200 OK"
    phone.close()


def test_a_connection_at_rest_idle_past_the_timeout_is_closed(server):
    phone = connect(server)
    assert ask(phone) == b"HTTP/1.1 200 OK"
    assert until(lambda: len(server.resting) == 1)
    phone.settimeout(IDLE + 4)
    started = time.monotonic()
    assert phone.recv(1) == b""  # closed by the server
    assert time.monotonic() - started < IDLE + 3
    assert until(lambda: len(server.resting) == 0 and in_loop(server) == 0)
    phone.close()


def test_a_phone_that_hangs_up_while_its_connection_rests_is_let_go(server):
    phone = connect(server)
    assert ask(phone) == b"HTTP/1.1 200 OK"
    assert until(lambda: len(server.resting) == 1)
    phone.close()
    assert until(lambda: len(server.resting) == 0 and in_loop(server) == 0)


def test_connections_at_rest_count_against_their_address(server):
    phones = [connect(server) for _ in range(3)]
    assert [ask(phone) for phone in phones] == [b"HTTP/1.1 200 OK"] * 3
    assert until(lambda: len(server.resting) == 3)
    one_too_many = connect(server)
    one_too_many.settimeout(3)
    try:
        refused = ask(one_too_many)
    except ConnectionResetError:
        refused = b""
    assert refused == b""  # closed at once: the address holds its three
    for phone in [*phones, one_too_many]:
        phone.close()


def test_stopping_the_server_closes_the_connections_at_rest(running):
    phone = connect(running.server)
    assert ask(phone) == b"HTTP/1.1 200 OK"
    assert until(lambda: len(running.server.resting) == 1)
    running.stop_loop()  # as SIGTERM stops door.serve's loop, which then drains
    door.drain(running.server, 3.0)
    phone.settimeout(5)
    assert phone.recv(1) == b""
    assert len(running.server.resting) == 0
    phone.close()
