"""Switch To rules engine, written from ../shared/rules/switch_to.md: every worked example
ST-E1..ST-E30, then the rules and checks one by one."""
from __future__ import annotations

import pytest

from referee.games import switch_to as st
from referee.games.base import HOST, Refusal

A, B, C, D = 0, 1, 2, 3


# --------------------------------------------------------------------------- helpers

def situation(top=None, play=3, wild=1, hand=8, players=4, compare="strict", removed_suit=None,
              auto_pass="off"):
    """A round in play with seat A to move, holding the given tokens and hand count."""
    names = ["A", "B", "C", "D"][:players]
    state = st.new_game(names, {"compare": compare, "auto_pass": auto_pass})
    state.phase, state.round, state.turn = st.PLAY, 1, A
    state.removed_suit = removed_suit
    for p in state.players:
        p.play, p.wild, p.hand, p.prediction = 2, 0, 8, 2
    me = state.players[A]
    me.play, me.wild, me.hand = play, wild, hand
    if top:
        state.top, state.top_by, state.leader = top.split(), D % players, D % players
    return state


def refusal(state, action, by=None) -> str:
    """The rule ID the engine refuses ``action`` with (the test fails if it is accepted)."""
    with pytest.raises(Refusal) as caught:
        st.apply(state, action, HOST if by is None else by)
    return caught.value.rule


def play(cards, seat=A):
    return {"type": "play", "seat": seat, "cards": cards}


def pass_(seat, flip=None):
    return {"type": "pass", "seat": seat, **({"flip": flip} if flip else {})}


def started(names, predictions, removed_suit=None, **options):
    """A new game, round 1 started and every prediction entered by its own seat."""
    state = st.new_game(names, options)
    state = st.apply(state, {"type": "start_round", "removed_suit": removed_suit})
    for seat, value in enumerate(predictions):
        state = st.apply(state, {"type": "predict", "seat": seat, "value": value}, seat)
    return state


def run(state, entries):
    """Apply (seat, 'cards' | 'pass [flip]') entries, each made by its own seat."""
    for seat, entry in entries:
        words = entry.split()
        action = pass_(seat, *words[1:]) if words[0] == "pass" else play(entry, seat)
        state = st.apply(state, action, seat)
    return state


def tokens(state, seat) -> str:
    p = state.players[seat]
    return f"{p.play}/{p.wild}/{p.hand}"


# --------------------------------------------------------------------------- ST-E1..E15: follows

FOLLOWS = [
    ("ST-E1", "5S 5H", "4D 5D 6D", None, "strict"),
    ("ST-E2", "6S 6H", "7D 8D", None, "strict"),
    ("ST-E3", None, "W1 2C 3C", None, "strict"),
    ("ST-E4", "8H 9H", "9D W10", None, "strict"),
    ("ST-E5 higher", "5S", "7H", None, "strict"),
    ("ST-E5 lower", "5S", "4H", "ST-R13", "strict"),
    ("ST-E5 equal", "5S", "5H", "ST-R13", "strict"),
    ("ST-E6 set below", "5S", "3D 3C", None, "strict"),
    ("ST-E6 run below", "5S", "4H 5H", None, "strict"),
    ("ST-E6 set above", "5S", "6D 6C", "ST-R14", "strict"),
    ("ST-E7 run below", "9C", "8D 9D", None, "strict"),
    ("ST-E7 wild above", "9C", "9D W10", "ST-R14", "strict"),
    ("ST-E8", "6S 6H 6D", "7S 7H", "ST-R12", "strict"),
    ("ST-E9", "6S 6H", "9S 9H 9D 9C", "ST-R12", "strict"),
    ("ST-E10 run", "6S 6H 6D", "2S 3S 4S 5S", None, "strict"),
    ("ST-E10 set", "6S 6H 6D", "9S 9H 9D 9C", "ST-R14", "strict"),
    ("ST-E11 strict", "4S 5S 6S", "3D 4D 5D", "ST-R13", "strict"),
    ("ST-E11 loose", "4S 5S 6S", "3D 4D 5D", None, "loose"),
    ("ST-E12 strict", "4S 5S 6S", "5D 6D 7D 8D", "ST-R14", "strict"),
    ("ST-E12 loose", "4S 5S 6S", "5D 6D 7D 8D", None, "loose"),
    ("ST-E13", "8H 9H W10", "5C 6C 7C 8C", None, "strict"),
    ("ST-E14 wild alone", None, "W5", "ST-R6", "strict"),
    ("ST-E14 two wilds", None, "5S W5 W5", "ST-R8", "strict"),
    ("ST-E14 five of a kind", None, "5S 5H 5D 5C W5", "ST-R11", "strict"),
    ("ST-E15 gap", None, "4S 6S", "ST-R10", "strict"),
    ("ST-E15 wild fills", None, "4S W5 6S", None, "strict"),
    ("ST-E15 two suits", None, "4S 5H", "ST-R10", "strict"),
]


