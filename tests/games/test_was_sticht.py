"""Was Sticht rules engine, written from ../shared/rules/was_sticht.md: every worked example of
section 8 (trick order, winners, following, chip draft, a complete round, tasks, dealer bonus,
end of game, score only), then the rules and the secrets."""

from __future__ import annotations

import pytest

from referee.games.was_sticht import GAME
from referee.games.was_sticht.scoring import end_of_round, ranking
from referee.games.was_sticht.state import CHIP_DRAFT, CORNERS, FLIP, OVER, PLAY, TASKS, TRUMPS, hand
from referee.games.was_sticht import rules as ws
from referee.games.base import HOST, Refusal
from tests.games.was_sticht_examples import COLUMNS_85, SEAT, TRICKS_85, chips, dealt, seat_cards
from tests.helpers import refused_rule

A, B, C, D = 0, 1, 2, 3


def refusal(state, action, by=HOST) -> str:
    return refused_rule(GAME.apply, state, action, by)


# --------------------------------------------------------------------------- 8.1, 8.2: trick winners


@pytest.mark.parametrize(
    "example, trumps, trick, winner",
    [
        ("W1", "R/5", "B3 B9 R2 G5", "G5"),
        ("W2", "R/5", "Y5 R5 B5 R9", "R5"),
        ("W3", "R/5", "B5 G5 R9 Y5", "B5"),
        ("W4", "R/5", "G2 R1 Y9 R4", "R4"),
        ("W5", "R/5", "G2 G8 Y9 B7", "G8"),
        ("W6", "-/5", "R9 B5 R5 G9", "B5"),
        ("W7", "R/-", "B9 R1 B8 R3", "R3"),
        ("W8", "-/-", "Y4 R9 Y6 Y5", "Y6"),
        ("W9", "B/3", "R3 R9 B9 G3", "R3"),
        ("W10", "Y/-", "B2 B7 Y1", "Y1"),
    ],
)
def test_trick_winners(example, trumps, trick, winner):
    cards = trick.split()
    assert cards[ws.winner_index(cards, tuple(trumps.split("/")))] == winner


def _order(trumps, cards):
    """Sort cards best first by playing each pair as a two-card trick both ways."""
    t = tuple(trumps.split("/"))
    return sorted(cards, key=lambda c: ws.strength(c, "TRUMP", t), reverse=True)


def test_e1_trick_order_r5():
    t = ("R", "5")
    order = ["R5", "B5", "R9", "R8", "R7", "R6", "R4", "R3", "R2", "R1"]
    assert _order("R/5", order) == order
    assert ws.winner_index(["B5", "G5", "Y5"], t) == 0 and ws.winner_index(["G5", "B5"], t) == 0
    assert not ws.is_trump("G9", t)


def test_e2_and_e3_trick_orders():
    assert ws.winner_index(["G5", "B5", "R5", "Y5"], ("-", "5")) == 0  # all equal: first played
    assert _order("R/-", [f"R{v}" for v in range(1, 10)]) == [f"R{v}" for v in range(9, 0, -1)]
    assert not ws.is_trump("B9", ("R", "-"))


# --------------------------------------------------------------------------- 8.3: following


@pytest.mark.parametrize(
    "example, trumps, lead, hand, trump_group, dual, free",
    [
        ("F1", "R/5", "B3", "B8 B5 G5 R9 G2", "B8", "B8 B5", "B8 B5 G5"),
        ("F2", "R/5", "B3", "B5 R9 G2", "all", "B5", "all"),
        ("F3", "R/5", "R2", "G5 B9 Y1", "G5", "G5", "G5"),
        ("F4", "R/5", "Y5", "Y8 R1 B2", "R1", "R1", "R1"),
        ("F5", "R/5", "Y5", "Y8 B2 G9", "all", "all", "all"),
        ("F6", "-/5", "R3", "R5 B5 G2", "all", "R5", "all"),
        ("F7", "R/-", "B4", "R9 G3", "all", "all", "all"),
        ("F8", "R/5", "R5", "B5 R1 G9", "B5 R1", "B5 R1", "B5 R1"),
    ],
)
def test_following(example, trumps, lead, hand, trump_group, dual, free):
    cards, t = hand.split(), tuple(trumps.split("/"))
    for model, expected in (("trump_group", trump_group), ("dual", dual), ("free_number_trumps", free)):
        legal = ws.legal_cards(cards, lead, t, model)
        assert set(legal) == set(cards if expected == "all" else expected.split()), model


