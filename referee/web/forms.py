"""What a request sends, read into what the log takes: a page's form fields (or the refused
entry a ruling form sends back as ``action_json``) and an API's JSON body, each into a
:class:`Write`; a new table's names and house rules; a seat number. What cannot be read is
:class:`BadInput` (400). No field of ours holds a NUL character, and no JSON says NaN.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from flask import request
from sqlmodel import Session
from werkzeug.datastructures import MultiDict

from ..table import corrections, writes
from . import opening

FORM_FIELDS = {"type", "seat", "expected_seq", "key", "ruling"}  # the rest of a form is the entry's
# An entry is an object of lists and objects a level or two deep. Past a few hundred levels a walk
# of the value by recursion (ours, the database driver's, an export's) runs out of stack.
MAX_JSON_DEPTH = 32
UNSTORABLE = "The body holds a NUL character (\\u0000) or a lone surrogate (\\ud800 to \\udfff); no field may."


class BadInput(Exception):
    """The request is not what this URL takes (400): the API says why, a page answers 400."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Write:
    """One tap: an entry (or, without one, an undo) on the board drawn at ``expected_seq``,
    with the key made for this tap."""

    expected_seq: int
    key: str
    entry: dict[str, Any] | None = None
    ruling: bool = False

    def record(self, session: Session, code: str, by) -> writes.Recorded:
        if self.entry is None:
            return writes.undo(session, code, by, self.expected_seq, self.key)
        return writes.record(session, code, by, self.entry, self.expected_seq, self.key, self.ruling)


@dataclass(frozen=True)
class CorrectionWrite:
    """A correction of entry ``target`` (``corrections.Change``) on the board drawn at
    ``expected_seq``, with the key made for this tap."""

    expected_seq: int
    key: str
    target: int
    change: corrections.Change

    def record(self, session: Session, code: str, by) -> writes.Recorded:
        return corrections.correct(session, code, by, self.target, self.change, self.expected_seq, self.key)


# --------------------------------------------------------------------------- page forms


def page_write(form, entry: dict | None) -> Write:
    """The write a page's form makes: its board's seq and its key (400 without them)."""
    seq, key = form.get("expected_seq", type=int), form.get("key", "")[:64]
    if seq is None or not key:
        raise BadInput("A form needs expected_seq and key.")
    return Write(seq, key, entry, ruling=form.get("ruling") == "1")


def page_correction(form, target: int, inserting: bool) -> CorrectionWrite:
    """A correction form: remove (``remove=1``), accept a pending entry (``accept=1``), or the
    game's entry form posted to the correction address (inserted before ``target`` when the
    address says ``?insert=1``)."""
    if form.get("remove") == "1":
        change = corrections.Change("remove")
    elif form.get("accept") == "1":
        change = corrections.Change("accept")
    else:
        change = corrections.Change(
            "insert" if inserting else "correct", entry_from_form(form), ruling=form.get("ruling") == "1"
        )
    write = page_write(form, change.action)
    return CorrectionWrite(write.expected_seq, write.key, target, change)


def entry_from_form(form) -> dict:
    """An entry from a form: ``type``, ``seat``, then every other field as text, as a list
    when it has several values (checkboxes) or is numbered (``dice#0``, ``dice#1``), or as an
    object when it is named (``hand.K``, ``hand.9``). Card
    fields are always lists. A ruling form sends the refused entry back whole, as JSON."""
    if form.get("action_json"):
        action = parse_json(form["action_json"])
        if _holds_unstorable_text(action):
            raise BadInput(UNSTORABLE)
        return action if isinstance(action, dict) else {"type": None}
    action = {"type": form.get("type")}
    if form.get("seat", "") != "":
        action["seat"] = form.get("seat", type=int)
    for name in dict.fromkeys(form.keys()):
        values = [v for v in form.getlist(name) if v != ""]
        if name in FORM_FIELDS or not values:
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


def posted_entry(form) -> dict | None:
    """The entry this form posted, if it is an entry form (an undo form posts none)."""
    return entry_from_form(form) if "type" in form or "action_json" in form else None


def _field_of(action: dict, name: str, kind: type):
    """The list or object a numbered or named field adds to; a name used both ways (``x#0`` and
    ``x.K``, or ``type#0``), which no form of ours sends, is a 400."""
    field = action.setdefault(name, kind())
    if not isinstance(field, kind):
        raise BadInput(f"The field {name!r} is sent both as a list and as an object.")
    return field


def new_table_fields(form, game) -> tuple[list[str], dict[str, str]]:
    """The player names and the chosen house rules of the new-table form (a preset fills in
    those left at their defaults: ``opening.chosen_rules``)."""
    return form.getlist("player"), opening.chosen_rules(form, game)[1]


def form_number(form, name: str) -> int:
    """A whole number a form of ours always sends (400 without it)."""
    value = form.get(name, type=int)
    if value is None:
        raise BadInput(f"{name} must be a whole number.")
    return value


def seat_number(form, table) -> int:
    seat = form.get("seat", type=int)
    if seat is None or not 0 <= seat < len(table.seats):
        raise BadInput("seat must be a seat at this table.")
    return seat


