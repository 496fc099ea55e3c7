"""The play log of a table: open, record, undo, replay. No Flask here.

Every write names the sequence number its phone last saw (``expected_seq``) and a key the phone
made up for this one tap. The same key twice records once and answers with the first result; a
write made on an older board is refused as stale. Both hold under concurrent writers because
the table row is advanced with a compare-and-set and the log has unique (table, seq) and
(table, key) indexes.
"""
from __future__ import annotations

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

from .db import Entry, GameTable, Snapshot, utcnow
from .games import GAMES
from .games.base import HOST, Refusal, Text, revive_texts
from .push import CHANNEL as PUSH_CHANNEL

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud without doubt
# 31^8 ≈ 2^39.6 codes. A code lets anyone watch and take a seat nobody has taken yet, so it must
# not be found by trying: with 10,000 open tables, 100 guesses a second find one every ten days
# (six letters: every fifteen minutes). Writing needs a token: 192 random bits (new_token).
CODE_LENGTH = 8
WRITE_ATTEMPTS = 5


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


@dataclass
class Recorded:
    entry: Entry
    state: Any
    replayed: bool  # True when the key was seen before and this is the first result again


def engine_of(table: GameTable):
    return GAMES[table.game]


# --------------------------------------------------------------------------- opening and finding

def open_table(session: Session, game_id: str, players: Any, options: Mapping | None) -> GameTable:
    """Create a table with a fresh code, a host token and one token per seat."""
    if game_id not in GAMES:
        raise Refusal("ENTRY", "Unknown game {game!r}; playable now: {games}.", overridable=False,
                      game=game_id, games=", ".join(GAMES))
    engine = GAMES[game_id]
    state = engine.new_game(players, options)
    table = GameTable(
        code=_unused_code(session), game=game_id, host_token=new_token(),
        options=dict(state.options),
        seats=[{"name": name, "token": new_token(), "claimed": False} for name in engine.seat_names(state)],
    )
    session.add(table)
    session.flush()
    session.add(Snapshot(table_id=table.id, seq=0, state=engine.dump(state)))
    session.commit()
    session.refresh(table)
    return table


def new_token() -> str:
    return secrets.token_urlsafe(24)


def _unused_code(session: Session) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not session.exec(select(GameTable.id).where(GameTable.code == code)).first():
            return code


def normalise_code(code: str) -> str:
    return "".join(code.split()).upper()


_SNAPSHOTS = Snapshot.__table__
# The table and the snapshot at its tip, in one query built once: nearly every request that finds
# a table goes on to read its current state (a board, a write), and a write made two round trips.
_TABLE_AND_TIP_STATE = (
    select(GameTable, _SNAPSHOTS.c.seq, _SNAPSHOTS.c.state)
    .outerjoin(_SNAPSHOTS, (_SNAPSHOTS.c.table_id == GameTable.id) & (_SNAPSHOTS.c.seq == GameTable.tip))
    .where(GameTable.code == bindparam("code")))


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
    row = session.execute(_TABLE_AND_TIP_STATE, {"code": normal}).first()
    if row is None:
        raise TableNotFound(code)
    table, tip, dumped = row
    if tip is not None:
        session.info.setdefault("fetched_states", {})[table.id, tip] = dumped
    found[normal] = table
    return table


_SEQ_OF_CODE = select(GameTable.__table__.c.seq).where(GameTable.__table__.c.code == bindparam("code"))


def table_seq(engine: Engine, code: str) -> int | None:
    """Only the table's seq (None: no such table), for the poll that asks whether anything is
    new: one indexed column on a pooled connection, no session, no ORM object (the profile
    showed loading the table was half the poll)."""
    with engine.connect() as connection:
        return connection.execute(_SEQ_OF_CODE, {"code": normalise_code(code)}).scalar()


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
        if secrets.compare_digest(given, info["token"].encode()):
            return seat
    return None


def require_identity(table: GameTable, token: str | None):
    who = identify(table, token)
    if who is None:
        if not token:
            raise Denied(401, "Join the table first: tap your name on the table page.")
        raise Denied(403, "This phone's pass is not valid at this table; join it again.")
    return who


# --------------------------------------------------------------------------- reading

_STATE_AT = select(_SNAPSHOTS.c.state).where(_SNAPSHOTS.c.table_id == bindparam("table_id"),
                                             _SNAPSHOTS.c.seq == bindparam("seq"))


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


