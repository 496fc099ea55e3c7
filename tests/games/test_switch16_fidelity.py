"""Issue 20: where an independent implementation written from ../shared/rules/switch16.md read
the rules differently, each written from the rule text it rests on."""

from __future__ import annotations

import pytest

from referee.games.switch16 import GAME
from referee.games.switch16.state import TURN
from referee.games.base import HOST, Refusal

A, B, C = 0, 1, 2


def table(tops, active=A, chip=("middle", None), **options):
    state = GAME.new_game(["A", "B", "C", "D"][: len(tops)], options)
    state = GAME.apply(state, {"type": "start_player", "seat": active}, HOST)
    state.tops = list(tops)
    state.start_top = tops[active]
    state.chip, state.chip_at = chip
    return state


def refused(state, action, by=HOST, ruling=False) -> Refusal:
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, action, by, ruling=ruling)
    return caught.value


def roll(state, dice, face="blank", switch_with=None, by=None):
    action = {"type": "roll", "dice": dice, "face": face}
    if switch_with is not None:
        action["switch_with"] = switch_with
    return GAME.apply(state, action, state.active if by is None else by)


# --------------------------------------------------------------------------- S16-R8: a refusal shows the chip


def test_green_refusal_uses_chip_never_takes_the_chip_off_a_deck():
    """S16-R8: the target answers because they hold the chip *in hand*; once C has laid it on B's
    deck, C has no chip to show: the switch can only be accepted, and the chip stays on B's deck."""
    state = roll(table([4, 2, 14], chip=("hand", C), green_refusal_uses_chip="on"), [1, 2, 3], "green", C)
    state = GAME.apply(state, {"type": "place_block", "target": B}, C)
    assert state.pending_green == C and (state.chip, state.chip_at) == ("deck", B)
    refusal = refused(state, {"type": "green_answer", "answer": "refuse"}, C)
    assert (refusal.rule, refusal.overridable) == ("S16-R8", False)  # no ruling makes a chip to show
    assert refused(state, {"type": "green_answer", "answer": "refuse"}, HOST, ruling=True).rule == "S16-R8"
    accepted = GAME.apply(state, {"type": "green_answer", "answer": "accept"}, C)
    assert accepted.top_of(A) == 14 and (accepted.chip, accepted.chip_at) == ("deck", B)


# --------------------------------------------------------------------------- S16-R15: landed_after


def test_landed_after_is_refused_while_a_green_answer_is_pending():
    """S16-R15: landed_after only on the active player discarding from their current roll; while C
    has still to answer A's green switch, A has discarded nothing from it."""
    state = roll(table([4, 2, 14], chip=("hand", C)), [1, 2, 3], "green", C)
    assert state.pending_green == C
    landed = {"type": "place_block", "target": A, "landed_after": 0}
    assert refused(state, landed, C).rule == "S16-R15"
    placed = GAME.apply(state, {"type": "place_block", "target": A}, C)  # 4.6: the answer lapses, no swap
    assert placed.pending_green is None and placed.active == B and placed.control == [0, 1, 2]


# --------------------------------------------------------------------------- S16-C4: the round's winner


@pytest.mark.parametrize("starter", ["left_of_round_winner", "roll_off"])
def test_late_entries_of_the_player_who_just_won_a_points_round_cite_s16_c4(starter):
    """S16-C4: a discard, stop or roll from the player whose turn has just ended, arriving before
    the next player's first roll; A's turn ended when card 16 went and the round was scored."""
    state = table([14, 3], game_mode="points", next_round_starter=starter)
    state = GAME.apply(roll(state, [6, 6, 2, 2, 1]), {"type": "discard", "count": 3}, A)
    assert state.round == 2 and state.points == [16, 2]
    for late in ({"type": "discard", "count": 1}, {"type": "stop"}, {"type": "roll", "dice": [1, 2, 3]}):
        refusal = refused(state, late, A)
        assert refusal.rule == "S16-C4" and "A discarded card 16: round 1 is scored." == refusal.message, late


# --------------------------------------------------------------------------- S16-R1: before the first roll


def test_the_start_player_may_be_entered_again_before_the_first_roll():
    """S16-R1: the entry comes before the first roll of the game (with roll_off: of each round)."""
    state = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "start_player", "seat": A}, HOST)
    assert {"type": "start_player", "seat": None} in GAME.view(state, B)["actions"]
    state = GAME.apply(state, {"type": "start_player", "seat": C}, B)
    assert state.active == C and state.rolls == 0
    rolled = roll(state, [2, 3, 5])  # makes nothing: C's turn ends, A's begins
    assert refused(rolled, {"type": "start_player", "seat": B}).rule == "S16-R1"


