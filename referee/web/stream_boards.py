"""Boards over the event stream (issue 31): a phone whose stream asks for them (``?boards=1``,
the board page's; ``?boards=tv``, the table screen's) is sent its new board when the table moves
on, instead of a nudge and a request of its own.

A stream is opened by the phone's own request, with its cookies and language: what the board
depends on besides the table (who the phone is, what it asks with, its language, the address it
uses) is kept from it as a ``StreamViewer``, the few parts of that request a board GET would carry
(never the request's other cookies). Drawing a board is that GET's, without the request: the
table is read once for all the streams being drawn (one session, ``find_table`` keeps it), then
for each viewer a request context of its own is made from what was kept, and the board comes from
the same code as the fetch (``render.kept_board``, cached per (table, seq, viewer kind, language):
the watchers share one drawing). The phone whose entry it was has its board already (its entry
was answered with it, ``render.already_answered``): its stream says only the seq. Who the
phone is, is asked again at each drawing from its pass (``sessions.who``): a seat freed since the
stream opened sees what a freed phone's fetch would (the projection decides what each viewer may
know, issue 25). A board that cannot be drawn (a rematch to go to, the table gone, an error)
leaves the stream to nudge, and the phone fetches as before (if it is behind).
"""

from __future__ import annotations

import io
import logging
import sys
from dataclasses import dataclass
from urllib.parse import urlencode

from flask import Flask, g, request
from sqlmodel import Session

from ..table import reads
from ..table.errors import TableNotFound
from ..i18n import LANG_COOKIE
from ..push import Painted
from . import render, sessions, tv

logger = logging.getLogger(__name__)

KINDS = {"1": "board", "tv": "tv"}  # ?boards=… : the page the stream's boards are for
ARGS_KEPT = ("watch", "seat", "lang")  # what an unjoined phone's board asks with, and its language
ENVIRON_KEPT = (
    "wsgi.url_scheme",
    "SERVER_NAME",
    "SERVER_PORT",
    "SERVER_PROTOCOL",
    "SCRIPT_NAME",
    "HTTP_HOST",
    "HTTP_ACCEPT_LANGUAGE",
    "REMOTE_ADDR",
)


@dataclass(frozen=True)
class StreamViewer:
    """What a stream's boards are drawn for: its kind, and the parts of its request a board
    depends on (equal for two watchers in the same language: they share a drawing)."""

    kind: str
    environ: tuple[tuple[str, str], ...]
    query: str
    cookie: str

    def request_environ(self, code: str) -> dict:
        """The WSGI environ of the board GET this stream stands for (htmx's, as a fetch)."""
        path = f"/t/{code}/tv" if self.kind == "tv" else f"/t/{code}"
        environ = {
            **dict(self.environ),
            "REQUEST_METHOD": "GET",
            "PATH_INFO": path,
            "QUERY_STRING": self.query,
            "HTTP_HX_REQUEST": "true",
            "wsgi.input": io.BytesIO(b""),
            "wsgi.errors": sys.stderr,
            "wsgi.version": (1, 0),
            "wsgi.multithread": True,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
        }
        if self.cookie:
            environ["HTTP_COOKIE"] = self.cookie
        return environ


def viewer_of_this_request(code: str) -> StreamViewer | None:
    """The viewer the stream being opened asks boards for (None: it asks for nudges only)."""
    kind = KINDS.get(request.args.get("boards", ""))
    if kind is None:
        return None
    environ = tuple((name, str(request.environ[name])) for name in ENVIRON_KEPT if name in request.environ)
    query = urlencode([(name, request.args[name]) for name in ARGS_KEPT if name in request.args])
    kept = [
        (name, request.cookies[name]) for name in (sessions.cookie_name(code), LANG_COOKIE) if name in request.cookies
    ]
    return StreamViewer(kind, environ, query, "; ".join(f"{name}={value}" for name, value in kept))


class BoardPainter:
    """Draws streams' boards for one app (``push.Painter``)."""

    def __init__(self, app: Flask):
        self.app = app

    def paint(self, code: str, viewers: list) -> dict[StreamViewer, Painted | None]:
        drawn: dict[StreamViewer, Painted | None] = {}
        with Session(self.app.extensions["db_engine"], expire_on_commit=False) as session:
            for viewer in viewers:
                try:
                    drawn[viewer] = self._paint_one(session, code, viewer)
                except TableNotFound:
                    drawn[viewer] = None
                except Exception:  # noqa: BLE001 - this phone is nudged instead, and fetches
                    logger.exception("drawing a board for a stream")
                    drawn[viewer] = None
        return drawn

    def _paint_one(self, session: Session, code: str, viewer: StreamViewer) -> Painted | None:
        """One viewer's board, in an app context of its own (``g`` holds per-answer things: the
        language, what the answer showed) around the session shared by this drawing."""
        with self.app.app_context():
            g.db = session
            try:
                with self.app.request_context(viewer.request_environ(code)):
                    table = reads.find_table(session, code)
                    if table.rematch:
                        return None  # the phone's fetch is sent on to the rematch
                    if viewer.kind == "tv":
                        return Painted(table.seq, table.seats_version, tv.screen(table))
                    if render.already_answered(table, sessions.page_pass(table)):
                        return None  # its own entry's answer was this board: a nudge says the seq
                    return Painted(table.seq, table.seats_version, render.kept_board(table), render.FORM_KEY_MARK)
            finally:
                g.pop("db", None)  # the drawing's session: closed by ``paint``, not by this context


def init_app(app: Flask) -> None:
    app.extensions["board_painter"] = BoardPainter(app)
