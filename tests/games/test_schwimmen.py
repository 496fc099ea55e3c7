"""Schwimmen rules engine, written from ../shared/rules/schwimmen.md: every worked example
SC-E1..SC-E25 under the presets it names, then the rules and checks."""

from __future__ import annotations

import pytest

from referee.games.schwimmen import GAME
from referee.games.schwimmen.ledger import hand_value, location
from referee.games.schwimmen.state import DEALER_CHOICE, EXCHANGE, OVER, PRESETS, REFRESH, SHOWDOWN
from referee.games.schwimmen import scoring as score
from referee.games.base import HOST, Refusal
from tests.games.schwimmen_walks import act, dealt
from tests.games.test_offers import check_offers
from tests.helpers import refused_rule
from referee.games.cards import parse_card

A, B, C, D = 0, 1, 2, 3


def value(cards: str, three="fire"):
    hand = score.hand_of(0, [parse_card(c) for c in cards.split()], three)
    return hand.value, hand.suit


def at_showdown(hands: list[str], preset="bga", closer=None, lives=None, **options):
    """Deal a round (D deals, A acts first), jump to the showdown and reveal ``hands``;
    returns the state after the last reveal."""
    names = ["A", "B", "C", "D"][: len(hands)]
    state = GAME.new_game(names, {"preset": preset, **options})
    state = GAME.apply(state, {"type": "first_dealer", "seat": len(names) - 1})
    if lives:
        state.lives = list(lives)
    state.phase, state.closer = SHOWDOWN, closer
    for seat, cards in enumerate(hands):
        state = GAME.apply(state, {"type": "reveal", "seat": seat, "cards": cards})
    return state


def losers(state) -> dict[str, int]:
    """Name -> lives lost in the last showdown."""
    return {state.players[int(s)]: len(r) for s, r in state.result["losses"].items()}


def refusal(state, action, by=HOST) -> str:
    return refused_rule(GAME.apply, state, action, by)


# --------------------------------------------------------------------------- SC-E1: values


@pytest.mark.parametrize(
    "cards, three, expected",
    [
        ("AH KH 7C", "fire", (21, "H")),
        ("QH 10H JD", "fire", (20, "H")),
        ("AC KC 9C", "fire", (30, "C")),
        ("AD KD 10D", "fire", (31, "D")),
        ("7D 7H 7S", "fire", (30.5, None)),
        ("7D 7H 7S", "off", (7, "S")),
        ("AS AH AC", "fire", (32, None)),
        ("AS AH AC", "three_of_a_kind", (30.5, None)),
        ("AS AH AC", "off", (11, "C")),
        ("9S 8H 7D", "fire", (9, "S")),
        ("KC KH 7D", "off", (10, "C")),
        ("2C 3C KH", "fire", (10, "H")),
    ],
)
def test_sc_e1_hand_values(cards, three, expected):
    assert value(cards, three) == expected


def test_sc_e1_kc_kh_7d_with_triples_on_is_still_a_pair():
    assert value("KC KH 7D") == (10, "C")


# --------------------------------------------------------------------------- SC-E2..E8: losses

HANDS_E2 = ["AH KH 7C", "QH 10H JD", "AC KC 9C", "7D 7H 7S"]


def test_sc_e2_the_standard_bga_loss():
    assert losers(at_showdown(HANDS_E2)) == {"A": 1, "B": 1}
    assert losers(at_showdown(HANDS_E2, "classic")) == {"B": 1}


def test_sc_e3_suit_tie_break():
    hands = ["AS 10S 7H", "AD KD 8C", "KC QC 9C", "JH QH 9H"]
    assert losers(at_showdown(hands)) == {"B": 1}
    assert losers(at_showdown(hands, "classic")) == {"A": 1, "B": 1}


def test_sc_e4_the_winner_is_excluded():
    three = ["AS 7S 8S", "7H 8H 9H", "8C 7D 9S"]
    assert losers(at_showdown(three)) == {"B": 1, "C": 1}
    assert losers(at_showdown(three, "classic")) == {"C": 1}
    assert losers(at_showdown(["AH QH 7S", "8C 9D 10S"])) == {"B": 1}
    assert losers(at_showdown(["AH 7H 9S", "KC 7C 8D", "QD 10D 7S"])) == {"A": 1, "B": 1, "C": 1}


def test_sc_e5_closer_tie():
    hands = ["7H 8H 9H", "AS KS 9S", "7D 8D 9D"]  # A, B, C; C closed
    assert losers(at_showdown(hands, closer=C, closer_rule="on")) == {"A": 1}
    assert losers(at_showdown(hands, closer=C)) == {"C": 1}
    assert losers(at_showdown(hands, "classic", closer=C)) == {"A": 1, "C": 1}


@pytest.mark.parametrize("lives_before, lives_after, out", [(2, 0, False), (1, 0, True)])
def test_sc_e6_closer_alone_lowest_loses_two(lives_before, lives_after, out):
    state = at_showdown(["AH KH 9H", "AS QS 8S", "7D 8D 9D"], closer=C, closer_rule="on", lives=[3, 3, lives_before])
    assert losers(state) == {"C": 2}
    assert state.lives[C] == lives_after and state.out[C] is out


