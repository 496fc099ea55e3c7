"""Switch To, issue 20: items an independent implementation from ../shared/rules/ found, each
written from the rule text.

- ST-C8 / section 4.7: the app declares an empty hand itself at the round's end; the player's own
  (empty) declaration, as the rules ask for, is the same declaration, not a refusal.
- Rules README, "Table rulings": a ruling waives a rule, never a component. Every refusal a
  ruling cannot override is one whose effect needs a card or token the record says is not there
  (or an entry that cannot be read, made from the wrong phone, or made when its round is not
  there); every other ST rule can be ruled through.
"""

from __future__ import annotations

import pytest

from referee.games.switch_to import GAME
from referee.games.switch_to.state import DECLARE, OVER, PLAY, SETUP, SHORT, START_PLAYER
from referee.games.base import HOST, Refusal
from tests.games.test_switch_to import (
    A,
    B,
    C,
    D,
    declare,
    declare_all,
    pass_,
    play,
    predict,
    set_counts,
    situation,
    started,
    st_e27_round,
)


def refused(state, action, by=HOST) -> tuple[str, bool]:
    """(rule, overridable) of the refusal; the test fails if the entry is accepted."""
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, action, by)
    return caught.value.rule, caught.value.overridable


# --------------------------------------------------------------------------- ST-C8: the empty hand the app declared


def st_e24_scored():
    """ST-E24: B's hand is empty at the end (E2), so the app declares it; A and C declare theirs
    and the round is scored."""
    state = set_counts(situation(players=3, turn=B), A="1/0/3", B="1/0/1", C="2/1/4")
    state = GAME.apply(state, play("2C", B), B)
    state = GAME.apply(state, play("7H", C), C)
    state = GAME.apply(state, pass_(A), A)
    state = GAME.apply(state, pass_(B), B)
    assert state.phase == DECLARE and state.players[B].declared == []
    return declare_all(state, {A: "3S 3H 9D", C: "4D 4C 8S"})


def test_st_c8_declaring_the_empty_hand_the_app_declared_is_accepted_after_the_round_is_scored():
    scored = st_e24_scored()
    assert scored.phase == SETUP and [p.scores for p in scored.players] == [[-22], [0], [-32]]
    again = GAME.apply(scored, declare(B, ""), B)
    assert GAME.dump(again) == GAME.dump(scored)  # the same declaration: nothing changes, nothing is scored twice
    assert GAME.describe(scored, declare(B, ""), B) == "B declared an empty hand"
    assert GAME.apply(scored, declare(B, []), HOST).players[B].scores == [0]


def test_st_c8_declaring_the_empty_hand_is_accepted_after_the_last_round_too():
    state = set_counts(situation(players=2), A="0/0/0", B="1/0/2")
    for player in state.players:
        player.scores = [-10]  # round 2 of 2: its scoring ends the game
    state.round = 2
    state = GAME.apply(state, {"type": "end_round"}, HOST)
    state = GAME.apply(state, declare(B, "2S 3S"), B)
    assert state.phase == OVER
    again = GAME.apply(state, declare(A, ""), A)
    assert GAME.dump(again) == GAME.dump(state)


def test_st_c8_a_declaration_that_is_not_the_one_on_record_is_still_refused_after_scoring():
    scored = st_e24_scored()
    assert refused(scored, declare(B, "5S"), B) == ("ST-C8", False)
    assert refused(scored, declare(A, "3S 3H 9C"), A) == ("ST-C8", False)
    assert refused(scored, declare(B, ""), A) == ("ST-C9", False)  # still only from that seat or the host
    assert GAME.apply(scored, declare(A, "9D 3H 3S"), A) == scored  # the hand on record, in any order


def test_st_c8_declaring_the_empty_hand_is_accepted_before_scoring_as_before():
    state = st_e27_round()
    assert GAME.apply(state, declare(B, ""), B).players[B].declared == []


