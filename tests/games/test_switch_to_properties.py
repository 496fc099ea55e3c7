"""Properties of the Switch To engine over random games drawn from its own legal entries."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from referee.games.switch_to import GAME
from referee.games.switch_to.state import HAND_SIZE, PLAY
from referee.games.base import HOST, Refusal

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_random_game(data, players: int, steps: int = 120):
    """Draw a legal entry at every step; yield (state before, entry, state after)."""
    state = GAME.new_game(
        ["A", "B", "C", "D"][:players],
        {
            "compare": data.draw(st_.sampled_from(["strict", "loose"])),
            "auto_pass": data.draw(st_.sampled_from(["off", "on"])),
        },
    )
    for _ in range(steps):
        entries = GAME.legal_entries(state)
        if not entries:
            break
        entry = data.draw(st_.sampled_from(entries))
        after = GAME.apply(state, entry, HOST)
        yield state, entry, after
        state = after


@SETTINGS
@given(st_.data(), st_.integers(min_value=2, max_value=4))
def test_random_legal_games_keep_the_counts_sound(data, players):
    for _before, _entry, after in play_random_game(data, players):
        for p in after.players:
            assert p.play >= 0 and p.wild >= 0 and 0 <= p.hand <= HAND_SIZE
        if after.phase == PLAY:
            played_by_hands = sum(HAND_SIZE - p.hand for p in after.players)
            assert played_by_hands == len(after.played)
        assert GAME.load(json.loads(json.dumps(GAME.dump(after)))) == after  # snapshots survive JSON


@SETTINGS
@given(st_.data(), st_.integers(min_value=2, max_value=4))
def test_replaying_the_entries_gives_the_same_state(data, players):
    entries, last = [], None
    for _, entry, after in play_random_game(data, players):
        entries.append(entry)
        last = after
    state = GAME.new_game(["A", "B", "C", "D"][:players], last.options if last else None)
    for entry in entries:
        state = GAME.apply(state, entry, HOST)
    assert last is None or GAME.dump(state) == GAME.dump(last)


@SETTINGS
@given(st_.data(), st_.integers(min_value=2, max_value=4))
def test_a_legal_entry_never_changes_the_state_it_was_applied_to(data, players):
    for before, entry, _ in play_random_game(data, players, steps=60):
        frozen = GAME.dump(before)
        GAME.apply(before, entry, HOST)
        assert GAME.dump(before) == frozen


JUNK = st_.recursive(
    st_.none()
    | st_.booleans()
    | st_.integers(-3, 12)
    | st_.text(max_size=6)
    | st_.sampled_from(["5S", "W5", "9C 9D", "play", "pass", "host", "play_to_wild", "C"]),
    lambda inner: st_.lists(inner, max_size=4) | st_.dictionaries(st_.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
ACTIONS = (
    st_.fixed_dictionaries(
        {"type": st_.sampled_from(sorted(GAME.entry_types) + ["junk", None]) | JUNK},
        optional={"seat": JUNK | st_.integers(-1, 4), "cards": JUNK, "value": JUNK, "flip": JUNK, "removed_suit": JUNK},
    )
    | JUNK
)


@settings(max_examples=300, deadline=None)
@given(st_.data(), st_.lists(ACTIONS, max_size=25), st_.integers(min_value=2, max_value=4))
def test_no_sequence_of_entries_raises_anything_but_a_refusal(data, actions, players):
    state = GAME.new_game(["A", "B", "C", "D"][:players])
    for action in actions:
        by = data.draw(st_.sampled_from([HOST, 0, 1, None, "x"]))
        ruling = data.draw(st_.booleans())
        try:
            state = GAME.apply(state, action, by, ruling=ruling)
        except Refusal:
            pass
        GAME.view(state, by)
        GAME.describe(state, action if isinstance(action, dict) else {})