def test_sc_e7_thirty_one_is_shown():
    """A swaps into 31 and lays it down at once, before B acts. Under bga (show_timing own_turn,
    first_turn_close dealer_only) SC-R8 forbids that on A's first turn, so A does it on the
    second turn: the rule text wins over the example (a documented reading)."""
    state = dealt(centre="9D 8H 7C")
    assert (
        refusal(
            GAME.apply(dealt(centre="AD QC 8S"), {"type": "swap_one", "give": "7S", "take": "AD"}, A),
            {"type": "show", "cards": "AD KD 10D"},
            A,
        )
        == "SC-R8"
    )
    for seat in (A, B, C, D):
        state = act(state, seat, "pass")
    state = GAME.apply(state, {"type": "refresh", "cards": "AD 9C 8D"})
    state = act(state, A, "swap_one", give="7S", take="AD")
    state = act(state, A, "show", cards="AD KD 10D")
    assert state.phase == SHOWDOWN and str(A) in state.reveals
    for seat, cards in [(B, "AC KC 8C"), (C, "AH QH 7H"), (D, "AS JS 9S")]:
        state = GAME.apply(state, {"type": "reveal", "cards": cards}, seat)
    assert losers(state) == {"C": 1}
    hands = ["AD KD 10D", "AC KC 8C", "AH QH 7H", "AS JS 9S"]
    assert losers(at_showdown(hands, thirty_one_effect="hits_all")) == {"B": 1, "C": 1, "D": 1}
    assert losers(at_showdown(hands, "classic")) == {"C": 1}


def test_a_show_any_time_under_classic_even_off_turn():
    state = dealt(preset="classic", centre="KC QC 8S")
    state = act(state, C, "show", cards="AD KD 10D")
    assert state.phase == SHOWDOWN and state.shower == C


def test_sc_r10_only_31_or_fire_can_be_shown():
    state = dealt(preset="classic")
    with pytest.raises(Refusal, match="is worth 30: only 31 or three aces can be shown"):
        act(state, A, "show", cards="AH KH 9H")


def test_sc_e8_fire():
    hands = ["AS AH AD", "KC QC 9C", "10H 9H 8H", "JD 7D KS"]
    assert losers(at_showdown(hands)) == {"C": 1, "D": 1}
    assert losers(at_showdown(hands, thirty_one_effect="hits_all")) == {"B": 2, "C": 2, "D": 2}
    assert losers(at_showdown(hands, "classic")) == {"B": 1, "C": 1, "D": 1}


# --------------------------------------------------------------------------- SC-E9..E14: turns


def test_sc_e9a_never_two_cards():
    assert refusal(dealt(), {"type": "swap_one", "give": "7S 8S", "take": "QH 10H"}, A) == "SC-R5"
    assert refusal(dealt(), {"type": "swap_all", "give": "7S 8S"}, A) == "SC-R5"


def test_sc_e9b_first_turn_close_dealer_only():
    state = dealt()
    for seat in (A, B, C):
        with pytest.raises(Refusal, match="You cannot close on your first turn") as caught:
            act(state, seat, "close")
        assert caught.value.rule == "SC-R8"
        state = act(state, seat, "pass")
    state = act(state, D, "close")  # the dealer may close on a first turn
    assert state.closer == D
    state = dealt()
    for seat in (A, B, C, D):
        state = act(state, seat, "swap_one", give=f"{7 + seat}S", take=state.centre[0])
    assert act(state, A, "close").closer == A  # A's second turn


def test_sc_e9b_first_turn_close_none():
    state = dealt(first_turn_close="none")
    for seat in (A, B, C):
        state = act(state, seat, "pass")
    assert refusal(state, {"type": "close"}, D) == "SC-R8"


def test_sc_e9c_one_close_per_round():
    state = dealt(first_turn_close="allowed")
    state = act(act(state, A, "pass"), B, "close")
    with pytest.raises(Refusal, match="B has already closed: take your last turn"):
        act(state, C, "close")


def test_sc_e10_all_pass_refreshes_the_centre():
    state = dealt()
    assert state.stock == 17
    for seat in (A, B, C, D):
        state = act(state, seat, "pass")
    assert state.phase == REFRESH and state.set_aside == ["QH", "10H", "JD"]
    state = GAME.apply(state, {"type": "refresh", "cards": "7C 8C 9C"}, B)
    assert state.stock == 14 and state.passes == 0 and state.turn == A and state.phase == EXCHANGE


def test_sc_e10_a_swap_restarts_the_count():
    state = dealt()
    state = act(act(state, A, "pass"), B, "pass")
    state = act(state, C, "swap_one", give="7S", take="QH")
    state = act(act(state, D, "pass"), A, "pass")
    assert state.passes == 2 and state.phase == EXCHANGE


def _all_pass(state):
    for _ in state.active():
        state = act(state, state.turn, "pass")
    return state


def test_sc_e11_empty_stock_in_commerce():
    names = list("ABCDEFGH")
    state = dealt(names, centre="7H 8H 9H")
    assert state.stock == 5
    state = GAME.apply(_all_pass(state), {"type": "refresh", "cards": "7C 8C 9C"})
    assert state.stock == 2
    state = _all_pass(state)
    assert state.stock == 8 and state.set_aside == []
    assert refusal(state, {"type": "refresh", "cards": "10S JS QS"}) == "SC-C2"  # only 2 unseen cards in it
    assert GAME.apply(state, {"type": "refresh", "cards": "10S JS 7C"}).stock == 5  # 2 unseen, 1 set aside
    state = GAME.apply(state, {"type": "refresh", "cards": "7H 8H 9H"})  # set-aside cards came back
    assert state.stock == 5
    short = GAME.apply(
        _all_pass(dealt(names, centre="7H 8H 9H", stock_exhausted="showdown")), {"type": "refresh", "cards": "7C 8C 9C"}
    )
    assert _all_pass(short).phase == SHOWDOWN


def _to_b_closing(**options):
    """SC-E12's round: everyone has had a first turn, then B closes on B's second turn."""
    state = dealt(**options)
    for seat in (A, B, C, D):
        state = act(state, seat, "pass") if seat != C else act(state, C, "swap_one", give="7S", take=state.centre[0])
    return act(act(state, A, "pass"), B, "close")


def test_sc_e12_last_turns_after_a_close():
    state = _to_b_closing()
    for seat in (C, D, A):
        assert state.phase == EXCHANGE and state.turn == seat
        assert refusal(state, {"type": "close"}, seat) == "SC-R7"
        state = act(state, seat, "pass")
    assert state.phase == SHOWDOWN and state.turn is None


