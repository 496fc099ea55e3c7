"""The phone pages. Each table URL serves the full page, or the board fragment for htmx.

Every form carries the seq of the board it was drawn on and a key made when it was drawn, so a
double tap records once and a form from an older board is answered with the fresh one. A view
loads, checks and renders; what goes wrong is answered by outcomes.py.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, make_response, redirect, render_template, request, url_for

from ..table import claims, codes, gate, reads, seats, writes
from ..table.errors import Denied, Stale, TableNotFound
from ..games import GAMES, PLANNED
from ..games.base import HOST, Refusal
from . import correcting, events, flows, forms, limits, pad, projection, render, security, sessions, tv
from .common import db, is_htmx, join_url, public_base, qr_response, qr_svg

bp = Blueprint("pages", __name__)
bp.before_request(security.refuse_cross_site_posts)
bp.add_app_template_global(correcting.entry_url, "entry_url")


def back_to_the_table(code: str):
    return redirect(url_for("pages.table", code=code), 303)


# --------------------------------------------------------------------------- opening a table


@bp.get("/")
def index():
    return render_template("index.html", games=GAMES, planned=PLANNED, mine=sessions.my_tables(), host=HOST)


@bp.get("/find")
def find():
    """The start page's code box: go to the table with that code."""
    try:
        code = reads.normalise_code(request.args.get("code", ""))
    except TableNotFound:
        code = "-"  # the "no such table" page, as for any code nobody has
    return redirect(url_for("pages.table", code=code), 303)


@bp.route("/new/<game_id>", methods=["GET", "POST"])
def new_table(game_id: str):
    game = GAMES.get(game_id) or abort(404)
    if request.method == "GET":
        return render.new_table_form(game)
    names, chosen = forms.new_table_fields(request.form, game)
    limits.count_a_new_table()
    table = seats.open_table(db(), game_id, names, chosen)
    return sessions.remember(back_to_the_table(table.code), table.code, table.host_token)


# --------------------------------------------------------------------------- the table


@bp.get("/t/<code>")
def table(code: str):
    if is_htmx() and events.nothing_new(code, request.args.get("since", type=int), request.args.get("seats", type=int)):
        return Response(status=204)  # the cheap poll: nothing new
    table = reads.find_table(db(), code)
    if table.rematch:
        return sessions.to_the_rematch(table)
    return render.board_page(table)


@bp.post("/t/<code>/join")
def join(code: str):
    table = reads.find_table(db(), code)
    token = sessions.claim_seat(table, forms.seat_number(request.form, table), by=sessions.who(table))
    return sessions.remember(back_to_the_table(table.code), table.code, token)


@bp.post("/t/<code>/free")
def free_seat(code: str):
    table = reads.find_table(db(), code)
    sessions.free_seat(table, request.form.get("seat", type=int))
    return back_to_the_table(table.code)


@bp.post("/t/<code>/leave")
def leave(code: str):
    return sessions.forget(back_to_the_table(code), code)


@bp.post("/t/<code>/hand")
def hand_seat(code: str):
    """This seat's phone hands the seat to another phone on purpose: a link and its QR code to
    open there, which carry the seat and its hidden entries with them."""
    table = reads.find_table(db(), code)
    seat = sessions.writer(table)
    if seat == HOST:
        abort(403)
    secret = codes.new_token()
    seats.offer_hand_off(db(), table, seat, secret)
    link = f"{public_base()}{url_for('pages.take_seat', code=table.code)}?pass={secret}"  # a token: URL-safe
    sessions.showing_secrets_of(seat)
    page = make_response(
        render_template("hand_seat.html", table=table, name=table.seats[seat]["name"], link=link, qr=qr_svg(link))
    )
    page.headers["Referrer-Policy"] = "no-referrer"
    return page


@bp.route("/t/<code>/take", methods=["GET", "POST"])
def take_seat(code: str):
    """The link a seat's phone showed: a GET asks (a chat app's preview takes nothing), a tap
    takes the seat."""
    table = reads.find_table(db(), code)
    secret = request.values.get("pass", "")
    if request.method == "GET":
        sessions.showing_secrets_of(HOST)  # the page carries the link's secret: no cache keeps it
        seat = seats.handed_seat(table, secret)
        page = make_response(render_template("take_seat.html", table=table, secret=secret, seat=seat))
        page.headers["Referrer-Policy"] = "no-referrer"
        return page
    _seat, token = seats.take_handed_seat(db(), table, secret)
    return sessions.remember(back_to_the_table(table.code), table.code, token)


@bp.get("/t/<code>/host")
def host_link(code: str):
    """The host's link, opened on a phone: one tap makes it the host (a GET changes nothing, so
    a chat app's link preview cannot)."""
    table = reads.find_table(db(), code)
    token = request.args.get("token", "")
    sessions.showing_secrets_of(HOST)
    page = make_response(
        render_template(
            "host_link.html",
            table=table,
            token=token,
            engine=reads.engine_of(table),
            valid=sessions.is_host_token(table, token),
            viewer=sessions.who(table),
        )
    )
    page.headers["Referrer-Policy"] = "no-referrer"  # the token is in this page's address
    return page


