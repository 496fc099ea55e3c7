"""The play log over random games: snapshots equal a replay of the log, an undo restores the
state before the entry exactly, and a retried key never records twice."""

from __future__ import annotations

import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_
from sqlmodel import Session

from referee.table import reads, seats, writes
from referee.games.switch_to import GAME
from referee.games.base import HOST, Refusal

SETTINGS = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(data=st_.data(), players=st_.integers(min_value=2, max_value=4))
def test_random_games_with_undos_replay_to_their_snapshots(app, data, players):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        table = seats.open_table(session, "switch-to", ["A", "B", "C", "D"][:players], {})
        code, history = table.code, [GAME.dump(reads.current_state(session, table))]
        for _ in range(data.draw(st_.integers(min_value=5, max_value=40))):
            table = reads.find_table(session, code)
            state = reads.current_state(session, table)
            entries = GAME.legal_entries(state)
            if len(history) > 1 and (not entries or data.draw(st_.integers(0, 5)) == 0):
                try:
                    recorded = writes.undo(session, code, HOST, table.seq, uuid.uuid4().hex)
                except Refusal as refusal:  # issue 17 item 4: the predictions were shown
                    assert refusal.rule == "ST-R2" and history[-2]["phase"] == "predict" != history[-1]["phase"]
                    if not entries:
                        break
                    continue
                history.pop()
                assert GAME.dump(recorded.state) == history[-1]
                continue
            if not entries:
                break
            key = uuid.uuid4().hex
            entry = data.draw(st_.sampled_from(entries))
            recorded = writes.record(session, code, HOST, entry, table.seq, key)
            history.append(GAME.dump(recorded.state))
            again = writes.record(session, code, HOST, entry, table.seq, key)
            assert again.replayed and GAME.dump(again.state) == history[-1]
        table = reads.find_table(session, code)
        assert GAME.dump(reads.current_state(session, table)) == history[-1]
        assert GAME.dump(reads.replay(session, table)) == history[-1]
        seqs = [entry.seq for entry in reads.history(session, table)]
        assert seqs == list(range(1, len(seqs) + 1))