def test_sc_e12_a_show_is_still_allowed_in_the_last_turns():
    state = _to_b_closing(centre="8S 9C AD")
    state = act(state, C, "pass")
    state = act(state, D, "swap_one", give="QC", take="AD")
    state = act(state, D, "show", cards="AD KD 10D")  # right after D's own exchange
    assert state.phase == SHOWDOWN and state.shower == D
    classic = _to_b_closing(preset="classic")
    assert act(classic, A, "show", cards="AC KC 10C").shower == A  # any_time: not even A's turn


def test_sc_e13_the_ledger():
    state = dealt(centre="KH 8C 9D")
    state = act(state, A, "swap_one", give="9H", take="KH")
    assert location(state, "KH") == f"hand:{A}" and location(state, "9H") == "centre"
    with pytest.raises(Refusal, match="KH|K♥") as caught:
        act(state, B, "swap_one", give="KH", take="9H")
    assert caught.value.rule == "SC-C2"
    state.phase = SHOWDOWN
    assert refusal(state, {"type": "reveal", "cards": "AS QS 7D"}, A) == "SC-C4"


def test_sc_e14_minimum_score_with_a_known_hand():
    state = dealt()
    state = act(state, A, "swap_all", give="7C 8S 9D")
    assert state.known[A] == ["QH", "10H", "JD"]
    for seat in (B, C, D):
        state = act(state, seat, "pass")
    with pytest.raises(Refusal, match=r"is worth 20: you need more than 20 to close") as caught:
        act(state, A, "close")
    assert caught.value.rule == "SC-R9"


def test_sc_e14_a_closer_revealed_at_20_is_warned_not_refused():
    state = at_showdown(["QH 10H JD", "AS KS 9S", "AC KC 9C"], closer=A)
    assert any(w.startswith("SC-C7") for w in state.result["warnings"])
    assert losers(state)["A"] >= 1


# --------------------------------------------------------------------------- SC-E15..E20: lives


def test_sc_e15_swimming_round_by_round():
    """classic, 3 lives: A loses rounds 1, 2 and 3 (3 -> 2 -> 1 -> 0, swimming and still
    playing), survives round 4 and is out after round 5."""
    state = GAME.apply(GAME.new_game(["A", "B", "C"], {"preset": "classic"}), {"type": "first_dealer", "seat": C})
    weak, strong, strongest = "7H 8H 9H", "AS KS 9S", "AC KC 10C"
    lives_after = []
    for round_no, a_hand in enumerate([weak, weak, weak, strongest, weak], start=1):
        state = GAME.apply(state, {"type": "dealer_choice", "choice": "keep"})
        state = GAME.apply(state, {"type": "lay_centre", "cards": "7D 8D 9D"})
        first = state.turn
        for _ in range(3):  # classic: nobody closes before everyone has had a turn
            state = act(state, state.turn, "pass")
        state = GAME.apply(state, {"type": "refresh", "cards": "10D JD QD"})
        state = act(state, first, "close")
        while state.phase == EXCHANGE:
            state = act(state, state.turn, "pass")
        others = {B: strong if round_no != 4 else weak, C: strongest if round_no != 4 else strong}
        for seat, hand in [(A, a_hand), *others.items()]:
            state = GAME.apply(state, {"type": "reveal", "cards": hand}, seat)
        lives_after.append(state.lives[A])
        if round_no <= 4:
            assert not state.out[A] and state.phase == DEALER_CHOICE
    assert lives_after[:4] == [2, 1, 0, 0]
    assert GAME.view(state)["players"][A]["swimming"] is False and state.out[A]
    assert state.result["eliminated"] == [A] and state.round == 6


def test_sc_e15_swimming_then_out():
    state = at_showdown(["7H 8H 9H", "AS KS 9S"], "classic", lives=[0, 3])
    assert state.out[A] and state.phase == OVER and state.winners == [B]
    swimming = at_showdown(["7H 8H 9H", "AS KS 9S"], "classic", lives=[1, 3])
    assert swimming.lives[A] == 0 and not swimming.out[A]
    assert GAME.view(swimming)["players"][A]["swimming"] is True


def test_sc_e16_everyone_would_be_out():
    hands = ["7H 8H 9H", "7D 8D 9D"]
    void = at_showdown(hands, "classic", lives=[0, 0])
    assert void.result["void"] and void.lives == [0, 0] and void.dealer == B and void.phase == DEALER_CHOICE
    shared = at_showdown(hands, "classic", lives=[0, 0], all_out="shared_win")
    assert shared.phase == OVER and shared.winners == [A, B]
    bga = at_showdown(hands, lives=[0, 0])
    assert bga.out == [False, True] and bga.winners == [A]


def test_sc_e17_draw_and_discard():
    state = dealt(centre="QS", rule_set="blitz")
    assert state.options["exchange"] == "draw_discard" and not state.piquet
    assert refusal(state, {"type": "draw_discard", "source": "pile", "discard": "QS"}, A) == "SC-R11"
    state = act(state, A, "draw_discard", source="pile", discard="4C")
    assert state.known[A] == ["QS"] and state.discard == ["4C"]
    state = act(state, B, "draw_discard", source="stock", discard="4H")
    assert state.discard == ["4C", "4H"] and state.stock == 52 - 12 - 1 - 1


def test_sc_e18_score_only_values():
    state = GAME.new_game(["A", "B"], {"reveal_mode": "score_only"})
    state = GAME.apply(state, {"type": "first_dealer", "seat": B})
    state.phase = SHOWDOWN
    for bad in (13, 22, 12, 23):
        assert refusal(state, {"type": "reveal", "seat": A, "value": bad, "suit": "H"}) == "SC-C6"
    assert refusal(state, {"type": "reveal", "seat": A, "value": 27}) == "SC-C6"  # no suit named
    full = GAME.new_game(["A", "B"], {"reveal_mode": "score_only", "remove_2_to_6": "no", "rule_set": "custom"})
    full = GAME.apply(full, {"type": "first_dealer", "seat": B})
    full.phase = SHOWDOWN
    full = GAME.apply(full, {"type": "reveal", "seat": A, "value": 13, "suit": "H"})
    full = GAME.apply(full, {"type": "reveal", "seat": B, "value": 30.5, "triple": "K"})
    assert losers(full) == {"A": 1}


