"""What one viewer may know of a table: every read answer is computed from this (issue 25).

boardgame.io's ``playerView`` is the model: one function of (log, viewer) that leaves out every
value the viewer may not know yet. The board (page, htmx fragment, API state) is the game's
``view`` of the state for that viewer; the log's lines (History, the API's history, the exports,
the last tap on the board, a correction's page and banner) are said as that viewer may read
them: a secret entry's fields never (``Game.secret_entries``), and an entry the board keeps
from that viewer as its game says it then (``Game.kept_from``: "Ann picked a card"), as are the
undo and correction lines that quote it. Nothing else reads a log line or a state for output.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from sqlmodel import select

from ..table import claims, corrections, reads
from ..db import Entry, GameTable, Snapshot
from ..games.base import HOST, Text
from ..games.game import Game, RoundInfo
from . import sessions
from .common import db


class States:
    """The table's snapshots, each read and loaded once, and only when asked for: the seqs that
    have one are listed in one query, a state is read when a line needs it."""

    def __init__(self, session, table: GameTable, engine: Game):
        self.session, self.table, self.engine = session, table, engine
        self._stored: set[int] | None = None
        self.loaded: dict[int, Any] = {}
        self.rounds: dict[int | None, RoundInfo | None] = {}

    @property
    def stored(self) -> set[int]:
        if self._stored is None:
            self._stored = set(
                self.session.execute(select(Snapshot.seq).where(Snapshot.table_id == self.table.id)).scalars()
            )
        return self._stored

    def at(self, seq: int | None) -> Any:
        if seq is None:
            return None
        if seq not in self.loaded:
            if seq != self.table.tip and seq not in self.stored:
                return None
            self.loaded[seq] = reads.state_at(self.session, self.table, seq)
        return self.loaded[seq]

    def round_at(self, seq: int | None):
        if seq not in self.rounds:
            state = self.at(seq)
            self.rounds[seq] = self.engine.round_info(self.engine.view(state, None)) if state is not None else None
        return self.rounds[seq]


class Projection:
    """The table as ``viewer`` (HOST, a seat, or None) may know it, read from the log once per
    request and only where an answer needs it."""

    def __init__(self, session, table: GameTable, viewer, entries: list[Entry] | None = None, now: Any = None):
        self.session, self.table, self.viewer = session, table, viewer
        self.engine = reads.engine_of(table)
        self.states = States(session, table, self.engine)
        if now is not None:  # the state at the tip, read already
            self.states.loaded[table.tip] = now
        # the whole log by seq, when the answer reads it anyway (History, exports)
        self.entries = {entry.seq: entry for entry in entries} if entries is not None else None
        self._kept: dict[int, Any] = {}

    # ----------------------------------------------------------------------- the board
    def view(self, state: Any = None) -> dict:
        """The game's view of ``state`` (default: the table's now) for this viewer; of an earlier
        state, no more than the board now shows (``Game.view_at``)."""
        now = self.now
        if state is None or state is now:
            return claims.seat_view(self.session, self.table, now, self.viewer, self.engine)
        return claims.seat_view(
            self.session,
            self.table,
            state,
            self.viewer,
            self.engine,
            lambda then, viewer: self.engine.view_at(then, viewer, now),
        )

    @property
    def now(self) -> Any:
        return self.states.at(self.table.tip)

    # ----------------------------------------------------------------------- the log's lines
    def kept_line(self, entry: Entry) -> Any:
        """The entry's own words as this viewer's board would say them, when the board keeps
        its details from this viewer; None: nothing kept."""
        if entry.seq not in self._kept:
            self._kept[entry.seq] = self._kept_from(entry)
        return self._kept[entry.seq]

    def _kept_from(self, entry: Entry) -> Any:
        action = action_of(entry)
        if entry.kind != "entry" or not self.engine.may_keep(action) or not self._keeps_any:
            return None
        if entry.seq in self._earlier_rounds:
            return None
        before, now = self.states.at(entry.prev_tip), self.now
        if before is None or now is None:
            return None
        return self.engine.kept_from(before, action, now, self.viewer)

    @cached_property
    def _keeps_any(self) -> bool:
        now = self.now
        return now is not None and self.engine.keeps_from(now, self.viewer)

    @cached_property
    def _earlier_rounds(self) -> set[int]:
        """The entries in force made in an earlier round than the one in progress, whose states
        need no loading (``Move.kept_from`` keeps nothing of a round gone by). Found by bisection
        on the entries in force, as rounds only move forward along them: a few states read,
        whatever the game's length. Without the whole log (a board's last line): none."""
        if self.entries is None:
            return set()
        chain = reads.in_force(list(self.entries.values()), self.table.tip)
        now = self.states.round_at(self.table.tip)
        if now is None or now.number is None:
            return set()
        low, high = 0, len(chain)  # chain[:low] are of earlier rounds, chain[high:] of this one
        while low < high:
            middle = (low + high) // 2
            if same_round(self.states.round_at(self.entries[chain[middle]].prev_tip), now):
                high = middle
            else:
                low = middle + 1
        return set(chain[:low])

    def words(self, entry: Entry) -> Any:
        """The entry's history line (its words, then the notes it set off) for this viewer."""
        line = reads.description(entry)
        if entry.kind == "entry":
            kept = self.kept_line(entry)
            return line if kept is None else with_own_words(line, kept)
        return self._retold(entry, line)

    def own_words(self, entry: Entry) -> Any:
        """The entry's words without its notes ("Ben played 3♥"), for this viewer."""
        return own_words(self.words(entry))

    def _retold(self, record: Entry, line: Any) -> Any:
        """An undo or correction line, with the words of the entries it quotes that are kept
        from this viewer said as the board says them."""
        swaps = {_key(own_words(reads.description(entry))): kept for entry, kept in self._quoted_kept(record)}
        return _swapped(line, swaps) if swaps else line

    def _quoted_kept(self, record: Entry) -> list[tuple[Entry, Any]]:
        """The entries an undo or correction line quotes that are kept from this viewer, with
        their words as this viewer's board says them."""
        quoted = [seq for seq in (record.voids, record.corrects) if seq]
        quoted += [replacement.seq for replacement in self._replacements_of(record)]
        lines = [entry for entry in map(self._line_at, quoted) if entry is not None]
        return [(entry, kept) for entry in lines if (kept := self.kept_line(entry)) is not None]

    def _line_at(self, seq: int) -> Entry | None:
        if self.entries is not None:
            return self.entries.get(seq)
        return reads.history_entry(self.session, self.table, seq)

    def _replacements_of(self, record: Entry) -> list[Entry]:
        """The entry lines a correction put in place of the one it corrected (or inserted)."""
        if record.kind == "void" or record.corrects is None:
            return []
        if self.entries is not None:
            return [
                entry
                for entry in self.entries.values()
                if entry.kind == "entry" and entry.replaces == record.corrects and entry.seq < record.seq
            ]
        return list(
            self.session.exec(
                select(Entry).where(
                    Entry.table_id == self.table.id,
                    Entry.replaces == record.corrects,
                    Entry.seq < record.seq,
                    Entry.kind == "entry",
                )
            )
        )

    def _tells_less(self, entry: Entry) -> bool:
        """Is the line said to this viewer other than as the log wrote it?"""
        return self.kept_line(entry) is not None if entry.kind == "entry" else bool(self._quoted_kept(entry))

    def pending(self) -> dict | None:
        """The pending correction (``corrections.pending_view``) as this viewer may read it: the
        entries that no longer pass, and the correction's sentence, said as History says them;
        why an entry kept from this viewer fails stays hidden too (its sentence names cards)."""
        pending = corrections.pending_view(self.table, self.viewer)
        if pending is None:
            return None
        failing = []
        for item in pending["failing"]:
            entry = self._line_at(item["seq"])
            kept = self.kept_line(entry) if entry is not None else None
            failing.append(item if kept is None else {**item, "entry": kept, "message": corrections.HIDDEN_WHY})
        record = self._line_at(self.table.seq)
        about = pending["about"] if record is None or record.kind == "entry" else self._retold(record, pending["about"])
        return {**pending, "about": about, "failing": failing}

    def description(self, entry: Entry) -> str:
        """The line in English, as the API and the exports give it (cut as the log's column is)."""
        return str(self.words(entry))[:300] if self._tells_less(entry) else entry.description

    def action(self, entry: Entry) -> dict | None:
        """The entry's fields as the exports give them: a secret entry's, and one kept from this
        viewer, as its type and seat only."""
        action = entry.action
        if action is None:
            return None
        if action.get("type") in self.engine.secret_entries or self._tells_less(entry):
            return {k: v for k, v in action.items() if k in ("type", "seat")}
        return action


