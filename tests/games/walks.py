"""Random games drawn from an engine's own legal entries, shared by the property tests."""
from __future__ import annotations

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