def test_sc_e19_triples():
    """Under classic too the higher triple wins a tie at 30.5 ("bei Gleichstand zählt das höhere
    Blatt", issue 20): the rules file's "both lose" for classic is read as "A loses"."""
    hands = ["8C 8H 8D", "KS KH KD"]
    assert losers(at_showdown(hands)) == {"A": 1}
    assert losers(at_showdown(hands, "classic")) == {"A": 1}
    assert losers(at_showdown(["7H 8H 9H", "7D 8D 9D"], "classic")) == {"A": 1, "B": 1}  # other ties all lose


def test_sc_e20_end_of_game():
    hands = ["AS KS 7S", "AH 7H 8D", "KC QC 7C"]  # the example gives only values: 27, 18, 25
    assert [hand_value(GAME.new_game(["A", "B"]), 0, h.split()).value for h in hands] == [28, 18, 27]
    state = at_showdown(hands, lives=[2, 0, 0])
    assert state.out == [False, True, True] and state.phase == OVER and state.winners == [A]


# --------------------------------------------------------------------------- SC-E21..E25: house rules


def test_sc_e21_the_closer_loses_every_tie():
    hands = ["AD 9D 7D", "10S 9S 8S", "QH KH AH"]
    assert losers(at_showdown(hands, closer=B)) == {"A": 1}
    assert losers(at_showdown(hands, closer=B, closer_ties="closer_loses")) == {"B": 1}
    assert losers(at_showdown(hands, "classic", closer=B)) == {"A": 1, "B": 1}
    assert losers(at_showdown(hands, "classic", closer=B, closer_ties="closer_loses")) == {"B": 1}


def test_sc_e22_a_closer_without_the_highest_hand():
    hands = ["AH KH 7H", "AS QS 9S", "9D 8D 10C"]
    assert losers(at_showdown(hands, "classic", closer=A)) == {"C": 1}
    assert losers(at_showdown(hands, "classic", closer=A, closer_not_highest="loses_a_life")) == {"A": 1, "C": 1}
    swapped = ["9D 8D 10C", "AS QS 9S", "AH KH 7H"]
    assert losers(at_showdown(swapped, "classic", closer=A, closer_not_highest="loses_a_life")) == {"A": 1}


def test_sc_e23_one_pass_per_round():
    state = dealt(pass_limit="once")
    for seat in (A, B, C, D):
        state = act(state, seat, "pass")
    state = GAME.apply(state, {"type": "refresh", "cards": "7C 8C 9C"})
    assert state.stock == 14 and state.turn == A
    assert refusal(state, {"type": "pass"}, A) == "SC-R16"
    state = act(state, A, "swap_one", give="7S", take="7C")
    assert refusal(state, {"type": "pass"}, B) == "SC-R16"
    default = GAME.apply(_all_pass(dealt()), {"type": "refresh", "cards": "7C 8C 9C"})
    assert act(act(default, A, "pass"), B, "pass").turn == C  # A could pass again


def test_sc_e24_7_8_9_in_the_centre_the_player_on_turn_may_ask_for_a_new_centre():
    state = dealt(centre="7C 8D 9H", seven_eight_nine="replace")
    assert state.phase == EXCHANGE and state.turn == A and state.stock == 17
    refreshed = GAME.apply(state, {"type": "refresh", "cards": "7S QC KC"}, A)
    assert refreshed.set_aside == ["7C", "8D", "9H"] and refreshed.stock == 14
    assert refreshed.phase == EXCHANGE and refreshed.turn == A and refreshed.centre == ["7S", "QC", "KC"]
    swapped = act(state, A, "swap_one", give="AS", take="8D")  # the refresh is A's choice
    assert swapped.centre == ["7C", "AS", "9H"] and swapped.turn == B
    again = act(act(refreshed, A, "swap_one", give="9S", take="QC"), B, "swap_one", give="8S", take="KC")
    assert sorted(again.centre) == ["7S", "8S", "9S"] and again.turn == C and again.phase == EXCHANGE
    assert GAME.apply(again, {"type": "refresh", "cards": "AC AD AH"}, C).turn == C  # C may ask the same way
    assert refusal(dealt(centre="7C 8D 9H"), {"type": "refresh", "cards": "7S QC KC"}, A) == "SC-R12"


def test_sc_e24_only_the_player_on_turn_asks_and_only_before_acting():
    state = dealt(centre="7C 8D 9H", seven_eight_nine="replace")
    assert refusal(state, {"type": "refresh", "cards": "7S QC KC"}, B) == "SC-R1"
    assert GAME.apply(state, {"type": "refresh", "cards": "7S QC KC"}).turn == A  # the host, for A
    passed = act(state, A, "pass")  # A let the chance go: B may ask now, A no longer
    assert refusal(passed, {"type": "refresh", "cards": "7S QC KC"}, A) == "SC-R1"
    assert GAME.apply(passed, {"type": "refresh", "cards": "7S QC KC"}, B).turn == B


def test_sc_e24_the_new_centre_is_offered_to_the_player_on_turn_alongside_the_turn():
    state = dealt(centre="7C 8D 9H", seven_eight_nine="replace")
    offered = {offer["type"] for offer in GAME.offers(state, A)}
    assert {"refresh", "swap_one", "pass"} <= offered
    assert "refresh" not in {offer["type"] for offer in GAME.offers(state, B)}
    for viewer in (HOST, A, B):
        check_offers(GAME, state, GAME.legal_entries(state), viewer)


