"""Swoop rules engine, written from ../shared/rules/swoop.md: every worked example
SW-E1..SW-E22, then the rules and checks."""

from __future__ import annotations

import pytest

from referee.games.swoop import GAME
from referee.games.swoop.state import CHAIN, DECLARE, FOLLOW, LEAD, OVER, PLAY, SETUP
from referee.games.base import HOST, Refusal
from tests.helpers import refused_rule

A, B, C, D = 0, 1, 2, 3


def started(players=4, ups=None, starter=B, **options):
    """A hand in play: every face-up row entered (low ranks, so that tests have copies to spare)."""
    state = GAME.new_game(["A", "B", "C", "D", "E", "F", "G", "H"][:players], options)
    rows = ups or {}
    for seat in range(players):
        default = ["3", "4", "5", "6"] if seat % 2 else ["2", "3", "4", "6"]
        state = GAME.apply(state, {"type": "set_face_up", "seat": seat, "ranks": rows.get(seat, default)})
    return GAME.apply(state, {"type": "set_starter", "seat": starter})


def with_pile(pile, current=B, **options):
    """A hand in play with this pile (a pile on the table means the first play is made)."""
    state = started(**options)
    state.pile, state.current, state.mode = list(pile), current, FOLLOW if pile else LEAD
    state.played = bool(pile)
    return state


def play(state, *cards, seat=None):
    return GAME.apply(state, {"type": "play", "cards": list(cards)}, state.current if seat is None else seat)


def refusal(state, action, by=None) -> str:
    """The rule refusing ``action`` by ``by`` (default: the seat whose turn it is)."""
    return refused_rule(GAME.apply, state, action, state.current if by is None else by)


def test_sw_e1_equal_or_lower():
    state = play(with_pile(["K", "9", "9"]), "7@hand")
    assert state.pile == ["K", "9", "9", "7"] and state.top_run() == ("7", 1)
    assert state.hand_count[B] == 10 and state.current == C and state.mode == FOLLOW


def test_sw_e2_swoop_with_a_face_up_card_then_a_lead_ends_the_chain():
    state = with_pile(["K", "9", "9"])
    state.up[B] = ["3", "9", "5", "6"]
    state = play(state, "9@hand", "9@up2")
    assert state.out_count == 4 and state.pile == ["K"] and state.mode == CHAIN and state.current == B
    assert state.hand_count[B] == 10 and state.up[B][1] is None and state.mystery[B][1]
    state = play(state, "5@hand")
    assert state.out_count == 5 and state.pile == ["5"] and state.hand_count[B] == 9 and state.current == C


def test_sw_e3_no_fifth_card():
    state = with_pile(["Q", "9", "9", "9"])
    with pytest.raises(Refusal, match="3 nines are already on top: you may add only 1 more") as caught:
        play(state, "9@hand", "9@hand")
    assert caught.value.rule == "SW-R7"
    after = play(state, "9@hand")
    assert after.pile == ["Q"] and after.mode == CHAIN
    overfilled = play(with_pile(["Q", "9", "9", "9"], overfill_swoops="true"), "9@hand", "9@hand")
    assert overfilled.out_count == 5 and overfilled.mode == CHAIN


def test_sw_e4_a_higher_play_picks_up():
    state = play(with_pile(["K", "K", "J"]), "Q@hand")
    assert state.hand_count[B] == 14 and sorted(state.known[B]) == sorted(["K", "K", "J", "Q"])
    assert state.pile == [] and state.current == C and state.mode == LEAD


def test_sw_e5_the_10_is_not_a_rank():
    assert play(with_pile(["9"]), "J@hand").hand_count[B] == 12
    assert play(with_pile(["J"]), "9@hand").pile == ["J", "9"]


def test_sw_e6_aces_are_lowest():
    assert play(with_pile(["A"]), "2@hand").hand_count[B] == 12
    assert play(with_pile(["A"]), "A@hand", "A@hand").pile == ["A", "A", "A"]


def test_sw_e7_ten_and_joker():
    state = play(with_pile(["8", "5", "2"]), "10@hand")
    assert state.out_count == 4 and state.pile == [] and state.current == B
    state = play(state, "JK@hand")
    assert state.out_count == 5 and state.current == B
    state = play(state, "6@hand", "6@hand")
    assert state.pile == ["6", "6"] and state.current == C and state.hand_count[B] == 7


def test_sw_e8_four_of_a_kind_built_by_three_players():
    state = with_pile([], current=A)
    state = play(state, "5", "5")
    state = play(play(state, "5"), "5")
    assert state.out_count == 4 and state.pile == [] and state.current == C


