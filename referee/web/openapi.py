"""The OpenAPI 3.1 document of the JSON API (served at /api/openapi.json)."""

from __future__ import annotations

from ..games import GAMES


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


CODE = {
    "name": "code",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "minLength": 1, "maxLength": 16, "examples": ["K7QX2MPA"]},
    "description": "The table's short code, as shown under its QR code (case and spaces do not matter).",
}
AUTH = [{"bearer": []}]
ERR = {
    "400": _json(
        _ref("Error"),
        "Rule REQUEST: the body (or a query parameter) is not what this endpoint takes: "
        "not a JSON object, nested more than 32 levels deep, a field of the wrong "
        "type, a NUL character or a lone surrogate.",
    ),
    "401": _json(_ref("Error"), "Rule ACCESS: no token; join the table first."),
    "403": _json(
        _ref("Error"),
        "A token that is not this table's (rule ACCESS), or one that may not make this "
        "entry: another seat's, or a host-only entry (the game's rule, e.g. ST-C9), or the "
        "host's for a secret entry of a seat that has its own phone (rule ACCESS).",
    ),
    "404": _json(_ref("Error"), "Rule TABLE: no table with this code."),
    "413": _json(_ref("Error"), "Rule REQUEST: the body is larger than 64 KiB."),
}
WRITE_ANSWERS = {
    "200": _json(
        _ref("WriteResult"), "Recorded (or, for a key seen before with the same entry, the first result again)."
    ),
    "409": _json(
        _ref("Stale"),
        "Rule STALE: the table moved on since expected_seq (other than by entries of the "
        "same kind that every seat makes at once, for other seats), or the key was used "
        "for another entry; nothing recorded; the fresh board as this token may see it.",
    ),
    "422": _json(
        _ref("Error"),
        "Refused by the rules: the rule ID and a sentence saying why (ENTRY: the entry "
        "cannot be read; UNDO: nothing to undo; PENDING: a correction is pending).",
    ),
    **ERR,
}


def _operation(
    operation_id: str,
    summary: str,
    responses: dict,
    *,
    parameters=(),
    security=None,
    body: str | None = None,
    description: str | None = None,
) -> dict:
    operation = {"operationId": operation_id, "summary": summary, "responses": responses}
    if description:
        operation["description"] = description
    if parameters:
        operation["parameters"] = list(parameters)
    if security is not None:
        operation["security"] = security
    if body:
        operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": _ref(body)}}}
    return operation


def _answers(*statuses: str, **documented: dict) -> dict:
    """The documented answers: the given ones, then the shared errors by status."""
    return {**documented, **{status: ERR[status] for status in statuses}}


# After opening a table, its code (and seq) lead to every other operation.
TABLE_LINKS = {
    name: {"operationId": operation_id, "parameters": {"code": "$response.body#/code", **extra}}
    for name, operation_id, extra in (
        ("Board", "showTable", {}),
        ("Changes", "changes", {"since": "$response.body#/seq"}),
        ("History", "history", {}),
        ("QrCode", "qrCode", {}),
        ("Play", "play", {}),
        ("Undo", "undo", {}),
        ("Correct", "correct", {}),
    )
}


