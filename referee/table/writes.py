"""Writing to a table: the one write kernel, and the plays, undos and entries put back it
carries (corrections are ``corrections``'s, through the same kernel). No Flask here.

Every write names the sequence number its phone last saw (``expected_seq``) and a key the phone
made up for this one tap. The same key twice records once and answers with the first result; a
write made on an older board is refused as stale. Both hold under concurrent writers because
the table row is advanced with a compare-and-set (``store.move_table``) and the log has unique
(table, seq) and (table, key) indexes. Every kind of write is a ``Write`` (how it is worked out,
and what counts as the same tap again) handed to :func:`write`, so these rules are written once;
each asks the one gate (``gate.check``) who may make it before it is worked out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session

from .. import metrics, upkeep
from ..db import Entry, GameTable, utcnow
from ..games import Game
from ..games.base import By, Refusal, Text
from . import gate, reads, store
from .errors import Archived, Denied, KeyReused, LostRace, Stale

MAX_CATCH_UP = 12  # lines an entry's board may be behind and still catch up: one per seat at most


@dataclass
class Recorded:
    entry: Entry
    state: Any
    replayed: bool  # True when the key was seen before and this is the first result again


@dataclass
class Prepared:
    """A write worked out and not yet stored: its log line, the state after it, and that state
    dumped for a new snapshot (None for an undo, which goes back to a snapshot already stored).

    A correction writes more: the entry lines it puts in force, each with its snapshot, before
    its own record line (``entry``), and the table's pending correction after it."""

    entry: Entry
    state: Any
    snapshot: dict[str, Any] | None
    earlier: list[tuple[Entry, dict[str, Any]]] = field(default_factory=list)
    pending: Any = store.KEEP_PENDING


class Write:
    """One kind of write, as the kernel asks it: work it out on the table as it is now, say
    whether a line recorded earlier with its key was this same tap, and (``may_catch_up``)
    whether it may go on top of the lines written since its phone's board."""

    may_catch_up = False

    def prepare(self, session: Session, table: GameTable, key: str) -> Prepared:
        raise NotImplementedError

    def same_tap(self, earlier: Entry) -> bool:
        raise NotImplementedError

    def catches_up(self, table: GameTable, lines: list[Entry]) -> bool:
        return False


# --------------------------------------------------------------------------- the kernel


@metrics.timed_write()
def write(session: Session, code: str, expected_seq: int, key: str, change: Write) -> Recorded:
    """Run one write in its own transaction: refuse a stale board, work the write out
    (``change.prepare``), then store it with a compare-and-set on the table row.

    A repeated key answers the first result (``replayed``), but the key is not looked up first:
    it is looked up only when the write cannot go ahead (a stale board, an entry the rules now
    refuse) or when the log's unique (table, key) index refuses the new line. A lost race
    (another phone wrote first) ends the same way, as replay or stale. A key that comes back
    with another write (``same_tap`` says no: two taps on one board share its form's key) was
    not recorded: it is stale, never the first tap's success.

    A ``change`` that ``may_catch_up`` may go on top of the lines made since its board (entries
    every seat makes at once, see ``_Attempt.seq_to_write_on``)."""
    attempt = _Attempt(session, code, key, change, expected_seq)
    unreachable: OperationalError | None = None
    for attempt_number in range(store.WRITE_ATTEMPTS):
        try:
            return attempt.once()
        except KeyReused:
            raise
        except (IntegrityError, Stale) as problem:
            unreachable = None
            earlier = attempt.after_conflict(problem)
            if earlier is not None:
                return earlier
        except (Refusal, Denied, Archived) as problem:
            attempt.refused(problem)
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


