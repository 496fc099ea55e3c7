"""The OpenAPI 3.1 document of the JSON API (served at /api/openapi.json)."""
from __future__ import annotations

from ..games import GAMES


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


CODE = {"name": "code", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 16},
        "description": "The table's short code, as shown under its QR code."}
AUTH = [{"bearer": []}]
ERR = {
    "400": _json(_ref("Error"), "The body is not what this endpoint takes."),
    "401": _json(_ref("Error"), "No token: join the table first."),
    "403": _json(_ref("Error"), "The token may not make this entry (another seat's, another table's)."),
    "404": _json(_ref("Error"), "No table with this code."),
}
WRITE_ANSWERS = {
    "200": _json(_ref("WriteResult"), "Recorded (or, for a key seen before, the first result again)."),
    "409": _json(_ref("Stale"), "The table moved on since expected_seq: nothing recorded; the fresh board."),
    "422": _json(_ref("Error"), "Refused by the rules: the rule ID and a sentence saying why."),
    **ERR,
}


def openapi_document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table Referee API", "version": "1",
                 "description": "Open a table, enter plays, undo, read the board and its history. "
                                "Every write carries the seq the client last saw and a fresh key."},
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer",
                                           "description": "A seat token or the host token."}},
            "schemas": _schemas(),
        },
        "paths": {
            "/api/games": {"get": {"summary": "Playable games and their house rules",
                                   "responses": {"200": _json({"type": "object"}, "The games.")}}},
            "/api/tables": {"post": {
                "summary": "Open a table",
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("NewTable")}}},
                "responses": {"201": _json(_ref("Opened"), "The table, its host token and seat tokens."),
                              "400": ERR["400"], "422": _json(_ref("Error"), "Unknown game, bad players or options.")},
            }},
            "/api/tables/{code}": {"get": {
                "summary": "The board as the bearer (or a watcher) may see it",
                "parameters": [CODE], "security": [{}, *AUTH],
                "responses": {"200": _json(_ref("Board"), "The board."), "404": ERR["404"]},
            }},
            "/api/tables/{code}/changes": {"get": {
                "summary": "Anything new since seq N? (cheap poll)",
                "parameters": [CODE, {"name": "since", "in": "query", "required": True,
                                      "schema": {"type": "integer"}}],
                "responses": {"204": {"description": "Nothing new."},
                              "200": _json({"type": "object", "properties": {"seq": {"type": "integer"}}},
                                           "Something new: fetch the board."),
                              "404": ERR["404"]},
            }},
            "/api/tables/{code}/plays": {"post": {
                "summary": "Enter a play (any entry of the game: predict, play, pass, declare_hand, ...)",
                "parameters": [CODE], "security": AUTH,
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("PlayRequest")}}},
                "responses": WRITE_ANSWERS,
            }},
            "/api/tables/{code}/undo": {"post": {
                "summary": "Undo the last entry in force (recorded as a void)",
                "parameters": [CODE], "security": AUTH,
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("UndoRequest")}}},
                "responses": WRITE_ANSWERS,
            }},
            "/api/tables/{code}/history": {"get": {
                "summary": "Every line of the table's log, voids included",
                "parameters": [CODE],
                "responses": {"200": _json(_ref("History"), "The log."), "404": ERR["404"]},
            }},
            "/api/tables/{code}/qr.svg": {"get": {
                "summary": "QR code of the table's join address",
                "parameters": [CODE],
                "responses": {"200": {"description": "SVG", "content": {"image/svg+xml": {}}}, "404": ERR["404"]},
            }},
            **_export_paths(),
        },
    }


def _export_paths() -> dict:
    """The score sheet to take home: outside /api (they are links people open), no token needed."""
    return {
        "/t/{code}/export.json": {"get": {
            "summary": "The whole table as JSON: players, options, the log and the score sheet",
            "description": "Entry fields that are secret until revealed (a Switch To prediction, Was Sticht "
                           "trumps and tasks, a Schwimmen reveal) are left out of `action`, as in the history.",
            "parameters": [CODE],
            "responses": {"200": _json(_ref("Export"), "The table (served as a download)."), "404": ERR["404"]},
        }},
        "/t/{code}/export.csv": {"get": {
            "summary": "The score sheet as CSV: a row per round, a column per player, then the totals",
            "parameters": [CODE],
            "responses": {"200": {"description": "CSV", "content": {"text/csv": {}}}, "404": ERR["404"]},
        }},
        "/t/{code}/sheet": {"get": {
            "summary": "The read-only score sheet page: chart, totals, places, exports, its own QR code",
            "parameters": [CODE],
            "responses": {"200": {"description": "HTML", "content": {"text/html": {}}}, "404": ERR["404"]},
        }},
    }