def history(session: Session, table: GameTable) -> list[Entry]:
    return list(session.exec(select(Entry).where(Entry.table_id == table.id).order_by(Entry.seq)))


def history_entry(session: Session, table: GameTable, seq: int) -> Entry | None:
    return session.exec(select(Entry).where(Entry.table_id == table.id, Entry.seq == seq)).first()


def voided_seqs(entries: list[Entry]) -> set[int]:
    return {e.voids for e in entries if e.kind == "void"}


def replay(session: Session, table: GameTable):
    """The state rebuilt from the log alone, ignoring every snapshot but none."""
    engine = engine_of(table)
    stack = [engine.new_game([s["name"] for s in table.seats], table.options)]
    for entry in history(session, table):
        if entry.kind == "void":
            stack.pop()
        else:
            stack.append(engine.apply(stack[-1], entry.action, _by_from_text(entry.by),
                                      ruling=entry.ruling is not None))
    return stack[-1]


def _by_text(by) -> str:
    return HOST if by == HOST else str(by)


def _by_from_text(text: str):
    return HOST if text == HOST else int(text)


# --------------------------------------------------------------------------- writing

def record(session: Session, code: str, by, action: Mapping[str, Any], expected_seq: int, key: str,
           ruling: bool = False) -> Recorded:
    """Check ``action`` with the game's rules and append it to the log."""
    if ruling and by != HOST:
        raise Denied(403, "Only the host can accept an entry as a table ruling.")

    def attempt(table: GameTable) -> Recorded:
        engine = engine_of(table)
        before = current_state(session, table)
        after = engine.apply(before, action, by, ruling=ruling)
        seq = table.seq + 1
        entry = _new_entry(
            table, seq, key, kind="entry", by=_by_text(by), action=dict(action),
            ruling=engine.overridden_rule(before, action, by) if ruling else None,
            prev_tip=table.tip, tip=seq, **_description(_describe(engine, before, action, by, after)),
        )
        return _Prepared(entry, after, engine.dump(after))

    return _write(session, code, expected_seq, key, attempt)


def undo(session: Session, code: str, by, expected_seq: int, key: str) -> Recorded:
    """Void the last entry still in force: by the phone that made it, or by the host."""

    def attempt(table: GameTable) -> Recorded:
        if table.tip == 0:
            raise Refusal("UNDO", "There is nothing to undo.", overridable=False)
        target = history_entry(session, table, table.tip)
        if by != HOST and _by_text(by) != target.by:
            raise Denied(403, "Only whoever entered it, or the host, can undo “{entry}”.", entry=description(target))
        entry = _new_entry(
            table, table.seq + 1, key, kind="void", by=_by_text(by), voids=target.seq, tip=target.prev_tip,
            **_description(Text("Undone: {entry}", entry=description(target))),
        )
        return _Prepared(entry, state_at(session, table, target.prev_tip), None)

    return _write(session, code, expected_seq, key, attempt)


@dataclass
class _Prepared:
    """A write worked out and not yet stored: its log line, the state after it, and that state
    dumped for a new snapshot (None for an undo, which goes back to a snapshot already stored)."""
    entry: Entry
    state: Any
    snapshot: dict[str, Any] | None


_ENTRY_COLUMNS = tuple(column.name for column in Entry.__table__.columns if column.name != "id")


def _new_entry(table: GameTable, seq: int, key: str, **fields) -> Entry:
    """A log line as an unsaved Entry: ``model_construct`` sets the fields without the
    validating constructor (a tenth of the cost); every column but ``id`` is given."""
    values = {"table_id": table.id, "seq": seq, "key": key, "action": None, "ruling": None, "voids": None,
              "prev_tip": None, "created_at": utcnow(), **fields}
    return Entry.model_construct(**values)


def _describe(engine, before, action, by, after) -> Text:
    """The history line: the entry in the table's words, then what else it set off."""
    parts = [engine.describe(before, action, by), *after.notes]
    names = [f"p{n}" for n in range(len(parts))]  # a template of fields only: nothing to translate
    return Text(" · ".join(f"{{{name}}}" for name in names), **dict(zip(names, parts)))


def _description(line: Text) -> dict[str, Any]:
    """An entry's history line: English for the API (cut to its column), and its parts."""
    return {"description": str(line)[:300], "words": line.dump()}


def description(entry: Entry) -> str:
    """An entry's history line, as a Text when it was written with its parts."""
    return revive_texts(entry.words) if entry.words else entry.description


