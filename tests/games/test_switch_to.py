"""Switch To rules engine, written from ../shared/rules/switch_to.md: every worked example
ST-E1..ST-E30 (section 8), then the rules and checks of sections 4, 5 and 7 one by one."""

from __future__ import annotations

import json

import pytest

from referee.games.switch_to import GAME
from referee.games.switch_to.declare import proposed_hand
from referee.games.switch_to.scoring import game_is_over, score_hand, winners
from referee.games.switch_to.state import DECLARE, OVER, PLAY, PREDICT, SETUP, START_PLAYER
from referee.games.base import HOST, Refusal
from tests.helpers import refused_rule

A, B, C, D = 0, 1, 2, 3
NAMES = ["A", "B", "C", "D"]


# --------------------------------------------------------------------------- helpers


def situation(
    top=None, play=3, wild=1, hand=8, players=4, compare="strict", auto_pass="off", removed_suit=None, turn=A
):
    """A round in play, ``turn`` to move with the given tokens and hand count; the other seats
    hold 2 play tokens and 8 cards. ``top`` (if any) was played by the seat before ``turn``."""
    state = GAME.new_game(NAMES[:players], {"compare": compare, "auto_pass": auto_pass})
    state.phase, state.round, state.turn, state.removed_suit = PLAY, 1, turn, removed_suit
    for p in state.players:
        p.prediction, p.play, p.wild, p.hand = 2, 2, 0, 8
    mover = state.players[turn]
    mover.play, mover.wild, mover.hand = play, wild, hand
    if top:
        state.top = top.split()
        state.top_by = state.leader = (turn - 1) % players
    return state


def set_counts(state, **counts):
    """``set_counts(state, A="1/0/3")``: play tokens / wild tokens / hand count per seat."""
    for name, text in counts.items():
        p = state.players[NAMES.index(name)]
        p.play, p.wild, p.hand = (int(n) for n in text.split("/"))
    return state


def counts(state, seat) -> str:
    p = state.players[seat]
    return f"{p.play}/{p.wild}/{p.hand}"


def refusal(state, action, by=HOST) -> str:
    """The rule ID the engine refuses ``action`` with (the test fails if it is accepted)."""
    return refused_rule(GAME.apply, state, action, by)


def play(cards, seat=A):
    return {"type": "play", "seat": seat, "cards": cards}


def pass_(seat=A, flip=None):
    return {"type": "pass", "seat": seat, "flip": flip}


def predict(seat, value):
    return {"type": "predict", "seat": seat, "value": value}


def declare(seat, cards):
    return {"type": "declare_hand", "seat": seat, "cards": cards}


def run(state, entries):
    """Apply ``(seat, "7H 7D" | "pass" | "pass play_to_wild")`` entries, each from its own seat."""
    for seat, entry in entries:
        words = entry.split()
        action = pass_(seat, *words[1:]) if words[0] == "pass" else play(entry, seat)
        state = GAME.apply(state, action, seat)
    return state


def declare_all(state, hands):
    """``hands``: {seat: cards}; each seat declares from its own phone."""
    for seat, cards in hands.items():
        state = GAME.apply(state, declare(seat, cards), seat)
    return state


def started(players, predictions, removed_suit=None, **options):
    """A new game, round 1 started by the host and each prediction entered by its own seat."""
    state = GAME.new_game(NAMES[:players], options)
    return next_round(state, predictions, removed_suit)


def next_round(state, predictions, removed_suit=None):
    state = GAME.apply(state, {"type": "start_round", "removed_suit": removed_suit})
    for seat, value in enumerate(predictions):
        state = GAME.apply(state, predict(seat, value), seat)
    return state


# --------------------------------------------------------------------------- ST-E1..E15: follows

FOLLOWS = [  # id, top, play, refused rule (None: legal), compare
    ("ST-E1", "5S 5H", "4D 5D 6D", None, "strict"),
    ("ST-E2", "6S 6H", "7D 8D", None, "strict"),
    ("ST-E3", None, "W1 2C 3C", None, "strict"),
    ("ST-E4", "8H 9H", "9D W10", None, "strict"),
    ("ST-E5-higher", "5S", "7H", None, "strict"),
    ("ST-E5-lower", "5S", "4H", "ST-R13", "strict"),
    ("ST-E5-equal", "5S", "5H", "ST-R13", "strict"),
    ("ST-E6-set-below", "5S", "3D 3C", None, "strict"),
    ("ST-E6-run-below", "5S", "4H 5H", None, "strict"),
    ("ST-E6-set-above", "5S", "6D 6C", "ST-R14", "strict"),
    ("ST-E7-run-below", "9C", "8D 9D", None, "strict"),
    ("ST-E7-wild-above", "9C", "9D W10", "ST-R14", "strict"),
    ("ST-E8", "6S 6H 6D", "7S 7H", "ST-R12", "strict"),
    ("ST-E9", "6S 6H", "9S 9H 9D 9C", "ST-R12", "strict"),
    ("ST-E10-run", "6S 6H 6D", "2S 3S 4S 5S", None, "strict"),
    ("ST-E10-set", "6S 6H 6D", "9S 9H 9D 9C", "ST-R14", "strict"),
    ("ST-E11-strict", "4S 5S 6S", "3D 4D 5D", "ST-R13", "strict"),
    ("ST-E11-loose", "4S 5S 6S", "3D 4D 5D", None, "loose"),
    ("ST-E12-strict", "4S 5S 6S", "5D 6D 7D 8D", "ST-R14", "strict"),
    ("ST-E12-loose", "4S 5S 6S", "5D 6D 7D 8D", None, "loose"),
    ("ST-E13", "8H 9H W10", "5C 6C 7C 8C", None, "strict"),
    ("ST-E14-wild-alone", None, "W5", "ST-R6", "strict"),
    ("ST-E14-two-wilds", None, "5S W5 W5", "ST-R8", "strict"),
    ("ST-E14-five-of-a-kind", None, "5S 5H 5D 5C W5", "ST-R11", "strict"),
    ("ST-E15-gap", None, "4S 6S", "ST-R10", "strict"),
    ("ST-E15-wild-fills-gap", None, "4S W5 6S", None, "strict"),
    ("ST-E15-two-suits", None, "4S 5H", "ST-R10", "strict"),
]