def _after_nine_swoop():
    state = play(with_pile(["K", "Q", "Q", "9", "9", "9"]), "9@hand")
    assert state.out_count == 4 and state.pile == ["K", "Q", "Q"] and state.mode == CHAIN
    return play(state, "Q", "Q")


def test_sw_e9_chain_swoops():
    state = _after_nine_swoop()
    assert state.out_count == 8 and state.pile == ["K"]
    step = play(state, "K", "K", "K")
    assert step.out_count == 12 and step.pile == [] and step.current == B and step.hand_count[B] == 5
    stop = play(state, "K", "K")
    assert stop.out_count == 9 and stop.pile == ["K", "K"] and stop.current == C and stop.hand_count[B] == 6


def test_sw_e10_chains_go_from_the_top_down():
    state = play(play(with_pile(["K", "Q", "Q", "9", "9", "9"]), "9@hand"), "K", "K", "K")
    assert state.out_count == 7 and state.pile == ["K", "K", "K"] and state.current == C


def test_sw_e11_hand_and_face_up_together():
    state = with_pile(["9"])
    state.up[B] = ["7", "K", "3", "7"]
    state = play(state, "7@up1", "7@up4", "7@hand")
    assert state.pile == ["9", "7", "7", "7"] and state.top_run() == ("7", 3)
    assert state.up[B] == [None, "K", "3", None] and state.hand_count[B] == 10


def test_sw_e12_a_covered_mystery_card():
    state = with_pile(["9"])
    state.up[B][1] = "K"
    with pytest.raises(Refusal, match="Play the K in slot 2 before its mystery card"):
        GAME.apply(state, {"type": "flip", "slot": 2, "rank": "5"}, B)


def test_sw_e13_flip_with_an_add_on():
    state = with_pile(["8"])
    state.up[B][0] = None
    state = GAME.apply(state, {"type": "flip", "slot": 1, "rank": "6", "add": ["6@hand"]}, B)
    assert state.pile == ["8", "6", "6"] and state.hand_count[B] == 10 and not state.mystery[B][0]
    assert state.current == C


def test_sw_e14_a_higher_flip_picks_up():
    state = with_pile(["9", "5"])
    state.up[B][2] = None
    flipped = GAME.apply(state, {"type": "flip", "slot": 3, "rank": "Q"}, B)
    assert flipped.hand_count[B] == 14 and sorted(flipped.known[B]) == ["5", "9", "Q"] and flipped.current == C
    assert refusal(state, {"type": "flip", "slot": 3, "rank": "Q", "add": ["Q@hand"]}) == "SW-R9"


def test_sw_e15_going_out_on_a_swoop_ends_the_hand_at_once():
    state = with_pile(["7", "7"])
    state.hand_count[B], state.up[B], state.mystery[B] = 1, [None] * 4, [False] * 4
    state = play(state, "10@hand")
    assert state.phase == DECLARE and state.out_player == B and state.current is None


def test_sw_e16_no_pass_and_no_empty_pick_up():
    state = with_pile([])
    assert refusal(state, {"type": "pick_up"}) == "SW-R11"
    assert refusal(state, {"type": "pass"}) == "SW-R13"


def test_sw_e17_a_known_hand():
    state = with_pile(["9"])
    state.hand_count[B], state.known[B] = 3, ["K", "K", "J"]
    with pytest.raises(Refusal, match="Your hand is known to be K, K, J: it holds no 7") as caught:
        play(state, "7@hand")
    assert caught.value.rule == "SW-C3"
    after = play(state, "J@hand")
    assert after.hand_count[B] == 4 and sorted(after.known[B]) == sorted(["K", "K", "9", "J"])


def test_sw_e18_copies():
    state = with_pile(["9"])
    state.seen["7"] = 8
    with pytest.raises(Refusal, match="With 2 packs there are only 8 sevens, and 8 have already been seen") as caught:
        play(state, "7@hand")
    assert caught.value.rule == "SW-C1"


def _e19(**options):
    """A goes out; B, C and D hold what SW-E19 says."""
    state = started(**options)
    state.phase, state.out_player, state.current = DECLARE, A, None
    state.hand_count[B], state.up[B], state.mystery[B] = 4, ["Q", None, None, None], [True, True, False, False]
    state.hand_count[C], state.up[C], state.mystery[C] = 4, [None] * 4, [True] * 4
    state.hand_count[D], state.up[D], state.mystery[D] = 2, ["K", "Q", None, None], [True, True, False, False]
    state.seen = {}
    for seat, hand, mystery in [(B, "K 7 10 A", "JK 3"), (C, "9 9 2 J", "5 8 10 4"), (D, "A A", "2 9")]:
        state = GAME.apply(state, {"type": "declare_remaining", "hand": hand, "mystery": mystery}, seat)
    return state


