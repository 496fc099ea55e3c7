"""What the views share: the request's database session, this server's addresses, QR codes."""
from __future__ import annotations

import io

import qrcode
import qrcode.image.svg
from flask import Response, current_app, g, request
from sqlmodel import Session

from ..db import GameTable
from ..games.base import HOST


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
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    out = io.BytesIO()
    image.save(out)
    return out.getvalue().decode()


def qr_response(text: str) -> Response:
    return Response(qr_svg(text), mimetype="image/svg+xml")
