"""Who is this phone: the seat or host pass a page's phone keeps in a cookie (one per table,
set when it opens the table or takes a seat), or the token an API client sends as a bearer.
The API reads only the token: a cookie another site's page sends along counts for nothing there.
"""

from __future__ import annotations

import secrets

from flask import Response, abort, g, redirect, request, url_for

from ..table import claims, reads, seats
from ..table.errors import SeatTaken
from ..games.base import HOST
from .common import api_request, db

COOKIE_DAYS = 30


class NotJoined(Exception):
    """A page's phone without a seat tried to write (401, the board again)."""


def cookie_name(code: str) -> str:
    return f"rt_{code}"


def who(table):
    """HOST, a seat number, or None (a watcher) for the pass this request carries."""
    return seats.identify(table, _pass(table))


def writer(table):
    """Who makes this write: a phone without a valid pass is refused (the API tells a missing
    token, 401, from a wrong one, 403)."""
    if api_request():
        return seats.require_identity(table, _pass(table))
    by = who(table)
    if by is None:
        raise NotJoined()
    return by


def _pass(table) -> str | None:
    return bearer_token() if api_request() else page_pass(table)


def page_pass(table) -> str | None:
    """The pass a page's phone keeps in its cookie for this table."""
    return request.cookies.get(cookie_name(table.code))


def bearer_token() -> str | None:
    """The token an API client sends: ``Authorization: Bearer <token>``."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def showing_secrets_of(viewer) -> None:
    """This answer shows the table as a seat or the host sees it (a hand, a task): no cache, on
    the phone or on the way, may keep it (``keep_secrets_private``)."""
    if viewer is not None:
        g.secrets_shown = True


def keep_secrets_private(response: Response) -> Response:
    if g.get("secrets_shown"):
        response.headers["Cache-Control"] = "no-store, private"
    return response


def remember(response: Response, code: str, token: str) -> Response:
    # Lax, not Strict: a table link opened from a chat app must still find this phone's seat.
    response.set_cookie(
        cookie_name(code),
        token,
        max_age=COOKIE_DAYS * 86400,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure,
        path=f"/t/{code}",
    )
    return _keep_my_tables(response, [(code, fingerprint(token)), *(held for held in _held() if held[0] != code)])


def forget(response: Response, code: str) -> Response:
    response.delete_cookie(cookie_name(code), path=f"/t/{code}")
    return _keep_my_tables(response, [held for held in _held() if held[0] != code])


# ----------------------------------------------------------------------- the start page's list
# A table's pass lives at its own path, which the start page never sees: a second cookie at "/"
# lists the tables this phone holds a role at, newest first, so the start page can lead back. It
# holds a fingerprint of each pass, not the pass: sent with every request, it can write nothing.

MY_TABLES = "rt_tables"
MY_TABLES_KEPT = 8


fingerprint = claims.fingerprint


def _role_by_fingerprint(table, print_: str):
    """HOST or the seat whose pass has this fingerprint, else None (freed, or not this table's)."""
    passes = [(HOST, table.host_token), *((seat, info.get("token")) for seat, info in enumerate(table.seats))]
    for role, token in passes:
        if token and secrets.compare_digest(fingerprint(token).encode(), print_.encode("utf-8", "surrogatepass")):
            return role
    return None


def _held() -> list[tuple[str, str]]:
    """(code, fingerprint of its pass) for each table this phone has a role at, newest first."""
    held = []
    for item in request.cookies.get(MY_TABLES, "").split("."):
        code, _, token = item.partition(":")
        if code.isalnum() and token:
            held.append((code, token))
    return held[:MY_TABLES_KEPT]


def _keep_my_tables(response: Response, held: list[tuple[str, str]]) -> Response:
    if not held:
        response.delete_cookie(MY_TABLES, path="/")
        return response
    value = ".".join(f"{code}:{print_}" for code, print_ in held[:MY_TABLES_KEPT])
    response.set_cookie(
        MY_TABLES, value, max_age=COOKIE_DAYS * 86400, httponly=True, samesite="Lax", secure=request.is_secure, path="/"
    )
    return response


def my_tables() -> list[tuple[object, object]]:
    """(table, HOST or seat) for the tables this phone still holds a role at, the last played
    at first. A freed seat, a table gone or one that moved on to its rematch is left out."""
    held = dict(_held())
    if not held:
        return []
    g.secrets_shown = True  # a page naming this phone's seats is this phone's alone: no cache keeps it
    mine = []
    for table in reads.tables_with_codes(db(), list(held)):
        role = _role_by_fingerprint(table, held[table.code])
        if role is not None and not table.rematch:
            mine.append((table, role))
    return sorted(mine, key=lambda found: found[0].updated_at or found[0].created_at, reverse=True)


def claim_seat(table, seat: int, by=None) -> str:
    """Take a free ``seat`` for this phone (``by`` HOST: the host takes it, on its own phone or
    for a client) and give back its new pass. A seat another phone holds cannot be taken, by
    the host neither: the host frees it first."""
    return seats.claim_seat(db(), table, seat, by)


def freed_seat(table, viewer) -> int | None:
    """The seat this page's phone held until the host freed it (its pass is kept, and no longer
    valid): the board says so instead of only asking again who it is."""
    if viewer is not None or api_request():
        return None
    return claims.freed_seat_of(table, request.cookies.get(cookie_name(table.code)))


def free_seat(table, seat: int | None) -> None:
    """Host only: let another phone take a seat (the old phone's pass stops working at once).
    Any other phone, or a seat that is not there, is a plain 403."""
    if who(table) != HOST or seat is None or not 0 <= seat < len(table.seats):
        abort(403)
    seats.free_seat(db(), table, seat)


def is_host_token(table, token: str) -> bool:
    """Whether ``token`` is this table's host token (the host's link carries it)."""
    return bool(token) and secrets.compare_digest(token.encode("utf-8", "surrogatepass"), table.host_token.encode())


def to_the_rematch(table) -> Response:
    """Every phone of a finished table is taken to its rematch, keeping what it was: the host
    stays the host (the rematch has the same host token), a seat's phone takes the same seat
    there if no other phone has taken it first, a watcher watches. htmx follows HX-Redirect."""
    new = reads.find_table(db(), table.rematch)
    target = url_for("pages.table", code=new.code)
    if request.headers.get("HX-Request") == "true":
        response = Response(status=204, headers={"HX-Redirect": target})
    else:
        response = redirect(target, 303)
    by = who(table)
    if by == HOST:
        return remember(response, new.code, new.host_token)
    if by is not None and seat_is_free(new, by):
        try:
            token = seats.claim_seat(db(), new, by, old_pass=_pass(table))  # its seat waits for it
        except (SeatTaken, claims.SeatAwaited):
            return response
        return remember(response, new.code, token)
    return response


def seat_is_free(table, seat: int) -> bool:
    return 0 <= seat < len(table.seats) and not seats.seat_is_claimed(table, seat)