def _dealt_by_a(**options):
    """SC-E25's deals: A deals (keeping the hand), so B acts first; the centre is AD 8H 9C."""
    state = GAME.apply(GAME.new_game(["A", "B", "C", "D"], options), {"type": "first_dealer", "seat": A})
    if state.phase == DEALER_CHOICE:
        state = GAME.apply(state, {"type": "dealer_choice", "choice": "keep"})
    return GAME.apply(state, {"type": "lay_centre", "cards": "AD 8H 9C"})


def test_sc_e25_a_shown_31_counts_as_the_close_bga_timing():
    state = _dealt_by_a(show_effect="close")
    for seat in (B, C, D):
        state = act(state, seat, "pass")
    state = act(act(state, A, "swap_one", give="7S", take="AD"), A, "show", cards="AD KD 10D")
    assert state.phase == EXCHANGE and state.closer == A and state.turn == B
    for seat in (B, C, D):
        assert refusal(state, {"type": "close"}, seat) == "SC-R7"
        assert refusal(state, {"type": "swap_one", "give": "QS", "take": "AD"}, seat) == "SC-R4"  # not in the centre
        state = act(state, seat, "pass")
    assert state.phase == SHOWDOWN
    for seat, cards in [(B, "AC KC 8C"), (C, "AH QH 7H"), (D, "AS JS 9S")]:
        state = GAME.apply(state, {"type": "reveal", "cards": cards}, seat)
    assert losers(state) == {"C": 1}


def test_sc_e25_a_show_during_anothers_turn_classic_timing_counts_from_the_show():
    state = act(_dealt_by_a(preset="classic", show_effect="close"), B, "pass")
    assert state.turn == C
    state = GAME.apply(state, {"type": "show", "cards": "AH KH QH"}, D)
    assert state.closer == D and state.turn == C
    for seat in (C, A, B):  # C's turn in progress is C's last; D's is skipped
        assert state.phase == EXCHANGE and state.turn == seat
        state = act(state, seat, "pass")
    assert state.phase == SHOWDOWN


def test_sc_e25_without_the_house_rule_the_show_ends_the_round():
    state = act(_dealt_by_a(preset="classic"), B, "pass")
    assert GAME.apply(state, {"type": "show", "cards": "AH KH QH"}, D).phase == SHOWDOWN


# --------------------------------------------------------------------------- the rest of the rules


def test_sc_r1_only_the_current_player_acts():
    with pytest.raises(Refusal, match="It is A's turn"):
        act(dealt(), B, "pass")


def test_sc_r2_phases():
    state = GAME.apply(GAME.new_game(["A", "B"]), {"type": "first_dealer", "seat": B})
    assert refusal(state, {"type": "pass"}, A) == "SC-R2"
    assert refusal(state, {"type": "lay_centre", "cards": "7H 8H 9H"}) == "SC-R2"  # dealer first


def test_sc_r3_exchange_method():
    with pytest.raises(Refusal, match="you draw and discard; there is no centre"):
        act(dealt(centre="QS", rule_set="blitz"), A, "pass")
    assert refusal(dealt(), {"type": "draw_discard", "source": "stock", "discard": "7S"}, A) == "SC-R3"


def test_sc_r4_take_comes_from_the_centre():
    with pytest.raises(Refusal, match="A♠ is not in the centre"):
        act(dealt(), A, "swap_one", give="7S", take="AS")


def test_sc_r6_swap_all_gives_back_known_cards():
    state = act(dealt(centre="KH 8C 9D"), A, "swap_one", give="7S", take="KH")
    for seat in (B, C, D):
        state = act(state, seat, "pass")
    with pytest.raises(Refusal, match="You hold K♥ from the centre") as caught:
        act(state, A, "swap_all", give="7H 8H 9H")
    assert caught.value.rule == "SC-R6"


def test_sc_r13_only_the_dealer_chooses():
    state = GAME.apply(GAME.new_game(["Ada", "Ben"]), {"type": "first_dealer", "seat": 0})
    with pytest.raises(Refusal, match="Only the dealer, Ada, chooses whether to exchange"):
        GAME.apply(state, {"type": "dealer_choice", "choice": "keep"}, 1)


def test_sc_r14_one_reveal_each_and_reveals_stay_hidden_until_all_are_in():
    state = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "first_dealer", "seat": C})
    state.phase = SHOWDOWN
    state = GAME.apply(state, {"type": "reveal", "cards": "AS KS 9S"}, A)
    assert refusal(state, {"type": "reveal", "cards": "AH KH 9H"}, A) == "SC-R14"
    assert GAME.view(state, A)["players"][A]["reveal"] == {"cards": ["AS", "KS", "9S"]}
    for viewer in (B, HOST, None):
        seen = GAME.view(state, viewer)["players"][A]
        assert seen["revealed"] and seen["reveal"] is None
    assert "AS" not in GAME.describe(state, {"type": "reveal", "seat": A, "cards": "AS KS 9S"})


def test_sc_c2_a_reveal_is_checked_against_no_hidden_reveal():
    """Issue 25: while A's reveal is hidden, B's reveal of one of its cards is taken (a refusal
    would name A's card); once all are in, the card in two hands holds the showdown, naming both."""
    state = GAME.apply(GAME.new_game(["A", "B", "C"]), {"type": "first_dealer", "seat": C})
    state.phase = SHOWDOWN
    state = GAME.apply(state, {"type": "reveal", "cards": "JC QC KC"}, A)
    state = GAME.apply(state, {"type": "reveal", "cards": "JC 10D 7D"}, B)
    assert state.clash == [] and GAME.view(state, B)["players"][A]["reveal"] is None
    before = state
    state = GAME.apply(state, {"type": "reveal", "cards": "AH KH 7S"}, C)
    assert state.phase == SHOWDOWN and state.result is None and state.lives == before.lives
    assert state.clash == [{"card": "JC", "seats": [A, B]}]
    for viewer in (A, B, C, HOST, None):
        view = GAME.view(state, viewer)
        assert view["clash"] == [
            "SC-C2: J♣ is entered in both A's and B's hands: the host corrects one of them (on the board, or in History)."
        ]
        assert [p["reveal"]["cards"] for p in view["players"]] == [
            ["JC", "QC", "KC"],
            ["JC", "10D", "7D"],
            ["AH", "KH", "7S"],
        ]
        assert view["actions"] == []
    assert GAME.reveals(before, {"type": "reveal", "seat": C, "cards": "AH KH 7S"}, state) == "SC-R14"
    assert GAME.shows_secrets(before, {"type": "reveal", "seat": C, "cards": "AH KH 7S"}, state)


