"""The door of ``referee serve`` (waitress): what one client can hold.

Waitress reads requests in its main loop, so a slow client costs no worker thread, but each open
connection counts against ``connection_limit`` (100 by default), and a request that trickles in
a byte at a time never looks idle to ``channel_timeout``. About 110 half-sent requests stopped a
default ``referee serve``. Here: more connections in all, at most ``per_address`` from one
address, an idle connection closed after ``IDLE_SECONDS``, and a request that has not arrived
whole (headers and body, at most 64 KiB) within ``request_seconds`` closed. And a poll's empty
204 keeps its connection (waitress closed it after every answer without a body).
"""
from __future__ import annotations

import logging
import os
import time

from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer, create_server
from waitress.task import WSGITask

CONNECTIONS = 1000           # in all, within the process's file limit
CONNECTIONS_PER_ADDRESS = 64  # a table behind one NAT: phones x (a stream + a few requests)
REQUEST_SECONDS = 10.0       # for a request to arrive whole; a phone's entry is a few hundred bytes
IDLE_SECONDS = 30            # waitress's channel_timeout: a kept-alive connection doing nothing
CLEANUP_SECONDS = 1          # how often the limits above are looked at


class KeepAliveTask(WSGITask):
    """Waitress (3.0) ends the connection after any HTTP/1.1 answer without Content-Length or
    chunking, bodiless ones too: every poll answered 204 ("nothing new") opened a new connection
    (10,080 of 10,083 in the bench). A 1xx, 204 or 304 ends where its headers end (RFC 9112
    6.3), so nothing needs the close: it is skipped for those, and kept for everything else
    (``Connection: close`` asked for, HTTP/1.0, errors)."""

    _bodiless_keep_alive = False

    def build_response_header(self):
        self._bodiless_keep_alive = (not self.has_body and self.version == "1.1" and not self.close_on_finish
                                     and self.request.headers.get("CONNECTION", "").lower() != "close")
        try:
            return super().build_response_header()
        finally:
            self._bodiless_keep_alive = False

    def set_close_on_finish(self) -> None:
        if not self._bodiless_keep_alive:
            super().set_close_on_finish()


class GuardedChannel(HTTPChannel):
    """A connection that notes when the request it is receiving began, and closes itself at
    once when its address already holds the server's ``per_address`` connections."""

    request_began: float | None = None
    task_class = KeepAliveTask

    def __init__(self, server, sock, addr, adj, map=None):
        super().__init__(server, sock, addr, adj, map)
        if server.per_address and server.connections_from(self) > server.per_address:
            self.will_close = True  # closed by the main loop before anything is read

    def received(self, data):
        starting = self.request is None
        result = super().received(data)
        if self.request is None:
            self.request_began = None
        elif starting or self.request_began is None:
            self.request_began = time.monotonic()
        return result


class GuardedServer(TcpWSGIServer):
    """Waitress's listening server with the limits above (made by ``serve``)."""

    channel_class = GuardedChannel
    per_address = CONNECTIONS_PER_ADDRESS
    request_seconds = REQUEST_SECONDS

    def connections_from(self, channel: GuardedChannel) -> int:
        host = _host(channel.addr)
        return sum(1 for other in self.active_channels.values() if _host(other.addr) == host)

    def maintenance(self, now):
        """Waitress closes idle connections; close those receiving one request for too long too."""
        super().maintenance(now)
        cutoff = time.monotonic() - self.request_seconds
        for channel in list(self.active_channels.values()):
            began = getattr(channel, "request_began", None)
            if began is not None and began < cutoff:
                channel.will_close = True


def _host(addr) -> str:
    return addr[0] if isinstance(addr, tuple) else str(addr)


def serve(app, *, trusted_proxies: int = 0, **settings) -> None:
    """``waitress.serve`` with the limits above. Behind a reverse proxy (``trusted_proxies``) every
    connection comes from the proxy's address: the proxy limits each client instead."""
    per_address = int(os.environ.get("REFEREE_CONNECTIONS_PER_ADDRESS", CONNECTIONS_PER_ADDRESS))
    server = create_server(app, connection_limit=_connection_limit(), channel_timeout=IDLE_SECONDS,
                           cleanup_interval=CLEANUP_SECONDS, **settings)
    listeners = [server] if isinstance(server, TcpWSGIServer) else \
        [listener for listener in server.map.values() if isinstance(listener, TcpWSGIServer)]
    for listener in listeners:  # made by waitress as it always is, then given the limits
        listener.__class__ = GuardedServer
        listener.per_address = 0 if trusted_proxies else per_address
        listener.request_seconds = float(os.environ.get("REFEREE_REQUEST_SECONDS", REQUEST_SECONDS))
    logging.basicConfig()  # as waitress.serve does
    server.print_listen("Serving on http://{}:{}")
    server.run()


def _connection_limit() -> int:
    """CONNECTIONS, leaving room under the open-file limit for the database and the threads."""
    try:
        import resource  # not on Windows
    except ImportError:
        return CONNECTIONS
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return CONNECTIONS if soft == resource.RLIM_INFINITY else max(100, min(CONNECTIONS, soft - 100))
