"""History as a score pad (issue 15): the log's lines under a heading per round, newest first.

Each line says its entry once: a note that only says the entry again more fully stands in its
place (``Move.restated_by``). A secret entry (a prediction, a task, the trumps, a reveal) says
what it hid once the table has seen it (``Game.shows_secrets``, ``Move.shown``), and never
before. A choice made again before the reveal points to the line that replaced it, and what a
showdown settled (lives lost) is said under the entry that settled it (``Game.settled``).

Everything is worked out from the log and its snapshots at reading time, so lines written
before this existed read the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from ..table import reads
from ..db import Entry, GameTable
from ..games.base import HOST, Text
from ..games.game import Game, RoundInfo
from .projection import Projection, States, action_of, same_round


@dataclass
class PadLine:
    entry: Entry
    said: Any  # the line (a Text or, for old lines, a str)
    also: list[Any] = field(default_factory=list)  # the notes that add to it
    settled: list[Any] = field(default_factory=list)  # what it settled (lives lost), said below it
    replaced_by: int | None = None  # a later choice of the same seat replaced it
    by_other: bool = True  # entered by someone other than its own seat

    @property
    def at(self) -> datetime:
        """When it was written, in UTC (SQLite hands the time back without its zone)."""
        at = self.entry.created_at
        return at if at.tzinfo else at.replace(tzinfo=timezone.utc)


@dataclass
class PadRound:
    info: RoundInfo | None
    lines: list[PadLine]


def history_pad(seen: Projection, entries: list[Entry], in_force: set[int]) -> list[PadRound]:
    """The history page's rounds, newest first, each with its lines newest first, as the
    viewer of ``seen`` may read them."""
    engine, table, states = seen.engine, seen.table, seen.states
    by_seq = {entry.seq: entry for entry in entries}
    chain = [by_seq[seq] for seq in reads.in_force(entries, table.tip)]  # in the order they apply
    shown, replaced = _shown_secrets(engine, states, chain)
    shown |= _shown_before_taken_off(engine, states, entries, in_force)
    replaced.update(_replaced_choices(engine, chain))
    chain_rounds = _rounds_along(states, chain)
    rounds: list[PadRound] = []
    info = None
    for entry in entries:
        if entry.kind == "entry":
            found = chain_rounds[entry.seq] if entry.seq in chain_rounds else states.round_at(entry.prev_tip)
            info = found or info
        line = _line(seen, entry, entry.seq in shown, replaced.get(entry.seq), entry.seq in in_force)
        if rounds and same_round(rounds[-1].info, info):
            rounds[-1].lines.append(line)
        else:
            rounds.append(PadRound(info, [line]))
    for pad_round in rounds:
        pad_round.lines.reverse()
    return rounds[::-1]


def _rounds_along(states: States, chain: list[Entry]) -> dict[int, RoundInfo | None]:
    """Seq -> the round each entry in force was made in. Rounds only move forward along the
    entries in force, so a stretch whose first and last entries share a round is that round
    throughout: only the states where the round changes are loaded, not every one."""
    found: dict[int, RoundInfo | None] = {}

    def fill(low: int, high: int) -> None:
        first, last = states.round_at(chain[low].prev_tip), states.round_at(chain[high].prev_tip)
        if same_round(first, last):
            found.update((entry.seq, first) for entry in chain[low : high + 1])
            return
        if high - low <= 1:
            found[chain[low].seq], found[chain[high].seq] = first, last
            return
        middle = (low + high) // 2
        fill(low, middle)
        fill(middle, high)

    if chain:
        fill(0, len(chain) - 1)
    return found


def _line(seen: Projection, entry: Entry, shown: bool, replaced_by: int | None, in_force: bool) -> PadLine:
    engine, states = seen.engine, seen.states
    said, notes = _parts(seen.words(entry))
    action = action_of(entry)
    line = PadLine(entry, said, replaced_by=replaced_by, by_other=not _entered_by_its_seat(entry, action))
    if entry.kind != "entry":
        return line
    restating = next((note for note in notes if engine.restates(action, note)), None)
    if restating is not None:
        line.said = restating
        notes = [note for note in notes if note is not restating]
    line.also = list(notes)
    if shown and replaced_by is None and states.at(entry.prev_tip) is not None:
        line.said = engine.shown(states.at(entry.prev_tip), action) or line.said
    if in_force and engine.settles(action):
        before, after = states.at(entry.prev_tip), states.at(entry.seq)
        if before is not None and after is not None:
            line.settled = engine.settled(before, action, after)
    return line


def words_by_seq(rounds: list[PadRound]) -> dict[int, Any]:
    """Seq -> each line's words as History says them: a line that points to another (corrected,
    changed, in place of) names it by its words, not by its number."""
    return {line.entry.seq: line.said for pad_round in rounds for line in pad_round.lines}


def _parts(description: Any) -> tuple[Any, list[Any]]:
    """An entry's own words and the notes it set off (``writes.history_line`` joins them as p0, p1…)."""
    if isinstance(description, Text) and "p0" in description.params:
        params = description.params
        return params["p0"], [params[f"p{n}"] for n in range(1, len(params)) if f"p{n}" in params]
    return description, []


