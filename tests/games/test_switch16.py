"""Switch 16 rules engine, written from ../shared/rules/switch16.md: every worked example
S16-E1..S16-E22, then the rules and checks."""

from __future__ import annotations

import pytest

from referee.games.switch16 import GAME
from referee.games.switch16.dice import allowance, dice_count, ways
from referee.games.switch16.state import OVER, TURN
from referee.games.base import HOST, Refusal
from tests.helpers import refused_rule

A, B, C, D = 0, 1, 2, 3


def table(tops, active=A, chip=("middle", None), **options):
    """A game in A's (or ``active``'s) turn, decks at the given tops, nothing rolled yet."""
    state = GAME.new_game(["A", "B", "C", "D"][: len(tops)], options)
    state = GAME.apply(state, {"type": "start_player", "seat": active}, HOST)
    state.tops = list(tops)
    state.start_top = tops[active]
    state.chip, state.chip_at = chip
    state.blocked_at_start = state.blocked(active)  # the chip lay there when the turn began
    return state


def roll(state, dice, face="blank", switch_with=None, by=None):
    action = {"type": "roll", "dice": dice, "face": face}
    if switch_with is not None:
        action["switch_with"] = switch_with
    return GAME.apply(state, action, state.active if by is None else by)


def discard(state, count, by=None):
    return GAME.apply(state, {"type": "discard", "count": count}, state.active if by is None else by)


def stop(state):
    return GAME.apply(state, {"type": "stop"}, state.active)


def refusal(state, action, by=HOST) -> str:
    return refused_rule(GAME.apply, state, action, by)


# --------------------------------------------------------------------------- S16-E1..E4: sums


@pytest.mark.parametrize(
    "example, top, dice, sums, allowed",
    [
        ("S16-E1", 1, [1, 3, 4], {1, 3, 4, 5, 7, 8}, 1),
        ("S16-E2", 1, [1, 2, 4], set(range(1, 8)), 7),
        ("S16-E3", 1, [2, 3, 5], {2, 3, 5, 7, 8, 10}, 0),
        ("S16-E4", 14, [6, 6, 2, 2, 1], set(range(1, 18)), 3),
    ],
)
def test_makeable_sums_and_allowance(example, top, dice, sums, allowed):
    assert set(ways(dice)) == sums
    assert allowance(top, dice, blocked=False) == allowed


def test_s16_e1_only_card_1_and_the_refusal_names_card_2():
    state = roll(table([1, 1]), [1, 3, 4])
    assert GAME.view(state)["makes"] == [{"card": 1, "dice": [1]}]
    with pytest.raises(Refusal, match="Your roll 1, 3, 4 makes card 1 but not card 2"):
        discard(state, 2)
    assert discard(state, 1).tops[0] == 2


def test_s16_e2_each_card_with_the_dice_that_make_it():
    state = roll(table([1, 1]), [1, 2, 4])
    assert [(m["card"], sum(m["dice"])) for m in GAME.view(state)["makes"]] == [(c, c) for c in range(1, 8)]
    assert discard(state, 7).tops[0] == 8


def test_s16_e3_a_first_roll_that_makes_nothing_ends_the_turn_without_penalty():
    state = roll(table([1, 1]), [2, 3, 5])
    assert state.tops == [1, 1] and state.active == B


def test_s16_e4_discarding_card_16_wins():
    state = roll(table([14, 3]), [6, 6, 2, 2, 1])
    state = discard(state, 3)
    assert state.phase == OVER and state.winners == [A] and state.tops[0] == 17


# --------------------------------------------------------------------------- S16-E5..E10: turns


def test_s16_e5_dice_count_by_top_card():
    state = GAME.new_game(["A", "B"])
    assert [dice_count(state, t) for t in (6, 7, 11, 12)] == [3, 4, 4, 5]
    assert refusal(table([7, 1]), {"type": "roll", "dice": [1, 2, 3]}, A) == "S16-R4"
    with pytest.raises(Refusal, match="Your top card is 7: roll 4 number dice"):
        roll(table([7, 1]), [1, 2, 3])
    early = GAME.new_game(["A", "B"], {"five_dice_from": "11"})
    assert dice_count(early, 11) == 5


