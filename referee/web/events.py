"""Live updates: the event stream a board listens on (``/t/CODE/events``, server-sent events
carrying the table's seq and its seats' version, see push.py; or, when it asks with ``?boards=…``,
the phone's board itself: stream_boards.py), the cheap polls of phones without one ("anything new
since seq N, seats version V?"), and the nudge a write or a seat change gives both (the nudge
itself is sent at commit: push.moved).
"""

from __future__ import annotations

import threading
from collections import Counter

from flask import Blueprint, Response, current_app, request

from .. import metrics, push
from ..table import reads
from ..db import GameTable
from . import stream_boards
from .common import db

bp = Blueprint("events", __name__)


@bp.get("/t/<code>/events")
def stream(code: str):
    """The table's seq whenever it moves, and its seats' version whenever a phone joins or a
    seat is freed (``?seats=V``: the version the board was drawn at); with ``?boards=1`` (or
    ``tv``), the phone's new board instead where it can be drawn, and at once on reconnecting
    when the browser's last event (``Last-Event-ID``, a seq) is older than the table. When this
    process holds all the streams it may, or this client its few, 204 tells the browser not to
    retry: that phone polls."""
    table = reads.find_table(db(), code)
    give_back = _take_stream_slot()
    if give_back is None:
        return Response(status=204)
    boards = _boards_asked_for(table)
    opening_board = _missed_board(table, boards)
    encoding = push.Deflated() if request.accept_encodings.quality("gzip") else push.Plain()
    park = request.environ.get(push.PARK_STREAM)  # offered by ``referee serve``'s door
    if park is None:
        events = _held_by_this_thread(table, boards, opening_board, encoding)
        response = Response(events, mimetype="text/event-stream")
        # On close, which the server calls once the answer ends, the phone went away, or no body
        # was ever sent (HEAD): a generator's own `finally` never runs when it never started.
        response.call_on_close(give_back)
    else:
        events = _held_by_the_server(table, park, give_back, boards, opening_board, encoding)
        response = Response(events, mimetype="text/event-stream")
    response.headers.update({"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    if encoding.content_encoding:
        response.headers["Content-Encoding"] = encoding.content_encoding
    response.vary.add("Accept-Encoding")
    return response


def _boards_asked_for(table: GameTable) -> push.StreamBoards | None:
    viewer = stream_boards.viewer_of_this_request(table.code)
    return None if viewer is None else push.StreamBoards(current_app.extensions["board_painter"], viewer)


def _missed_board(table: GameTable, boards: push.StreamBoards | None) -> push.Painted | None:
    """A reconnecting phone's board, when its last event is older than the table (an entry made
    while it was away): sent in the opening, no fetch needed."""
    last = request.headers.get("Last-Event-ID", type=int)
    if boards is None or last is None or last >= table.seq:
        return None
    return push.paint_one(boards, table.code)


def _held_by_this_thread(table: GameTable, boards, opening_board, encoding: push.StreamEncoding):
    """The stream as a generator: the server thread serving it is held for its lifetime."""
    return push.event_stream(
        current_app.extensions["push_hub"],
        table.code,
        table.seq,
        lifetime=current_app.config["PUSH_LIFETIME"],
        seats=table.seats_version,
        heartbeat=current_app.config["PUSH_HEARTBEAT"],
        board_seats=request.args.get("seats", type=int),
        boards=boards,
        opening_board=opening_board,
        encoding=encoding,
    )


def _held_by_the_server(table: GameTable, park, give_back, boards, opening_board, encoding: push.StreamEncoding):
    """The opening events only; the rest is the server's (``referee serve``: door.py, pump.py),
    which goes on in the same ``encoding`` and gives the slot back when the stream ends. An
    iterator, not a list: a list would get a Content-Length, and the answer must stay open."""
    stream = push.TableStream(table.code, table.seq, table.seats_version)
    opening = stream.opening(request.args.get("seats", type=int), opening_board)
    park(
        push.HeldStream(
            current_app.extensions["push_hub"],
            stream,
            lifetime=current_app.config["PUSH_LIFETIME"],
            heartbeat=current_app.config["PUSH_HEARTBEAT"],
            give_back=give_back,
            boards=boards,
            encoding=encoding,
        )
    )
    return iter([encoding.said(opening)])


class StreamsByClient:
    """How many event streams each client address holds in this process."""

    def __init__(self, most: int):
        self.most = most
        self.lock = threading.Lock()
        self.held: Counter[str] = Counter()

    def take(self, client: str) -> bool:
        with self.lock:
            if self.held[client] >= self.most:
                return False
            self.held[client] += 1
            return True

    def give_back(self, client: str) -> None:
        with self.lock:
            self.held[client] -= 1
            if not self.held[client]:
                del self.held[client]


def init_app(app) -> None:
    """PUSH_STREAMS in all per process (each holds a server thread, except under ``referee
    serve``, whose door holds them on one thread), PUSH_STREAMS_PER_CLIENT for one address
    (phones behind one router share it; past that they poll)."""
    app.extensions["push_slots"] = threading.BoundedSemaphore(app.config["PUSH_STREAMS"])
    app.extensions["push_clients"] = StreamsByClient(app.config["PUSH_STREAMS_PER_CLIENT"])
    stream_boards.init_app(app)


def _take_stream_slot():
    """A slot for this client's stream, and the function that gives it back (once); None when
    there is none to take."""
    slots, clients = current_app.extensions["push_slots"], current_app.extensions["push_clients"]
    client = request.remote_addr or ""
    if not clients.take(client):
        return None
    if not slots.acquire(blocking=False):
        clients.give_back(client)
        return None
    given_back = threading.Event()
    metrics.STREAMS_HELD.inc()

    def give_back() -> None:
        if not given_back.is_set():
            given_back.set()
            slots.release()
            clients.give_back(client)
            metrics.STREAMS_HELD.dec()

    return give_back


def seq_now(code: str) -> int | None:
    """The table's seq for a poll (None: no such table): from the push hub when it keeps the
    table current, else one indexed read, which the hub then keeps current."""
    stamp = stamp_now(code)
    return stamp[0] if stamp else None


def stamp_now(code: str) -> tuple[int, int] | None:
    """The table's (seq, seats' version) for a poll, as ``seq_now`` finds the seq."""
    hub, code = current_app.extensions["push_hub"], reads.normalise_code(code)
    stamp = hub.known_stamp(code)
    if stamp is None:
        stamp = reads.table_stamp(current_app.extensions["db_engine"], code)
        if stamp is None:
            hub.forget(code)  # no table: nothing for the hub to keep current
        else:
            hub.announce(code, *stamp)
    return stamp


def nothing_new(code: str, since: int | None, seats: int | None = None) -> bool:
    """A board drawn at ``since`` (and at seats' version ``seats``, when the poll says it) is
    still current (no query when the hub keeps the table)."""
    if since is None:
        return False
    stamp = stamp_now(code)
    return stamp is not None and since == stamp[0] and (seats is None or seats == stamp[1])
