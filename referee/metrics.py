"""What an operator's Prometheus reads at ``/metrics`` (``prometheus_client``): entries recorded
and refused per game, how long writes take, event streams held, database errors.

The figures are this process's (the client library's default registry, with its process and
Python collectors): behind a proxy, scrape each process at its own address. No Flask here: the
log counts its writes, the database engine its errors, the stream door its streams.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import Counter, Gauge, Histogram

ENTRIES_RECORDED = Counter(
    "referee_entries_recorded", "Log lines written (entries, undos, corrections), per game", ["game"]
)
ENTRIES_REFUSED = Counter(
    "referee_entries_refused", "Entries the game's rules refused, per game and rule", ["game", "rule"]
)
WRITE_SECONDS = Histogram(
    "referee_write_seconds",
    "Time from a write's start to its commit (or its refusal)",
    buckets=(0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
STREAMS_HELD = Gauge("referee_streams_held", "Event streams this process holds open")
DATABASE_ERRORS = Counter(
    "referee_database_errors",
    "Errors the database answered, by kind (IntegrityError: mostly two phones racing, which the log settles)",
    ["kind"],
)


@contextmanager
def timed_write() -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        WRITE_SECONDS.observe(time.perf_counter() - started)


def database_error(context) -> None:
    """SQLAlchemy's ``handle_error`` event: one more of this kind."""
    DATABASE_ERRORS.labels(type(context.sqlalchemy_exception).__name__).inc()
