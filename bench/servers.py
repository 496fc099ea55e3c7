"""Start the production servers on loopback: gunicorn for the referee and for the baseline, and
``referee serve`` (the README's production command: waitress and its stream pump) for the
event streams one process holds."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class ServerSettings:
    workers: int = 2
    worker_class: str = "gthread"  # threads: keep-alive connections and event streams
    threads: int = 8

    def args(self) -> list[str]:
        return ["--workers", str(self.workers), "--worker-class", self.worker_class, "--threads", str(self.threads)]

    def describe(self) -> str:
        return f"gunicorn {self.workers} workers × {self.threads} threads ({self.worker_class})"


@dataclass
class Server:
    name: str
    port: int
    process: subprocess.Popen

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def referee_app_spec() -> str:
    """The WSGI entry point: ``referee/wsgi.py`` when the project has one, else the factory."""
    wsgi = ROOT / "referee" / "wsgi.py"
    if wsgi.exists() and "\napp = " in wsgi.read_text():
        return "referee.wsgi:app"
    return "referee.app:create_app()"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class AppToServe:
    name: str
    app_spec: str
    database_url: str


@contextmanager
def gunicorns(apps: list[AppToServe], settings: ServerSettings, log_path: Path):
    """Run one gunicorn per app, started side by side, until the block ends. Each schema is
    made before its workers start, so they do not race to create it."""
    _in_parallel([_schema_command(app) for app in apps])
    servers: list[Server] = []
    try:
        for app in apps:
            servers.append(_start(app, settings, log_path))
        for server in servers:
            _wait_until_listening(server.port, server.process, log_path)
            _wait_until_answering(server, settings.workers, log_path)
        yield servers
    finally:
        for server in servers:
            _stop(server.process)


def _start(app: AppToServe, settings: ServerSettings, log_path: Path) -> Server:
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--bind",
        f"127.0.0.1:{port}",
        "--chdir",
        str(ROOT),
        "--log-level",
        "warning",
        "--keep-alive",
        "30",
        "--graceful-timeout",
        "2",
        *settings.args(),
        app.app_spec,
    ]
    return Server(app.name, port, _spawn(command, _env(app.database_url, port), log_path))


@contextmanager
def referee_serve(database_url: str, log_path: Path, cpus: str | None = None):
    """``referee serve`` with its default threads, until the block ends (``cpus``: pinned to
    those cores with ``taskset -c``)."""
    port = free_port()
    command = [*_pinned(cpus), sys.executable, "-m", "referee", "serve", "--host", "127.0.0.1", "--port", str(port)]
    server = Server("referee serve", port, _spawn(command, _env(database_url, port), log_path))
    try:
        _wait_until_listening(port, server.process, log_path)
        _wait_until_answering(server, 1, log_path)
        yield server
    finally:
        _stop(server.process)


@contextmanager
def floor_serve(database_url: str, log_path: Path, cpus: str | None = None, board_bytes: int = 6000):
    """The live-table floor (``bench/jinja_floor.py``) on plain waitress with as many threads as
    ``referee serve``, until the block ends."""
    port = free_port()
    command = [
        *_pinned(cpus),
        sys.executable,
        "-m",
        "waitress",
        "--host",
        "127.0.0.1",
        f"--port={port}",
        "--threads=48",
        "--connection-limit=2000",
        "--call",
        "bench.jinja_floor:create_app",
    ]
    env = {**_env(database_url, port), "REFEREE_FLOOR_BOARD_BYTES": str(board_bytes)}
    server = Server("floor", port, _spawn(command, env, log_path))
    try:
        _wait_until_listening(port, server.process, log_path)
        _wait_until_answering(server, 1, log_path)
        yield server
    finally:
        _stop(server.process)


def _pinned(cpus: str | None) -> list[str]:
    return ["taskset", "-c", cpus] if cpus else []


def _env(database_url: str, port: int) -> dict:
    # one address opens thousands of tables, streams and connections here: the per-address
    # limits would refuse them
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "REFEREE_PUBLIC_URL": f"http://127.0.0.1:{port}",
        "REFEREE_TABLES_PER_WINDOW": "1000000",
        "REFEREE_PUSH_STREAMS_PER_CLIENT": "1000000",
        "REFEREE_CONNECTIONS_PER_ADDRESS": "1000000",
    }


def _spawn(command: list[str], env: dict, log_path: Path) -> subprocess.Popen:
    with open(log_path, "ab") as log:  # its own session: stopping it stops its workers too
        return subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )


def _stop(process: subprocess.Popen) -> None:
    """SIGTERM lets gunicorn end open event streams within its graceful timeout (waitress stops at
    once); whatever is left of this server's process group after that is killed."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _schema_command(app: AppToServe) -> tuple[list[str], dict]:
    """Build the app once in a throwaway process: it makes (or migrates) its schema."""
    module, _, attribute = app.app_spec.partition(":")
    build = f"{module}.{attribute}" if attribute.endswith("()") else module
    code = f"import os, sys; sys.path.insert(0, os.getcwd()); import {module}; {build}"
    return [sys.executable, "-c", code], {**os.environ, "DATABASE_URL": app.database_url}


def _in_parallel(commands: list[tuple[list[str], dict]]) -> None:
    processes = [subprocess.Popen(command, cwd=ROOT, env=env) for command, env in commands]
    for process in processes:
        if process.wait() != 0:
            raise RuntimeError(f"building the schema failed: {process.args}")


def _wait_until_listening(port: int, process: subprocess.Popen, log_path: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited ({process.returncode}); see {log_path}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server did not listen on {port} within {seconds} s; see {log_path}")


def _wait_until_answering(server: Server, workers: int, log_path: Path, seconds: float = 60) -> None:
    """The master accepts connections before its workers have loaded the app, so a first timed
    window would measure the loading (quick runs finished no request in it and read twice too
    fast). Wait until fresh connections, enough to reach every worker, all get an answer."""
    deadline = time.monotonic() + seconds
    answered = 0
    while answered < 4 * workers:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{server.name} did not answer within {seconds} s; see {log_path}")
        try:
            with urllib.request.urlopen(f"{server.base}/", timeout=5):
                answered += 1
        except urllib.error.HTTPError:  # an answer all the same (the baseline has no page at /)
            answered += 1
        except OSError:
            answered = 0
            time.sleep(0.1)


# --------------------------------------------------------------------------- databases


@contextmanager
def databases(workdir: Path, postgres: str | None):
    """Two fresh databases, the referee's and the baseline's (see ``fresh_database``)."""
    with (
        fresh_database(workdir, postgres, "referee") as referee,
        fresh_database(workdir, postgres, "baseline") as baseline,
    ):
        yield referee, baseline


@contextmanager
def fresh_database(workdir: Path, postgres: str | None, name: str):
    """A fresh database: an SQLite file in ``workdir``, or a database made (and dropped
    afterwards) on the PostgreSQL server at ``postgres``."""
    if not postgres:
        yield f"sqlite:///{workdir / f'{name}.sqlite3'}"
        return
    import psycopg

    made = f"referee_bench_{name}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(postgres, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{made}"')
    try:
        yield f"{postgres.rsplit('/', 1)[0]}/{made}"
    finally:
        with psycopg.connect(postgres, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{made}" WITH (FORCE)')
