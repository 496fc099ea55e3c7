"""Was Sticht, issue 20: what an independent implementation written from the rules file
(../shared/rules/was_sticht.md) found, each written from the rule text."""

from __future__ import annotations

import pytest

from referee.games.was_sticht import GAME
from referee.games.was_sticht import rules as ws
from referee.games.was_sticht.scoring import end_of_round, ranking
from referee.games.was_sticht.state import CORNERS, OVER, REVEAL, TASKS
from referee.games.base import HOST, Refusal
from tests.games.test_was_sticht import _finished, refusal
from tests.games.was_sticht_examples import COLUMNS_85, chips, dealt, seat_cards

A, B, C, D = 0, 1, 2, 3


def corner_offers(state, viewer=HOST) -> list[int]:
    return [offer["seat"] for offer in GAME.view(state, viewer)["actions"] if offer["type"] == "corner_numbers"]


def places(state) -> list[tuple[int, int]]:
    return [(row["seat"], row["place"]) for row in ranking(state)]


# --------------------------------------------------------------------------- 5.7: the ranking below the winner


def test_g4_the_final_ranking_asks_the_corner_numbers_below_the_winner_and_ranks_by_their_sums():
    """Section 5.7, rank_others_by = corner_sum: "every other seat ranks by the corner sum of its
    completed chips (not by their count) ... The app asks for the numbers it lacks". G4: B wins;
    A 4 chips sum 12, C 3 chips sum 15, D 4 chips sum 10: B, C, A, D."""
    state = _finished({A: 4, B: 5, C: 3, D: 4}, game_length="full")
    end_of_round(state)
    assert state.phase == OVER and state.winners == [B]
    assert corner_offers(state) == [A, C, D] and corner_offers(state, C) == [A, C, D]
    assert places(state) == [(B, 1), (A, None), (D, None), (C, None)]  # by count, not ranked, until the numbers are in
    assert refusal(state, {"type": "corner_numbers", "seat": B, "numbers": {"0": 1}}) == "WS-N1"  # the winner's
    for seat, numbers in ((A, [3, 3, 3, 3]), (C, [5, 5, 5]), (D, [2, 3, 3, 2])):
        state = GAME.apply(
            state, {"type": "corner_numbers", "seat": seat, "numbers": {str(i): n for i, n in enumerate(numbers)}}
        )
    assert places(state) == [(B, 1), (C, 2), (A, 3), (D, 4)]
    assert corner_offers(state) == [] and GAME.legal_entries(state) == []
    assert refusal(state, {"type": "corner_numbers", "seat": A, "numbers": {"0": 1}}) == "WS-X13"


def test_g4_ranked_by_completed_chips_asks_no_corner_numbers():
    state = _finished({A: 4, B: 5, C: 3, D: 4}, game_length="full", rank_others_by="completed")
    end_of_round(state)
    assert corner_offers(state) == [] and GAME.legal_entries(state) == []
    assert places(state) == [(B, 1), (A, 2), (D, 2), (C, 4)]


def test_the_others_corner_numbers_are_asked_after_a_tie_for_first_place_too():
    """G2: A and B tie and A wins on corners; C and D are then asked, B's are known."""
    state = _finished({A: 3, B: 3, C: 2, D: 1})
    state.scored = 8
    end_of_round(state)
    assert corner_offers(state) == [A, B]
    state = GAME.apply(state, {"type": "corner_numbers", "seat": A, "numbers": {"0": 3, "1": 5, "2": 2}})
    state = GAME.apply(state, {"type": "corner_numbers", "seat": B, "numbers": {"0": 4, "1": 4, "2": 1}})
    assert state.phase == OVER and state.winners == [A]
    assert corner_offers(state) == [C, D]


def test_5_7_with_corner_numbers_skipped_the_others_are_listed_by_count_marked_not_ranked():
    """Section 5.7: "The app asks for the numbers it lacks; the table may skip, and then the others
    are listed by count, marked 'not ranked'": no places below the winner, even with some numbers
    in, until every one the ranking needs is known."""
    state = _finished({A: 4, B: 5, C: 3, D: 4}, game_length="full")
    end_of_round(state)
    state = GAME.apply(state, {"type": "corner_numbers", "seat": C, "numbers": {"0": 5, "1": 5, "2": 5}})
    rows = ranking(state)
    assert [(r["seat"], r["place"], r["ranked_by"]) for r in rows] == [
        (B, 1, "winner"),
        (A, None, "not_ranked"),
        (D, None, "not_ranked"),
        (C, None, "not_ranked"),
    ]
    assert rows[3]["corner_sum"] == 15


