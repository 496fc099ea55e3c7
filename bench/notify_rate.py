"""How many entries a second one PostgreSQL takes, with and without the NOTIFY every write sends
(docs/scaling.md).

PostgreSQL queues a transaction's notifications at its commit under one lock for the whole
server, so commits that NOTIFY are serialised; that is where NOTIFY stops scaling. Two measures,
each with ``--writers`` processes (no GIL between them), every writer at a table of its own,
and two connections LISTENing and reading, as two ``referee serve`` processes would:

- ``log``: the real write path (``writes.record``: the rules, the compare-and-set, the line and its
  snapshot), Switch 16 entries chosen at random from the legal ones; "without" swaps the
  compare-and-set's ``RETURNING pg_notify(...)`` for ``RETURNING 1``.
- ``bare``: one UPDATE per transaction, with or without ``pg_notify``: PostgreSQL's own ceiling.

    .venv/bin/python -m bench.notify_rate --writers 1 4 8 --seconds 10

Prints JSON: entries (or commits) a second per writers count, with and without NOTIFY, one
figure per round.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import threading
import time
import uuid

import psycopg

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
CHANNEL = "referee_seq"


def log_writer(url: str, seconds: float, notify: bool, start, counts) -> None:
    from sqlalchemy import literal_column
    from sqlmodel import Session

    from referee.db import make_engine
    from referee.games import GAMES
    from referee.games.base import HOST
    from referee.table import reads, seats, store, writes

    if not notify:  # the same compare-and-sets, answering a row instead of a notification
        store.NOTIFYING.update({update: update.returning(literal_column("1")) for update in store.NOTIFYING})
    engine, rng, done = make_engine(url), random.Random(), 0
    with Session(engine, expire_on_commit=False) as session:
        table, state = None, None
        start.wait()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            legal = GAMES["switch-16"].legal_entries(state) if state is not None else []
            if not legal:
                table = seats.open_table(session, "switch-16", ["Ann", "Ben", "Cem"], {})
                state = reads.current_state(session, table)
                continue
            recorded = writes.record(session, table.code, HOST, rng.choice(legal), table.seq, uuid.uuid4().hex)
            state, table = recorded.state, reads.find_table(session, table.code)
            done += 1
    engine.dispose()
    counts.put(done)


def bare_writer(url: str, seconds: float, notify: bool, start, counts) -> None:
    with psycopg.connect(url) as connection:
        row = connection.execute("INSERT INTO bare (n) VALUES (0) RETURNING id").fetchone()[0]
        connection.commit()
        statement = (
            "UPDATE bare SET n = n + 1 WHERE id = %s RETURNING pg_notify('referee_seq', 'X:' || n)"
            if notify
            else "UPDATE bare SET n = n + 1 WHERE id = %s RETURNING n"
        )
        start.wait()
        end, done = time.monotonic() + seconds, 0
        while time.monotonic() < end:
            connection.execute(statement, (row,)).fetchall()
            connection.commit()
            done += 1
    counts.put(done)


def listening(url: str, stop: threading.Event) -> threading.Thread:
    """A connection LISTENing and reading every notification, as a process's push.Hub does."""

    def listen() -> None:
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            while not stop.is_set():
                for _ in connection.notifies(timeout=0.5):
                    pass

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    return thread


def rate(kind: str, url: str, writers: int, seconds: float, notify: bool) -> float:
    context = multiprocessing.get_context("spawn")
    start, counts = context.Barrier(writers + 1), context.Queue()
    target = log_writer if kind == "log" else bare_writer
    workers = [context.Process(target=target, args=(url, seconds, notify, start, counts)) for _ in range(writers)]
    for worker in workers:
        worker.start()
    start.wait()
    total = sum(counts.get(timeout=seconds + 120) for _ in workers)
    for worker in workers:
        worker.join()
    return total / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--admin", default=ADMIN, help="a PostgreSQL database to create the bench's in")
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 4, 8])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--kinds", nargs="+", default=["log", "bare"], choices=["log", "bare"])
    parser.add_argument("--rounds", type=int, default=1, help="measures of each, with and without in turns")
    args = parser.parse_args()
    name = f"referee_notify_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(args.admin, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = args.admin.rsplit("/", 1)[0] + f"/{name}"
    stop = threading.Event()
    try:
        from referee.db import make_engine

        make_engine(url).dispose()  # the schema, once
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute("CREATE TABLE bare (id serial PRIMARY KEY, n integer NOT NULL)")
        listeners = [listening(url, stop) for _ in range(2)]
        results: dict[str, list[float]] = {}
        for kind in args.kinds:
            for writers in args.writers:
                for _round in range(args.rounds):  # with and without in turns: the load drifts
                    for notify in (True, False):
                        measured = round(rate(kind, url, writers, args.seconds, notify), 1)
                        results.setdefault(f"{kind} writers={writers} notify={notify}", []).append(measured)
                        print(json.dumps({f"{kind} writers={writers} notify={notify}": measured}), flush=True)
        stop.set()
        for listener in listeners:
            listener.join(timeout=5)
        print(json.dumps(results, indent=2))
    finally:
        with psycopg.connect(args.admin, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
