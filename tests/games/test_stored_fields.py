"""Issue 17 item 5: ``Game.accept`` keeps only the fields the game read, and those fields alone
give the same state again (what replaying the log does), for every game, legal entries or junk,
with or without a ruling."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.base import HOST, Refusal
from tests.games.walks import FIELDS

EXTRA = {"not_a_field": ["x"] * 50}


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_kept_fields_replay_to_the_same_state(game_id, data):
    engine = GAMES[game_id]
    players = data.draw(st.integers(engine.min_players, engine.max_players))
    state = engine.new_game([f"P{i}" for i in range(players)], {})
    for _ in range(data.draw(st.integers(1, 25))):
        legal = engine.legal_entries(state)
        if legal and data.draw(st.booleans()):
            action, by = dict(data.draw(st.sampled_from(legal))), HOST
        else:
            action = {"type": data.draw(st.sampled_from(sorted(engine.entry_types))), **data.draw(FIELDS)}
            by = data.draw(st.sampled_from([HOST, 0, players - 1]))
        ruling = data.draw(st.booleans())
        try:
            after, kept = engine.accept(state, {**action, **EXTRA}, by, ruling=ruling)
        except Refusal:
            continue
        assert "not_a_field" not in kept
        assert all(kept[name] == action[name] for name in kept)
        assert engine.dump(engine.apply(state, kept, by, ruling=ruling)) == engine.dump(after)
        state = after