def test_st_4_7_both_hands_empty_the_round_is_scored_at_once_and_a_phones_empty_declaration_is_the_same():
    """Section 4.7's example: in a 2-player round both hands are empty when the table clears (E2),
    so the round is scored at once; Ann's phone sending ``declare_hand []`` a moment later, naming
    no seat as a phone may (issue 29), is the same declaration: nothing changes."""
    state = set_counts(situation(top="5S", players=2, turn=A), A="1/0/1", B="2/0/0")
    state = GAME.apply(GAME.apply(state, play("7S", A), A), pass_(B), B)
    assert state.phase == SETUP and [p.declared for p in state.players] == [[], []]
    for by in (A, B):
        assert GAME.dump(GAME.apply(state, {"type": "declare_hand", "cards": []}, by)) == GAME.dump(state)


def test_a_phones_entries_naming_no_seat_are_for_its_own_seat():
    state = set_counts(situation(players=3, turn=B), B="1/0/3")
    assert GAME.apply(state, {"type": "pass"}, B).turn == C
    assert refused(state, {"type": "pass"}, A) == ("ST-R4", True)  # A's own pass, out of turn
    assert GAME.apply(state, {"type": "play", "cards": "4S"}, B).players[B].hand == 2


# --------------------------------------------------------------------------- rulings: rules may be waived


def test_st_r1_a_prediction_above_10_may_be_a_table_ruling():
    state = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "start_round"})
    assert refused(state, predict(A, 11)) == ("ST-R1", True)
    ruled = GAME.apply(state, predict(A, 12), HOST, ruling=True)
    assert ruled.players[A].prediction == 12
    for seat, value in ((B, 3), (C, 2)):
        ruled = GAME.apply(ruled, predict(seat, value), seat)
    assert ruled.players[A].play == 12 and ruled.turn == A


def test_st_r1_no_ruling_takes_more_tokens_than_the_40_there_are_or_fewer_than_none():
    state = GAME.apply(GAME.new_game(["A", "B", "C", "D"]), {"type": "start_round"})
    assert refused(state, predict(A, 41)) == ("ST-R1", False)  # the supply holds 40
    assert refused(state, predict(A, -1)) == ("ST-R1", False)
    assert refused(state, predict(A, "abc")) == ("ST-R1", False)
    assert refused(state, predict(A, 11)) == ("ST-R1", True)


def test_st_r1_a_prediction_is_checked_against_no_hidden_prediction():
    """Issue 25: B's ruled 30 is hidden from A, so A's refusal may not depend on it; the supply
    is checked against all predictions once they are shown."""
    state = GAME.apply(GAME.new_game(["A", "B", "C", "D"]), {"type": "start_round"})
    others = {value: GAME.apply(state, predict(B, value), HOST, ruling=value > 10) for value in (0, 30)}
    for value in (11, 35, 40, 41):
        assert refused(others[0], predict(A, value)) == refused(others[30], predict(A, value))
    assert GAME.apply(others[30], predict(A, 10), A).players[A].prediction == 10


def predicted(values: list[int]):
    """A 4-player round 1 with these predictions, entered in seat order (rulings where needed)."""
    state = GAME.apply(GAME.new_game(["A", "B", "C", "D"]), {"type": "start_round"})
    for seat, value in enumerate(values):
        state = GAME.apply(state, predict(seat, value), HOST, ruling=value > 10)
    return state


def test_st_r1_predictions_beyond_the_supply_wait_at_the_reveal_for_the_host():
    before = predicted([11, 30, 0])
    short = GAME.apply(before, predict(D, 0), D)  # 41 tokens
    assert short.phase == SHORT and [p.play for p in short.players] == [0, 0, 0, 0]
    view = GAME.view(short, C)
    assert [p["prediction"] for p in view["players"]] == [11, 30, 0, 0]  # shown to everyone
    assert "41" in view["short"] and view["actions"] == []
    assert refused(short, predict(A, 10), A) == ("ST-R2", False)  # shown: no undo, no new value
    assert GAME.reveals(before, predict(D, 0), short) == "ST-R2"
    assert GAME.apply(short, {"type": "end_round"}).phase == DECLARE  # the host may still end it
    exact = predicted([10, 30, 0, 0])
    assert exact.phase == PLAY and [p.play for p in exact.players] == [10, 30, 0, 0]  # 40: all there are


def test_st_r4_before_the_start_player_is_entered_a_ruling_lets_a_player_start():
    state = started(3, [3, 1, 3])
    assert state.phase == START_PLAYER
    assert refused(state, play("5S", C)) == ("ST-R4", True)
    ruled = GAME.apply(state, play("5S", C), HOST, ruling=True)  # the table let C start
    assert ruled.phase == PLAY and ruled.top == ["5S"] and ruled.turn == A and ruled.tied == []
    assert ruled.players[C].play == 2 and ruled.players[C].hand == 7
    passed = GAME.apply(state, pass_(B, "play_to_wild"), HOST, ruling=True)
    assert passed.phase == PLAY and passed.turn == C and passed.players[B].wild == 1


def test_st_r4_before_the_start_player_the_cards_still_must_be_there():
    state = started(3, [3, 1, 3])
    assert refused(state, play("5S 5S", C)) == ("ST-R4", False)
    assert refused(state, pass_(B, "wild_to_play")) == ("ST-R4", False)


def test_st_r15_a_flip_with_a_play_may_be_a_table_ruling():
    state = situation(top="5S", play=3, wild=0)
    action = {**play("7H"), "flip": "play_to_wild"}
    assert refused(state, action, A) == ("ST-R15", True)
    ruled = GAME.apply(state, action, HOST, ruling=True)
    assert (ruled.players[A].play, ruled.players[A].wild, ruled.players[A].hand) == (1, 1, 7)
    assert ruled.top == ["7H"] and ruled.turn == B


def test_st_r15_no_ruling_flips_a_token_the_play_leaves_none_of():
    state = situation(play=1, wild=1)
    assert refused(state, {**play("7H"), "flip": "play_to_wild"}) == ("ST-R15", False)  # its last play token
    assert refused(state, {**play("7H W7"), "flip": "wild_to_play"}) == ("ST-R15", False)  # the wild is played
    assert refused(state, {**play("7H"), "flip": "both"}) == ("ST-R15", False)  # no such flip
    ruled = GAME.apply(state, {**play("7H"), "flip": "wild_to_play"}, HOST, ruling=True)
    assert (ruled.players[A].play, ruled.players[A].wild) == (1, 0)


def test_st_r16_clearing_an_empty_table_may_be_a_table_ruling():
    state = GAME.apply(situation(players=3), play("5S"), A)
    state = GAME.apply(GAME.apply(state, pass_(B), B), pass_(C), C)  # the table clears: A leads
    state = GAME.apply(state, pass_(A), A)
    assert state.top is None and state.turn == B
    assert refused(state, {"type": "clear_table"}) == ("ST-R16", True)
    ruled = GAME.apply(state, {"type": "clear_table"}, HOST, ruling=True)
    assert ruled.turn == A and "Table ruling, overriding ST-R16." in ruled.notes  # like a clear: the leader leads


def test_st_r16_a_ruled_clear_of_an_empty_table_before_any_play_keeps_the_turn():
    state = situation(players=3)
    ruled = GAME.apply(state, {"type": "clear_table"}, HOST, ruling=True)
    assert ruled.turn == A and ruled.phase == PLAY


def test_st_r16_a_ruled_clear_of_an_empty_table_with_an_empty_hand_is_e2():
    state = set_counts(situation(players=3, turn=B), B="1/0/0")
    ruled = GAME.apply(state, {"type": "clear_table"}, HOST, ruling=True)
    assert ruled.phase == DECLARE and ruled.end_reason == "E2"


# --------------------------------------------------------------------------- which refusals a ruling may override


def over_game():
    state = started(2, [0, 0], removed_suit="C")
    state = declare_all(state, {A: "2S 3S 4S 5S 6S 7S 8S 9S", B: "2H 3H 4H 5H 6H 7H 8H 9H"})
    state = GAME.apply(state, {"type": "start_round", "removed_suit": "C"})
    state = GAME.apply(GAME.apply(state, predict(A, 0), A), predict(B, 0), B)
    return declare_all(state, {A: "2S 3S 4S 5S 6S 7S 8S 9S", B: "2H 3H 4H 5H 6H 7H 8H 9H"})


