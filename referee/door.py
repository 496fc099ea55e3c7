"""The door of ``referee serve`` (waitress): what one client can hold.

Waitress reads requests in its main loop, so a slow client costs no worker thread, but each open
connection counts against ``connection_limit`` (100 by default), and a request that trickles in
a byte at a time never looks idle to ``channel_timeout``. About 110 half-sent requests stopped a
default ``referee serve``. Here: more connections in all, at most ``per_address`` from one
address, an idle connection closed after ``IDLE_SECONDS``, and a request that has not arrived
whole (headers and body, at most 64 KiB) within ``request_seconds`` closed. And a poll's empty
204 keeps its connection (waitress closed it after every answer without a body).

Event streams hold no thread (issue 19): the app is offered ``environ["referee.park_stream"]``;
a stream's view calls it with the stream's particulars (``push.HeldStream``) and answers with
its opening events only. The task writes that answer as usual, without ending it; once it is
sent, the main loop takes the connection out of its own map and hands the socket to the stream
pump (pump.py), one thread for all of them. Out of the map, because waitress's loop asks every
connection in it whether it is readable and writable on each turn: two thousand idle streams
would cost every request's turns milliseconds. When the stream's lifetime ends, the pump writes
the chunked terminator and the connection comes back to the loop, kept alive (HTTP/1.0, or
``Connection: close`` asked for: the pump closes it, as waitress would have); a phone that went
away is closed by the pump. For the same reason a kept-alive connection idle for a while rests
out of the map until its phone sends the next request (resting.py).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from dataclasses import dataclass

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer, create_server
from waitress.task import WSGITask

from .push import PARK_STREAM, HeldStream
from .pump import StreamPump
from .resting import REST_AFTER_SECONDS, RestingConnections

CONNECTIONS = 1000  # in all, within the process's file limit (held streams not counted)
STREAMS = 4000  # event streams one process holds (each a socket, no thread)
RESTING = 4000  # idle kept-alive connections held out of the loop (resting.py; each a socket)
# A held stream costs no thread, so it lives longer than a thread-held one (app.py's 60 s): each
# end costs the phone a reconnect, and an entry made in its second of reconnecting reaches that
# phone a second late (issue 31: 3.5-6.5 % of entries met such a gap with 60 s).
STREAM_LIFETIME = 600
FILES_KEPT = 256  # open files for all else: the database, logs, the trigger
CONNECTIONS_PER_ADDRESS = 64  # a table behind one NAT: phones x (a stream + a few requests)
REQUEST_SECONDS = 10.0  # for a request to arrive whole; a phone's entry is a few hundred bytes
IDLE_SECONDS = 30  # waitress's channel_timeout: a kept-alive connection doing nothing
CLEANUP_SECONDS = 1  # how often the limits above are looked at
DRAIN_SECONDS = 20.0  # at most, on SIGTERM, for requests received to be answered
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


@dataclass(frozen=True)
class Handover:
    """A held stream's answer, its opening written, on its way from the task to the pump."""

    held: HeldStream
    chunked: bool  # HTTP/1.1: chunks, ended by the terminator
    keep_alive: bool  # the connection serves another request after it


