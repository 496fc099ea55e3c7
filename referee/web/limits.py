"""How many tables one client address may open (issue 17, item 14): a script could otherwise
open thousands a minute. A sliding window per address, kept per process: with several
processes the limit is per process, which still bounds a flood to a few times the limit."""
from __future__ import annotations

import threading
import time
from collections import deque

from flask import current_app, request


class TooManyTables(Exception):
    """This address opened its share of tables lately (429, try again in ``retry_after`` s)."""

    def __init__(self, retry_after: int):
        super().__init__(retry_after)
        self.retry_after = retry_after


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
            if len(self._events) > 10_000:  # forget quiet addresses
                self._events = {k: v for k, v in self._events.items() if v and now - v[-1] < self.seconds}
            return 0.0


def init_app(app) -> None:
    app.extensions["table_window"] = Window(app.config["TABLES_PER_WINDOW"], app.config["TABLE_WINDOW_SECONDS"])


def count_a_new_table() -> None:
    """Refuse a new table to an address that opened too many lately."""
    wait = current_app.extensions["table_window"].take(request.remote_addr or "?")
    if wait:
        raise TooManyTables(max(1, round(wait)))
