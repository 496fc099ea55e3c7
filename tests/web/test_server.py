"""``referee serve`` as a real process: what it prints, and that a SIGKILL loses no entry."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid

import pytest


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """``python -m referee serve`` on loopback with its own SQLite file."""

    def __init__(
        self,
        database: str,
        public_url: str | None = None,
        args: tuple = (),
        env: dict | None = None,
        output=subprocess.PIPE,
    ):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        args = [sys.executable, "-m", "referee", "serve", "--host", "127.0.0.1", "--port", str(self.port), *args]
        if public_url:
            args += ["--public-url", public_url]
        env = {**os.environ, **(env or {}), "REFEREE_DATABASE_URL": database, "PYTHONUNBUFFERED": "1"}
        env.pop("REFEREE_PUBLIC_URL", None)
        self.process = subprocess.Popen(args, env=env, stdout=output, stderr=subprocess.STDOUT, text=True)
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.base + "/api/games", timeout=1)
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        self.process.kill()
        raise RuntimeError("referee serve did not come up: " + self.process.communicate()[0])

    def call(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        request = urllib.request.Request(
            self.base + path, method=method, data=json.dumps(body).encode() if body is not None else None
        )
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def kill(self) -> str:
        self.process.send_signal(signal.SIGKILL)
        return self.process.communicate(timeout=10)[0]

    def stop(self) -> str:
        self.process.terminate()
        return self.process.communicate(timeout=10)[0]


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'referee.sqlite3'}"


def test_serve_prints_the_public_url_and_a_qr_code(database):
    server = Server(database, public_url="http://192.168.1.20:8000")
    try:
        status, opened = server.call("POST", "/api/tables", {"game": "switch-to", "players": ["A", "B"]})
        assert status == 201 and opened["join_url"] == f"http://192.168.1.20:8000/t/{opened['code']}"
    finally:
        output = server.stop()
    assert "http://192.168.1.20:8000" in output
    qr_lines = [line for line in output.splitlines() if line and set(line) <= set("█▀▄ \xa0")]
    assert len(qr_lines) >= 12  # the terminal QR code


def test_serve_detects_an_address_when_none_is_given(database):
    from referee.netinfo import public_url

    assert public_url("127.0.0.1", 8000, None) == "http://127.0.0.1:8000"
    assert public_url("0.0.0.0", 8000, None).startswith("http://")
    assert "0.0.0.0" not in public_url("0.0.0.0", 8000, None)
    assert public_url("0.0.0.0", 8000, "https://cafe.example/") == "https://cafe.example"


def test_a_killed_server_loses_no_acknowledged_entry(database):
    server = Server(database)
    status, opened = server.call("POST", "/api/tables", {"game": "switch-to", "players": ["A", "B", "C"]})
    code, host = opened["code"], opened["host_token"]
    seq, acknowledged = 0, []

    def enter(action):
        nonlocal seq
        status, answer = server.call(
            "POST", f"/api/tables/{code}/plays", {"action": action, "expected_seq": seq, "key": uuid.uuid4().hex}, host
        )
        assert status == 200, answer
        seq = answer["seq"]
        acknowledged.append(answer["entry"]["description"])

    enter({"type": "start_round"})
    for seat, value in enumerate([2, 1, 1]):
        enter({"type": "predict", "seat": seat, "value": value})
    enter({"type": "play", "seat": 0, "cards": "5S"})
    server.kill()

    server = Server(database)
    try:
        status, board = server.call("GET", f"/api/tables/{code}")
        assert status == 200 and board["seq"] == seq == 5
        assert board["state"]["top"]["cards"] == ["5S"] and board["state"]["turn"] == 1
        _, history = server.call("GET", f"/api/tables/{code}/history")
        assert [e["description"] for e in history["entries"]] == acknowledged
        enter({"type": "play", "seat": 1, "cards": "7H"})  # play goes on after the restart
    finally:
        server.stop()
