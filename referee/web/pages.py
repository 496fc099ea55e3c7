"""The phone pages. Each table URL serves the full page, or the board fragment for htmx.

Every form carries the seq of the board it was drawn on and a key made when it was drawn, so a
double tap records once and a form from an older board is answered with the fresh one.
"""
from __future__ import annotations

import json
import uuid
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext, lazy_gettext
from sqlalchemy.orm.attributes import flag_modified
from werkzeug.datastructures import MultiDict

from .. import log, push
from ..games import GAMES, PLANNED
from ..games.base import HOST, Refusal
from . import sheets
from .common import announce, db, join_url, qr_svg, table_seq

bp = Blueprint("pages", __name__)

COOKIE_DAYS = 30
STALE_MESSAGE = lazy_gettext("The table moved on while you were entering; here is the fresh board. "
                             "Nothing was recorded.")


def cookie_name(code: str) -> str:
    return f"rt_{code}"


def _viewer(table):
    return log.identify(table, request.cookies.get(cookie_name(table.code)))


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


@bp.before_request
def refuse_cross_site_posts():
    """A form post must come from our own pages (OWASP's fetch-metadata and origin checks):
    Sec-Fetch-Site where the browser sends it, else Origin, else Referer. A request with none
    of them is no browser's form post (a script, a test client); the seat cookie is SameSite=Lax
    besides, so a browser would not send it along from another site."""
    if request.method == "POST" and not _posted_from_here():
        abort(403)


def _posted_from_here() -> bool:
    site = request.headers.get("Sec-Fetch-Site")
    if site:
        return site in ("same-origin", "none")  # "none": the user's own action, not a page's
    for header in ("Origin", "Referer"):
        value = request.headers.get(header)
        if value:
            return _our_address(value)
    return True


