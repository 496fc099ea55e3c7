"""Random games drawn from an engine's own legal entries, shared by the property tests."""
from __future__ import annotations

import copy
import json

from hypothesis import strategies as st


def walk(engine, state, data, maker, steps: int, listed: list | None = None):
    """Draw a legal entry at every step; yield (state before, entry, who sent it, state after).
    ``maker(data, entry)`` picks who sends it; ``listed``, if given, receives each step's list."""
    for _ in range(steps):
        entries = engine.legal_entries(state)
        if listed is not None:
            listed.append(entries)
        if not entries:
            return
        entry = data.draw(st.sampled_from(entries))
        by = maker(data, entry)
        after = engine.apply(state, entry, by)
        yield state, entry, by, after
        state = after


def near_miss_walk(engine, state, data, mutations, players: int, steps: int) -> None:
    """Legal entries, half of them bent by ``mutations(entry, players)``, sent by anyone (or no
    one) with or without a ruling: each is refused, or leaves a state that stores as JSON,
    views and describes."""
    from referee.games.base import HOST, Refusal

    for _ in range(steps):
        entries = engine.legal_entries(state)
        if not entries:
            break
        entry = data.draw(st.sampled_from(entries))
        if data.draw(st.booleans()):
            entry = data.draw(st.sampled_from(list(mutations(entry, players))))
        by = data.draw(st.sampled_from([HOST, None, "x", -1, *range(players)]))
        try:
            state = engine.apply(state, entry, by, ruling=data.draw(st.booleans()))
        except Refusal:
            continue
        assert engine.load(json.loads(json.dumps(engine.dump(state)))) == state
        json.dumps(engine.view(state, by if by in range(players) else HOST))
        engine.describe(state, entry, by)


def apply_keeps_its_input_walk(engine, state, data, maker, steps: int) -> None:
    """Legal entries drawn one by one: ``apply`` never changes the state it is given, and every
    state it returns survives a JSON round trip."""
    for _ in range(steps):
        entries = engine.legal_entries(state)
        if not entries:
            break
        entry = data.draw(st.sampled_from(entries))
        frozen = copy.deepcopy(state)
        after = engine.apply(state, entry, maker(data, entry))
        assert state == frozen
        assert engine.load(json.loads(json.dumps(engine.dump(after)))) == after
        state = after
