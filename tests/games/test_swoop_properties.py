"""Properties of the Swoop engine over random games drawn from its own legal entries
(``swoop.legal_entries``), checked against the rule text ../shared/rules/swoop.md."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import swoop as sw
from referee.games.base import HOST, Refusal
from tests.games.walks import apply_keeps_its_input_walk, near_miss_walk, walk

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["A", "B", "C", "D"]
TABLES = st.sampled_from([  # short games: one or two hands, or a low target
    {"end_mode": "hands", "hand_limit": "1"},
    {"end_mode": "hands", "hand_limit": "2", "packs": "6", "starter_rule": "draw_each_hand"},
    {"end_mode": "target", "target": "40", "overfill_swoops": "true", "low_card_points": "flat5"},
    {"end_mode": "hands", "hand_limit": "1", "chain_after_swoop_card": "true", "show_known_cards": "true"},
    {"end_mode": "hands", "hand_limit": "1", "chain_swoops": "false", "mystery_add_ons": "false", "packs": "3"},
])
POINTS = {"A": 1, **{str(n): n for n in range(2, 10)}, "10": 50, "J": 10, "Q": 10, "K": 10, "JK": 50}  # 2.2
STEPS = 130


def maker(data, entry: dict):
    """Who sends the entry: its own seat's phone or the host (set_starter: the host only)."""
    if "seat" in entry and entry["type"] != "set_starter" and data.draw(st.booleans()):
        return entry["seat"]
    return HOST


def random_game(data, players: int, options: dict, steps: int = STEPS, listed: list | None = None):
    """A random legal game (see ``walks.walk``)."""
    return walk(sw, sw.new_game(NAMES[:players], options), data, maker, steps, listed)


# --------------------------------------------------------------------------- the list itself

@SETTINGS
@given(st.data(), st.integers(3, 4), TABLES)
def test_every_listed_entry_is_accepted_from_the_host_and_from_its_seat(data, players, options):
    listed: list[list[dict]] = []
    for before, _, _, after in random_game(data, players, options, steps=60, listed=listed):
        for entry in listed[-1]:
            sw.check(before, entry, HOST)
            if entry["type"] == "set_starter":  # its seat names the starter; only the host enters it
                with pytest.raises(Refusal) as refused:
                    sw.check(before, entry, entry["seat"])
                assert refused.value.permission
            elif "seat" in entry:
                sw.check(before, entry, entry["seat"])
        assert (sw.legal_entries(after) == []) == (after.phase == sw.OVER)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from([{}, {"chain_after_swoop_card": "true"}, {"overfill_swoops": "true"}]))
def test_a_random_hand_ends_within_a_bounded_number_of_steps(data, options):
    """3 players and 6 packs: every walk step plays a fresh card, plays known cards onto the
    pile or ends a chain, so a hand cannot go on for ever (see legal_entries)."""
    table = {"packs": "6", "end_mode": "hands", "hand_limit": "1", **options}
    steps = sum(1 for _ in random_game(data, 3, table, steps=600))
    assert steps < 600


# --------------------------------------------------------------------------- states: storing, replaying, undoing

@SETTINGS
@given(st.data(), st.integers(3, 4), TABLES)
def test_a_random_game_replays_from_its_entries_and_each_undo_restores_the_state_before(data, players, options):
    played = list(random_game(data, players, options))
    state = sw.new_game(NAMES[:players], options)
    for before, entry, by, after in played:
        assert state == before  # replaying the entries so far == undoing the rest
        state = sw.apply(state, entry, by)
        assert state == after
    assert not played or sw.dump(state) == sw.dump(played[-1][3])


@SETTINGS
@given(st.data(), st.integers(3, 4), TABLES)
def test_apply_never_changes_its_input_and_states_survive_json(data, players, options):
    apply_keeps_its_input_walk(sw, sw.new_game(NAMES[:players], options), data, maker, STEPS)


@SETTINGS
@given(st.data(), st.integers(3, 4), TABLES)
def test_every_view_is_json_and_known_cards_show_only_when_the_table_says_so(data, players, options):
    for _, entry, by, after in random_game(data, players, options):
        shown = after.options["show_known_cards"] == "true"
        for viewer in [HOST, None, *range(players)]:
            view = json.loads(json.dumps(sw.view(after, viewer)))
            for seat, player in enumerate(view["players"]):
                assert player["known"] == (after.known[seat] if shown else None)
            assert all(action["seat"] in (None, viewer) for action in view["actions"]) or viewer == HOST
        assert sw.describe(after, entry, by)


