"""What random Was Sticht games share (the property and table-ruling tests): their house rules,
the counts of chips and cards of the rule text, and near misses of a legal entry."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from referee.games.was_sticht import GAME
from referee.games.was_sticht.state import (
    CHIPS_EACH,
    CHIP_DRAFT,
    DUMMY,
    FIRST_DEALER,
    OPTIONS,
    PLAY,
    REVEAL,
    TASKS,
    TRICKS,
    hand,
    pick_order,
    taken,
    trick_cards,
)
from referee.games.was_sticht import rules as ws


def options(**fixed) -> st.SearchStrategy[dict]:
    """Any house rules, with ``fixed`` ones pinned."""
    return st.fixed_dictionaries(
        {
            option.name: st.just(fixed[option.name]) if option.name in fixed else st.sampled_from(option.values)
            for option in OPTIONS
        }
    )


def check_chips(state) -> None:
    """Section 2: 24 chips of 12 types; the draft hands out 5 each."""
    held = Counter(chip["type"] for chips in state.chips for chip in chips)
    for kind, copies in ws.CHIP_COPIES.items():
        assert state.pool[kind] >= 0 and state.pool[kind] + held[kind] == copies
    assert all(len(chips) <= CHIPS_EACH for chips in state.chips)
    if state.phase not in (FIRST_DEALER, CHIP_DRAFT):
        assert all(len(chips) == CHIPS_EACH for chips in state.chips)


def check_cards(state) -> None:
    """Picks, dummy cards, hands and tricks (sections 4.3, 4.4, 4.8, 5.2, 7)."""
    if not state.columns:
        return
    taken_cards = taken(state)
    assert len(taken_cards) == len(set(taken_cards)) and set(taken_cards) <= set(ws.CARDS)
    for seat in range(state.n):
        picks = [card for col in state.columns for s, card in col["picks"] if s == seat]
        assert state.picked[seat] == picks
    for number, col in enumerate(state.columns, 1):
        assert (
            len(col["picks"]) <= state.n
            and [s for s, _ in col["picks"]] == pick_order(state, number)[: len(col["picks"])]
        )
        assert (col["dummy"] is None) or state.n == 3
        if state.layout:
            assert {card for _, card in col["picks"]} | {col["dummy"]} - {None} <= set(state.layout[number - 1])
    if state.phase in (REVEAL, TASKS, PLAY) and state.options["entry_mode"] == "full":
        assert all(len(cards) == TRICKS for cards in state.picked)
        assert len(taken_cards) == len(ws.CARDS)
    for number, trick in enumerate(state.tricks, 1):
        cards = trick_cards(trick)
        assert len(cards) <= state.n and all(card in state.picked[s] for s, card in trick["cards"])
        assert all(state.played[card] == number for card in cards)
        assert [s for s, _ in trick["cards"]] == [(trick["leader"] + i) % state.n for i in range(len(cards))]
        if trick["winner"] is not None:
            assert len(cards) == state.n and trick["winner"] == trick["cards"][ws.winner_index(cards, state.trumps)][0]
    for seat in range(state.n):
        played = sum(s == seat for trick in state.tricks for s, _ in trick["cards"])
        if state.tricks:
            assert len(hand(state, seat)) == TRICKS - played


def near_value(data, key: str, value, n: int):
    """A value close to a legal one: another seat, card, chip or number, or a slightly broken one."""
    seats = st.integers(-1, n) | st.sampled_from([str(n - 1), None, DUMMY])
    choices = {
        "seat": seats,
        "last": seats,
        "winner": seats,
        "card": st.sampled_from(ws.CARDS + ["R0", "P5", "R10", "r5", " y 9 "]),
        "chip": st.sampled_from([*ws.CHIP_COPIES, "ALL", "no_r"]) | st.integers(-1, CHIPS_EACH),
        "colour": st.sampled_from(list(ws.COLOURS + "-") + ["P", "", "RB", None]),
        "number": st.sampled_from([str(v) for v in range(11)] + ["-", None, 5]),
        "tricks": st.lists(st.integers(-1, 10), min_size=n - 1, max_size=n + 1),
        "took": st.dictionaries(st.sampled_from(["0", "1", str(n), "x"]), st.sampled_from([["R"], "BG", [], None])),
        "numbers": st.dictionaries(st.sampled_from(["0", "1", "4", "5", "-1"]), st.integers(-1, 100) | st.just("x")),
    }
    if key == "columns":
        columns = [col.split() for col in value]
        i, j = data.draw(st.integers(0, 8)), data.draw(st.integers(0, 8))
        columns[i][0] = columns[j][1]  # a card twice, another missing
        return [" ".join(col) for col in columns]
    return data.draw(choices.get(key, st.none()))


def near_miss(data, entry: dict, n: int) -> dict:
    """``entry`` with one field changed or dropped, or under another type."""
    fields = sorted(set(entry) - {"type"})
    how = data.draw(st.sampled_from(["change", "drop", "retype"] if fields else ["retype"]))
    if how == "retype":
        return {**entry, "type": data.draw(st.sampled_from(sorted(GAME.entry_types)))}
    key = data.draw(st.sampled_from(fields))
    if how == "drop":
        return {k: v for k, v in entry.items() if k != key}
    return {**entry, key: near_value(data, key, entry[key], n)}
