"""The play log of a table: open, record, undo, replay. No Flask here.

Every write names the sequence number its phone last saw (``expected_seq``) and a key the phone
made up for this one tap. The same key twice records once and answers with the first result; a
write made on an older board is refused as stale. Both hold under concurrent writers because
the table row is advanced with a compare-and-set and the log has unique (table, seq) and
(table, key) indexes.
"""

from __future__ import annotations

import functools
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, func
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, select

from . import claims, metrics, upkeep
from .db import Entry, GameTable, Snapshot, utcnow
from .games import GAMES
from .games.base import HOST, Refusal, Text, revive_texts
from .push import CHANNEL as PUSH_CHANNEL
from .push import moved as moved_at_commit
from .push import notice_payload

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud without doubt
# 31^8 ≈ 2^39.6 codes. A code lets anyone watch and take a seat nobody has taken yet, so it must
# not be found by trying: with 10,000 open tables, 100 guesses a second find one every ten days
# (six letters: every fifteen minutes). Writing needs a token: 192 random bits (new_token).
CODE_LENGTH = 8
LONGEST_CODE_SPELLING = 4 * CODE_LENGTH  # a typed code with the spaces a keyboard put in
_CODE_LETTERS = frozenset(CODE_ALPHABET)
_CODE_LENGTHS = frozenset({6, CODE_LENGTH})  # the six-letter codes of older tables still work
WRITE_ATTEMPTS = 5
MAX_CATCH_UP = 12  # lines an entry's board may be behind and still catch up: one per seat at most


class TableNotFound(LookupError):
    pass


class Denied(Exception):
    """The phone may not make this write: 401 without a token, 403 with the wrong one."""

    def __init__(self, status: int, message: str, **params):
        self.message = Text(message, **params)
        super().__init__(self.message)
        self.status = status


class Stale(Exception):
    """The phone's board is older than the table's: nothing was recorded."""


class LostRace(Stale):
    """Another write moved the table between reading it and this write's compare-and-set."""


class KeyReused(Stale):
    """The key was recorded with another write (a second tap on the same board): this one was
    not recorded, and the board it was drawn on is older than the table's."""


class Archived(Exception):
    """The table was idle for upkeep.ARCHIVE_DAYS: it can be read, and takes no more entries."""


