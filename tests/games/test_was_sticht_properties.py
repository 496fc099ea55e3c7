"""Properties of the Was Sticht engine over random games drawn from its own legal entries:
every listed entry is accepted (from the host and from the seat it names), games end, replays
and snapshots are exact, apply never changes its input, views never leak the trumps or a task
choice to a phone that may not see them, the counts of the rule text hold, and near misses
(wrong seat, card, chip or value, from any phone, as rulings or not) only ever refuse."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.games.was_sticht import GAME
from referee.games.was_sticht import HOST_ONLY
from referee.games.was_sticht.hints import hint_winner
from referee.games.was_sticht.scoring import corners_asked, end_of_round
from referee.games.was_sticht.state import (
    CORNERS,
    DRAFT,
    DUMMY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVER,
    RESULT,
    TRICKS,
    TRUMPS,
    column_complete,
    current_column,
    start_round,
)
from referee.games.was_sticht import rules as ws
from referee.games.base import HOST, Refusal
from tests.games.was_sticht_walks import check_cards, check_chips, near_miss, options

# Failing walks are reported as found: shrinking hundreds of draws would take minutes.
WALKS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
    "phases": [Phase.explicit, Phase.reuse, Phase.generate],
}
SETTINGS = settings(max_examples=20, **WALKS)
NAMES = ["A", "B", "C", "D"]
ROUND_STEPS = 130  # first dealer, chip draft, trumps, layout, 36 picks, 9 hints, reveal, tasks and most tricks
SECRET_ENTRIES = {"set_trumps", "choose_task"}


def random_game(data, steps: int, **fixed):
    """Draw a legal entry that moves the game on at every step; yield (state before, entry, state after)."""
    players = data.draw(st.integers(MIN_PLAYERS, MAX_PLAYERS), label="players")
    state = GAME.new_game(NAMES[:players], data.draw(options(**fixed), label="options"))
    for _ in range(steps):
        entries = moving_on(state, GAME.legal_entries(state))
        if not entries:
            return
        entry = data.draw(st.sampled_from(entries))
        after = GAME.apply(state, entry, sender(entry))
        yield state, entry, after
        state = after


def moving_on(state, entries: list[dict]) -> list[dict]:
    """The legal entries that keep a random walk finite: the trumps, the layout and each task
    entered once a round (the rules let them be entered again), and under ``wrong_hint =
    void_round`` no wrong hint and no reveal that contradicts one (a void round is dealt again)."""
    kept = [entry for entry in entries if not entered_again(state, entry)]
    if state.options["wrong_hint"] == "void_round":
        kept = [entry for entry in kept if not voids_the_round(state, entry)]
    return kept


def entered_again(state, entry: dict) -> bool:
    return (
        entry["type"] == "set_trumps"
        and state.trumps is not None
        or entry["type"] == "layout"
        and state.layout is not None
        or entry["type"] == "choose_task"
        and str(entry["seat"]) in state.tasks
    )


def voids_the_round(state, entry: dict) -> bool:
    if entry["type"] == "enter_hint":
        column = current_column(state)
        return all(hint_winner(state, column, pair) != entry["winner"] for pair in agreeing_trumps(state))
    if entry["type"] == "reveal" and "colour" in entry:
        pair = (entry["colour"], entry["number"])
        return list(pair) != state.trumps if state.trumps else pair not in agreeing_trumps(state)
    return False


def agreeing_trumps(state) -> list[tuple[str, str]]:
    """The trump pairs every hint given so far agrees with (mode paper: the dealer's secret)."""
    given = [number for number, col in enumerate(state.columns, 1) if col["hint"] is not None]
    return [
        pair
        for pair in ws.TRUMP_PAIRS
        if all(hint_winner(state, number, pair) == state.columns[number - 1]["hint"] for number in given)
    ]


def sender(entry: dict):
    """The phone a simulated table sends ``entry`` from: the seat it names, else the host."""
    return entry["seat"] if "seat" in entry and entry["type"] not in HOST_ONLY else HOST


def viewers(state) -> list:
    return [HOST, None, *range(state.n)]


# --------------------------------------------------------------------------- legal entries


@SETTINGS
@given(st.data())
def test_every_legal_entry_is_accepted_from_the_host_and_from_its_own_seat(data):
    for before, _, after in random_game(data, ROUND_STEPS):
        for state in (before, after):
            entries = GAME.legal_entries(state)
            assert bool(entries) == (state.phase != OVER or bool(corners_asked(state)))
            for entry in entries:
                GAME.check(state, entry, HOST)
                if entry.get("seat") is not None and entry["type"] not in HOST_ONLY:
                    GAME.check(state, entry, entry["seat"])


@settings(max_examples=25, **WALKS)
@given(st.data())
def test_score_only_games_end_within_the_round_limit(data):
    """Short game: at most 2N rounds; full game: some seat completes 5 chips (at most one chip
    per seat per round, so the bound is loose)."""
    steps = 0
    for _, _, after in random_game(data, 1000, entry_mode="score_only"):
        steps += 1
        last = after
    assert last.phase == OVER and last.winners
    rounds = 2 * last.n if last.short else 5 * 2 * last.n
    assert last.scored <= rounds and steps <= 1 + 5 * last.n + rounds * (last.n + 2) + last.n


@settings(max_examples=3, **WALKS)
@given(st.data())
def test_full_short_games_with_every_pick_and_play_end_within_2n_rounds(data):
    per_round = 1 + 1 + 36 + 9 + 1 + 3 + 36 + 1  # trumps, layout, picks, hints, reveal, tasks, plays, flip
    states = [after for _, _, after in random_game(data, 8 * per_round + 30, game_length="short", entry_mode="full")]
    assert states[-1].phase == OVER and states[-1].scored <= 2 * states[-1].n


# --------------------------------------------------------------------------- replay, snapshots, undo


@SETTINGS
@given(st.data())
def test_replays_and_json_snapshots_give_the_same_state_and_apply_never_changes_its_input(data):
    played, last = [], None
    for before, entry, after in random_game(data, ROUND_STEPS):
        frozen = pickle.dumps(before)
        again = GAME.apply(before, entry, HOST)
        assert pickle.dumps(before) == frozen  # so an undo (the state before) is restored exactly
        assert again == after
        assert GAME.load(json.loads(json.dumps(GAME.dump(after)))) == after
        played.append(entry)
        last = after
    state = GAME.new_game(last.players, last.options)
    for entry in played:
        state = GAME.apply(state, entry, sender(entry))
    assert GAME.dump(state) == GAME.dump(last)


# --------------------------------------------------------------------------- secrets


def sees_trumps(state, viewer) -> bool:
    return state.revealed or (viewer == state.dealer and state.dealer is not None)


def sees_task(state, viewer, seat: int) -> bool:
    return state.tasks_shown or viewer == seat


def other_task(state, seat: int, index: int) -> int | None:
    """Another chip this seat could have chosen instead, if any."""
    return next((i for i, chip in enumerate(state.chips[seat]) if i != index and not chip["done"]), None)


def other_trumps(trumps) -> list[str]:
    return list(next(pair for pair in ws.TRUMP_PAIRS if list(pair) != list(trumps)))


def with_other_secrets(state, viewer):
    """``state`` with every secret ``viewer`` may not see changed (None if nothing is hidden)."""
    other, changed = copy.deepcopy(state), False
    if state.trumps is not None and not sees_trumps(state, viewer):
        other.trumps, changed = other_trumps(state.trumps), True
    for seat, index in state.tasks.items():
        swap = other_task(state, int(seat), index)
        if not sees_task(state, viewer, int(seat)) and swap is not None:
            other.tasks[seat], changed = swap, True
    return other if changed else None


def secret_variant(before, entry) -> dict | None:
    """The same secret entry with another secret value."""
    if entry["type"] == "set_trumps":
        colour, number = other_trumps((entry["colour"], entry["number"]))
        return {**entry, "colour": colour, "number": number}
    if entry["type"] == "choose_task":
        swap = other_task(before, entry["seat"], entry["chip"])
        return None if swap is None else {**entry, "chip": swap}
    return None


@settings(max_examples=12, **WALKS)
@given(st.data())
def test_views_are_json_and_hide_the_trumps_and_tasks_from_phones_that_may_not_see_them(data):
    for before, entry, after in random_game(data, ROUND_STEPS):
        for viewer in viewers(after):
            seen = GAME.view(after, viewer)
            json.dumps(seen)
            if not sees_trumps(after, viewer):
                assert seen["trumps"] is None and seen["hint_for_dealer"] is None
            for seat in range(after.n):
                if not sees_task(after, viewer, seat):
                    assert seen["players"][seat]["task"] is None
            other = with_other_secrets(after, viewer)
            if other is not None:  # the view is the same whatever the hidden values are
                assert GAME.view(other, viewer) == seen
        variant = secret_variant(before, entry) if entry["type"] in SECRET_ENTRIES else None
        if variant is not None:
            alt = GAME.apply(before, variant, sender(variant))
            assert GAME.describe(before, variant, sender(variant)) == GAME.describe(before, entry, sender(entry))
            for viewer in viewers(after):
                hidden = (
                    entry["type"] == "set_trumps"
                    and not sees_trumps(after, viewer)
                    or entry["type"] == "choose_task"
                    and not sees_task(after, viewer, entry["seat"])
                )
                if hidden:
                    assert GAME.view(alt, viewer) == GAME.view(after, viewer)


# --------------------------------------------------------------------------- invariants of the rule text


def check_tasks(before, entry, after) -> None:
    """Section 4.7 and 5.4-5.6: tasks of non-dealers only, uncompleted when chosen; chips stay
    completed; a seat completes at most one chip a round."""
    assert str(after.dealer) not in after.tasks
    if entry["type"] == "choose_task":
        assert not before.chips[entry["seat"]][entry["chip"]]["done"]
    for seat in range(after.n):
        done_before = [chip["done"] for chip in before.chips[seat]]
        done_after = [chip["done"] for chip in after.chips[seat]][: len(done_before)]
        assert all(a or not b for a, b in zip(done_after, done_before))
        assert after.completed(seat) - before.completed(seat) <= 1
    if after.result is not None:
        assert sum(after.result["tricks"].values()) == TRICKS
    if after.phase == OVER:
        assert after.winners and all(
            after.completed(s) == max(map(after.completed, range(after.n))) for s in after.winners
        )


@settings(max_examples=20, **WALKS)
@given(st.data())
def test_random_legal_games_keep_the_counts_of_the_rule_text(data):
    mode = data.draw(st.sampled_from(["full", "score_only"]))
    for before, entry, after in random_game(data, ROUND_STEPS if mode == "full" else 400, entry_mode=mode):
        check_chips(after)
        check_cards(after)
        check_tasks(before, entry, after)


# --------------------------------------------------------------------------- near misses


@settings(max_examples=25, **WALKS)
@given(st.data())
def test_near_misses_from_any_phone_only_ever_refuse(data):
    """A legal opening of any length, then legal entries mixed with near misses from any phone,
    as table rulings or not: only refusals; every state reached still stores, views and describes."""
    players = data.draw(st.integers(MIN_PLAYERS, MAX_PLAYERS))
    state = GAME.new_game(NAMES[:players], data.draw(options()))
    opening = data.draw(st.integers(0, 120 if state.options["entry_mode"] == "full" else 40))
    for step in range(opening + 30):
        entries = GAME.legal_entries(state)
        if not entries:
            break
        entry = data.draw(st.sampled_from(entries))
        if step < opening:
            state = GAME.apply(state, entry, HOST)
            continue
        if data.draw(st.booleans()):
            entry = near_miss(data, entry, players)
        by = data.draw(st.sampled_from([HOST, None, players, *range(players)]))
        try:
            state = GAME.apply(state, entry, by, ruling=data.draw(st.booleans()))
        except Refusal:
            continue
        assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
        for viewer in viewers(state):
            json.dumps(GAME.view(state, viewer))
        GAME.describe(state, entry, by)


# --------------------------------------------------------------------------- what these properties found


def advance(state, until):
    """Apply the first legal entry until ``until(state)`` holds."""
    while not until(state):
        state = GAME.apply(state, GAME.legal_entries(state)[0], HOST)
    return state


def ruled_refusal(state, action) -> Refusal:
    try:
        GAME.apply(state, action, HOST, ruling=True)
    except Refusal as refusal:
        return refusal
    raise AssertionError("accepted as a ruling")


def test_a_paper_hint_for_a_seat_not_at_the_table_is_no_ruling():
    """It used to be overridable, and the ruling crashed naming the missing seat (WS-H4, WS-X8)."""
    for players, winner in ((3, 3), (3, None), (4, DUMMY)):
        state = GAME.new_game(NAMES[:players], {"trump_entry": "paper", "hint_with_dummy": "no"})
        state = advance(state, lambda s: s.phase == DRAFT and column_complete(s, 1))
        refusal = ruled_refusal(state, {"type": "enter_hint", "winner": winner})
        assert (refusal.rule, refusal.overridable) == ("WS-H4", False)


def test_the_dummy_as_a_paper_hint_without_hint_with_dummy_may_be_a_ruling():
    state = GAME.new_game(NAMES[:3], {"trump_entry": "paper", "hint_with_dummy": "no"})
    state = advance(state, lambda s: s.phase == DRAFT and column_complete(s, 1))
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, {"type": "enter_hint", "winner": DUMMY}, HOST)
    assert (caught.value.rule, caught.value.overridable) == ("WS-H4", True)
    ruled = GAME.apply(state, {"type": "enter_hint", "winner": DUMMY}, HOST, ruling=True)
    assert ruled.columns[0]["hint"] == DUMMY and "the dummy" in ruled.notes[-1]


