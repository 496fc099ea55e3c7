"""Correcting an entry further back ("that was a 7, not an 8, three turns ago"). No Flask here.

The log stays append-only. A correction of entry E is one write that appends

1. an entry line for what E should have been (none when E is removed), applied on the state
   before E (``prev_tip`` = E's), naming E in ``replaces`` (an insert names nothing: E itself
   is then checked again with the entries after it);
2. an entry line for every entry that was in force after E, checked again in order on the
   rebuilt state, each naming the line it re-enters in ``replaces``, each with its snapshot;
3. a record line (kind ``correct``, ``remove``, ``insert`` or ``accept``) naming E in
   ``corrects``, carrying the client's key and the sentence every phone shows; its ``tip`` is
   the table's new tip.

The table's tip moves to the last entry line, so the entries in force are again one chain of
entry lines linked by ``prev_tip`` (undo, the score sheet and ``reads.replay`` need nothing else).
Only the entries after E are replayed, from the snapshot before E: a correction costs the
entries after it, never the whole game.

When a later entry no longer passes, the write stops there: what passed is written, and the
table keeps ``pending`` (the entries still to check, the one that fails first and, checked on
without it, those that would fail after it). Until the host has settled each one (accepted it
as a table ruling, corrected it in turn, or dropped it), the table takes no new entry and no
undo. Settling one is a correction too, and checks the rest again. The host may also correct
an entry still in force meanwhile (correcting the correction back, say): the entries waiting
are checked again after those in force.

Who may correct: the host, any entry in force; a seat, its own entry while nobody has entered
after it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from ..db import Entry, GameTable
from ..games.base import HOST, By, Refusal, Text, revive_texts
from . import gate, reads, writes
from .errors import Denied

KINDS = ("correct", "remove", "insert", "accept")
LISTED = 10  # entries that no longer pass listed on every board; past that, only how many more


@dataclass(frozen=True)
class Change:
    """What a correction does to the entry it names: ``correct`` it to ``action``, ``remove``
    it, ``insert`` ``action`` before it, or (a pending entry only) ``accept`` it as a ruling."""

    kind: str
    action: Mapping[str, Any] | None = None
    ruling: bool = False  # host only: accept ``action`` although the rules refuse it


def correct(
    session: Session, code: str, by: By, target: int, change: Change, expected_seq: int, key: str
) -> writes.Recorded:
    """Make ``change`` to entry ``target`` and check every later entry again (see the module)."""
    gate.refuse_a_seat_ruling(by, change.ruling or change.kind == "accept")
    return writes.write(session, code, expected_seq, key, Correction(by, target, change))


@dataclass
class Correction(writes.Write):
    """A correction as the write kernel carries it."""

    by: By
    target: int
    change: Change

    def prepare(self, session: Session, table: GameTable, key: str) -> writes.Prepared:
        plan = _plan(session, table, self.by, self.target, self.change)
        return _Replay(session, table, plan).run(self.by, self.change, key)

    def same_tap(self, earlier: Entry) -> bool:
        change = self.change
        return (
            earlier.kind == change.kind
            and earlier.corrects == self.target
            and earlier.by == reads.by_text(self.by)
            and earlier.action == (dict(change.action) if change.action is not None else None)
        )


def starting_point(session: Session, table: GameTable, by: By, target: int, kind: str = "correct") -> tuple[Entry, Any]:
    """The entry a correction of ``target`` is about and the state before it, on which what it
    should have been is entered (the correction page), refusing as ``correct`` would."""
    plan = _plan(session, table, by, target, Change(kind))
    return plan.target, reads.state_at(session, table, plan.base)


# --------------------------------------------------------------------------- what is replayed


@dataclass
class _Plan:
    target: Entry  # the entry the correction is about
    base: int  # the entry in force the rebuilt chain starts after
    queue: list[Entry]  # the lines to check again after the change, oldest first
    settling: dict[str, Any] | None  # the pending correction this one settles a step of


def _plan(session: Session, table: GameTable, by: By, target: int, change: Change) -> _Plan:
    """What a correction of ``target`` replays: from the entry in force before it, the entries in
    force after it and, while a correction is pending, the entries still waiting to be checked."""
    if change.kind not in KINDS:
        raise ValueError(change.kind)
    if not 1 <= target <= table.seq:  # no such line (nor a number a database column holds)
        raise _not_in_force(target)
    waiting = table.pending["rest"] if table.pending else []
    if waiting and by != HOST:
        raise Denied(403, "Only the host can correct entries while a correction is pending.")
    if waiting and target == waiting[0]:
        plan = _settling_plan(session, table, change)
        _through_the_gate(session, table, by, change, plan)
        return plan
    if target in waiting:
        raise Refusal(
            "PENDING",
            "Settle line {seq} in History first: it no longer passes after the correction.",
            overridable=False,
            seq=waiting[0],
        )
    if change.kind == "accept":
        raise Refusal(
            "CORRECT",
            "Only the first entry that no longer passes after a correction can be accepted as a table ruling here.",
            overridable=False,
        )
    chain = reads.chain_down_to(session, table, target)
    if chain is None:
        raise _not_in_force(target)
    entry = chain[0]
    after = chain if change.kind == "insert" else chain[1:]
    plan = _Plan(entry, entry.prev_tip or 0, after + reads.lines_in(session, table, waiting), None)
    _through_the_gate(session, table, by, change, plan)
    return plan


def _through_the_gate(session: Session, table: GameTable, by: By, change: Change, plan: _Plan) -> None:
    """Who may make this change (``referee.table.gate``); the new entry is checked on the state it
    goes in on. The host settles a pending entry that no longer passes by accepting or dropping
    it whoever's it is: else a held seat's secret could hold up the table for good."""
    before = reads.state_at(session, table, plan.base) if change.action is not None else None
    settled_as_it_is = plan.settling is not None and change.kind in ("accept", "remove")
    gate.check(
        session,
        table,
        by,
        change.kind,
        action=change.action,
        before=before,
        ruling=change.ruling,
        target=None if settled_as_it_is else plan.target,
    )


def _not_in_force(target: int) -> Refusal:
    return Refusal(
        "CORRECT",
        "Line {seq} in History is not in force (undone or corrected): correct the entry in force instead.",
        overridable=False,
        seq=target,
    )


def _settling_plan(session: Session, table: GameTable, change: Change) -> _Plan:
    """A step of a pending correction: the entry that fails first is accepted, corrected,
    dropped, or has an entry inserted before it; the rest is checked again after it."""
    pending = table.pending or {}
    queue = reads.lines_in(session, table, pending["rest"])
    return _Plan(queue[0], table.tip, queue if change.kind == "insert" else queue[1:], pending)


# --------------------------------------------------------------------------- the replay


class _Replay:
    """The new entry lines of one correction, built on the state before the entry it is about."""

    def __init__(self, session: Session, table: GameTable, plan: _Plan):
        self.session, self.table, self.plan = session, table, plan
        self.engine = reads.engine_of(table)
        self.before = reads.state_at(session, table, plan.base)
        self.state = self.before
        self.tip = plan.base
        self.seq = table.seq
        self.lines: list[tuple[Entry, dict[str, Any]]] = []
        self.shows_again = False  # a line put shows the table the secret entries before it

    def run(self, by: By, change: Change, key: str) -> writes.Prepared:
        first, ruling = self._change(by, change)
        failing = self._check_again(self.plan.queue)
        sentence = self._sentence(by, change, first)
        pending = self._pending(sentence, failing)
        record = writes.new_entry(
            self.table,
            self.seq + 1,
            key,
            kind=change.kind,
            by=reads.by_text(by),
            corrects=self.plan.target.seq,
            action=dict(change.action or {}) if change.kind in ("correct", "insert") else None,  # put: not None
            ruling=ruling,
            tip=self.tip,
            **writes.description_fields(sentence),
        )
        return writes.Prepared(record, self.state, None, earlier=self.lines, pending=pending)

    def _change(self, by: By, change: Change) -> tuple[Text | None, str | None]:
        """The change itself: its entry line (none for a removal). Returns the line's history
        words (None without one) and the rule a table ruling overrode."""
        target = self.plan.target
        if change.kind == "remove":
            return None, None
        if change.kind == "accept":
            self._put(target.action, target.by, True, target.seq)
            return None, self.lines[-1][0].ruling
        replaces = target.seq if change.kind == "correct" else None
        self._put(change.action, reads.by_text(by), change.ruling, replaces)
        return self.engine.describe(self.before, change.action or {}, by), self.lines[-1][0].ruling  # put: not None

    def _put(self, action: Any, by_text: str, ruling: bool, replaces: int | None) -> None:
        """Apply one entry on the state so far (refusing as the rules do) and add its line."""
        by = reads.by_from_text(by_text)
        before = self.state
        after, action = self.engine.accept(before, action, by, ruling=ruling)  # only the fields it read
        self.seq += 1
        line = writes.new_entry(
            self.table,
            self.seq,
            "c-" + secrets.token_hex(12),
            kind="entry",
            by=by_text,
            action=action,
            ruling=self.engine.overridden_rule(before, action, by) if ruling else None,
            replaces=replaces,
            prev_tip=self.tip,
            tip=self.seq,
            **writes.description_fields(writes.history_line(self.engine, before, action, by, after)),
        )
        self.lines.append((line, self.engine.dump(after)))
        self.shows_again = self.shows_again or self.engine.shows_secrets(before, action, after)
        self.state, self.tip = after, self.seq

    def _check_again(self, queue: list[Entry]) -> list[tuple[Entry, Refusal]]:
        """Re-enter each line as it was made (same seat, same ruling) until one no longer
        passes; then, without writing, check on past it (as if dropped) to list every entry
        that would fail. Returns the failing lines (empty: all passed), the first one to settle."""
        for n, line in enumerate(queue):
            try:
                self._put(line.action, line.by, line.ruling is not None, line.seq)
            except Refusal as refusal:
                return [(line, refusal), *self._would_fail(queue[n + 1 :])]
        return []

    def _would_fail(self, queue: list[Entry]) -> list[tuple[Entry, Refusal]]:
        state, failing = self.state, []
        for line in queue:
            try:
                by = reads.by_from_text(line.by)
                state = self.engine.apply(state, line.action or {}, by, ruling=line.ruling is not None)
            except Refusal as refusal:
                failing.append((line, refusal))
        return failing

    def _pending(self, sentence: Text, failing: list[tuple[Entry, Refusal]]) -> dict[str, Any] | None:
        if not failing:
            return None
        first = failing[0][0]
        queue_seqs = [line.seq for line in self.plan.queue]
        about = self.plan.settling["about"] if self.plan.settling else sentence.dump()
        return {
            "about": about,
            "rest": queue_seqs[queue_seqs.index(first.seq) :],
            "unlisted": len(failing[LISTED:]),
            "failing": [self._failing(line, refusal) for line, refusal in failing[:LISTED]],
        }

    def _failing(self, line: Entry, refusal: Refusal) -> dict[str, Any]:
        """A line that no longer passes, as the pending correction lists it. A secret entry the
        table has seen (every hand shown) is named with its value and says why it fails on
        every phone; one it has not seen, only on its own seat's phone."""
        seen = self._shown_secret(line)
        words = (
            self.engine.shown(reads.state_at(self.session, self.table, line.prev_tip or 0), self._with_its_seat(line))
            if seen
            else None
        ) or _words(line)
        return {
            "seq": line.seq,
            "by": line.by,
            "entry": _dumped(words),
            "rule": refusal.rule,
            "message": refusal.message.dump(),
            "overridable": refusal.overridable,
            "secret_for": None if seen else self._secret_for(line),
            "seat": (line.action or {}).get("seat", line.by),
        }

    def _with_its_seat(self, line: Entry) -> Any:
        return self.engine.naming_its_seat(line.action, reads.by_from_text(line.by))

    def _secret_for(self, line: Entry) -> Any:
        """The seat a secret entry is for (only its phone reads why it fails: the sentence may
        name what it hides), else None."""
        action = line.action or {}
        if action.get("type") not in self.engine.secret_entries:
            return None
        return action.get("seat", reads.by_from_text(line.by))

    # ----------------------------------------------------------------------- its sentence
    def _sentence(self, by: By, change: Change, replacement: Text | None) -> Text:
        """The correction in words a player uses: the entry and what it became, in its round.
        Once the table has seen a secret entry, both values are named ("Ann 10♥ J♥ 7♦ → Q♦ J♦
        7♣") with what the correction settled; before, a secret stays unnamed on both sides."""
        target = self.plan.target
        name = None if by == HOST else self.table.seats[int(by)]["name"]
        entry, where = _words(target), self._where()
        if self._shown_secret(target):  # History keeps both values the table has seen
            old = self._with_its_seat(target)
            entry = self.engine.shown(self.before, old) or entry
            if change.kind == "correct" and self.shows_again:  # the new value is on the table too
                new = self.engine.naming_its_seat(change.action, by)
                changed = self.engine.changed(self.before, old, new)
                if changed is not None:
                    return _changed_sentence(changed, name, self._settled())
                replacement = self.engine.shown(self.before, new) or replacement
        elif change.kind == "correct" and self._secret(target) and str(entry) == str(replacement):  # not seen yet
            return _hidden_sentence(entry, where, name)
        return _plain_sentence(change.kind, entry, where, replacement, name)

    def _secret(self, target: Entry) -> bool:
        return (target.action or {}).get("type") in self.engine.secret_entries

    def _shown_secret(self, target: Entry) -> bool:
        return self._secret(target) and gate.shown(self.session, self.table, target)

    def _settled(self) -> Text | None:
        """What held the game before this correction and no longer does (its reason), or None."""
        after = {str(held) for held in self.engine.holds(self.state)}
        cleared = [
            held
            for held in self.engine.holds(reads.state_at(self.session, self.table, self.table.tip))
            if str(held) not in after
        ]
        return cleared[0] if cleared else None

    def _where(self) -> Text:
        """Where the entry stood, as players say it: "round 2" (History's heading over it), or
        "line 12 in History" (the number History shows by it) in a game without numbered rounds."""
        target = self.plan.target
        round_now = self._round_of(self.before)
        if round_now is None or round_now.number is None:
            return Text("line {seq} in History", seq=target.seq)
        if round_now.word == "Hand":
            return Text("hand {round}", round=round_now.number)
        return Text("round {round}", round=round_now.number)

    def _round_of(self, state: Any) -> Any:
        """The round strip's reading of ``state``: the round an entry made on it belongs to."""
        return self.engine.round_info(self.engine.view(state, None))


