"""The JSON API: what the phone pages do, for scripts, tests and other clients.

Described by the OpenAPI document at ``/api/openapi.json`` and in ``docs/api.md``.
"""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request

from .. import log
from ..games import GAMES
from ..games.base import HOST, Refusal
from .common import announce, db, join_url, qr_svg, table_seq
from .openapi import openapi_document

bp = Blueprint("api", __name__, url_prefix="/api")


class BadRequest(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def error(status: int, rule: str, message: str, **extra) -> tuple[Response, int]:
    return jsonify({"error": {"rule": rule, "message": message}, **extra}), status


@bp.errorhandler(log.TableNotFound)
def _not_found(exc):
    return error(404, "TABLE", f"There is no table {exc.args[0]!r}.")


@bp.errorhandler(log.Denied)
def _denied(exc: log.Denied):
    return error(exc.status, "ACCESS", exc.message)


@bp.errorhandler(BadRequest)
def _bad_request(exc: BadRequest):
    return error(400, "REQUEST", exc.message)


@bp.errorhandler(413)
def _too_large(_exc):
    return error(413, "REQUEST", "The request is too large.")


@bp.errorhandler(404)
def _no_route(_exc):
    return error(404, "ROUTE", "No such API endpoint.")


@bp.errorhandler(405)
def _wrong_method(_exc):
    return error(405, "ROUTE", "This endpoint does not take that method.")


def _body() -> dict[str, Any]:
    """The JSON object sent. Not JSON, nested past any sense, NaN or Infinity (which no database
    column takes), a NUL character (which PostgreSQL text cannot hold) or half a surrogate pair
    (``"\\ud800"``: no UTF-8 page or database can hold it) is a 400."""
    body = None
    if request.is_json:
        try:
            body = json.loads(request.get_data(as_text=True), parse_constant=_no_json_constant)
        except (ValueError, RecursionError):
            body = None
    if not isinstance(body, dict):
        raise BadRequest("Send a JSON object (Content-Type: application/json).")
    if _holds_unstorable_text(body):
        raise BadRequest("The body holds a NUL character (\\u0000) or a lone surrogate (\\ud800 to "
                         "\\udfff); no field may.")
    return body


def _no_json_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _holds_unstorable_text(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value or (not value.isascii() and not _encodes(value))
    if isinstance(value, dict):
        return any(_holds_unstorable_text(k) or _holds_unstorable_text(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_unstorable_text(v) for v in value)
    return False


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _whole_number(body: dict, name: str) -> int:
    value = body.get(name)
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # JSON has one number type: 12.0 is the integer 12 (JSON Schema agrees)
    if isinstance(value, bool) or not isinstance(value, int):
        meaning = "the seq your board shows" if name == "expected_seq" else "a seat number"
        raise BadRequest(f"{name} must be a whole number ({meaning}).")
    return value


def _key(body: dict) -> str:
    key = body.get("key")
    if not isinstance(key, str) or not 1 <= len(key) <= 64:
        raise BadRequest("key must be a string of 1 to 64 characters, new for every tap.")
    return key


def board(table, state, viewer) -> dict:
    """The table as ``viewer`` may see it: its code, seq and the game's view of the state."""
    engine = log.engine_of(table)
    return {"code": table.code, "game": table.game, "seq": table.seq,
            "state": engine.view(state, viewer)}


# --------------------------------------------------------------------------- endpoints

@bp.get("/openapi.json")
def openapi():
    return jsonify(openapi_document())


@bp.get("/games")
def games():
    return jsonify({"games": [
        {"id": game_id, "title": engine.TITLE, "players": [engine.MIN_PLAYERS, engine.MAX_PLAYERS],
         "options": [{"name": o.name, "values": list(o.values), "default": o.default, "help": o.help,
                      "number": list(o.number) if o.number else None}
                     for o in engine.OPTIONS]}
        for game_id, engine in GAMES.items()]})


@bp.post("/tables")
def open_table():
    body = _body()
    if not isinstance(body.get("game"), str):
        raise BadRequest("game must be a game id (a string), e.g. \"switch-to\"; see /api/games.")
    try:
        table = log.open_table(db(), body["game"], body.get("players"), _options(body))
    except Refusal as refusal:
        return error(422, refusal.rule, refusal.message)
    return jsonify({
        "code": table.code, "join_url": join_url(table), "seq": table.seq, "host_token": table.host_token,
        "seats": [{"seat": i, "name": s["name"], "token": s["token"]} for i, s in enumerate(table.seats)],
    }), 201


def _options(body: dict) -> dict:
    options = body.get("options")
    if options is None:
        return {}
    if not isinstance(options, dict):  # [], "", 0 and false are no house rules either
        raise BadRequest("options must be an object of house rules.")
    return options


@bp.get("/tables/<code>")
def show_table(code: str):
    session = db()
    table = log.find_table(session, code)
    return jsonify(board(table, log.current_state(session, table), log.identify(table, _bearer())))


@bp.get("/tables/<code>/changes")
def changes(code: str):
    """The cheap poll: 204 when nothing happened since ``since``, else the new seq."""
    since = request.args.get("since", type=int)
    if since is None:
        raise BadRequest("since must be a whole number: the seq your board shows.")
    seq = table_seq(code)
    if seq is None:
        raise log.TableNotFound(code)
    if since == seq:
        return Response(status=204)
    return jsonify({"seq": seq})


@bp.post("/tables/<code>/plays")
def play(code: str):
    session = db()
    body = _body()
    action = body.get("action")
    if not isinstance(action, dict):
        raise BadRequest("action must be an object with a type, e.g. {\"type\": \"pass\"}.")
    if "seat" in body:
        action = {**action, "seat": _whole_number(body, "seat")}
    expected_seq, key = _whole_number(body, "expected_seq"), _key(body)
    ruling = body.get("ruling", False)
    if not isinstance(ruling, bool):
        raise BadRequest("ruling must be true or false.")
    table = log.find_table(session, code)
    by = log.require_identity(table, _bearer())
    return _write(session, table, by, lambda: log.record(session, code, by, action, expected_seq, key, ruling))


@bp.post("/tables/<code>/undo")
def undo(code: str):
    session = db()
    body = _body()
    expected_seq, key = _whole_number(body, "expected_seq"), _key(body)
    table = log.find_table(session, code)
    by = log.require_identity(table, _bearer())
    return _write(session, table, by, lambda: log.undo(session, code, by, expected_seq, key))


def _write(session, table, by, write):
    """Run a log write and turn its outcome into the API's answer."""
    try:
        recorded = write()
    except log.Stale:
        table = log.find_table(session, table.code)
        return error(409, "STALE", "The table moved on since your board was drawn; nothing was recorded.",
                     **board(table, log.current_state(session, table), by))
    except Refusal as refusal:
        status = 403 if refusal.permission else 422
        return jsonify({"error": refusal.as_dict()}), status
    table = log.find_table(session, table.code)
    announce(table)
    answer = board(table, recorded.state, by)
    answer["seq"] = recorded.entry.seq if recorded.replayed else table.seq
    answer["entry"] = _entry_json(recorded.entry)
    answer["replayed"] = recorded.replayed
    return jsonify(answer)


@bp.get("/tables/<code>/history")
def history(code: str):
    session = db()
    table = log.find_table(session, code)
    entries = log.history(session, table)
    voided = log.voided_seqs(entries)
    return jsonify({"code": table.code, "seq": table.seq,
                    "entries": [{**_entry_json(e), "voided": e.seq in voided} for e in entries]})


def _entry_json(entry) -> dict:
    return {"seq": entry.seq, "kind": entry.kind, "by": entry.by if entry.by == HOST else int(entry.by),
            "description": entry.description, "ruling": entry.ruling, "voids": entry.voids,
            "at": entry.created_at.isoformat()}


@bp.get("/tables/<code>/qr.svg")
def qr(code: str):
    table = log.find_table(db(), code)
    return Response(qr_svg(join_url(table)), mimetype="image/svg+xml")
