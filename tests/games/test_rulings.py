"""Table rulings waive rules, never the components: one example per refusal that a ruling used
to turn into a state no real table can hold (a card twice, a chip or token that does not exist,
a count below zero or beyond the deck, a sixth number die). Each is now refused for good
(``overridable=False``), or accepted with an effect that keeps the components whole."""

from __future__ import annotations

import pytest

from referee.games.schwimmen import GAME as SCHWIMMEN
from referee.games.schwimmen import state as sc
from referee.games.switch16 import GAME as SWITCH16
from referee.games.switch16 import state as s16
from referee.games.switch_to import GAME as SWITCH_TO
from referee.games.swoop import GAME as SWOOP
from referee.games.swoop import state as sw
from referee.games.was_sticht import GAME as WAS_STICHT
from referee.games.was_sticht import rules as ws
from referee.games.was_sticht import state as wst
from referee.games.was_sticht.result import asked_colours
from referee.games.base import HOST, Refusal


def refused_for_good(engine, state, action, rule: str) -> Refusal:
    """``action`` is refused under ``rule`` and no table ruling can accept it."""
    with pytest.raises(Refusal) as caught:
        engine.apply(state, action, HOST, ruling=True)
    assert (caught.value.rule, caught.value.overridable) == (rule, False), caught.value
    return caught.value


def apply_all(engine, state, *entries):
    for entry in entries:
        state = engine.apply(state, entry, HOST)
    return state


# --------------------------------------------------------------------------- Switch To


def switch_to_play(players: int = 3, removed: str | None = None):
    """A round under way: predictions 2, 3, 4 (2 players: 2, 3); the last seat starts."""
    state = SWITCH_TO.new_game(["A", "B", "C", "D"][:players])
    state = SWITCH_TO.apply(state, {"type": "start_round", "removed_suit": removed}, HOST)
    return apply_all(SWITCH_TO, state, *({"type": "predict", "seat": s, "value": 2 + s} for s in range(players)))


def test_switch_to_a_card_already_played_is_no_ruling():
    state = SWITCH_TO.apply(switch_to_play(), {"type": "play", "seat": 2, "cards": "5S"}, HOST)
    refused_for_good(SWITCH_TO, state, {"type": "play", "seat": 0, "cards": "5S 5H"}, "ST-C3")


def test_switch_to_a_card_twice_in_one_play_is_no_ruling():
    refused_for_good(SWITCH_TO, switch_to_play(), {"type": "play", "seat": 2, "cards": "5S 5S"}, "ST-C2")


def test_switch_to_a_card_of_the_removed_suit_is_no_ruling():
    refused_for_good(SWITCH_TO, switch_to_play(2, "C"), {"type": "play", "seat": 1, "cards": "5C"}, "ST-C4")


def test_switch_to_out_of_turn_is_a_ruling_but_not_with_a_card_already_played():
    state = SWITCH_TO.apply(switch_to_play(), {"type": "play", "seat": 2, "cards": "5S"}, HOST)
    ruled = SWITCH_TO.apply(state, {"type": "play", "seat": 2, "cards": "6S"}, HOST, ruling=True)  # C again: ST-R4
    assert ruled.played == {"5S": 2, "6S": 2} and ruled.players[2].hand == 6
    # cited first, but firm: 5S is played
    refused_for_good(SWITCH_TO, state, {"type": "play", "seat": 2, "cards": "5S"}, "ST-R4")
    refused_for_good(SWITCH_TO, state, {"type": "play", "seat": 1, "cards": "5S"}, "ST-R4")  # cited first, but firm


def test_switch_to_more_cards_than_the_hand_holds_is_no_ruling():
    state = switch_to_play()
    state.players[2].hand = 2
    refused_for_good(SWITCH_TO, state, {"type": "play", "seat": 2, "cards": "4H 5H 6H"}, "ST-R7")
    state.players[2].hand = 0
    refused_for_good(SWITCH_TO, state, {"type": "play", "seat": 2, "cards": "4H"}, "ST-R7")


