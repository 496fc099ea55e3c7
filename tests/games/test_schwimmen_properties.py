"""Properties of the Schwimmen engine over random games drawn from its own legal entries
(``schwimmen.legal_entries``, narrowed so that a random game ends: ``finite_entries``), checked
against the rule text ../shared/rules/schwimmen.md."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.schwimmen import GAME
from referee.games.schwimmen.ledger import hand_value, ledger
from referee.games.schwimmen.state import EXCHANGE, OVER, SHOWDOWN, State
from referee.games.base import HOST
from referee.games.schwimmen.engine import SchwimmenGame
from tests.games.schwimmen_walks import TABLES, assert_card_ledger, mutations
from tests.games.walks import apply_keeps_its_input_walk, near_miss_walk, walk

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["A", "B", "C", "D", "E", "F", "G", "H"]
PLAYERS = st.sampled_from([2, 3, 4, 8])
STEPS = 200


ROUND_TURNS = 3  # turns each before a walk closes the round


def finite_entries(state: State, entries: list[dict]) -> list[dict]:
    """The legal entries a random walk draws from, narrowed so that the game ends:

    - once every active player has had ``ROUND_TURNS`` turns and nobody has closed, the player
      on turn may only close (or someone show), so each round ends;
    - with ``minimum_score`` on, no exchange leaves a hand fully known and worth 20 or less
      (which could never close), unless nothing else is allowed.

    Lives then run out round by round; a void round (5.6) is dealt again and a showdown under
    ``tie_rule = all_lose`` may cost nobody a life, so walks still cap their steps."""
    if state.phase != EXCHANGE:
        return entries
    close = [entry for entry in entries if entry["type"] == "close"]
    shows = [entry for entry in entries if entry["type"] == "show"]
    if close and state.closer is None and min(state.turns_taken[s] for s in state.active()) >= ROUND_TURNS:
        return close + shows
    can_close = [entry for entry in entries if not leaves_a_hand_that_cannot_close(state, state.turn, entry)]
    return can_close or entries


def leaves_a_hand_that_cannot_close(state: State, seat: int, entry: dict) -> bool:
    """SC-R9: would this exchange leave the hand fully known and worth 20 or less?"""
    if state.options["minimum_score"] != "on":
        return False
    known = list(state.known[seat])
    if entry["type"] == "swap_one":
        known = [card for card in known if card != entry["give"]] + [entry["take"]]
    elif entry["type"] == "swap_all":
        known = list(state.centre)
    elif entry["type"] == "draw_discard":
        taken = state.discard[-1:] if entry["source"] == "pile" else []
        known = [card for card in known + taken if card != entry["discard"]]
    return len(known) == 3 and hand_value(state, seat, known).value <= 20


class FiniteWalks(SchwimmenGame):
    """The engine as the random walks play it: its legal entries narrowed by ``finite_entries``."""

    def legal_entries(self, state: State) -> list[dict]:
        return finite_entries(state, super().legal_entries(state))


WALKS = FiniteWalks()


def maker(data, entry: dict):
    """Who sends the entry: its own seat's phone or the host."""
    return entry["seat"] if "seat" in entry and data.draw(st.booleans()) else HOST


def random_game(data, players: int, options: dict, steps: int = STEPS, listed: list | None = None):
    """A random legal game (see ``walks.walk``)."""
    return walk(WALKS, GAME.new_game(NAMES[:players], options), data, maker, steps, listed)


# --------------------------------------------------------------------------- the list itself


@SETTINGS
@given(st.data(), PLAYERS, TABLES)
def test_every_listed_entry_is_accepted_from_the_host_and_from_its_seat(data, players, options):
    listed: list[list[dict]] = []
    for before, _, _, after in random_game(data, players, options, steps=100, listed=listed):
        for entry in listed[-1]:
            GAME.check(before, entry, HOST)
            if "seat" in entry:
                GAME.check(before, entry, entry["seat"])
        assert (GAME.legal_entries(after) == []) == (after.phase == OVER)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(2, 4), TABLES)
def test_a_random_game_ends_within_a_bounded_number_of_steps(data, players, options):
    """Every round closes after ROUND_TURNS turns each (see finite_entries); few lives, few rounds."""
    steps = sum(1 for _ in random_game(data, players, {**options, "lives": "0"}, steps=400))
    assert steps < 400


# --------------------------------------------------------------------------- states: storing, replaying, undoing


@SETTINGS
@given(st.data(), PLAYERS, TABLES)
def test_a_random_game_replays_from_its_entries_and_each_undo_restores_the_state_before(data, players, options):
    played = list(random_game(data, players, options))
    state = GAME.new_game(NAMES[:players], options)
    for before, entry, by, after in played:
        assert state == before  # replaying the entries so far == undoing the rest
        state = GAME.apply(state, entry, by)
        assert state == after
    assert not played or GAME.dump(state) == GAME.dump(played[-1][3])


@SETTINGS
@given(st.data(), PLAYERS, TABLES)
def test_apply_never_changes_its_input_and_states_survive_json(data, players, options):
    apply_keeps_its_input_walk(WALKS, GAME.new_game(NAMES[:players], options), data, maker, STEPS)


# --------------------------------------------------------------------------- views: JSON, and no hidden reveal shown


def hidden_reveals(state: State) -> dict[int, dict]:
    """Reveals the table may not see yet (3: until every active player has revealed)."""
    if state.phase != SHOWDOWN:
        return {}
    return {int(seat): entry for seat, entry in state.reveals.items() if seat != str(state.shower)}