def test_sw_e19_scoring_a_hand():
    assert [s[-1] for s in _e19().scores] == [0, 131, 97, 33]
    assert [s[-1] for s in _e19(low_card_points="flat5").scores] == [0, 135, 90, 40]


def test_sw_e20_the_game_ends_at_the_target_and_the_lowest_wins():
    state = started()
    state.scores = [[480], [410], [455], [300]]
    state.phase, state.out_player = DECLARE, A
    state.hand_count[B], state.up[B], state.mystery[B] = 4, ["Q", None, None, None], [True, True, False, False]
    state.hand_count[C], state.up[C], state.mystery[C] = 4, [None] * 4, [True] * 4
    state.hand_count[D], state.up[D], state.mystery[D] = 2, ["K", "Q", None, None], [True, True, False, False]
    state.seen = {}
    for seat, hand, mystery in [(B, "K 7 10 A", "JK 3"), (C, "9 9 2 J", "5 8 10 4"), (D, "A A", "2 9")]:
        state = GAME.apply(state, {"type": "declare_remaining", "hand": hand, "mystery": mystery}, seat)
    assert state.totals() == [480, 541, 552, 333] and state.phase == OVER and state.winners == [D]


def test_sw_e21_shared_win_after_the_hand_limit():
    state = started(end_mode="hands", hand_limit="4")
    state.hand_no, state.scores = 4, [[212], [187], [187], [240]]
    state.phase, state.out_player = DECLARE, A
    for seat in (B, C, D):
        state.hand_count[seat], state.up[seat], state.mystery[seat] = 0, [None] * 4, [False] * 4
        state = GAME.apply(state, {"type": "declare_remaining", "hand": [], "mystery": []}, seat)
    assert state.phase == OVER and state.winners == [B, C]


def test_sw_e22_table_size():
    with pytest.raises(Refusal, match=r"6 players need at least 3 packs \(114 cards are dealt\)") as caught:
        GAME.new_game(list("ABCDEF"), {"packs": "2"})
    assert caught.value.rule == "SW-C9"
    assert GAME.new_game(list("ABCDE"), {"packs": "2"}).packs == 2
    assert [GAME.new_game(list("ABCDEFGH")[:n]).packs for n in (3, 4, 5, 6, 7, 8)] == [2, 2, 3, 3, 4, 4]


# --------------------------------------------------------------------------- the rest of the rules


def test_sw_r1_only_the_current_player():
    with pytest.raises(Refusal, match="It is B's turn, not yours"):
        GAME.apply(with_pile(["9"]), {"type": "play", "cards": ["7"]}, C)


def test_sw_r2_the_hand_starts_after_every_face_up_row():
    state = GAME.new_game(["Ann", "Ben", "Cem"])
    state = GAME.apply(state, {"type": "set_face_up", "seat": 0, "ranks": "K 9 9 3"}, 0)
    with pytest.raises(Refusal, match="face-up cards are missing for Ben and Cem"):
        GAME.apply(state, {"type": "play", "seat": 0, "cards": ["7"]})
    started_hand = started()
    played = play(started_hand, "7")
    assert refusal(played, {"type": "set_face_up", "seat": A, "ranks": "K 9 9 3"}, HOST) == "SW-R2"


def test_sw_r3_r4_r5():
    state = with_pile([])
    assert refusal(state, {"type": "play", "cards": ["7"] * 5}) == "SW-R3"
    assert refusal(state, {"type": "play", "cards": ["10", "JK"]}) == "SW-R4"
    state.up[B] = ["K", None, "3", "3"]
    with pytest.raises(Refusal, match="Your face-up slot 1 shows K, not 7"):
        play(state, "7@up1")
    with pytest.raises(Refusal, match="Your face-up slot 2 is empty"):
        play(state, "7@up2")


def test_sw_r8_a_slot_without_its_mystery_card():
    state = with_pile([])
    state.up[B][3], state.mystery[B][3] = None, False
    with pytest.raises(Refusal, match="Slot 4 has no mystery card left"):
        GAME.apply(state, {"type": "flip", "slot": 4, "rank": "5"}, B)


def test_sw_r10_no_add_ons_at_this_table():
    state = with_pile([], mystery_add_ons="false")
    state.up[B][0] = None
    assert refusal(state, {"type": "flip", "slot": 1, "rank": "6", "add": ["6@hand"]}) == "SW-R10"


def test_sw_r11_r12_chain_mode():
    state = play(with_pile(["Q", "9", "9", "9"]), "9@hand")
    with pytest.raises(Refusal, match="You just swooped: continue the chain or lead"):
        GAME.apply(state, {"type": "pick_up"}, B)
    ended = GAME.apply(state, {"type": "end_chain"}, B)
    assert ended.pile == [] and ended.out_count == 5 and ended.current == B
    assert refusal(ended, {"type": "end_chain"}) == "SW-R12"


def test_pick_up_takes_the_pile_and_the_left_neighbour_leads():
    state = GAME.apply(with_pile(["K", "9"]), {"type": "pick_up"}, B)
    assert state.hand_count[B] == 13 and state.known[B] == ["K", "9"] and state.current == C


def test_sw_r14_and_c4_c5_declarations():
    state = started()
    state.phase, state.out_player = DECLARE, A
    state.hand_count[B], state.known[B], state.mystery[B] = 2, ["K", "K"], [True, False, False, False]
    assert refusal(state, {"type": "declare_remaining", "hand": "K", "mystery": "3"}, A) == "SW-R14"
    with pytest.raises(Refusal, match="You hold 2 cards in hand and 1 mystery card; you entered 1 and 1"):
        GAME.apply(state, {"type": "declare_remaining", "hand": "K", "mystery": "3"}, B)
    with pytest.raises(Refusal, match="You picked up 2 kings this hand"):
        GAME.apply(state, {"type": "declare_remaining", "hand": "Q Q", "mystery": "3"}, B)
    after = GAME.apply(state, {"type": "declare_remaining", "hand": "K K", "mystery": "3"}, B)
    assert refusal(after, {"type": "declare_remaining", "hand": "K K", "mystery": "3"}, B) == "SW-R14"


def test_sw_c7_tokens_and_c8_setup():
    state = GAME.new_game(["A", "B", "C"])
    with pytest.raises(Refusal, match="'11' is not a card: use A, 2-9, 10, J, Q, K or JK"):
        GAME.apply(state, {"type": "set_face_up", "seat": 0, "ranks": "11 9 9 3"}, 0)
    assert refusal(state, {"type": "set_face_up", "seat": 0, "ranks": "K 9 9"}, 0) == "SW-C8"
    once = GAME.apply(state, {"type": "set_face_up", "seat": 0, "ranks": "kh 9 9 3"}, 0)
    assert once.up[0] == ["K", "9", "9", "3"]
    assert refusal(once, {"type": "set_face_up", "seat": 0, "ranks": "K 9 9 3"}, 0) == "SW-C8"


def test_the_starter_rotates_to_the_next_hand():
    state = _e19()
    assert state.phase == SETUP and state.hand_no == 2 and state.starter == C
    assert state.hand_count == [11] * 4 and state.seen == {}


def test_a_seat_enters_only_its_own_face_up_row():
    state = GAME.new_game(["A", "B", "C"])
    assert refusal(state, {"type": "set_face_up", "seat": 1, "ranks": "K 9 9 3"}, 0) == "SW-R1"


def test_known_ranks_are_shown_only_with_the_option():
    state = GAME.apply(with_pile(["K", "9"]), {"type": "pick_up"}, B)
    assert GAME.view(state, A)["players"][B]["known"] is None
    shown = GAME.apply(with_pile(["K", "9"], show_known_cards="true"), {"type": "pick_up"}, B)
    assert GAME.view(shown, A)["players"][B]["known"] == ["K", "9"]


def test_apply_never_changes_its_input_and_dump_load_round_trip():
    state = with_pile(["K", "9"])
    frozen = GAME.dump(state)
    play(state, "7")
    assert GAME.dump(state) == frozen and GAME.load(frozen) == state


@pytest.mark.parametrize(
    "action",
    [
        None,
        {"type": "x"},
        {"type": ["play"]},
        {"type": "play", "cards": 7},
        {"type": "play", "cards": ["7@pocket"]},
        {"type": "flip", "slot": 9, "rank": "5"},
        {"type": "flip", "slot": 1, "rank": "Z"},
        {"type": "declare_remaining", "hand": 3},
    ],
)
def test_unreadable_entries_refuse(action):
    with pytest.raises(Refusal):
        GAME.apply(with_pile(["9"]), action, HOST)


# --------------------------------------------------------------------------- more from the rule text


def test_sw_r5_a_slot_is_named_once_per_play():
    state = with_pile(["9"])
    state.up[B] = ["7", "K", "3", "7"]
    assert refusal(state, {"type": "play", "cards": ["7@up1", "7@up1"]}) == "SW-R5"


def test_sw_r6_c2_no_more_hand_cards_than_the_hand_count():
    state = with_pile(["9"])
    state.hand_count[B] = 1
    with pytest.raises(Refusal, match="You have only 1 card in hand") as caught:
        play(state, "7", "7")
    assert caught.value.rule == "SW-C2"


def test_sw_c3_the_unknown_part_of_the_hand_bounds_a_play():
    state = with_pile(["9"])
    state.hand_count[B], state.known[B] = 4, ["K", "K", "J"]
    with pytest.raises(Refusal, match="known to be K, K, J and 1 other card: it holds at most 1 seven"):
        play(state, "7", "7")
    assert play(state, "7").hand_count[B] == 3


def test_sw_c3_a_card_matched_against_known_is_not_seen_again():
    state = with_pile(["K", "K", "9"])
    state.hand_count[B], state.known[B] = 12, ["8"]
    after = play(state, "8")
    assert after.known[B] == [] and after.seen.get("8", 0) == state.seen.get("8", 0)
    fresh = play(state, "8", "8")
    assert fresh.known[B] == [] and fresh.seen["8"] == state.seen.get("8", 0) + 1


def test_sw_c1_copies_count_face_up_cards_and_jokers():
    state = GAME.new_game(["A", "B", "C"])
    state = GAME.apply(state, {"type": "set_face_up", "seat": A, "ranks": "9 9 9 9"})
    state = GAME.apply(state, {"type": "set_face_up", "seat": B, "ranks": "9 9 9 9"})
    with pytest.raises(Refusal, match="only 8 nines, and 8 have already been seen") as caught:
        GAME.apply(state, {"type": "set_face_up", "seat": C, "ranks": "9 K K K"})
    assert caught.value.rule == "SW-C1"
    jokers = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "set_face_up", "seat": A, "ranks": "JK JK JK 3"})
    assert refusal(jokers, {"type": "set_face_up", "seat": B, "ranks": "JK JK 3 3"}, HOST) == "SW-C1"


def test_sw_c1_a_flipped_mystery_card_is_counted():
    state = with_pile(["K"])
    state.up[B][0], state.seen["Q"] = None, 8
    assert refusal(state, {"type": "flip", "slot": 1, "rank": "Q"}) == "SW-C1"


def test_sw_c6_declared_cards_pass_the_copy_count():
    state = _e19_declaring()
    state.seen["K"] = 8
    with pytest.raises(Refusal, match="only 8 kings") as caught:
        GAME.apply(state, {"type": "declare_remaining", "hand": "K 7 10 A", "mystery": "JK 3"}, B)
    assert caught.value.rule == "SW-C6"


def _e19_declaring():
    state = started()
    state.phase, state.out_player, state.current = DECLARE, A, None
    state.hand_count[B], state.up[B], state.mystery[B] = 4, ["Q", None, None, None], [True, True, False, False]
    return state


def test_sw_r2_nothing_is_played_once_the_hand_is_over():
    state = _e19_declaring()
    with pytest.raises(Refusal, match="This hand is over: enter the cards you still hold") as caught:
        GAME.apply(state, {"type": "pick_up"}, B)
    assert caught.value.rule == "SW-R2" and not caught.value.overridable
    assert refusal(state, {"type": "set_face_up", "seat": B, "ranks": "2 2 2 2"}, HOST) == "SW-R2"


def test_sw_r2_play_waits_for_the_starter():
    state = GAME.new_game(["Ann", "Ben", "Cem"])
    for seat in range(3):
        state = GAME.apply(state, {"type": "set_face_up", "seat": seat, "ranks": "2 3 4 5"})
    with pytest.raises(Refusal, match="the host enters who starts"):
        GAME.apply(state, {"type": "play", "seat": 0, "cards": "7"})
    assert refusal(state, {"type": "set_starter", "seat": 1}, by=0) == "SW-R1"


def test_sw_r7_counts_a_flipped_card_and_its_add_ons():
    state = with_pile(["Q", "9", "9", "9"])
    state.up[B][0] = None
    assert refusal(state, {"type": "flip", "slot": 1, "rank": "9", "add": ["9@hand"]}) == "SW-R7"
    assert GAME.apply(state, {"type": "flip", "slot": 1, "rank": "9"}, B).out_count == 4


def test_sw_r7_in_a_chain_too_many_cards_of_the_top_rank_are_a_lead():
    state = play(with_pile(["K", "Q", "Q", "9", "9", "9"]), "9")
    state = play(state, "Q", "Q", "Q")  # five Qs: not a chain step, so the K, Q, Q leave and the Qs lead
    assert state.out_count == 7 and state.pile == ["Q", "Q", "Q"] and state.current == C


def test_four_higher_cards_are_a_pick_up_not_a_swoop():
    state = play(with_pile(["Q"]), "K", "K", "K", "K")
    assert state.out_count == 0 and state.hand_count[B] == 11 - 4 + 5 and state.current == C


def test_leading_four_of_a_kind_swoops_at_once():
    state = play(with_pile([]), "8", "8", "8", "8")
    assert state.out_count == 4 and state.pile == [] and state.current == B and state.mode == LEAD


def test_a_chain_step_by_a_flip():
    state = play(with_pile(["K", "Q", "Q", "9", "9", "9"]), "9")
    state.up[B][0] = None
    state = GAME.apply(state, {"type": "flip", "slot": 1, "rank": "Q", "add": ["Q@hand"]}, B)
    assert state.out_count == 8 and state.pile == ["K"] and state.mode == CHAIN and state.current == B


def test_a_higher_flip_in_a_chain_ends_it_and_leads():
    state = play(with_pile(["K", "Q", "Q", "9", "9", "9"]), "9")
    state.up[B][0] = None
    state = GAME.apply(state, {"type": "flip", "slot": 1, "rank": "K", "add": ["K@hand"]}, B)
    assert state.out_count == 7 and state.pile == ["K", "K"] and state.current == C and state.known[B] == []


def test_a_ten_in_a_chain_clears_the_rest_of_the_pile():
    state = play(play(with_pile(["K", "Q", "Q", "9", "9", "9"]), "9"), "10")
    assert state.out_count == 4 + 3 + 1 and state.pile == [] and state.current == B and state.mode == LEAD


def test_without_chain_swoops_four_of_a_kind_clears_the_whole_pile():
    state = play(with_pile(["K", "Q", "Q", "9", "9", "9"], chain_swoops="false"), "9")
    assert state.out_count == 7 and state.pile == [] and state.mode == LEAD and state.current == B


def test_chain_after_swoop_card_leaves_the_pile_for_a_chain():
    state = play(with_pile(["K", "Q", "Q"], chain_after_swoop_card="true"), "JK")
    assert state.out_count == 1 and state.pile == ["K", "Q", "Q"] and state.mode == CHAIN
    state = play(state, "Q", "Q")
    assert state.out_count == 5 and state.pile == ["K"] and state.current == B
    ignored = play(with_pile(["K", "Q", "Q"], chain_after_swoop_card="true", chain_swoops="false"), "JK")
    assert ignored.out_count == 4 and ignored.pile == []


def test_overfill_swoops_in_a_chain():
    state = play(with_pile(["K", "Q", "Q", "9", "9", "9"], overfill_swoops="true"), "9")
    state = play(state, "Q", "Q", "Q")
    assert state.out_count == 9 and state.pile == ["K"] and state.mode == CHAIN


def test_going_out_in_the_middle_of_a_chain_ends_the_hand():
    state = play(with_pile(["K", "Q", "Q", "9", "9", "9"]), "9")
    state.hand_count[B], state.up[B], state.mystery[B] = 2, [None] * 4, [False] * 4
    state = play(state, "Q", "Q")
    assert state.phase == DECLARE and state.out_player == B and state.pile == ["K"]


def test_a_play_from_a_form_equals_the_listed_cards():
    state = with_pile(["9"])
    state.up[B] = ["7", "K", "3", "7"]
    by_form = GAME.apply(state, {"type": "play", "rank": "7", "hand": "1", "up": ["up1", "up4"]}, B)
    assert by_form == play(state, "7@up1", "7@up4", "7@hand")
    state.up[B][2] = None
    assert GAME.apply(state, {"type": "flip", "slot": "3", "rank": "7", "add_hand": "1", "add_up": "up1"}, B).pile == [
        "9",
        "7",
        "7",
        "7",
    ]


def test_declaring_by_counts_of_each_rank():
    state = _e19_declaring()
    state = GAME.apply(
        state,
        {
            "type": "declare_remaining",
            "hand": {"K": "1", "7": "1", "10": "1", "A": "1", "Q": ""},
            "mystery": ["JK", "3"],
        },
        B,
    )
    assert state.declared[str(B)]["penalty"] == 131


def test_hands_mode_defaults_to_as_many_hands_as_players():
    state = started(players=3, end_mode="hands", starter=A)
    state.hand_no = 3
    state.phase, state.out_player = DECLARE, A
    for seat in (B, C):
        state.hand_count[seat], state.up[seat], state.mystery[seat] = 0, [None] * 4, [False] * 4
        state = GAME.apply(state, {"type": "declare_remaining", "hand": [], "mystery": []}, seat)
    assert state.phase == OVER and state.winners == [A, B, C]


def test_below_the_target_a_new_hand_is_dealt():
    state = _e19()
    assert state.phase == SETUP and state.totals() == [0, 131, 97, 33] and state.hand_no == 2
    assert state.up == [[None] * 4] * 4 and state.known == [[]] * 4 and state.pile == []


def test_draw_each_hand_asks_the_host_for_every_starter():
    state = _e19(starter_rule="draw_each_hand")
    assert state.starter is None
    assert {"type": "set_starter", "seat": None} in GAME.view(state, HOST)["actions"]


def test_a_table_ruling_lets_another_seat_play_out_of_turn():
    state = with_pile(["9"])
    assert GAME.overridden_rule(state, {"type": "play", "seat": D, "cards": ["7"]}, HOST) == "SW-R1"
    ruled = GAME.apply(state, {"type": "play", "seat": D, "cards": ["7"]}, HOST, ruling=True)
    assert ruled.hand_count[D] == 10 and ruled.hand_count[B] == 11 and ruled.current == A
    assert "Table ruling, overriding SW-R1." in ruled.notes


def test_a_ruling_never_plays_a_hand_card_that_is_not_there():
    """It used to clamp the hand count at zero; now SW-C2 is no ruling (tests/games/test_rulings.py)."""
    state = with_pile(["9"])
    state.hand_count[B] = 0
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, {"type": "play", "cards": ["7"]}, HOST, ruling=True)
    assert (caught.value.rule, caught.value.overridable) == ("SW-C2", False)


def test_a_ruled_play_of_no_card_passes_the_turn_on():
    ruled = GAME.apply(with_pile(["9"]), {"type": "play", "cards": []}, HOST, ruling=True)
    assert ruled.current == C and ruled.pile == ["9"] and "B played no card; the turn passes on." in ruled.notes


def test_phase_and_pass_refusals_are_never_ruled_away():
    with pytest.raises(Refusal):
        GAME.apply(with_pile([]), {"type": "pass"}, HOST, ruling=True)
    with pytest.raises(Refusal):
        GAME.apply(_e19_declaring(), {"type": "pick_up"}, HOST, ruling=True)


def test_the_view_offers_each_phone_its_own_entries():
    state = with_pile(["9"])
    assert [a["type"] for a in GAME.view(state, B)["actions"]] == ["play", "pick_up"]
    assert GAME.view(state, C)["actions"] == [] and GAME.view(state, None)["actions"] == []
    state.up[B][0] = None
    assert [a["type"] for a in GAME.view(state, HOST)["actions"]] == ["play", "flip", "pick_up"]
    chain = play(with_pile(["K", "Q", "Q", "9", "9", "9"]), "9")
    shown = GAME.view(chain, B)
    assert [a["type"] for a in shown["actions"]] == ["play", "end_chain"]
    assert shown["chain_step"] == {"rank": "Q", "need": 2} and shown["pile"]["top"] == "Q"


def test_history_lines_say_what_was_played():
    state = with_pile(["9"])
    state.up[B][2] = None
    lines = [
        GAME.describe(state, entry)
        for entry in (
            {"type": "play", "rank": "7", "hand": "1", "up": ["up1", "up4"]},
            {"type": "play", "cards": ["JK"]},
            {"type": "flip", "slot": "3", "rank": "7", "add_hand": "2"},
            {"type": "pick_up"},
            {"type": "declare_remaining", "seat": C, "hand": {"K": "2"}, "mystery": "3 3"},
        )
    ]
    assert lines == [
        "B played 3× 7 from the hand and face-up slots 1, 4",
        "B played joker from the hand",
        "B flipped mystery card 3: 7, with 2× 7 from the hand",
        "B picked up the pile (1 card)",
        "C declared hand K K · mystery 3 3",
    ]


def test_sw_c6_counts_what_earlier_declarations_revealed():
    state = _e19_declaring()
    state.hand_count[C], state.up[C], state.mystery[C] = 4, [None] * 4, [True] * 4
    state.seen = {"K": 0}
    state = GAME.apply(state, {"type": "declare_remaining", "hand": "K K K K", "mystery": "2 2"}, B)
    assert state.seen["K"] == 4
    with pytest.raises(Refusal, match="only 8 kings, and 4 have already been seen") as caught:
        GAME.apply(state, {"type": "declare_remaining", "hand": "K K K K", "mystery": "K 3 3 3"}, C)
    assert caught.value.rule == "SW-C6"


# --------------------------------------------------------------------------- issue 20: rules fidelity


def test_issue20_the_starter_may_be_corrected_until_the_first_play():
    """4.1: set_starter names the first player; like the face-up rows (SW-R2) it belongs to the
    set-up of the hand, which lasts until the first play is recorded."""
    state = started(starter=B)  # every row in and B to lead: the hand is set up, nothing played
    assert state.phase == PLAY and state.current == B and not state.played
    assert {"type": "set_starter", "seat": None} in GAME.view(state, HOST)["actions"]
    corrected = GAME.apply(state, {"type": "set_starter", "seat": C}, HOST)
    assert corrected.starter == C and corrected.current == C and corrected.mode == LEAD
    assert refusal(play(corrected, "7"), {"type": "set_starter", "seat": A}, HOST) == "SW-R2"


def test_issue20_a_second_face_up_row_before_the_first_play_is_sw_c8():
    """SW-C8: a row once per player per hand; SW-R2 refuses set_face_up only once the first play is recorded."""
    state = started()
    with pytest.raises(Refusal, match="A's face-up cards are already entered") as caught:
        GAME.apply(state, {"type": "set_face_up", "seat": A, "ranks": "K 9 9 3"}, HOST)
    assert caught.value.rule == "SW-C8" and not caught.value.overridable
    assert refusal(play(state, "7"), {"type": "set_face_up", "seat": A, "ranks": "K 9 9 3"}, HOST) == "SW-R2"


def test_issue20_with_a_rotating_starter_hand_two_takes_no_set_starter():
    """4.1: set_starter is for hand 1, or every hand with starter_rule = draw_each_hand; with
    rotate the seat left of the previous starter starts (5.5). A table may still rule otherwise."""
    rotating = _e19()  # hand 2: B started hand 1, so C starts
    with pytest.raises(Refusal, match="At this table the starter rotates: C starts hand 2.") as caught:
        GAME.apply(rotating, {"type": "set_starter", "seat": A}, HOST)
    assert caught.value.rule == "SW-R2" and caught.value.overridable
    assert all(action["type"] != "set_starter" for action in GAME.view(rotating, HOST)["actions"])
    assert GAME.apply(rotating, {"type": "set_starter", "seat": A}, HOST, ruling=True).starter == A
    drawn = _e19(starter_rule="draw_each_hand")
    assert GAME.apply(drawn, {"type": "set_starter", "seat": A}, HOST).starter == A


def test_the_phone_declaring_a_hand_gets_its_picked_up_ranks_even_when_the_table_does_not_see_them():
    """Issue 16: the declaration is filled in with what the app knows is in the hand (SW-C5), on
    the phone that declares it; show_known_cards=false still hides them from everyone else."""
    state = started()
    state.phase, state.out_player, state.current = DECLARE, A, None
    state.hand_count[B], state.known[B] = 3, ["K", "K", "J"]
    assert GAME.view(state, B)["players"][B]["known_counts"] == {"J": 1, "K": 2}
    assert GAME.view(state, HOST)["players"][B]["known_counts"] == {"J": 1, "K": 2}
    assert GAME.view(state, C)["players"][B]["known_counts"] is None
    assert GAME.view(state, None)["players"][B]["known"] is None


def test_once_the_hand_is_over_the_table_waits_for_the_first_player_still_to_declare():
    """The round strip's turn (the seat's own phone says "Your turn" and shows its declaration): in
    play the player to act, after the hand the first player still to declare, then none."""
    state = started()
    assert GAME.round_info(GAME.view(state)).turn == B
    state.phase, state.out_player, state.current = DECLARE, A, None
    state.hand_count[B], state.hand_count[C], state.hand_count[D] = 1, 1, 1
    state.mystery[B] = state.mystery[C] = state.mystery[D] = [False] * 4
    state.seen = {}
    assert GAME.round_info(GAME.view(state)).turn == B
    state = GAME.apply(state, {"type": "declare_remaining", "hand": "K", "mystery": ""}, C)  # any order
    assert GAME.round_info(GAME.view(state)).turn == B
    state = GAME.apply(state, {"type": "declare_remaining", "hand": "K", "mystery": ""}, B)
    assert GAME.round_info(GAME.view(state)).turn == D
    state = GAME.apply(state, {"type": "declare_remaining", "hand": "K", "mystery": ""}, D)
    assert GAME.round_info(GAME.view(state)).turn is None