def test_switch_to_a_wild_token_nobody_holds_is_no_ruling():
    state = switch_to_play()
    refused_for_good(SWITCH_TO, state, {"type": "play", "seat": 2, "cards": "5S W5"}, "ST-R9")
    state.players[2].wild = 1  # two wilds: ST-R8 may be waived, but only with two tokens
    refused_for_good(SWITCH_TO, state, {"type": "play", "seat": 2, "cards": "5S W5 W5"}, "ST-R8")
    state.players[2].wild = 2
    ruled = SWITCH_TO.apply(state, {"type": "play", "seat": 2, "cards": "5S W5 W5"}, HOST, ruling=True)
    assert ruled.players[2].wild == 0


def test_switch_to_a_flip_of_a_token_not_held_is_no_ruling():
    state = switch_to_play()
    refused_for_good(SWITCH_TO, state, {"type": "pass", "seat": 2, "flip": "wild_to_play"}, "ST-R15")
    state.players[2].play = 0
    state.players[2].wild = 1
    refused_for_good(SWITCH_TO, state, {"type": "pass", "seat": 2, "flip": "play_to_wild"}, "ST-R15")


def test_switch_to_a_play_without_a_play_token_may_still_be_a_ruling():
    """ST-R5 and section 4.6: the count stops at zero; no card or token is made."""
    state = switch_to_play()
    state.players[2].play = 0
    ruled = SWITCH_TO.apply(state, {"type": "play", "seat": 2, "cards": "5S"}, HOST, ruling=True)
    assert ruled.players[2].play == 0 and ruled.players[2].hand == 7


def test_switch_to_declared_hands_must_be_real():
    state = apply_all(SWITCH_TO, switch_to_play(), {"type": "play", "seat": 2, "cards": "5S"}, {"type": "end_round"})
    refused_for_good(SWITCH_TO, state, {"type": "declare_hand", "seat": 0, "cards": "2S 3S"}, "ST-C5")
    cards = "2H 3H 4H 5H 6H 7H 8H 9H"
    state = SWITCH_TO.apply(state, {"type": "declare_hand", "seat": 0, "cards": cards}, HOST)
    refused_for_good(SWITCH_TO, state, {"type": "declare_hand", "seat": 1, "cards": "2H 3D 4D 5D 6D 7D 8D 9D"}, "ST-C6")


# --------------------------------------------------------------------------- Swoop


def swoop_play(players: int = 3, **options):
    """Face-up rows entered, A starts; A's row is 2 5 8 J."""
    state = SWOOP.new_game(["A", "B", "C", "D"][:players], options)
    rows = (["2", "5", "8", "J"], ["5", "8", "J", "JK"], ["8", "J", "JK", "3"], ["4", "4", "6", "6"])
    state = apply_all(SWOOP, state, *({"type": "set_face_up", "seat": s, "ranks": rows[s]} for s in range(players)))
    return SWOOP.apply(state, {"type": "set_starter", "seat": 0}, HOST)


def test_swoop_more_copies_than_the_packs_hold_is_no_ruling():
    state = swoop_play()  # 2 packs: 8 queens
    state.seen["Q"] = 7
    refused_for_good(SWOOP, state, {"type": "play", "seat": 0, "cards": ["Q@hand", "Q@hand"]}, "SW-C1")


def test_swoop_a_face_up_card_that_is_not_there_is_no_ruling():
    state = swoop_play()
    refused_for_good(SWOOP, state, {"type": "play", "seat": 0, "cards": ["2@up1", "2@up1"]}, "SW-R5")
    refused_for_good(SWOOP, state, {"type": "play", "seat": 0, "cards": ["9@up1"]}, "SW-R5")
    state.up[0][0] = None
    refused_for_good(SWOOP, state, {"type": "play", "seat": 0, "cards": ["2@up1"]}, "SW-R5")


def test_swoop_more_hand_cards_than_held_is_no_ruling():
    state = swoop_play()
    state.hand_count[0] = 1
    refused_for_good(SWOOP, state, {"type": "play", "seat": 0, "cards": ["9@hand", "9@hand"]}, "SW-C2")
    state.hand_count[0], state.known[0] = 2, ["K", "K"]
    refused_for_good(SWOOP, state, {"type": "play", "seat": 0, "cards": ["9@hand"]}, "SW-C3")


def test_swoop_out_of_turn_is_a_ruling_but_not_with_cards_the_seat_lacks():
    state = swoop_play()
    ruled = SWOOP.apply(state, {"type": "play", "seat": 1, "cards": ["9@hand"]}, HOST, ruling=True)  # SW-R1
    assert ruled.hand_count[1] == 10
    state.hand_count[1] = 0
    refused_for_good(SWOOP, state, {"type": "play", "seat": 1, "cards": ["9@hand"]}, "SW-R1")  # cited first, firm


def test_swoop_mixed_ranks_are_no_ruling():
    """A ruled 9 and joker used to leave the joker in the pile (which never holds one) and crash the
    next turn's comparison."""
    refused_for_good(SWOOP, swoop_play(), {"type": "play", "seat": 0, "cards": ["9@hand", "JK@hand"]}, "SW-R4")


def test_swoop_a_mystery_card_that_is_gone_is_no_ruling():
    state = swoop_play()
    state.up[0][0], state.mystery[0][0] = None, False
    refused_for_good(SWOOP, state, {"type": "flip", "seat": 0, "slot": 1, "rank": "3"}, "SW-R8")


def test_swoop_declarations_hold_what_the_seat_holds():
    state = swoop_play()
    state.phase, state.out_player, state.current = sw.DECLARE, 0, None
    state.hand_count[1], state.known[1] = 2, ["K"]
    state.mystery[1] = [True, False, False, False]
    refused_for_good(SWOOP, state, {"type": "declare_remaining", "seat": 1, "hand": ["K"], "mystery": ["2"]}, "SW-C4")
    refused_for_good(
        SWOOP, state, {"type": "declare_remaining", "seat": 1, "hand": ["9", "9"], "mystery": ["2"]}, "SW-C5"
    )
    state.seen["9"] = 8
    refused_for_good(
        SWOOP, state, {"type": "declare_remaining", "seat": 1, "hand": ["K", "9"], "mystery": ["2"]}, "SW-C6"
    )


# --------------------------------------------------------------------------- Schwimmen


def schwimmen_turn(players: int = 3, **options):
    """Dealer A kept the hand; the centre is 10H KC AH; B's turn."""
    state = SCHWIMMEN.new_game(["A", "B", "C", "D"][:players], options)
    return apply_all(
        SCHWIMMEN,
        state,
        {"type": "first_dealer", "seat": 0},
        {"type": "dealer_choice", "choice": "keep"},
        {"type": "lay_centre", "cards": ["10H", "KC", "AH"]},
    )


def test_schwimmen_a_card_not_in_the_centre_is_no_ruling():
    refused_for_good(SCHWIMMEN, schwimmen_turn(), {"type": "swap_one", "seat": 1, "give": "7S", "take": "QS"}, "SC-R4")


def test_schwimmen_out_of_turn_is_a_ruling_but_not_with_a_card_from_elsewhere():
    state = schwimmen_turn()
    ruled = SCHWIMMEN.apply(
        state, {"type": "swap_one", "seat": 2, "give": "7S", "take": "KC"}, HOST, ruling=True
    )  # SC-R1
    assert sorted(ruled.centre) == ["10H", "7S", "AH"] and ruled.known[2] == ["KC"]
    # firm: AH is in the centre, not in C's hand
    refused_for_good(SCHWIMMEN, state, {"type": "swap_one", "seat": 2, "give": "AH", "take": "KC"}, "SC-R1")


def test_schwimmen_a_known_hand_and_its_centre_cards_are_no_ruling():
    state = SCHWIMMEN.apply(schwimmen_turn(), {"type": "swap_all", "seat": 1, "give": ["7S", "8S", "9S"]}, HOST)
    refused_for_good(SCHWIMMEN, state, {"type": "swap_one", "seat": 1, "give": "JD", "take": "7S"}, "SC-R1")  # firm: C3
    state = SCHWIMMEN.apply(state, {"type": "swap_one", "seat": 2, "give": "JD", "take": "7S"}, HOST)
    state = SCHWIMMEN.apply(state, {"type": "pass", "seat": 0}, HOST)
    refused_for_good(SCHWIMMEN, state, {"type": "swap_all", "seat": 1, "give": ["8S", "9S", "JD"]}, "SC-C3")
    state = schwimmen_turn()
    state.known[1] = ["QS"]
    refused_for_good(SCHWIMMEN, state, {"type": "swap_all", "seat": 1, "give": ["7S", "8S", "9S"]}, "SC-R6")


def test_schwimmen_two_swapped_cards_may_be_a_ruling_and_both_move():
    state = schwimmen_turn()
    ruled = SCHWIMMEN.apply(
        state, {"type": "swap_one", "seat": 1, "give": ["7S", "8S"], "take": ["KC", "AH"]}, HOST, ruling=True
    )  # SC-R5
    assert sorted(ruled.centre) == ["10H", "7S", "8S"] and sorted(ruled.known[1]) == ["AH", "KC"]
    refused_for_good(SCHWIMMEN, state, {"type": "swap_one", "seat": 1, "give": ["7S", "8S"], "take": ["KC"]}, "SC-R5")


def test_schwimmen_drawing_from_nothing_is_no_ruling():
    state = SCHWIMMEN.new_game(["A", "B", "C"], {"preset": "classic", "exchange": "draw_discard"})
    state = apply_all(
        SCHWIMMEN,
        state,
        {"type": "first_dealer", "seat": 0},
        *([{"type": "dealer_choice", "choice": "keep"}] if state.options["dealer_exchange"] == "on" else []),
        {"type": "turn_up", "cards": ["7S"]},
    )
    turn = state.turn
    state.discard = []
    refused_for_good(
        SCHWIMMEN, state, {"type": "draw_discard", "seat": turn, "source": "pile", "discard": "8S"}, "SC-R11"
    )
    state.stock, state.discard = 0, ["7S"]
    refused_for_good(
        SCHWIMMEN, state, {"type": "draw_discard", "seat": turn, "source": "stock", "discard": "8S"}, "SC-R11"
    )


def test_schwimmen_taking_and_discarding_the_same_card_may_be_a_ruling_and_leaves_it_on_the_pile():
    state = SCHWIMMEN.new_game(["A", "B", "C"], {"preset": "classic", "exchange": "draw_discard"})
    state = apply_all(
        SCHWIMMEN,
        state,
        {"type": "first_dealer", "seat": 0},
        *([{"type": "dealer_choice", "choice": "keep"}] if state.options["dealer_exchange"] == "on" else []),
        {"type": "turn_up", "cards": ["7S"]},
    )
    ruled = SCHWIMMEN.apply(
        state, {"type": "draw_discard", "seat": state.turn, "source": "pile", "discard": "7S"}, HOST, ruling=True
    )
    assert ruled.discard == ["7S"] and "7S" not in ruled.known[state.turn]


def test_schwimmen_a_value_no_hand_can_make_is_no_ruling():
    state = schwimmen_turn(reveal_mode="score_only")
    state = SCHWIMMEN.apply(state, {"type": "close", "seat": 1}, HOST, ruling=True)
    while state.phase != sc.SHOWDOWN:
        state = SCHWIMMEN.apply(state, {"type": "pass", "seat": state.turn}, HOST)
    refused_for_good(SCHWIMMEN, state, {"type": "reveal", "seat": 0, "value": 29.5, "suit": "S"}, "SC-C6")


# --------------------------------------------------------------------------- Was Sticht