class _Attempt:
    """One write's tries: the board it was made on, and the seq it is written on this time."""

    def __init__(self, session: Session, code: str, key: str, change: Write, expected_seq: int):
        self.session, self.code, self.key, self.change = session, code, key, change
        self.board_seq = self.on_seq = expected_seq
        self.game = ""

    def once(self) -> Recorded:
        table = reads.find_table(self.session, self.code)
        self.game = table.game
        if upkeep.is_archived(table):
            raise Archived()
        self.on_seq = self.seq_to_write_on(table)
        try:
            prepared = self.change.prepare(self.session, table, self.key)
        except (Stale, DBAPIError):
            raise
        except Exception as refused:
            return self.replay_or_raise(refused)
        _store(self.session, table, self.on_seq, prepared)
        self.session.commit()
        metrics.ENTRIES_RECORDED.labels(table.game).inc()
        return Recorded(prepared.entry, prepared.state, replayed=False)

    def seq_to_write_on(self, table: GameTable) -> int:
        """The seq the write goes on: the board's, or the table's when every line made since the
        phone's board lets this entry catch up (two phones entering predictions at once both
        land; without it the second would be told "the table moved on" and tap again)."""
        expected_seq = self.on_seq
        if expected_seq == table.seq:
            return expected_seq
        if not self.change.may_catch_up or not 0 <= expected_seq < table.seq <= expected_seq + MAX_CATCH_UP:
            raise Stale()
        lines = store.entries_after(self.session, reads.table_id(table), expected_seq)
        if not self.change.catches_up(table, lines):
            raise Stale()
        return table.seq

    def replay_or_raise(self, refused: Exception) -> Recorded:
        """A write refused (or that cannot be read): the first result of a key recorded before,
        else Stale for an entry that caught up (it passed on its phone's board, not on what came
        since), else the refusal."""
        self.session.rollback()
        earlier = self.replay()
        if earlier is not None:
            return earlier
        if self.on_seq != self.board_seq and isinstance(refused, Refusal):
            raise Stale() from refused
        raise refused

    def after_conflict(self, problem: Exception) -> Recorded | None:
        """A stale board, a lost race or a line the log's indexes refused: the first result of
        the key, else None to try again on top of the other phone's write when this one may
        catch up, else Stale."""
        self.session.rollback()
        earlier = self.replay()
        if earlier is not None:
            return earlier
        if not self.change.may_catch_up or not isinstance(problem, (IntegrityError, LostRace)):
            raise Stale() from None
        return None  # another phone wrote first: look again whether this entry may go on top

    def refused(self, problem: Exception) -> None:
        self.session.rollback()
        if isinstance(problem, Refusal):
            metrics.ENTRIES_REFUSED.labels(self.game, problem.rule).inc()

    def replay(self) -> Recorded | None:
        """The first result of the key at this table, when it was recorded before (a double tap,
        a retry after a lost answer, or the same tap racing itself), else None. KeyReused when
        the key was recorded with another write."""
        table = store.table_with_code(self.session, reads.normalise_code(self.code))
        earlier = store.entry_with_key(self.session, reads.table_id(table), self.key) if table is not None else None
        if table is None or earlier is None:
            return None
        if not self.change.same_tap(earlier):
            raise KeyReused()
        return Recorded(earlier, reads.state_at(self.session, table, earlier.tip), replayed=True)


def _store(session: Session, table: GameTable, expected_seq: int, prepared: Prepared) -> None:
    """Move the table to the new line only if nobody else moved it since ``expected_seq``, then
    insert the log lines and the snapshots after them (``store``'s Core statements)."""
    entry = prepared.entry
    if not store.move_table(session, table, expected_seq, entry, prepared.pending):
        raise LostRace()
    folds = reads.sheet_folds_after(
        session, table, prepared.earlier, (entry, prepared.state) if prepared.snapshot is not None else None
    )
    lines = [*prepared.earlier, (entry, prepared.snapshot)]
    store.insert_entries(session, [line for line, _ in lines])
    store.insert_snapshots(
        session,
        [
            {"table_id": table.id, "seq": line.seq, "state": state, "sheet": folds.get(line.seq)}
            for line, state in lines
            if state is not None
        ],
    )
    reads.keep_sheet_folds(session, table, folds)
    for name, value in (("seq", entry.seq), ("tip", entry.tip), ("updated_at", entry.created_at)):
        set_committed_value(table, name, value)
    if prepared.pending is not store.KEEP_PENDING:
        set_committed_value(table, "pending", prepared.pending)


# --------------------------------------------------------------------------- log lines


def new_entry(table: GameTable, seq: int, key: str, **fields: Any) -> Entry:
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


def history_line(engine: Game[Any], before: Any, action: Any, by: By, after: Any) -> Text:
    """The history line: the entry in the table's words, then what else it set off. A phone's
    entry that names no seat is said as its seat's, as the rules take it."""
    parts = [engine.describe(before, engine.naming_its_seat(action, by), by), *after.notes]
    names = [f"p{n}" for n in range(len(parts))]  # a template of fields only: nothing to translate
    return Text(" · ".join(f"{{{name}}}" for name in names), **dict(zip(names, parts)))


