"""Reading a table: finding it, its state after any entry, its history, the entries in force
and the score sheet's workings. No Flask here.

No request replays the game: the state after every entry is kept as a snapshot, and the score
sheet's working beside it, so a board costs the table row and one snapshot (brought in the same
query). What a session has read is kept in one typed cache in the session (``_Cache``): a table
is selected once per request, and snapshots never change, so they are keyed by table and seq.
``replay`` rebuilds the state from the log alone, for the tests that check both agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session

from .. import upkeep
from ..db import Entry, GameTable
from ..games import GAMES, Game
from ..games.base import HOST, By, revive_texts
from . import store
from .codes import CODE_LENGTHS, CODE_LETTERS, LONGEST_CODE_SPELLING
from .errors import TableNotFound


@dataclass
class _Cache:
    """What one session has read of the tables (``session.info``, one entry)."""

    tables: dict[str, GameTable] = field(default_factory=dict)  # by code, as stored
    states: dict[tuple[int, int], Any] = field(default_factory=dict)  # (table, seq): a snapshot's state, as read
    sheets: dict[tuple[int, int], Any] = field(default_factory=dict)  # (table, seq): the sheet's working


_CACHE = "referee.table.reads"


def _cache(session: Session) -> _Cache:
    cache = session.info.get(_CACHE)
    if cache is None:
        cache = session.info[_CACHE] = _Cache()
    return cache


@event.listens_for(Session, "after_rollback")
def _forget_after_rollback(session: Session) -> None:
    """What a rolled-back transaction read may be gone (a snapshot or working its failed write
    stored, at a seq another write then takes): the next transaction reads afresh."""
    session.info.pop(_CACHE, None)


def engine_of(table: GameTable) -> Game[Any]:
    return GAMES[table.game]


# --------------------------------------------------------------------------- finding a table


def normalise_code(code: str) -> str:
    """The code as stored (spaces dropped, upper case); TableNotFound for anything that has not
    a code's shape, before it reaches a cache, the push hub or a query (issue 28: 100 KB codes
    polled 400 times took a server from 327 MB to 2 GB, for good)."""
    if len(code) <= LONGEST_CODE_SPELLING:
        normal = "".join(code.split()).upper()
        if len(normal) in CODE_LENGTHS and CODE_LETTERS.issuperset(normal):
            return normal
    raise TableNotFound(code[:LONGEST_CODE_SPELLING])


def find_table(session: Session, code: str) -> GameTable:
    """The table, selected once per session: selecting it again would only hand back the same
    object from the session's identity map, unrefreshed, after a query (a write request asked
    three times). A rollback or commit that expires it still reloads it on first use.

    The snapshot at the table's tip comes with it and waits in the session for ``state_at``
    (keyed by table and seq, the snapshot's own key: snapshots never change)."""
    normal, cache = normalise_code(code), _cache(session)
    table = cache.tables.get(normal)
    if table is not None and table in session:
        return table
    if normal in upkeep.UNKNOWN_CODES:
        raise TableNotFound(code)
    row = store.table_and_tip(session, normal)
    if row is None:
        upkeep.UNKNOWN_CODES.add(normal)
        raise TableNotFound(code)
    table, tip, dumped, sheet = row
    if tip is not None:
        cache.states[table.id, tip] = dumped  # type: ignore[index]  # a stored table has its id
        cache.sheets[table.id, tip] = sheet  # type: ignore[index]
    cache.tables[normal] = table
    return table


def tables_with_codes(session: Session, codes: list[str]) -> list[GameTable]:
    """The tables of these codes that exist (the start page's "back to my table"), in one query."""
    return store.tables_with_codes(session, codes) if codes else []


def table_seq(engine: Engine, code: str) -> int | None:
    """Only the table's seq (None: no such table), for the poll that asks whether anything is
    new: one indexed row on a pooled connection, no session, no ORM object (the profile
    showed loading the table was half the poll)."""
    stamp = table_stamp(engine, code)
    return stamp[0] if stamp else None


def table_stamp(engine: Engine, code: str) -> tuple[int, int] | None:
    """The table's seq and seats' version (None: no such table): what a poll compares. A code
    nobody has is remembered for a minute (``upkeep.UNKNOWN_CODES``): guessing costs no query."""
    normal = normalise_code(code)
    if normal in upkeep.UNKNOWN_CODES:
        return None
    stamp = store.stamp(engine, normal)
    if stamp is None:
        upkeep.UNKNOWN_CODES.add(normal)
    return stamp


def find_shared(session: Session, share: str) -> GameTable:
    table = store.table_with_share(session, share) if share else None
    if table is None:
        raise TableNotFound(share)
    return table


def share_code(session: Session, table: GameTable) -> str:
    assert table.share, "every table gets one when it is opened (migration 0009 for older ones)"
    return table.share


# --------------------------------------------------------------------------- states


def state_at(session: Session, table: GameTable, seq: int) -> Any:
    """The state after the entry at ``seq``: the snapshot ``find_table`` brought along, else one
    column read on the session's connection, kept in the session (snapshots never change: the
    drawing of several phones' boards reads the tip once). Each caller gets a state of its own
    copy of the snapshot: a state shares its lists with what it was loaded from, and whoever
    holds it may change it."""
    key = (table_id(table), seq)
    known = _cache(session).states
    dumped = known.get(key)
    if dumped is None:
        dumped = known[key] = store.snapshot_state(session, *key)
    return engine_of(table).load(_copied(dumped))


def _copied(value: Any) -> Any:
    """A copy of a snapshot's JSON (dicts, lists and scalars), sharing nothing that can change."""
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


def current_state(session: Session, table: GameTable) -> Any:
    return state_at(session, table, table.tip)


def table_id(table: GameTable) -> int:
    """The table's row id (a table found or opened is stored, so it has one)."""
    assert table.id is not None, "a table is read once it is stored"
    return table.id


# --------------------------------------------------------------------------- the score sheet's working


def first_sheet_fold(engine: Game[Any], state: Any) -> dict[str, Any] | None:
    return engine.sheet_step(None, engine.view(state, None)) if engine.sheet_folds else None


def sheet_fold_at(session: Session, table: GameTable, seq: int) -> dict[str, Any] | None:
    """The score sheet's working after the entry at ``seq`` (``Game.sheet_step``), as its
    snapshot keeps it: one value, whatever the game's length. Kept in the session (it never
    changes). A snapshot stored before workings were kept has none: the chain is folded once."""
    if not engine_of(table).sheet_folds:
        return None
    known, key = _cache(session).sheets, (table_id(table), seq)
    fold = known.get(key)
    if fold is None:
        fold = store.snapshot_sheet(session, key[0], seq)
    if fold is None:
        fold = _fold_the_chain(session, table, seq)
    known[key] = fold
    return fold


def _fold_the_chain(session: Session, table: GameTable, seq: int) -> dict[str, Any] | None:
    engine = engine_of(table)
    fold = None
    for view in views_in_force(session, table, seq):
        fold = engine.sheet_step(fold, view)
    return fold


def views_in_force(session: Session, table: GameTable, tip: int) -> list[dict[str, Any]]:
    """The public view after each entry in force at ``tip``, oldest first (seq 0: the opened
    table). Reads the whole log: only for snapshots stored without the sheet's working."""
    chain = [0, *in_force(history(session, table), tip)]
    states = store.snapshot_states(session, table_id(table), chain)
    engine = engine_of(table)
    return [engine.view(engine.load(states[seq]), None) for seq in chain]


def sheet_folds_after(
    session: Session,
    table: GameTable,
    earlier: Sequence[tuple[Entry, dict[str, Any] | None]],
    last: tuple[Entry, Any] | None,
) -> dict[int, dict[str, Any] | None]:
    """The working after each line a write stores a snapshot for: a correction's re-entered
    ``earlier`` lines (with their dumped states, each folded on the line it was applied on), then
    the ``last`` line with its state."""
    engine = engine_of(table)
    if not engine.sheet_folds:
        return {}
    folds: dict[int, dict[str, Any] | None] = {}

    def fold_after(line: Entry, state: Any) -> None:
        base = line.prev_tip or 0
        before = folds[base] if base in folds else sheet_fold_at(session, table, base)
        folds[line.seq] = engine.sheet_step(before, engine.view(state, None))

    for line, dumped in earlier:
        if dumped is not None:
            fold_after(line, engine.load(dumped))
    if last is not None:
        fold_after(*last)
    return folds


def keep_sheet_folds(session: Session, table: GameTable, folds: Mapping[int, dict[str, Any] | None]) -> None:
    """Workings a write has stored, kept for the board drawn after it."""
    _cache(session).sheets.update({(table_id(table), seq): fold for seq, fold in folds.items()})


# --------------------------------------------------------------------------- the log


def history(session: Session, table: GameTable) -> list[Entry]:
    return store.entries(session, table_id(table))


def history_entry(session: Session, table: GameTable, seq: int) -> Entry | None:
    return store.entry_at(session, table_id(table), seq)


def voided_seqs(entries: list[Entry]) -> set[int]:
    return {e.voids for e in entries if e.kind == "void" and e.voids is not None}


def in_force(entries: list[Entry], tip: int) -> list[int]:
    """The seqs of the entries in force, oldest first: the chain from ``tip`` back through each
    line's ``prev_tip``. Voided entries, corrected ones and those a correction re-entered are
    off it; record lines (voids, corrections) never are on it."""
    by_seq = {entry.seq: entry for entry in entries}
    chain = []
    while tip:
        chain.append(tip)
        tip = by_seq[tip].prev_tip or 0
    return chain[::-1]


def chain_down_to(session: Session, table: GameTable, target: int) -> list[Entry] | None:
    """The entries in force from ``target`` to the tip, oldest first, or None when ``target`` is
    not one of them (the lines off the chain are never read: ``store.chain_from``)."""
    if table.tip < target:
        return None
    lines = store.chain_from(session, table_id(table), table.tip, target)
    if not lines or lines[0].seq != target or lines[0].kind != "entry":
        return None
    return lines


def lines_in(session: Session, table: GameTable, seqs: list[int]) -> list[Entry]:
    """The log lines ``seqs``, in that order."""
    found = store.entries_at(session, table_id(table), seqs)
    return [found[seq] for seq in seqs]


def replay(session: Session, table: GameTable) -> Any:
    """The state rebuilt from the log alone, ignoring every snapshot but none. Every entry line
    is applied to the state after the line it was applied on (``prev_tip``): after an undo, or a
    correction that rebuilt the entries after the one it corrected, that is an earlier state. The
    tip is the last line's."""
    engine = engine_of(table)
    states = {0: engine.new_game([s["name"] for s in table.seats], table.options)}
    tip = 0
    for entry in history(session, table):
        if entry.kind == "entry":
            before = states[entry.prev_tip or 0]
            states[entry.seq] = engine.apply(
                before, entry.action or {}, by_from_text(entry.by), ruling=entry.ruling is not None
            )
        tip = entry.tip
    return states[tip]


# --------------------------------------------------------------------------- what a line says


def by_text(by: By) -> str:
    """Who wrote a line, as the log keeps it: "host" or the seat's number."""
    return HOST if by == HOST else str(by)


def by_from_text(text: str) -> By:
    return HOST if text == HOST else int(text)


def description(entry: Entry) -> Any:
    """An entry's history line, as a Text when it was written with its parts."""
    return revive_texts(entry.words) if entry.words else entry.description


def entry_seat(table: GameTable, state: Any, action: Mapping[str, Any]) -> int | None:
    """The seat an entry is for: its own ``seat``, or else the one seat the host's board offers
    that entry for now (Was Sticht's trumps are the dealer's, a play the seat whose turn it is)."""
    seat = action.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(table.seats):
        return seat
    offered = {offer["seat"] for offer in engine_of(table).offers(state, HOST) if offer["type"] == action.get("type")}
    seat = offered.pop() if len(offered) == 1 else None
    return seat if isinstance(seat, int) else None


def shown_for_good(session: Session, table: GameTable, target: Entry) -> str | None:
    """The rule that keeps ``target`` in force when it showed the table a secret, else None:
    undoing it would hide the secret again, and players who have seen everyone's choice could
    choose anew (issue 17 item 4)."""
    if target.kind != "entry" or not isinstance(target.action, dict):
        return None
    before, after = state_at(session, table, target.prev_tip or 0), state_at(session, table, target.seq)
    return engine_of(table).reveals(before, target.action, after)
