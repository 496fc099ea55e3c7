"""What a correction costs (issue 18, part 2), in process through ``referee.table``
(no HTTP): a Switch To table whose log is a couple of thousand entries long
(the host starts a round, then Ann keeps changing her prediction, every entry a real, legal one, as
``workloads.measure_growth`` does), where

- a plain entry at that depth (Ann changes her prediction again),
- a correction near the start (the second entry in force, Ann's first prediction, made another
  value: every entry after it is checked again and written anew), and
- a correction three entries back

are timed in turn, so whatever else the machine does weighs on all alike. Prints a table, then the
figures as one JSON line. It reports; nothing is asserted.

    python bench/correction_cost.py [--entries 2000] [--samples 5] [--postgres SERVER_URL]

On a fresh SQLite file, or with ``--postgres`` on a database made on that server for the run and
dropped after it.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlmodel import Session  # noqa: E402

from referee.table import corrections, reads, seats, writes
from referee.db import make_engine  # noqa: E402
from referee.games.base import HOST  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cleo", "Dee"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=2000, help="entries in force before timing")
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument(
        "--postgres",
        help="a PostgreSQL server, e.g. postgresql://postgres@127.0.0.1:5432/postgres (default: a fresh SQLite file)",
    )
    args = parser.parse_args()
    with fresh_database(args.postgres) as url:
        engine = make_engine(url)
        with Session(engine, expire_on_commit=False) as session:
            figures = measure(session, args.entries, args.samples)
        engine.dispose()
    figures["database"] = engine.dialect.name
    report(figures)


@contextlib.contextmanager
def fresh_database(server: str | None):
    """A database for this run only: a SQLite file in a temporary folder, or one made on the
    PostgreSQL ``server`` and dropped afterwards."""
    if server is None:
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{folder}/bench.sqlite3"
        return
    import psycopg

    name = f"referee_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield server.rsplit("/", 1)[0] + f"/{name}"
        finally:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def measure(session: Session, entries: int, samples: int) -> dict:
    code = seats.open_table(session, "switch-to", PLAYERS, {}).code
    values = itertools.cycle(range(11))
    write(session, code, lambda table: writes.record(session, code, HOST, {"type": "start_round"}, table.seq, key()))
    started = time.perf_counter()
    while reads.find_table(session, code).tip < entries:
        predict(session, code, next(values))
    fill_seconds = time.perf_counter() - started
    plain, early, late, replayed = [], [], [], []
    for _ in range(samples):
        plain.append(timed(lambda: predict(session, code, next(values))))
        second = in_force(session, code)[1]
        early.append(timed(lambda at=second: correct(session, code, at, next(values))))
        replayed.append(len(in_force(session, code)) - 2)
        three_back = in_force(session, code)[-3]
        late.append(timed(lambda at=three_back: correct(session, code, at, next(values))))
    plain_ms, early_ms, late_ms = (statistics.median(times) * 1000 for times in (plain, early, late))
    return {
        "entries": entries,
        "samples": samples,
        "fill_seconds": round(fill_seconds, 1),
        "plain_entry_ms": round(plain_ms, 2),
        "early_correction_ms": round(early_ms, 1),
        "entries_replayed": statistics.median(replayed),
        "per_replayed_entry_ms": round(early_ms / statistics.median(replayed), 3),
        "three_back_correction_ms": round(late_ms, 2),
        "early_ratio": round(early_ms / plain_ms, 1),
        "three_back_ratio": round(late_ms / plain_ms, 2),
    }


def key() -> str:
    return uuid.uuid4().hex


def write(session: Session, code: str, make):
    return make(reads.find_table(session, code))


def predict(session: Session, code: str, value: int) -> None:
    write(
        session,
        code,
        lambda table: writes.record(
            session, code, HOST, {"type": "predict", "seat": 0, "value": value}, table.seq, key()
        ),
    )


def correct(session: Session, code: str, seq: int, value: int) -> None:
    change = corrections.Change("correct", {"type": "predict", "seat": 0, "value": value})
    recorded = write(
        session, code, lambda table: corrections.correct(session, code, HOST, seq, change, table.seq, key())
    )
    assert reads.find_table(session, code).pending is None, recorded.entry.description


def in_force(session: Session, code: str) -> list[int]:
    table = reads.find_table(session, code)
    return reads.in_force(reads.history(session, table), table.tip)


def timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def report(figures: dict) -> None:
    rows = [
        ("plain entry at the tip (p50)", f"{figures['plain_entry_ms']} ms", "1"),
        (
            f"correction of entry 2 ({figures['entries_replayed']:.0f} entries checked again)",
            f"{figures['early_correction_ms']} ms",
            f"{figures['early_ratio']}",
        ),
        ("  per entry checked again", f"{figures['per_replayed_entry_ms']} ms", ""),
        (
            "correction three entries back",
            f"{figures['three_back_correction_ms']} ms",
            f"{figures['three_back_ratio']}",
        ),
    ]
    print(
        f"{figures['database']}, {figures['entries']} entries in force "
        f"(filled in {figures['fill_seconds']} s), {figures['samples']} samples each:"
    )
    for name, value, ratio in rows:
        print(f"  {name:<58} {value:>12}  {'x' + ratio if ratio else ''}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
