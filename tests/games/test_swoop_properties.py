"""Properties of the Swoop engine over random games drawn from its own legal entries
(``swoop.legal_entries``, narrowed by ``walk_entries`` so that a walk ends), checked against the
rule text ../shared/rules/swoop.md."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.swoop import GAME
from referee.games.swoop.ranks import copies
from referee.games.swoop.state import DEALT, DECLARE, LEAD, ORDER, OVER, PLAY, SWOOP_CARDS, State
from referee.games.base import HOST, Refusal
from referee.games.swoop.played import higher_than_top
from tests.games.swoop_walks import TABLES, cards_on_the_table, mutations
from tests.games.walks import apply_keeps_its_input_walk, near_miss_walk, walk

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["A", "B", "C", "D"]
POINTS = {"A": 1, **{str(n): n for n in range(2, 10)}, "10": 50, "J": 10, "Q": 10, "K": 10, "JK": 50}  # 2.2
STEPS = 130


def maker(data, entry: dict):
    """Who sends the entry: its own seat's phone or the host (set_starter: the host only)."""
    if "seat" in entry and entry["type"] != "set_starter" and data.draw(st.booleans()):
        return entry["seat"]
    return HOST


# --------------------------------------------------------------------------- walks that end


def walk_entries(state: State) -> list[dict]:
    """The engine's legal entries, narrowed so that a random walk ends (the engine lists every
    entry the rules allow; these choices are the walk's, not the rules'):

    - the starter is entered once (a correction is allowed, but a walk need not make one);
    - a pick-up (``pick_up``, or a higher play made only of known cards) is drawn only when
      nothing else is allowed;
    - a player keeps one unknown hand card until it can be their last card, unless nothing
      else is allowed.

    So each step plays a card never seen before, plays known cards onto the pile, or ends a
    chain, and a hand ends in a bounded number of steps, as long as no player is left with
    only a pick-up: a player holding an unknown card always has a fresh card to play while
    copies of 10, joker or a rank below the top remain (always, with 3 players and 6 packs).
    Otherwise pick-ups can pass known cards round, and walks cap their steps.
    The biggest plays come first.
    """
    entries = [entry for entry in GAME.legal_entries(state) if entry["type"] != "set_starter" or state.starter is None]
    if state.phase != PLAY:
        return entries
    seat = state.current
    entries.sort(key=lambda entry: -cards_played(entry))
    no_pick_up = [entry for entry in entries if not picks_up_known_cards(state, seat, entry)]
    keeps_unknown = [entry for entry in no_pick_up if keeps_an_unknown_card(state, seat, entry)]
    return keeps_unknown or no_pick_up or entries


def cards_played(entry: dict) -> int:
    return len(entry.get("cards", [])) + len(entry.get("add", [])) + (entry["type"] == "flip")


def hand_cards(entry: dict) -> tuple[str | None, int]:
    """The rank and the number of hand cards an entry plays."""
    cards = entry.get("cards", entry.get("add", []))
    return entry.get("rank") or (cards[0].split("@")[0] if cards else None), sum(
        card.endswith("@hand") for card in cards
    )


def unknown_used(state: State, seat: int, entry: dict) -> int:
    """Hand cards beyond the known ones of that rank (the engine matches known cards first)."""
    rank, from_hand = hand_cards(entry)
    return max(0, from_hand - state.known[seat].count(rank)) if rank else 0


def picks_up_known_cards(state: State, seat: int, entry: dict) -> bool:
    """A higher play that uses no card never seen before: a pick-up that makes no progress."""
    if entry["type"] != "play":
        return entry["type"] == "pick_up"
    rank, from_hand = hand_cards(entry)
    fresh = from_hand < len(entry["cards"]) or unknown_used(state, seat, entry) > 0
    return higher_than_top(state, rank) and not fresh


def keeps_an_unknown_card(state: State, seat: int, entry: dict) -> bool:
    """The play leaves an unknown hand card, uses none, or leaves the seat with no card at all."""
    used = unknown_used(state, seat, entry)
    unknown = state.hand_count[seat] - len(state.known[seat])
    return used == 0 or unknown - used >= 1 or state.cards_left(seat) == cards_played(entry)


WALKING = SimpleNamespace(
    legal_entries=walk_entries, apply=GAME.apply, load=GAME.load, dump=GAME.dump, view=GAME.view, describe=GAME.describe
)
"""The engine as the walks see it: its entries narrowed by ``walk_entries``."""


def random_game(data, players: int, options: dict, steps: int = STEPS, listed: list | None = None):
    """A random legal game (see ``walks.walk``)."""
    return walk(WALKING, GAME.new_game(NAMES[:players], options), data, maker, steps, listed)


# --------------------------------------------------------------------------- the list itself