def test_sc_c2_a_shown_hand_is_still_checked_when_it_is_entered():
    """A hand laid open (31 shown) is public: a reveal holding its card is refused at once."""
    state = GAME.apply(GAME.new_game(["A", "B", "C"], {"preset": "classic"}), {"type": "first_dealer", "seat": C})
    state.phase, state.shower = SHOWDOWN, A
    state.reveals = {str(A): {"cards": ["AD", "KD", "10D"]}}
    with pytest.raises(Refusal, match="A♦ is in A's shown hand") as caught:
        GAME.apply(state, {"type": "reveal", "cards": "AD 7S 8S"}, B)
    assert caught.value.rule == "SC-C2"


def test_sc_r15_an_eliminated_player_enters_nothing():
    state = dealt(("A", "B", "C"))
    state.out[B] = True
    assert refusal(state, {"type": "pass"}, B) == "SC-R15"


def test_sc_c1_piquet_deck_and_sc_c5_shape():
    state = dealt()
    with pytest.raises(Refusal, match="5H is not in the piquet deck"):
        act(state, A, "swap_one", give="5H", take="QH")
    assert refusal(state, {"type": "swap_all", "give": "7S 7S 8S"}, A) == "SC-C5"


def test_sc_c3_a_fully_known_hand():
    state = act(dealt(), A, "swap_all", give="7C 8S 9D")
    for seat in (B, C, D):
        state = act(state, seat, "pass")
    with pytest.raises(Refusal, match="Your hand is known") as caught:
        act(state, A, "swap_one", give="AS", take="7C")
    assert caught.value.rule == "SC-C3"


def test_sc_c9_table_size():
    with pytest.raises(Refusal):
        GAME.new_game(list("ABCDEFGHI"))
    assert GAME.new_game(list("ABCDEFGH")).stock == 0


def test_presets_fill_every_option_and_the_host_may_change_one():
    classic = GAME.new_game(["A", "B"], {"preset": "classic", "tie_rule": "suit"})
    assert classic.options["fire_effect"] == "others_lose_one" and classic.options["tie_rule"] == "suit"
    assert "preset" not in classic.options.values()


def test_the_dealer_rotates_skipping_players_who_are_out():
    state = at_showdown(["AS KS 9S", "7H 8H 9H", "AC KC 9C"], lives=[3, 0, 3])
    assert state.out[B] and state.dealer == A and state.phase == DEALER_CHOICE


def test_apply_never_changes_its_input_and_dump_load_round_trip():
    state = dealt()
    frozen = GAME.dump(state)
    act(state, A, "pass")
    assert GAME.dump(state) == frozen and GAME.load(frozen) == state


@pytest.mark.parametrize(
    "action",
    [
        None,
        {"type": "x"},
        {"type": ["pass"]},
        {"type": "swap_one", "give": 3},
        {"type": "swap_one", "give": "ZZ", "take": "QH"},
        {"type": "draw_discard", "source": "sky", "discard": "7S"},
        {"type": "reveal", "seat": "x", "cards": "7S 8S 9S"},
    ],
)
def test_unreadable_entries_refuse(action):
    with pytest.raises(Refusal):
        GAME.apply(dealt(), action, HOST)


def test_sc_c6_score_only_ties_in_one_suit_ask_for_the_cards():
    state = GAME.new_game(["A", "B", "C"], {"reveal_mode": "score_only", "minimum_score": "off"})
    state = GAME.apply(state, {"type": "first_dealer", "seat": C})
    state.phase = SHOWDOWN
    state = GAME.apply(state, {"type": "reveal", "seat": A, "value": 20, "suit": "H"})
    state = GAME.apply(state, {"type": "reveal", "seat": B, "value": 20, "suit": "H"})
    state = GAME.apply(state, {"type": "reveal", "seat": C, "value": 30, "suit": "S"})
    assert state.cards_asked == [A, B] and state.result is None
    assert {"type": "reveal", "seat": A} in GAME.view(state, A)["actions"]
    assert refusal(state, {"type": "reveal", "seat": A, "cards": "AH JH 7S"}) == "SC-C6"  # 21, not 20
    state = GAME.apply(state, {"type": "reveal", "seat": A, "cards": "10H JH 7S"})
    state = GAME.apply(state, {"type": "reveal", "seat": B, "cards": "QH KH 8S"})
    assert losers(state) == {"A": 1}  # K-Q beats J-10 in hearts


def test_sc_c6_cards_asked_after_a_tie_are_checked_against_each_other_once_all_are_in():
    state = GAME.new_game(["A", "B", "C"], {"reveal_mode": "score_only", "minimum_score": "off"})
    state = GAME.apply(state, {"type": "first_dealer", "seat": C})
    state.phase = SHOWDOWN
    for seat, value, suit in ((A, 20, "H"), (B, 20, "H"), (C, 30, "S")):
        state = GAME.apply(state, {"type": "reveal", "seat": seat, "value": value, "suit": suit})
    state = GAME.apply(state, {"type": "reveal", "seat": A, "cards": "10H JH 7S"})
    state = GAME.apply(state, {"type": "reveal", "seat": B, "cards": "10H JH 8S"})  # 10♥ J♥ again, unseen by B
    assert state.clash == [{"card": "10H", "seats": [A, B]}, {"card": "JH", "seats": [A, B]}]
    assert state.result is None and len(GAME.view(state, None)["clash"]) == 2