# --------------------------------------------------------------------------- 8.4: chip draft


def test_chip_draft_order_and_rules():
    state = GAME.apply(GAME.new_game(["A", "B", "C", "D"]), {"type": "first_dealer", "seat": A})
    assert state.phase == CHIP_DRAFT
    with pytest.raises(Refusal, match="It is A's turn to take a chip") as caught:
        GAME.apply(state, {"type": "chip_pick", "chip": "NONE"}, B)
    assert caught.value.rule == "WS-C2"
    for chip in ["NONE", "LAST", "NONE", "NONE"]:
        state = GAME.apply(state, {"type": "chip_pick", "chip": chip}, HOST)
    assert [c["type"] for c in state.chips[B]] == ["LAST"]
    assert refusal(state, {"type": "chip_pick", "chip": "NONE"}) == "WS-C3"  # all three taken
    state = GAME.apply(state, {"type": "chip_pick", "chip": "MOST"})  # A
    assert refusal(state, {"type": "chip_pick", "chip": "LAST"}) == "WS-C4"  # B already holds LAST


def test_chip_draft_allows_a_second_type_when_nothing_else_is_left():
    state = GAME.apply(GAME.new_game(["A", "B", "C", "D"]), {"type": "first_dealer", "seat": A})
    state.chip_picks = 19
    state.chips[D] = chips("NONE", "LAST", "MOST", "EXACT_1")
    state.pool = {t: 0 for t in state.pool} | {"LAST": 2, "MOST": 2, "NONE": 1}
    state = GAME.apply(state, {"type": "chip_pick", "chip": "LAST"}, D)
    assert state.phase == TRUMPS and state.dealer == A  # 20 picks: round 1 begins


def test_chip_draft_lengths():
    for n, picks, left in ((4, 20, 4), (3, 15, 9)):
        state = GAME.apply(
            GAME.new_game(["A", "B", "C", "D"][:n], {"unique_chip_draft": "no"}), {"type": "first_dealer", "seat": A}
        )
        order = [
            "NONE",
            "LAST",
            "MOST",
            "FEWEST",
            "EXACT_1",
            "EXACT_2",
            "EXACT_3",
            "EXACT_4",
            "NO_R",
            "NO_B",
            "NO_G",
            "NO_Y",
        ]
        taken = 0
        while state.phase == CHIP_DRAFT:
            chip = next(c for c in order if state.pool[c])
            state = GAME.apply(state, {"type": "chip_pick", "chip": chip})
            taken += 1
        assert taken == picks and sum(state.pool.values()) == left


# --------------------------------------------------------------------------- 8.5: a complete round


def _drafted(**options):
    state = dealt(
        hands=[
            chips("NONE", "MOST", "LAST", "EXACT_1", "EXACT_2"),
            chips("MOST", "NONE", "LAST", "EXACT_1", "EXACT_3"),
            chips("EXACT_1", "NONE", "LAST", "MOST", "EXACT_2"),
            chips("LAST", "NONE", "MOST", "EXACT_1", "EXACT_2"),
        ],
        **options,
    )
    for number, (picks, hint) in enumerate(COLUMNS_85, 1):
        for seat, card in seat_cards(picks):
            state = GAME.apply(state, {"type": "pick", "card": card}, seat)
        assert GAME.view(state, A)["hint_for_dealer"] == hint, number
        assert GAME.view(state, B)["hint_for_dealer"] is None
        state = GAME.apply(state, {"type": "announce_hint"}, A)
        assert state.columns[number - 1]["hint"] == hint
    return state