def of_this_phone(table: GameTable, entries: list[Entry] | None = None) -> Projection:
    """The table as the phone (or client) asking may know it; an answer that shows a seat's or
    the host's secrets is kept by no cache."""
    viewer = sessions.who(table)
    sessions.showing_secrets_of(viewer)
    return Projection(db(), table, viewer, entries)


def same_round(one: RoundInfo | None, other: RoundInfo | None) -> bool:
    return (one and one.word, one and one.number) == (other and other.word, other and other.number)


def action_of(entry: Entry) -> dict[str, Any]:
    """The entry as stored, with its seat: an entry a seat's phone made for itself may leave
    the seat out (the log keeps only the fields the game read)."""
    action = dict(entry.action) if isinstance(entry.action, Mapping) else {}
    if "seat" not in action and entry.by != HOST and entry.by.isdigit():
        action["seat"] = int(entry.by)
    return action


def own_words(description: Any) -> Any:
    """A history line's own words, without the notes ``writes.history_line`` joined to it as p1…"""
    if isinstance(description, Text) and "p0" in description.params:
        return description.params["p0"]
    return description


def with_own_words(description: Any, words: Any) -> Any:
    """``description`` with its own words replaced by ``words``, its notes kept."""
    if isinstance(description, Text) and "p0" in description.params:
        return Text(description.template, description.plural, **{**description.params, "p0": words})
    return words


def _key(words: Any) -> Any:
    return repr(words.dump()) if isinstance(words, Text) else repr(str(words))


def _swapped(line: Any, swaps: dict[Any, Any]) -> Any:
    """``line`` with each part that is one of ``swaps``' words replaced (recursively)."""
    if _key(line) in swaps:
        return swaps[_key(line)]
    if isinstance(line, Text):
        return Text(line.template, line.plural, **{name: _swapped(value, swaps) for name, value in line.params.items()})
    return line