def _write(session: Session, code: str, expected_seq: int, key: str, attempt) -> Recorded:
    """Run one write in its own transaction: refuse a stale board, work the write out
    (``attempt``), then store it with a compare-and-set on the table row.

    A repeated key answers the first result (``replayed``), but the key is not looked up first:
    it is looked up only when the write cannot go ahead (a stale board, an entry the rules now
    refuse) or when the log's unique (table, key) index refuses the new line. A lost race
    (another phone wrote first) ends the same way, as replay or stale."""
    for attempt_number in range(WRITE_ATTEMPTS):
        try:
            table = find_table(session, code)
            if expected_seq != table.seq:
                raise Stale()
            try:
                prepared = attempt(table)
            except (Stale, DBAPIError):
                raise
            except Exception:  # refused, or not readable: unless this key was recorded before
                session.rollback()
                earlier = _replay_of_key(session, code, key)
                if earlier is not None:
                    return earlier
                raise
            _append(session, table, expected_seq, prepared.entry, prepared.snapshot)
            session.commit()
            return Recorded(prepared.entry, prepared.state, replayed=False)
        except (IntegrityError, Stale):
            session.rollback()
            earlier = _replay_of_key(session, code, key)
            if earlier is None:
                raise Stale()
            return earlier
        except (Refusal, Denied):
            session.rollback()
            raise
        except OperationalError:  # SQLite: another writer held the lock; try again
            session.rollback()
            time.sleep(0.02 * (attempt_number + 1))
    raise Stale()


def _replay_of_key(session: Session, code: str, key: str) -> Recorded | None:
    """The first result of ``key`` at this table, when it was recorded before (a double tap, a
    retry after a lost answer, or the same tap racing itself), else None."""
    table = session.exec(select(GameTable).where(GameTable.code == normalise_code(code))).first()
    earlier = _entry_with_key(session, table, key) if table is not None else None
    if earlier is None:
        return None
    return Recorded(earlier, state_at(session, table, earlier.tip), replayed=True)


def _entry_with_key(session: Session, table: GameTable, key: str) -> Entry | None:
    return session.exec(select(Entry).where(Entry.table_id == table.id, Entry.key == key)).first()


_TABLES, _ENTRIES = GameTable.__table__, Entry.__table__
_MOVE = (_TABLES.update()
         .where(_TABLES.c.id == bindparam("table_id"), _TABLES.c.seq == bindparam("expected_seq"))
         .values(seq=bindparam("new_seq"), tip=bindparam("new_tip"), updated_at=bindparam("at")))
# PostgreSQL: the NOTIFY for push.Hub rides on the compare-and-set (one round trip, not two). It
# is sent only when the row moved, and like any NOTIFY it is delivered at commit, or never.
_MOVE_AND_NOTIFY = _MOVE.returning(func.pg_notify(bindparam("channel"), bindparam("payload")))
_INSERT_ENTRY = _ENTRIES.insert()
_INSERT_SNAPSHOT = _SNAPSHOTS.insert()


def _append(session: Session, table: GameTable, expected_seq: int, entry: Entry,
            snapshot: dict[str, Any] | None) -> None:
    """Move the table to ``entry.seq`` only if nobody else moved it since ``expected_seq``, then
    insert the log line and the snapshot after it: Core statements on the session's connection
    (the profile showed the ORM's flushes and its UPDATE bookkeeping were most of a write)."""
    connection = session.connection()
    params = {"table_id": table.id, "expected_seq": expected_seq, "new_seq": entry.seq, "new_tip": entry.tip,
              "at": entry.created_at}
    if connection.dialect.name == "postgresql":  # heard by push.Hub in every process, at commit
        params.update(channel=PUSH_CHANNEL, payload=f"{table.code}:{entry.seq}")
        moved = len(connection.execute(_MOVE_AND_NOTIFY, params).all())
    else:
        moved = connection.execute(_MOVE, params).rowcount
    if moved != 1:
        raise Stale()
    connection.execute(_INSERT_ENTRY, {name: getattr(entry, name) for name in _ENTRY_COLUMNS})
    if snapshot is not None:
        connection.execute(_INSERT_SNAPSHOT, {"table_id": table.id, "seq": entry.seq, "state": snapshot})
    set_committed_value(table, "seq", entry.seq)
    set_committed_value(table, "tip", entry.tip)
    set_committed_value(table, "updated_at", entry.created_at)