def _schemas() -> dict:
    entry = {"type": "object", "properties": {
        "seq": {"type": "integer"}, "kind": {"enum": ["entry", "void"]},
        "by": {"oneOf": [{"type": "integer"}, {"const": "host"}]}, "description": {"type": "string"},
        "ruling": {"type": ["string", "null"], "description": "The rule a table ruling overrode."},
        "voids": {"type": ["integer", "null"]}, "at": {"type": "string", "format": "date-time"},
        "voided": {"type": "boolean"}}}
    return {
        "Error": {"type": "object", "required": ["error"], "properties": {"error": {
            "type": "object", "required": ["rule", "message"],
            "properties": {"rule": {"type": "string", "examples": ["ST-R13"]}, "message": {"type": "string"},
                           "overridable": {"type": "boolean"}}}}},
        "NewTable": {"type": "object", "required": ["game", "players"], "properties": {
            "game": {"enum": sorted(GAMES)},
            "players": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 24},
                        "minItems": 2, "maxItems": 8, "description": "Names in seating order (clockwise)."},
            "options": {"type": "object", "additionalProperties": {"type": "string"},
                        "description": "House rules by name; see /api/games for names, values, defaults."}}},
        "Opened": {"type": "object", "properties": {
            "code": {"type": "string"}, "join_url": {"type": "string"}, "seq": {"type": "integer"},
            "host_token": {"type": "string"},
            "seats": {"type": "array", "items": {"type": "object", "properties": {
                "seat": {"type": "integer"}, "name": {"type": "string"}, "token": {"type": "string"}}}}}},
        "Board": {"type": "object", "properties": {
            "code": {"type": "string"}, "game": {"type": "string"}, "seq": {"type": "integer"},
            "state": {"type": "object", "description": "The game's public view; hidden values only for "
                                                       "the seat they belong to."}}},
        "PlayRequest": {"type": "object", "required": ["action", "expected_seq", "key"], "properties": {
            "seat": {"type": "integer", "description": "The seat the entry is for (merged into action)."},
            "action": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}},
                       "examples": [{"type": "play", "cards": "7H 7D W7"}, {"type": "pass", "flip": "play_to_wild"},
                                    {"type": "predict", "value": 3}, {"type": "declare_hand", "cards": "2C 9D"}]},
            "expected_seq": {"type": "integer", "description": "The seq of the board the entry was made on."},
            "key": {"type": "string", "minLength": 1, "maxLength": 64,
                    "description": "New for every tap; the same key again records nothing new."},
            "ruling": {"type": "boolean", "description": "Host only: accept a refused entry as a table ruling."}}},
        "UndoRequest": {"type": "object", "required": ["expected_seq", "key"], "properties": {
            "expected_seq": {"type": "integer"}, "key": {"type": "string", "minLength": 1, "maxLength": 64}}},
        "WriteResult": {"allOf": [_ref("Board"), {"type": "object", "properties": {
            "entry": entry, "replayed": {"type": "boolean"}}}]},
        "Stale": {"allOf": [_ref("Error"), _ref("Board")]},
        "ScoreSheet": {"type": "object", "properties": {
            "round_word": {"enum": ["Round", "Hand", "Turn"]},
            "measure": {"type": "string", "examples": ["penalty points", "lives", "points"]},
            "higher_wins": {"type": "boolean"}, "finished": {"type": "boolean"},
            "start": {"type": "array", "items": {"type": "number"}, "description": "Totals before round 1."},
            "rounds": {"type": "array", "items": {"type": "object", "properties": {
                "label": {"type": "string"}, "note": {"type": "string"},
                "scores": {"type": "array", "items": {"type": ["number", "null"]}},
                "totals": {"type": "array", "items": {"type": ["number", "null"]},
                           "description": "After this round; null: out of the game."}}}},
            "totals": {"type": "array", "items": {"type": ["number", "null"]}},
            "winners": {"type": "array", "items": {"type": "integer"}},
            "places": {"type": "array", "items": {"type": "integer"}, "description": "By seat; 1 is first."}}},
        "Export": {"type": "object", "properties": {
            "table": {"type": "object"}, "options": {"type": "object"},
            "players": {"type": "array", "items": {"type": "object", "properties": {
                "seat": {"type": "integer"}, "name": {"type": "string"}}}},
            "entries": {"type": "array", "items": {"allOf": [entry, {"type": "object", "properties": {
                "action": {"type": ["object", "null"]}}}]}},
            "score_sheet": _ref("ScoreSheet")}},
        "History": {"type": "object", "properties": {"code": {"type": "string"}, "seq": {"type": "integer"},
                                                     "entries": {"type": "array", "items": entry}}},
    }