def description_fields(line: Text) -> dict[str, Any]:
    """An entry's history line: English for the API (cut to its column), and its parts."""
    return {"description": str(line)[:300], "words": line.dump()}


# --------------------------------------------------------------------------- plays and entries put back


def record(
    session: Session,
    code: str,
    by: By,
    action: Any,
    expected_seq: int,
    key: str,
    ruling: bool = False,
    path: str | None = None,
) -> Recorded:
    """Check ``action`` with the game's rules and append it to the log (``path`` ``gate.PUT_BACK``: an
    entry an undo voided, entered again)."""
    gate.refuse_a_seat_ruling(by, ruling)
    return write(session, code, expected_seq, key, Play(by, action, ruling, path or gate.PLAY))


@dataclass
class Play(Write):
    """An entry by ``by``: a play, a table ruling (``ruling``), or an entry put back."""

    by: By
    action: Any
    ruling: bool
    path: str
    may_catch_up = True

    def prepare(self, session: Session, table: GameTable, key: str) -> Prepared:
        refuse_while_pending(table)
        engine = reads.engine_of(table)
        before = reads.current_state(session, table)
        gate.check(session, table, self.by, self.path, action=self.action, before=before, ruling=self.ruling)
        after, kept = engine.accept(before, self.action, self.by, ruling=self.ruling)  # only the fields it read
        seq = table.seq + 1
        entry = new_entry(
            table,
            seq,
            key,
            kind="entry",
            by=reads.by_text(self.by),
            action=kept,
            ruling=engine.overridden_rule(before, kept, self.by) if self.ruling else None,
            prev_tip=table.tip,
            tip=seq,
            **description_fields(history_line(engine, before, kept, self.by, after)),
        )
        return Prepared(entry, after, engine.dump(after))

    def same_tap(self, earlier: Entry) -> bool:
        # the log kept only the fields the game read: the same tap sends those same fields
        return (
            earlier.kind == "entry"
            and earlier.by == reads.by_text(self.by)
            and isinstance(earlier.action, dict)
            and all(name in self.action and self.action[name] == value for name, value in earlier.action.items())
        )

    def catches_up(self, table: GameTable, lines: list[Entry]) -> bool:
        engine = reads.engine_of(table)
        mine = engine.naming_its_seat(self.action, self.by)  # a phone's entry naming no seat is for its own
        return all(
            line.kind == "entry"
            and engine.commutes(mine, engine.naming_its_seat(line.action, reads.by_from_text(line.by)))
            for line in lines
        )


def refuse_while_pending(table: GameTable) -> None:
    """No entry and no undo while a correction waits for the host to settle the entries that no
    longer pass (``corrections``)."""
    if table.pending:
        raise Refusal(
            "PENDING",
            "A correction is pending: the host settles the entries that no longer pass before anything new is entered.",
            overridable=False,
        )


# --------------------------------------------------------------------------- undo


def undo(session: Session, code: str, by: By, expected_seq: int, key: str) -> Recorded:
    """Void the last entry still in force: by the phone that made it, or by the host."""
    return write(session, code, expected_seq, key, Undo(by))


@dataclass
class Undo(Write):
    by: By

    def prepare(self, session: Session, table: GameTable, key: str) -> Prepared:
        refuse_while_pending(table)
        if table.tip == 0:
            raise Refusal("UNDO", "There is nothing to undo.", overridable=False)
        target = reads.history_entry(session, table, table.tip)
        assert target is not None, "the tip is a line of the log"
        gate.check(session, table, self.by, gate.UNDO, target=target)
        _refuse_to_hide_again(session, table, target)
        entry = new_entry(
            table,
            table.seq + 1,
            key,
            kind="void",
            by=reads.by_text(self.by),
            voids=target.seq,
            tip=target.prev_tip,
            **description_fields(Text("Undone: {entry}", entry=reads.description(target))),
        )
        return Prepared(entry, reads.state_at(session, table, target.prev_tip or 0), None)

    def same_tap(self, earlier: Entry) -> bool:
        return earlier.kind == "void" and earlier.by == reads.by_text(self.by)


def _refuse_to_hide_again(session: Session, table: GameTable, target: Entry) -> None:
    rule = reads.shown_for_good(session, table, target)
    if rule:
        raise Refusal(
            rule,
            "“{entry}” showed hidden choices to the table, so it cannot be undone: "
            "they could be chosen again by players who have seen them.",
            overridable=False,
            entry=reads.description(target),
        )