NAMES4 = ["A", "B", "C", "D"]


def test_was_sticht_a_chip_type_that_ran_out_is_no_ruling():
    """The example from the field: the pool count went to -1."""
    state = WAS_STICHT.new_game(NAMES4, {"game_length": "full"})
    state = apply_all(
        WAS_STICHT,
        state,
        {"type": "first_dealer", "seat": 0},
        *({"type": "chip_pick", "seat": s, "chip": "NONE"} for s in range(3)),
    )
    refused_for_good(WAS_STICHT, state, {"type": "chip_pick", "seat": 3, "chip": "NONE"}, "WS-C3")
    refused_for_good(WAS_STICHT, state, {"type": "chip_pick", "seat": 0, "chip": "NONE"}, "WS-C2")  # cited first, firm
    ruled = WAS_STICHT.apply(state, {"type": "chip_pick", "seat": 0, "chip": "LAST"}, HOST, ruling=True)  # WS-C2 only
    assert ruled.pool["LAST"] == 2 and ruled.chips[3][-1]["type"] == "LAST"


def draft(players=4, **options):
    state = WAS_STICHT.new_game(NAMES4[:players], options)
    return wst_advance(state, lambda s: s.phase == wst.DRAFT)


def wst_advance(state, until):
    while not until(state):
        state = WAS_STICHT.apply(state, WAS_STICHT.legal_entries(state)[0], HOST)
    return state


def test_was_sticht_a_card_already_taken_is_no_ruling_even_out_of_turn():
    state = draft()
    seat = wst.next_picker(state, 1)
    state = WAS_STICHT.apply(state, {"type": "pick", "seat": seat, "card": "R5"}, HOST)
    refused_for_good(WAS_STICHT, state, {"type": "pick", "seat": wst.next_picker(state, 1), "card": "R5"}, "WS-D4")
    refused_for_good(WAS_STICHT, state, {"type": "pick", "seat": seat, "card": "R5"}, "WS-D3")  # cited first, firm


def test_was_sticht_a_card_from_another_column_may_be_a_ruling_and_the_layout_is_set_aside():
    state = draft()
    columns = [" ".join(ws.CARDS[4 * i : 4 * i + 4]) for i in range(9)]
    state = WAS_STICHT.apply(state, {"type": "layout", "columns": columns}, HOST)
    seat = wst.next_picker(state, 1)
    ruled = WAS_STICHT.apply(state, {"type": "pick", "seat": seat, "card": "Y9"}, HOST, ruling=True)  # WS-D6
    assert ruled.layout is None and ruled.picked[seat] == ["Y9"]


def test_was_sticht_a_second_dummy_card_is_no_ruling():
    state = draft(3)
    for _ in range(3):
        state = WAS_STICHT.apply(
            state,
            {"type": "pick", "seat": wst.next_picker(state, 1), "card": ws.CARDS[len(state.columns[0]["picks"])]},
            HOST,
        )
    state = WAS_STICHT.apply(state, {"type": "dummy_card", "card": "Y9"}, HOST)
    refused_for_good(WAS_STICHT, state, {"type": "dummy_card", "card": "Y8"}, "WS-D5")


def test_was_sticht_plays_must_be_cards_the_seat_holds_and_in_turn():
    state = wst_advance(WAS_STICHT.new_game(NAMES4), lambda s: s.phase == wst.PLAY)
    turn = state.turn
    other = (turn + 1) % 4
    refused_for_good(WAS_STICHT, state, {"type": "play", "seat": other, "card": state.picked[other][0]}, "WS-P2")
    refused_for_good(WAS_STICHT, state, {"type": "play", "seat": turn, "card": state.picked[other][0]}, "WS-P3")
    led = WAS_STICHT.apply(state, {"type": "play", "seat": turn, "card": state.picked[turn][0]}, HOST)
    led.turn = turn  # as if the turn came back: the card is played already
    refused_for_good(WAS_STICHT, led, {"type": "play", "seat": turn, "card": state.picked[turn][0]}, "WS-P4")


