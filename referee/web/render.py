"""What a phone or a script is shown: the board as the whole page or, for htmx, the board
fragment alone (one URL serves both, as in the Hypermedia Systems contact app); the board and
history lines as JSON; the new-table form."""

from __future__ import annotations

import json
import threading
import uuid
from collections import OrderedDict

from flask import current_app, make_response, render_template, request
from flask_babel import get_locale

from .. import upkeep
from ..table import reads
from ..db import GameTable
from ..games.base import HOST, Refusal
from . import flows, opening, pending, sessions, sheets
from .about import about_player
from .common import is_htmx, by_json, db, join_url, public_base
from .projection import Projection

BOARDS_KEPT = 512  # rendered board fragments kept per process (a few KB each)
DRAWING_WAIT_SECONDS = 2.0  # at most, for the same board another thread is drawing
# Stands for the form key in a kept board: each answer gets its own key in its place.
FORM_KEY_MARK = uuid.uuid4().hex
_boards_lock = threading.Lock()


def board_page(
    table: GameTable,
    status: int = 200,
    *,
    refusal: Refusal | None = None,
    refused: dict | None = None,
    message: str | None = None,
):
    """The board for this phone; the whole page, or just the board for htmx. ``refused`` is the
    entry the host may accept anyway as a table ruling."""
    viewer = sessions.who(table)
    sessions.showing_secrets_of(viewer)
    # a board behind a shared phone's cover (?as=X) is X's: drawn for this answer alone
    kept = refusal is None and refused is None and message is None and is_htmx() and "as" not in request.args
    if kept:
        if request.method == "POST":  # said first: the stream's drawing may come while this one is drawn
            _answered(table, sessions.page_pass(table))
        return make_response(_kept_board(table, viewer).replace(FORM_KEY_MARK, uuid.uuid4().hex), status)
    return make_response(_render_board(table, viewer, refusal, refused, message), status)


ANSWERED_KEPT = 4096  # (table, pass) pairs whose last write answered with the board


def answering_the_write(table: GameTable) -> None:
    """This page's write will be answered with the board it makes (one seq on): said before the
    write commits, when its stream hears of it. Should the answer not come (an error, another
    phone's write first), the stream says the seq instead, and a page that is behind fetches."""
    if is_htmx():
        _answered(table, sessions.page_pass(table), table.seq + 1)


def _answered(table: GameTable, held: str | None, seq: int | None = None) -> None:
    """The phone holding ``held`` has the board at this seq: its write was answered with it.
    Its own stream need not be sent the same board again (``already_answered``)."""
    if not held:
        return
    answered = current_app.extensions.setdefault("boards_answered", OrderedDict())
    with _boards_lock:
        answered[table.code, held] = max(answered.get((table.code, held), -1), table.seq if seq is None else seq)
        answered.move_to_end((table.code, held))
        while len(answered) > ANSWERED_KEPT:
            answered.popitem(last=False)


def already_answered(table: GameTable, held: str | None) -> bool:
    """Whether the phone holding ``held`` was answered with this table's board at its seq (this
    process answered its write with it)."""
    if not held:
        return False
    with _boards_lock:
        seq = current_app.extensions.get("boards_answered", {}).get((table.code, held))
    return seq is not None and seq >= table.seq


def _kept_board(table: GameTable, viewer) -> str:
    """The htmx board as ``viewer`` sees it at this seq, rendered once: every phone of the same
    kind (the host, a seat, the watchers) in the same language asking again after an entry gets
    the same fragment. Everything a board shows that can change is in the key: a seq names the
    log and tip, seats_version the seats and rematch, and the pending correction and archiving
    change without a write; an unjoined phone's board also depends on what it asks with (the
    "Who are you?" screen, a seat's link, or just watching)."""
    key = (
        table.code,
        table.seq,
        table.tip,
        table.seats_version,
        json.dumps(table.pending, sort_keys=True),
        repr(viewer),
        json.dumps(flows.board_args(table, viewer), sort_keys=True),
        str(get_locale()),
        upkeep.is_archived(table),
        public_base(),
        sessions.freed_seat(table, viewer),
    )
    boards = current_app.extensions.setdefault("boards", OrderedDict())
    drawing = current_app.extensions.setdefault("boards_drawing", {})
    with _boards_lock:
        if key in boards:
            boards.move_to_end(key)
            return boards[key]
        other = drawing.get(key)
        if other is None:
            drawing[key] = mine = threading.Event()
    if other is not None:  # the same board, being drawn by another thread (an entry's answer and a stream's)
        other.wait(DRAWING_WAIT_SECONDS)
        with _boards_lock:
            if key in boards:
                return boards[key]
        return _render_board(table, viewer, None, None, None, form_key=FORM_KEY_MARK)
    try:
        board = _render_board(table, viewer, None, None, None, form_key=FORM_KEY_MARK)
        with _boards_lock:
            boards[key] = board
            while len(boards) > BOARDS_KEPT:
                boards.popitem(last=False)
    finally:
        with _boards_lock:
            drawing.pop(key, None)
        mine.set()
    return board


