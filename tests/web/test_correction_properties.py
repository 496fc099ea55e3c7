"""Corrections over random games of every engine, through the log on SQLite (issue 18, part 2):
correcting an entry to itself changes nothing; correcting it to another legal entry gives the
state of the game played that way from the start, as far as the later entries still pass (the
first that does not is the one pending); removing an entry and putting it back is the identity.
After each, the snapshots equal a replay of the log alone."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, select

from referee.table import corrections, reads, seats, writes
from referee.db import Snapshot
from referee.games import GAMES
from referee.games.base import HOST, Refusal

SETTINGS = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
NAMES = ["Ann", "Ben", "Cem", "Dee", "Eve", "Fay"]


@pytest.fixture
def session(app, database_url):
    if not database_url.startswith("sqlite"):
        pytest.skip("the property tests run on SQLite; the web tests cover PostgreSQL")
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def key() -> str:
    return uuid.uuid4().hex


def open_table(session, game_id: str, players: int) -> str:
    return seats.open_table(session, game_id, NAMES[:players], {}).code


def play(session, code: str, actions: list[dict]) -> None:
    for action in actions:
        table = reads.find_table(session, code)
        writes.record(session, code, HOST, action, table.seq, key())


def random_game(session, game_id: str, data) -> tuple[str, list[dict]]:
    """A table where the host entered a random legal game of a few entries (seq n is entry n)."""
    game = GAMES[game_id]
    code = open_table(session, game_id, data.draw(st.integers(game.min_players, game.max_players), label="players"))
    actions = []
    for _ in range(data.draw(st.integers(3, 36), label="length")):
        entries = game.legal_entries(reads.current_state(session, reads.find_table(session, code)))
        if not entries:
            break
        actions.append(data.draw(st.sampled_from(entries), label="entry"))
        play(session, code, actions[-1:])
    assume(len(actions) >= 2)
    return code, actions


def dumped(session, code: str) -> dict:
    table = reads.find_table(session, code)
    return reads.engine_of(table).dump(reads.current_state(session, table))


def actions_in_force(session, code: str) -> list[dict]:
    table = reads.find_table(session, code)
    entries = reads.history(session, table)
    by_seq = {entry.seq: entry for entry in entries}
    return [by_seq[seq].action for seq in reads.in_force(entries, table.tip)]


def correct(session, code: str, target: int, change: corrections.Change) -> writes.Recorded:
    table = reads.find_table(session, code)
    return corrections.correct(session, code, HOST, target, change, table.seq, key())


def assert_replays_to_its_snapshot(session, code: str) -> None:
    """The state, and the score sheet from the working stored with the tip's snapshot."""
    table = reads.find_table(session, code)
    engine = reads.engine_of(table)
    assert engine.dump(reads.replay(session, table)) == engine.dump(reads.current_state(session, table))
    view = engine.view(reads.current_state(session, table), None)
    stored = session.exec(select(Snapshot.sheet).where(Snapshot.table_id == table.id, Snapshot.seq == table.tip)).one()
    assert engine.folded_sheet(view, stored) == engine.score_sheet(
        view, lambda: reads.views_in_force(session, table, table.tip)
    )


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_correcting_an_entry_to_itself_changes_nothing(session, game_id, data):
    code, actions = random_game(session, game_id, data)
    stored = actions_in_force(session, code)  # as the log keeps them: the fields the game read
    before = dumped(session, code)
    target = data.draw(st.integers(1, len(actions)), label="target")
    recorded = correct(session, code, target, corrections.Change("correct", actions[target - 1]))
    table = reads.find_table(session, code)
    assert table.pending is None and not recorded.replayed
    assert dumped(session, code) == before
    assert actions_in_force(session, code) == stored
    assert_replays_to_its_snapshot(session, code)
    said = reads.description(recorded.entry).params
    if "changed" in said:  # a hand the table has seen is named by its cards, not its place
        assert str(said["changed"]).count("→") == 1
    else:
        assert said["where"] == where_it_stood(session, code, target)