@pytest.mark.parametrize("top, cards, rule, compare", [f[1:] for f in FOLLOWS], ids=[f[0] for f in FOLLOWS])
def test_st_e1_to_e15_follows(top, cards, rule, compare):
    state = situation(top=top, compare=compare)
    if rule is not None:
        assert refusal(state, play(cards), A) == rule
        return
    after = GAME.apply(state, play(cards), A)
    assert after.top == cards.split()  # every legal example is written low to high
    assert after.turn == B and after.passes == 0


def test_st_e13_no_three_card_play_can_follow_a_run_up_to_ten():
    state = situation(top="8H 9H W10")
    for cards in ("7S 8S 9S", "9S 9D 9C", "7D 8D W9", "8C 9C W10"):
        assert refusal(state, play(cards), A) == "ST-R13"


# --------------------------------------------------------------------------- ST-E16..E18: tokens


def test_st_e16_a_wild_costs_a_play_token_and_a_wild_token():
    after = GAME.apply(situation(top="7S 7H", play=2, wild=1, hand=6), play("8D W8"), A)
    assert counts(after, A) == "1/0/5"
    assert after.played == {"8D": A}  # the wild is no card
    assert refusal(situation(top="7S 7H", play=2, wild=0, hand=6), play("8D W8"), A) == "ST-R9"


def test_st_e17_tokens_hand_and_cards_already_seen():
    assert refusal(situation(play=0, wild=2), play("3S"), A) == "ST-R5"
    assert refusal(situation(hand=2), play("4H 5H 6H"), A) == "ST-R7"
    seen = situation(top="6S", turn=B)
    seen.played["7H"] = C
    assert refusal(seen, play("7H", B), B) == "ST-C3"
    with pytest.raises(Refusal, match="was already played by C"):
        GAME.apply(seen, play("7H", B), B)
    assert refusal(situation(players=2, removed_suit="C"), play("5C"), A) == "ST-C4"


def test_st_e18_flips_happen_on_a_pass():
    state = situation(players=2, play=3, wild=0)
    state = run(state, [(A, "pass play_to_wild"), (B, "pass")])
    assert counts(state, A) == "2/1/8"
    state = run(state, [(A, "pass wild_to_play"), (B, "pass")])
    assert counts(state, A) == "3/0/8"
    assert refusal(state, pass_(A, "wild_to_play"), A) == "ST-R15"


# --------------------------------------------------------------------------- ST-E19..E24: flow


def test_st_e19_predictions_tokens_and_the_start_player_after_a_tie():
    state = started(4, [3, 5, 5, 2])
    assert [(p.play, p.wild) for p in state.players] == [(3, 0), (5, 0), (5, 0), (2, 0)]
    assert sum(p.play for p in state.players) == 15
    assert state.phase == START_PLAYER and state.tied == [B, C]
    assert refusal(state, {"type": "start_player", "seat": A}, A) == "ST-R3"
    with pytest.raises(Refusal, match="Only B and C tied for the most tokens"):
        GAME.apply(state, {"type": "start_player", "seat": A}, HOST)
    state = GAME.apply(state, {"type": "start_player", "seat": C}, D)  # any seat enters it
    order = []
    for _ in range(4):
        order.append(NAMES[state.turn])
        state = GAME.apply(state, pass_(state.turn), state.turn)
    assert order == ["C", "D", "A", "B"]


def test_st_e20_three_passes_clear_the_table_and_the_leader_leads():
    state = run(situation(), [(A, "5S"), (B, "pass"), (C, "pass")])
    assert state.top == ["5S"] and state.passes == 2 and state.turn == D
    state = run(state, [(D, "pass")])
    assert state.top is None and state.passes == 0 and state.turn == A


def test_st_e21_a_player_who_passed_may_play_later():
    state = run(
        situation(), [(A, "5S"), (B, "pass"), (C, "7H"), (D, "pass"), (A, "pass"), (B, "9S"), (C, "pass"), (D, "pass")]
    )
    assert state.top == ["9S"] and state.passes == 2 and state.turn == A
    state = run(state, [(A, "pass")])
    assert state.top is None and state.turn == B


def test_st_e22_everyone_predicts_zero_so_the_round_ends_at_the_reveal():
    state = started(2, [0, 0], removed_suit="C")
    assert state.phase == DECLARE and state.end_reason == "E1" and state.turn is None
    state = declare_all(state, {A: "2S 2H 4D 6S 6H 7D 8S 9D"})
    assert state.players[A].round_score is None  # scored once every hand is in
    state = declare_all(state, {B: "3S 3H 4S 5D 7S 8H 9H 9S"})
    assert state.players[A].round_score == -36 and state.players[A].scores == [-36]


def test_st_e23_a_flip_that_leaves_no_play_token_ends_the_round_at_once():
    state = set_counts(situation(top="8S", players=3), A="1/0/1", B="0/1/1", C="0/0/1")
    state = GAME.apply(state, pass_(A, "play_to_wild"), A)
    assert state.phase == DECLARE and state.end_reason == "E1"
    assert state.top == ["8S"]  # no clear
    state = declare_all(state, {A: "2S", B: "3S", C: "4S"})
    assert [p.round_score for p in state.players] == [-10 - 2, -10 - 3, -4]