def test_s16_e6_risk_then_stop():
    state = discard(roll(table([3, 1]), [3, 1, 6]), 2)
    assert state.tops[0] == 5
    state = roll(state, [5, 2, 2])
    assert state.last.risk and state.last.allowance == 1
    state = stop(discard(state, 1))
    assert state.tops[0] == 6 and state.active == B


@pytest.mark.parametrize("mode, top", [("playmonster", 1), ("checkpoint8", 1), ("turn_only", 3)])
def test_s16_e7_penalty_with_three_dice(mode, top):
    state = discard(roll(table([3, 1], risk_penalty=mode), [3, 1, 6]), 2)
    state = roll(state, [6, 6, 6])
    assert state.tops[0] == top and state.active == B


@pytest.mark.parametrize("mode, top", [("playmonster", 1), ("checkpoint8", 8), ("turn_only", 7)])
def test_s16_e8_penalty_with_four_dice_above_eight(mode, top):
    state = discard(roll(table([7, 1], risk_penalty=mode), [4, 3, 1, 1]), 3)
    assert state.tops[0] == 10
    state = roll(state, [2, 2, 2, 2])
    assert state.tops[0] == top


@pytest.mark.parametrize("mode, top", [("playmonster", 8), ("checkpoint8", 8), ("turn_only", 12)])
def test_s16_e9_penalty_with_five_dice(mode, top):
    state = discard(roll(table([12, 1], risk_penalty=mode), [6, 6, 5, 5, 5]), 1)
    state = roll(state, [1, 1, 1, 1, 1])
    assert state.tops[0] == top


def test_s16_e10_risk_to_the_win():
    state = discard(roll(table([9, 1]), [6, 3, 1, 1]), 3)
    state = roll(state, [6, 6, 5, 4, 3])
    assert [m["card"] for m in GAME.view(state)["makes"]] == [12, 13, 14, 15, 16]
    assert discard(state, 5).winners == [A]


# --------------------------------------------------------------------------- S16-E11..E20: switch die, chip


def test_s16_e11_red_with_a_tie_needs_a_choice():
    state = table([10, 3, 6, 3])
    assert refusal(state, {"type": "roll", "dice": [1, 2, 3, 4], "face": "red", "switch_with": C}, A) == "S16-R5"
    with pytest.raises(Refusal, match=r"B and D tie for the lowest top card \(3\); choose one of them"):
        roll(state, [1, 2, 3, 4], "red")
    after = roll(state, [1, 2, 3, 4], "red", D)
    assert after.top_of(A) == 3 and after.top_of(D) == 10 and after.active == B


def test_s16_e12_red_with_nobody_lower_swaps_nothing():
    after = roll(table([2, 5, 9, 12]), [1, 2, 3], "red")
    assert after.control == [0, 1, 2, 3] and after.active == B


def test_s16_e13_red_on_a_risk_roll_is_no_failure():
    state = discard(roll(table([4, 2, 9]), [4, 1, 6]), 4)
    assert state.tops[0] == 8
    state = roll(state, [1, 1, 1, 1], "red")
    assert state.top_of(A) == 2 and state.top_of(B) == 8 and state.active == B


def test_s16_e14_green_without_the_chip_in_hand_swaps_at_once():
    state = roll(table([4, 2, 14]), [1, 1, 1], "green", C)
    assert state.top_of(A) == 14 and state.top_of(C) == 4 and state.active == B


@pytest.mark.parametrize("uses_chip, chip", [("off", ("hand", C)), ("on", ("middle", None))])
def test_s16_e15_green_refused_with_the_chip(uses_chip, chip):
    state = roll(table([4, 2, 14], chip=("hand", C), green_refusal_uses_chip=uses_chip), [1, 2, 3], "green", C)
    assert state.pending_green == C
    assert refusal(state, {"type": "green_answer", "answer": "refuse"}, A) == "S16-C5"
    assert refusal(state, {"type": "discard", "count": 1}, A) == "S16-R9"
    state = GAME.apply(state, {"type": "green_answer", "answer": "refuse"}, C)
    assert (state.chip, state.chip_at) == chip and state.control == [0, 1, 2]
    assert discard(state, 3).tops[0] == 7


