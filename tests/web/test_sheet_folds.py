"""The score sheet's working kept with each snapshot (``snapshots.sheet``, issue 19): a board
reads one stored value, not the whole log, and still shows the sheet of every entry in force,
after undos too, and for snapshots stored before workings were kept."""

from __future__ import annotations

import random
import uuid

import pytest
from sqlalchemy import update
from sqlmodel import Session, select

from referee.table import reads, seats, writes
from referee.db import Snapshot
from referee.games.base import HOST


@pytest.fixture
def session(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def play_with_undos(session, code: str, steps: int, seed: int) -> None:
    """Random legal entries from the host, every seventh step an undo instead."""
    chance = random.Random(seed)
    for step in range(steps):
        session.expire_all()
        table = reads.find_table(session, code)
        if step % 7 == 6 and table.tip:
            writes.undo(session, code, HOST, table.seq, uuid.uuid4().hex)
            continue
        entries = reads.engine_of(table).legal_entries(reads.current_state(session, table))
        if not entries:
            return
        writes.record(session, code, HOST, chance.choice(entries), table.seq, uuid.uuid4().hex)


def sheet_from_everything(session, code: str):
    """The sheet read off every view in force (what a board read before workings were kept)."""
    table = reads.find_table(session, code)
    engine = reads.engine_of(table)
    view = engine.view(reads.current_state(session, table), None)
    return engine.score_sheet(view, lambda: reads.views_in_force(session, table, table.tip))


def sheet_from_the_stored_working(app, code: str):
    with Session(app.extensions["db_engine"]) as fresh:  # nothing kept from the writes
        table = reads.find_table(fresh, code)
        engine = reads.engine_of(table)
        view = engine.view(reads.current_state(fresh, table), None)
        return engine.folded_sheet(view, reads.sheet_fold_at(fresh, table, table.tip))


@pytest.mark.parametrize(
    "game_id, options",
    [("switch-16", {"game_mode": "race"}), ("switch-16", {"game_mode": "points"}), ("schwimmen", {"lives": "0"})],
)
def test_the_stored_working_gives_the_sheet_of_every_entry_in_force(app, session, game_id, options):
    code = seats.open_table(session, game_id, ["Ann", "Ben", "Cem"], options).code
    play_with_undos(session, code, 150, seed=19)
    wanted = sheet_from_everything(session, code)
    assert wanted.rows  # the walk got far enough to have a sheet
    assert sheet_from_the_stored_working(app, code) == wanted


def test_snapshots_stored_without_a_working_are_folded_once_and_entries_go_on(app, session):
    code = seats.open_table(session, "switch-16", ["Ann", "Ben", "Cem"], {"game_mode": "race"}).code
    play_with_undos(session, code, 40, seed=7)
    table = reads.find_table(session, code)
    session.exec(update(Snapshot).where(Snapshot.table_id == table.id).values(sheet=None))
    session.commit()
    assert sheet_from_the_stored_working(app, code) == sheet_from_everything(session, code)
    seq = table.seq
    play_with_undos(session, code, 5, seed=8)  # five entries, no undo
    table = reads.find_table(session, code)
    assert table.tip == table.seq == seq + 5
    assert (
        session.exec(select(Snapshot.sheet).where(Snapshot.table_id == table.id, Snapshot.seq == table.tip)).one()
        is not None
    )
    assert sheet_from_the_stored_working(app, code) == sheet_from_everything(session, code)