class KeepAliveTask(WSGITask):
    """Waitress (3.0) ends the connection after any HTTP/1.1 answer without Content-Length,
    bodiless ones too: every poll answered 204 ("nothing new") opened a new connection (10,080 of
    10,083 in the bench). A 1xx, 204 or 304 ends where its headers end (RFC 9112 6.3), and a
    chunked answer at its terminator, so nothing needs the close: it is skipped for those and
    for a held event stream (chunked), and kept for everything else (``Connection: close`` asked
    for, HTTP/1.0, errors)."""

    _bodiless_keep_alive = False
    parked: HeldStream | None = None  # the stream the app asked to hold, until it is handed over

    def get_environment(self):
        """Offer the app the stream pump, for a GET."""
        environ = super().get_environment()
        if getattr(self.channel.server, "pump", None) is not None and self.request.command == "GET":
            environ[PARK_STREAM] = self._park
        return environ

    def _park(self, held: HeldStream) -> None:
        self.parked = held

    def service(self):
        try:
            super().service()
        finally:
            if self.parked is not None:  # asked for, never handed over (an error, a phone gone)
                self.parked.give_back()

    def finish(self):
        """A stream to hold ends here without its terminator: the pump writes the rest, chunked
        as this answer is (HTTP/1.1), or not (HTTP/1.0: its end is the connection's close).
        With requests pipelined behind it, the stream ends here, terminated, and ``service``
        gives its slot back: the next answer must not go inside it (issue 28). Under the lock
        the main loop parses a read under (all requests of that read are queued); none is read
        after: waitress reads no more while a request is queued."""
        with self.channel.requests_lock:
            pipelined = len(self.channel.requests) > 1
        if self.parked is not None and self.status.startswith("200") and self.wrote_header and not pipelined:
            with self.channel.outbuf_lock:  # as the channel's close is: either sees the other
                if self.channel.connected:
                    self.channel.handing_over = Handover(self.parked, self.chunked_response, not self.close_on_finish)
                    self.parked = None
                    self.close_on_finish = False  # the pump closes it, if it is to be closed
                    return
        super().finish()

    def build_response_header(self):
        self._bodiless_keep_alive = (
            (not self.has_body or self.parked is not None)
            and self.version == "1.1"
            and not self.close_on_finish
            and self.request.headers.get("CONNECTION", "").lower() != "close"
        )
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
    handing_over: Handover | None = None  # set by the task; read by the main loop

    def readable(self):
        return self.handing_over is None and super().readable()

    def writable(self):
        return (self.handing_over is not None and not self.requests) or super().writable()

    def handle_write(self):
        """Send what is left of the answer; once a held stream's opening is all sent, hand it
        to the pump (in the main loop, which alone changes its map)."""
        super().handle_write()
        if self.handing_over is None or self.requests or self.total_outbufs_len:
            return
        handover, self.handing_over = self.handing_over, None
        if self.connected and not self.will_close:
            self.del_channel()  # out of the loop's map and of the connections counted
            self.server.pump.adopt(
                self.socket,
                handover.held,
                handover.chunked,
                lambda reusable: self._back_from_pump(reusable and handover.keep_alive),
            )
        else:
            handover.held.give_back()

    def handle_close(self):
        """Closed before its stream was handed over (the phone hung up): the slot goes back."""
        super().handle_close()
        handover, self.handing_over = self.handing_over, None
        if handover is not None:
            handover.held.give_back()

    def _back_from_pump(self, reusable: bool) -> None:
        """The stream ended (on the pump's thread): serve the connection's next request, or close."""
        if reusable:
            self.server.trigger.pull_trigger(self._rejoin)
        else:
            self.handle_close()

    def _rejoin(self) -> None:
        self._fileno = self.socket.fileno()  # del_channel forgot it
        self.last_activity = time.time()
        self.add_channel()

    def back_from_rest(self, close: bool) -> None:
        """Back from rest (resting.py), on the loop's thread: in its map again, where the loop
        reads what woke it (a request, or the phone's hanging up); or closed, idle too long."""
        if self.socket is None or self.socket.fileno() < 0:
            return
        self._fileno = self.socket.fileno()
        self.add_channel()
        if close:
            self.handle_close()

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
    pump: StreamPump | None = None

    resting: RestingConnections | None = None

    def connections_from(self, channel: GuardedChannel) -> int:
        host = _host(channel.addr)
        in_loop = sum(1 for other in self.active_channels.values() if _host(other.addr) == host)
        return in_loop + (self.resting.from_host(host) if self.resting is not None else 0)

    def maintenance(self, now):
        """Waitress closes idle connections; close those receiving one request for too long too,
        and take those idle for a while out of the loop (resting.py)."""
        super().maintenance(now)
        cutoff = time.monotonic() - self.request_seconds
        idle_since = now - REST_AFTER_SECONDS
        for channel in list(self.active_channels.values()):
            began = getattr(channel, "request_began", None)
            if began is not None and began < cutoff:
                channel.will_close = True
            elif self.resting is not None and _restful(channel, idle_since):
                if not self.resting.rest(channel, _host(channel.addr)):
                    break  # the room is full


def _host(addr) -> str:
    return addr[0] if isinstance(addr, tuple) else str(addr)


def serve(app, *, trusted_proxies: int = 0, drain_seconds: float = DRAIN_SECONDS, **settings) -> None:
    """``waitress.serve`` with the limits above and the stream pump, ended gracefully by SIGTERM
    or Ctrl+C (a second one ends it at once)."""
    server = guarded_server(app, trusted_proxies=trusted_proxies, **settings)
    logging.basicConfig()  # as waitress.serve does
    server.print_listen("Serving on http://{}:{}")
    stopping = threading.Event()

    def stop(_signal, _frame) -> None:
        stopping.set()
        server_trigger(server).pull_trigger()  # wakes the loop's poll at once
        for each in STOP_SIGNALS:
            signal.signal(each, signal.SIG_DFL)

    for each in STOP_SIGNALS:
        signal.signal(each, stop)
    loop_map, adj = server_map(server), server.adj
    while not stopping.is_set():
        wasyncore.loop(timeout=adj.asyncore_loop_timeout, map=loop_map, use_poll=adj.asyncore_use_poll, count=1)
    drain(server, drain_seconds)


