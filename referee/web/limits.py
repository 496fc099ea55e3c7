"""How many tables one client address may open (issue 17, item 14): a script could otherwise
open thousands a minute. And how many corrections one address may make at one table (issue 28):
each re-enters every later entry with a snapshot (Swoop, 400 entries: 835 KiB and 0.6 s). A
sliding window per address, kept per process: with several processes the limit is per process,
which still bounds a flood to a few times the limit."""

from __future__ import annotations

import os
import threading
import time
from collections import deque

from flask import current_app, request


KEYS_KEPT = 10_000  # addresses (or table and address) a window remembers at most


class TooManyTables(Exception):
    """This address opened its share of tables lately (429, try again in ``retry_after`` s)."""

    def __init__(self, retry_after: int):
        super().__init__(retry_after)
        self.retry_after = retry_after


class TooManyCorrections(TooManyTables):
    """This address corrected this table often lately (429, try again in ``retry_after`` s)."""


class Window:
    """At most ``limit`` events per ``seconds`` per key."""

    def __init__(self, limit: int, seconds: float):
        self.limit, self.seconds = limit, seconds
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        """Count one event for ``key``: 0 when allowed, else the seconds until one would be."""
        now = time.monotonic()
        with self._lock:
            events = self._events.setdefault(key, deque())
            while events and now - events[0] > self.seconds:
                events.popleft()
            if len(events) >= self.limit:
                return self.seconds - (now - events[0])
            events.append(now)
            if len(self._events) > KEYS_KEPT:  # forget quiet addresses, then the longest quiet
                self._events = {k: v for k, v in self._events.items() if v and now - v[-1] < self.seconds}
                if len(self._events) > KEYS_KEPT:  # many addresses at once (IPv6 has plenty)
                    latest = sorted(self._events.items(), key=lambda item: item[1][-1])[-KEYS_KEPT // 2 :]
                    self._events = dict(latest)
            return 0.0


def init_app(app) -> None:
    app.config.setdefault("CORRECTIONS_PER_WINDOW", int(os.environ.get("REFEREE_CORRECTIONS_PER_WINDOW", "20")))
    app.config.setdefault("CORRECTION_WINDOW_SECONDS", 60)
    app.extensions["table_window"] = Window(app.config["TABLES_PER_WINDOW"], app.config["TABLE_WINDOW_SECONDS"])
    app.extensions["correction_window"] = Window(
        app.config["CORRECTIONS_PER_WINDOW"], app.config["CORRECTION_WINDOW_SECONDS"]
    )


def count_a_new_table() -> None:
    """Refuse a new table to an address that opened too many lately."""
    wait = current_app.extensions["table_window"].take(request.remote_addr or "?")
    if wait:
        raise TooManyTables(max(1, round(wait)))


def count_a_correction(code: str) -> None:
    """Refuse a correction to an address that made many at this table lately (settling a
    pending correction entry by entry stays well within)."""
    wait = current_app.extensions["correction_window"].take(f"{code} {request.remote_addr or '?'}")
    if wait:
        raise TooManyCorrections(max(1, round(wait)))