@pytest.mark.parametrize("mode, top", [("playmonster", 8), ("checkpoint8", 8), ("turn_only", 9)])
def test_s16_e16_green_declined_on_a_risk_roll(mode, top):
    state = discard(roll(table([9, 1], risk_penalty=mode), [6, 3, 1, 1]), 3)
    state = roll(state, [2, 2, 2, 2, 2], "green", "none")
    assert state.tops[0] == top and state.active == B


def test_s16_e17_a_block_face_takes_the_chip_off_another_deck():
    state = roll(table([4, 5, 6], chip=("deck", B)), [1, 2, 3], "block")
    assert (state.chip, state.chip_at) == ("hand", A)
    assert discard(state, 3).tops[0] == 7


def test_s16_e18_a_blocked_deck_makes_nothing_unless_it_rolls_block():
    blocked = table([1, 3], active=B, chip=("deck", B))
    assert roll(blocked, [1, 2, 3]).tops == [1, 3]
    freed = roll(blocked, [1, 2, 3], "block")
    assert freed.chip_at == B and discard(freed, 4).tops[1] == 7


def test_s16_e19_the_chip_lands_mid_discard():
    state = discard(roll(table([1, 1], chip=("hand", B)), [1, 2, 4]), 7)
    assert state.tops[0] == 8
    landed = GAME.apply(state, {"type": "place_block", "target": A, "landed_after": 3}, B)
    assert landed.tops[0] == 4 and landed.blocked(A) and landed.active == B
    assert GAME.apply(state, {"type": "place_block", "target": A}, B).tops[0] == 8
    with pytest.raises(Refusal, match="A's turn ended when the block chip landed on A's deck") as caught:
        GAME.apply(landed, {"type": "roll", "dice": [1, 2, 3, 4]}, A)
    assert caught.value.rule == "S16-C4"


def test_s16_e19_the_holder_is_offered_each_card_the_chip_may_have_landed_after():
    """Issue 27: the board offers where in the discard the chip landed, and History says it."""
    state = discard(roll(table([1, 1], chip=("hand", B)), [1, 2, 4]), 7)
    spots = GAME.view(state, B)["landing"]
    assert [(s["landed_after"], s["before"], s["card"]) for s in spots] == [(0, True, 1)] + [
        (k, False, k) for k in range(1, 8)
    ]
    for spot in spots:  # each one the rules accept
        GAME.apply(state, {"type": "place_block", "target": A, "landed_after": spot["landed_after"]}, B)
    said = GAME.describe(state, {"type": "place_block", "target": A, "landed_after": 3}, B)
    assert said == "Block chip placed on A's deck after card 3"
    assert GAME.view(roll(table([1, 1], chip=("hand", B)), [1, 2, 4]), B)["landing"] == []  # nothing off yet


def test_s16_e20_a_chip_on_a_deck_travels_with_it():
    state = roll(table([5, 2, 11], chip=("deck", C)), [1, 1, 1], "green", C)
    assert state.pending_green is None
    assert state.top_of(A) == 11 and state.blocked(A) and not state.blocked(C)


# --------------------------------------------------------------------------- S16-E21, E22: points


def test_s16_e21_a_round_of_the_alternate_game():
    state = roll(table([15, 9, 1, 14], game_mode="points"), [6, 6, 2, 2, 1])
    state = discard(state, 2)
    assert state.points == [16, 8, 0, 13] and state.phase == TURN
    assert state.tops == [1, 1, 1, 1] and state.chip == "middle" and state.active == B and state.round == 2


def test_s16_e22_the_alternate_game_ends_at_the_target():
    state = table([13, 15, 2, 1], active=B, game_mode="points")
    state.points = [88, 70, 95, 60]
    state = discard(roll(state, [6, 6, 3, 1, 1]), 2)
    assert state.points == [100, 86, 96, 60]
    assert state.phase == OVER and state.winners == [A]


# --------------------------------------------------------------------------- rules one by one