def openapi_document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Table Referee API",
            "version": "1",
            "description": "Open a table, enter plays, undo, read the board and its history. "
            "Every write carries the seq the client last saw and a fresh key. "
            "Bodies are JSON objects of at most 64 KiB, nested at most 32 levels deep; no "
            "string in them may hold a NUL character (U+0000) or a lone surrogate, and NaN "
            "or Infinity are not numbers here (400). While the database cannot be reached, "
            "every endpoint answers 503 (rule UNAVAILABLE) with Retry-After; a write is then "
            "not confirmed, and sending it again with its key is safe.",
        },
        "components": {
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer", "description": "A seat token or the host token."}
            },
            "schemas": _schemas(),
        },
        "paths": {
            "/api/games": {
                "get": _operation(
                    "games",
                    "Playable games and their house rules",
                    _answers("400", **{"200": _json(_ref("Games"), "The games, their player counts and house rules.")}),
                )
            },
            "/api/tables": {
                "post": _operation(
                    "openTable",
                    "Open a table",
                    body="NewTable",
                    responses=_answers(
                        "400",
                        "413",
                        **{
                            "201": {
                                **_json(_ref("Opened"), "The table, its host token and each seat's join link."),
                                "links": TABLE_LINKS,
                            },
                            "422": _json(
                                _ref("Error"),
                                "Rule ENTRY: unknown game, bad players (count, length, duplicates) or house rules.",
                            ),
                        },
                    ),
                )
            },
            "/api/tables/{code}": {
                "get": _operation(
                    "showTable",
                    "The board as the bearer (or a watcher) may see it",
                    parameters=[CODE],
                    security=[{}, *AUTH],
                    description="Without a token, or with one that is not this table's, the watcher's view.",
                    responses=_answers("400", "404", **{"200": _json(_ref("Board"), "The board.")}),
                )
            },
            "/api/tables/{code}/changes": {
                "get": _operation(
                    "changes",
                    "Anything new since seq N? (cheap poll)",
                    parameters=[
                        CODE,
                        {
                            "name": "since",
                            "in": "query",
                            "required": True,
                            "description": "The seq the client's board shows.",
                            "schema": {"type": "integer"},
                        },
                        {
                            "name": "seats",
                            "in": "query",
                            "required": False,
                            "description": "The seats' version the client knows (-1: none yet). With it, a "
                            "phone joining or a seat freed is news too, and the answer says "
                            "`seats_version`.",
                            "schema": {"type": "integer"},
                        },
                    ],
                    responses=_answers(
                        "400",
                        "404",
                        **{
                            "204": {"description": "Nothing new."},
                            "200": _json(_ref("Changed"), "Something new: fetch the board."),
                        },
                    ),
                )
            },
            "/api/tables/{code}/plays": {
                "post": _operation(
                    "play",
                    "Enter a play (any entry of the game: predict, play, pass, declare_hand, ...)",
                    parameters=[CODE],
                    security=AUTH,
                    body="PlayRequest",
                    responses=WRITE_ANSWERS,
                )
            },
            "/api/tables/{code}/undo": {
                "post": _operation(
                    "undo",
                    "Undo the last entry in force (recorded as a void)",
                    description="By the phone that made it, or the host; anyone else gets 403.",
                    parameters=[CODE],
                    security=AUTH,
                    body="UndoRequest",
                    responses=WRITE_ANSWERS,
                )
            },
            "/api/tables/{code}/corrections": {
                "post": _operation(
                    "correct",
                    "Correct an entry further back: replace it, remove it, insert one before it, or "
                    "settle a pending correction",
                    description="The host may correct any entry in force; a seat only its own entry while nobody has "
                    "entered after it. Every later entry is checked again, as it was made; the answer's "
                    "`pending` lists those that no longer pass (the first one is settled next: `accept: "
                    "true` takes it as a table ruling, an `action` corrects it, `remove: true` drops it). "
                    "While a correction is pending, plays and undos are refused (422, rule PENDING) and only "
                    "the host corrects. The log keeps every line: the entries put in force are new lines "
                    "naming the line they replace, then a line of kind correct, remove, insert or accept.",
                    parameters=[CODE],
                    security=AUTH,
                    body="CorrectionRequest",
                    responses={
                        **WRITE_ANSWERS,
                        "422": _json(
                            _ref("Error"),
                            "Refused: the replacement by the game's rules (a rule ID, maybe "
                            "overridable with ruling: true); CORRECT: the entry is not in force, "
                            "or there is nothing to accept; PENDING: another entry is to be "
                            "settled first.",
                        ),
                        "429": _json(
                            _ref("Error"),
                            "Rule LIMIT: this address made many corrections at this table "
                            "lately (Retry-After says when to try again); nothing recorded.",
                        ),
                    },
                )
            },
            "/api/tables/{code}/seats/{seat}/claim": {
                "post": _operation(
                    "claimSeat",
                    "Claim a free seat for a client (a script, a bot): its token, answered once",
                    description="Host token only. A seat a phone or client already holds answers 409 (rule SEAT); "
                    "the host frees it on the table page first.",
                    parameters=[
                        CODE,
                        {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}},
                    ],
                    security=AUTH,
                    responses=_answers(
                        "400",
                        "401",
                        "403",
                        **{
                            "404": _json(
                                _ref("Error"), "Rule TABLE: no table with this code; rule SEAT: no such seat."
                            ),
                            "201": _json(_ref("Claimed"), "The seat's new token."),
                            "409": _json(_ref("Error"), "Rule SEAT: the seat is already claimed."),
                        },
                    ),
                )
            },
            "/api/tables/{code}/history": {
                "get": _operation(
                    "history",
                    "Every line of the table's log, voids included, as this token's board may tell it "
                    "(hidden values never)",
                    parameters=[CODE],
                    responses=_answers("400", "404", **{"200": _json(_ref("History"), "The log.")}),
                )
            },
            "/api/tables/{code}/qr.svg": {
                "get": _operation(
                    "qrCode",
                    "QR code of the table's join address",
                    parameters=[CODE],
                    responses=_answers(
                        "400",
                        "404",
                        **{"200": {"description": "SVG", "content": {"image/svg+xml": {"schema": {"type": "string"}}}}},
                    ),
                )
            },
            **_export_paths(),
        },
    }