class SeatTaken(Exception):
    """Another phone claimed the seat first (or already holds it)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


@dataclass
class Recorded:
    entry: Entry
    state: Any
    replayed: bool  # True when the key was seen before and this is the first result again


def engine_of(table: GameTable):
    return GAMES[table.game]


# --------------------------------------------------------------------------- opening and finding


def open_table(
    session: Session,
    game_id: str,
    players: Any,
    options: Mapping | None,
    host_token: str | None = None,
    seat_fields: list[dict] | None = None,
) -> GameTable:
    """Create a table with a fresh code and a host token (a rematch keeps its table's). Seats get
    their tokens when a phone claims them (``claim_seat``), so nobody holds a seat's token but
    that phone."""
    if game_id not in GAMES:
        raise Refusal(
            "ENTRY",
            "Unknown game {game!r}; playable now: {games}.",
            overridable=False,
            game=game_id,
            games=", ".join(GAMES),
        )
    engine = GAMES[game_id]
    state = engine.new_game(players, options)
    table = GameTable(
        code=_unused_code(session),
        game=game_id,
        host_token=host_token or new_token(),
        share=new_share_code(),
        options=dict(state.options),
        seats=[
            {"name": name, "token": None, "claimed": False, **(seat_fields[n] if seat_fields else {})}
            for n, name in enumerate(engine.seat_names(state))
        ],
    )
    session.add(table)
    session.flush()
    session.add(Snapshot(table_id=table.id, seq=0, state=engine.dump(state), sheet=first_sheet_fold(engine, state)))
    session.commit()
    session.refresh(table)
    upkeep.UNKNOWN_CODES.discard(table.code)
    upkeep.sweep_unplayed(session)
    return table


def new_token() -> str:
    return secrets.token_urlsafe(24)


def _unused_code(session: Session) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not session.exec(select(GameTable.id).where(GameTable.code == code)).first():
            return code


def normalise_code(code: str) -> str:
    """The code as stored (spaces dropped, upper case); TableNotFound for anything that has not
    a code's shape, before it reaches a cache, the push hub or a query (issue 28: 100 KB codes
    polled 400 times took a server from 327 MB to 2 GB, for good)."""
    if len(code) <= LONGEST_CODE_SPELLING:
        normal = "".join(code.split()).upper()
        if len(normal) in _CODE_LENGTHS and _CODE_LETTERS.issuperset(normal):
            return normal
    raise TableNotFound(code[:LONGEST_CODE_SPELLING])


_SNAPSHOTS = Snapshot.__table__
# The table and the snapshot at its tip, in one query built once: nearly every request that finds
# a table goes on to read its current state (a board, a write), and a write made two round trips.
_TABLE_AND_TIP_STATE = (
    select(GameTable, _SNAPSHOTS.c.seq, _SNAPSHOTS.c.state, _SNAPSHOTS.c.sheet)
    .outerjoin(_SNAPSHOTS, (_SNAPSHOTS.c.table_id == GameTable.id) & (_SNAPSHOTS.c.seq == GameTable.tip))
    .where(GameTable.code == bindparam("code"))
)


def find_table(session: Session, code: str) -> GameTable:
    """The table, selected once per session: selecting it again would only hand back the same
    object from the session's identity map, unrefreshed, after a query (a write request asked
    three times). A rollback or commit that expires it still reloads it on first use.

    The snapshot at the table's tip comes with it and waits in the session for ``state_at``
    (keyed by table and seq, the snapshot's own key: snapshots never change)."""
    normal = normalise_code(code)
    found = session.info.setdefault("tables_by_code", {})
    table = found.get(normal)
    if table is not None and table in session:
        return table
    if normal in upkeep.UNKNOWN_CODES:
        raise TableNotFound(code)
    row = session.execute(_TABLE_AND_TIP_STATE, {"code": normal}).first()
    if row is None:
        upkeep.UNKNOWN_CODES.add(normal)
        raise TableNotFound(code)
    table, tip, dumped, sheet = row
    if tip is not None:
        session.info.setdefault("fetched_states", {})[table.id, tip] = dumped
        session.info.setdefault("sheet_folds", {})[table.id, tip] = sheet
    found[normal] = table
    return table


def tables_with_codes(session: Session, codes: list[str]) -> list[GameTable]:
    """The tables of these codes that exist (the start page's "back to my table"), in one query."""
    if not codes:
        return []
    return list(session.exec(select(GameTable).where(GameTable.code.in_(codes))))


_STAMP_OF_CODE = select(GameTable.__table__.c.seq, GameTable.__table__.c.seats_version).where(
    GameTable.__table__.c.code == bindparam("code")
)


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
    with engine.connect() as connection:
        row = connection.execute(_STAMP_OF_CODE, {"code": normal}).first()
    if row is None:
        upkeep.UNKNOWN_CODES.add(normal)
        return None
    return (row[0], row[1])


def identify(table: GameTable, token: str | None):
    """HOST, a seat number, or None for a token that is not this table's (or no token)."""
    if not token:
        return None
    # Compared in constant time, as bytes: compare_digest refuses str with non-ASCII characters,
    # and a cookie or header can hold anything.
    given = token.encode("utf-8", "surrogatepass")
    if secrets.compare_digest(given, table.host_token.encode()):
        return HOST
    for seat, info in enumerate(table.seats):
        if info.get("token") and secrets.compare_digest(given, info["token"].encode()):
            return seat
    return None


# --------------------------------------------------------------------------- seats


def claim_seat(session: Session, table: GameTable, seat: int, by=None, old_pass: str | None = None) -> str:
    """A new token for a seat nobody holds, minted and stored atomically: of several phones
    claiming one seat at once, one wins and the others get SeatTaken. Nobody, the host
    included, can obtain the token of a seat that is already claimed.

    The claim is kept with the seat (``claims``): History says it, and the seq it came at says
    which of the seat's hidden entries the new phone was never shown. ``by``: HOST when the
    host takes the seat (for a client, or on the host's own phone). A rematch's seat waits a
    while for the phone that held it (``old_pass``, its pass at the finished table)."""
    token = new_token()

    def claimed(seats: list[dict]) -> list[dict]:
        if seats[seat].get("token"):
            raise SeatTaken(seats[seat]["name"])
        claims.refuse_while_awaited(seats[seat], by, old_pass)
        return _with_seat(
            seats,
            seat,
            token=token,
            claimed=True,
            claimed_at=table.seq,
            handing=None,
            events=claims.with_event(seats[seat], "claimed", table.seq, by),
        )

    _change_seats(session, table, claimed)
    return token


def free_seat(session: Session, table: GameTable, seat: int) -> None:
    """Revoke a seat's token at once (its phone's pass stops working); another phone may claim
    it. History says so, and the freed phone is told (it keeps a fingerprint of the pass)."""

    def freed(seats: list[dict]) -> list[dict]:
        held, events = seats[seat].get("token"), seats[seat].get("events", [])
        if held:
            events = claims.with_event(seats[seat], "freed", table.seq, HOST, held)
        return _with_seat(
            seats, seat, token=None, claimed=False, claimed_at=None, events=events, awaits=None, handing=None
        )

    _change_seats(session, table, freed)


def seat_is_claimed(table: GameTable, seat: int) -> bool:
    return bool(table.seats[seat].get("token"))


def _with_seat(seats: list[dict], seat: int, **fields) -> list[dict]:
    return [{**info, **fields} if n == seat else dict(info) for n, info in enumerate(seats)]


_SWAP_SEATS = (
    GameTable.__table__.update()
    .where(
        GameTable.__table__.c.id == bindparam("table_id"), GameTable.__table__.c.seats_version == bindparam("version")
    )
    .values(seats=bindparam("seats"), seats_version=bindparam("new_version"))
)
# PostgreSQL: a seat change nudges every process's push.Hub too (the host's list of who joined).
_SWAP_SEATS_AND_NOTIFY = _SWAP_SEATS.returning(func.pg_notify(bindparam("channel"), bindparam("payload")))


def _change_seats(session: Session, table: GameTable, change) -> None:
    """Apply ``change`` (seats -> new seats, or raise) with a compare-and-set on the seats'
    version, reading them again after a lost race: no claim or free is ever lost."""
    for attempt_number in range(WRITE_ATTEMPTS * 4):
        session.refresh(table)
        seats = change(table.seats)
        params = {
            "table_id": table.id,
            "version": table.seats_version,
            "seats": seats,
            "new_version": table.seats_version + 1,
        }
        try:
            connection = session.connection()
            if connection.dialect.name == "postgresql":
                params.update(
                    channel=PUSH_CHANNEL, payload=notice_payload(table.code, table.seq, params["new_version"])
                )
                swapped = len(connection.execute(_SWAP_SEATS_AND_NOTIFY, params).all())
            else:
                swapped = connection.execute(_SWAP_SEATS, params).rowcount
            if swapped == 1:
                moved_at_commit(session, table.code, table.seq, params["new_version"])
            session.commit()
        except OperationalError:  # SQLite: another writer held the lock
            session.rollback()
            swapped = 0
        if swapped == 1:
            session.refresh(table)
            return
        time.sleep(0.005 * (attempt_number + 1))
    raise Stale()


_LINK_REMATCH = (
    GameTable.__table__.update()
    .where(GameTable.__table__.c.id == bindparam("table_id"), GameTable.__table__.c.rematch.is_(None))
    .values(rematch=bindparam("rematch_code"), seats_version=GameTable.__table__.c.seats_version + 1)
)
_LINK_REMATCH_AND_NOTIFY = _LINK_REMATCH.returning(func.pg_notify(bindparam("channel"), bindparam("payload")))


def open_rematch(session: Session, table: GameTable) -> GameTable:
    """The table's rematch: same game, players, seating and house rules, same host token. Made
    once: of two phones asking at once, both get the one linked first (the other table made is
    left unused). Linking it moves the seats' version on, so every phone hears of it and is
    taken there with its seat (the pages do that)."""
    if table.rematch:
        return find_table(session, table.rematch)
    names = [seat["name"] for seat in table.seats]
    new = open_table(
        session, table.game, names, table.options, host_token=table.host_token, seat_fields=claims.awaiting(table.seats)
    )
    connection = session.connection()
    params = {"table_id": table.id, "rematch_code": new.code}
    if connection.dialect.name == "postgresql":
        params.update(channel=PUSH_CHANNEL, payload=notice_payload(table.code, table.seq, table.seats_version + 1))
        connection.execute(_LINK_REMATCH_AND_NOTIFY, params).all()
    else:
        connection.execute(_LINK_REMATCH, params)
    moved_at_commit(session, table.code, table.seq, table.seats_version + 1)
    session.commit()
    session.refresh(table)
    return find_table(session, table.rematch)


def new_share_code() -> str:
    """The code that shares a table's result read-only, made when the table is opened (so that
    reading a sheet never writes). It names no table: a phone given it cannot reach the live
    table, nor follow it to its rematch."""
    return new_token()[: CODE_LENGTH * 2]


def share_code(session: Session, table: GameTable) -> str:
    assert table.share, "every table gets one when it is opened (migration 0009 for older ones)"
    return table.share


def find_shared(session: Session, share: str) -> GameTable:
    table = session.exec(select(GameTable).where(GameTable.share == share)).first() if share else None
    if table is None:
        raise TableNotFound(share)
    return table


def require_identity(table: GameTable, token: str | None):
    who = identify(table, token)
    if who is None:
        if not token:
            raise Denied(401, "Join the table first: tap your name on the table page.")
        raise Denied(403, "This phone's pass is not valid at this table; join it again.")
    return who


# --------------------------------------------------------------------------- reading

_STATE_AT = select(_SNAPSHOTS.c.state).where(
    _SNAPSHOTS.c.table_id == bindparam("table_id"), _SNAPSHOTS.c.seq == bindparam("seq")
)


def state_at(session: Session, table: GameTable, seq: int):
    """The state after the entry at ``seq``: the snapshot ``find_table`` brought along, else one
    column read on the session's connection, no ORM object (snapshots never change, so there is
    nothing for the session to keep). A brought snapshot is used once: a state loaded from it
    shares its lists, and whoever holds that state may change it."""
    dumped = session.info.get("fetched_states", {}).pop((table.id, seq), None)
    if dumped is None:
        dumped = session.connection().execute(_STATE_AT, {"table_id": table.id, "seq": seq}).scalar_one()
    return engine_of(table).load(dumped)


def current_state(session: Session, table: GameTable):
    return state_at(session, table, table.tip)


# --------------------------------------------------------------------------- the score sheet's working

_SHEET_AT = select(_SNAPSHOTS.c.sheet).where(
    _SNAPSHOTS.c.table_id == bindparam("table_id"), _SNAPSHOTS.c.seq == bindparam("seq")
)


def first_sheet_fold(engine, state) -> dict | None:
    return engine.sheet_step(None, engine.view(state, None)) if engine.sheet_folds else None


def sheet_fold_at(session: Session, table: GameTable, seq: int) -> dict | None:
    """The score sheet's working after the entry at ``seq`` (``Game.sheet_step``), as its
    snapshot keeps it: one value, whatever the game's length. Kept in the session (it never
    changes). A snapshot stored before workings were kept has none: the chain is folded once."""
    if not engine_of(table).sheet_folds:
        return None
    known = session.info.setdefault("sheet_folds", {})
    fold = known.get((table.id, seq))
    if fold is None:
        fold = session.connection().execute(_SHEET_AT, {"table_id": table.id, "seq": seq}).scalar_one_or_none()
    if fold is None:
        fold = _fold_the_chain(session, table, seq)
    known[table.id, seq] = fold
    return fold


def _fold_the_chain(session: Session, table: GameTable, seq: int) -> dict | None:
    engine = engine_of(table)
    fold = None
    for view in views_in_force(session, table, seq):
        fold = engine.sheet_step(fold, view)
    return fold


def views_in_force(session: Session, table: GameTable, tip: int) -> list[dict]:
    """The public view after each entry in force at ``tip``, oldest first (seq 0: the opened
    table). Reads the whole log: only for snapshots stored without the sheet's working."""
    entries = {e.seq: e for e in history(session, table)}
    chain, seq = [], tip
    while seq:
        chain.append(seq)
        seq = entries[seq].prev_tip
    chain.append(0)
    rows = session.exec(select(Snapshot).where(Snapshot.table_id == table.id, Snapshot.seq.in_(chain)))
    states = {row.seq: row.state for row in rows}
    engine = engine_of(table)
    return [engine.view(engine.load(states[s]), None) for s in reversed(chain)]


def _sheet_folds_of(session: Session, table: GameTable, prepared: "_Prepared") -> dict[int, dict | None]:
    """The working after each line ``prepared`` stores a snapshot for: the entry's own (from its
    state) and a correction's re-entered lines (each on the line it was applied on)."""
    engine = engine_of(table)
    if not engine.sheet_folds:
        return {}
    folds: dict[int, dict | None] = {}

    def fold_after(line: Entry, state) -> None:
        before = folds.get(line.prev_tip) if line.prev_tip in folds else sheet_fold_at(session, table, line.prev_tip)
        folds[line.seq] = engine.sheet_step(before, engine.view(state, None))

    for line, dumped in prepared.earlier:
        if dumped is not None:
            fold_after(line, engine.load(dumped))
    if prepared.snapshot is not None:
        fold_after(prepared.entry, prepared.state)
    return folds


def history(session: Session, table: GameTable) -> list[Entry]:
    return list(session.exec(select(Entry).where(Entry.table_id == table.id).order_by(Entry.seq)))


def history_entry(session: Session, table: GameTable, seq: int) -> Entry | None:
    return session.exec(select(Entry).where(Entry.table_id == table.id, Entry.seq == seq)).first()


def voided_seqs(entries: list[Entry]) -> set[int]:
    return {e.voids for e in entries if e.kind == "void"}


def in_force(entries: list[Entry], tip: int) -> list[int]:
    """The seqs of the entries in force, oldest first: the chain from ``tip`` back through each
    line's ``prev_tip``. Voided entries, corrected ones and those a correction re-entered are
    off it; record lines (voids, corrections) never are on it."""
    by_seq = {entry.seq: entry for entry in entries}
    chain = []
    while tip:
        chain.append(tip)
        tip = by_seq[tip].prev_tip
    return chain[::-1]


def replay(session: Session, table: GameTable):
    """The state rebuilt from the log alone, ignoring every snapshot but none. Every entry line
    is applied to the state after the line it was applied on (``prev_tip``): after an undo, or a
    correction that rebuilt the entries after the one it corrected, that is an earlier state. The
    tip is the last line's."""
    engine = engine_of(table)
    states = {0: engine.new_game([s["name"] for s in table.seats], table.options)}
    tip = 0
    for entry in history(session, table):
        if entry.kind == "entry":
            states[entry.seq] = engine.apply(
                states[entry.prev_tip], entry.action, _by_from_text(entry.by), ruling=entry.ruling is not None
            )
        tip = entry.tip
    return states[tip]


def _by_text(by) -> str:
    return HOST if by == HOST else str(by)


def _by_from_text(text: str):
    return HOST if text == HOST else int(text)


# --------------------------------------------------------------------------- writing


def record(
    session: Session,
    code: str,
    by,
    action: Mapping[str, Any],
    expected_seq: int,
    key: str,
    ruling: bool = False,
    path: str | None = None,
) -> Recorded:
    """Check ``action`` with the game's rules and append it to the log (``path`` ``gate.PUT_BACK``: an
    entry an undo voided, entered again)."""
    from . import gate  # the gate reads the log: imported once the log is

    gate.refuse_a_seat_ruling(by, ruling)

    def attempt(table: GameTable) -> Recorded:
        refuse_while_pending(table)
        engine = engine_of(table)
        before = current_state(session, table)
        gate.check(session, table, by, path or gate.PLAY, action=action, before=before, ruling=ruling)
        after, kept = engine.accept(before, action, by, ruling=ruling)  # only the fields it read
        seq = table.seq + 1
        entry = _new_entry(
            table,
            seq,
            key,
            kind="entry",
            by=_by_text(by),
            action=kept,
            ruling=engine.overridden_rule(before, kept, by) if ruling else None,
            prev_tip=table.tip,
            tip=seq,
            **_description(_describe(engine, before, kept, by, after)),
        )
        return _Prepared(entry, after, engine.dump(after))

    def same_tap(earlier: Entry) -> bool:
        # the log kept only the fields the game read: the same tap sends those same fields
        return (
            earlier.kind == "entry"
            and earlier.by == _by_text(by)
            and isinstance(earlier.action, dict)
            and all(name in action and action[name] == value for name, value in earlier.action.items())
        )

    def catches_up(table: GameTable, lines: list[Entry]) -> bool:
        engine = engine_of(table)
        mine = engine.naming_its_seat(action, by)  # a phone's entry naming no seat is for its own
        return all(
            line.kind == "entry" and engine.commutes(mine, engine.naming_its_seat(line.action, _by_from_text(line.by)))
            for line in lines
        )

    return _write(session, code, expected_seq, key, attempt, same_tap, catches_up)


def undo(session: Session, code: str, by, expected_seq: int, key: str) -> Recorded:
    """Void the last entry still in force: by the phone that made it, or by the host."""
    from . import gate

    def attempt(table: GameTable) -> Recorded:
        refuse_while_pending(table)
        if table.tip == 0:
            raise Refusal("UNDO", "There is nothing to undo.", overridable=False)
        target = history_entry(session, table, table.tip)
        gate.check(session, table, by, gate.UNDO, target=target)
        _refuse_to_hide_again(session, table, target)
        entry = _new_entry(
            table,
            table.seq + 1,
            key,
            kind="void",
            by=_by_text(by),
            voids=target.seq,
            tip=target.prev_tip,
            **_description(Text("Undone: {entry}", entry=description(target))),
        )
        return _Prepared(entry, state_at(session, table, target.prev_tip), None)

    def same_tap(earlier: Entry) -> bool:
        return earlier.kind == "void" and earlier.by == _by_text(by)

    return _write(session, code, expected_seq, key, attempt, same_tap)


def refuse_while_pending(table: GameTable) -> None:
    """No entry and no undo while a correction waits for the host to settle the entries that no
    longer pass (``referee.corrections``)."""
    if table.pending:
        raise Refusal(
            "PENDING",
            "A correction is pending: the host settles the entries that no longer pass before anything new is entered.",
            overridable=False,
        )


_UNCHANGED = object()


def shown_for_good(session: Session, table: GameTable, target: Entry) -> str | None:
    """The rule that keeps ``target`` in force when it showed the table a secret, else None:
    undoing it would hide the secret again, and players who have seen everyone's choice could
    choose anew (issue 17 item 4)."""
    if target.kind != "entry" or not isinstance(target.action, dict):
        return None
    before, after = state_at(session, table, target.prev_tip), state_at(session, table, target.seq)
    return engine_of(table).reveals(before, target.action, after)


def _refuse_to_hide_again(session: Session, table: GameTable, target: Entry) -> None:
    rule = shown_for_good(session, table, target)
    if rule:
        raise Refusal(
            rule,
            "“{entry}” showed hidden choices to the table, so it cannot be undone: "
            "they could be chosen again by players who have seen them.",
            overridable=False,
            entry=description(target),
        )


def entry_seat(table: GameTable, state, action: Mapping[str, Any]) -> int | None:
    """The seat an entry is for: its own ``seat``, or else the one seat the host's board offers
    that entry for now (Was Sticht's trumps are the dealer's, a play the seat whose turn it is)."""
    seat = action.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(table.seats):
        return seat
    offered = {offer["seat"] for offer in engine_of(table).offers(state, HOST) if offer["type"] == action.get("type")}
    seat = offered.pop() if len(offered) == 1 else None
    return seat if isinstance(seat, int) else None


@dataclass
class _Prepared:
    """A write worked out and not yet stored: its log line, the state after it, and that state
    dumped for a new snapshot (None for an undo, which goes back to a snapshot already stored).

    A correction writes more: the entry lines it puts in force, each with its snapshot, before
    its own record line (``entry``), and the table's pending correction after it."""

    entry: Entry
    state: Any
    snapshot: dict[str, Any] | None
    earlier: list[tuple[Entry, dict[str, Any]]] = ()
    pending: Any = _UNCHANGED


_ENTRY_COLUMNS = tuple(column.name for column in Entry.__table__.columns if column.name != "id")


def _new_entry(table: GameTable, seq: int, key: str, **fields) -> Entry:
    """A log line as an unsaved Entry: ``model_construct`` sets the fields without the
    validating constructor (a tenth of the cost); every column but ``id`` is given."""
    values = {
        "table_id": table.id,
        "seq": seq,
        "key": key,
        "action": None,
        "ruling": None,
        "voids": None,
        "corrects": None,
        "replaces": None,
        "prev_tip": None,
        "created_at": utcnow(),
        **fields,
    }
    return Entry.model_construct(**values)


def _describe(engine, before, action, by, after) -> Text:
    """The history line: the entry in the table's words, then what else it set off. A phone's
    entry that names no seat is said as its seat's, as the rules take it."""
    parts = [engine.describe(before, engine.naming_its_seat(action, by), by), *after.notes]
    names = [f"p{n}" for n in range(len(parts))]  # a template of fields only: nothing to translate
    return Text(" · ".join(f"{{{name}}}" for name in names), **dict(zip(names, parts)))


def _description(line: Text) -> dict[str, Any]:
    """An entry's history line: English for the API (cut to its column), and its parts."""
    return {"description": str(line)[:300], "words": line.dump()}


def description(entry: Entry) -> str:
    """An entry's history line, as a Text when it was written with its parts."""
    return revive_texts(entry.words) if entry.words else entry.description


@metrics.timed_write()
def _write(session: Session, code: str, expected_seq: int, key: str, attempt, same_tap, catches_up=None) -> Recorded:
    """Run one write in its own transaction: refuse a stale board, work the write out
    (``attempt``), then store it with a compare-and-set on the table row.

    A repeated key answers the first result (``replayed``), but the key is not looked up first:
    it is looked up only when the write cannot go ahead (a stale board, an entry the rules now
    refuse) or when the log's unique (table, key) index refuses the new line. A lost race
    (another phone wrote first) ends the same way, as replay or stale. A key that comes back
    with another write (``same_tap`` says no: two taps on one board share its form's key) was
    not recorded: it is stale, never the first tap's success.

    ``catches_up(table, lines)`` may let an entry made on an older board go on top of the
    ``lines`` made since (entries every seat makes at once, see ``_seq_to_write_on``)."""
    replay = functools.partial(_replay_of_key, session, code, key, same_tap)
    board_seq = expected_seq
    unreachable = None
    for attempt_number in range(WRITE_ATTEMPTS):
        try:
            table = find_table(session, code)
            if upkeep.is_archived(table):
                raise Archived()
            expected_seq = _seq_to_write_on(session, table, expected_seq, catches_up)
            prepared = _prepare(session, table, attempt, replay, caught_up=expected_seq != board_seq)
            if isinstance(prepared, Recorded):
                return prepared
            _append(session, table, expected_seq, prepared)
            session.commit()
            metrics.ENTRIES_RECORDED.labels(table.game).inc()
            return Recorded(prepared.entry, prepared.state, replayed=False)
        except KeyReused:
            raise
        except (IntegrityError, Stale) as problem:
            unreachable = None
            session.rollback()
            earlier = replay()
            if earlier is not None:
                return earlier
            if catches_up is None or not isinstance(problem, (IntegrityError, LostRace)):
                raise Stale() from None
            # another phone wrote first: look again whether this entry may go on top of theirs
        except (Refusal, Denied, Archived) as problem:
            session.rollback()
            if isinstance(problem, Refusal):
                metrics.ENTRIES_REFUSED.labels(table.game, problem.rule).inc()
            raise
        except OperationalError as problem:  # SQLite's lock held, a connection cut: try again
            unreachable = problem
            session.rollback()
            time.sleep(0.02 * (attempt_number + 1))
    if unreachable is not None:
        # A full disk, a database down: not "the table moved on" (issue 28). The write may even
        # have committed with its reply lost; sent again with its key, it lands once.
        raise unreachable
    raise Stale()


def _prepare(session: Session, table: GameTable, attempt, replay, caught_up: bool) -> _Prepared | Recorded:
    """``attempt(table)``; when it is refused (or cannot be read), the first result of a key
    recorded before, else Stale for an entry that caught up (it passed on its phone's board, not
    on what came since), else the refusal."""
    try:
        return attempt(table)
    except (Stale, DBAPIError):
        raise
    except Exception as refused:
        session.rollback()
        earlier = replay()
        if earlier is not None:
            return earlier
        if caught_up and isinstance(refused, Refusal):
            raise Stale() from refused
        raise


def _seq_to_write_on(session: Session, table: GameTable, expected_seq: int, catches_up) -> int:
    """The seq the write goes on: the board's, or the table's when every line made since the
    phone's board lets this entry catch up (two phones entering predictions at once both land;
    without it the second would be told "the table moved on" and tap again). Else Stale."""
    if expected_seq == table.seq:
        return expected_seq
    if catches_up is None or not 0 <= expected_seq < table.seq <= expected_seq + MAX_CATCH_UP:
        raise Stale()
    lines = session.exec(select(Entry).where(Entry.table_id == table.id, Entry.seq > expected_seq)).all()
    if not catches_up(table, lines):
        raise Stale()
    return table.seq


def _replay_of_key(session: Session, code: str, key: str, same_tap) -> Recorded | None:
    """The first result of ``key`` at this table, when it was recorded before (a double tap, a
    retry after a lost answer, or the same tap racing itself), else None. KeyReused when the
    key was recorded with another write."""
    table = session.exec(select(GameTable).where(GameTable.code == normalise_code(code))).first()
    earlier = _entry_with_key(session, table, key) if table is not None else None
    if earlier is None:
        return None
    if not same_tap(earlier):
        raise KeyReused()
    return Recorded(earlier, state_at(session, table, earlier.tip), replayed=True)


def _entry_with_key(session: Session, table: GameTable, key: str) -> Entry | None:
    return session.exec(select(Entry).where(Entry.table_id == table.id, Entry.key == key)).first()


_TABLES, _ENTRIES = GameTable.__table__, Entry.__table__
_MOVE = (
    _TABLES.update()
    .where(_TABLES.c.id == bindparam("table_id"), _TABLES.c.seq == bindparam("expected_seq"))
    .values(seq=bindparam("new_seq"), tip=bindparam("new_tip"), updated_at=bindparam("at"))
)
_MOVE_AND_SET_PENDING = _MOVE.values(pending=bindparam("pending"))
_INSERT_ENTRY = _ENTRIES.insert()
_INSERT_SNAPSHOT = _SNAPSHOTS.insert()


def _notifying(move):
    """PostgreSQL: the NOTIFY for push.Hub rides on the compare-and-set (one round trip, not two).
    It is sent only when the row moved, and like any NOTIFY it is delivered at commit, or never."""
    return move.returning(func.pg_notify(bindparam("channel"), bindparam("payload")))


_MOVE_AND_NOTIFY, _MOVE_SET_PENDING_AND_NOTIFY = _notifying(_MOVE), _notifying(_MOVE_AND_SET_PENDING)


def _columns(entry: Entry) -> dict[str, Any]:
    return {name: getattr(entry, name) for name in _ENTRY_COLUMNS}


def _append(session: Session, table: GameTable, expected_seq: int, prepared: _Prepared) -> None:
    """Move the table to ``entry.seq`` only if nobody else moved it since ``expected_seq``, then
    insert the log lines and the snapshots after them: Core statements on the session's connection
    (the profile showed the ORM's flushes and its UPDATE bookkeeping were most of a write)."""
    entry = prepared.entry
    connection = session.connection()
    params = {
        "table_id": table.id,
        "expected_seq": expected_seq,
        "new_seq": entry.seq,
        "new_tip": entry.tip,
        "at": entry.created_at,
    }
    setting_pending = prepared.pending is not _UNCHANGED
    if setting_pending:
        params["pending"] = prepared.pending
    if connection.dialect.name == "postgresql":  # heard by push.Hub in every process, at commit
        params.update(channel=PUSH_CHANNEL, payload=notice_payload(table.code, entry.seq))
        move = _MOVE_SET_PENDING_AND_NOTIFY if setting_pending else _MOVE_AND_NOTIFY
        moved = len(connection.execute(move, params).all())
    else:
        moved = connection.execute(_MOVE_AND_SET_PENDING if setting_pending else _MOVE, params).rowcount
    if moved != 1:
        raise LostRace()
    moved_at_commit(session, table.code, entry.seq, table.seats_version)
    folds = _sheet_folds_of(session, table, prepared)
    if prepared.earlier:  # a correction: its lines in one statement each for lines and snapshots
        lines = [*prepared.earlier, (entry, prepared.snapshot)]
        connection.execute(_INSERT_ENTRY, [_columns(line) for line, _ in lines])
        connection.execute(
            _INSERT_SNAPSHOT,
            [
                {"table_id": table.id, "seq": line.seq, "state": state, "sheet": folds.get(line.seq)}
                for line, state in lines
                if state is not None
            ],
        )
    else:
        connection.execute(_INSERT_ENTRY, _columns(entry))
        if prepared.snapshot is not None:
            connection.execute(
                _INSERT_SNAPSHOT,
                {"table_id": table.id, "seq": entry.seq, "state": prepared.snapshot, "sheet": folds.get(entry.seq)},
            )
    session.info.setdefault("sheet_folds", {}).update({(table.id, seq): fold for seq, fold in folds.items()})
    set_committed_value(table, "seq", entry.seq)
    set_committed_value(table, "tip", entry.tip)
    set_committed_value(table, "updated_at", entry.created_at)
    if setting_pending:
        set_committed_value(table, "pending", prepared.pending)
