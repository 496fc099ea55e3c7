"""The flows every game shares around its own board (issue 15): who this phone is and how an
unjoined phone joins, the host's link, what the last tap did (and the way back), secret entries
that stay on their seat's phone, and the end of a game with its ranking and rematch.

Views stay thin: pages.py calls these, render.py adds :func:`board_flows` to every board. Its
sentences are ``Text`` templates (``Denied``), read for the catalogs by the engines' extractor
(babel.cfg).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from flask import g, request, url_for

from .. import scoresheet
from ..table import claims, corrections, gate, reads, seats
from ..table.errors import Denied, Stale
from ..db import Entry, GameTable
from ..games.base import HOST, Text
from .common import db, public_base
from .projection import Projection


# --------------------------------------------------------------------------- secret entries


def hide_held_secret_offers(table: GameTable, state, view: dict, viewer) -> dict:
    """The host's board does not offer an entry that is a held seat's own (a prediction, trumps,
    a task, the dealer's hints): only that seat's phone makes it (``gate`` refuses it from
    anyone else)."""
    if viewer != HOST or "actions" not in view:
        return view
    kept = [offer for offer in view["actions"] if gate.held_seat_of(table, state, offer, HOST) is None]
    return {**view, "actions": kept}


# --------------------------------------------------------------------------- one phone for the table


@dataclass(frozen=True)
class Cover:
    """On a shared phone: whose private step is due ("Hand the phone to X"), which other seats
    may still change a private entry (each behind its own cover), and whose board is shown
    after its tap (None: the public board)."""

    due: int | None
    others: list[int]
    behind: int | None


def is_shared_phone(table: GameTable, viewer) -> bool:
    """The host's phone at a table where no seat holds a phone of its own: it passes round."""
    return viewer == HOST and not any(seats.seat_is_claimed(table, seat) for seat in range(len(table.seats)))


def behind_cover(table: GameTable, state, view: dict, seen: Projection) -> tuple[dict, Cover | None]:
    """The shared phone's board: its public entries only, with a cover for the seat whose
    private step is due; after the tap (``?as=X``, honoured only for a seat with a private
    entry now) the board as X's own phone shows it, with X's private entries only."""
    if not is_shared_phone(table, seen.viewer):
        return view, None
    engine = seen.engine
    private = [offer for offer in view["actions"] if engine.private_seat(state, offer) is not None]
    if not private:
        return view, None
    due = engine.private_step(state)
    seats = sorted(
        {seat for offer in private if (seat := engine.private_seat(state, offer)) is not None}
        | ({due} if due is not None else set())
    )
    asked = request.args.get("as", type=int)
    if asked in seats:
        own = Projection(seen.session, table, asked, now=state).view()
        mine = [offer for offer in private if engine.private_seat(state, offer) == asked]
        return {**own, "actions": mine}, Cover(due, [], asked)
    public = [offer for offer in view["actions"] if offer not in private]
    return {**view, "actions": public}, Cover(due, [seat for seat in seats if seat != due], None)


# --------------------------------------------------------------------------- joining


@dataclass(frozen=True)
class Joining:
    """What an unjoined phone is shown first: "Who are you?", the seat its link named first."""

    free: list[int]  # seats nobody holds, the asked one first
    taken: list[int]
    asked: int | None  # the seat its link named (?seat=N), if that is a seat
    asked_taken: bool


def joining(table: GameTable, viewer) -> Joining | None:
    """None for a phone with a seat or the host's, and for one that chose to watch (?watch=1)."""
    if viewer is not None or watching():
        return None
    asked = asked_seat(table)
    # a rematch's seat still waiting for its phone is not offered either (``claims.is_awaited``)
    taken = [n for n in range(len(table.seats)) if seats.seat_is_claimed(table, n) or claims.is_awaited(table.seats[n])]
    free = [n for n in range(len(table.seats)) if n not in taken]
    if asked in free:
        free.remove(asked)
        free.insert(0, asked)
    return Joining(free, taken, asked, asked in taken)


def watching() -> bool:
    return request.args.get("watch") == "1"


def asked_seat(table: GameTable) -> int | None:
    seat = request.args.get("seat", type=int)
    return seat if seat is not None and 0 <= seat < len(table.seats) else None


def board_args(table: GameTable, viewer) -> dict[str, Any]:
    """What an unjoined phone's board keeps asking with (its polls redraw the same screen)."""
    if viewer is not None:
        return {}
    if watching():
        return {"watch": 1}
    seat = asked_seat(table)
    return {"seat": seat} if seat is not None else {}


# --------------------------------------------------------------------------- the host's link


def host_url(table: GameTable) -> str:
    """The link that makes any phone the host of this table (shown on the host's phone only)."""
    return f"{public_base()}{url_for('pages.host_link', code=table.code, token=table.host_token)}"


# --------------------------------------------------------------------------- the last tap


@dataclass(frozen=True)
class LastLine:
    """The last line of the log, as every phone is told of it."""

    entry: Entry
    said: Any  # the entry in the table's words (a Text), without its notes
    undone: Entry | None = None  # for an undo: the entry it voided
    can_put_back: bool = False  # this phone may put the undone entry back (one tap)
    tip_said: Any = None  # for an undo: the entry now last in force, which Undo would void next

    @property
    def labelled(self) -> bool:
        """Said after "Last:": an entry, not an undo or a correction, whose line says what it
        did first ("Undone: …", "Corrected by the host: …")."""
        return self.undone is None and not corrections.is_correction(self.entry)


def entry_at(table: GameTable, seq: int) -> Entry | None:
    """The log's line at ``seq``, read once per request: a board asks for the last line and the
    entry in force (the same line unless the last was an undo). Lines never change once written;
    one not written yet is not kept."""
    kept = g.setdefault("log_lines", {})
    entry = kept.get((table.id, seq))
    if entry is None:
        entry = _written_line(table, seq)
        if entry is not None:
            kept[(table.id, seq)] = entry
    return entry


LINES_KEPT = 4096  # log lines kept per process for the boards of every phone (a few hundred bytes each)
_lines: OrderedDict = OrderedDict()
_lines_lock = threading.Lock()


def _written_line(table: GameTable, seq: int) -> Entry | None:
    """The line at ``seq``, read from the database once per process: after an entry, every
    phone's board asks for the same last line (issue 31: the query was a tenth of an entry's
    CPU with four phones). Kept as a copy belonging to no session, which nobody changes (a
    line is never updated); keyed by the table's id, code and birth, so a table removed by
    upkeep and a new one given its id do not share lines. Read only outside writes (a board
    after its write is committed), so a line kept was committed."""
    key = (table.id, table.code, table.created_at, seq)
    with _lines_lock:
        line = _lines.get(key)
        if line is not None:
            _lines.move_to_end(key)
            return line
    entry = reads.history_entry(db(), table, seq)
    if entry is None:
        return None
    line = Entry.model_construct(**entry.model_dump())
    with _lines_lock:
        _lines[key] = line
        while len(_lines) > LINES_KEPT:
            _lines.popitem(last=False)
    return line


def last_line(table: GameTable, seen: Projection) -> LastLine | None:
    """The last line, as ``seen``'s viewer may read it; each entry said without what it set off
    ("Ann played 6♠ 6♥", not "… · Swoop!")."""
    if table.seq == 0:
        return None
    entry = entry_at(table, table.seq)
    if entry is None:
        return None
    if entry.kind != "void":
        return LastLine(entry, seen.own_words(entry))
    undone = entry_at(table, entry.voids) if entry.voids is not None else None  # a void names its entry
    said = Text("Undone: {entry}", entry=seen.own_words(undone)) if undone else seen.words(entry)
    in_force = entry_at(table, table.tip) if table.tip and seen.viewer is not None else None
    return LastLine(
        entry,
        said,
        undone,
        undone is not None and may_put_back(table, entry, undone, seen.viewer),
        seen.own_words(in_force) if in_force else None,
    )


def may_put_back(table: GameTable, void: Entry, undone: Entry, viewer) -> bool:
    """Whoever undid an entry (or the host) may put it back, as their own entry again, while
    the undo is the last thing that happened; not a held seat's own entry from the host's phone
    (that phone enters it again): the button shows what ``gate`` lets through."""
    if viewer is None or undone.action is None:
        return False
    try:
        check_put_back(table, void, undone, viewer)
    except Denied:
        return False
    return True


def check_put_back(table: GameTable, void: Entry, undone: Entry, by) -> None:
    if by != HOST and void.by != str(by):
        raise Denied(403, "Only whoever undid it, or the host, can put it back.")
    gate.check(db(), table, by, gate.PUT_BACK, action=undone.action, before=reads.current_state(db(), table))


def put_back_write(table: GameTable, voided_seq: int, by) -> tuple[dict, bool]:
    """The entry an undo voided (and whether it was a table ruling), to record again by ``by``.
    Only while that undo is the table's last line; anything else is refused."""
    void = reads.history_entry(db(), table, table.seq) if table.seq else None
    if void is None or void.kind != "void" or void.voids != voided_seq:
        raise Stale()
    undone = reads.history_entry(db(), table, voided_seq)
    if undone is None or undone.action is None:
        raise Denied(403, "Only whoever undid it, or the host, can put it back.")
    check_put_back(table, void, undone, by)
    return undone.action, undone.ruling is not None and by == HOST


# --------------------------------------------------------------------------- a refused entry


def refused_entry_line(table: GameTable, refused: dict | None):
    """The refused entry in the table's words ("Cem played 4♦ 4♣"), shown with the refusal and
    named by the host's "accept anyway" button; None when it cannot be said."""
    if not refused:
        return None
    try:
        return reads.engine_of(table).describe(reads.current_state(db(), table), refused, HOST)
    except Exception:  # noqa: BLE001 - an entry too broken to describe is still refused, just not named
        return None


# --------------------------------------------------------------------------- game over


@dataclass(frozen=True)
class GameOver:
    reason: Any  # the engine's sentence (a Text), or None: said from the sheet
    sheet: scoresheet.ScoreSheet
    places: list[tuple[int, int]]  # (place, seat), best first
    out: list[int]  # seats out of the game
    rematch: str | None
    evening: Any = None  # the evening's ledger when this game is one of a rematch chain


def refuse_unless_over(table: GameTable) -> None:
    from .sheets import sheet_of

    if not sheet_of(table).finished:
        raise Denied(409, "The game is not over yet.")


def game_over(table: GameTable, view: dict, sheet: scoresheet.ScoreSheet) -> GameOver | None:
    if not sheet.finished:
        return None
    from .evening import evening_of
    from .sheets import sheet_of

    out = [seat for seat, total in enumerate(sheet.totals) if total is None]
    return GameOver(
        reads.engine_of(table).end_reason(view),
        sheet,
        list(scoresheet.ranked(sheet)),
        out,
        table.rematch,
        evening_of(table, sheet_of),
    )


# --------------------------------------------------------------------------- everything a board adds


def board_flows(table: GameTable, view: dict, seen: Projection, sheet: scoresheet.ScoreSheet) -> dict[str, Any]:
    from .sheets import sheet_url

    viewer, over = seen.viewer, game_over(table, view, sheet)
    return {
        "joining": joining(table, viewer),
        "board_args": board_args(table, viewer),
        "last": last_line(table, seen),
        "over": over,
        "host_url": host_url(table) if viewer == HOST else None,
        "sheet_url": sheet_url(table) if over else None,  # the result's own link: it leads to no live table
    }