def test_s16_r1_the_start_player_is_set_once():
    state = roll(table([1, 1]), [1, 3, 4])  # once the game's first roll is in (issue 20: not before it)
    assert refusal(state, {"type": "start_player", "seat": B}) == "S16-R1"
    assert refusal(GAME.new_game(["A", "B"]), {"type": "start_player", "seat": 5}) == "S16-C3"


def test_s16_r2_only_the_active_player_rolls():
    with pytest.raises(Refusal, match="It is A's turn"):
        GAME.apply(table([1, 1]), {"type": "roll", "dice": [1, 2, 3]}, B)


def test_s16_r3_a_risk_roll_needs_a_discard_first():
    state = roll(table([1, 1]), [1, 3, 4])
    assert refusal(state, {"type": "roll", "dice": [1, 2, 3]}, A) == "S16-R3"


def test_s16_r6_green_needs_another_player_or_none():
    assert refusal(table([1, 1]), {"type": "roll", "dice": [1, 2, 3], "face": "green"}, A) == "S16-R6"
    assert refusal(table([1, 1]), {"type": "roll", "dice": [1, 2, 3], "face": "green", "switch_with": A}, A) == "S16-R6"


def test_s16_r7_blank_and_block_switch_with_nobody():
    for face in ("blank", "block"):
        action = {"type": "roll", "dice": [1, 2, 3], "face": face, "switch_with": B}
        assert refusal(table([1, 1]), action, A) == "S16-R7"


def test_s16_r10_a_blocked_deck_cannot_discard_even_by_ruling_of_the_dice():
    state = roll(table([1, 1], chip=("hand", B)), [1, 2, 4])
    state.chip, state.chip_at = "deck", 0  # the chip landed (by an adjust, say) after the roll
    assert refusal(state, {"type": "discard", "count": 1}, A) == "S16-R10"


def test_s16_r12_stopping_without_a_discard_from_a_risk_roll_is_a_failure():
    state = discard(roll(table([3, 1]), [3, 1, 6]), 2)
    state = roll(state, [5, 2, 2])
    assert stop(state).tops[0] == 1  # playmonster: 3 dice, top 5


def test_s16_r13_to_r15_placing_the_chip():
    state = roll(table([1, 1, 1], chip=("hand", B)), [1, 2, 4])
    assert refusal(state, {"type": "place_block", "target": C}, C) == "S16-C5"  # C's phone (issue 20: C5 first)
    assert refusal(state, {"type": "place_block", "target": B}, B) == "S16-R14"
    state = discard(state, 2)
    with pytest.raises(Refusal, match="A discarded only 2 cards from this roll"):
        GAME.apply(state, {"type": "place_block", "target": A, "landed_after": 3}, B)
    assert refusal(state, {"type": "place_block", "target": C, "landed_after": 0}, B) == "S16-R15"
    on_c = GAME.apply(state, {"type": "place_block", "target": C}, B)
    assert on_c.blocked(C) and on_c.active == A  # C still rolls normally on their turn


def test_a_chip_landing_before_the_first_roll_does_not_end_the_turn():
    state = table([1, 1], chip=("hand", B))
    state = GAME.apply(state, {"type": "place_block", "target": A}, B)
    assert state.active == A and state.blocked(A)


def test_checks_c1_to_c3_and_order():
    state = table([1, 1])
    assert refusal(state, {"type": "roll", "dice": [1, 2, 7]}, A) == "S16-C1"
    assert refusal(state, {"type": "roll", "dice": [1, 2, 3], "face": "purple"}, A) == "S16-C2"
    assert refusal(state, {"type": "roll", "dice": [1, 2, 3], "face": "green", "switch_with": 6}, A) == "S16-C3"
    assert refusal(state, {"type": "roll", "dice": [1, 2, 7], "face": "purple"}, A) == "S16-C1"
    assert refusal(state, {"type": "roll", "dice": [9], "seat": A}, B) == "S16-C5"


def test_s16_c5_nothing_after_the_game_ends():
    won = discard(roll(table([14, 3]), [6, 6, 2, 2, 1]), 3)
    assert refusal(won, {"type": "stop"}) == "S16-C5"


