#!/usr/bin/env python3
"""Soak: tables of simulated phones play legal games against gunicorn while it is killed.

    .venv/bin/python bench/soak.py --quick                 # about a minute (tests/server/test_soak.py: shorter)
    .venv/bin/python bench/soak.py                         # longer, more tables
    .venv/bin/python bench/soak.py --database postgresql://postgres@127.0.0.1:5432/soak

Starts gunicorn (several gthread workers) on a fresh SQLite file (or the database given), opens
tables of every game whose engine lists its legal entries, and lets their phones play (see
``bench/phones.py``: entries, races of two phones, double taps, undos, reads; client timeouts are
short and unanswered requests are sent again with the same key and seq). Meanwhile the whole
gunicorn process group is killed with SIGKILL and restarted, several times. At the end the log of
every table, through the API and in the database, is checked against what the clients were told.
The last line printed is one JSON object with the figures; the exit status is 1 if anything was
lost, duplicated, recorded unacknowledged, or answered differently from the engine's prediction.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make ``bench`` and ``referee`` importable
    sys.path.insert(0, str(ROOT))

from bench.live import Client, Gunicorn, Unreachable  # noqa: E402 (after the path is set)
from bench.phones import GaveUp, SimTable, Stats, Verdict, playable_games, verify  # noqa: E402

PROFILES = {
    "quick": {"seconds": 45, "tables_per_game": 2, "kill_every": (6.0, 10.0), "min_kills": 4},
    "full": {"seconds": 300, "tables_per_game": 5, "kill_every": (10.0, 25.0), "min_kills": 10},
}
TABLES_PER_WINDOW = 1_000_000
CLIENT_TIMEOUT = 2.0  # a phone gives up on one try quickly and sends it again


class Killer(threading.Thread):
    """Kills the server (SIGKILL, every process) at random moments and starts it again."""

    def __init__(self, server: Gunicorn, every: tuple[float, float], rng: random.Random):
        super().__init__(daemon=True)
        self.server, self.every, self.rng = server, every, rng
        self.stopping = threading.Event()
        self.downtime = 0.0
        self.failure: str | None = None

    def run(self) -> None:
        try:
            while not self.stopping.wait(self.rng.uniform(*self.every)):
                down = time.monotonic()
                self.server.kill()
                time.sleep(self.rng.uniform(0.0, 0.5))
                self.server.start()
                self.downtime += time.monotonic() - down
        except Exception as failure:  # noqa: BLE001 - the server would not come back: a finding
            self.failure = f"restarting the server failed: {failure}"

    def stop(self) -> None:
        self.stopping.set()
        self.join()  # a restart under way finishes: the server is up afterwards


class Seat(threading.Thread):
    """One place in the room: plays a table of ``game_id`` to its end, then opens the next."""

    def __init__(self, client: Client, game_id: str, rng: random.Random, finished: threading.Event):
        super().__init__(daemon=True)
        self.client, self.game_id, self.rng, self.finished = client, game_id, rng, finished
        self.tables: list[SimTable] = []
        self.stats = Stats()

    def run(self) -> None:
        try:
            while not self.finished.is_set():
                table = SimTable(self.client, self.game_id, self.rng, timeout=CLIENT_TIMEOUT)
                self.tables.append(table)
                while not self.finished.is_set() and not table.over():
                    table.step()  # a step always ends with an answer: nothing is left in flight
        except GaveUp as failure:
            self.stats.anomalies.append(f"{self.game_id}: {failure}")
        except Exception as failure:  # noqa: BLE001 - a crash of the simulation is a finding too
            self.stats.anomalies.append(f"{self.game_id}: the simulation crashed: {failure!r}")
        for table in self.tables:
            self.stats.add(table.stats)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the short run (about a minute)")
    parser.add_argument("--database", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--seconds", type=float, help="how long the phones play")
    parser.add_argument("--tables-per-game", type=int, help="tables played at once per game")
    parser.add_argument(
        "--kill-every", type=float, nargs=2, metavar=("LEAST", "MOST"), help="seconds between kills, drawn between"
    )
    parser.add_argument("--min-kills", type=int, help="the phones play on until the server was killed this often")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    profile = dict(PROFILES["quick" if args.quick else "full"])
    profile["seconds"] = args.seconds or profile["seconds"]
    profile["tables_per_game"] = args.tables_per_game or profile["tables_per_game"]
    profile["kill_every"] = tuple(args.kill_every) if args.kill_every else profile["kill_every"]
    profile["min_kills"] = profile["min_kills"] if args.min_kills is None else args.min_kills
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)

    workdir = Path(tempfile.mkdtemp(prefix="referee-soak-"))
    database = args.database or f"sqlite:///{workdir / 'referee.sqlite3'}"
    log_path = workdir / "gunicorn.log"
    figures = soak(database, profile, seed, args.workers, log_path)
    ok = figures.pop("ok")
    if ok:
        shutil.rmtree(workdir, ignore_errors=True)
    else:
        print(f"kept for a look: {workdir}", flush=True)
    print(json.dumps(figures), flush=True)
    return 0 if ok else 1


def soak(database: str, profile: dict, seed: int, workers: int, log_path: Path) -> dict:
    games = playable_games()
    rng = random.Random(seed)
    print(
        f"soak: seed {seed}, {profile['seconds']:.0f} s, {profile['tables_per_game']} tables at once "
        f"for each of {', '.join(games)}; server log {log_path}",
        flush=True,
    )
    started = time.monotonic()
    # Every phone here is one address: the app's limit on the tables one address opens (30 in
    # ten minutes) stopped the full run on SQLite, whose games end and open new tables sooner.
    os.environ.setdefault("REFEREE_TABLES_PER_WINDOW", str(TABLES_PER_WINDOW))
    server = Gunicorn(database, workers=workers, log_path=log_path).start()
    client = Client(server.base)
    finished = threading.Event()
    seats = [
        Seat(client, game_id, random.Random(rng.random()), finished)
        for game_id in games
        for _ in range(profile["tables_per_game"])
    ]
    killer = Killer(server, profile["kill_every"], random.Random(rng.random()))
    for thread in [*seats, killer]:
        thread.start()
    play_until(profile, killer)
    finished.set()
    for seat in seats:
        seat.join()
    killer.stop()
    tables = [table for seat in seats for table in seat.tables]
    stats = Stats()
    for seat in seats:
        stats.add(seat.stats)
    if killer.failure:
        stats.anomalies.append(killer.failure)
    verdict = verify_or_report(database, server, client, tables)
    server.stop()
    server_errors = log_path.read_text().count("Traceback") if log_path.exists() else 0
    return report(games, seats, tables, stats, verdict, server, killer, server_errors, started)


def verify_or_report(database: str, server: Gunicorn, client: Client, tables: list[SimTable]) -> Verdict:
    """The checks of ``verify``; when the server cannot even be asked, that is the finding."""
    try:
        if server.process.poll() is not None:
            server.start()
        return verify(database, client, tables)
    except (RuntimeError, Unreachable) as failure:
        verdict = Verdict(acknowledged=sum(len(table.acks) for table in tables))
        verdict.gaps = len(tables)  # not one table could be checked
        verdict.problems.append(f"the log could not be checked: {failure}")
        return verdict


def play_until(profile: dict, killer: Killer) -> None:
    """The phones play for the profile's time, and on until the server was killed often enough."""
    time.sleep(profile["seconds"])
    while killer.server.kills < profile["min_kills"] and killer.is_alive():
        time.sleep(0.2)