def test_85_the_draft_gives_the_hands_of_the_example():
    state = _drafted()
    hands = {
        "A": "B1 B2 B3 B7 G5 G9 R3 R9 Y4",
        "B": "B4 G1 G6 G7 R1 R4 R5 R7 Y9",
        "C": "B9 G2 G4 G8 R2 R6 Y1 Y2 Y7",
        "D": "B5 B6 B8 G3 R8 Y3 Y5 Y6 Y8",
    }
    for name, cards in hands.items():
        assert sorted(hand(state, SEAT[name])) == sorted(cards.split())


def _revealed_with_tasks(**options):
    state = GAME.apply(_drafted(**options), {"type": "reveal"}, A)
    for seat, chip in ((B, "MOST"), (C, "EXACT_1"), (D, "LAST")):
        state = GAME.apply(state, {"type": "choose_task", "chip": chip}, seat)
    return state


def test_85_a_complete_round():
    state = _revealed_with_tasks()
    assert state.phase == PLAY and state.turn == B
    for number, (plays, winner) in enumerate(TRICKS_85, 1):
        for seat, card in seat_cards(plays):
            state = GAME.apply(state, {"type": "play", "card": card}, seat)
        assert state.tricks[number - 1]["winner"] == winner, number
    result = state.result
    assert result["tricks"] == {"0": 3, "1": 3, "2": 1, "3": 2} and result["last"] == A
    assert result["success"] == {"1": False, "2": True, "3": False} and result["bonus"]
    assert state.phase == FLIP  # A chooses which chip to turn
    state = GAME.apply(state, {"type": "dealer_flip", "chip": "LAST"}, A)
    assert state.completed(A) == 1 and state.completed(C) == 1 and state.completed(B) == 0
    assert state.phase == TRUMPS and state.dealer == B  # round 2


def test_85_refusals():
    state = dealt(hands=[chips("NONE") for _ in range(4)])
    for seat, card in seat_cards(COLUMNS_85[0][0]):
        state = GAME.apply(state, {"type": "pick", "card": card}, seat)
    assert refusal(state, {"type": "pick", "card": "Y1"}, C) == "WS-D2"
    state = GAME.apply(state, {"type": "announce_hint"}, A)
    with pytest.raises(Refusal, match="It is C's pick in column 2") as caught:
        GAME.apply(state, {"type": "pick", "card": "Y3"}, D)
    assert caught.value.rule == "WS-D3"
    for seat, card in seat_cards(COLUMNS_85[1][0]):
        state = GAME.apply(state, {"type": "pick", "card": card}, seat)
    state = GAME.apply(state, {"type": "announce_hint"}, A)
    with pytest.raises(Refusal, match="Y3 is already taken this round"):
        GAME.apply(state, {"type": "pick", "card": "Y3"}, D)

    state = _revealed_with_tasks()
    assert refusal(state, {"type": "play", "card": "Y1"}, C) == "WS-P2"
    state = GAME.apply(state, {"type": "play", "card": "R7"}, B)
    with pytest.raises(
        Refusal,
        match="Red was led: you must play a red card that is not a trump "
        r"\(you hold R2 R6\)",
    ) as caught:
        GAME.apply(state, {"type": "play", "card": "Y1"}, C)
    assert caught.value.rule == "WS-P5"


def test_ws_p5_entered_from_another_phone_names_the_rule_not_the_hand():
    """Section 3: a refusal that names cards of a hand does so only on that seat's phone (or the
    host's, which sees every hand); with the record closed another seat's phone reads the rule only."""
    state = GAME.apply(_revealed_with_tasks(), {"type": "play", "card": "R7"}, B)
    entry = {"type": "play", "seat": C, "card": "Y1"}
    for by in (C, HOST):
        with pytest.raises(Refusal, match="R2 R6"):
            GAME.apply(state, entry, by)
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, entry, A)
    assert caught.value.rule == "WS-P5" and str(caught.value.message) == (
        "Red was led: a red card that is not a trump must be played."
    )
    opened = GAME.apply(_revealed_with_tasks(open_record="yes"), {"type": "play", "card": "R7"}, B)
    with pytest.raises(Refusal, match="R2 R6"):
        GAME.apply(opened, entry, A)  # the record is open: every phone sees the hands


def test_85_dual_following_and_played_and_foreign_cards():
    state = _revealed_with_tasks(follow_model="dual")
    for seat, card in seat_cards(TRICKS_85[0][0]):
        state = GAME.apply(state, {"type": "play", "card": card}, seat)
    state = GAME.apply(state, {"type": "play", "card": "Y5"}, D)
    assert refusal(state, {"type": "play", "card": "R9"}, A) == "WS-P5"  # A must play Y4 (printed yellow)
    state = _revealed_with_tasks()
    for plays, _ in TRICKS_85[:2]:
        for seat, card in seat_cards(plays):
            state = GAME.apply(state, {"type": "play", "card": card}, seat)
    assert refusal(state, {"type": "play", "card": "R7"}, B) == "WS-P4"
    state = _revealed_with_tasks()
    for plays, _ in TRICKS_85[:4]:
        for seat, card in seat_cards(plays):
            if seat == D and plays.startswith("A G9"):
                assert refusal(state, {"type": "play", "card": "G7"}, D) == "WS-P3"
            state = GAME.apply(state, {"type": "play", "card": card}, seat)
    state = GAME.apply(state, {"type": "play", "card": "B7"}, A)
    with pytest.raises(Refusal, match="A trump was led") as caught:
        GAME.apply(state, {"type": "play", "card": "G1"}, B)
    assert caught.value.rule == "WS-P5"


# --------------------------------------------------------------------------- 8.6, 8.7: tasks and bonus

T1 = {A: 2, B: 0, C: 3, D: 4}


@pytest.mark.parametrize(
    "example, chip, seat, tricks, last, took, needs, met",
    [
        ("T1", "NONE", B, T1, D, {}, False, True),
        ("T2", "NO_B", C, T1, D, {C: {"R", "G", "Y"}}, False, True),
        ("T3", "EXACT_2", C, T1, D, {}, False, False),
        ("T4 MOST", "MOST", D, T1, D, {}, False, True),
        ("T4 LAST", "LAST", D, T1, D, {}, False, True),
        ("T5", "FEWEST", B, T1, D, {}, False, True),
        ("T5 needs", "FEWEST", B, T1, D, {}, True, False),
        ("T6", "MOST", B, {A: 3, B: 3, C: 2, D: 1}, None, {}, False, False),
        ("T7", "NO_B", B, {A: 8, B: 1, C: 0, D: 0}, A, {B: {"B", "R"}}, False, False),
        ("T8", "NO_B", B, {A: 9, B: 0, C: 0, D: 0}, A, {}, False, False),
    ],
)
def test_task_evaluation(example, chip, seat, tricks, last, took, needs, met):
    assert ws.task_met(chip, seat, tricks, took, last, needs) is met


def _scored(tasks, tricks, last=A, took=None, **options):
    """A 4-player round (dealer A) scored from a result: ``tasks`` seat -> chip type."""
    state = dealt(
        entry_mode="score_only",
        trumps=None,
        hands=[chips("NONE", "MOST", "EXACT_2", "LAST", "FEWEST")]
        + [chips(t, "NONE", "MOST", "LAST", "EXACT_3") for t in (tasks[B], tasks[C], tasks[D])],
        **options,
    )
    for seat in (B, C, D):
        state = GAME.apply(state, {"type": "choose_task", "chip": 0}, seat)
    return GAME.apply(
        state, {"type": "round_result", "tricks": [tricks[s] for s in range(4)], "last": last, "took": took or {}}
    )