# Every correction line reads the same way, on the board, in History and on the table screen:
# who did it first, then the entry ("Corrected by the host: “Ben played 3♥” (round 1) → “Ben
# played 2♥”"). The board shows it as it is, not after a "Corrected:" of its own (issue 27: the
# word twice). Lines stored before keep their words (their templates stay in the catalogs).


def _hidden_sentence(entry: Any, where: Text, name: str | None) -> Text:
    """A secret entry the table has not seen, corrected: named neither before nor after."""
    if name is None:
        return Text(
            "Corrected by the host: “{entry}” ({where}); it stays hidden until it is shown", entry=entry, where=where
        )
    return Text(
        "Corrected by {name}: “{entry}” ({where}); it stays hidden until it is shown",
        entry=entry,
        where=where,
        name=name,
    )


def _plain_sentence(kind: str, entry: Any, where: Text, replacement: Text | None, name: str | None) -> Text:
    """A correction of ``kind`` by ``name`` (None: the host), the entry and what it became."""
    if kind == "correct":
        if name is None:
            return Text(
                "Corrected by the host: “{entry}” ({where}) → “{replacement}”",
                entry=entry,
                where=where,
                replacement=replacement,
            )
        return Text(
            "Corrected by {name}: “{entry}” ({where}) → “{replacement}”",
            entry=entry,
            where=where,
            replacement=replacement,
            name=name,
        )
    if kind == "remove":
        if name is None:
            return Text("Removed by the host: “{entry}” ({where})", entry=entry, where=where)
        return Text("Removed by {name}: “{entry}” ({where})", entry=entry, where=where, name=name)
    if kind == "insert":
        return Text(
            "Inserted by the host: “{entry}” before “{other}” ({where})", entry=replacement, other=entry, where=where
        )
    return Text("Accepted by the host as a table ruling: “{entry}” ({where})", entry=entry, where=where)