def report(games, seats, tables, stats, verdict, server, killer, server_errors, started) -> dict:
    per_game = {game_id: {"tables": 0, "entries": 0} for game_id in games}
    for seat in seats:
        per_game[seat.game_id]["tables"] += len(seat.tables)
        per_game[seat.game_id]["entries"] += sum(len(table.acks) for table in seat.tables)
    for problem in [*stats.anomalies, *verdict.problems][:30]:
        print("PROBLEM", problem, flush=True)
    print(
        f"requests {stats.requests} (sent again after no answer or a 503: {stats.retries}, of which 503s "
        f"{stats.unavailable}; recorded before the answer was lost and answered again from the log: "
        f"{stats.replayed}); entries {stats.entries}, "
        f"races {stats.races}, double taps {stats.double_taps}, undos {stats.undos}, reads {stats.peeks}",
        flush=True,
    )
    print(
        f"server killed {server.kills} times, down {killer.downtime:.1f} s in all; tracebacks in its log: "
        f"{server_errors}",
        flush=True,
    )
    print(
        f"checked {verdict.acknowledged} acknowledged log lines on {len(tables)} tables: lost {verdict.lost}, "
        f"duplicated {verdict.duplicated}, recorded unacknowledged {verdict.unacknowledged}, "
        f"tables with seq gaps {verdict.gaps}, state mismatches {verdict.state_mismatches}, "
        f"anomalies {len(stats.anomalies)}",
        flush=True,
    )
    return {
        "acknowledged": verdict.acknowledged,
        "lost": verdict.lost,
        "duplicated": verdict.duplicated,
        "unacknowledged": verdict.unacknowledged,
        "gaps": verdict.gaps,
        "state_mismatches": verdict.state_mismatches,
        "anomalies": len(stats.anomalies),
        "server_errors": server_errors,
        "server_kills": server.kills,
        "tables": len(tables),
        "phones": sum(table.phones for table in tables),
        "requests": stats.requests,
        "retries": stats.retries,
        "replayed": stats.replayed,
        "unavailable": stats.unavailable,
        "races": stats.races,
        "double_taps": stats.double_taps,
        "undos": stats.undos,
        "games": per_game,
        "seconds": round(time.monotonic() - started, 1),
        "ok": verdict.ok and not stats.anomalies and not server_errors,
    }


if __name__ == "__main__":
    sys.exit(main())
