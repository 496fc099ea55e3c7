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
        },
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
        "History": {"type": "object", "properties": {"code": {"type": "string"}, "seq": {"type": "integer"},
                                                     "entries": {"type": "array", "items": entry}}},
    }
