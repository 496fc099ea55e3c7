"""Kept-alive connections at rest, out of waitress's main loop (issue 31).

A phone keeps its connection to ``referee serve`` open between requests: a tap every few
seconds, a timed poll every ten. Waitress's loop asks every connection in its map whether it is
readable and writable on each of its turns, and registers each with a new poll, so every turn
costs as much as the connections open: measured at 80 tables, the loop took 16 % of the
server's CPU, twice its share at 40 (more connections, and more turns).

So a connection that has been idle for ``REST_AFTER_SECONDS`` (no request being read, none being
answered, nothing left to send) leaves the loop's map, as a held event stream does, and waits
here on one epoll, on a thread of its own: readable (its next request, or the phone hanging up)
wakes it back into the loop, which reads it as before; idle past waitress's ``channel_timeout``
it is closed, as waitress would have. The channel itself is touched only on the loop's thread
(through the server's trigger); this thread only watches sockets. Without epoll (not Linux),
nothing rests.
"""

from __future__ import annotations

import logging
import select
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

logger = logging.getLogger(__name__)

REST_AFTER_SECONDS = 2.0  # idle this long, a connection leaves the loop (a tap's answer stays in)
LOOK_SECONDS = 1.0  # how often idle connections at rest are looked at for their timeout


class RestingConnections:
    """Idle connections of one server out of its loop: ``rest`` on the loop's thread; each
    comes back by its ``back_from_rest(close)``, which ``back_on_loop`` (the server's trigger)
    runs on the loop's thread."""

    def __init__(self, most: int, idle_seconds: float, back_on_loop: Callable[[Callable[[], None]], None]):
        self.most, self.idle_seconds, self._on_loop = most, idle_seconds, back_on_loop
        self._epoll = select.epoll()
        self._lock = threading.Lock()
        self._resting: dict[int, tuple[Any, str]] = {}  # by file number: a channel at rest, its host
        self._hosts: Counter[str] = Counter()
        self._thread: threading.Thread | None = None

    @staticmethod
    def possible() -> bool:
        return hasattr(select, "epoll")

    def __len__(self) -> int:
        with self._lock:
            return len(self._resting)

    def from_host(self, host: str) -> int:
        """Connections at rest from ``host`` (they count against its limit as any other)."""
        with self._lock:
            return self._hosts[host]

    def rest(self, channel: Any, host: str) -> bool:
        """Take ``channel`` out of the loop (on the loop's thread); False when the room is full."""
        fd = channel.socket.fileno()
        with self._lock:
            if len(self._resting) >= self.most:
                return False
            self._resting[fd] = (channel, host)
            self._hosts[host] += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._forever, name="referee-resting", daemon=True)
                self._thread.start()
        channel.del_channel()
        try:
            self._epoll.register(fd, select.EPOLLIN | select.EPOLLRDHUP | select.EPOLLONESHOT)
        except OSError:  # never seen; the loop must not fall over: the channel stays in it
            self._wake(fd, close=False)
            return False
        return True

    def close_all(self) -> None:
        """Every connection at rest closed now, on the loop's thread (the server is stopping)."""
        with self._lock:
            resting, self._resting = self._resting, {}
            self._hosts.clear()
        for fd, (channel, _host) in resting.items():
            self._forget(fd)
            channel.back_from_rest(close=True)

    def _forever(self) -> None:
        next_look = time.monotonic() + LOOK_SECONDS
        while True:
            try:
                for fd, _ in self._epoll.poll(max(0.0, next_look - time.monotonic())):
                    self._wake(fd, close=False)
                if time.monotonic() >= next_look:
                    next_look = time.monotonic() + LOOK_SECONDS
                    self._close_the_long_idle()
            except Exception:  # noqa: BLE001 - the connections at rest must not be stranded
                logger.exception("resting connections")

    def _close_the_long_idle(self) -> None:
        cutoff = time.time() - self.idle_seconds  # waitress's last_activity is wall-clock time
        with self._lock:
            idle = [fd for fd, (channel, _host) in self._resting.items() if channel.last_activity < cutoff]
        for fd in idle:
            self._wake(fd, close=True)

    def _wake(self, fd: int, close: bool) -> None:
        with self._lock:
            resting = self._resting.pop(fd, None)
            if resting is None:
                return
            channel, host = resting
            self._hosts[host] -= 1
            if not self._hosts[host]:
                del self._hosts[host]
        self._forget(fd)
        self._on_loop(lambda: channel.back_from_rest(close))

    def _forget(self, fd: int) -> None:
        try:
            self._epoll.unregister(fd)
        except (OSError, ValueError):
            pass  # closed already