@pytest.mark.parametrize("starter, again", [("roll_off", True), ("left_of_round_winner", False)])
def test_a_new_round_takes_a_new_start_player_only_after_a_roll_off(starter, again):
    state = table([15, 3], game_mode="points", next_round_starter=starter)
    state = GAME.apply(roll(state, [6, 6, 2, 2, 1]), {"type": "discard", "count": 2}, A)
    if starter == "roll_off":
        state = GAME.apply(state, {"type": "start_player", "seat": A}, HOST)
    assert state.round == 2 and state.phase == TURN and state.rolls == 0
    passes = GAME.overridden_rule(state, {"type": "start_player", "seat": B}, HOST) is None
    assert passes == again


# --------------------------------------------------------------------------- S16-R5: red never takes "none"


def test_a_red_face_with_switch_with_none_is_refused():
    """S16-R5: with a single lower deck the app picks it (a switch_with given must match it);
    with none lower, switch_with must be absent. "none" declines a green switch only."""
    lower = table([10, 3])
    refusal = refused(lower, {"type": "roll", "dice": [1, 2, 3, 4], "face": "red", "switch_with": "none"}, A)
    assert (refusal.rule, refusal.overridable) == ("S16-R5", True)
    nobody_lower = table([2, 5])
    assert (
        refused(nobody_lower, {"type": "roll", "dice": [1, 2, 3], "face": "red", "switch_with": "none"}, A).rule
        == "S16-R5"
    )
    ruled = GAME.apply(
        lower, {"type": "roll", "dice": [1, 2, 3, 4], "face": "red", "switch_with": "none"}, HOST, ruling=True
    )
    assert ruled.control == [0, 1] and ruled.active == B  # as entered: no swap


# --------------------------------------------------------------------------- S16-C5 and S16-R4 first


def test_place_block_from_a_phone_that_does_not_hold_the_chip_is_s16_c5():
    """S16-C5 comes first: the chip holder's phone may send place_block at any time, other phones
    never (403), whether someone else holds the chip or nobody does."""
    state = roll(table([1, 1, 1], chip=("hand", B)), [1, 2, 4])
    refusal = refused(state, {"type": "place_block", "target": C}, C)
    assert (refusal.rule, refusal.permission) == ("S16-C5", True)
    on_a_deck = GAME.apply(state, {"type": "place_block", "target": C}, B)
    assert refused(on_a_deck, {"type": "place_block", "target": A}, B).rule == "S16-C5"
    assert refused(on_a_deck, {"type": "place_block", "target": A}, HOST).rule == "S16-R13"  # the host: no chip in hand


def test_six_number_dice_break_s16_r4_for_good():
    """S16-R4: the number of number dice is dice_count(t); a sixth die does not exist (section 2),
    so no ruling accepts it (S16-C1 is about a die's value, 1 to 6)."""
    refusal = refused(table([1, 1]), {"type": "roll", "dice": [1, 2, 3, 4, 5, 6]}, HOST, ruling=True)
    assert (refusal.rule, refusal.overridable) == ("S16-R4", False)
    assert refused(table([1, 1]), {"type": "roll", "dice": [1, 2, 3, 4, 5, 7]}).rule == "S16-C1"


# --------------------------------------------------------------------------- a ruling applies the entry as entered


def test_a_ruled_red_roll_naming_a_seat_swaps_with_it_when_no_deck_is_lower():
    """Section 3: a table ruling applies a refused entry as entered; S16-R5 refuses the red switch
    with B (nobody is lower than A's 2), and the table rules the swap anyway."""
    state = table([2, 5, 9])
    action = {"type": "roll", "dice": [1, 2, 3], "face": "red", "switch_with": B}
    assert GAME.overridden_rule(state, action, HOST) == "S16-R5"
    ruled = GAME.apply(state, action, HOST, ruling=True)
    assert ruled.top_of(A) == 5 and ruled.top_of(B) == 2 and ruled.active == B


# --------------------------------------------------------------------------- table rulings (issue 29)


def ruled(state, action, rule):
    """``action`` is refused under ``rule``, overridably, and the host's ruling applies it."""
    refusal = refused(state, action, HOST)
    assert (refusal.rule, refusal.overridable) == (rule, True), refusal
    return GAME.apply(state, action, HOST, ruling=True)