def test_sc_r10_own_turn_show_is_refused_off_turn():
    state = act(act(dealt(centre="AD QC 8S", first_turn_close="allowed"), A, "pass"), B, "pass")
    with pytest.raises(Refusal, match="on your own turn") as caught:
        act(state, D, "show", cards="AH KH 10H")  # it is C's turn, and D did not just act
    assert caught.value.rule == "SC-R10"
    assert {"type": "show", "seat": D} not in GAME.view(state, D)["actions"]
    assert {"type": "show", "seat": B} not in GAME.view(state, B)["actions"]  # B just passed: no exchange (issue 20)
    assert {"type": "show", "seat": C} in GAME.view(state, C)["actions"]  # C's turn


def test_the_board_offers_a_show_only_when_sc_r8_allows_it():
    state = dealt()  # bga: dealer_only, own_turn
    assert [a for a in GAME.view(state, HOST)["actions"] if a["type"] in ("show", "close")] == []
    classic = dealt(preset="classic")
    assert [a["seat"] for a in GAME.view(classic, HOST)["actions"] if a["type"] == "show"] == [A, B, C, D]


def test_sc_r2_the_showdown_takes_only_reveals():
    state = _to_b_closing()
    for seat in (C, D, A):
        state = act(state, seat, "pass")
    with pytest.raises(Refusal, match="The round is at the showdown: reveal your hand"):
        act(state, C, "pass")
    assert refusal(state, {"type": "show", "cards": "AD KD 10D"}, C) == "SC-R2"


def test_sc_r12_a_new_centre_only_after_everyone_passed():
    assert refusal(dealt(), {"type": "refresh", "cards": "7C 8C 9C"}) == "SC-R12"
    state = dealt()
    for seat in (A, B, C, D):
        state = act(state, seat, "pass")
    assert refusal(state, {"type": "refresh", "cards": "QH 8C 9C"}) == "SC-C2"  # QH was set aside
    assert refusal(state, {"type": "pass"}, A) == "SC-R2"


def _blitz_pair(**options):
    return dealt(("A", "B"), centre="QS", rule_set="blitz", **options)


def _discard_unseen(state, seat, card):
    return act(state, seat, "draw_discard", source="stock", discard=card)


FULL_DECK = [
    f"{rank}{suit}" for suit in "CSHD" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
]


def test_sc_r11_an_empty_draw_and_discard_stock_is_reshuffled():
    state = _blitz_pair()
    fresh = iter(c for c in FULL_DECK if c != "QS")
    assert state.stock == 52 - 6 - 1
    while state.stock:
        state = _discard_unseen(state, state.turn, next(fresh))
    assert len(state.discard) == 46
    top = state.discard[-1]
    state = _discard_unseen(state, state.turn, "QS")  # QS was shuffled in: unknown again
    assert state.stock == 44 and state.discard == [top, "QS"]
    assert any("shuffled into a new stock" in note for note in state.notes)


def test_sc_r11_with_stock_exhausted_showdown_the_last_stock_card_ends_the_round():
    state = _blitz_pair(stock_exhausted="showdown")
    fresh = iter(c for c in FULL_DECK if c != "QS")
    while state.phase == EXCHANGE:
        state = _discard_unseen(state, state.turn, next(fresh))
    assert state.phase == SHOWDOWN and state.stock == 0 and len(state.discard) == 46


def test_sc_r11_the_card_just_drawn_unseen_may_go_even_from_a_known_hand():
    state = _blitz_pair()
    for give in ("2C", "2D", "2H"):  # A takes the top discard three times: A's hand is known
        state = act(state, A, "draw_discard", source="pile", discard=give)
        state = act(state, B, "draw_discard", source="stock", discard=f"3{give[-1]}")
    assert sorted(state.known[A]) == ["3C", "3D", "QS"]
    state = _discard_unseen(state, A, "9H")  # the card A just drew
    assert sorted(state.known[A]) == ["3C", "3D", "QS"]
    assert refusal(state, {"type": "draw_discard", "source": "pile", "discard": "9H"}, B) == "SC-R11"


def test_dealer_exchange_keeps_the_stock_count_as_section_5_1_says():
    commerce = GAME.apply(GAME.new_game(["A", "B"]), {"type": "first_dealer", "seat": B})
    exchanged = GAME.apply(commerce, {"type": "dealer_choice", "choice": "exchange"}, B)
    assert GAME.apply(exchanged, {"type": "lay_centre", "cards": "7C 8C 9C"}).stock == 23
    blitz = GAME.apply(GAME.new_game(["A", "B"], {"rule_set": "blitz"}), {"type": "first_dealer", "seat": B})
    blitz = GAME.apply(blitz, {"type": "dealer_choice", "choice": "exchange"}, B)
    assert GAME.apply(blitz, {"type": "turn_up", "cards": "2C"}).stock == 45


@pytest.mark.parametrize(
    "players, piquet_commerce, full_commerce, piquet_draw, full_draw",
    [
        (2, 23, 43, 25, 45),
        (3, 20, 40, 22, 42),
        (4, 17, 37, 19, 39),
        (5, 14, 34, 16, 36),
        (6, 11, 31, 13, 33),
        (7, 8, 28, 10, 30),
        (8, 5, 25, 7, 27),
    ],
)
def test_stock_size_after_the_deal(players, piquet_commerce, full_commerce, piquet_draw, full_draw):
    names = [f"P{i}" for i in range(players)]
    for deck, method, stock in (
        ("yes", "commerce", piquet_commerce),
        ("no", "commerce", full_commerce),
        ("yes", "draw_discard", piquet_draw),
        ("no", "draw_discard", full_draw),
    ):
        state = dealt(names, centre="7C 8C 9C" if method == "commerce" else "7C", remove_2_to_6=deck, exchange=method)
        assert state.stock == stock


# --------------------------------------------------------------------------- house rules and presets


