"""Several ``referee serve`` processes on one PostgreSQL database behind nginx (Debian's package),
configured by the repository's own ``deploy/nginx.conf``.

Phones reach whichever process nginx picks for each request: an entry made through one is heard
on event streams held by the others; one process is killed (SIGKILL) mid-game, its phones'
streams reconnect through nginx to another, and no acknowledged entry is lost or recorded twice.
How soon a phone hears another's entry is printed (p50/p95), not asserted: timings depend on
the machine.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from bench.live import Client, free_port
from bench.phones import SimTable, verify

PROJECT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PROCESSES = 2
BOOT_SECONDS = 60

pytestmark = pytest.mark.skipif(
    not os.path.exists(NGINX) and os.environ.get("CI") != "true",
    reason="nginx is not installed (apt-get install nginx)",
)


class Process:
    """``referee serve`` on loopback, told it sits behind one proxy at ``public_url``."""

    def __init__(self, database: str, public_url: str, log_path: Path):
        self.port = free_port()
        self.log_path = log_path
        env = {
            **os.environ,
            "DATABASE_URL": database,
            "REFEREE_PUBLIC_URL": public_url,
            "REFEREE_TRUSTED_PROXIES": "1",
            "PYTHONUNBUFFERED": "1",
        }
        with open(log_path, "w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "referee", "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                env=env,
                cwd=PROJECT,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def wait_until_up(self) -> None:
        deadline = time.monotonic() + BOOT_SECONDS
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/readyz", timeout=2).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"referee serve did not come up:\n{self.log_path.read_text()}")

    def served(self, method: str, pattern: str) -> int:
        """Requests this process answered (its access log) whose path matches ``pattern``."""
        lines = [json.loads(line) for line in self.log_path.read_text().splitlines() if line.startswith('{"at"')]
        return sum(1 for line in lines if line["method"] == method and re.fullmatch(pattern, line["path"]))

    def stop(self, how: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            self.process.send_signal(how)
            self.process.wait(timeout=30)


def nginx_config(folder: Path, port: int, upstreams: list[int]) -> Path:
    """deploy/nginx.conf with this test's addresses, inside a main configuration of its own."""
    site = (PROJECT / "deploy" / "nginx.conf").read_text()
    servers = re.findall(r"^ *server 127\.0\.0\.1:\d+ .*;$", site, flags=re.M)
    assert len(servers) >= 2, "deploy/nginx.conf names two processes or more"
    site = site.replace(
        "\n".join(servers),
        "\n".join(
            servers[0].replace(re.search(r"127\.0\.0\.1:\d+", servers[0]).group(), f"127.0.0.1:{upstream}")
            for upstream in upstreams
        ),
    )
    site = re.sub(r"^    listen 80;$", f"    listen 127.0.0.1:{port};", site, count=1, flags=re.M)
    site = site.replace("/var/log/nginx/", f"{folder}/")
    (folder / "referee.conf").write_text(site)
    temp = "\n".join(
        f"    {kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main = folder / "nginx.conf"
    main.write_text(f"""{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
{temp}
    include {folder}/referee.conf;
}}
""")
    return main


@pytest.fixture(scope="module")
def behind_nginx(fresh_database, tmp_path_factory):
    folder = tmp_path_factory.mktemp("nginx")
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    database = fresh_database("postgresql")
    processes = [Process(database, public, folder / f"referee-{n}.log") for n in range(PROCESSES)]
    for process in processes:
        process.wait_until_up()
    config = nginx_config(folder, port, [process.port for process in processes])
    test = subprocess.run(
        [NGINX, "-t", "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")],
        capture_output=True,
        text=True,
    )
    assert test.returncode == 0, test.stderr
    nginx = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")])
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(public + "/healthz", timeout=2).close()
            break
        except OSError:
            assert time.monotonic() < deadline and nginx.poll() is None, (folder / "error.log").read_text()
            time.sleep(0.1)
    yield public, processes, database, folder
    nginx.send_signal(signal.SIGTERM)  # at once: a graceful stop would wait for the streams
    nginx.wait(timeout=30)
    for process in processes:
        process.stop(signal.SIGKILL)


class ListeningPhone(threading.Thread):
    """A phone's event stream through nginx, as a browser's EventSource holds it: when the stream
    ends or breaks it opens the next after the server's ``retry`` (1 s)."""

    def __init__(self, base: str, code: str):
        super().__init__(daemon=True)
        self.url = f"{base}/t/{code}/events"
        self.heard: dict[int, float] = {}  # seq -> when this phone first heard it
        self.reconnects = 0
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                with urllib.request.urlopen(self.url, timeout=30) as stream:
                    for raw in stream:
                        line = raw.decode().strip()
                        if line.startswith("data: "):
                            self.heard.setdefault(int(line[6:]), time.monotonic())
                        if self.stopping.is_set():
                            return
            except OSError:
                pass
            self.reconnects += 1
            self.stopping.wait(1.0)

    def heard_at(self, seq: int) -> float | None:
        """When this phone first heard ``seq`` or a later one: a stream says the seq it is at,
        and entries made close together come as one nudge."""
        return min((when for heard, when in list(self.heard.items()) if heard >= seq), default=None)

    def wait_for(self, seq: int, seconds: float = 15) -> bool:
        deadline = time.monotonic() + seconds
        while max(self.heard, default=-1) < seq and time.monotonic() < deadline:
            time.sleep(0.02)
        return max(self.heard, default=-1) >= seq


