"""The JSON API: what the phone pages do, for scripts, tests and other clients.

Described by the OpenAPI document at ``/api/openapi.json`` and in ``docs/api.md``. A view
loads, checks and answers; errors are answered in JSON by outcomes.py.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from ..table import claims, reads, seats
from ..table.errors import Denied, TableNotFound
from ..games import GAMES
from ..games.base import HOST
from . import events, flows, forms, limits, outcomes, projection, render, sessions
from .common import db, join_url, qr_response
from .openapi import openapi_document

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.get("/openapi.json")
def openapi():
    return jsonify(openapi_document())


@bp.get("/games")
def games():
    return jsonify(
        {
            "games": [
                {
                    "id": game_id,
                    "title": engine.title,
                    "players": [engine.min_players, engine.max_players],
                    "options": [
                        {
                            "name": o.name,
                            "values": list(o.values),
                            "default": o.default,
                            "help": o.help,
                            "number": list(o.number) if o.number else None,
                        }
                        for o in engine.options
                    ],
                }
                for game_id, engine in GAMES.items()
            ]
        }
    )


@bp.post("/tables")
def open_table():
    body = forms.json_body()
    limits.count_a_new_table()
    table = seats.open_table(db(), forms.game_id(body), body.get("players"), forms.options(body))
    return jsonify(
        {
            "code": table.code,
            "join_url": join_url(table),
            "seq": table.seq,
            "host_token": table.host_token,
            "host_url": flows.host_url(table),
            "seats": [
                {"seat": i, "name": s["name"], "join_url": f"{join_url(table)}?seat={i}"}
                for i, s in enumerate(table.seats)
            ],
        }
    ), 201


@bp.post("/tables/<code>/seats/<int:seat>/claim")
def claim_seat(code: str, seat: int):
    """The host claims a free seat for a client (a script, a bot): its token, answered once."""
    table = reads.find_table(db(), code)
    if seats.require_identity(table, sessions.bearer_token()) != HOST:
        raise Denied(403, "Only the host can claim a seat for a client.")
    if not 0 <= seat < len(table.seats):
        return outcomes.error_json(404, "SEAT", f"This table has no seat {seat}.")
    token = sessions.claim_seat(table, seat, by=HOST)
    return jsonify({"seat": seat, "token": token}), 201


@bp.get("/tables/<code>")
def show_table(code: str):
    table = reads.find_table(db(), code)
    return jsonify(render.board_json(table, reads.current_state(db(), table), sessions.who(table)))


@bp.get("/tables/<code>/changes")
def changes(code: str):
    """The cheap poll: 204 when nothing happened since ``since``, else the new seq. With
    ``seats`` (the seats' version the client knows), a phone joining or a seat freed counts
    too, and the answer says the seats' version."""
    since, seats = forms.since(), request.args.get("seats", type=int)
    stamp = events.stamp_now(code)
    if stamp is None:
        raise TableNotFound(code)
    seq, seats_now = stamp
    if since == seq and (seats is None or seats == seats_now):
        return Response(status=204)
    return jsonify({"seq": seq} if seats is None else {"seq": seq, "seats_version": seats_now})


@bp.post("/tables/<code>/plays")
def play(code: str):
    return _write(code, forms.api_write(forms.json_body(), with_entry=True))


@bp.post("/tables/<code>/undo")
def undo(code: str):
    return _write(code, forms.api_write(forms.json_body(), with_entry=False))


@bp.post("/tables/<code>/corrections")
def correct(code: str):
    write = forms.api_correction(forms.json_body())
    limits.count_a_correction(reads.find_table(db(), code).code)
    return _write(code, write)


def _write(code: str, write: forms.Write):
    """Make the write and answer with the board after it (for a key seen before: the first
    result again, and the seq it had then)."""
    by = sessions.writer(reads.find_table(db(), code))
    recorded = write.record(db(), code, by)
    table = reads.find_table(db(), code)
    return jsonify(
        {
            **render.board_json(table, recorded.state, by),
            "seq": recorded.entry.seq if recorded.replayed else table.seq,
            "entry": render.entry_json(recorded.entry, projection.Projection(db(), table, by)),
            "replayed": recorded.replayed,
        }
    )


@bp.get("/tables/<code>/history")
def history(code: str):
    table = reads.find_table(db(), code)
    entries = reads.history(db(), table)
    voided, in_force = reads.voided_seqs(entries), set(reads.in_force(entries, table.tip))
    seen = projection.of_this_phone(table, entries)
    return jsonify(
        {
            "code": table.code,
            "seq": table.seq,
            "entries": [
                {**render.entry_json(e, seen), "voided": e.seq in voided, "in_force": e.seq in in_force}
                for e in entries
            ],
            "seats": [
                {
                    "seat": event["seat"],
                    "name": event["name"],
                    "kind": event["kind"],
                    "by": event["by"],
                    "after_seq": event["seq"],
                    "at": event["at"],
                }
                for event in claims.seat_events(table)
            ],
        }
    )


@bp.get("/tables/<code>/qr.svg")
def qr(code: str):
    return qr_response(join_url(reads.find_table(db(), code)))