def _export_paths() -> dict:
    """The score sheet to take home: outside /api (they are links people open), no token needed;
    an unknown code answers with the site's not-found page."""
    not_found = {"description": "No table with this code (the not-found page).", "content": {"text/html": {}}}
    return {
        "/t/{code}/export.json": {
            "get": {
                "summary": "The whole table as JSON: players, options, the log and the score sheet",
                "description": "Entry fields that are secret until revealed (a Switch To prediction, Was Sticht "
                "trumps and tasks, a Schwimmen reveal) are left out of `action`, as in the history.",
                "parameters": [CODE],
                "responses": {"200": _json(_ref("Export"), "The table (served as a download)."), "404": not_found},
            }
        },
        "/t/{code}/export.csv": {
            "get": {
                "summary": "The score sheet as CSV: a row per round, a column per player, then the totals",
                "parameters": [CODE],
                "responses": {"200": {"description": "CSV", "content": {"text/csv": {}}}, "404": not_found},
            }
        },
        "/t/{code}/sheet": {
            "get": {
                "summary": "The read-only score sheet page: chart, totals, places, exports, its own QR code",
                "parameters": [CODE],
                "responses": {"200": {"description": "HTML", "content": {"text/html": {}}}, "404": not_found},
            }
        },
    }


def _only(name: str) -> dict:
    """A correction of one kind: ``name`` given, the other two not."""
    return {
        "required": [name],
        "properties": {other: False for other in ("action", "remove", "accept") if other != name},
    }