def test_s16_r1_a_ruling_may_name_the_start_player_after_the_first_roll():
    state = roll(table([4, 2, 14]), [2, 3, 5])  # makes nothing: A's turn ends, B's begins
    state = ruled(state, {"type": "start_player", "seat": C}, "S16-R1")
    assert state.active == C and state.rolls == 0 and state.last is None


def test_s16_r1_a_ruling_may_let_a_named_seat_roll_before_the_start_player():
    state = GAME.new_game(["A", "B", "C"])
    state = ruled(state, {"type": "roll", "seat": B, "dice": [1, 2, 4]}, "S16-R1")
    assert state.active == B and state.rolls == 1 and state.last.dice == [1, 2, 4] and state.last.allowance == 7
    assert refused(GAME.new_game(["A", "B"]), {"type": "stop", "seat": A}, HOST).overridable  # A starts and stops
    nobody = refused(GAME.new_game(["A", "B"]), {"type": "roll", "dice": [1, 2, 4]}, HOST, ruling=True)
    assert (nobody.rule, nobody.overridable) == ("S16-R1", False)  # no seat named: nobody to roll
    no_roll = refused(GAME.new_game(["A", "B"]), {"type": "discard", "seat": A}, HOST, ruling=True)
    assert (no_roll.rule, no_roll.overridable) == ("S16-R1", False)  # nothing rolled to discard from


def test_s16_r3_a_ruling_may_allow_a_risk_roll_before_a_discard():
    state = roll(table([4, 2, 14]), [1, 2, 3])
    assert state.last.allowance == 3 and state.last.discarded == 0
    state = ruled(state, {"type": "roll", "dice": [1, 1, 2]}, "S16-R3")
    assert state.rolls == 2 and state.last.risk and state.last.dice == [1, 1, 2]


def test_s16_r9_a_ruling_may_let_cards_leave_while_a_green_answer_waits_but_never_without_a_roll():
    state = roll(table([4, 2, 14], chip=("hand", C)), [1, 2, 3], "green", C)
    assert state.pending_green == C
    after = ruled(state, {"type": "discard", "count": 2}, "S16-R9")
    assert after.top_of(A) == 6 and after.pending_green == C
    out_of_turn = refused(state, {"type": "discard", "seat": B}, HOST, ruling=True)
    assert (out_of_turn.rule, out_of_turn.overridable) == ("S16-R9", False)  # B has rolled nothing


def test_s16_r12_a_ruling_may_end_a_turn_before_its_roll_or_while_a_green_answer_waits():
    state = table([4, 2, 14])
    after = ruled(state, {"type": "stop"}, "S16-R12")
    assert after.active == B and after.top_of(A) == 4  # no roll, so no failed risk
    waiting = roll(table([4, 2, 14], chip=("hand", C)), [1, 2, 3], "green", C)
    after = ruled(waiting, {"type": "stop"}, "S16-R12")
    assert after.active == B and after.pending_green is None and after.control == [0, 1, 2]
    after = ruled(state, {"type": "stop", "seat": C}, "S16-R12")  # C's turn, ruled over at once
    assert after.active == A and after.rolls == 0


def test_s16_r2_a_ruling_may_let_another_seat_roll_in_turn():
    after = ruled(table([4, 2, 14]), {"type": "roll", "seat": B, "dice": [1, 2, 3]}, "S16-R2")
    assert after.active == B and after.last.allowance == 5  # B's top 2: cards 2 to 6


def test_s16_r8_the_right_to_refuse_is_judged_when_the_answer_is_entered():
    """S16-R8's example, with the default green_refusal_uses_chip = off: C holds the chip; A rolls
    green naming C; before answering, C lays the chip on B's deck. C's refuse is refused, also as
    a ruling; C's accept swaps A's and C's decks, and the chip stays on B's deck."""
    state = roll(table([4, 2, 14], chip=("hand", C)), [1, 2, 3], "green", C)
    state = GAME.apply(state, {"type": "place_block", "target": B}, C)
    for by, ruling in ((C, False), (HOST, True)):
        refusal = refused(state, {"type": "green_answer", "answer": "refuse"}, by, ruling=ruling)
        assert (refusal.rule, refusal.overridable) == ("S16-R8", False)
    accepted = GAME.apply(state, {"type": "green_answer", "answer": "accept"}, C)
    assert accepted.top_of(A) == 14 and accepted.top_of(C) == 4 and (accepted.chip, accepted.chip_at) == ("deck", B)