@pytest.mark.parametrize("top, cards, rule, compare", [f[1:] for f in FOLLOWS], ids=[f[0] for f in FOLLOWS])
def test_follows(top, cards, rule, compare):
    state = situation(top=top, compare=compare)
    if rule is None:
        after = st.apply(state, play(cards), A)
        assert after.top == cards.split()
    else:
        assert refusal(state, play(cards), A) == rule


def test_st_e13_no_three_card_play_can_follow_a_run_up_to_ten():
    state = situation(top="8H 9H W10")
    for cards in ("7S 8S 9S", "9S 9D 9C", "7D 8D W9"):
        assert refusal(state, play(cards), A) == "ST-R13"


# --------------------------------------------------------------------------- ST-E16..E18: tokens

def test_st_e16_a_wild_costs_a_play_token_and_a_wild_token():
    state = situation(top="7S 7H", play=2, wild=1, hand=6)
    after = st.apply(state, play("8D W8"), A)
    assert tokens(after, A) == "1/0/5" and after.played["8D"] == A
    assert refusal(situation(top="7S 7H", play=2, wild=0, hand=6), play("8D W8"), A) == "ST-R9"


def test_st_e17_tokens_hand_and_cards_already_seen():
    assert refusal(situation(play=0, wild=2), play("3S"), A) == "ST-R5"
    assert refusal(situation(hand=2), play("4H 5H 6H"), A) == "ST-R7"
    seen = situation(top="6S")
    seen.played["7H"] = C
    assert refusal(seen, play("7H"), A) == "ST-C3"
    assert refusal(situation(players=2, removed_suit="C"), play("5C"), A) == "ST-C4"


def test_st_e17_refusal_messages_say_what_is_wrong():
    seen = situation(top="6S")
    seen.played["7H"] = C
    with pytest.raises(Refusal, match="7♥ was already played by C"):
        st.apply(seen, play("7H"), A)
    with pytest.raises(Refusal, match="The clubs are out of this round"):
        st.apply(situation(players=2, removed_suit="C"), play("5C"), A)
    with pytest.raises(Refusal, match="You have only 2 cards in hand"):
        st.apply(situation(hand=2), play("4H 5H 6H"), A)
    with pytest.raises(Refusal, match="Your hand is empty, so you can only pass"):
        st.apply(situation(hand=0), play("4H"), A)


def test_st_e18_flips_on_a_pass():
    state = situation(top="9S", play=3, wild=0)
    state = st.apply(state, pass_(A, "play_to_wild"), A)
    assert tokens(state, A)[:3] == "2/1"
    state.turn = A
    state = st.apply(state, pass_(A, "wild_to_play"), A)
    assert tokens(state, A)[:3] == "3/0"
    state.turn = A
    assert refusal(state, pass_(A, "wild_to_play"), A) == "ST-R15"


# --------------------------------------------------------------------------- ST-E19..E24: flow

def test_st_e19_predictions_tokens_and_start_player_after_a_tie():
    state = started(["A", "B", "C", "D"], [3, 5, 5, 2])
    assert [p.play for p in state.players] == [3, 5, 5, 2]
    assert sum(p.play for p in state.players) == 15
    assert state.phase == st.START_PLAYER and state.tied == [B, C]
    assert refusal(state, {"type": "start_player", "seat": A}, A) == "ST-R3"
    with pytest.raises(Refusal, match="Only B and C tied for the most tokens"):
        st.apply(state, {"type": "start_player", "seat": A}, A)
    state = st.apply(state, {"type": "start_player", "seat": C}, D)
    order = []
    for _ in range(4):
        order.append(state.turn)
        state = st.apply(state, pass_(state.turn), state.turn)
    assert order == [C, D, A, B]


def test_without_a_tie_the_app_sets_the_start_player():
    state = started(["A", "B", "C"], [1, 4, 2])
    assert state.phase == st.PLAY and state.turn == B
    assert refusal(state, {"type": "start_player", "seat": B}, B) == "ST-R3"


def test_st_e20_n_minus_one_passes_clear_the_table_and_the_leader_leads():
    state = situation()
    state = run(state, [(A, "5S"), (B, "pass"), (C, "pass")])
    assert state.top == ["5S"] and state.passes == 2
    state = run(state, [(D, "pass")])
    assert state.top is None and state.turn == A and state.passes == 0


def test_st_e21_a_player_who_passed_may_play_later():
    state = situation()
    state = run(state, [(A, "5S"), (B, "pass"), (C, "7H"), (D, "pass"), (A, "pass"), (B, "9S"),
                        (C, "pass"), (D, "pass")])
    assert state.top == ["9S"] and state.turn == A
    state = run(state, [(A, "pass")])
    assert state.top is None and state.turn == B


def test_st_e22_everyone_predicts_zero_so_the_round_ends_at_the_reveal():
    state = started(["A", "B"], [0, 0], removed_suit="C")
    assert state.phase == st.DECLARE and state.end_reason == "E1"
    state = st.apply(state, {"type": "declare_hand", "seat": A, "cards": "2S 2H 4D 6S 6H 7D 8S 9D"}, A)
    assert state.players[A].declared is not None and state.phase == st.DECLARE
    state = st.apply(state, {"type": "declare_hand", "seat": B, "cards": "3S 3H 4S 5D 7S 8H 9H 9S"}, B)
    assert state.players[A].round_score == -36


def test_st_e23_a_flip_that_leaves_no_play_token_ends_the_round_at_once():
    state = situation(top="8S", players=3, play=1, wild=0, hand=5)
    state.players[B].play, state.players[B].wild = 0, 1
    state.players[C].play, state.players[C].wild = 0, 0
    state = st.apply(state, pass_(A, "play_to_wild"), A)
    assert state.phase == st.DECLARE and state.end_reason == "E1"
    assert state.top == ["8S"]  # ended without a clear
    assert st.score_hand([], state.players[A].play, state.players[A].wild) == -10
    assert st.score_hand([], state.players[B].play, state.players[B].wild) == -10


def test_st_e24_an_empty_hand_ends_the_round_only_when_the_table_clears():
    state = situation(players=3)
    state.turn = B
    for seat, (hand, play_tokens, wild) in enumerate([(3, 1, 0), (1, 1, 0), (4, 2, 1)]):
        p = state.players[seat]
        p.hand, p.play, p.wild = hand, play_tokens, wild
    state = run(state, [(B, "2C")])
    assert tokens(state, B) == "0/0/0" and state.phase == st.PLAY
    state = run(state, [(C, "7H")])
    assert tokens(state, C) == "1/1/3"
    state = run(state, [(A, "pass")])
    assert state.phase == st.PLAY
    assert refusal(state, play("3S", B), B) == "ST-R5"  # B may only pass now
    state = run(state, [(B, "pass")])
    assert state.phase == st.DECLARE and state.end_reason == "E2"
    assert state.players[B].declared == []  # an empty hand declares itself
    state = st.apply(state, {"type": "declare_hand", "seat": A, "cards": "3S 3H 9D"}, A)
    state = st.apply(state, {"type": "declare_hand", "seat": C, "cards": "4D 4C 8S"}, C)
    assert [p.round_score for p in state.players] == [-22, 0, -32]


def test_st_e25_a_full_three_player_round():
    state = started(["A", "B", "C"], [4, 3, 4])
    assert state.tied == [A, C]
    state = st.apply(state, {"type": "start_player", "seat": C}, HOST)
    steps = [(C, "5S 5D", "3/0/6"), (A, "2S 3S 4S", "3/0/5"), (B, "3H 4H 5H", "2/0/5"),
             (C, "pass play_to_wild", "2/1/6"), (A, "pass", "3/0/5"), (B, "7D 7C", "1/0/3"),
             (C, "3C 4C W5", "1/0/4"), (A, "pass play_to_wild", "2/1/5"), (B, "pass", "1/0/3"),
             (C, "9C", "0/0/3"), (A, "6H 6D", "1/1/3"), (B, "8S 8D", "0/0/1"), (C, "pass", "0/0/3"),
             (A, "9S 9H", "0/1/1")]
    for number, (seat, entry, after) in enumerate(steps, 1):
        if number in (6, 10):
            assert state.turn == seat and state.top is None, f"step {number} leads"
        state = run(state, [(seat, entry)])
        assert tokens(state, seat) == after, f"step {number}"
    assert state.phase == st.DECLARE and state.end_reason == "E1"
    for seat, hand in [(A, "8C"), (B, "2C"), (C, "2D 6S 7H")]:
        state = st.apply(state, {"type": "declare_hand", "seat": seat, "cards": hand}, seat)
    assert [p.round_score for p in state.players] == [-18, -2, -15]


@pytest.mark.parametrize("hand, play_tokens, wild, score", [
    ("5S 5H 7D", 1, 0, -22), ("9S 9H 9D 9C", 1, 1, -29), ("2C 3H 9D", 0, 3, -24), ("", 2, 1, -20),
    ("2S 3S 4S 5S 6S 7S 8S 9S", 0, 0, -44)])
def test_st_e26_scoring_counts_each_rank_once(hand, play_tokens, wild, score):
    assert st.score_hand(hand.split(), play_tokens, wild) == score


def _st_e27_round():
    state = situation(players=4)
    played = "3S 5S 6S 7S 8S 3H 4H 5H 6H 7H 8H 2D 4D 7D 8D 2C 3C 5C 6C 9C".split()
    state.played = {card: A for card in played}
    for seat, (hand, play_tokens, wild) in enumerate([(3, 1, 0), (0, 0, 0), (5, 0, 0), (4, 1, 1)]):
        p = state.players[seat]
        p.hand, p.play, p.wild = hand, play_tokens, wild
    st._end_round(state, "E1")
    return state


def test_st_e27_declarations_are_checked_and_the_fourth_is_proposed():
    state = _st_e27_round()
    state = st.apply(state, {"type": "declare_hand", "seat": A, "cards": "2S 2H 3D"}, A)
    assert refusal(state, {"type": "declare_hand", "seat": C, "cards": "7C 8C 9S 9H"}, C) == "ST-C5"
    state = st.apply(state, {"type": "declare_hand", "seat": C, "cards": "7C 8C 9S 9H 9D"}, C)
    seat, proposed = st.proposed_hand(state)
    assert seat == D and set(proposed) == {"5D", "6D", "4C", "4S"}
    assert refusal(state, {"type": "declare_hand", "seat": D, "cards": "5D 6D 4C 7H"}, D) == "ST-C3"
    assert refusal(state, {"type": "declare_hand", "seat": D, "cards": "5D 6D 4C 2S"}, D) == "ST-C6"
    state = st.apply(state, {"type": "declare_hand", "seat": D, "cards": proposed}, D)
    assert [p.round_score for p in state.players] == [-15, 0, -24, -35]


def _with_scores(rounds: list[list[int]]):
    state = st.new_game(["A", "B", "C", "D"][:len(rounds[0])])
    for p, scores in zip(state.players, zip(*rounds)):
        p.scores = list(scores)
    return state


def test_st_e28_the_game_ends_early_at_minus_fifty():
    state = _with_scores([[-18, -2, -15], [-35, -20, -12]])
    assert [p.total for p in state.players] == [-53, -22, -27]
    assert st.game_is_over(state) and st.winners(state) == [B]
    assert not st.game_is_over(_with_scores([[-18, -2, -15]]))


def test_st_e29_the_game_ends_after_as_many_rounds_as_players_and_ties_share():
    two = _with_scores([[-12, -20], [-25, -10]])
    assert st.game_is_over(two) and st.winners(two) == [B]
    four = _with_scores([[-40, -31, -31, -45]] + [[0, 0, 0, 0]] * 3)
    assert st.game_is_over(four) and st.winners(four) == [B, C]


def test_st_e28_the_last_declaration_ends_the_game():
    state = started(["A", "B", "C"], [0, 0, 0])
    for p, earlier in zip(state.players, (-18, -2, -15)):
        p.scores = [earlier]
    for seat, hand in [(A, "2S 3S 4S 5S 6S 7S 8S 9S"), (B, "2H 3H 4H 5H 6H 7H 8H 9H"), (C, "2D")]:
        state.players[seat].hand = len(hand.split())
        state = st.apply(state, {"type": "declare_hand", "seat": seat, "cards": hand}, seat)
    assert state.phase == st.OVER and st.winners(state) == [C]
    assert refusal(state, {"type": "start_round"}) == "ST-C8"


def test_st_e30_a_table_ruling_applies_a_refused_play():
    state = situation(top="4S 5S 6S")
    state.turn = D
    action = play("3D 4D 5D", D)
    assert refusal(state, action, D) == "ST-R13"
    before = tokens(state, D)
    after = st.apply(state, action, HOST, ruling=True)
    assert after.top == ["3D", "4D", "5D"]
    assert tokens(after, D) == "1/0/5" and before == "2/0/8"
    assert "Table ruling, overriding ST-R13." in after.notes
    assert st.overridden_rule(state, action, HOST) == "ST-R13"


