"""How a request ended, answered in one place. Views load, check and render; what goes wrong
they raise, and this answers it: JSON for the API (``/api/``); for the pages the board again
(the whole page, or the htmx fragment) with what happened, or a plain error page.

==================  ======  ============================================================
raised              status  answer
==================  ======  ============================================================
TableNotFound       404     rule TABLE; the "no such table" page
Stale               409     rule STALE and the fresh board; nothing was recorded
Denied              401/403 rule ACCESS; the board with the sentence
Refusal             403/422 the rule and its sentence (403: this phone may not make the entry);
                            the board, with the host's "accept anyway" button; a table not
                            opened: 422 and the new-table form again
forms.BadInput      400     rule REQUEST and what is wrong; the plain 400 page
sessions.NotJoined  401     the board: tap your name first (pages only)
SeatTaken           409     the board: the seat is taken (the API: JSON)
SeatAwaited         409     the board: a rematch's seat waits for its phone a while
Archived            410     rule ARCHIVED; the board with the sentence (idle tables take no entries)
TooManyTables       429     rule LIMIT, Retry-After; this address opened too many tables lately
TooManyCorrections  429     rule LIMIT, Retry-After; the board: this address corrected this
                            table too often lately
413, 404, 405       as is   rule REQUEST or ROUTE; the plain page (404: "no such table")
database down       503     rule UNAVAILABLE, Retry-After; a page that tries again by itself;
                            one log line each, not a traceback
==================  ======  ============================================================
"""

from __future__ import annotations

from flask import current_app, jsonify, render_template, request
from flask_babel import gettext, lazy_gettext
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import BadRequest, SecurityError

from .. import upkeep
from ..table import claims, reads
from ..table.errors import Archived, Denied, SeatTaken, Stale, TableNotFound
from ..games import GAMES
from ..games.base import Refusal
from ..i18n import current_page
from . import forms, limits, render, sessions
from .rules import with_rule_url
from .common import api_request, db

STALE_MESSAGE = lazy_gettext(
    "The table moved on while you were entering; here is the fresh board. Nothing was recorded."
)
STALE_API_MESSAGE = "The table moved on since your board was drawn; nothing was recorded."


def error_json(status: int, rule: str, message: str, **extra):
    return jsonify({"error": {"rule": rule, "message": message}, **extra}), status


def _table_again():
    """The table this request is about, as it is now (after a write that did not go ahead)."""
    return reads.find_table(db(), request.view_args["code"])


def _on_a_table() -> bool:
    return "code" in (request.view_args or {})


# --------------------------------------------------------------------------- the log's outcomes


def table_not_found(exc: TableNotFound):
    if api_request():
        return error_json(404, "TABLE", f"There is no table {exc.args[0]!r}.")
    return render_template("not_found.html"), 404


def stale(_exc: Stale):
    table = _table_again()
    if api_request():
        board = render.board_json(table, reads.current_state(db(), table), sessions.who(table))
        return error_json(409, "STALE", STALE_API_MESSAGE, **board)
    return render.board_page(table, 409, message=STALE_MESSAGE)


def denied(exc: Denied):
    if api_request():
        return error_json(exc.status, "ACCESS", exc.message)
    return render.board_page(_table_again(), exc.status, message=exc.message)


def refused(refusal: Refusal):
    status = 403 if refusal.permission else 422
    if not _on_a_table():  # opening a table: no ruling can follow, so no "overridable"
        if api_request():
            game_id = (request.get_json(silent=True) or {}).get("game")
            return jsonify(
                {"error": with_rule_url(game_id, {"rule": refusal.rule, "message": refusal.message})}
            ), status
        game = GAMES[request.view_args["game_id"]]
        names, chosen = forms.new_table_fields(request.form, game)
        return render.new_table_form(game, status, refusal, names, chosen)
    if api_request():
        return jsonify({"error": with_rule_url(_table_again().game, refusal.as_dict())}), status
    return render.board_page(_table_again(), status, refusal=refusal, refused=forms.posted_entry(request.form))


# --------------------------------------------------------------------------- the request's own


def bad_input(exc: forms.BadInput):
    if api_request():
        return error_json(400, "REQUEST", exc.message)
    return BadRequest()


def not_joined(_exc: sessions.NotJoined):
    return render.board_page(
        _table_again(), 401, message=gettext("Tap your name first: this phone has not joined the table.")
    )


def seat_taken(exc: SeatTaken):
    if api_request():
        return error_json(409, "SEAT", f"{exc.name}'s seat is already claimed; the host can free it first.")
    return render.board_page(
        _table_again(),
        409,
        message=gettext("%(name)s is already taken on another phone. The host can free the seat.", name=exc.name),
    )