def drain(server, seconds: float) -> None:
    """Stop gracefully: listen no more (the proxy sends new requests to another process), end
    every event stream as its lifetime would (the browser reconnects within a second, through
    the proxy to another process), close the connections at rest, let every request already
    received finish and its answer go out (a write is committed and answered, never cut), close
    connections as they fall idle;
    then stop, after ``seconds`` at most."""
    loop_map, adj = server_map(server), server.adj
    for listener in listeners_of(server):
        listener.accepting = False
        listener.del_channel()
        listener.socket.close()
    pump = listeners_of(server)[0].pump
    pump.end_all()
    resting = listeners_of(server)[0].resting
    if resting is not None:
        resting.close_all()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        busy = [channel for channel in list(loop_map.values()) if isinstance(channel, HTTPChannel)]
        for channel in busy:
            if _idle(channel):
                channel.handle_close()
        if not any(channel.connected for channel in busy) and not pump.holding():
            break
        wasyncore.loop(timeout=0.05, map=loop_map, use_poll=adj.asyncore_use_poll, count=1)
    server.task_dispatcher.shutdown(timeout=max(0.0, deadline - time.monotonic()))
    wasyncore.close_all(loop_map)


def _restful(channel: HTTPChannel, idle_since: float) -> bool:
    """Idle since before ``idle_since`` and open, with nothing to read, answer or send."""
    return (
        isinstance(channel, GuardedChannel)
        and channel.connected
        and not channel.will_close
        and not channel.close_when_flushed
        and channel.last_activity < idle_since
        and _idle(channel)
    )


def _idle(channel: HTTPChannel) -> bool:
    """Neither receiving nor answering a request, nor handing a stream over."""
    return (
        not channel.requests
        and channel.request is None
        and not channel.total_outbufs_len
        and getattr(channel, "handing_over", None) is None
    )


def listeners_of(server) -> list[TcpWSGIServer]:
    """The listening servers: ``server`` itself, or those of a server on several addresses."""
    return (
        [server]
        if isinstance(server, TcpWSGIServer)
        else [listener for listener in server.map.values() if isinstance(listener, TcpWSGIServer)]
    )


def server_map(server) -> dict:
    """The loop's map of connections (one server's own, or the map of several)."""
    return server._map if isinstance(server, TcpWSGIServer) else server.map


def server_trigger(server):
    return listeners_of(server)[0].trigger


def guarded_server(app, *, trusted_proxies: int = 0, **settings):
    """Waitress's server, made as it always is, then given the limits above and the stream pump.
    Behind a reverse proxy (``trusted_proxies``) every connection comes from the proxy's address:
    the proxy limits each client instead. poll(), not select(): held streams take file numbers
    past select's 1024."""
    per_address = int(os.environ.get("REFEREE_CONNECTIONS_PER_ADDRESS", CONNECTIONS_PER_ADDRESS))
    server = create_server(
        app,
        connection_limit=_connection_limit(app.config["PUSH_STREAMS"]),
        channel_timeout=IDLE_SECONDS,
        cleanup_interval=CLEANUP_SECONDS,
        asyncore_use_poll=True,
        **settings,
    )
    pump = StreamPump()
    resting = (
        RestingConnections(_resting_room(app.config["PUSH_STREAMS"]), IDLE_SECONDS, server_trigger(server).pull_trigger)
        if RestingConnections.possible()
        else None
    )
    for listener in listeners_of(server):
        listener.__class__ = GuardedServer
        listener.pump = pump
        listener.resting = resting
        listener.per_address = 0 if trusted_proxies else per_address
        listener.request_seconds = float(os.environ.get("REFEREE_REQUEST_SECONDS", REQUEST_SECONDS))
    return server


def streams_within_file_limit() -> int:
    """STREAMS, or fewer if the open-file limit (raised towards its hard limit first) leaves
    room for fewer beside CONNECTIONS and FILES_KEPT (connections at rest get what is left)."""
    room = _raise_file_limit(CONNECTIONS + STREAMS + RESTING + FILES_KEPT)
    return max(1, min(STREAMS, room - CONNECTIONS - FILES_KEPT))


def _connection_limit(streams: int) -> int:
    """CONNECTIONS, leaving room under the open-file limit for the held streams, the database
    and the threads."""
    room = _raise_file_limit(CONNECTIONS + streams + RESTING + FILES_KEPT)
    return max(100, min(CONNECTIONS, room - streams - FILES_KEPT))


def _resting_room(streams: int) -> int:
    """RESTING, or what the open-file limit leaves beside the connections, streams and the rest."""
    room = _raise_file_limit(CONNECTIONS + streams + RESTING + FILES_KEPT)
    return max(0, min(RESTING, room - CONNECTIONS - streams - FILES_KEPT))


def _raise_file_limit(wanted: int) -> int:
    """Raise this process's soft open-file limit towards ``wanted`` (within the hard limit);
    return the limit now (``wanted`` when there is none)."""
    try:
        import resource  # not on Windows
    except ImportError:
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    if soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        except (ValueError, OSError):
            soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft
