"""Switch 16 quick entry (issue 27, house rule ``entry_mode = quick``): a turn is one entry of what
happened to the deck, and the points game one entry per player per round. Each outcome is the one
the full dice entry reaches for the same turn (section 4, examples S16-E2, S16-E7, S16-E11,
S16-E21, S16-E22)."""

from __future__ import annotations

import pytest

from referee.games.switch16 import GAME
from referee.games.switch16.state import OVER
from referee.games.base import HOST, Refusal
from tests.helpers import refused_rule

from .test_switch16 import A, B, C, D, discard, roll, stop, table

QUICK = {"entry_mode": "quick"}


def turn(state, **fields):
    return GAME.apply(state, {"type": "turn_result", **fields}, state.active)


def refusal(state, action, by=HOST) -> str:
    return refused_rule(GAME.apply, state, action, by)


def test_a_turn_to_card_7_is_where_the_dice_entry_of_s16_e2_gets():
    by_dice = stop(discard(roll(table([1, 1]), [1, 2, 4]), 7))
    quick = turn(table([1, 1], **QUICK), card=7)
    assert quick.tops == by_dice.tops == [8, 1] and quick.active == by_dice.active == B


@pytest.mark.parametrize("mode, top", [("playmonster", 1), ("checkpoint8", 1), ("turn_only", 3)])
def test_a_missed_risk_roll_sends_the_deck_back_as_s16_e7_does(mode, top):
    state = turn(table([3, 1], risk_penalty=mode, **QUICK), card=4, missed="yes")
    assert state.tops[A] == top and state.active == B


def test_a_switch_swaps_decks_and_ends_the_turn():
    state = turn(table([10, 3, 6, 3], **QUICK), switch_with=D)  # S16-E11's red switch, the tie to D
    assert state.top_of(A) == 3 and state.top_of(D) == 10 and state.active == B


def test_cards_then_a_switch():
    state = turn(table([4, 2, 9], **QUICK), card=7, switch_with=B)  # S16-E13: 4 to 7, then red with B
    assert state.top_of(A) == 2 and state.top_of(B) == 8


def test_no_card_leaves_the_deck_and_a_block_face_takes_the_chip():
    state = turn(table([5, 1], chip=("deck", A), **QUICK), took_chip="yes")
    assert state.tops == [5, 1] and state.holder() == A and not state.blocked(A)


def test_card_16_wins_the_race():
    state = turn(table([14, 3], **QUICK), card=16)
    assert state.phase == OVER and state.winners == [A]


def test_the_checks_of_a_quick_turn():
    state = table([5, 1], **QUICK)
    assert refusal(state, {"type": "turn_result", "card": 4}) == "S16-Q2"  # below the top card
    assert refusal(state, {"type": "turn_result", "card": 17}) == "S16-Q2"
    assert refusal(state, {"type": "turn_result", "missed": "yes"}) == "S16-R3"  # a risk needs a card first
    assert refusal(state, {"type": "turn_result", "card": 7, "missed": "yes", "switch_with": B}) == "S16-Q2"
    assert refusal(state, {"type": "turn_result", "switch_with": A}) == "S16-R6"
    blocked = table([5, 1], chip=("deck", A), **QUICK)
    assert refusal(blocked, {"type": "turn_result", "card": 6}) == "S16-R10"
    assert refusal(state, {"type": "turn_result", "card": 6}, B) == "S16-R2"  # not B's turn


def test_each_mode_refuses_the_other_modes_entries():
    assert refusal(table([1, 1], **QUICK), {"type": "roll", "dice": [1, 2, 4]}) == "S16-Q1"
    assert refusal(table([1, 1], **QUICK), {"type": "stop"}) == "S16-Q1"
    assert refusal(table([1, 1]), {"type": "turn_result", "card": 3}) == "S16-Q1"
    points = GAME.new_game(["A", "B"], {"game_mode": "points", **QUICK})
    assert refusal(points, {"type": "start_player", "seat": A}) == "S16-Q1"
    assert refusal(table([1, 1]), {"type": "round_result", "seat": A, "card": 16}) == "S16-Q1"