@SETTINGS
@given(st.data(), PLAYERS, TABLES)
def test_every_view_is_json_and_shows_a_reveal_only_to_its_own_seat(data, players, options):
    for _, entry, by, after in random_game(data, players, options):
        hidden = hidden_reveals(after)
        public = ledger(after, public=True)
        for viewer in [HOST, None, *range(players)]:
            view = GAME.view(after, viewer)
            earlier = view.pop("result")  # the last showdown's hands are public
            assert not hidden or earlier is None or earlier["round"] < after.round
            text = json.dumps(view)
            for seat, reveal in hidden.items():
                if seat == viewer:
                    assert view["players"][seat]["reveal"] == reveal
                    continue
                assert view["players"][seat]["reveal"] is None
                for card in reveal.get("cards", []):
                    assert card in public or f'"{card}"' not in text, (viewer, seat, card)
        assert GAME.describe(after, entry, by)


# --------------------------------------------------------------------------- invariants from the rule text


def assert_lives_follow_the_result(before: State, after: State) -> None:
    """5.5 and 5.6: each loss costs a life, a loss at 0 lives puts the player out; the unique
    highest hand above 20 never loses, the unique lowest hand always does."""
    result = after.result
    values = {int(seat): value for seat, value in result["values"].items()}
    lost = {int(seat): len(reasons) for seat, reasons in result["losses"].items()}
    everyone_out = all(lost.get(seat, 0) > before.lives[seat] for seat in before.active())
    assert result["void"] == (everyone_out and after.options["all_out"] == "replay")
    if everyone_out:  # 5.6: nobody is put out; a void round, or they share the win
        assert (after.lives, after.out) == (before.lives, before.out)
        assert result["void"] or after.winners == before.active()
        return
    for seat in before.active():
        assert after.lives[seat] == max(0, before.lives[seat] - lost.get(seat, 0))
        assert after.out[seat] == (lost.get(seat, 0) > before.lives[seat])
    ranked = sorted(values.values())
    if len(ranked) > 1 and ranked[-1] > ranked[-2] and (ranked[-1] > 20 or after.options["minimum_score"] == "off"):
        assert lost.get(max(values, key=values.get), 0) == 0
    if len(ranked) > 1 and ranked[0] < ranked[1]:
        assert lost.get(min(values, key=values.get), 0) >= 1


@SETTINGS
@given(st.data(), PLAYERS, TABLES)
def test_random_games_keep_the_ledger_and_lives_sound(data, players, options):
    start = int(GAME.new_game(NAMES[:players], options).lives[0])
    for before, _, _, after in random_game(data, players, options):
        assert_card_ledger(after)
        assert all(0 <= lives <= start for lives in after.lives)
        assert all(after.out[s] for s in range(players) if before.out[s])  # out stays out
        assert len(after.active()) >= 1
        if after.result != before.result:
            assert_lives_follow_the_result(before, after)
        if after.phase == OVER:
            assert after.winners and all(not after.out[s] for s in after.winners)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from([{}, {"preset": "classic"}, {"reveal_mode": "score_only"}]))
def test_tables_that_keep_passing_reshuffle_the_stock_without_losing_a_card(data, options):
    """SC-E11 at random: eight players pass until the stock runs short and is reshuffled; each
    new centre must still leave every hidden hand card unseen, so the showdown can be entered."""
    state = GAME.new_game(NAMES, {"lives": "0", **options})
    for _ in range(400):
        entries = GAME.legal_entries(state)
        if not entries:
            break
        passes = [entry for entry in entries if entry["type"] == "pass"]
        entry = passes[0] if passes and data.draw(st.integers(0, 9)) else data.draw(st.sampled_from(entries))
        state = GAME.apply(state, entry, HOST)
        assert_card_ledger(state)
        if state.round > 2:
            break


# --------------------------------------------------------------------------- near-legal entries


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), PLAYERS, TABLES)
def test_near_legal_entries_from_anyone_only_ever_refuse(data, players, options):
    near_miss_walk(WALKS, GAME.new_game(NAMES[:players], options), data, mutations, players, steps=80)


def test_a_player_asked_for_cards_does_not_change_the_hands_offered_to_the_next_one():
    """Found by the test above: in score-only mode, B (10 in hearts, with the Q♦ known from a
    swap) and H (10 in hearts) tie; once B's cards were entered, the Q♦ went back into the pool
    and H's sample hands shifted, so H was offered no entry and the showdown stuck."""
    state = GAME.new_game(list("ABCDEFGH"), {"lives": "1", "reveal_mode": "score_only", "first_turn_close": "allowed"})
    for entry in [
        {"type": "first_dealer", "seat": 0},
        {"type": "dealer_choice", "seat": 0, "choice": "keep"},
        {"type": "lay_centre", "cards": ["JS", "QD", "10D"]},
        {"type": "swap_one", "seat": 1, "give": "AC", "take": "QD"},
        {"type": "swap_one", "seat": 2, "give": "8H", "take": "10D"},
        {"type": "show", "seat": 3, "cards": ["AS", "KS", "QS"]},
    ] + [
        {"type": "reveal", "seat": seat, "value": value, "suit": suit}
        for seat, value, suit in [
            (0, 9, "S"),
            (1, 10, "H"),
            (2, 20, "D"),
            (4, 10, "C"),
            (5, 20, "H"),
            (6, 20, "C"),
            (7, 10, "H"),
        ]
    ]:
        state = GAME.apply(state, entry, HOST)
    offered = GAME.legal_entries(state)
    assert {entry["seat"] for entry in offered} == {1, 7}
    state = GAME.apply(state, next(entry for entry in offered if entry["seat"] == 1), HOST)
    assert [entry["seat"] for entry in GAME.legal_entries(state)] == [7]