def kept_board(table: GameTable) -> str:
    """This request's phone's htmx board as ``board_page`` keeps it, its form key still
    ``FORM_KEY_MARK`` (the event stream gives each phone its own: stream_boards.py)."""
    viewer = sessions.who(table)
    sessions.showing_secrets_of(viewer)
    return _kept_board(table, viewer)


def _render_board(
    table: GameTable,
    viewer,
    refusal: Refusal | None,
    refused: dict | None,
    message: str | None,
    form_key: str | None = None,
) -> str:
    game = reads.engine_of(table)
    seen = Projection(db(), table, viewer, now=reads.current_state(db(), table))
    state = seen.now
    view = flows.hide_held_secret_offers(table, state, seen.view(), viewer)
    view, cover = flows.behind_cover(table, state, view, seen)
    context = dict(
        cover=cover,
        table=table,
        engine=game,
        view=view,
        viewer=viewer,
        host=HOST,
        key=form_key or uuid.uuid4().hex,
        refusal=refusal,
        refused=json.dumps(refused) if refused else None,
        refusal_said=_refusal_said(table, state, refusal, refused, viewer),
        refused_line=flows.refused_entry_line(table, refused),
        message=message,
        join_url=join_url(table),
        can_undo=_can_undo(table, viewer),
        freed=sessions.freed_seat(table, viewer),
        poll_seconds=current_app.config["POLL_SECONDS"],
        **sheets.board_context(table, view),
        **pending.board_context(table, view, seen),
        **flows.board_flows(table, view, seen, sheets.sheet_of(table)),
    )
    return render_template("board.html" if is_htmx() else "table.html", **context)


def _refusal_said(table: GameTable, state, refusal: Refusal | None, refused: dict | None, viewer):
    """The refusal's sentence: said to the maker, or, for an entry the host made for a player,
    about that player ("It is Ann's turn, not Cem's.")."""
    if refusal is None:
        return None
    seat = reads.entry_seat(table, state, refused) if viewer == HOST and isinstance(refused, dict) else None
    return refusal.message if seat is None else about_player(refusal.message, table.seats[seat]["name"])


def _can_undo(table: GameTable, viewer) -> bool:
    """Undo is offered to whoever made the last entry (or the host), unless that entry showed
    the table a secret: such an undo is refused, so the button would only lead to a refusal."""
    if viewer is None or table.tip == 0 or table.pending:
        return False
    last = flows.entry_at(table, table.tip)
    if last is None or (viewer != HOST and last.by != str(viewer)):
        return False
    return reads.shown_for_good(db(), table, last) is None


def new_table_form(game, status: int = 200, error: Refusal | None = None, names=(), chosen=None):
    """The form, empty or as it was posted (``chosen``: the house rules asked for)."""
    preset = opening.preset_named(game, request.form.get(opening.PRESET_FIELD))
    chosen = chosen or opening.preset_values(game, preset)
    presets = [(p, opening.preset_values(game, p)) for p in game.presets]
    return render_template(
        "new_table.html",
        engine=game,
        error=error,
        names=list(names),
        chosen=chosen,
        preset=preset,
        presets=presets,
        changed=opening.changed(game, preset, chosen),
    ), status


def board_json(table: GameTable, state, viewer) -> dict:
    """The table as ``viewer`` may see it: its code, seq, the game's view of the state and the
    pending correction (None: nothing pending)."""
    sessions.showing_secrets_of(viewer)
    seen = Projection(db(), table, viewer)  # ``state`` may be an earlier one: a key's first answer
    view = pending.no_entries_while_pending(
        table, flows.hide_held_secret_offers(table, state, seen.view(state), viewer)
    )
    return {
        "code": table.code,
        "game": table.game,
        "seq": table.seq,
        "state": view,
        "pending": pending.pending_json(seen),
    }


def entry_json(entry, seen: Projection) -> dict:
    """A log line as ``seen``'s viewer may read it."""
    return {
        "seq": entry.seq,
        "kind": entry.kind,
        "by": by_json(entry.by),
        "description": seen.description(entry),
        "ruling": entry.ruling,
        "voids": entry.voids,
        "corrects": entry.corrects,
        "replaces": entry.replaces,
        "at": entry.created_at.isoformat(),
    }