# --------------------------------------------------------------------------- invariants from the rule text

def cards_on_the_table(state: sw.State) -> int:
    """Hands, face-up cards, mystery cards, the pile and the cards out of play."""
    up = sum(rank is not None for row in state.up for rank in row)
    return sum(state.hand_count) + up + sum(map(sum, state.mystery)) + len(state.pile) + state.out_count


def assert_hand_invariants(state: sw.State) -> None:
    if state.phase in (sw.PLAY, sw.DECLARE):
        assert cards_on_the_table(state) == sw.DEALT * state.seat_count  # 2.3: 19 each, nothing lost
    for rank, seen in state.seen.items():
        assert 0 <= seen <= sw.copies(state, rank)  # SW-C1
    for seat in range(state.seat_count):
        assert 0 <= len(state.known[seat]) <= state.hand_count[seat]  # known cards are hand cards
    assert not set(state.pile) & set(sw.SWOOP_CARDS)  # 3: the pile never holds a 10 or JK
    assert all(sw.ORDER[a] >= sw.ORDER[b] for a, b in zip(state.pile, state.pile[1:]))  # non-increasing
    _, run = state.top_run()
    assert run < 4  # four of a kind (or more, overfilled) always swoops at once
    assert (state.mode == sw.LEAD) == (not state.pile) or state.phase != sw.PLAY
    if state.phase == sw.DECLARE:
        assert state.cards_left(state.out_player) == 0  # 5.4: the out player holds nothing


def penalty(state: sw.State, declared: dict) -> int:
    """5.4 from the points table in 2.2, recomputed here."""
    flat = state.options["low_card_points"] == "flat5"
    return sum(5 if flat and rank in POINTS and POINTS[rank] < 10 else POINTS[rank] for rank in declared)


@SETTINGS
@given(st.data(), st.integers(3, 4), TABLES)
def test_random_games_keep_the_cards_counted_and_the_scores_add_up(data, players, options):
    for before, entry, _, after in random_game(data, players, options):
        assert_hand_invariants(after)
        if len(after.scores[0]) > len(before.scores[0]):  # a hand was scored
            up_left = {seat: [r for r in before.up[seat] if r] for seat in range(players)}
            declared = {**before.declared, str(entry["seat"]): {"hand": list(entry["hand"]),
                                                                "mystery": list(entry["mystery"])}}
            for seat in range(players):
                got = after.scores[seat][-1]
                if seat == before.out_player:
                    assert got == 0
                else:
                    held = declared[str(seat)]["hand"] + up_left[seat] + declared[str(seat)]["mystery"]
                    assert got == penalty(before, held)
        if after.phase == sw.OVER:
            totals = [sum(s) for s in after.scores]
            assert after.winners == [seat for seat, t in enumerate(totals) if t == min(totals)]  # 5.5


# --------------------------------------------------------------------------- near-legal entries

def mutations(entry: dict, players: int):
    """Entries a slip of the finger away from a legal one."""
    seat = entry.get("seat", 0)
    yield {**entry, "seat": (seat + 1) % players}
    yield {**entry, "seat": players}
    yield {**entry, "seat": str(seat)}
    yield {key: value for key, value in entry.items() if key != "seat"}
    yield {**entry, "type": "pass"}
    yield {**entry, "type": {"play": "flip", "flip": "play"}.get(entry["type"], "pick_up")}
    for key in ("cards", "add", "ranks", "hand", "mystery"):
        if key in entry:
            cards = list(entry[key])
            yield {**entry, key: cards + cards[:1]}
            yield {**entry, key: cards[1:]}
            yield {**entry, key: [c.replace("@hand", "@up1") for c in cards]}
            yield {**entry, key: [c.split("@")[0] + "@up5" for c in cards] + ["K@hand"]}
            yield {**entry, key: [c.replace("K", "11").replace("A", "1") for c in cards]}
            yield {**entry, key: " ".join(map(str, cards))}
            yield {**entry, key: {"K": 2, "9": "x"}}
    if "slot" in entry:
        yield {**entry, "slot": entry["slot"] % 4 + 1}
        yield {**entry, "slot": 0}
        yield {**entry, "rank": "10", "add": ["JK@hand"]}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(3, 4), TABLES)
def test_near_legal_entries_from_anyone_only_ever_refuse(data, players, options):
    near_miss_walk(sw, sw.new_game(NAMES[:players], options), data, mutations, players, steps=60)