def test_was_sticht_round_results_must_be_nine_real_tricks():
    state = wst_advance(WAS_STICHT.new_game(NAMES4, {"entry_mode": "score_only"}), lambda s: s.phase == wst.RESULT)
    refused_for_good(WAS_STICHT, state, {"type": "round_result", "tricks": [5, 5, 0, 0], "last": 0}, "WS-Q2")
    refused_for_good(WAS_STICHT, state, {"type": "round_result", "tricks": [10, -1, 0, 0], "last": 0}, "WS-Q2")
    refused_for_good(WAS_STICHT, state, {"type": "round_result", "tricks": [9, 0, 0, 0], "last": 1}, "WS-Q3")
    asked = asked_colours(state)
    if asked:
        seat = next(iter(asked))
        tricks = [0, 0, 0, 0]
        tricks[seat] = 9
        refused_for_good(
            WAS_STICHT, state, {"type": "round_result", "tricks": tricks, "last": seat, "took": {}}, "WS-Q4"
        )


def test_was_sticht_a_completed_chip_cannot_be_turned_again():
    state = WAS_STICHT.new_game(NAMES4)
    state.phase, state.dealer = wst.FLIP, 0
    state.chips[0] = [{"type": "NONE", "done": True, "corner": None}, {"type": "LAST", "done": False, "corner": None}]
    state.bonus_chips, state.result = [1], {"flipped": None}
    refused_for_good(WAS_STICHT, state, {"type": "dealer_flip", "chip": 0}, "WS-F2")


def test_was_sticht_a_corner_number_is_printed_0_to_99():
    state = WAS_STICHT.new_game(NAMES4)
    state.phase = wst.CORNERS
    state.chips[0] = [{"type": "NONE", "done": True, "corner": None}]
    refused_for_good(WAS_STICHT, state, {"type": "corner_numbers", "seat": 0, "numbers": {"0": 100}}, "WS-N2")


# --------------------------------------------------------------------------- Switch 16


def switch16_turn(**options):
    return SWITCH16.apply(SWITCH16.new_game(["A", "B"], options), {"type": "start_player", "seat": 0}, HOST)


def test_switch16_a_sixth_number_die_is_no_ruling():
    state = switch16_turn()
    refused_for_good(SWITCH16, state, {"type": "roll", "seat": 0, "dice": [1, 2, 3, 4, 5, 6]}, "S16-R4")  # issue 20
    ruled = SWITCH16.apply(state, {"type": "roll", "seat": 0, "dice": [1, 2, 3, 4, 5]}, HOST, ruling=True)  # S16-R4
    assert ruled.last.dice == [1, 2, 3, 4, 5]


def rolled(top: int, dice: list[int]):
    """A's first roll at deck top ``top`` that makes no card (allowance 0)."""
    state = switch16_turn()
    state.tops[0], state.rolls = top, 1
    state.last = s16.Roll(dice=dice, face="blank", risk=False, allowance=0)
    return state


def test_switch16_a_ruled_discard_takes_only_cards_the_deck_holds():
    ruled = SWITCH16.apply(
        rolled(15, [1, 2, 3]), {"type": "discard", "seat": 0, "count": 9}, HOST, ruling=True
    )  # S16-R11
    assert ruled.tops[0] == s16.DONE and ruled.last.discarded == 2  # cards 15 and 16, not 9 cards


def test_switch16_a_block_landing_after_a_ruled_discard_never_lowers_a_deck_below_its_cards():
    state = rolled(14, [1, 2, 3])
    state.options["game_mode"] = "points"
    state.chip, state.chip_at = "hand", 1
    state = SWITCH16.apply(state, {"type": "discard", "seat": 0, "count": 2}, HOST, ruling=True)
    assert state.tops[0] == 16 and state.last.discarded == 2
    ruled = SWITCH16.apply(state, {"type": "place_block", "target": 0, "landed_after": 0}, HOST)
    assert ruled.tops[0] == 14
