"""The production server as a real process, and a small JSON client for it (stdlib only).

Used by ``bench/soak.py`` and the server tests: gunicorn with several worker processes on one
database, which can be killed with SIGKILL (the whole process group, as a power cut or an OOM
killer would) and started again on the same port.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

BOOT_SECONDS = 60  # a loaded two-core CI machine needs several seconds to import the app


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def push_streams(threads: int) -> int:
    """Event streams a worker may hold: each holds a thread, so some must stay free for requests."""
    return max(1, threads * 3 // 4)


class Unreachable(Exception):
    """No answer: the connection was refused or dropped, or the client timed out."""


class Gunicorn:
    """``gunicorn referee.wsgi:app`` on loopback: ``workers`` processes of ``threads`` threads."""

    def __init__(
        self, database: str, workers: int = 3, threads: int = 4, port: int | None = None, log_path: Path | None = None
    ):
        self.database, self.workers, self.threads = database, workers, threads
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.process: subprocess.Popen | None = None
        self.kills = 0

    def start(self) -> Gunicorn:
        self.launch()
        self._wait_until_up()
        return self

    def launch(self) -> None:
        """Start the processes without waiting for them to answer."""
        args = [
            sys.executable,
            "-m",
            "gunicorn",
            "referee.wsgi:app",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--workers",
            str(self.workers),
            "--worker-class",
            "gthread",
            "--threads",
            str(self.threads),
            "--preload",
            "--no-control-socket",
            "--graceful-timeout",
            "2",
            "--log-level",
            "warning",
        ]
        env = {
            **os.environ,
            "DATABASE_URL": self.database,
            "PYTHONUNBUFFERED": "1",
            "REFEREE_PUSH_STREAMS": str(push_streams(self.threads)),
        }
        with open(self.log_path or os.devnull, "a") as log:
            # A session of its own: SIGKILL to the process group takes the master and every worker.
            self.process = subprocess.Popen(
                args,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                cwd=Path(__file__).resolve().parent.parent,
            )

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + BOOT_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}; see {self.log_path}")
            try:
                urllib.request.urlopen(self.base + "/api/games", timeout=2).close()
                return
            except urllib.error.HTTPError:  # it answers, if badly: the run reports what it answers
                return
            except (OSError, http.client.HTTPException):
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"gunicorn did not answer within {BOOT_SECONDS} s; see {self.log_path}")

    def kill(self) -> None:
        """SIGKILL to the master and all its workers at once: nothing gets to clean up."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)
        self.kills += 1

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)

    def __enter__(self):
        return self.start()

    def __exit__(self, *_exc) -> None:
        self.stop()


def start_together(*servers: Gunicorn) -> list[Gunicorn]:
    """Boot several servers at the same time (a boot takes seconds on a loaded machine)."""
    for server in servers:
        server.launch()
    for server in servers:
        server._wait_until_up()
    return list(servers)


class Client:
    """JSON over HTTP to one server. ``call`` answers (status, body) or raises Unreachable."""

    def __init__(self, base: str, timeout: float = 10.0):
        self.base = base
        self.timeout = timeout

    def call(
        self,
        method: str,
        path: str,
        body: dict | None = None,
        token: str | None = None,
        timeout: float | None = None,
        headers: dict | None = None,
    ):
        request = urllib.request.Request(
            self.base + path, method=method, data=json.dumps(body).encode() if body is not None else None
        )
        request.add_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            try:
                with urllib.request.urlopen(request, timeout=timeout or self.timeout) as response:
                    return response.status, _json(response.read())
            except urllib.error.HTTPError as error:
                with error:  # a 4xx body can be cut short by a kill as well as a 200's
                    return error.code, _json(error.read())
        except (OSError, http.client.HTTPException) as failure:  # refused, reset, timed out, cut short
            raise Unreachable(f"{method} {path}: {failure!r}") from failure

    def get_text(self, path: str, headers: dict | None = None, timeout: float | None = None):
        """A page: (status, text)."""
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=timeout or self.timeout) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.read().decode()


def _json(raw: bytes):
    """The body as JSON, or as text when it is not (a server error page)."""
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return raw.decode(errors="replace")


class PagePhone:
    """A phone through the pages, as a browser without scripts drives them: its own cookies (its
    seat or the host's role), forms posted, the board's seq read from the page."""

    def __init__(self, base: str, language: str = "en", timeout: float = 10.0):
        import http.cookiejar

        self.base, self.timeout = base, timeout
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.opener.addheaders = [("Accept-Language", language)]
        self.code: str | None = None
        self.seq: int | None = None

    def get(self, path: str) -> tuple[int, str]:
        return self._open(urllib.request.Request(self.base + path))

    def post(self, path: str, fields: dict) -> tuple[int, str]:
        from urllib.parse import urlencode

        return self._open(urllib.request.Request(self.base + path, data=urlencode(fields, doseq=True).encode()))

    def open_table(self, game: str, players: list[str]) -> str:
        """The start page's form: this phone becomes the host and lands on the new table."""
        status, page = self.post(f"/new/{game}", {"player": players})
        assert status == 200, (status, page[:500])
        self.code = self.final_url.rsplit("/", 1)[1]
        self._read_seq(page)
        return self.code

    def look(self) -> str:
        status, page = self.get(f"/t/{self.code}")
        assert status == 200, (status, page[:500])
        self._read_seq(page)
        return page

    def enter(self, fields: dict, key: str | None = None) -> tuple[int, str]:
        """An entry form posted from the last board this phone drew (the redirect followed)."""
        import uuid

        status, page = self.post(
            f"/t/{self.code}/entries", {"expected_seq": self.seq, "key": key or uuid.uuid4().hex, **fields}
        )
        if status == 200:
            self._read_seq(page)
        return status, page

    def _read_seq(self, page: str) -> None:
        import re

        found = re.search(r'data-seq="(\d+)"', page)
        self.seq = int(found.group(1)) if found else self.seq

    def _open(self, request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=self.timeout) as response:
                self.final_url = response.geturl()
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.read().decode()
