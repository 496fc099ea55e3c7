"""Random games drawn from an engine's own legal entries, and entry fields plausible or junk,
shared by the property and fuzz tests."""

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


# --------------------------------------------------------------------------- any entry's fields


def seat_slips(entry: dict, players: int):
    """``entry`` for the next seat, for a seat past the table, with its seat as text, or with none."""
    seat = entry.get("seat", 0)
    yield {**entry, "seat": (seat + 1) % players}
    yield {**entry, "seat": players}
    yield {**entry, "seat": str(seat)}
    yield {key: value for key, value in entry.items() if key != "seat"}


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 20),
    st.text(max_size=5),
    st.sampled_from(
        [
            "5S",
            "10H",
            "JK",
            "K",
            "9@hand",
            "9@up2",
            "R5",
            "B4",
            "G9",
            "W5",
            "7H 7D",
            "host",
            "dummy",
            "none",
            "red",
            "green",
            "block",
            "blank",
            "accept",
            "refuse",
            "keep",
            "exchange",
            "stock",
            "pile",
            "play_to_wild",
            "NONE",
            "MOST",
            "EXACT_1",
            "B",
            "-",
            "4",
            "up1",
        ]
    ),
)
FIELDS = st.dictionaries(
    st.sampled_from(
        [
            "seat",
            "cards",
            "card",
            "value",
            "flip",
            "removed_suit",
            "dice",
            "face",
            "switch_with",
            "count",
            "target",
            "landed_after",
            "answer",
            "choice",
            "give",
            "take",
            "source",
            "discard",
            "ranks",
            "rank",
            "hand",
            "up",
            "slot",
            "add",
            "add_hand",
            "mystery",
            "chip",
            "colour",
            "number",
            "winner",
            "tricks",
            "last",
            "took",
            "numbers",
            "top",
            "swap",
            "columns",
        ]
    ),
    st.one_of(
        VALUES, st.lists(VALUES, max_size=5), st.dictionaries(st.sampled_from(["0", "1", "K", "2"]), VALUES, max_size=2)
    ),
    max_size=4,
)