def test_d1_bonus_when_the_dealer_meets_a_failed_task():
    state = _scored({B: "EXACT_2", C: "NONE", D: "NONE"}, {A: 2, B: 3, C: 4, D: 0}, last=B)
    assert state.result["bonus"] and state.result["success"] == {"1": False, "2": False, "3": True}


def test_d2_no_bonus_and_any_success_blocks_types():
    tricks = {A: 0, B: 0, C: 8, D: 1}
    state = _scored({B: "NONE", C: "LAST", D: "EXACT_1"}, tricks, last=D)
    assert state.result["success"] == {"1": True, "2": False, "3": True}
    assert not state.result["bonus"]
    any_success = _scored({B: "NONE", C: "LAST", D: "EXACT_1"}, tricks, last=D, dealer_bonus="any_success")
    assert any_success.result["bonus"]
    assert refusal(any_success, {"type": "dealer_flip", "chip": "NONE"}, A) == "WS-F3"


def test_d3_twins():
    tricks = {A: 1, B: 1, C: 3, D: 4}
    assert _scored({B: "EXACT_1", C: "EXACT_1", D: "NONE"}, tricks, last=D).result["bonus"]
    assert not _scored(
        {B: "EXACT_1", C: "EXACT_1", D: "NONE"}, tricks, last=D, dealer_bonus="owner_failed_no_twin"
    ).result["bonus"]


def test_d4_fewest_for_the_dealer():
    tricks = {A: 0, B: 1, C: 2, D: 6}
    assert _scored({B: "FEWEST", C: "EXACT_2", D: "MOST"}, tricks, last=D).result["bonus"]
    assert not _scored({B: "FEWEST", C: "EXACT_2", D: "MOST"}, tricks, last=D, fewest_needs_trick="yes").result["bonus"]


# --------------------------------------------------------------------------- 8.8: end of game


def test_g1_four_completed_chips_end_the_short_game():
    state = dealt()
    for chip in state.chips[D][:3]:
        chip["done"] = True
    state.scored = 4
    state.chips[D][3]["done"] = True
    end_of_round(state)
    assert state.phase == OVER and state.winners == [D]


def test_g2_corner_numbers_settle_a_tie():
    state = dealt()
    for seat, n in ((A, 3), (B, 3), (C, 2), (D, 1)):
        for chip in state.chips[seat][:n]:
            chip["done"] = True
    state.scored = 8
    end_of_round(state)
    assert state.phase == CORNERS
    state = GAME.apply(state, {"type": "corner_numbers", "seat": A, "numbers": {"0": 3, "1": 5, "2": 2}})
    assert refusal(state, {"type": "corner_numbers", "seat": B, "numbers": {"0": 100}}) == "WS-N2"
    tie = GAME.apply(state, {"type": "corner_numbers", "seat": B, "numbers": {"0": 4, "1": 4, "2": 2}})
    assert tie.winners == [A, B]
    state = GAME.apply(state, {"type": "corner_numbers", "seat": B, "numbers": {"0": 4, "1": 4, "2": 1}})
    assert state.phase == OVER and state.winners == [A]


def test_g5_early_end_only_when_first_place_is_settled():
    state = dealt(trumps=None)
    state.scored = 7
    for seat, counts in ((A, 3), (B, 1), (C, 2), (D, 0)):
        for chip in state.chips[seat][:counts]:
            chip["done"] = True
    with pytest.raises(Refusal, match="First place is not settled: C could still reach 3"):
        GAME.apply(state, {"type": "end_early"})
    state.chips[C][1]["done"] = False
    state.chips[D][0]["done"] = True
    state.chips[D][1]["done"] = True
    assert refusal(state, {"type": "end_early"}) == "WS-G1"
    state.chips[D][1]["done"] = False
    assert GAME.apply(state, {"type": "end_early"}).winners == [A]


