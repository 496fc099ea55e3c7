"""What the views share: the request's database session, this server's addresses, QR codes."""

from __future__ import annotations

from itertools import groupby

import qrcode
from flask import Response, current_app, g, request
from sqlmodel import Session

from ..db import GameTable
from ..games.base import HOST


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def db() -> Session:
    if "db" not in g:
        g.db = Session(current_app.extensions["db_engine"], expire_on_commit=False)
    return g.db


def close_db(_error) -> None:
    session = g.pop("db", None)
    if session is not None:
        session.close()


def api_request() -> bool:
    """The JSON API answers in JSON, errors included; everything else is a page."""
    return request.path.startswith("/api/")


def by_json(by: str):
    """Who made an entry, as the API and the exports say it: "host" or a seat number."""
    return by if by == HOST else int(by)


def public_base() -> str:
    """Where phones reach this server: the configured public URL, else the address asked for."""
    return (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def join_url(table: GameTable) -> str:
    return f"{public_base()}/t/{table.code}"


def qr_svg(text: str) -> str:
    """``text`` as a QR code: each row's runs of dark modules as strokes one module wide, in one
    path (a square per module was three times the bytes, and every table page loads the code)."""
    code = qrcode.QRCode(border=2)
    code.add_data(text)
    code.make(fit=True)
    modules = code.get_matrix()
    rows = "".join(row_strokes(y, row) for y, row in enumerate(modules))
    size = len(modules)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}mm" '
        f'height="{size}mm"><path d="{rows}" stroke="#000" stroke-width="1" shape-rendering="crispEdges"/></svg>'
    )


def row_strokes(y: int, row: list[bool]) -> str:
    """Row ``y``'s dark runs along its middle line: the first moved to, each next one from the end
    of the last (``M2 5.5h7m2 0h1``)."""
    strokes, x, pen = [], 0, None
    for dark, group in groupby(row):
        length = len(list(group))
        if dark:
            strokes.append(f"M{x} {y}.5h{length}" if pen is None else f"m{x - pen} 0h{length}")
            pen = x + length
        x += length
    return "".join(strokes)


def qr_response(text: str) -> Response:
    return Response(qr_svg(text), mimetype="image/svg+xml")