def _our_address(url: str) -> bool:
    """The address is this server's, as asked for or as configured for the phones."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False  # Origin: null (a sandboxed frame, a data: page) and the like
    public = urlsplit(current_app.config.get("PUBLIC_URL") or "")
    return parts.netloc == request.host or (parts.scheme, parts.netloc) == (public.scheme, public.netloc)


@bp.before_app_request
def refuse_nul_characters():
    """No address, query or form field of ours holds a NUL character, and PostgreSQL text cannot:
    refuse it before it reaches a query (the API checks its JSON bodies the same way)."""
    form = request.form if request.method == "POST" and not request.is_json else MultiDict()
    texts = [request.path, *(text for fields in (request.args, form)
                             for name, values in fields.lists() for text in (name, *values))]
    if any("\x00" in text for text in texts):
        if request.path.startswith("/api/"):
            return {"error": {"rule": "REQUEST", "message": "A NUL character (\\u0000) is in the request."}}, 400
        abort(400)
    return None


@bp.app_errorhandler(405)
def wrong_method(error):
    """The API answers JSON here too (a blueprint's own handler never sees a routing error)."""
    if request.path.startswith("/api/"):
        body = {"error": {"rule": "ROUTE", "message": "This endpoint does not take that method."}}
        return body, 405, {"Allow": ", ".join(error.valid_methods or [])}
    return error


@bp.app_errorhandler(404)
def not_found(_error):
    if request.path.startswith("/api/"):
        return {"error": {"rule": "ROUTE", "message": "No such API endpoint."}}, 404
    return render_template("not_found.html"), 404


# --------------------------------------------------------------------------- opening a table

@bp.get("/")
def index():
    return render_template("index.html", games=GAMES, planned=PLANNED)


@bp.get("/find")
def find():
    """The start page's code box: go to the table with that code."""
    code = log.normalise_code(request.args.get("code", ""))[:16]
    return redirect(url_for("pages.table", code=code or "-"), 303)


@bp.route("/new/<game_id>", methods=["GET", "POST"])
def new_table(game_id: str):
    engine = GAMES.get(game_id) or abort(404)
    if request.method == "GET":
        return render_template("new_table.html", engine=engine, error=None, names=[], chosen={})
    names = request.form.getlist("player")
    chosen = {o.name: request.form.get(o.name, o.default) for o in engine.OPTIONS}
    try:
        table = log.open_table(db(), game_id, names, chosen)
    except Refusal as refusal:
        return render_template("new_table.html", engine=engine, error=refusal, names=names, chosen=chosen), 422
    response = redirect(url_for("pages.table", code=table.code), 303)
    _remember(response, table.code, table.host_token)
    return response


def _remember(response: Response, code: str, token: str) -> None:
    # Lax, not Strict: a table link opened from a chat app must still find this phone's seat.
    response.set_cookie(cookie_name(code), token, max_age=COOKIE_DAYS * 86400, httponly=True,
                        samesite="Lax", secure=request.is_secure, path=f"/t/{code}")


# --------------------------------------------------------------------------- the table

@bp.get("/t/<code>")
def table(code: str):
    since = request.args.get("since", type=int)
    if _is_htmx() and since is not None and since == table_seq(code):
        return Response(status=204)  # the cheap poll: nothing new
    table = _find(code)
    return _render(table, log.current_state(db(), table))


@bp.get("/t/<code>/events")
def events(code: str):
    """Server-sent events: the table's seq whenever it moves (see push.py). When every stream
    slot of this process is taken, 204 tells the browser not to retry: that phone polls."""
    table = _find(code)
    slots = current_app.extensions["push_slots"]
    if not slots.acquire(blocking=False):
        return Response(status=204)
    stream = push.event_stream(current_app.extensions["push_hub"], table.code, table.seq,
                               lifetime=current_app.config["PUSH_LIFETIME"])
    response = Response(_releasing(stream, slots), mimetype="text/event-stream")
    response.headers.update({"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    return response


def _releasing(stream, slots):
    try:
        yield from stream
    finally:  # the stream ended or the phone went away
        slots.release()


def _find(code: str):
    try:
        return log.find_table(db(), code)
    except log.TableNotFound:
        abort(404)


def _render(table, state, status: int = 200, refusal: Refusal | None = None, refused: dict | None = None,
            message: str | None = None):
    """The board for this phone; the whole page, or just the board for htmx."""
    viewer = _viewer(table)
    engine = log.engine_of(table)
    context = dict(
        table=table, engine=engine, view=engine.view(state, viewer), viewer=viewer, host=HOST,
        key=uuid.uuid4().hex, refusal=refusal, refused=json.dumps(refused) if refused else None,
        message=message, join_url=join_url(table), can_undo=_can_undo(table, viewer),
        poll_seconds=current_app.config["POLL_SECONDS"],
    )
    context.update(sheets.board_context(table, context["view"]))
    template = "board.html" if _is_htmx() else "table.html"
    return make_response(render_template(template, **context), status)


def _can_undo(table, viewer) -> bool:
    if viewer is None or table.tip == 0:
        return False
    if viewer == HOST:
        return True
    last = log.history_entry(db(), table, table.tip)
    return last is not None and last.by == str(viewer)


@bp.post("/t/<code>/join")
def join(code: str):
    table = _find(code)
    seat = request.form.get("seat", type=int)
    if seat is None or not 0 <= seat < len(table.seats):
        abort(400)
    if table.seats[seat]["claimed"] and _viewer(table) != HOST:
        state = log.current_state(db(), table)
        name = table.seats[seat]["name"]
        return _render(table, state, 409, message=gettext("%(name)s is already taken on another phone. "
                                                          "The host can free the seat.", name=name))
    table.seats[seat]["claimed"] = True
    flag_modified(table, "seats")
    db().commit()
    response = redirect(url_for("pages.table", code=table.code), 303)
    _remember(response, table.code, table.seats[seat]["token"])
    return response


@bp.post("/t/<code>/free")
def free_seat(code: str):
    """Host only: let another phone take a seat (the old phone's pass stops working)."""
    table = _find(code)
    seat = request.form.get("seat", type=int)
    if _viewer(table) != HOST or seat is None or not 0 <= seat < len(table.seats):
        abort(403)
    table.seats[seat] = {**table.seats[seat], "token": log.new_token(), "claimed": False}
    flag_modified(table, "seats")
    db().commit()
    return redirect(url_for("pages.table", code=table.code), 303)


@bp.post("/t/<code>/leave")
def leave(code: str):
    response = redirect(url_for("pages.table", code=code), 303)
    response.delete_cookie(cookie_name(code), path=f"/t/{code}")
    return response


@bp.post("/t/<code>/entries")
def enter(code: str):
    table = _find(code)
    action = action_from_form(request.form)
    ruling = request.form.get("ruling") == "1"
    return _write(table, action, lambda by, seq, key: log.record(db(), code, by, action, seq, key, ruling))


@bp.post("/t/<code>/undo")
def undo(code: str):
    table = _find(code)
    return _write(table, None, lambda by, seq, key: log.undo(db(), code, by, seq, key))


def _write(table, action, write):
    session = db()
    by = _viewer(table)
    seq = request.form.get("expected_seq", type=int)
    key = request.form.get("key", "")[:64]
    if by is None:
        return _render(table, log.current_state(session, table), 401,
                       message=gettext("Tap your name first: this phone has not joined the table."))
    if seq is None or not key:
        abort(400)
    try:
        write(by, seq, key)
    except log.Stale:
        table = log.find_table(session, table.code)
        return _render(table, log.current_state(session, table), 409, message=STALE_MESSAGE)
    except log.Denied as denied:
        return _render(table, log.current_state(session, table), denied.status, message=denied.message)
    except Refusal as refusal:
        table = log.find_table(session, table.code)
        status = 403 if refusal.permission else 422
        return _render(table, log.current_state(session, table), status, refusal=refusal, refused=action)
    table = log.find_table(session, table.code)
    announce(table)
    if _is_htmx():
        return _render(table, log.current_state(session, table))
    return redirect(url_for("pages.table", code=table.code), 303)


def action_from_form(form) -> dict:
    """An entry from a form: ``type``, ``seat``, then every other field as text, as a list
    when it has several values (checkboxes) or is numbered (``dice#0``, ``dice#1``), or as an
    object when it is named (``hand.K``, ``hand.9``). Card
    fields are always lists. A ruling form sends the refused entry back whole, as JSON."""
    if form.get("action_json"):
        try:
            action = json.loads(form["action_json"], parse_constant=_not_a_number)
        except (ValueError, RecursionError):
            action = None
        return action if isinstance(action, dict) else {"type": None}
    action = {"type": form.get("type")}
    if form.get("seat", "") != "":
        action["seat"] = form.get("seat", type=int)
    skip = {"type", "seat", "expected_seq", "key", "ruling"}
    for name in dict.fromkeys(form.keys()):
        values = [v for v in form.getlist(name) if v != ""]
        if name in skip or not values:
            continue
        if "#" in name:  # dice#0, dice#1, ...: one list, in field order
            _field_of(action, name.partition("#")[0], list).extend(values)
        elif "." in name:  # hand.K = 2: one object of named values
            base, _, key = name.partition(".")
            _field_of(action, base, dict)[key] = values if len(values) > 1 else values[0]
        elif len(values) > 1 or name == "cards":
            action[name] = values
        else:
            action[name] = values[0]
    return action


def _field_of(action: dict, name: str, kind: type):
    """The list or object a numbered or named field adds to; a name used both ways (``x#0`` and
    ``x.K``, or ``type#0``), which no form of ours sends, is a 400."""
    field = action.setdefault(name, kind())
    if not isinstance(field, kind):
        abort(400)
    return field


def _not_a_number(name: str):
    raise ValueError(f"{name} is not a number an entry can hold")


@bp.get("/t/<code>/history")
def history(code: str):
    session = db()
    table = _find(code)
    entries = log.history(session, table)
    return render_template("history.html", table=table, entries=list(reversed(entries)),
                           voided=log.voided_seqs(entries), engine=log.engine_of(table))


@bp.get("/t/<code>/qr.svg")
def qr(code: str):
    table = _find(code)
    return Response(qr_svg(join_url(table)), mimetype="image/svg+xml")