# --------------------------------------------------------------------------- rules one by one

def test_st_r1_predictions_are_whole_numbers_from_0_to_10():
    state = st.apply(st.new_game(["A", "B"]), {"type": "start_round", "removed_suit": "C"})
    for value in (-1, 11, "x", 2.5, None, True):
        assert refusal(state, {"type": "predict", "seat": A, "value": value}, A) == "ST-R1"
    assert st.apply(state, {"type": "predict", "seat": A, "value": "10"}, A).players[A].prediction == 10


def test_st_r2_a_prediction_may_be_replaced_until_the_reveal_only():
    state = st.apply(st.new_game(["A", "B", "C"]), {"type": "start_round"})
    state = st.apply(state, {"type": "predict", "seat": A, "value": 2}, A)
    state = st.apply(state, {"type": "predict", "seat": A, "value": 4}, A)
    assert state.players[A].prediction == 4 and state.phase == st.PREDICT
    state = st.apply(state, {"type": "predict", "seat": B, "value": 1}, B)
    state = st.apply(state, {"type": "predict", "seat": C, "value": 1}, C)
    assert refusal(state, {"type": "predict", "seat": A, "value": 3}, A) == "ST-R2"


def test_st_r4_only_the_seat_in_turn_plays_and_only_while_the_round_runs():
    state = situation()
    with pytest.raises(Refusal, match="It is A's turn"):
        st.apply(state, play("5S", B), B)
    assert refusal(state, pass_(B), B) == "ST-R4"
    over = _st_e27_round()
    with pytest.raises(Refusal, match="This round is over"):
        st.apply(over, play("5S", A), A)


def test_check_order_follows_the_rules_file():
    """ST-C9, ST-R4, ST-C1, ST-C2, ST-C3, ST-C4, then ST-R5 to ST-R14."""
    state = situation(top="9S", play=0, hand=1, players=2, removed_suit="C")
    state.played["7H"] = B
    assert refusal(state, play("1X", A), B) == "ST-C9"
    state.turn = B
    assert refusal(state, play("1X 7H", A), A) == "ST-R4"
    state.turn = A
    assert refusal(state, play("7H 7H 1X", A), A) == "ST-C1"
    assert refusal(state, play("7H 7H 5C", A), A) == "ST-C2"
    assert refusal(state, play("7H 5C", A), A) == "ST-C3"
    assert refusal(state, play("5C 5D", A), A) == "ST-C4"
    assert refusal(state, play("5S 5D", A), A) == "ST-R5"


def test_st_r15_a_flip_needs_the_token_it_turns():
    assert refusal(situation(play=0, wild=1), pass_(A, "play_to_wild"), A) == "ST-R15"
    assert refusal(situation(play=1, wild=0), pass_(A, "wild_to_play"), A) == "ST-R15"
    assert refusal(situation(), pass_(A, "both"), A) == "ST-R15"


def test_st_r16_the_host_clears_only_a_table_with_a_play_and_e2_applies():
    assert refusal(situation(), {"type": "clear_table"}) == "ST-R16"
    state = situation(top="5S")
    state.top_by = state.leader = C
    state = st.apply(state, {"type": "clear_table"})
    assert state.top is None and state.turn == C
    emptied = situation(top="5S")
    emptied.players[C].hand = 0
    assert st.apply(emptied, {"type": "clear_table"}).end_reason == "E2"


def test_end_round_by_the_host_is_a_ruling_and_only_while_a_round_runs():
    state = st.apply(situation(), {"type": "end_round"})
    assert state.phase == st.DECLARE and state.end_reason == "ruling"
    assert refusal(state, {"type": "end_round"}) == "ST-C8"


def test_st_c9_seats_enter_only_for_themselves_and_host_only_entries_need_the_host():
    state = situation()
    with pytest.raises(Refusal, match=r"Only A \(or the host\) can enter A's play"):
        st.apply(state, play("5S", A), B)
    assert st.apply(state, play("5S", A), HOST).top == ["5S"]
    for entry in ({"type": "clear_table"}, {"type": "end_round"}, {"type": "start_round"}):
        assert refusal(state, entry, A) == "ST-C9"


