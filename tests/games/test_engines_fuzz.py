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

VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 20), st.text(max_size=5),
    st.sampled_from(["5S", "10H", "JK", "K", "9@hand", "9@up2", "R5", "B4", "G9", "W5", "7H 7D", "host", "dummy",
                     "none", "red", "green", "block", "blank", "accept", "refuse", "keep", "exchange", "stock",
                     "pile", "play_to_wild", "NONE", "MOST", "EXACT_1", "B", "-", "4", "up1"]),
)
FIELDS = st.dictionaries(
    st.sampled_from(["seat", "cards", "card", "value", "flip", "removed_suit", "dice", "face", "switch_with",
                     "count", "target", "landed_after", "answer", "choice", "give", "take", "source", "discard",
                     "ranks", "rank", "hand", "up", "slot", "add", "add_hand", "mystery", "chip", "colour",
                     "number", "winner", "tricks", "last", "took", "numbers", "top", "swap", "columns"]),
    st.one_of(VALUES, st.lists(VALUES, max_size=5), st.dictionaries(st.sampled_from(["0", "1", "K", "2"]), VALUES,
                                                                       max_size=2)),
    max_size=4)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_entries_only_ever_refuse(game_id, data):
    engine = GAMES[game_id]
    players = data.draw(st.integers(engine.MIN_PLAYERS, engine.MAX_PLAYERS))
    state = engine.new_game([f"P{i}" for i in range(players)], {})
    kinds = sorted(engine.ENTRY_TYPES)
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