def where_it_stood(session, code: str, target: int) -> str:
    """The correction's "round 2", worked out the long way: the round of the state before it."""
    table = reads.find_table(session, code)
    game = reads.engine_of(table)

    def round_before(seq: int):
        return game.round_info(game.view(reads.state_at(session, table, seq - 1), None))

    info = round_before(target)
    event(
        "no numbered rounds"
        if info is None or info.number is None
        else "round 1"
        if info.number == 1
        else "a later round"
    )
    if info is None or info.number is None:
        return f"line {target} in History"
    return f"{'hand' if info.word == 'Hand' else 'round'} {info.number}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_correcting_to_another_entry_is_the_game_played_that_way(session, game_id, data):
    code, actions = random_game(session, game_id, data)
    target = data.draw(st.integers(1, len(actions)), label="target")
    table = reads.find_table(session, code)
    before_target = reads.state_at(session, table, target - 1)  # no undos: entry n is seq n
    others = [entry for entry in GAMES[game_id].legal_entries(before_target) if entry != actions[target - 1]]
    assume(others)
    other = data.draw(st.sampled_from(others), label="other")
    correct(session, code, target, corrections.Change("correct", other))

    # The same game entered that way from the start, up to the first later entry refused.
    fresh = open_table(session, game_id, len(table.seats))
    play(session, fresh, [*actions[: target - 1], other])
    first_refused = None
    for seq, action in enumerate(actions[target:], start=target + 1):
        try:
            play(session, fresh, [action])
        except Refusal:
            first_refused = seq
            break
    pending = reads.find_table(session, code).pending
    event("a later entry no longer passes" if pending else "every later entry passes")
    assert (pending["rest"][0] if pending else None) == first_refused
    assert dumped(session, code) == dumped(session, fresh)
    assert actions_in_force(session, code) == actions_in_force(session, fresh)
    assert_replays_to_its_snapshot(session, code)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_removing_an_entry_and_adding_it_back_is_the_identity(session, game_id, data):
    code, actions = random_game(session, game_id, data)
    stored = actions_in_force(session, code)  # as the log keeps them: the fields the game read
    before = dumped(session, code)
    target = data.draw(st.integers(1, len(actions)), label="target")
    correct(session, code, target, corrections.Change("remove"))
    event("a later entry no longer passes" if reads.find_table(session, code).pending else "every later entry passes")
    assert_replays_to_its_snapshot(session, code)
    in_force = actions_in_force(session, code)
    assert in_force[: target - 1] == stored[: target - 1] and len(in_force) < len(actions)

    if target == len(actions):  # the last entry: added back as any entry is
        assert reads.find_table(session, code).pending is None
        play(session, code, [actions[-1]])
    else:
        correct(
            session, code, standing_for(session, code, target + 1), corrections.Change("insert", actions[target - 1])
        )
    assert reads.find_table(session, code).pending is None
    assert dumped(session, code) == before
    assert actions_in_force(session, code) == stored
    assert_replays_to_its_snapshot(session, code)


def standing_for(session, code: str, seq: int) -> int:
    """Where entry ``seq`` stands now: the line in force that re-entered it, or ``seq`` itself
    when it is the pending entry that no longer passes."""
    table = reads.find_table(session, code)
    entries = reads.history(session, table)
    in_force = set(reads.in_force(entries, table.tip))
    again = [entry.seq for entry in entries if entry.replaces == seq and entry.seq in in_force]
    if again:
        return again[0]
    assert table.pending["rest"][0] == seq
    return seq


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_settling_a_pending_correction_is_the_game_with_those_rulings(session, game_id, data):
    """Each later entry that no longer passes is accepted as a ruling (when a ruling may
    override its rule) or dropped; the end is the fold of the engine with the same choices,
    and the table takes entries again."""
    code, actions = random_game(session, game_id, data)
    game = GAMES[game_id]
    target = data.draw(st.integers(1, len(actions) - 1), label="target")
    correct(session, code, target, corrections.Change("remove"))
    state = game.new_game(NAMES[: len(reads.find_table(session, code).seats)], {})
    for action in actions[: target - 1]:
        state = game.apply(state, action, HOST)
    for seq, action in enumerate(actions[target:], start=target + 1):
        try:
            state = game.apply(state, action, HOST)
            continue
        except Refusal as refusal:
            pending = reads.find_table(session, code).pending
            assert pending["rest"][0] == seq and pending["failing"][0]["rule"] == refusal.rule
            accept = refusal.overridable and data.draw(st.booleans(), label="accept")
        if accept:
            state = game.apply(state, action, HOST, ruling=True)
        correct(session, code, seq, corrections.Change("accept" if accept else "remove"))
    assert reads.find_table(session, code).pending is None
    assert dumped(session, code) == game.dump(state)
    assert_replays_to_its_snapshot(session, code)