RULES_A_TABLE_MAY_WAIVE = [  # id, state, entry
    (
        "ST-R1",
        lambda: GAME.apply(GAME.new_game(["A", "B"]), {"type": "start_round", "removed_suit": "C"}),
        predict(A, 11),
    ),
    ("ST-R3", lambda: started(3, [3, 1, 3]), {"type": "start_player", "seat": B}),
    ("ST-R4", lambda: situation(turn=B), play("5S", A)),
    ("ST-R4-no-start-player-yet", lambda: started(3, [3, 1, 3]), play("5S", A)),
    ("ST-R5", lambda: situation(play=0), play("5S")),
    ("ST-R6", lambda: situation(), play("")),
    ("ST-R8", lambda: situation(wild=2), play("5S W5 W5")),
    ("ST-R10", lambda: situation(), play("4S 6S")),
    ("ST-R11", lambda: situation(), play("5S 5H 5D 5C W5")),
    ("ST-R12", lambda: situation(top="6S 6H 6D"), play("7S 7H")),
    ("ST-R13", lambda: situation(top="5S"), play("4H")),
    ("ST-R14", lambda: situation(top="5S"), play("6D 6C")),
    ("ST-R15", lambda: situation(), {**play("5S"), "flip": "play_to_wild"}),
    ("ST-R16", lambda: situation(), {"type": "clear_table"}),
]

REFUSALS_THAT_STAY_FIRM = [  # id, state, entry, why
    (
        "ST-R1",
        lambda: GAME.apply(GAME.new_game(["A", "B"]), {"type": "start_round", "removed_suit": "C"}),
        predict(A, -1),
        "a count of tokens below none",
    ),
    ("ST-R2", lambda: situation(), predict(A, 3), "the reveal that turns predictions into tokens is past"),
    ("ST-R3", lambda: situation(), {"type": "start_player", "seat": B}, "no tie: the rules set the start player"),
    (
        "ST-R4",
        lambda: GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "start_round"}),
        play("5S", A),
        "before the reveal nobody holds a token: predictions first",
    ),
    ("ST-R4", lambda: st_e27_round(), play("5S", A), "the round is over (ST-C8)"),
    ("ST-R7", lambda: situation(hand=1), play("5S 5H"), "cards the hand does not hold"),
    ("ST-R8", lambda: situation(wild=1), play("5S W5 W5"), "a second wild token not held"),
    ("ST-R9", lambda: situation(wild=0), play("5S W5"), "a wild token not held"),
    ("ST-R15", lambda: situation(wild=0), pass_(A, "wild_to_play"), "a wild token not held"),
    ("ST-C1", lambda: situation(), play("1X"), "not a card"),
    ("ST-C2", lambda: situation(), play("5S 5S"), "a card twice"),
    ("ST-C3", lambda: GAME.apply(situation(), play("5S"), A), play("5S 5H", B), "a card already played"),
    ("ST-C4", lambda: situation(players=2, removed_suit="C"), play("5C"), "a card out of the round"),
    ("ST-C5", lambda: st_e27_round(), declare(A, "2S 2H"), "a hand of another size than the record"),
    (
        "ST-C6",
        lambda: GAME.apply(st_e27_round(), declare(A, "2S 2H 3D"), A),
        declare(D, "5D 6D 4C 2S"),
        "a card in another declared hand",
    ),
    ("ST-C8", lambda: over_game(), {"type": "start_round", "removed_suit": "C"}, "the game is over"),
]


@pytest.mark.parametrize("rule, make, action", RULES_A_TABLE_MAY_WAIVE, ids=[c[0] for c in RULES_A_TABLE_MAY_WAIVE])
def test_a_table_ruling_waives_a_rule(rule, make, action):
    state = make()
    assert refused(state, action) == (rule.split("-no-")[0], True)
    GAME.apply(state, action, HOST, ruling=True)


@pytest.mark.parametrize(
    "rule, make, action, why", REFUSALS_THAT_STAY_FIRM, ids=[f"{c[0]}: {c[3]}" for c in REFUSALS_THAT_STAY_FIRM]
)
def test_a_table_ruling_never_makes_a_card_or_token_or_a_round_that_is_not_there(rule, make, action, why):
    assert refused(make(), action) == (rule, False)


def test_the_four_player_declarations_still_end_in_a_score():
    state = declare_all(st_e27_round(), {A: "2S 2H 3D", C: "7C 8C 9S 9H 9D", D: "5D 6D 4C 4S"})
    assert [p.round_score for p in state.players] == [-15, 0, -24, -35] and D == 3