def test_trumps_entered_without_a_colour_mean_no_colour_trump():
    """The check read a missing colour as "-", the effect crashed on it (WS-T2, section 2)."""
    state = advance(GAME.new_game(NAMES[:3]), lambda s: s.phase == TRUMPS)
    state = GAME.apply(state, {"type": "set_trumps", "number": "5"}, state.dealer)
    assert state.trumps == ["-", "5"] and state.phase == DRAFT


def test_a_ruled_round_result_must_still_name_the_last_trick():
    """WS-Q2 was raised before the last trick was read, and the ruling crashed without it."""
    state = advance(GAME.new_game(NAMES, {"entry_mode": "score_only"}), lambda s: s.phase == RESULT)
    refusal = ruled_refusal(state, {"type": "round_result", "tricks": [3, 3, 3, 3]})
    assert not refusal.overridable
    # WS-Q2 itself is no ruling: nine tricks are all a round has (see tests/games/test_rulings.py)
    refusal = ruled_refusal(state, {"type": "round_result", "tricks": [3, 3, 3, 3], "last": 0})
    assert (refusal.rule, refusal.overridable) == ("WS-Q2", False)


def test_ruled_corner_numbers_are_all_read_first():
    """WS-N2 was raised at the first bad number, before the later chips were read, and the
    ruling crashed on a chip that does not exist (WS-N1)."""
    state = GAME.new_game(NAMES, {})
    state.first_dealer, state.chip_picks, state.scored = 0, 20, 8
    state.chips = [[{"type": "NONE", "done": i < 3 - seat // 2, "corner": None} for i in range(5)] for seat in range(4)]
    start_round(state)
    end_of_round(state)
    assert state.phase == CORNERS
    assert ruled_refusal(state, {"type": "corner_numbers", "seat": 0, "numbers": {"0": 100, "7": 3}}).rule == "WS-N1"
    assert not ruled_refusal(state, {"type": "corner_numbers", "seat": 0, "numbers": {"0": 100, "1": "x"}}).overridable
    # WS-N2 itself is no ruling: the number is printed on the chip (see tests/games/test_rulings.py)
    refusal = ruled_refusal(state, {"type": "corner_numbers", "seat": 0, "numbers": {"0": 100}})
    assert (refusal.rule, refusal.overridable) == ("WS-N2", False)