def _changed_sentence(changed: Text, name: str | None, settled: Text | None) -> Text:
    """A shown entry corrected: by whom, what changed (before → after), and what it settled."""
    if name is None:
        if settled is None:
            return Text("Corrected by the host: {changed}", changed=changed)
        return Text("Corrected by the host: {changed}. {settled}", changed=changed, settled=settled)
    if settled is None:
        return Text("Corrected by {name}: {changed}", changed=changed, name=name)
    return Text("Corrected by {name}: {changed}. {settled}", changed=changed, name=name, settled=settled)


def _words(line: Entry) -> Any:
    """An entry's history line without the notes it set off: "Ann played 8♠"."""
    words = reads.description(line)
    if isinstance(words, Text) and words.template.startswith("{p0}"):
        return words.params["p0"]
    return words


def _dumped(words: Any) -> Any:
    return words.dump() if isinstance(words, Text) else str(words)


# --------------------------------------------------------------------------- reading a pending one


def pending_view(table: GameTable, viewer: Any) -> dict[str, Any] | None:
    """The pending correction as ``viewer`` may see it: the sentence of the correction, then the
    entries that no longer pass (the first is the one to settle now), each with who made it, the
    rule and the sentence (for a secret entry, only on the phone of the seat it is for). None
    when nothing is pending."""
    pending = table.pending
    if not pending:
        return None
    return {
        "about": revive_texts(pending["about"]),
        "failing": [
            {**item, "entry": revive_texts(item["entry"]), "message": _message_for(item, viewer)}
            for item in pending["failing"]
        ],
        "rest": len(pending["rest"]),
        "unlisted": pending.get("unlisted", 0),
    }


HIDDEN_WHY = Text("Why it fails stays hidden: it would show what this entry keeps secret.")


def _message_for(item: dict[str, Any], viewer: Any) -> Text:
    secret_for = item.get("secret_for")
    if secret_for is not None and viewer != secret_for:
        return HIDDEN_WHY
    message: Text = revive_texts(item["message"])  # a Refusal's message, dumped
    return message


def is_correction(entry: Entry) -> bool:
    return entry.kind in KINDS
