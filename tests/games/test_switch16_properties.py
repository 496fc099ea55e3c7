"""Properties of the Switch 16 engine over random games drawn from its own legal entries:
every listed entry is accepted (from the host and from the seat it names), games end, replays
and snapshots are exact, apply never changes its input, every phone sees the same public board,
the decks, dice sums, penalties and points follow the rule text, and near misses (wrong seat,
die, face, count or target, from any phone, as rulings or not) only ever refuse."""

from __future__ import annotations

import json
import pickle
from itertools import combinations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.games.switch16 import GAME
from referee.games.base import next_seat
from referee.games.switch16.dice import allowance, sample_dice
from referee.games.switch16.roll import red_candidates
from referee.games.switch16.state import DONE, LAST_CARD, MAX_PLAYERS, MIN_PLAYERS, OVER, START, TURN
from referee.games.base import HOST, Refusal
from tests.games.switch16_walks import near_miss, options

# Failing walks are reported as found: shrinking hundreds of draws would take minutes.
WALKS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
    "phases": [Phase.explicit, Phase.reuse, Phase.generate],
}
SETTINGS = settings(max_examples=25, **WALKS)
NAMES = ["A", "B", "C", "D"]
STEPS = 400  # games drawn this way end within ~350 entries (see the test of that)


def random_game(data, steps: int = STEPS):
    """Draw a legal entry at every step, sent from the seat it names; yield (before, entry, after)."""
    players = data.draw(st.integers(MIN_PLAYERS, MAX_PLAYERS), label="players")
    state = GAME.new_game(NAMES[:players], data.draw(options(), label="options"))
    for _ in range(steps):
        entries = GAME.legal_entries(state)
        if not entries:
            return
        entry = data.draw(st.sampled_from(moving_on(state, entries)))
        after = GAME.apply(state, entry, entry["seat"])
        yield state, entry, after
        state = after


def moving_on(state, entries: list[dict]) -> list[dict]:
    """The entries a walk draws from: a start player entered again (S16-R1 allows it before the
    first roll) leaves the game where it was, so a walk names one only while none is set."""
    return [entry for entry in entries if entry["type"] != "start_player" or state.phase == START]


# --------------------------------------------------------------------------- legal entries


@SETTINGS
@given(st.data())
def test_every_legal_entry_is_accepted_from_the_host_and_from_its_own_seat(data):
    for _, _, after in random_game(data):
        entries = GAME.legal_entries(after)
        assert bool(entries) == (after.phase != OVER)
        for entry in entries:
            GAME.check(after, entry, HOST)
            GAME.check(after, entry, entry["seat"])
            assert entry["type"] in {a["type"] for a in GAME.offers(after, entry["seat"])}


@SETTINGS
@given(st.data())
def test_random_games_end(data):
    states = [after for _, _, after in random_game(data, 2000)]
    assert states and states[-1].phase == OVER and states[-1].winners


@given(top=st.integers(1, LAST_CARD), count=st.integers(3, 5))
def test_sample_dice_make_the_most_one_or_no_card(top, count):
    best, single, miss = sample_dice(top, count)
    assert len(best) == count and all(1 <= d <= 6 for d in best)
    assert allowance(top, list(best), False) >= 1
    assert single is None or allowance(top, list(single), False) == 1
    assert miss is None or allowance(top, list(miss), False) == 0


# --------------------------------------------------------------------------- replay, snapshots, undo


@SETTINGS
@given(st.data())
def test_replays_and_json_snapshots_give_the_same_state_and_apply_never_changes_its_input(data):
    played, last = [], None
    for before, entry, after in random_game(data):
        frozen = pickle.dumps(before)
        assert GAME.apply(before, entry, HOST) == after
        assert pickle.dumps(before) == frozen  # so an undo (the state before) is restored exactly
        assert GAME.load(json.loads(json.dumps(GAME.dump(after)))) == after
        played.append(entry)
        last = after
    state = GAME.new_game(last.players, last.options)
    for entry in played:
        state = GAME.apply(state, entry, entry["seat"])
    assert GAME.dump(state) == GAME.dump(last)


@SETTINGS
@given(st.data())
def test_every_phone_sees_the_same_public_board(data):
    """Nothing in Switch 16 is secret: views differ only in the entries each phone may make."""
    for _, _, after in random_game(data):
        seen = [GAME.view(after, viewer) for viewer in (HOST, None, *range(after.seat_count))]
        json.dumps(seen)
        boards = [{k: v for k, v in view.items() if k != "actions"} for view in seen]
        assert all(board == boards[0] for board in boards)


# --------------------------------------------------------------------------- invariants of the rule text


def sums(dice: list[int]) -> set[int]:
    """Every total some of the dice make, each die used at most once (section 4, makeable)."""
    return {sum(chosen) for size in range(1, len(dice) + 1) for chosen in combinations(dice, size)}


def made_in_a_row(top: int, dice: list[int]) -> int:
    count = 0
    while top + count <= LAST_CARD and top + count in sums(dice):
        count += 1
    return count


def dice_needed(options: dict, top: int) -> int:
    return 3 if top < int(options["four_dice_from"]) else 4 if top < int(options["five_dice_from"]) else 5