def test_st_e24_an_empty_hand_ends_the_round_only_when_the_table_clears():
    state = set_counts(situation(players=3, turn=B), A="1/0/3", B="1/0/1", C="2/1/4")
    state = run(state, [(B, "2C")])
    assert counts(state, B) == "0/0/0" and state.phase == PLAY  # no E1: A and C hold play tokens
    state = run(state, [(C, "7H")])
    assert counts(state, C) == "1/1/3"
    state = run(state, [(A, "pass")])
    assert state.phase == PLAY and state.turn == B
    assert refusal(state, play("3S", B), B) == "ST-R5"  # B may only pass
    state = run(state, [(B, "pass")])
    assert state.phase == DECLARE and state.end_reason == "E2"
    assert state.players[B].declared == []  # nothing to declare
    state = declare_all(state, {A: "3S 3H 9D", C: "4D 4C 8S"})
    assert [p.round_score for p in state.players] == [-22, 0, -32]


# --------------------------------------------------------------------------- ST-E25..E30

ST_E25_STEPS = [  # step, seat, entry, after (play/wild/hand)
    (1, C, "5S 5D", "3/0/6"),
    (2, A, "2S 3S 4S", "3/0/5"),
    (3, B, "3H 4H 5H", "2/0/5"),
    (4, C, "pass play_to_wild", "2/1/6"),
    (5, A, "pass", "3/0/5"),
    (6, B, "7D 7C", "1/0/3"),
    (7, C, "3C 4C W5", "1/0/4"),
    (8, A, "pass play_to_wild", "2/1/5"),
    (9, B, "pass", "1/0/3"),
    (10, C, "9C", "0/0/3"),
    (11, A, "6H 6D", "1/1/3"),
    (12, B, "8S 8D", "0/0/1"),
    (13, C, "pass", "0/0/3"),
    (14, A, "9S 9H", "0/1/1"),
]
ST_E25_HANDS = {A: "8C", B: "2C", C: "2D 6S 7H"}


def st_e25_round():
    """ST-E25 from the deal to the declarations, checking every step on the way."""
    state = started(3, [4, 3, 4])
    assert state.phase == START_PLAYER and state.tied == [A, C]
    state = GAME.apply(state, {"type": "start_player", "seat": C}, HOST)
    for step, seat, entry, after in ST_E25_STEPS:
        assert state.turn == seat, f"step {step}: turn"
        state = run(state, [(seat, entry)])
        assert counts(state, seat) == after, f"step {step}: play/wild/hand"
        if step in (5, 9):
            assert state.top is None, f"step {step}: the table clears"
    assert state.phase == DECLARE and state.end_reason == "E1"
    assert state.top == ["9S", "9H"]  # ended without a clear
    return declare_all(state, ST_E25_HANDS)


def test_st_e25_a_full_three_player_round():
    state = st_e25_round()
    assert [p.round_score for p in state.players] == [-18, -2, -15]
    assert state.phase == SETUP and state.round == 1  # 2 more rounds to go


@pytest.mark.parametrize(
    "hand, play_tokens, wild, score",
    [
        ("5S 5H 7D", 1, 0, -22),
        ("9S 9H 9D 9C", 1, 1, -29),
        ("2C 3H 9D", 0, 3, -24),
        ("", 2, 1, -20),
        ("2S 3S 4S 5S 6S 7S 8S 9S", 0, 0, -44),
    ],
    ids=["ST-E26-pair", "ST-E26-four-of-a-kind", "ST-E26-wilds", "ST-E26-empty", "ST-E26-all-spades"],
)
def test_st_e26_scoring_counts_each_rank_once(hand, play_tokens, wild, score):
    assert score_hand(hand.split(), play_tokens, wild) == score


ST_E27_PLAYED = [
    "3S",
    "5S",
    "6S",
    "7S",
    "8S",
    "3H",
    "4H",
    "5H",
    "6H",
    "7H",
    "8H",
    "2D",
    "4D",
    "7D",
    "8D",
    "2C",
    "3C",
    "5C",
    "6C",
    "9C",
]


def st_e27_round():
    """4 players at the end of a round: hands A 3, B 0, C 5, D 4, and the 20 played cards."""
    state = set_counts(situation(players=4), A="1/0/3", B="0/0/0", C="0/0/5", D="1/1/4")
    state.played = {card: B for card in ST_E27_PLAYED}
    return GAME.apply(state, {"type": "end_round"}, HOST)


def test_st_e27_declarations_are_checked_and_the_fourth_is_proposed():
    state = st_e27_round()
    assert state.players[B].declared == []
    assert proposed_hand(state) is None  # only two hands known so far
    assert refusal(state, declare(C, "7C 8C 9S 9H"), C) == "ST-C5"
    state = declare_all(state, {A: "2S 2H 3D", C: "7C 8C 9S 9H 9D"})
    seat, cards = proposed_hand(state)
    assert seat == D and set(cards) == {"5D", "6D", "4C", "4S"}
    assert refusal(state, declare(D, "5D 6D 4C 7H"), D) == "ST-C3"
    assert refusal(state, declare(D, "5D 6D 4C 2S"), D) == "ST-C6"
    state = GAME.apply(state, declare(D, cards), D)
    assert [p.round_score for p in state.players] == [-15, 0, -24, -35]


def test_st_e28_the_game_ends_when_a_total_reaches_minus_fifty():
    state = st_e25_round()  # round 1: A -18, B -2, C -15
    assert state.phase == SETUP
    state = next_round(state, [1, 1, 1])
    state = GAME.apply(state, {"type": "start_player", "seat": C}, HOST)
    state = run(state, [(C, "2C 3C 4C 5C 6C 7C")])
    state = GAME.apply(state, {"type": "end_round"}, HOST)
    state = declare_all(state, {A: "8S 8H 8C 9S 9H 9C 6S 2S", B: "2H 2D 3S 3H 3D 5S 5H 5D", C: "4S 8D"})
    assert [p.scores for p in state.players] == [[-18, -35], [-2, -20], [-15, -12]]
    assert [p.total for p in state.players] == [-53, -22, -27]
    assert state.phase == OVER and state.round == 2
    assert winners(state) == [B]
    assert GAME.view(state, None)["winners"] == [B]


def test_st_e29_two_players_end_after_two_rounds():
    state = GAME.new_game(["A", "B"])
    state.players[A].scores, state.players[B].scores = [-12], [-20]  # round 1
    assert not game_is_over(state)
    state = next_round(state, [1, 2], removed_suit="C")
    state = run(state, [(B, "2S 3S 4S 5S 6S 7S 8S 9S"), (A, "pass")])  # the clear: E2
    assert state.end_reason == "E2"
    state = declare_all(state, {A: "2H 2D 3H 3D 4H 4D 6H 6D"})
    assert [p.round_score for p in state.players] == [-25, -10]
    assert [p.total for p in state.players] == [-37, -30]
    assert state.phase == OVER and winners(state) == [B]


def test_a_total_of_exactly_minus_fifty_ends_the_game():
    state = GAME.new_game(["A", "B", "C"])
    for p, total in zip(state.players, (-50, 0, -49)):
        p.scores = [total]
    assert game_is_over(state)
    state.players[A].scores = [-49]
    assert not game_is_over(state)


def test_st_e29_four_players_tied_on_the_best_total_share_the_win():
    state = GAME.new_game(NAMES)
    for p, total in zip(state.players, (-40, -31, -31, -45)):
        p.scores = [total, 0, 0, 0]
    assert game_is_over(state)
    assert winners(state) == [B, C]


def test_st_e30_a_table_ruling_applies_a_refused_play():
    state = situation(top="4S 5S 6S", turn=D, play=2, wild=0, hand=8)
    action = play("3D 4D 5D", D)
    assert refusal(state, action, D) == "ST-R13"
    assert refusal(state, action, HOST) == "ST-R13"  # the host too, without a ruling
    with pytest.raises(Refusal):
        GAME.apply(state, action, D, ruling=True)  # only the host rules
    after = GAME.apply(state, action, HOST, ruling=True)
    assert counts(after, D) == "1/0/5" and after.top == ["3D", "4D", "5D"]
    assert any("overriding ST-R13" in note for note in after.notes)
    assert GAME.overridden_rule(state, action, HOST) == "ST-R13"


# --------------------------------------------------------------------------- check order (4.3)

CHECK_ORDER = [  # id, the entry breaks this rule and at least one later one
    ("ST-C9-before-ST-R4", {"turn": C}, play("1X", A), B, "ST-C9"),
    ("ST-R4-before-ST-C1", {"turn": C}, play("1X 7H", A), A, "ST-R4"),
    ("ST-C1-before-ST-C2", {}, play("7H 7H 1X"), A, "ST-C1"),
    ("ST-C2-before-ST-C3", {}, play("7H 7H"), A, "ST-C2"),
    ("ST-C3-before-ST-C4", {"removed_suit": "C"}, play("7H 5C"), A, "ST-C3"),
    ("ST-C4-before-ST-R5", {"removed_suit": "C", "play": 0}, play("5C 5D"), A, "ST-C4"),
    ("ST-R5-before-ST-R6", {"play": 0}, play("W5"), A, "ST-R5"),
    ("ST-R6-before-ST-R8", {}, play("W5 W5"), A, "ST-R6"),
    ("ST-R7-before-ST-R8", {"hand": 1}, play("5S 5H W5 W5"), A, "ST-R7"),
    ("ST-R8-before-ST-R9", {"wild": 0}, play("5S W5 W5"), A, "ST-R8"),
    ("ST-R9-before-ST-R10", {"wild": 0}, play("4S W5 7D"), A, "ST-R9"),
    ("ST-R10-before-ST-R12", {}, play("2S 4S 6S"), A, "ST-R10"),
    ("ST-R11-before-ST-R12", {}, play("5S 5H 5D 5C W5"), A, "ST-R11"),
    ("ST-R12", {}, play("8S 8H 8D"), A, "ST-R12"),
]


@pytest.mark.parametrize("setup, action, by, rule", [c[1:] for c in CHECK_ORDER], ids=[c[0] for c in CHECK_ORDER])
def test_the_first_failing_check_is_cited(setup, action, by, rule):
    """Order: ST-C9, ST-R4, ST-C1, ST-C2, ST-C3, ST-C4, then ST-R5 to ST-R14."""
    state = situation(top="9S", players=3, **setup)  # (ST-C4 is a 2-player rule; set here to reach it)
    state.played["7H"] = B
    assert refusal(state, action, by) == rule


# --------------------------------------------------------------------------- predictions and start


def test_st_r1_a_prediction_is_a_whole_number_from_0_to_10():
    state = GAME.apply(GAME.new_game(["A", "B"]), {"type": "start_round", "removed_suit": "C"})
    for value in (-1, 11, "abc", 2.5, None, True, "", [3]):
        assert refusal(state, predict(A, value), A) == "ST-R1", value
    for value in (0, 10, "7"):
        assert GAME.apply(state, predict(A, value), A).players[A].prediction == int(value)


def test_st_r2_a_prediction_may_be_replaced_until_all_are_in_but_not_after():
    state = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "start_round"})
    state = GAME.apply(state, predict(A, 2), A)
    state = GAME.apply(state, predict(A, 4), HOST)  # a shared phone replaces it
    state = GAME.apply(state, predict(B, 1), B)
    assert state.phase == PREDICT and state.players[A].prediction == 4
    state = GAME.apply(state, predict(C, 1), C)
    assert state.phase == PLAY and state.turn == A and counts(state, A) == "4/0/8"
    assert refusal(state, predict(A, 3), A) == "ST-R2"
    with pytest.raises(Refusal, match="Predictions are already revealed and cannot be changed"):
        GAME.apply(state, predict(B, 3), HOST)


def test_st_r2_no_change_after_a_reveal_that_ended_the_round():
    state = started(3, [0, 0, 0])
    assert refusal(state, predict(A, 2), A) == "ST-R2"


def test_st_r3_start_player_only_after_a_tie_and_only_a_tied_player():
    state = started(3, [1, 4, 2])
    assert state.phase == PLAY and state.turn == B  # no tie: the app sets it
    assert refusal(state, {"type": "start_player", "seat": B}, B) == "ST-R3"
    tied = started(3, [3, 1, 3])
    assert tied.phase == START_PLAYER and tied.tied == [A, C]
    assert refusal(tied, {"type": "start_player", "seat": B}, HOST) == "ST-R3"
    assert GAME.apply(tied, {"type": "start_player", "seat": A}, B).turn == A


def test_e1_at_the_reveal_when_every_prediction_is_zero():
    state = started(4, [0, 0, 0, 0])
    assert state.phase == DECLARE and state.end_reason == "E1"
    assert refusal(state, play("5S", A), A) == "ST-R4"


def test_a_zero_prediction_alone_does_not_end_the_round():
    state = started(3, [0, 2, 0])
    assert state.phase == PLAY and state.turn == B


# --------------------------------------------------------------------------- play and pass


def test_st_r4_only_the_seat_in_turn_and_only_while_the_round_runs():
    state = situation(turn=C)
    with pytest.raises(Refusal, match="It is C's turn"):
        GAME.apply(state, play("5S", A), A)
    assert refusal(state, pass_(A), HOST) == "ST-R4"
    with pytest.raises(Refusal, match="This round is over"):
        GAME.apply(st_e27_round(), play("5S", A), A)
    assert refusal(st_e27_round(), pass_(A), A) == "ST-R4"


def test_the_play_effect_on_tokens_hand_played_cards_and_passes():
    state = run(set_counts(situation(), C="2/1/8"), [(A, "5S"), (B, "pass")])
    assert state.passes == 1
    state = run(state, [(C, "4H W5")])
    assert counts(state, C) == "1/0/7"
    assert state.passes == 0 and state.played == {"5S": A, "4H": C}
    assert state.top == ["4H", "W5"] and state.turn == D


def test_st_r11_a_wild_joins_a_set_unless_all_four_suits_are_there():
    assert GAME.apply(situation(), play("5S 5H 5D W5"), A).top == ["5S", "5H", "5D", "W5"]
    assert refusal(situation(), play("5S 5H 5D 5C W5"), A) == "ST-R11"


@pytest.mark.parametrize("cards", ["5S W5", "5S W6", "W10 9D", "W1 2S"])
def test_a_wild_with_one_card_makes_a_set_or_a_run(cards):
    assert len(GAME.apply(situation(), play(cards), A).top) == 2


def test_st_r12_message_names_both_allowed_sizes():
    with pytest.raises(Refusal, match="The table shows 2 cards") as caught:
        GAME.apply(situation(top="6S 6H"), play("9S"), A)
    assert caught.value.rule == "ST-R12"


def test_st_r15_a_flip_turns_one_own_token_and_only_inside_a_pass():
    assert refusal(situation(top="9S", play=0, wild=1), pass_(A, "play_to_wild"), A) == "ST-R15"
    assert refusal(situation(top="9S", play=1, wild=0), pass_(A, "wild_to_play"), A) == "ST-R15"
    assert refusal(situation(), pass_(A, "both"), A) == "ST-R15"
    assert refusal(situation(), pass_(A, ["play_to_wild", "play_to_wild"]), A) == "ST-R15"
    assert refusal(situation(), {**play("5S"), "flip": "play_to_wild"}, A) == "ST-R15"
    assert refusal(situation(turn=B), pass_(A, "play_to_wild"), A) == "ST-R4"  # never out of turn


def test_st_r15_a_flip_on_the_last_play_token_with_a_wild_left():
    state = GAME.apply(situation(top="9S", play=1, wild=0), pass_(A, "play_to_wild"), A)
    assert counts(state, A) == "0/1/8" and state.phase == PLAY and state.passes == 1


def test_a_player_without_a_play_token_or_cards_may_still_pass():
    for state in (situation(top="9S", play=0, wild=0), situation(top="9S", hand=0)):
        after = GAME.apply(state, pass_(A), A)
        assert after.turn == B and after.passes == 1


def test_a_leader_without_a_play_token_passes_and_the_next_seat_leads():
    state = set_counts(situation(players=3), A="0/1/5")
    state = run(state, [(A, "pass")])
    assert state.top is None and state.passes == 0 and state.turn == B
    state = run(state, [(B, "4S")])
    assert state.top == ["4S"]


def test_passes_on_an_empty_table_never_clear_and_a_full_circle_shows_a_notice():
    state = run(situation(players=3), [(A, "pass"), (B, "pass")])
    assert state.passes == 0 and state.turn == C and state.phase == PLAY
    assert not any("Nobody is leading" in note for note in state.notes)
    state = run(state, [(C, "pass")])
    assert "Nobody is leading: the host may end the round." in state.notes
    assert {"type": "end_round", "seat": None} in GAME.view(state, HOST)["actions"]
    state = GAME.apply(state, {"type": "end_round"}, HOST)
    assert state.phase == DECLARE and state.end_reason == "ruling"


def test_idle_passes_count_again_from_zero_after_a_play_and_its_clear():
    state = run(situation(players=3), [(A, "pass"), (B, "pass"), (C, "5S"), (A, "pass"), (B, "pass")])
    state = run(state, [(C, "pass")])  # the table cleared, C leads and passes: 1 idle pass
    assert not any("Nobody is leading" in note for note in state.notes)


# --------------------------------------------------------------------------- end of round (5.2)


def test_e1_by_a_play_with_the_last_play_token_without_a_clear():
    state = set_counts(situation(players=3, top="5S", turn=C), A="0/1/8", B="0/0/8", C="1/0/8")
    state = run(state, [(C, "7S")])
    assert state.phase == DECLARE and state.end_reason == "E1" and state.top == ["7S"]


def test_wild_tokens_alone_do_not_keep_the_round_running():
    state = set_counts(situation(players=2, top="5S", turn=B), A="0/2/8", B="1/0/8")
    state = run(state, [(B, "7S")])
    assert state.end_reason == "E1"


def test_emptying_a_hand_does_not_end_the_round_by_itself():
    state = set_counts(situation(players=3), A="2/0/2")
    state = run(state, [(A, "4S 5S")])
    assert counts(state, A) == "1/0/0" and state.phase == PLAY and state.turn == B


def test_st_r16_the_host_clears_only_a_table_with_a_play():
    assert refusal(situation(), {"type": "clear_table"}) == "ST-R16"
    with pytest.raises(Refusal, match="The table is already empty"):
        GAME.apply(situation(), {"type": "clear_table"})
    state = run(situation(), [(A, "5S"), (B, "pass")])
    state = GAME.apply(state, {"type": "clear_table"}, HOST)
    assert state.top is None and state.passes == 0 and state.turn == A  # the leader leads
    assert any("table ruling" in note for note in state.notes)


def test_st_r16_a_host_clear_with_an_empty_hand_is_e2():
    state = set_counts(situation(players=3), A="2/0/1")
    state = run(state, [(A, "5S")])
    assert state.phase == PLAY
    state = GAME.apply(state, {"type": "clear_table"}, HOST)
    assert state.phase == DECLARE and state.end_reason == "E2"


def test_e2_by_a_normal_clear_with_an_empty_hand():
    state = set_counts(situation(players=3), A="2/0/1")
    state = run(state, [(A, "5S"), (B, "pass")])
    assert state.phase == PLAY
    state = run(state, [(C, "pass")])
    assert state.phase == DECLARE and state.end_reason == "E2"


def test_end_round_only_while_a_round_runs():
    state = GAME.apply(situation(), {"type": "end_round"}, HOST)
    assert state.phase == DECLARE and state.end_reason == "ruling"
    assert refusal(state, {"type": "end_round"}) == "ST-C8"
    assert refusal(GAME.new_game(NAMES), {"type": "end_round"}) == "ST-C8"


# --------------------------------------------------------------------------- auto_pass (5.1, 6)


def test_auto_pass_on_passes_for_a_player_holding_no_token():
    state = set_counts(situation(players=3, auto_pass="on"), B="0/0/8")
    state = GAME.apply(state, play("5S", A), A)
    assert state.turn == C and state.passes == 1
    assert "B passed automatically (no token)." in state.notes


def test_auto_pass_on_may_clear_the_table():
    state = set_counts(situation(players=3, auto_pass="on"), B="0/0/8", C="0/0/8")
    state = GAME.apply(state, play("5S", A), A)
    assert state.top is None and state.turn == A


def test_auto_pass_leaves_a_player_with_a_wild_token_to_decide():
    state = set_counts(situation(players=3, auto_pass="on"), B="0/1/8")
    assert GAME.apply(state, play("5S", A), A).turn == B


def test_auto_pass_off_never_passes_for_anyone():
    state = set_counts(situation(players=3), B="0/0/8")
    after = GAME.apply(state, play("5S", A), A)
    assert after.turn == B and after.passes == 0


# --------------------------------------------------------------------------- declarations (7)


def test_st_c5_a_declared_hand_must_match_the_hand_count():
    state = st_e27_round()
    with pytest.raises(Refusal, match="C played 3 cards and should hold 5, not 4"):
        GAME.apply(state, declare(C, "7C 8C 9S 9H"), C)
    assert refusal(state, declare(A, ""), A) == "ST-C5"


def test_st_c6_a_card_declared_by_two_players():
    state = declare_all(st_e27_round(), {A: "2S 2H 3D"})
    with pytest.raises(Refusal, match="is also in A's declared hand"):
        GAME.apply(state, declare(C, "7C 8C 9S 9H 2S"), C)


def test_st_c2_the_same_card_twice_in_one_entry():
    assert refusal(situation(), play("7H 7H"), A) == "ST-C2"
    assert refusal(situation(), play("7H 7h"), A) == "ST-C2"
    with pytest.raises(Refusal, match="appears twice"):
        GAME.apply(situation(), play(["7H", "7♥"]), A)
    assert refusal(st_e27_round(), declare(A, "2S 2S 3D"), A) == "ST-C2"


def test_st_c4_removed_suit_in_plays_and_declarations():
    state = situation(players=2, removed_suit="H", top="3S")
    assert refusal(state, play("4H"), A) == "ST-C4"
    assert refusal(state, play("4S 5H"), A) == "ST-C4"
    assert GAME.apply(state, play("4S"), A).top == ["4S"]
    over = set_counts(state, A="1/0/1", B="1/0/1")
    over = GAME.apply(over, {"type": "end_round"}, HOST)
    assert refusal(over, declare(A, "7H"), A) == "ST-C4"


def test_a_declaration_holds_real_cards_only():
    assert refusal(st_e27_round(), declare(A, "2S 2H W3"), A) == "ST-C1"


def test_declarations_only_after_the_round_ends():
    assert refusal(situation(), declare(A, "2S"), A) == "ST-C8"


def test_st_c7_proposes_the_fourth_hand_only_with_four_players():
    state = set_counts(situation(players=3), A="1/0/1", B="1/0/1", C="1/0/1")
    state = declare_all(GAME.apply(state, {"type": "end_round"}, HOST), {A: "2S", B: "3S"})
    assert proposed_hand(state) is None


def test_st_c8_nothing_is_entered_after_the_game_ends():
    state = GAME.new_game(["A", "B"])
    state.players[A].scores, state.players[B].scores = [-1], [-1]
    state = next_round(state, [0, 0], removed_suit="S")
    state = declare_all(state, {A: "2H 3H 4H 5H 6H 7H 8H 9H", B: "2D 3D 4D 5D 6D 7D 8D 9D"})
    assert state.phase == OVER
    for action in (
        {"type": "start_round", "removed_suit": "C"},
        {"type": "end_round"},
        {"type": "clear_table"},
        predict(A, 1),
        play("2C", A),
        pass_(A),
        declare(A, "2C"),
        {"type": "start_player", "seat": A},
    ):
        assert refusal(state, action, HOST) == "ST-C8", action
        with pytest.raises(Refusal):
            GAME.apply(state, action, HOST, ruling=True)
    assert GAME.view(state, HOST)["actions"] == []


