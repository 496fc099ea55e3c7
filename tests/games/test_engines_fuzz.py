"""Every engine, fed any sequence of entries (plausible or junk, from any phone, as rulings or
not): nothing but a Refusal ever comes out, and every state it reaches can be viewed,
described and stored as JSON."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.base import HOST, Refusal
from tests.games.walks import FIELDS


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_entries_only_ever_refuse(game_id, data):
    engine = GAMES[game_id]
    players = data.draw(st.integers(engine.min_players, engine.max_players))
    state = engine.new_game([f"P{i}" for i in range(players)], {})
    kinds = sorted(engine.entry_types)
    for _ in range(data.draw(st.integers(1, 30))):
        action = {"type": data.draw(st.sampled_from(kinds + ["nonsense"])), **data.draw(FIELDS)}
        by = data.draw(st.sampled_from([HOST, 0, 1, players - 1, None]))
        try:
            state = engine.apply(state, action, by, ruling=data.draw(st.booleans()))
        except Refusal:
            continue
        json.dumps(engine.dump(state))
        assert engine.load(json.loads(json.dumps(engine.dump(state)))) == state
        for viewer in (None, HOST, 0):
            json.dumps(engine.view(state, viewer))
        engine.describe(state, action, by)
