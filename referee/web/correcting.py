"""Corrections on the phone pages and in the JSON answers (``referee.table.corrections`` does them).

The correction page shows the board as it stood before the entry being corrected, with the
game's own entry forms: what is entered there is posted to the correction address instead of
the table's (``entry_url``), so every game's forms serve both without a change. The board of a
table with a pending correction lists the entries that no longer pass (``pending.py``); the host
settles each there. History marks what each correction replaced.
"""

from __future__ import annotations

import json
import uuid

from flask import g, make_response, render_template, url_for

from ..table import corrections, gate, reads
from ..table.errors import Denied, Stale
from ..db import Entry, GameTable
from ..games.base import HOST, Refusal
from . import outcomes, sessions
from .projection import Projection, action_of
from .common import db, is_htmx


def entry_url(table: GameTable) -> str:
    """Where a game's entry form posts: the table, or the correction being made on this page."""
    return g.get("entry_url") or url_for("pages.enter", code=table.code)


# --------------------------------------------------------------------------- the correction page


def correction_page(
    table: GameTable,
    target: int,
    inserting: bool,
    status: int = 200,
    *,
    refusal: Refusal | None = None,
    refused: dict | None = None,
    message=None,
):
    """The board before entry ``target`` for this phone, its forms posting the correction (the
    whole page, or for htmx the part in ``#board``). Refuses as the correction would."""
    viewer = sessions.writer(table)
    sessions.showing_secrets_of(viewer)  # the board before the entry may show this seat's hidden cards
    kind = "insert" if inserting else "correct"
    entry, before = corrections.starting_point(db(), table, viewer, target, kind)
    game, seen = reads.engine_of(table), Projection(db(), table, viewer)
    g.entry_url = url_for("pages.correct", code=table.code, seq=target, insert=1 if inserting else None)
    view = seen.view(before) if inserting else for_its_seat(seen.view(before), action_of(entry))
    was = None if inserting or refused else readable_entry(table, seen, entry)
    context = dict(
        table=table,
        engine=game,
        view=view,
        viewer=viewer,
        host=HOST,
        key=uuid.uuid4().hex,
        target=entry,
        target_words=named(game, before, entry, was) or seen.own_words(entry),
        target_line=seen.words(entry),
        inserting=inserting,
        settling=bool(table.pending),
        refusal=refusal,
        refused=json.dumps(refused) if refused else None,
        message=message,
        was=json.dumps(was) if was else None,
    )
    template = "_correction_board.html" if is_htmx() else "correct.html"
    return make_response(render_template(template, **context), status)


def for_its_seat(view: dict, action: dict) -> dict:
    """The board before an entry offers that entry's form for its own seat: a form drawn for the
    first seat offered would correct Cem's reveal as Ben's."""
    seat = action.get("seat")
    if seat is None or "actions" not in view:
        return view
    mine = [offer for offer in view["actions"] if offer.get("type") == action.get("type") and offer.get("seat") == seat]
    if not mine:
        return view
    others = [offer for offer in view["actions"] if offer.get("type") != action.get("type")]
    return {**view, "actions": mine + others}


def named(game, before, entry: Entry, was: dict | None):
    """A secret entry this phone may read, named with what it holds ("Ben revealed J♣ 10♦ 7♦")."""
    if not was or was.get("type") not in game.secret_entries:
        return None
    return game.shown(before, was)


def readable_entry(table: GameTable, seen: Projection, entry: Entry) -> dict | None:
    """A secret entry's fields (a hand, trumps), to fill its form in again on the correction
    page when this phone may read them: the table has seen it, or this phone made it. Such an
    entry is entered whole and corrected in part (one card of a hand: two taps); a play's form
    starts empty, as the right card is one tap. None otherwise."""
    action = action_of(entry)
    if not action or action.get("type") not in seen.engine.secret_entries or seen.kept_line(entry) is not None:
        return None
    if entry.by != reads.by_text(seen.viewer) and not gate.shown(db(), table, entry):
        return None
    return action


def latest_entry_of(table: GameTable, kind: str, seat: int) -> int | None:
    """The seq of ``seat``'s latest entry of type ``kind`` in force, or None."""
    entries = reads.history(db(), table)
    by_seq = {entry.seq: entry for entry in entries}
    for seq in reversed(reads.in_force(entries, table.tip)):
        action = action_of(by_seq[seq])
        if action.get("type") == kind and action.get("seat") == seat:
            return seq
    return None


def failed(code: str, target: int, inserting: bool, write, problem: Exception):
    """A correction that did not go ahead: made on the correction page, that page again with
    the refusal (and the host's "accept anyway"), or the fresh board's seq for a stale one; a
    removal or acceptance from the board is answered as any write (outcomes.py)."""
    if write.change.kind in ("remove", "accept"):
        raise problem
    table = reads.find_table(db(), code)
    if isinstance(problem, Stale):
        return correction_page(table, target, inserting, 409, message=outcomes.STALE_MESSAGE)
    if isinstance(problem, Denied):
        return correction_page(table, target, inserting, problem.status, message=problem.message)
    return correction_page(
        table, target, inserting, 403 if problem.permission else 422, refusal=problem, refused=dict(write.change.action)
    )


def corrected(table: GameTable):
    """After a correction: the table page (htmx follows ``HX-Redirect``; a plain form, 303)."""
    address = url_for("pages.table", code=table.code)
    if is_htmx():
        response = make_response("", 200)
        response.headers["HX-Redirect"] = address
        return response
    return make_response("", 303, {"Location": address})


# --------------------------------------------------------------------------- history


def history_marks(entries: list[Entry], tip: int) -> dict:
    """What History says of each line besides its words: which entries are in force, and for
    each entry no longer in force what took it off (undone, corrected, removed, re-entered
    after a correction as a newer line, or dropped or waiting while a correction is pending)."""
    in_force = set(reads.in_force(entries, tip))
    voided = reads.voided_seqs(entries)
    corrected = {line.corrects: line.kind for line in entries if line.kind in ("correct", "remove")}
    replaced_by = {line.replaces: line.seq for line in entries if line.replaces is not None}
    marks: dict[int, tuple[str, int | None]] = {}
    for line in entries:
        if line.kind != "entry" or line.seq in in_force:
            continue
        if line.seq in voided:
            marks[line.seq] = ("undone", None)
        elif corrected.get(line.seq) == "remove":
            marks[line.seq] = ("removed", None)
        elif line.seq in replaced_by:
            marks[line.seq] = ("corrected" if line.seq in corrected else "rechecked", replaced_by[line.seq])
        else:
            marks[line.seq] = ("out", None)
    return {"in_force": in_force, "marks": marks}


def may_correct(table: GameTable, viewer, entry: Entry, in_force: set[int]) -> bool:
    """Whether History offers this phone "Correct" for ``entry`` (the log decides again)."""
    if entry.seq not in in_force or viewer is None or (table.pending and viewer != HOST):
        return False
    return viewer == HOST or (entry.by == str(viewer) and entry.seq == table.tip and not gate.shown(db(), table, entry))