def test_5_7_a_shared_win_asks_no_corner_numbers_that_cannot_change_a_place():
    """Section 5.7: "The app asks for the numbers it lacks": with three players, A and B share the
    win on equal corner sums; C alone is left, third whatever C's corners say, so nothing is asked
    and C is ranked third."""
    state = _finished({A: 3, B: 3, C: 2}, {A: [3, 3, 3], B: [4, 4, 1]}, n=3)
    state.scored = 6
    end_of_round(state)
    assert state.phase == OVER and sorted(state.winners) == [A, B]
    assert corner_offers(state) == [] and GAME.legal_entries(state) == []
    assert places(state) == [(A, 1), (B, 1), (C, 3)]
    assert refusal(state, {"type": "corner_numbers", "seat": C, "numbers": {"0": 1, "1": 2}}) == "WS-X13"


def test_5_7_two_players_below_the_winner_are_still_asked():
    state = _finished({A: 3, B: 2, C: 2}, n=3)
    state.scored = 6
    end_of_round(state)
    assert state.winners == [A] and corner_offers(state) == [B, C]


# --------------------------------------------------------------------------- 4.6: a paper reveal names the pair


def paper_revealing():
    state = dealt(trump_entry="paper", trumps=None, hands=[chips("NONE") for _ in range(4)])
    for picks, hint in COLUMNS_85:
        for seat, card in seat_cards(picks):
            state = GAME.apply(state, {"type": "pick", "card": card}, seat)
        state = GAME.apply(state, {"type": "enter_hint", "winner": hint})
    assert state.phase == REVEAL
    return state


def test_a_paper_reveal_without_the_trump_pair_is_refused_not_a_crash():
    """Section 4.6: "Mode paper: the pair shown is entered here"."""
    state = paper_revealing()
    for by in (HOST, A, B):
        with pytest.raises(Refusal) as caught:
            GAME.apply(state, {"type": "reveal"}, by, ruling=True)
        assert not caught.value.overridable and "colour and number" in caught.value.message
        assert caught.value.rule == "WS-X1"  # a malformed entry: a trump outside its pile (section 7)
    assert GAME.apply(state, {"type": "reveal", "colour": "B", "number": "4"}).phase == TASKS
    assert GAME.apply(state, {"type": "reveal", "number": "4"}).trumps == ["-", "4"]  # no colour trump


# --------------------------------------------------------------------------- WS-G1: between rounds


def settled_after_round_7(**options):
    """G5: after round 7 A 3, B 1, C 1, D 1: first place is settled."""
    state = dealt(trumps=None, **options)
    state.scored = 7
    for seat, counts in ((A, 3), (B, 1), (C, 1), (D, 1)):
        for chip in state.chips[seat][:counts]:
            chip["done"] = True
    GAME.check(state, {"type": "end_early"}, HOST)
    return state


LAYOUT = [" ".join(ws.CARDS[4 * i : 4 * i + 4]) for i in range(9)]


def test_end_early_is_refused_once_the_next_rounds_trumps_are_entered():
    """WS-G1: "Allowed ... between rounds": not once the next round has begun."""
    state = GAME.apply(settled_after_round_7(), {"type": "set_trumps", "colour": "R", "number": "5"}, A)
    assert refusal(state, {"type": "end_early"}) == "WS-G1"
    assert {"type": "end_early", "seat": None} not in GAME.view(state, HOST)["actions"]


def test_end_early_is_refused_once_the_next_rounds_layout_is_entered():
    state = GAME.apply(settled_after_round_7(), {"type": "layout", "columns": LAYOUT})
    assert refusal(state, {"type": "end_early"}) == "WS-G1"
    paper = GAME.apply(settled_after_round_7(trump_entry="paper"), {"type": "layout", "columns": LAYOUT})
    assert refusal(paper, {"type": "end_early"}) == "WS-G1"


# --------------------------------------------------------------------------- WS-X1: trump number 0


@pytest.mark.parametrize("number", [0, "0", False])
def test_a_trump_number_0_is_refused_not_read_as_no_number(number):
    """Section 4.2: "number ∈ {1…9, -} (else WS-X1)"."""
    state = dealt(trumps=None)
    assert refusal(state, {"type": "set_trumps", "colour": "R", "number": number}, A) == "WS-X1"
    assert refusal(paper_revealing(), {"type": "reveal", "colour": "B", "number": number}) == "WS-X1"


# --------------------------------------------------------------------------- WS-N1: only what is asked, once


def tie_of_a_and_b():
    state = _finished({A: 3, B: 3, C: 2, D: 1})
    state.scored = 8
    end_of_round(state)
    assert state.phase == CORNERS
    return state