def test_the_board_offers_only_the_tables_entries():
    quick = GAME.view(table([5, 1], **QUICK), A)
    assert {a["type"] for a in quick["actions"]} == {"turn_result", "start_player"}
    assert quick["turn_cards"] == list(range(5, 17)) and quick["entries"] == "turns"
    assert "turn_result" not in {a["type"] for a in GAME.view(table([5, 1]), A)["actions"]}


def test_no_risk_roll_follows_a_chip_that_landed_during_the_turn():
    """S16-E19 read for a whole turn (issue 27): a chip laid on the active deck during the turn
    landed after its cards and ended the turn without a penalty, as the dice entry refuses a risk
    roll after it (S16-C4). So a missed risk roll, or a switch after the cards, is refused with the
    reason; the cards alone, or a block face taken before them, stand."""
    state = table([5, 1], chip=("hand", B), **QUICK)
    landed = GAME.apply(state, {"type": "place_block", "target": A}, B)
    assert landed.active == A and landed.blocked(A)  # no roll entered yet: the turn is A's still
    with pytest.raises(Refusal, match="The block chip landed on A's deck during the turn") as caught:
        GAME.apply(landed, {"type": "turn_result", "card": 7, "missed": "yes"}, A)
    assert caught.value.rule == "S16-Q2" and "no risk roll followed" in str(caught.value.message)
    assert refusal(landed, {"type": "turn_result", "card": 7, "switch_with": B}) == "S16-Q2"
    stopped = turn(landed, card=7)  # the cards, then the chip: the turn ended there, no penalty
    assert stopped.tops == [8, 1] and stopped.blocked(A) and stopped.active == B
    freed = turn(landed, card=7, took_chip="yes", missed="yes")  # block rolled first: a risk may follow
    assert freed.tops[A] == 1 and freed.holder() == A


def round_result(state, seat, card, by=None):
    return GAME.apply(state, {"type": "round_result", "seat": seat, "card": card}, seat if by is None else by)


def test_a_round_of_the_points_game_as_one_entry_per_player_scores_as_s16_e21():
    state = GAME.new_game(["A", "B", "C", "D"], {"game_mode": "points", **QUICK})
    for seat, card in ((C, 0), (A, 16), (D, 13), (B, 8)):  # in any order; the last one scores the round
        assert state.round == 1
        state = round_result(state, seat, card)
    assert state.points == [16, 8, 0, 13] and state.round == 2 and state.round_cards == []
    assert GAME.view(state, A)["stage"] == "round"


def test_the_last_entry_of_the_points_game_ends_it_as_s16_e22():
    state = GAME.new_game(["A", "B", "C", "D"], {"game_mode": "points", **QUICK})
    state.points = [88, 70, 95, 60]
    for seat, card in ((B, 16), (A, 12), (C, 1), (D, 0)):
        state = round_result(state, seat, card)
    assert state.points == [100, 86, 96, 60] and state.phase == OVER and state.winners == [A]


def test_the_checks_of_a_round_result():
    state = GAME.new_game(["A", "B", "C"], {"game_mode": "points", **QUICK})
    assert refusal(state, {"type": "round_result", "seat": A, "card": 17}) == "S16-Q3"
    state = round_result(state, A, 16)
    assert refusal(state, {"type": "round_result", "seat": A, "card": 3}) == "S16-Q3"  # once per round
    assert refusal(state, {"type": "round_result", "seat": B, "card": 16}) == "S16-Q3"  # one card 16
    assert refusal(state, {"type": "round_result", "seat": B, "card": 4}, C) == "S16-C5"
    nobody = round_result(GAME.new_game(["A", "B"], {"game_mode": "points", **QUICK}), A, 5)
    assert refusal(nobody, {"type": "round_result", "seat": B, "card": 9}) == "S16-Q3"  # nobody got to 16