def test_g5_the_board_offers_the_early_end_only_once_first_place_is_settled():
    def offered(state, viewer):
        return {"type": "end_early", "seat": None} in GAME.view(state, viewer)["actions"]

    state = dealt(trumps=None)
    state.scored = 7
    for seat, counts in ((A, 3), (B, 1), (C, 2), (D, 0)):
        for chip in state.chips[seat][:counts]:
            chip["done"] = True
    assert not offered(state, HOST)  # C could still reach 3
    state.chips[C][1]["done"] = False
    assert offered(state, HOST) and offered(state, B) and not offered(state, None)


# --------------------------------------------------------------------------- 8.9: score only


def test_score_only_round():
    tricks = {A: 3, B: 3, C: 1, D: 2}
    state = _scored({B: "MOST", C: "NO_R", D: "LAST"}, tricks, last=A, took={"0": ["R"], "2": []})
    assert state.result["success"] == {"1": False, "2": True, "3": False} and state.result["bonus"]
    base = dealt(entry_mode="score_only", trumps=None)
    for seat in (B, C, D):
        base = GAME.apply(base, {"type": "choose_task", "chip": 0}, seat)
    with pytest.raises(Refusal, match="The trick counts add up to 8, not 9"):
        GAME.apply(base, {"type": "round_result", "tricks": [3, 3, 1, 1], "last": A})
    assert refusal(base, {"type": "round_result", "tricks": [3, 3, 0, 3], "last": C}) == "WS-Q3"


def test_a_score_only_result_asks_who_took_the_colour_of_each_no_colour_task():
    """Section 5.4: a "no red" task is met unless its owner took a red card; the dealer's bonus
    (meeting another's task) needs the same answer for the dealer."""
    base = dealt(
        entry_mode="score_only",
        trumps=None,
        hands=[chips("NONE", "MOST", "EXACT_2", "LAST", "FEWEST")]
        + [chips(t, "NONE", "MOST", "LAST", "EXACT_3") for t in ("MOST", "NO_R", "NO_G")],
    )
    for seat in (B, C, D):
        base = GAME.apply(base, {"type": "choose_task", "chip": 0}, seat)
    assert GAME.view(base, HOST)["took_questions"] == [
        {"seat": C, "colour": "R"},
        {"seat": A, "colour": "R"},
        {"seat": D, "colour": "G"},
        {"seat": A, "colour": "G"},
    ]


# --------------------------------------------------------------------------- secrets and the rest


def test_trumps_reach_only_the_dealer_before_the_reveal():
    state = dealt()
    assert GAME.view(state, A)["trumps"] == ["B", "4"]
    for viewer in (B, C, D, HOST, None):
        seen = GAME.view(state, viewer)
        assert seen["trumps"] is None and "B/4" not in str(seen)
    assert GAME.describe(state, {"type": "set_trumps", "colour": "B", "number": "4"}) == "The dealer entered the trumps"
    assert refusal(state, {"type": "set_trumps", "colour": "R", "number": "5"}, B) == "WS-T1"


def test_task_choices_stay_hidden_until_all_are_in():
    state = GAME.apply(_drafted(), {"type": "reveal"}, A)
    state = GAME.apply(state, {"type": "choose_task", "chip": "MOST"}, B)
    assert GAME.view(state, B)["players"][B]["task"] == 0
    for viewer in (A, C, D, HOST, None):
        assert GAME.view(state, viewer)["players"][B]["task"] is None
        assert GAME.view(state, viewer)["players"][B]["task_chosen"] is True
    assert "MOST" not in GAME.describe(state, {"type": "choose_task", "seat": B, "chip": "MOST"})
    assert refusal(state, {"type": "choose_task", "seat": C, "chip": "NONE"}, B) == "WS-K3"
    assert refusal(state, {"type": "choose_task", "chip": "NONE"}, A) == "WS-K2"