@SETTINGS
@given(st.data(), st.integers(3, 4), TABLES)
def test_every_listed_entry_is_accepted_from_the_host_and_from_its_seat(data, players, options):
    for before, _, _, after in random_game(data, players, options, steps=60):
        for entry in GAME.legal_entries(before):  # the whole list, not only what the walk draws from
            GAME.check(before, entry, HOST)
            if entry["type"] == "set_starter":  # its seat names the starter; only the host enters it
                with pytest.raises(Refusal) as refused:
                    GAME.check(before, entry, entry["seat"])
                assert refused.value.permission
            elif "seat" in entry:
                GAME.check(before, entry, entry["seat"])
        assert (GAME.legal_entries(after) == []) == (after.phase == OVER)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from([{}, {"chain_after_swoop_card": "true"}, {"overfill_swoops": "true"}]))
def test_a_random_hand_ends_within_a_bounded_number_of_steps(data, options):
    """3 players and 6 packs: every walk step plays a fresh card, plays known cards onto the
    pile or ends a chain, so a hand cannot go on for ever (see walk_entries)."""
    table = {"packs": "6", "end_mode": "hands", "hand_limit": "1", **options}
    steps = sum(1 for _ in random_game(data, 3, table, steps=600))
    assert steps < 600


# --------------------------------------------------------------------------- states: storing, replaying, undoing


@SETTINGS
@given(st.data(), st.integers(3, 4), TABLES)
def test_a_random_game_replays_from_its_entries_and_each_undo_restores_the_state_before(data, players, options):
    played = list(random_game(data, players, options))
    state = GAME.new_game(NAMES[:players], options)
    for before, entry, by, after in played:
        assert state == before  # replaying the entries so far == undoing the rest
        state = GAME.apply(state, entry, by)
        assert state == after
    assert not played or GAME.dump(state) == GAME.dump(played[-1][3])


@SETTINGS
@given(st.data(), st.integers(3, 4), TABLES)
def test_apply_never_changes_its_input_and_states_survive_json(data, players, options):
    apply_keeps_its_input_walk(WALKING, GAME.new_game(NAMES[:players], options), data, maker, STEPS)


@SETTINGS
@given(st.data(), st.integers(3, 4), TABLES)
def test_every_view_is_json_and_known_cards_show_only_when_the_table_says_so(data, players, options):
    for _, entry, by, after in random_game(data, players, options):
        shown = after.options["show_known_cards"] == "true"
        for viewer in [HOST, None, *range(players)]:
            view = json.loads(json.dumps(GAME.view(after, viewer)))
            for seat, player in enumerate(view["players"]):
                if not shown and after.phase == DECLARE and viewer in (HOST, seat):
                    # the phone declaring that hand gets its picked-up ranks to fill in (issue 16)
                    assert player["known"] in (None, after.known[seat])
                else:
                    assert player["known"] == (after.known[seat] if shown else None)
            assert all(action["seat"] in (None, viewer) for action in view["actions"]) or viewer == HOST
        assert GAME.describe(after, entry, by)


# --------------------------------------------------------------------------- invariants from the rule text


def assert_hand_invariants(state: State) -> None:
    if state.phase in (PLAY, DECLARE):
        assert cards_on_the_table(state) == DEALT * state.seat_count  # 2.3: 19 each, nothing lost
    for rank, seen in state.seen.items():
        assert 0 <= seen <= copies(state, rank)  # SW-C1
    for seat in range(state.seat_count):
        assert 0 <= len(state.known[seat]) <= state.hand_count[seat]  # known cards are hand cards
    assert not set(state.pile) & set(SWOOP_CARDS)  # 3: the pile never holds a 10 or JK
    assert all(ORDER[a] >= ORDER[b] for a, b in zip(state.pile, state.pile[1:]))  # non-increasing
    _, run = state.top_run()
    assert run < 4  # four of a kind (or more, overfilled) always swoops at once
    assert (state.mode == LEAD) == (not state.pile) or state.phase != PLAY
    if state.phase == DECLARE:
        assert state.cards_left(state.out_player) == 0  # 5.4: the out player holds nothing


def penalty(state: State, declared: dict) -> int:
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
            declared = {
                **before.declared,
                str(entry["seat"]): {"hand": list(entry["hand"]), "mystery": list(entry["mystery"])},
            }
            for seat in range(players):
                got = after.scores[seat][-1]
                if seat == before.out_player:
                    assert got == 0
                else:
                    held = declared[str(seat)]["hand"] + up_left[seat] + declared[str(seat)]["mystery"]
                    assert got == penalty(before, held)
        if after.phase == OVER:
            totals = [sum(s) for s in after.scores]
            assert after.winners == [seat for seat, t in enumerate(totals) if t == min(totals)]  # 5.5


# --------------------------------------------------------------------------- near-legal entries


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(3, 4), TABLES)
def test_near_legal_entries_from_anyone_only_ever_refuse(data, players, options):
    near_miss_walk(WALKING, GAME.new_game(NAMES[:players], options), data, mutations, players, steps=60)