def _entered_by_its_seat(entry: Entry, action: Mapping[str, Any]) -> bool:
    """ "Ann played 6♠" entered on Ann's phone needs no "entered by Ann"."""
    seat = action.get("seat")
    return entry.by != HOST and isinstance(seat, int) and entry.by == str(seat)


def shown_secret_seqs(session, table: GameTable, entries: list[Entry]) -> set[int]:
    """The seqs of the secret entries in force whose values the table has been shown (the
    predictions once all were in): what the export may carry, as the history pad says them."""
    engine = reads.engine_of(table)
    by_seq = {entry.seq: entry for entry in entries}
    chain = [by_seq[seq] for seq in reads.in_force(entries, table.tip)]
    return _shown_secrets(engine, States(session, table, engine), chain)[0]


def _shown_secrets(engine: Game, states: States, chain: list[Entry]) -> tuple[set[int], dict[int, int]]:
    """The secret entries in force that a later entry (or they themselves) showed the table, and
    seq -> seq for those a later secret entry of the same kind and seat replaced before the reveal
    (the trumps typed again): only what the table was shown is said."""
    secret, waiting, shown, replaced = engine.secret_entries, {}, set(), {}
    for entry in chain:
        action = action_of(entry)
        if action.get("type") in secret:
            kind = (action["type"], str(action.get("seat")))
            if kind in waiting:
                replaced[waiting[kind]] = entry.seq
            waiting[kind] = entry.seq
        if not waiting or not engine.may_show_secrets(action):
            continue  # nothing hidden, or an entry that shows nothing: no state to load
        before, after = states.at(entry.prev_tip), states.at(entry.seq)
        if before is not None and after is not None and engine.shows_secrets(before, action, after):
            shown.update(waiting.values())
            waiting = {}
    return shown, replaced


def _shown_before_taken_off(engine: Game, states: States, entries: list[Entry], in_force: set[int]) -> set[int]:
    """The secret entries no longer in force (corrected, checked again after a correction) that
    the table saw while they were: they, or an entry made on top of them, showed it. The
    correction that took one off names its value; its own line says it too (issue 27)."""
    secret = engine.secret_entries
    on_top: dict[int, list[Entry]] = {}
    for entry in entries:
        if entry.kind == "entry" and entry.prev_tip is not None:
            on_top.setdefault(entry.prev_tip, []).append(entry)
    return {
        entry.seq
        for entry in entries
        if entry.kind == "entry"
        and entry.seq not in in_force
        and action_of(entry).get("type") in secret
        and _showed_it(engine, states, entry, on_top)
    }


def _showed_it(engine: Game, states: States, entry: Entry, on_top: dict[int, list[Entry]]) -> bool:
    """Did ``entry`` or an entry made on top of it (following ``prev_tip`` up) show secrets?"""
    stack = [entry]
    while stack:
        line = stack.pop()
        action = action_of(line)
        if engine.may_show_secrets(action):
            before, after = states.at(line.prev_tip), states.at(line.seq)
            if before is not None and after is not None and engine.shows_secrets(before, action, after):
                return True
        stack.extend(on_top.get(line.seq, []))
    return False


def _replaced_choices(engine: Game, chain: list[Entry]) -> dict[int, int]:
    """Seq -> the seq that replaced it: in a run of entries every seat makes at once (predictions,
    tasks, declarations), a seat's earlier entry is replaced by its later one."""
    replaced: dict[int, int] = {}
    run_type, latest = None, {}
    for entry in chain:
        action = action_of(entry)
        move = engine.moves.get(action.get("type")) if isinstance(action.get("type"), str) else None
        if move is None or not move.any_order:
            run_type, latest = None, {}
            continue
        if action["type"] != run_type:
            run_type, latest = action["type"], {}
        seat = str(action.get("seat"))
        if seat in latest:
            replaced[latest[seat]] = entry.seq
        latest[seat] = entry.seq
    return replaced
