"""Many phones at many tables writing at once, against gunicorn (several worker processes, each
with several threads) on an SQLite file and on PostgreSQL.

What must hold: every acknowledged entry is in the log exactly once, seqs have no gaps, phones
racing for one turn get exactly one success and 409s carrying the winner's board, and a key sent
again (also at the same moment) never records twice. The phones are ``bench.phones.SimTable``:
they play legal games drawn from each engine's ``legal_entries`` and check every answer against
the state they compute with the same pure engine.
"""

from __future__ import annotations

import random
import threading
import uuid

import pytest

from bench.live import Client, Gunicorn
from bench.phones import SimTable, Stats, playable_games, verify

TABLES = 8


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request, fresh_database, tmp_path_factory):
    database = fresh_database(request.param)
    log_path = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    running = Gunicorn(database, workers=3, threads=4, log_path=log_path).start()
    yield running
    running.kill()  # nothing to wait for: every answer is in
    assert "Traceback" not in log_path.read_text()


def play_tables(client: Client, tables: list[SimTable], steps: list[str | None]) -> Stats:
    """Every table plays ``steps`` (None: a random step) in a thread of its own, all at once."""

    def play(table: SimTable) -> None:
        for kind in steps:
            if table.over():
                return
            table.step(kind)

    threads = [threading.Thread(target=play, args=(table,)) for table in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stats = Stats()
    for table in tables:
        stats.add(table.stats)
    return stats


def test_many_phones_at_many_tables_lose_nothing_and_record_nothing_twice(server):
    client = Client(server.base)
    rng, games = random.Random(7), list(playable_games())
    tables = [SimTable(client, games[i % len(games)], random.Random(rng.random())) for i in range(TABLES)]
    # Every phone of a table entering at once, then a mix of plain entries, races of two,
    # double taps, undos and reads; the tables all play at the same time.
    stats = play_tables(client, tables, ["stampede"] * 3 + [None] * 10)

    assert stats.anomalies == []
    assert stats.races >= 3 * len(tables) and stats.double_taps > 0
    verdict = verify(server.database, client, tables)
    assert verdict.problems == []
    assert verdict.ok and verdict.acknowledged >= 10 * len(tables)


def switch_to_table_in_play(client: Client) -> SimTable:
    """A Switch To table of three, predictions in (no tie), in the play phase."""
    table = SimTable(client, "switch-to", random.Random(1), players=3)
    table.enter({"type": "start_round"})
    for seat, value in enumerate([2, 1, 1]):
        table.enter({"type": "predict", "seat": seat, "value": value})
    assert table.stats.anomalies == [] and table.state.phase == "play"
    return table


def test_two_phones_racing_for_the_same_turn_one_wins_one_gets_the_fresh_board(server):
    client = Client(server.base)
    table = switch_to_table_in_play(client)
    for _turn in range(4):
        seat = table.state.turn
        plays = [a for a in table.legal() if a["type"] == "play"]
        seat_entries = [a for a in table.legal() if a.get("seat") == seat]  # host-only ones are listed too
        plays = table.rng.sample(plays if len(plays) >= 2 else seat_entries, 2)
        bodies = [table.play_body(action) for action in plays]
        # The seat's own phone and the host's phone, on the same board, at the same moment.
        answers = table.at_once(
            [
                lambda body=bodies[0], seat=seat: table.post_play(body, seat),
                lambda body=bodies[1]: table.post_play(body, "host"),
            ]
        )
        assert sorted(status for status, _ in answers) == [200, 409], answers
        won = [status for status, _ in answers].index(200)
        lost_answer = answers[1 - won][1]
        table.acknowledged(answers[won][1], bodies[won], [seat, "host"][won])
        assert lost_answer["error"]["rule"] == "STALE"
        assert lost_answer["seq"] == table.seq
        table.check_fresh_board(lost_answer, [seat, "host"][1 - won])  # the winner's play is on it
    assert table.stats.anomalies == []
    assert verify(server.database, client, [table]).ok


def test_a_key_sent_again_records_once_even_at_the_same_moment(server):
    client = Client(server.base)
    table = switch_to_table_in_play(client)
    body = table.play_body({"type": "play", "seat": table.state.turn, "cards": "5S"})
    answers = table.at_once([lambda: table.post_play(body, "host")] * 8)

    assert [status for status, _ in answers] == [200] * 8, answers
    assert {answer["entry"]["seq"] for _, answer in answers} == {table.seq + 1}
    assert [answer["replayed"] for _, answer in answers].count(False) == 1
    table.acknowledged(answers[0][1], body, "host")

    table.step("entry")
    status, again = table.post_play(body, "host")  # a late retry, after the table moved on
    assert status == 200 and again["replayed"] and again["entry"]["seq"] == table.seq - 1
    status, board = client.call("GET", f"/api/tables/{table.code}")
    assert board["seq"] == table.seq
    undo_body = {"expected_seq": table.seq, "key": uuid.uuid4().hex}
    undos = table.at_once([lambda: client.call("POST", f"/api/tables/{table.code}/undo", undo_body, table.host)] * 4)
    assert [status for status, _ in undos] == [200] * 4 and {u["entry"]["seq"] for _, u in undos} == {table.seq + 1}
    table.states.pop()
    table.makers.pop()
    table.record_ack(undos[0][1], undo_body["key"], "void", None, "host")

    verdict = verify(server.database, client, [table])
    assert verdict.problems == [] and verdict.acknowledged == 7  # 5 to set up, 1 more, 1 undo