# --------------------------------------------------------------------------- API bodies


def json_body() -> dict[str, Any]:
    """The JSON object sent. Not JSON, nested past any sense, NaN or Infinity (which no database
    column takes), a NUL character (which PostgreSQL text cannot hold) or half a surrogate pair
    (``"\\ud800"``: no UTF-8 page or database can hold it) is a 400."""
    body = parse_json(request.get_data(as_text=True)) if request.is_json else None
    if not isinstance(body, dict):
        raise BadInput("Send a JSON object (Content-Type: application/json).")
    if _holds_unstorable_text(body):
        raise BadInput(UNSTORABLE)
    return body


def api_write(body: dict, with_entry: bool) -> Write:
    """A play (``action``, maybe ``seat`` and ``ruling``) or an undo, from an API body."""
    entry, ruling = None, False
    if with_entry:
        entry = body.get("action")
        if not isinstance(entry, dict):
            raise BadInput('action must be an object with a type, e.g. {"type": "pass"}.')
        if "seat" in body:
            entry = {**entry, "seat": _whole_number(body, "seat")}
    expected_seq, key = _whole_number(body, "expected_seq"), _key(body)
    if with_entry:
        ruling = body.get("ruling", False)
        if not isinstance(ruling, bool):
            raise BadInput("ruling must be true or false.")
    return Write(expected_seq, key, entry, ruling)


def api_correction(body: dict) -> CorrectionWrite:
    """A correction from an API body: ``entry`` (its seq), then ``action`` (what it should have
    been; with ``insert: true``, what goes before it), ``remove: true`` or ``accept: true``."""
    target = _whole_number(body, "entry")
    modes = [name for name in ("action", "remove", "accept") if name in body]
    if len(modes) != 1:
        raise BadInput(
            "Send one of action (with insert: true to insert it before the entry), remove: true or accept: true."
        )
    for flag in ("remove", "accept"):
        if flag in body and body[flag] is not True:
            raise BadInput(f"{flag} is true, or left out.")
    for flag in ("insert", "ruling"):
        if not isinstance(body.get(flag, False), bool):
            raise BadInput(f"{flag} must be true or false.")
    if modes[0] == "action":
        play = api_write(body, with_entry=True)
        kind = "insert" if body.get("insert") else "correct"
        return CorrectionWrite(play.expected_seq, play.key, target, corrections.Change(kind, play.entry, play.ruling))
    if body.get("insert") or body.get("ruling"):
        raise BadInput("insert and ruling go with an action.")
    write = api_write(body, with_entry=False)
    return CorrectionWrite(write.expected_seq, write.key, target, corrections.Change(modes[0]))


def game_id(body: dict) -> str:
    if not isinstance(body.get("game"), str):
        raise BadInput('game must be a game id (a string), e.g. "switch-to"; see /api/games.')
    return body["game"]


def options(body: dict) -> dict:
    options = body.get("options")
    if options is None:
        return {}
    if not isinstance(options, dict):  # [], "", 0 and false are no house rules either
        raise BadInput("options must be an object of house rules.")
    return options


def since() -> int:
    since = request.args.get("since", type=int)
    if since is None:
        raise BadInput("since must be a whole number: the seq your board shows.")
    return since


def _whole_number(body: dict, name: str) -> int:
    value = body.get(name)
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # JSON has one number type: 12.0 is the integer 12 (JSON Schema agrees)
    if isinstance(value, bool) or not isinstance(value, int):
        meaning = {"expected_seq": "the seq your board shows", "entry": "the seq of the entry to correct"}.get(
            name, "a seat number"
        )
        raise BadInput(f"{name} must be a whole number ({meaning}).")
    return value


def _key(body: dict) -> str:
    key = body.get("key")
    if not isinstance(key, str) or not 1 <= len(key) <= 64:
        raise BadInput("key must be a string of 1 to 64 characters, new for every tap.")
    return key


# --------------------------------------------------------------------------- shared


def parse_json(text: str) -> Any:
    """JSON text, or None for text that is not JSON, is nested deeper than ``MAX_JSON_DEPTH``,
    or says NaN or Infinity (no database column takes them)."""
    try:
        value = json.loads(text, parse_constant=_no_json_constant)
    except (ValueError, RecursionError):
        return None
    return None if _nested_deeper_than(value, MAX_JSON_DEPTH) else value


def _nested_deeper_than(value, limit: int) -> bool:
    """Walked without recursion: the value may be nested as deep as the parser allows."""
    containers = [(value, 1)]
    while containers:
        item, depth = containers.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            containers.extend((inner, depth + 1) for inner in (item.values() if isinstance(item, dict) else item))
    return False


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


def refuse_nul_characters() -> None:
    """No address, query or form field of ours holds a NUL character, and PostgreSQL text cannot:
    refuse it before it reaches a query (JSON bodies are checked as they are read)."""
    form = request.form if request.method == "POST" and not request.is_json else MultiDict()
    texts = [
        request.path,
        *(text for fields in (request.args, form) for name, values in fields.lists() for text in (name, *values)),
    ]
    if any("\x00" in text for text in texts):
        raise BadInput("A NUL character (\\u0000) is in the request.")