def test_three_players_and_the_dummy():
    state = dealt(n=3, trumps=("Y", "-"), hands=[chips("NONE") for _ in range(3)])
    for seat, card in ((B, "B2"), (C, "B7"), (A, "R1")):
        state = GAME.apply(state, {"type": "pick", "card": card}, seat)
    assert refusal(state, {"type": "announce_hint"}, A) == "WS-H1"
    state = GAME.apply(state, {"type": "dummy_card", "card": "Y1"})
    assert GAME.view(state, A)["hint_for_dealer"] == "dummy"


def test_paper_hints_are_checked_at_the_reveal():
    state = dealt(trump_entry="paper", trumps=None, hands=[chips("NONE") for _ in range(4)])
    for number, (picks, hint) in enumerate(COLUMNS_85, 1):
        for seat, card in seat_cards(picks):
            state = GAME.apply(state, {"type": "pick", "card": card}, seat)
        announced = B if number == 2 else hint  # column 2 is announced wrongly
        state = GAME.apply(state, {"type": "enter_hint", "winner": announced})
    state = GAME.apply(state, {"type": "reveal", "colour": "B", "number": "4"})
    assert state.flags == ["WS-X9: Column 2: announced B, correct D."] and state.phase == TASKS


def test_apply_never_changes_its_input_and_dump_load_round_trip():
    state = dealt()
    frozen = GAME.dump(state)
    GAME.apply(state, {"type": "pick", "card": "G7"}, B)
    assert GAME.dump(state) == frozen and GAME.load(frozen) == state


@pytest.mark.parametrize(
    "action",
    [
        None,
        {"type": "x"},
        {"type": "pick", "card": "P5"},
        {"type": "pick", "card": "R0"},
        {"type": "pick", "card": "R10"},
        {"type": "set_trumps", "colour": "Q"},
        {"type": "chip_pick", "chip": "ALL"},
        {"type": "layout", "columns": "x"},
    ],
)
def test_unreadable_entries_refuse(action):
    with pytest.raises(Refusal):
        GAME.apply(dealt(), action, HOST)


def _finished(completed: dict[int, int], corners: dict[int, list[int]] | None = None, **options):
    state = dealt(**options)
    for seat, n in completed.items():
        for i, chip in enumerate(state.chips[seat][:n]):
            chip["done"] = True
            if corners and seat in corners:
                chip["corner"] = corners[seat][i]
    return state


def test_g3_a_full_game_tie_at_five_asks_the_corners():
    state = _finished({A: 2, B: 5, C: 1, D: 5}, game_length="full")
    end_of_round(state)
    assert state.phase == CORNERS


def test_g4_ranking_below_the_winner():
    state = _finished(
        {A: 4, B: 5, C: 3, D: 4}, {A: [3, 3, 3, 3], B: [1] * 5, C: [5, 5, 5], D: [2, 3, 3, 2]}, game_length="full"
    )
    end_of_round(state)
    assert state.winners == [B]
    assert [(r["seat"], r["place"]) for r in ranking(state)] == [(B, 1), (C, 2), (A, 3), (D, 4)]
    state.options["rank_others_by"] = "completed"
    assert [(r["seat"], r["place"]) for r in ranking(state)] == [(B, 1), (A, 2), (D, 2), (C, 4)]


# --------------------------------------------------------------------------- issue 16: quicker than paper


def test_the_history_says_who_picked_each_card():
    """Issue 16: a pick entered on the host's phone still names the seat that took the card."""
    state = dealt()
    assert GAME.describe(state, {"type": "pick", "card": "G7"}, HOST) == "B picked G7"
    state = GAME.apply(state, {"type": "pick", "card": "G7"}, HOST)
    assert GAME.describe(state, {"type": "pick", "card": "R6"}, HOST) == "C picked R6"