# --------------------------------------------------------------------------- who may enter (ST-C9)


def test_st_c9_a_seat_enters_only_its_own_entries():
    state = situation(turn=C)
    with pytest.raises(Refusal, match=r"Only C \(or the host\) can enter C's play") as caught:
        GAME.apply(state, play("5S", C), B)
    assert caught.value.rule == "ST-C9"
    assert refusal(state, pass_(C), B) == "ST-C9"
    assert GAME.apply(state, play("5S", C), HOST).top == ["5S"]  # the host (shared phone)
    assert GAME.apply(state, play("5S", C), C).top == ["5S"]


def test_st_c9_predictions_and_declarations_for_another_seat():
    state = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "start_round"})
    assert refusal(state, predict(C, 2), B) == "ST-C9"
    assert refusal(st_e27_round(), declare(C, "7C 8C 9S 9H 9D"), A) == "ST-C9"


@pytest.mark.parametrize(
    "action", [{"type": "start_round"}, {"type": "clear_table"}, {"type": "end_round"}], ids=lambda a: a["type"]
)
def test_st_c9_host_only_entries_from_a_seat(action):
    state = situation(top="5S")
    assert refusal(state, action, A) == "ST-C9"
    assert refusal(state, action, "x") == "ST-C9"


def test_st_c9_start_player_from_any_seat_but_not_from_outside():
    state = started(3, [3, 1, 3])
    assert refusal(state, {"type": "start_player", "seat": A}, 7) == "ST-C9"
    assert refusal(state, {"type": "start_player", "seat": A}, None) == "ST-C9"
    assert GAME.apply(state, {"type": "start_player", "seat": A}, C).turn == A


# --------------------------------------------------------------------------- unreadable entries


@pytest.mark.parametrize(
    "action, rule",
    [
        (None, "ENTRY"),
        ([], "ENTRY"),
        ("play", "ENTRY"),
        (5, "ENTRY"),
        ({}, "ENTRY"),
        ({"type": "fly"}, "ENTRY"),
        ({"type": 3}, "ENTRY"),
        ({"type": "play", "seat": 7, "cards": "5S"}, "ENTRY"),
        ({"type": "play", "seat": -1, "cards": "5S"}, "ENTRY"),
        ({"type": "play", "seat": "x", "cards": "5S"}, "ENTRY"),
        ({"type": "play", "seat": "0", "cards": "5S"}, "ENTRY"),
        ({"type": "play", "seat": True, "cards": "5S"}, "ENTRY"),
        ({"type": "pass"}, "ENTRY"),
        ({"type": "play", "seat": 0, "cards": 123}, "ST-C1"),
        ({"type": "play", "seat": 0, "cards": "1X"}, "ST-C1"),
        ({"type": "play", "seat": 0, "cards": "10H"}, "ST-C1"),
        ({"type": "play", "seat": 0, "cards": "AS"}, "ST-C1"),
        ({"type": "play", "seat": 0, "cards": "W0"}, "ST-C1"),
        ({"type": "play", "seat": 0, "cards": "5S W11"}, "ST-C1"),
        ({"type": "play", "seat": 0, "cards": ["5S", 5]}, "ST-C1"),
        ({"type": "play", "seat": 0, "cards": {"card": "5S"}}, "ST-C1"),
        ({"type": "pass", "seat": 0, "flip": 3}, "ST-R15"),
    ],
    ids=repr,
)
def test_malformed_entries_are_refusals(action, rule):
    for ruling in (False, True):
        with pytest.raises(Refusal) as caught:
            GAME.apply(situation(), action, HOST, ruling=ruling)  # not even as a table ruling
        assert caught.value.rule == rule


def test_a_malformed_prediction_value_is_st_r1():
    state = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "start_round"})
    assert refusal(state, predict(A, "abc"), A) == "ST-R1"


def test_a_two_player_round_needs_a_removed_suit():
    game = GAME.new_game(["A", "B"])
    for suit in (None, "X", "SH", 3):
        with pytest.raises(Refusal):
            GAME.apply(game, {"type": "start_round", "removed_suit": suit})
    assert GAME.apply(game, {"type": "start_round", "removed_suit": "♥"}).removed_suit == "H"


@pytest.mark.parametrize("cards", ["7♥", "7h", "7♥ 7♦", "7h,7d", ["7h", "7D"]], ids=repr)
def test_lower_case_and_suit_symbols_are_read(cards):
    after = GAME.apply(situation(), play(cards), A)
    assert after.top[0] == "7H" and "7H" in after.played


def test_a_ruling_on_a_play_without_cards_applies_without_crashing():
    after = GAME.apply(situation(play=2), {"type": "play", "seat": A}, HOST, ruling=True)
    assert counts(after, A) == "1/1/8" and after.turn == B
    assert any("overriding ST-R6" in note for note in after.notes)


def test_a_ruling_asking_for_more_than_there_is_stops_at_zero():
    after = GAME.apply(situation(play=0, wild=0, hand=1), play("5S"), HOST, ruling=True)
    assert counts(after, A) == "0/0/0"
    assert "Play tokens stopped at 0." in after.notes


def test_a_ruling_never_plays_cards_the_hand_does_not_hold():
    """ST-R5 is cited first, but the hand holds 1 card: no ruling plays 2 (ST-R7, section 4.6)."""
    with pytest.raises(Refusal) as caught:
        GAME.apply(situation(play=0, wild=0, hand=1), play("5S 5H"), HOST, ruling=True)
    assert (caught.value.rule, caught.value.overridable) == ("ST-R5", False)


