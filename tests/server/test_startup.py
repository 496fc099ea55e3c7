"""Several server processes starting at once on a fresh database all come up."""

from __future__ import annotations

import threading

import pytest

from referee.db import make_engine

WORKERS = 8


def start_together(url: str) -> list[Exception]:
    """``WORKERS`` app processes' first moments, at once: each makes its database engine."""
    start, failures = threading.Barrier(WORKERS), []

    def start_worker():
        start.wait()
        try:
            make_engine(url).dispose()
        except Exception as failure:  # noqa: BLE001 - collected and shown by the test
            failures.append(failure)

    workers = [threading.Thread(target=start_worker) for _ in range(WORKERS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return failures


# Before the fix, all of 10 PostgreSQL trials and 8 of 10 SQLite trials had workers crash with
# "already exists": gunicorn forks its workers together and each created the schema.
@pytest.mark.parametrize(("kind", "trials"), [("sqlite", 3), ("postgresql", 1)])
def test_workers_starting_together_on_a_fresh_database_all_start(kind, trials, fresh_database):
    for _trial in range(trials):
        assert start_together(fresh_database(kind)) == []