def test_adjust_is_host_only_and_keeps_the_table_consistent():
    state = table([1, 1])
    assert refusal(state, {"type": "adjust", "seat": A, "top": 5}, A) == "S16-C5"
    assert refusal(state, {"type": "adjust", "seat": A, "top": 18}) == "S16-C6"
    assert GAME.apply(state, {"type": "adjust", "seat": B, "top": 9}).tops == [1, 9]
    moved = GAME.apply(state, {"type": "adjust", "chip": "hand", "seat": B})
    assert moved.holder() == B


def test_a_ruling_accepts_a_wrong_dice_count():
    state = table([7, 1])
    after = GAME.apply(state, {"type": "roll", "dice": [1, 2, 4]}, HOST, ruling=True)
    assert "Table ruling, overriding S16-R4." in after.notes and after.last.allowance == 1


def test_apply_never_changes_its_input_and_dump_load_round_trip():
    state = roll(table([1, 1]), [1, 2, 4])
    frozen = GAME.dump(state)
    discard(state, 3)
    assert GAME.dump(state) == frozen and GAME.load(frozen) == state


@pytest.mark.parametrize(
    "action",
    [
        None,
        {"type": "x"},
        {"type": "roll", "dice": "a b"},
        {"type": "roll", "dice": {"x": 1}},
        {"type": "discard", "count": "many"},
        {"type": "place_block", "target": "Z"},
        {"type": ["roll"]},
        {"type": "adjust", "swap": [0, 0]},
        {"type": "green_answer", "answer": "maybe"},
    ],
)
def test_unreadable_entries_refuse(action):
    with pytest.raises(Refusal):
        GAME.apply(table([1, 1], chip=("hand", B)), action, HOST)


def test_the_chip_holder_is_offered_the_block_during_another_turn():
    state = roll(table([1, 1, 1], chip=("hand", C)), [1, 2, 4])
    assert {"type": "place_block", "seat": C} in GAME.view(state, C)["actions"]
    assert [a["type"] for a in GAME.view(state, A)["actions"]] == ["discard", "stop"]
    assert GAME.view(state, B)["actions"] == []


def test_dice_typed_as_digits_are_one_die_each():
    """Issue 16: a phone's number pad types "356" for the dice 3, 5 and 6."""
    from referee.games.switch16.roll import read_dice

    assert read_dice("356") == [3, 5, 6] and read_dice(" 1 2 4") == [1, 2, 4]
    with pytest.raises(Refusal):
        read_dice("307")


def test_a_switch_says_which_decks_were_swapped():
    """Issue 16: the board's note and the history name the two players and the decks they now hold."""
    state = table([10, 3, 6])
    line = GAME.describe(state, {"type": "roll", "dice": [1, 2, 3, 4], "face": "red"}, A)
    assert line == "A rolled 1, 2, 3, 4, red with B"
    after = roll(state, [1, 2, 3, 4], "red")
    assert "A and B swapped decks: A now has the Blue deck, B the Red deck." in after.notes
    after = roll(table([4, 2, 14]), [1, 1, 1], "green", C)
    assert "A and C swapped decks: A now has the Green deck, C the Red deck." in after.notes


@pytest.mark.parametrize(
    "adjustment, line",
    [
        ({"seat": B, "top": 9}, "The host set B's top card to 9 (it was 3)."),
        ({"chip": "middle"}, "The host put the block chip in the middle."),
        ({"chip": "hand", "seat": C}, "The host put the block chip in C's hand."),
        ({"chip": "deck", "seat": B}, "The host put the block chip on the Blue deck."),
        ({"swap": [A, C]}, "A and C swapped decks: A now has the Green deck, C the Red deck."),
    ],
)
def test_a_host_adjustment_says_what_changed(adjustment, line):
    """Issue 16: the history and the board's note say what the host changed, not only that it did."""
    state = table([10, 3, 6])
    action = {"type": "adjust", **adjustment}
    assert GAME.describe(state, action, HOST) == line.rstrip(".")
    assert line.rstrip(".") in [note.rstrip(".") for note in GAME.apply(state, action, HOST).notes]