def test_an_explicit_deck_wins_over_the_rule_set_which_then_reads_custom():
    full = GAME.new_game(["A", "B"], {"remove_2_to_6": "no"})
    assert full.options["remove_2_to_6"] == "no" and full.options["exchange"] == "commerce"
    assert full.options["rule_set"] == "custom"
    assert GAME.new_game(["A", "B"], {"rule_set": "blitz"}).options["exchange"] == "draw_discard"
    classic_blitz = GAME.new_game(["A", "B"], {"preset": "classic", "rule_set": "blitz"}).options
    assert (classic_blitz["remove_2_to_6"], classic_blitz["exchange"]) == ("no", "draw_discard")


@pytest.mark.parametrize("preset", ["bga", "classic"])
def test_each_preset_fills_in_the_table_of_section_6(preset):
    options = GAME.new_game(["A", "B"], {"preset": preset}).options
    assert options == {"preset": preset, **PRESETS[preset]}
    assert options["lives"] == "3" and options["remove_2_to_6"] == "yes"


def test_sc_c9_lives_run_from_0_to_5():
    assert GAME.new_game(["A", "B"], {"lives": "0"}).lives == [0, 0]
    with pytest.raises(Refusal):
        GAME.new_game(["A", "B"], {"lives": "6"})


# --------------------------------------------------------------------------- the showdown as the table sees it


def test_the_result_lists_hands_values_losses_and_who_is_now_swimming():
    state = at_showdown(HANDS_E2, lives=[1, 1, 3, 0])
    result = state.result
    assert result["hands"]["1"] == ["QH", "10H", "JD"] and result["values"] == {"0": 21, "1": 20, "2": 30, "3": 30.5}
    assert result["losses"] == {"0": ["lowest hand"], "1": ["20 or less"]}
    assert result["swimming"] == [A, B] and result["eliminated"] == []
    assert [p["swimming"] for p in GAME.view(state)["players"]] == [True, True, False, True]


def test_a_shared_win_puts_nobody_out():
    state = at_showdown(["7H 8H 9H", "7D 8D 9D"], "classic", lives=[0, 0], all_out="shared_win")
    assert state.winners == [A, B] and state.out == [False, False] and state.result["eliminated"] == []


def test_a_conflicting_reveal_is_taken_and_named_with_both_hands_once_all_are_in():
    """Issue 25: the refusal of a reveal holding a hidden hand's card told B it was there; now the
    reveal is taken and the clash shown to everyone with the hands, since all are in."""
    state = GAME.apply(GAME.new_game(["Ann", "Ben"]), {"type": "first_dealer", "seat": B})
    state.phase = SHOWDOWN
    state = GAME.apply(state, {"type": "reveal", "cards": "AS KS 9S"}, A)
    assert "AS" not in str(GAME.view(state, B)) and "AS" not in str(GAME.view(state, HOST))
    state = GAME.apply(state, {"type": "reveal", "cards": "AS 7H 8H"}, B)
    assert state.clash == [{"card": "AS", "seats": [A, B]}] and state.result is None
    assert "Ann's and Ben's hands" in GAME.view(state, None)["clash"][0]


def test_the_grids_know_which_cards_cannot_be_entered():
    state = act(dealt(centre="KH 8C 9D"), A, "swap_one", give="9H", take="KH")
    seen = GAME.view(state, B)
    assert "KH" in seen["players"][B]["elsewhere"] and "KH" not in seen["players"][A]["elsewhere"]
    assert {"9H", "8C", "9D"} <= set(seen["players"][A]["elsewhere"])
    assert "KH" in seen["not_in_stock"]
    names = list("ABCDEFGH")
    state = _all_pass(GAME.apply(_all_pass(dealt(names, centre="7H 8H 9H")), {"type": "refresh", "cards": "7C 8C 9C"}))
    assert "7H" not in GAME.view(state)["not_in_stock"]  # shuffled back into the stock: may turn up again


# --------------------------------------------------------------------------- table rulings


def test_a_ruling_out_of_turn_records_the_named_seat_and_play_goes_on_from_there():
    state = dealt(centre="KH 8C 9D")
    assert GAME.overridden_rule(state, {"type": "swap_one", "seat": B, "give": "7S", "take": "KH"}, HOST) == "SC-R1"
    state = GAME.apply(state, {"type": "swap_one", "seat": B, "give": "7S", "take": "KH"}, HOST, ruling=True)
    assert state.known[B] == ["KH"] and state.known[A] == [] and state.turn == C
    assert state.notes[0] == "Table ruling, overriding SC-R1."


def test_a_ruling_against_the_ledger_keeps_each_card_in_one_place():
    state = act(dealt(centre="KH 8C 9D"), A, "swap_one", give="9H", take="KH")
    # KH is known to be in A's hand: no ruling lets B give it (SC-C2, see tests/games/test_rulings.py)
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, {"type": "swap_one", "give": "KH", "take": "9H"}, HOST, ruling=True)
    assert (caught.value.rule, caught.value.overridable) == ("SC-C2", False)


def test_a_ruling_never_takes_the_stock_below_zero():
    state = _blitz_pair()
    state.stock = 0
    assert refusal(state, {"type": "draw_discard", "source": "stock", "discard": "2C"}, A) == "SC-R11"
    # nothing to draw: no ruling makes a card (see tests/games/test_rulings.py)
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, {"type": "draw_discard", "seat": A, "source": "stock", "discard": "2C"}, HOST, ruling=True)
    assert (caught.value.rule, caught.value.overridable) == ("SC-R11", False)


@pytest.mark.parametrize("raw", ["nan", "inf", True, [27]])
def test_score_only_values_that_are_no_number_are_unreadable_even_for_a_ruling(raw):
    state = GAME.apply(GAME.new_game(["A", "B"], {"reveal_mode": "score_only"}), {"type": "first_dealer", "seat": B})
    state.phase = SHOWDOWN
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, {"type": "reveal", "seat": A, "value": raw, "suit": "H"}, HOST, ruling=True)
    assert not caught.value.overridable
