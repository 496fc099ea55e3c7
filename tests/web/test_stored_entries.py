"""Issue 17 item 5: the log stores only the fields of an entry the game reads. Extra fields
were stored verbatim and pretty-printed by export.json: one 61 KB form post became a 55.7 MB
export. Entries stored before this (with extra fields) still replay."""

from __future__ import annotations

from sqlmodel import Session, select

from referee.table import reads
from referee.db import Entry
from tests.helpers import Phone

from .api_driver import TableDriver

A, B = 0, 1


def deep(levels: int):
    """A value nested ``levels`` deep: each level one more line and indent in a pretty print."""
    value: object = "x"
    for _ in range(levels):
        value = [value, {"k": 0}]
    return value


def stored_actions(app, code: str) -> list[dict]:
    with Session(app.extensions["db_engine"]) as session:
        table = reads.find_table(session, code)
        return [entry.action for entry in reads.history(session, table) if entry.kind == "entry"]


def test_extra_fields_sent_through_the_api_are_not_stored_or_exported(app, client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    table.enter({"type": "start_round", "removed_suit": "C", "junk": [deep(25)] * 20, "note": "x" * 20_000})
    table.enter({"type": "predict", "value": 1, "padding": ["y"] * 5_000}, by=A, seat=A)
    assert stored_actions(app, table.code) == [
        {"type": "start_round", "removed_suit": "C"},
        {"type": "predict", "value": 1, "seat": A},
    ]
    exported = client.get(f"/t/{table.code}/export.json")
    assert exported.status_code == 200 and len(exported.data) < 20_000
    assert exported.json["entries"][0]["action"] == {"type": "start_round", "removed_suit": "C"}


def test_extra_fields_of_a_form_post_are_not_stored(app):
    host = Phone(app)
    code = host.open_table(["Ann", "Ben"])
    host.look()
    answer = host.enter({"type": "start_round", "removed_suit": "C", "junk": "z" * 60_000, "more#0": "1"})
    assert answer.status_code == 200
    assert stored_actions(app, code) == [{"type": "start_round", "removed_suit": "C"}]


def test_the_same_tap_again_with_its_extra_fields_is_answered_as_the_first(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    action = {"type": "start_round", "removed_suit": "C", "junk": 1}
    first = table.enter(action, key="tap-1")
    again = table.enter(action, key="tap-1", seq=first["seq"] - 1)
    assert again["seq"] == first["seq"] and again.get("replayed") is True


def test_entries_stored_with_extra_fields_before_still_replay(app, client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    table.enter({"type": "start_round", "removed_suit": "C"})
    table.enter({"type": "predict", "value": 1}, by=A, seat=A)
    with Session(app.extensions["db_engine"]) as session:
        found = reads.find_table(session, table.code)
        for entry in session.exec(select(Entry).where(Entry.table_id == found.id)).all():
            entry.action = {**entry.action, "stored_before": deep(5)}  # as the log used to keep them
            session.add(entry)
        session.commit()
        replayed = reads.engine_of(found).dump(reads.replay(session, found))
        assert replayed == reads.engine_of(found).dump(reads.current_state(session, found))
    assert client.get(f"/t/{table.code}/export.json").status_code == 200