def penalty(options: dict, top: int, dice: int, start_top: int) -> int:
    """Section 5.2: where a failed risk roll sends a deck."""
    mode = options["risk_penalty"]
    if mode == "turn_only":
        return start_top
    if mode == "playmonster" and dice == 4:
        return 1
    return 1 if top <= 8 else 8


def check_table(state) -> None:
    """S16-C6: decks 1..17 with one controller each, one chip in one place; the latest roll
    makes the cards the rule text says."""
    n = state.seat_count
    assert sorted(state.control) == list(range(n)) and len(state.tops) == n
    assert all(1 <= top <= DONE for top in state.tops)
    assert (state.chip == "middle") == (state.chip_at is None)
    assert state.chip in ("middle", "hand", "deck") and (state.chip_at is None or 0 <= state.chip_at < n)
    roll = state.last
    if state.phase == TURN and roll is not None and state.pending_green is None:
        top = state.top_of(state.active) - roll.discarded  # the top the roll was made for
        assert 0 <= roll.discarded <= roll.allowance == made_in_a_row(top, roll.dice)
        assert len(roll.dice) == dice_needed(state.options, top)
    if state.phase == OVER and state.options["game_mode"] == "race":
        assert [state.top_of(s) for s in state.winners] == [DONE]


def switched_with(before, entry) -> int | None:
    """The seat a red or green roll swaps decks with at once (S16-R5, S16-R6, S16-R8)."""
    if entry["type"] != "roll" or entry["face"] not in ("red", "green"):
        return None
    if entry["face"] == "red":
        candidates = red_candidates(before, before.active)
        return entry.get("switch_with", candidates[0]) if candidates else None
    partner = entry["switch_with"]
    return None if partner == "none" or before.holder() == partner else partner


def check_step(before, entry, after) -> None:
    """The dice, discards, penalties and points of one entry (sections 4 and 5)."""
    seat = before.active
    deck = before.control[seat] if seat is not None else None
    new_round = after.round != before.round or after.phase == OVER
    failed_risk = None  # the dice of a risk roll that made nothing, or of one stopped without a discard
    if entry["type"] == "roll":
        assert len(entry["dice"]) == dice_needed(before.options, before.top_of(seat))
        to_the_dice = entry["face"] in ("blank", "block") or entry.get("switch_with") == "none"
        if before.rolls > 0 and to_the_dice and made_in_a_row(before.top_of(seat), entry["dice"]) == 0:
            failed_risk = entry["dice"]
    if entry["type"] == "stop" and before.last.risk and before.last.discarded == 0:
        failed_risk = before.last.dice
    if failed_risk:
        assert after.tops[deck] == penalty(before.options, before.tops[deck], len(failed_risk), before.start_top)
    partner = switched_with(before, entry)
    if partner is not None:  # the two players exchange the decks they control, and nothing else does
        assert (after.control[seat], after.control[partner]) == (before.control[partner], before.control[seat])
        assert after.tops == before.tops and after.active == next_seat(seat, before.seat_count)
    if entry["type"] == "discard":
        made = sums(before.last.dice)
        cards = range(before.tops[deck], before.tops[deck] + entry["count"])
        assert all(card in made for card in cards)  # every card discarded is a sum of the dice
        assert after.tops[deck] == before.tops[deck] + entry["count"] or new_round
    if new_round and after.options["game_mode"] == "points":
        gained = [a - b for a, b in zip(after.points, before.points)]
        assert gained[seat] == LAST_CARD
        assert all(gained[s] == before.top_of(s) - 1 for s in range(before.seat_count) if s != seat)
    may_lower = entry["type"] in ("roll", "green_answer", "stop", "place_block") or new_round
    assert may_lower or all(a >= b for a, b in zip(after.tops, before.tops))


@SETTINGS
@given(st.data())
def test_random_legal_games_keep_decks_dice_and_points_sound(data):
    for before, entry, after in random_game(data):
        check_table(after)
        check_step(before, entry, after)


# --------------------------------------------------------------------------- near misses


@settings(max_examples=40, **WALKS)
@given(st.data())
def test_near_misses_from_any_phone_only_ever_refuse(data):
    """Legal entries mixed with near misses from any phone, as table rulings or not: only
    refusals; every state reached still stores, views and describes."""
    players = data.draw(st.integers(MIN_PLAYERS, MAX_PLAYERS))
    state = GAME.new_game(NAMES[:players], data.draw(options()))
    for _ in range(data.draw(st.integers(10, 80))):
        entries = GAME.legal_entries(state)
        if not entries:
            break
        entry = data.draw(st.sampled_from(entries))
        if data.draw(st.booleans()):
            entry = near_miss(data, entry, players)
        by = data.draw(st.sampled_from([HOST, None, players, *range(players)]))
        try:
            state = GAME.apply(state, entry, by, ruling=data.draw(st.booleans()))
        except Refusal:
            continue
        assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
        for viewer in (HOST, None, *range(players)):
            json.dumps(GAME.view(state, viewer))
        GAME.describe(state, entry, by)