# --------------------------------------------------------------------------- the fold and its views


def test_apply_never_changes_its_input():
    for state, action, ruling in [
        (situation(top="5S"), play("7H"), False),
        (situation(top="5S"), pass_(A, "play_to_wild"), False),
        (situation(top="5S"), play("3H"), True),
        (situation(top="5S"), {"type": "clear_table"}, False),
        (st_e27_round(), declare(A, "2S 2H 3D"), False),
    ]:
        before = GAME.dump(state)
        after = GAME.apply(state, action, HOST, ruling=ruling)
        assert GAME.dump(state) == before and after is not state


def test_a_refused_entry_leaves_the_state_alone():
    state = situation(top="5S")
    before = GAME.dump(state)
    with pytest.raises(Refusal):
        GAME.apply(state, play("4H"), A)
    assert GAME.dump(state) == before


def test_dump_and_load_round_trip_through_json():
    state = run(situation(), [(A, "5S"), (B, "pass")])
    again = GAME.load(json.loads(json.dumps(GAME.dump(state))))
    assert again == state and GAME.dump(again) == GAME.dump(state)
    assert run(again, [(C, "7H")]) == run(state, [(C, "7H")])


def test_predictions_are_seen_only_by_their_own_seat_until_all_are_in():
    state = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "start_round"})
    state = GAME.apply(state, predict(A, 6), A)
    assert GAME.view(state, A)["players"][A]["prediction"] == 6
    for viewer in (B, C, HOST, None):
        seen = GAME.view(state, viewer)["players"][A]
        assert seen["prediction"] is None and seen["predicted"] is True
        assert seen["play"] == 0  # no token count gives it away either
    assert "6" not in GAME.describe(state, predict(A, 6))
    state = GAME.apply(GAME.apply(state, predict(B, 2), B), predict(C, 1), C)
    assert [p["prediction"] for p in GAME.view(state, B)["players"]] == [6, 2, 1]


def test_predictions_stay_hidden_when_the_host_ends_the_round_before_all_are_in():
    state = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "start_round"})
    state = GAME.apply(state, predict(A, 6), A)
    state = GAME.apply(state, {"type": "end_round"}, HOST)
    assert GAME.view(state, B)["players"][A]["prediction"] is None
    assert GAME.view(state, HOST)["players"][A]["prediction"] is None
    assert GAME.view(state, A)["players"][A]["prediction"] == 6


def test_actions_offered_to_each_phone():
    state = situation(top="5S")
    assert {a["type"] for a in GAME.view(state, A)["actions"]} == {"play", "pass"}
    assert GAME.view(state, B)["actions"] == [] and GAME.view(state, None)["actions"] == []
    assert {a["type"] for a in GAME.view(state, HOST)["actions"]} == {"play", "pass", "clear_table", "end_round"}


# --------------------------------------------------------------------------- offers and the entry forms' choices


def test_a_seat_that_nothing_can_follow_is_offered_only_a_pass():
    """Eight diamonds on the table, no wild token: no play of the unseen cards beats them (ST-R12
    to ST-R14), so the board offers a pass only; with a wild token, 3H..9H W10 would."""
    state = situation(top="2D 3D 4D 5D 6D 7D 8D 9D", play=2, wild=0)
    assert [a["type"] for a in GAME.view(state, A)["actions"]] == ["pass"]
    state.players[A].wild = 1
    assert [a["type"] for a in GAME.view(state, A)["actions"]] == ["play", "pass"]
    assert GAME.apply(state, play("3H 4H 5H 6H 7H 8H 9H W10"), A).top[-1] == "W10"


def test_a_seat_without_a_play_token_or_a_card_is_offered_only_a_pass():
    for counts_of_a in ("0/1/5", "2/0/0"):
        state = set_counts(situation(top="5S"), A=counts_of_a)
        assert [a["type"] for a in GAME.view(state, A)["actions"]] == ["pass"], counts_of_a


def test_the_view_gives_the_forms_what_they_choose_from():
    state = situation(top="5S 5H", play=2, wild=0, players=2, removed_suit="C")
    state.played = {"5S": B, "5H": B}
    board = GAME.view(state, A)
    assert board["suits"] == ["S", "H", "D"] and board["ranks"] == list(range(2, 10))
    assert board["wild_ranks"] == list(range(1, 11)) and board["prediction_values"] == list(range(11))
    assert board["top"] == {"cards": ["5S", "5H"], "by": B, "same": 2, "more": 3}
    me = board["players"][A]
    assert (me["must_pass"], me["may_use_wild"], me["flips"]) == (None, False, ["play_to_wild"])
    assert board["removable_suits"] == [] and board["to_declare"] == []
    state.players[A].play, state.players[A].wild = 0, 1
    me = GAME.view(state, A)["players"][A]
    assert (me["must_pass"], me["may_use_wild"], me["flips"]) == ("no_play_token", True, ["wild_to_play"])


def test_the_view_names_the_suits_a_two_player_round_may_remove_only_before_it_starts():
    state = GAME.new_game(["A", "B"])
    assert GAME.view(state, HOST)["removable_suits"] == ["S", "H", "D", "C"]
    state = GAME.apply(state, {"type": "start_round", "removed_suit": "H"})
    assert GAME.view(state, HOST)["removable_suits"] == []
    assert GAME.view(GAME.new_game(["A", "B", "C"]), HOST)["removable_suits"] == []


def test_the_view_lists_who_is_still_to_declare_and_the_cards_taken():
    state = st_e27_round()
    board = GAME.view(state, HOST)
    assert board["to_declare"] == [A, C, D]  # B's empty hand is declared by the app
    state = GAME.apply(state, declare(A, "2S 2H 3D"), A)
    board = GAME.view(state, HOST)
    assert board["to_declare"] == [C, D]
    assert {"2S", "2H", "3D", "7H"} <= set(board["taken"]) and len(board["taken"]) == 23