def _schemas() -> dict:
    entry = {
        "type": "object",
        "required": ["seq", "kind", "by", "description", "ruling", "voids", "corrects", "replaces", "at"],
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "kind": {
                "enum": ["entry", "void", "correct", "remove", "insert", "accept"],
                "description": "entry: an entry as made; void: an undo; correct, remove, insert, accept: a "
                "correction of the entry named in corrects.",
            },
            "by": {"oneOf": [{"type": "integer", "minimum": 0}, {"const": "host"}]},
            "description": {"type": "string"},
            "ruling": {"type": ["string", "null"], "description": "The rule a table ruling overrode."},
            "voids": {"type": ["integer", "null"]},
            "corrects": {
                "type": ["integer", "null"],
                "description": "A correction: the entry it corrects (for insert: the entry it inserted one before).",
            },
            "replaces": {
                "type": ["integer", "null"],
                "description": "An entry a correction put in force: the older line it takes the place of.",
            },
            "at": {"type": "string", "format": "date-time"},
            "voided": {"type": "boolean"},
            "in_force": {"type": "boolean", "description": "On the chain of entries that make the board now."},
        },
    }
    pending = {
        "type": ["object", "null"],
        "required": ["about", "remaining", "unlisted", "entries"],
        "description": "A correction whose later entries no longer pass; null when nothing is pending.",
        "properties": {
            "about": {"type": "string", "description": "The correction, as every phone reads it."},
            "remaining": {"type": "integer", "description": "Entries still to be checked again."},
            "unlisted": {"type": "integer", "description": "Entries that no longer pass past the first ten listed."},
            "entries": {
                "type": "array",
                "description": "The entries that no longer pass, the one to settle "
                "first; the others as if the ones before were dropped.",
                "items": {
                    "type": "object",
                    "required": ["seq", "by", "description", "rule", "message", "overridable"],
                    "properties": {
                        "seq": {"type": "integer"},
                        "by": {"oneOf": [{"type": "integer"}, {"const": "host"}]},
                        "description": {"type": "string"},
                        "rule": {"type": "string"},
                        "message": {"type": "string"},
                        "overridable": {"type": "boolean"},
                    },
                },
            },
        },
    }
    seq = {"type": "integer", "minimum": 0}
    key = {
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "description": "New for every tap; the same key again with the same entry records nothing new and "
        "answers the first result (with another entry: 409).",
    }
    return {
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {
                "error": {
                    "type": "object",
                    "required": ["rule", "message"],
                    "properties": {
                        "rule": {
                            "type": "string",
                            "examples": [
                                "ST-R13",
                                "ENTRY",
                                "STALE",
                                "ACCESS",
                                "TABLE",
                                "REQUEST",
                                "UNDO",
                                "ROUTE",
                                "CORRECT",
                                "PENDING",
                            ],
                        },
                        "message": {"type": "string"},
                        "overridable": {
                            "type": "boolean",
                            "description": "Whether the host may accept it as a table ruling.",
                        },
                        "rule_url": {
                            "type": "string",
                            "format": "uri",
                            "examples": ["https://referee.example/rules/switch-to#ST-R13"],
                            "description": "The rule's paragraph in the game's rule book (absolute, "
                            "on the server's public address; the page reads in the "
                            "browser's language). Only for a rule of the game.",
                        },
                    },
                }
            },
        },
        "Games": {
            "type": "object",
            "required": ["games"],
            "properties": {
                "games": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["id", "title", "players", "options"],
                        "properties": {
                            "id": {"enum": sorted(GAMES)},
                            "title": {"type": "string"},
                            "players": {
                                "type": "array",
                                "items": {"type": "integer"},
                                "minItems": 2,
                                "maxItems": 2,
                                "description": "The fewest and the most players.",
                            },
                            "options": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "required": ["name", "values", "default", "help", "number"],
                                    "properties": {
                                        "name": {"type": "string"},
                                        "values": {"type": "array", "items": {"type": "string"}},
                                        "default": {"type": "string"},
                                        "help": {"type": "string"},
                                        "number": {
                                            "type": ["array", "null"],
                                            "items": {"type": "integer"},
                                            "description": "A whole number from..to instead of values.",
                                        },
                                    },
                                },
                            },
                        },
                    },
                }
            },
        },
        "NewTable": {
            "type": "object",
            "required": ["game", "players"],
            "properties": {
                "game": {"enum": sorted(GAMES)},
                "players": {
                    "type": "array",
                    "items": {"type": "string"},
                    "minItems": 2,
                    "maxItems": 8,
                    "description": "Distinct names in seating order (clockwise); the game sets how many. "
                    "Runs of spaces are squeezed to one, then a name has at most 24 "
                    "characters; blank names are left out (a form's empty fields).",
                },
                "options": {
                    "type": ["object", "null"],
                    "additionalProperties": {"type": ["string", "integer"]},
                    "description": "House rules by name; see /api/games for names, values, defaults.",
                },
            },
        },
        "Opened": {
            "type": "object",
            "required": ["code", "join_url", "seq", "host_token", "host_url", "seats"],
            "properties": {
                "code": {"type": "string"},
                "join_url": {"type": "string", "format": "uri"},
                "seq": {"const": 0},
                "host_token": {"type": "string"},
                "host_url": {
                    "type": "string",
                    "format": "uri",
                    "description": "The host's link: a phone that opens it and taps once becomes the host "
                    "(it carries the host token; keep it as private as the token).",
                },
                "seats": {
                    "type": "array",
                    "description": "No seat tokens: a seat's token is minted when a phone "
                    "claims the seat (its join link), or through claimSeat.",
                    "items": {
                        "type": "object",
                        "required": ["seat", "name", "join_url"],
                        "properties": {
                            "seat": {"type": "integer"},
                            "name": {"type": "string"},
                            "join_url": {"type": "string", "format": "uri"},
                        },
                    },
                },
            },
        },
        "Claimed": {
            "type": "object",
            "required": ["seat", "token"],
            "properties": {
                "seat": {"type": "integer"},
                "token": {"type": "string", "description": "Answered this once."},
            },
        },
        "Board": {
            "type": "object",
            "required": ["code", "game", "seq", "state", "pending"],
            "properties": {
                "code": {"type": "string"},
                "game": {"enum": sorted(GAMES)},
                "seq": seq,
                "state": {
                    "type": "object",
                    "description": "The game's view for this token: hidden values only for "
                    "the seat they belong to; `actions`, what it may enter now "
                    "(nothing while a correction is pending).",
                },
                "pending": pending,
            },
        },
        "Changed": {
            "type": "object",
            "required": ["seq"],
            "properties": {
                "seq": seq,
                "seats_version": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "Only when asked with `seats`: counts joins and frees.",
                },
            },
        },
        "PlayRequest": {
            "type": "object",
            "required": ["action", "expected_seq", "key"],
            "properties": {
                "seat": {"type": "integer", "description": "The seat the entry is for (merged into action)."},
                "action": {
                    "type": "object",
                    "required": ["type"],
                    "properties": {
                        "type": {
                            "enum": sorted({kind for engine in GAMES.values() for kind in engine.entry_types}),
                            "description": "One of the table's game's entry types (docs/api.md); another is refused (422).",
                        }
                    },
                    "examples": [
                        {"type": "play", "cards": "7H 7D W7"},
                        {"type": "pass", "flip": "play_to_wild"},
                        {"type": "predict", "value": 3},
                        {"type": "declare_hand", "cards": "2C 9D"},
                    ],
                },
                "expected_seq": {**seq, "description": "The seq of the board the entry was made on."},
                "key": key,
                "ruling": {"type": "boolean", "description": "Host only: accept a refused entry as a table ruling."},
            },
        },
        "UndoRequest": {
            "type": "object",
            "required": ["expected_seq", "key"],
            "properties": {"expected_seq": seq, "key": key},
        },
        "CorrectionRequest": {
            "type": "object",
            "required": ["entry", "expected_seq", "key"],
            "description": "Exactly one of action, remove or accept; insert and ruling go with an action.",
            "oneOf": [
                _only("action"),
                *(
                    {
                        **_only(alone),
                        "properties": {
                            **_only(alone)["properties"],
                            "insert": {"const": False},
                            "ruling": {"const": False},
                        },
                    }
                    for alone in ("remove", "accept")
                ),
            ],
            "properties": {
                "entry": {"type": "integer", "minimum": 1, "description": "The seq of the entry to correct."},
                "action": {
                    "type": "object",
                    "required": ["type"],
                    "description": "What the entry should have been (with insert: the entry to insert before it).",
                },
                "seat": {"type": "integer", "description": "Merged into action."},
                "insert": {"type": "boolean", "description": "Host only: insert action before the entry."},
                "ruling": {"type": "boolean", "description": "Host only: accept a refused action as a table ruling."},
                "remove": {"const": True, "description": "Remove the entry (while pending: drop it)."},
                "accept": {
                    "const": True,
                    "description": "Host only, the first pending entry: accept it as a table ruling.",
                },
                "expected_seq": seq,
                "key": key,
            },
        },
        "WriteResult": {
            "allOf": [
                _ref("Board"),
                {
                    "type": "object",
                    "required": ["entry", "replayed"],
                    "properties": {"entry": entry, "replayed": {"type": "boolean"}},
                },
            ]
        },
        "Stale": {"allOf": [_ref("Error"), _ref("Board")]},
        "ScoreSheet": {
            "type": "object",
            "properties": {
                "round_word": {"enum": ["Round", "Hand", "Turn"]},
                "measure": {"type": "string", "examples": ["penalty points", "lives", "points"]},
                "higher_wins": {"type": "boolean"},
                "finished": {"type": "boolean"},
                "start": {"type": "array", "items": {"type": "number"}, "description": "Totals before round 1."},
                "rounds": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "label": {"type": "string"},
                            "note": {"type": "string"},
                            "scores": {"type": "array", "items": {"type": ["number", "null"]}},
                            "totals": {
                                "type": "array",
                                "items": {"type": ["number", "null"]},
                                "description": "After this round; null: out of the game.",
                            },
                        },
                    },
                },
                "totals": {"type": "array", "items": {"type": ["number", "null"]}},
                "winners": {"type": "array", "items": {"type": "integer"}},
                "places": {"type": "array", "items": {"type": "integer"}, "description": "By seat; 1 is first."},
            },
        },
        "Export": {
            "type": "object",
            "properties": {
                "table": {"type": "object"},
                "options": {"type": "object"},
                "players": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"seat": {"type": "integer"}, "name": {"type": "string"}},
                    },
                },
                "entries": {
                    "type": "array",
                    "items": {
                        "allOf": [entry, {"type": "object", "properties": {"action": {"type": ["object", "null"]}}}]
                    },
                },
                "score_sheet": _ref("ScoreSheet"),
            },
        },
        "History": {
            "type": "object",
            "required": ["code", "seq", "entries"],
            "properties": {
                "code": {"type": "string"},
                "seq": seq,
                "entries": {
                    "type": "array",
                    "items": {**entry, "required": [*entry["required"], "voided", "in_force"]},
                },
                "seats": {
                    "type": "array",
                    "description": "Claims and frees of seats, oldest "
                    "first; `after_seq`: the table's seq when it happened.",
                    "items": {
                        "type": "object",
                        "properties": {
                            "seat": {"type": "integer"},
                            "name": {"type": "string"},
                            "kind": {"enum": ["claimed", "freed", "handed"]},
                            "by": {"enum": ["host", None]},
                            "after_seq": seq,
                            "at": {"type": "string", "format": "date-time"},
                        },
                    },
                },
            },
        },
    }