def test_corner_numbers_are_refused_for_chips_the_app_did_not_ask_about():
    """WS-N1: "Only for chips the app asks about": the tied seats' completed chips."""
    state = tie_of_a_and_b()
    assert refusal(state, {"type": "corner_numbers", "seat": C, "numbers": {"0": 9, "1": 9}}) == "WS-N1"
    assert refusal(state, {"type": "corner_numbers", "seat": A, "numbers": {"3": 9}}) == "WS-N1"  # not completed
    assert corner_offers(state) == [A, B]


def test_a_corner_number_once_entered_is_kept_so_the_winner_cannot_change():
    """WS-N1: "the app keeps a number once entered". A 10 against B 9 stays A's win."""
    state = GAME.apply(tie_of_a_and_b(), {"type": "corner_numbers", "seat": A, "numbers": {"0": 3, "1": 5, "2": 2}})
    assert refusal(state, {"type": "corner_numbers", "seat": A, "numbers": {"0": 9}}) == "WS-N1"
    state = GAME.apply(state, {"type": "corner_numbers", "seat": B, "numbers": {"0": 4, "1": 4}})
    assert state.phase == CORNERS  # B's third chip still asked
    assert refusal(state, {"type": "corner_numbers", "seat": B, "numbers": {"1": 9, "2": 9}}) == "WS-N1"
    state = GAME.apply(state, {"type": "corner_numbers", "seat": B, "numbers": {"2": 1}})
    assert state.winners == [A]


# --------------------------------------------------------------------------- WS-Q4: every required answer


def shown_no_red():
    state = dealt(
        entry_mode="score_only",
        trumps=None,
        hands=[chips("NONE", "MOST", "EXACT_2", "LAST", "FEWEST")]
        + [chips(t, "NONE", "MOST", "LAST", "EXACT_3") for t in ("MOST", "NO_R", "LAST")],
    )
    for seat in (B, C, D):
        state = GAME.apply(state, {"type": "choose_task", "chip": 0}, seat)
    return state


def test_a_score_only_result_without_an_answer_to_a_colour_question_is_refused():
    """WS-Q4: "Every required answer is given": C shows "no red"; did C (1 trick) and dealer A
    take a red card? Left out is not "no"."""
    state = shown_no_red()
    result = {"type": "round_result", "tricks": [3, 3, 1, 2], "last": A}
    assert refusal(state, result) == "WS-Q4"
    assert refusal(state, {**result, "took": {"0": ["R"]}}) == "WS-Q4"  # C not answered
    assert refusal(state, {**result, "took": {"2": []}}) == "WS-Q4"  # the dealer not answered
    scored = GAME.apply(state, {**result, "took": {"2": [], "0": "-"}})
    assert scored.result["success"]["2"] is True


def test_a_seat_without_tricks_needs_no_colour_answer():
    """Section 4.10: the form skips "a seat with 0 tricks (its answer is 'no')"."""
    state = shown_no_red()
    scored = GAME.apply(state, {"type": "round_result", "tricks": [3, 3, 0, 3], "last": A, "took": {"0": ["R"]}})
    assert scored.result["success"]["2"] is False  # no trick: no-colour fails anyway


# --------------------------------------------------------------------------- WS-H1 before WS-H3


def test_a_non_dealers_hint_on_an_incomplete_column_cites_ws_h1_first():
    """Section 4.5: WS-H1 (column complete) is listed before WS-H3 (only the dealer), and "the
    first that fails is reported"."""
    state = dealt()
    state = GAME.apply(state, {"type": "pick", "card": "G7"}, B)
    assert refusal(state, {"type": "announce_hint"}, C) == "WS-H1"
    assert refusal(state, {"type": "enter_hint", "winner": B}) == "WS-H1"  # mode app
    for seat, card in seat_cards(COLUMNS_85[0][0])[1:]:
        state = GAME.apply(state, {"type": "pick", "card": card}, seat)
    assert refusal(state, {"type": "announce_hint"}, C) == "WS-H3"


# --------------------------------------------------------------------------- rules README: a ruling waives a rule


def test_an_early_dummy_card_may_be_a_ruling_but_never_a_card_already_taken():
    """A table ruling waives a rule, never a component: the dummy's card before the three picks
    (WS-D5) may be ruled; a card already taken (WS-D4) may not, the record is corrected instead."""
    state = dealt(n=3, trumps=("Y", "-"), hands=[chips("NONE") for _ in range(3)])
    state = GAME.apply(state, {"type": "pick", "card": "B2"}, B)
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, {"type": "dummy_card", "card": "B2"}, HOST, ruling=True)
    assert (caught.value.rule, caught.value.overridable) == ("WS-D5", False)
    ruled = GAME.apply(state, {"type": "dummy_card", "card": "Y1"}, HOST, ruling=True)
    assert (
        ruled.columns[0]["dummy"] == "Y1"
        and GAME.overridden_rule(state, {"type": "dummy_card", "card": "Y1"}, HOST) == "WS-D5"
    )