def seat_awaited(exc: claims.SeatAwaited):
    if api_request():
        return error_json(
            409,
            "SEAT",
            f"{exc.name}'s seat waits a few minutes for {exc.name}'s phone from the "
            "last game; the host can give it to you now.",
        )
    return render.board_page(
        _table_again(),
        409,
        message=gettext(
            "%(name)s's seat waits a few minutes for %(name)s's phone from the last game; the host can give it to "
            "you now.",
            name=exc.name,
        ),
    )


def too_large(exc):
    if api_request():
        return error_json(413, "REQUEST", "The request is too large.")
    return exc


def no_route(_exc):
    if api_request():
        return error_json(404, "ROUTE", "No such API endpoint.")
    return render_template("not_found.html"), 404


def untrusted_host(exc):
    """A Host header not in TRUSTED_HOSTS (a forged one would flow into join links): the API
    answers JSON here too."""
    if api_request():
        return error_json(400, "REQUEST", "This server does not answer to that host name.")
    return exc


def wrong_method(exc):
    """The API answers JSON here too, with the methods it does take."""
    if api_request():
        response, status = error_json(405, "ROUTE", "This endpoint does not take that method.")
        response.headers["Allow"] = ", ".join(exc.valid_methods or [])
        return response, status
    return exc


# --------------------------------------------------------------------------- the database is down

RETRY_SECONDS = 5
LOGGED_REASON = 300  # characters of a path or a driver's message that reach the log
UNAVAILABLE_API_MESSAGE = "The database cannot be reached just now. Try again in a few seconds."
UNCONFIRMED_API_MESSAGE = (
    "The database cannot be reached just now: this write is not confirmed; sending it again "
    "(same key) is safe, it is recorded once. Try again in a few seconds."
)


def database_unavailable(exc):
    """The database cannot be reached (down, restarting, its disk full, no connection left in
    the pool): the client is told to come back, and the log says so in one short line, not a
    traceback per request. A write is not confirmed rather than "not recorded": its commit may
    have gone through with the reply lost; sent again with its key it is recorded once."""
    reason = (str(getattr(exc, "orig", None) or exc).strip().splitlines() or ["?"])[0][:LOGGED_REASON]
    current_app.logger.warning("database unavailable: %s %s: %s", request.method, request.path[:LOGGED_REASON], reason)
    retry = {"Retry-After": str(RETRY_SECONDS)}
    if api_request():
        message = UNCONFIRMED_API_MESSAGE if request.method == "POST" and _on_a_table() else UNAVAILABLE_API_MESSAGE
        body, status = error_json(503, "UNAVAILABLE", message)
        return body, status, retry
    # After a form post the page comes back to the page the form was on, not to the post's address.
    page = render_template("unavailable.html", retry_seconds=RETRY_SECONDS, retry_url=current_page())
    return page, 503, retry


def archived(_exc: Archived):
    message = lazy_gettext(
        "This table rested for %(days)s days and is archived: its board, history and score "
        "sheet stay; it takes no new entries.",
        days=upkeep.ARCHIVE_DAYS,
    )
    if api_request():
        return error_json(410, "ARCHIVED", str(message))
    return render.board_page(_table_again(), 410, message=message)


def too_many_corrections(exc: limits.TooManyCorrections):
    retry = {"Retry-After": str(exc.retry_after)}
    message = lazy_gettext(
        "This table was corrected many times lately from this address; try again in %(seconds)s seconds.",
        seconds=exc.retry_after,
    )
    if api_request():
        body, status = error_json(429, "LIMIT", str(message))
        return body, status, retry
    return render.board_page(_table_again(), 429, message=message), retry


def too_many_tables(exc: limits.TooManyTables):
    retry = {"Retry-After": str(exc.retry_after)}
    message = lazy_gettext(
        "This address opened many tables lately; try again in %(minutes)s minutes.",
        minutes=max(1, round(exc.retry_after / 60)),
    )
    if api_request():
        body, status = error_json(429, "LIMIT", str(message))
        return body, status, retry
    return render_template("limited.html", message=message), 429, retry


ANSWERS = {
    TableNotFound: table_not_found,
    Stale: stale,
    Denied: denied,
    Refusal: refused,
    forms.BadInput: bad_input,
    sessions.NotJoined: not_joined,
    SeatTaken: seat_taken,
    claims.SeatAwaited: seat_awaited,
    Archived: archived,
    limits.TooManyTables: too_many_tables,
    limits.TooManyCorrections: too_many_corrections,
    413: too_large,
    404: no_route,
    405: wrong_method,
    SecurityError: untrusted_host,
    OperationalError: database_unavailable,
    PoolTimeout: database_unavailable,
}


def init_app(app) -> None:
    for raised, answer in ANSWERS.items():
        app.register_error_handler(raised, answer)