@bp.post("/t/<code>/host")
def become_host(code: str):
    table = reads.find_table(db(), code)
    token = request.form.get("token", "")
    if not sessions.is_host_token(table, token):
        abort(403)
    return sessions.remember(back_to_the_table(table.code), table.code, token)


@bp.post("/t/<code>/rematch")
def rematch(code: str):
    """Same players, same seats, same house rules: a new table every phone is taken to."""
    table = reads.find_table(db(), code)
    sessions.writer(table)
    flows.refuse_unless_over(table)
    seats.open_rematch(db(), table)
    return sessions.to_the_rematch(table)


@bp.post("/t/<code>/entries")
def enter(code: str):
    table = reads.find_table(db(), code)
    return _write(table, forms.entry_from_form(request.form))


@bp.post("/t/<code>/undo")
def undo(code: str):
    return _write(reads.find_table(db(), code), entry=None)


@bp.post("/t/<code>/put-back")
def put_back(code: str):
    """The entry the last undo voided, entered again by whoever undid it (or the host)."""
    table = reads.find_table(db(), code)
    by = sessions.writer(table)
    write = forms.page_write(request.form, None)
    action, ruling = flows.put_back_write(table, forms.form_number(request.form, "voided"), by)
    render.answering_the_write(table)
    writes.record(db(), table.code, by, action, write.expected_seq, write.key, ruling=ruling, path=gate.PUT_BACK)
    table = reads.find_table(db(), table.code)
    return render.board_page(table) if is_htmx() else back_to_the_table(table.code)


def _write(table, entry: dict | None):
    """Record the entry (or undo), then the fresh board for htmx, or back to the table."""
    by = sessions.writer(table)
    render.answering_the_write(table)
    forms.page_write(request.form, entry).record(db(), table.code, by)
    table = reads.find_table(db(), table.code)
    if is_htmx():
        return render.board_page(table)
    return back_to_the_table(table.code)


@bp.route("/t/<code>/correct/<int:seq>", methods=["GET", "POST"])
def correct(code: str, seq: int):
    """Correct entry ``seq`` (or, with ``?insert=1``, insert one before it): the board as it
    stood before it, then the correction, every later entry checked again."""
    table = reads.find_table(db(), code)
    inserting = request.args.get("insert") == "1"
    if request.method == "GET":
        return correcting.correction_page(table, seq, inserting)
    write = forms.page_correction(request.form, seq, inserting)
    limits.count_a_correction(table.code)
    try:
        write.record(db(), table.code, sessions.writer(table))
    except (Refusal, Denied, Stale) as problem:
        return correcting.failed(table.code, seq, inserting, write, problem)
    return correcting.corrected(reads.find_table(db(), table.code))


@bp.get("/t/<code>/correct/<kind>/<int:seat>")
def correct_latest(code: str, kind: str, seat: int):
    """The correction page of ``seat``'s latest ``kind`` entry in force (a hand in a clash, from
    the board in one tap), or History when there is none."""
    table = reads.find_table(db(), code)
    seq = correcting.latest_entry_of(table, kind, seat)
    if seq is None:
        return redirect(url_for("pages.history", code=table.code), 303)
    return redirect(url_for("pages.correct", code=table.code, seq=seq), 303)


@bp.get("/t/<code>/history")
def history(code: str):
    table = reads.find_table(db(), code)
    entries = reads.history(db(), table)
    marks = correcting.history_marks(entries, table.tip)
    seen = projection.of_this_phone(table, entries)
    rounds = pad.history_pad(seen, entries, marks["in_force"])
    return render_template(
        "history.html",
        table=table,
        rounds=rounds,
        words_of=pad.words_by_seq(rounds),
        seat_events=claims.seat_events(table)[::-1],
        voided=reads.voided_seqs(entries),
        engine=reads.engine_of(table),
        viewer=seen.viewer,
        may_correct=correcting.may_correct,
        **marks,
    )


@bp.get("/t/<code>/tv")
def table_screen(code: str):
    """The table-centre screen (a tablet or a TV): the public board, large and live."""
    if is_htmx() and events.nothing_new(code, request.args.get("since", type=int), request.args.get("seats", type=int)):
        return Response(status=204)
    table = reads.find_table(db(), code)
    if table.rematch:
        return tv.to_the_rematch(table)
    return tv.screen(table)


@bp.get("/t/<code>/qr.svg")
def qr(code: str):
    return qr_response(join_url(reads.find_table(db(), code)))


@bp.get("/t/<code>/host-qr.svg")
def host_qr(code: str):
    """The host's link as a QR code, for the host's phone only: it carries the host token."""
    table = reads.find_table(db(), code)
    if sessions.who(table) != HOST:
        abort(403)
    sessions.showing_secrets_of(HOST)
    return qr_response(flows.host_url(table))