def listening(base: str, code: str, phones: int) -> list[ListeningPhone]:
    listeners = [ListeningPhone(base, code) for _ in range(phones)]
    for phone in listeners:
        phone.start()
    for phone in listeners:
        assert phone.wait_for(0), "an event stream through nginx said nothing"
    return listeners


def heard_after(listeners: list[ListeningPhone], made: dict[int, float]) -> list[float]:
    """Milliseconds from each entry's post to each listening phone's hearing it."""
    return [
        (phone.heard_at(seq) - sent) * 1000
        for phone in listeners
        for seq, sent in made.items()
        if phone.heard_at(seq) is not None
    ]


def play(table: SimTable, entries: int, made: dict[int, float], pause: tuple[float, float] = (0.1, 0.4)) -> None:
    """``entries`` entries, a phone's tap every 0.1 to 0.4 s (or ``pause``)."""
    for _ in range(entries):
        if table.over():
            return
        time.sleep(table.rng.uniform(*pause))
        sent = time.monotonic()
        table.step("entry")
        made.setdefault(table.seq, sent)


def test_phones_on_different_processes_hear_each_others_entries(behind_nginx):
    base, processes, database, _folder = behind_nginx
    table = SimTable(Client(base), "switch-16", random.Random(30), players=3)
    streams_before = [process.served("GET", r"/t/[^/]+/events") for process in processes]
    writes_before = [process.served("POST", r"/api/tables/[^/]+/plays") for process in processes]
    listeners = listening(base, table.code, 4)
    made: dict[int, float] = {}
    try:
        play(table, 30, made)
        assert all(phone.wait_for(table.seq) for phone in listeners)
    finally:
        for phone in listeners:
            phone.stopping.set()
    assert table.stats.anomalies == []
    missed = [(n, seq) for n, phone in enumerate(listeners) for seq in made if phone.heard_at(seq) is None]
    assert not missed, missed
    # nginx spread both the streams and the writes over the processes: an entry made through one
    # was heard on streams held by another.
    streams = [process.served("GET", r"/t/[^/]+/events") - before for process, before in zip(processes, streams_before)]
    writes = [
        process.served("POST", r"/api/tables/[^/]+/plays") - before for process, before in zip(processes, writes_before)
    ]
    assert all(streams) and all(writes), (streams, writes)
    delays = sorted(heard_after(listeners, made))
    print(
        f"\nheard another process's entry through nginx: p50 {statistics.median(delays):.0f} ms, "
        f"p95 {delays[int(len(delays) * 0.95) - 1]:.0f} ms, max {delays[-1]:.0f} ms over {len(delays)} "
        f"(entries {len(made)} x phones {len(listeners)}; streams per process {streams}, writes {writes})"
    )
    assert verify(database, Client(base), [table]).ok


def test_a_process_killed_mid_game_loses_nothing_and_its_phones_reconnect(behind_nginx):
    base, processes, database, _folder = behind_nginx
    table = SimTable(Client(base), "switch-to", random.Random(31), players=3)
    listeners = listening(base, table.code, 4)
    made: dict[int, float] = {}
    try:
        play(table, 8, made)
        killer = threading.Timer(random.uniform(0.1, 0.3), processes[0].stop, args=(signal.SIGKILL,))
        killer.start()
        play(table, 30, made, pause=(0, 0))  # back to back: the kill most likely cuts one short
        killer.join()
        assert processes[0].process.poll() is not None
        play(table, 5, made)
        assert all(phone.wait_for(table.seq) for phone in listeners), [max(p.heard) for p in listeners]
    finally:
        for phone in listeners:
            phone.stopping.set()
    assert table.stats.anomalies == []
    assert any(phone.reconnects for phone in listeners)  # the streams the killed process held
    verdict = verify(database, Client(base), [table])
    assert verdict.ok, verdict.problems  # nothing lost, nothing twice, nothing unacknowledged
    assert verdict.acknowledged == table.seq >= 20
    print(
        f"\nkilled one of {len(processes)} processes mid-game: {table.seq} entries acknowledged, "
        f"{table.stats.retries} requests sent again, reconnects {[phone.reconnects for phone in listeners]}"
    )