def test_st_c1_notation_accepts_lower_case_and_symbols_only():
    state = situation()
    assert st.apply(state, play("7h 7♦"), A).top == ["7H", "7D"]
    for cards in ("10H", "AS", "1X", "W0", "W11", 123, ["5S", 5], {"card": "5S"}):
        assert refusal(situation(), play(cards), A) == "ST-C1"


def test_declarations_refuse_wilds_and_unknown_cards():
    state = _st_e27_round()
    assert refusal(state, {"type": "declare_hand", "seat": A, "cards": "2S 2H W3"}, A) == "ST-C1"
    assert refusal(state, {"type": "declare_hand", "seat": A, "cards": "2S 2S 3D"}, A) == "ST-C2"


def test_st_c7_nothing_is_proposed_for_fewer_than_four_players():
    state = situation(players=3)
    st._end_round(state, "E1")
    assert st.proposed_hand(state) is None


def test_auto_pass_passes_for_a_player_without_any_token():
    state = situation(players=3, auto_pass="on")
    state.players[B].play = state.players[B].wild = 0
    state = st.apply(state, play("5S", A), A)
    assert state.turn == C and state.passes == 1
    assert "B passed automatically (no token)." in state.notes


def test_a_leader_with_only_a_wild_token_still_gets_the_turn_under_auto_pass():
    state = situation(players=3, auto_pass="on")
    state.players[B].play, state.players[B].wild = 0, 1
    state = st.apply(state, play("5S", A), A)
    assert state.turn == B


def test_nobody_leading_for_a_full_circle_shows_a_notice():
    state = situation(players=3)
    state = run(state, [(A, "pass"), (B, "pass")])
    assert not state.notes
    state = run(state, [(C, "pass")])
    assert "Nobody is leading: the host may end the round." in state.notes


def test_two_players_need_the_removed_suit_to_start():
    game = st.new_game(["A", "B"])
    assert refusal(game, {"type": "start_round"}) == "ENTRY"
    assert st.apply(game, {"type": "start_round", "removed_suit": "♥"}).removed_suit == "H"


def test_a_ruling_that_asks_for_more_tokens_than_there_are_stops_at_zero():
    state = situation(play=0, wild=0, hand=1)
    after = st.apply(state, play("5S 5H"), HOST, ruling=True)
    assert tokens(after, A) == "0/0/0"
    assert "Play tokens stopped at 0." in after.notes and "Cards in hand stopped at 0." in after.notes


def test_unreadable_entries_cannot_be_ruled_through():
    with pytest.raises(Refusal) as caught:
        st.apply(situation(), play("1X"), HOST, ruling=True)
    assert caught.value.rule == "ST-C1" and not caught.value.overridable


# --------------------------------------------------------------------------- the fold and its views

@pytest.mark.parametrize("action", [None, [], "play", {"type": "fly"}, {"type": "play", "seat": 7},
                                    {"type": "play", "seat": "0", "cards": "5S"}, {"type": "pass"},
                                    {"type": "predict", "seat": True, "value": 1}])
def test_unreadable_entries_refuse_and_never_raise_anything_else(action):
    assert refusal(situation(), action) in ("ENTRY", "ST-R2")


def test_apply_never_changes_its_input():
    state = situation(top="5S")
    before = st.dump(state)
    st.apply(state, play("7H"), A)
    assert st.dump(state) == before


def test_dump_and_load_round_trip():
    state = run(situation(), [(A, "5S"), (B, "pass")])
    assert st.dump(st.load(st.dump(state))) == st.dump(state)
    assert st.load(st.dump(state)) == state


def test_predictions_are_seen_only_by_their_own_seat_until_the_reveal():
    state = st.apply(st.new_game(["A", "B", "C"]), {"type": "start_round"})
    state = st.apply(state, {"type": "predict", "seat": A, "value": 6}, A)
    assert st.view(state, A)["players"][A]["prediction"] == 6
    for viewer in (B, HOST, None):
        seen = st.view(state, viewer)["players"][A]
        assert seen["prediction"] is None and seen["predicted"] is True
    assert "6" not in st.describe(state, {"type": "predict", "seat": A, "value": 6})


def test_actions_offered_to_each_phone():
    state = situation(top="5S")
    assert {a["type"] for a in st.view(state, A)["actions"]} == {"play", "pass"}
    assert st.view(state, B)["actions"] == [] and st.view(state, None)["actions"] == []
    assert {a["type"] for a in st.view(state, HOST)["actions"]} == {"play", "pass", "clear_table", "end_round"}
