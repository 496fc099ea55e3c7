"""What the page and API views share: the database session, tokens, QR codes, addresses."""
from __future__ import annotations

import io

import qrcode
import qrcode.image.svg
from flask import current_app, g, request
from flask_babel import gettext
from sqlmodel import Session

from .. import log
from ..db import GameTable
from ..games.cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, label_of, parse_card
from ..i18n import translate


def db() -> Session:
    if "db" not in g:
        g.db = Session(current_app.extensions["db_engine"], expire_on_commit=False)
    return g.db


def announce(table: GameTable) -> None:
    """Nudge this process's event streams at once; other processes hear it from the database."""
    current_app.extensions["push_hub"].announce(table.code, table.seq)


def table_seq(code: str) -> int | None:
    """The table's seq for a poll (None: no such table): from the push hub when it keeps the
    table current, else one indexed read, which the hub then keeps current."""
    hub, code = current_app.extensions["push_hub"], log.normalise_code(code)
    seq = hub.known_seq(code)
    if seq is None:
        seq = log.table_seq(current_app.extensions["db_engine"], code)
        if seq is not None:
            hub.announce(code, seq)
    return seq


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


# Scripts only from our own files (htmx runs with allowEval off); inline styles stay allowed for
# style="width: …" bars. No framing, no plugins, forms post only here, no <base> tricks.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# Nothing here needs a camera, a microphone or a location; a board keeps the screen awake.
PERMISSIONS_POLICY = ("camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), "
                      "display-capture=(), screen-wake-lock=(self)")
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # our own pages still send Referer: the form check may need it
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def security_headers(response):
    """On every response, pages, fragments, the API and static files alike. HSTS only over
    https: over plain http (a phone on the LAN) browsers ignore it, and it would be untrue.
    Not on an empty 204 (the poll's "nothing new"): there is nothing to sniff, frame or run."""
    if response.status_code == 204:
        return response
    present = {name.lower() for name, _value in response.headers}  # one pass, not one per header
    response.headers.extend([(name, value) for name, value in SECURITY_HEADERS.items()
                             if name.lower() not in present])
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def register_filters(app) -> None:
    """Card notation for templates: ``7H|card_label`` is 7♥, ``7H|card_name`` "7 of hearts"."""
    app.add_template_filter(label_of, "card_label")
    app.add_template_filter(card_name, "card_name")
    app.add_template_filter(suit_name, "suit_name")
    app.add_template_filter(lambda s: SUIT_SYMBOLS.get(s, s), "suit_symbol")


def suit_name(suit: str) -> str:
    """A suit letter as the page's language names it (``H``: "hearts", "Herz")."""
    return translate(SUIT_NAMES[suit]) if suit in SUIT_NAMES else suit


def card_name(code: str) -> str:
    try:
        card = parse_card(code)
    except ValueError:
        return code
    if card.rank == 0:
        return gettext("joker")
    return gettext("%(rank)s of %(suit)s", rank=RANK_NAMES.get(card.rank, card.rank), suit=suit_name(card.suit))
