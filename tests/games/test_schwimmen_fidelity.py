"""Schwimmen rules fidelity (issue 20): items an independent implementation written from
../shared/rules/schwimmen.md found, each written from the rule text, and the house-rule variants
other tables play, each with a worked example. Test names start with the rule or option."""

from __future__ import annotations

import pytest

from referee.games.schwimmen import GAME
from referee.games.schwimmen.state import EXCHANGE, REFRESH, SHOWDOWN, VARIANTS
from referee.games.base import HOST, Refusal
from referee.games.cards import parse_card
from referee.games.schwimmen import scoring
from tests.games import schwimmen_walks as sc_walks
from tests.games.schwimmen_walks import act, dealt
from tests.games.test_offers import check_offers

A, B, C, D = 0, 1, 2, 3


def refused(state, action, by=HOST) -> Refusal:
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, action, by)
    return caught.value


def at_showdown(hands: list[str], preset="bga", closer=None, **options):
    """A round dealt by the last seat, at the showdown with ``hands`` revealed in seat order."""
    names = ["A", "B", "C", "D"][: len(hands)]
    state = GAME.new_game(names, {"preset": preset, **options})
    state = GAME.apply(state, {"type": "first_dealer", "seat": len(names) - 1})
    state.phase, state.closer = SHOWDOWN, closer
    for seat, cards in enumerate(hands):
        state = GAME.apply(state, {"type": "reveal", "seat": seat, "cards": cards})
    return state


def losers(state) -> dict[str, int]:
    return {state.players[int(s)]: len(r) for s, r in state.result["losses"].items()}


def score_only_showdown(**options):
    state = GAME.new_game(["A", "B"], {"reveal_mode": "score_only", **options})
    state = GAME.apply(state, {"type": "first_dealer", "seat": B})
    state.phase = SHOWDOWN
    return state


# --------------------------------------------------------------------------- SC-R15


@pytest.mark.parametrize(
    "kind, cards, options", [("lay_centre", "7C 8C 9C", {}), ("turn_up", "2C", {"rule_set": "blitz"})]
)
def test_sc_r15_an_eliminated_players_phone_turns_up_no_cards(kind, cards, options):
    """SC-R15: "An eliminated player enters nothing", the cards turned up from the stock included."""
    state = GAME.new_game(["A", "B", "C"], {"dealer_exchange": "off", **options})
    state.out[B] = True
    state = GAME.apply(state, {"type": "first_dealer", "seat": C})
    refusal = refused(state, {"type": kind, "cards": cards}, B)
    assert (refusal.rule, refusal.overridable) == ("SC-R15", False)
    assert GAME.view(state, B)["actions"] == []
    assert GAME.apply(state, {"type": kind, "cards": cards}, A).phase == EXCHANGE  # the others still may


def test_sc_r15_an_eliminated_players_phone_lays_no_new_centre():
    state = dealt(("A", "B", "C"), out=[B])
    for seat in (A, C):
        state = act(state, seat, "pass")
    assert state.phase == REFRESH
    assert refused(state, {"type": "refresh", "cards": "7C 8C 9C"}, B).rule == "SC-R15"
    assert GAME.apply(state, {"type": "refresh", "cards": "7C 8C 9C"}, C).phase == EXCHANGE


# --------------------------------------------------------------------------- SC-R10


def test_sc_r10_own_turn_no_show_right_after_a_pass():
    """SC-R10 under own_turn: "on one's own turn, instead of an action ...; also right after one's
    own exchange". A pass is no exchange: who just passed waits for the next turn."""
    state = act(dealt(centre="AD QC 8S", first_turn_close="allowed"), A, "pass")
    refusal = refused(state, {"type": "show", "cards": "AH KH 10H"}, A)
    assert refusal.rule == "SC-R10"
    assert {"type": "show", "seat": A} not in GAME.view(state, A)["actions"]
    assert act(state, B, "show", cards="AS KS 10S").shower == B  # B is on turn


def test_sc_r10_own_turn_no_show_right_after_a_close():
    state = act(dealt(centre="AD QC 8S", first_turn_close="allowed"), A, "close")
    assert refused(state, {"type": "show", "cards": "AH KH 10H"}, A).rule == "SC-R10"


def test_sc_r10_own_turn_no_show_by_the_last_to_pass_before_or_after_the_new_centre():
    state = dealt(centre="AD QC 8S", first_turn_close="allowed")
    for seat in (A, B, C, D):
        state = act(state, seat, "pass")
    assert state.phase == REFRESH
    assert refused(state, {"type": "show", "cards": "AH KH 10H"}, D).rule == "SC-R10"
    state = GAME.apply(state, {"type": "refresh", "cards": "7C 8C 9C"})
    assert refused(state, {"type": "show", "cards": "AH KH 10H"}, D).rule == "SC-R10"


def test_sc_r10_own_turn_a_show_right_after_an_exchange_stays_allowed():
    state = act(dealt(centre="AD QC 8S", first_turn_close="allowed"), A, "swap_one", give="7S", take="AD")
    assert act(state, A, "show", cards="AD KD 10D").shower == A
    blitz = act(
        dealt(centre="QS", rule_set="blitz", first_turn_close="allowed"), A, "draw_discard", source="pile", discard="2C"
    )
    assert act(blitz, A, "show", cards="AS KS QS").shower == A


# --------------------------------------------------------------------------- SC-C6


def test_sc_c6_fire_entered_as_32_with_a_scoring_suit_is_accepted():
    """SC-C6: "30.5 needs a triple rank; any other value needs a scoring suit" (32 is not 30.5)."""
    state = GAME.apply(score_only_showdown(), {"type": "reveal", "seat": A, "value": 32, "suit": "C"})
    state = GAME.apply(state, {"type": "reveal", "seat": B, "value": 31, "suit": "S"})
    assert losers(state) == {"B": 1}


def test_sc_c6_fire_may_still_be_named_by_its_aces():
    state = GAME.apply(score_only_showdown(), {"type": "reveal", "seat": A, "value": 32, "triple": "A"})
    assert GAME.apply(state, {"type": "reveal", "seat": B, "value": 31, "suit": "S"}).result["losses"] == {
        "1": ["lowest hand"]
    }


@pytest.mark.parametrize(
    "options, value, triple",
    [
        ({}, 30.5, "A"),  # under fire three aces are 32, not 30.5
        ({}, 30.5, "5"),  # no 5s in the piquet deck
        ({}, 32, "K"),  # only three aces are fire
        ({"remove_2_to_6": "no", "rule_set": "custom"}, 32, "2"),
    ],
)
def test_sc_c6_triples_that_cannot_exist_are_refused(options, value, triple):
    """SC-C6: "the value must be one of the values listed in 5.3 for the deck and options in use";
    5.3: "if rank is A and three_of_a_kind == fire: return FIRE (32)", else 30.5."""
    refusal = refused(score_only_showdown(**options), {"type": "reveal", "seat": A, "value": value, "triple": triple})
    assert (refusal.rule, refusal.overridable) == ("SC-C6", False)


@pytest.mark.parametrize(
    "options, triple",
    [({"three_of_a_kind": "three_of_a_kind"}, "A"), ({"remove_2_to_6": "no", "rule_set": "custom"}, "5"), ({}, "7")],
)
def test_sc_c6_triples_that_exist_are_accepted(options, triple):
    state = GAME.apply(score_only_showdown(**options), {"type": "reveal", "seat": A, "value": 30.5, "triple": triple})
    assert state.reveals[str(A)]["value"] == 30.5


# --------------------------------------------------------------------------- SC-R12


def test_sc_r12_a_new_centre_of_two_cards_cites_sc_r12():
    """SC-R12: the refresh "takes exactly 3 cards that pass the ledger"."""
    state = dealt()
    for seat in (A, B, C, D):
        state = act(state, seat, "pass")
    refusal = refused(state, {"type": "refresh", "cards": "7C 8C"})
    assert (refusal.rule, refusal.overridable) == ("SC-R12", False)
    assert refused(state, {"type": "refresh", "cards": "7C 7C 8C"}).rule == "SC-C5"  # a card twice: the shape


# --------------------------------------------------------------------------- 5.4: tied triples


def test_classic_of_two_tied_triples_at_the_bottom_the_higher_triple_wins():
    """Classic (tie_rule all_lose): "bei Gleichstand zählt das höhere Blatt". SC-E19's hands."""
    assert losers(at_showdown(["8C 8H 8D", "KS KH KD"], "classic")) == {"A": 1}
    assert losers(at_showdown(["KS KH KD", "8C 8H 8D"], "classic")) == {"B": 1}


def test_classic_other_ties_still_all_lose():
    assert losers(at_showdown(["AS 10S 7H", "AD KD 8C", "KC QC 9C", "JH QH 9H"], "classic")) == {"A": 1, "B": 1}
    assert losers(at_showdown(["7H 8H 9H", "7D 8D 9D"], "classic")) == {"A": 1, "B": 1}


# --------------------------------------------------------------------------- 5.3: hand_of


@pytest.mark.parametrize("cards", ["KC KH", "KC", "", "KC KH KD KS"])
def test_hand_of_takes_exactly_three_cards(cards):
    """5.3 scores a hand of three cards; two kings are no triple (SC-C5: a hand is 3 cards)."""
    with pytest.raises(ValueError):
        scoring.hand_of(0, [parse_card(c) for c in cards.split()], "fire")


# --------------------------------------------------------------------------- house-rule variants


def test_option_closer_loses_every_tie():
    """closer_ties = closer_loses: C closed with 24 in hearts, A holds 24 in diamonds. By suit
    hearts would beat diamonds (A loses); here the closer loses the tie, so C loses."""
    hands = ["7D 8D 9D", "AS KS 9S", "7H 8H 9H"]
    assert losers(at_showdown(hands, closer=C)) == {"A": 1}
    assert losers(at_showdown(hands, closer=C, closer_ties="closer_loses")) == {"C": 1}
    assert losers(at_showdown(hands, "classic", closer=C, closer_ties="closer_loses")) == {"C": 1}
    assert losers(at_showdown(hands, "classic", closer=C)) == {"A": 1, "C": 1}


def test_option_a_closer_without_the_highest_hand_loses_a_life():
    """closer_not_highest = loses_a_life: C closed with 27; B holds 30 and A 24. A loses as the
    lowest, and C, who closed without the highest hand, loses a life too; once, even when C is
    also the lowest."""
    hands = ["7D 8D 9D", "AS KS 9S", "7H QH KH"]
    assert losers(at_showdown(hands, closer=C)) == {"A": 1}
    assert losers(at_showdown(hands, closer=C, closer_not_highest="loses_a_life")) == {"A": 1, "C": 1}
    assert losers(at_showdown(hands, closer=B, closer_not_highest="loses_a_life")) == {"A": 1}  # B was highest
    lowest = ["AD KD 8D", "AS KS 9S", "7H 8H 9H"]
    assert losers(at_showdown(lowest, closer=C, closer_not_highest="loses_a_life")) == {"C": 1}


def test_option_closer_loses_every_tie_cannot_go_with_the_closer_rule():
    assert GAME.new_game(["A", "B"], {"closer_ties": "closer_loses"}).options["closer_rule"] == "off"
    with pytest.raises(Refusal, match="closer rule"):
        GAME.new_game(["A", "B"], {"closer_rule": "on", "closer_ties": "closer_loses"})


def test_option_pass_only_once_per_round():
    """pass_limit = once: A passed on the first turn, so on the second A must swap (or close)."""
    state = dealt(pass_limit="once")
    for seat in (A, B, C):
        state = act(state, seat, "pass")
    state = act(state, D, "swap_one", give="7S", take="QH")
    refusal = refused(state, {"type": "pass"}, A)
    assert refusal.rule == "SC-R16" and refusal.overridable
    assert "pass" not in [a["type"] for a in GAME.view(state, A)["actions"]]
    state = act(state, A, "swap_one", give="8S", take="7S")
    assert act(state, B, "swap_one", give="9S", take="8S").turn == C
    state = dealt()  # the default: pass as often as you like
    for seat in (A, B, C, D):
        state = act(state, seat, "pass")
    state = act(GAME.apply(state, {"type": "refresh", "cards": "7C 8C 9C"}), A, "pass")
    assert state.passes == 1 and state.turn == B


def test_option_a_new_centre_when_7_8_9_lie_open():
    """seven_eight_nine = replace: the centre 7♣ 8♦ 9♥ stays until the player on turn asks for a
    new one (SC-E24 has the round), and the note says who may. A stock short of three cards is
    first refilled with the set-aside cards; a table that does not reshuffle (stock_exhausted =
    showdown) has no new centre to turn up, so nobody may ask."""
    names = list("ABCDEFGH")
    state = dealt(names, centre="7C 8D 9H", seven_eight_nine="replace")
    assert state.phase == EXCHANGE and "A 7, an 8 and a 9 lie open: A may ask for a new centre." in state.notes
    state = GAME.apply(state, {"type": "refresh", "cards": "7S 8S 9S"}, A)
    assert state.stock == 2 and state.turn == A
    state = GAME.apply(state, {"type": "refresh", "cards": "7C 8D 9H"}, A)  # the set-aside cards came back
    assert state.stock == 5 and state.set_aside == [] and state.stock_known == ["7S", "8S", "9S"]
    short = GAME.apply(
        dealt(names, centre="7C 8D 9H", seven_eight_nine="replace", stock_exhausted="showdown"),
        {"type": "refresh", "cards": "7S 8S 9S"},
        A,
    )
    assert short.stock == 2 and "refresh" not in {offer["type"] for offer in GAME.offers(short, A)}
    assert refused(short, {"type": "refresh", "cards": "AS AH AD"}, A).rule == "SC-R12"
    assert dealt(centre="7C 8D 9H").phase == EXCHANGE  # the default: they stay


def test_option_a_shown_31_acts_as_a_close():
    """show_effect = close: A swaps into 31 and lays it down; B, C and D each take one more turn
    (none may take A's cards), then the showdown scores A's shown hand."""
    state = dealt(centre="AD QC 8S", first_turn_close="allowed", show_effect="close")
    state = act(act(state, A, "swap_one", give="7S", take="AD"), A, "show", cards="AD KD 10D")
    assert state.phase == EXCHANGE and state.closer == A and state.turn == B
    assert refused(state, {"type": "close"}, B).rule == "SC-R7"
    assert refused(state, {"type": "swap_one", "give": "KD", "take": "7S"}, B).rule == "SC-C2"
    for seat in (B, C, D):
        state = act(state, seat, "pass")
    assert state.phase == SHOWDOWN and state.reveals[str(A)] == {"cards": ["AD", "KD", "10D"]}
    for seat, cards in [(B, "AC KC 8C"), (C, "AH QH 7H"), (D, "AS JS 9S")]:
        state = GAME.apply(state, {"type": "reveal", "cards": cards}, seat)
    assert losers(state) == {"C": 1}
    assert (
        act(
            act(dealt(centre="AD QC 8S", first_turn_close="allowed"), A, "swap_one", give="7S", take="AD"),
            A,
            "show",
            cards="AD KD 10D",
        ).phase
        == SHOWDOWN
    )  # the default: the round ends at once


def test_option_a_hand_laid_open_gives_no_cards_even_under_a_table_ruling():
    """Found by the table-ruling walks (test_rulings_properties): under show_effect = close a
    shown hand stays on the table; a ruling that let its player swap put the shown cards and the
    cards swapped out in that hand at once, and the card ledger no longer added up."""
    state = dealt(centre="QS 9D KH", preset="classic", show_effect="close")
    state = act(state, A, "swap_one", give="7H", take="9D")
    state = GAME.apply(state, {"type": "show", "seat": B, "cards": "AC KC QC"})  # any_time: on C's turn
    state = act(state, C, "swap_one", give="JS", take="7H")
    assert state.closer == B and state.turn == D
    for entry in (
        {"type": "swap_all", "seat": B, "give": "8D QD 9S"},
        {"type": "swap_one", "seat": B, "give": "8D", "take": "QS"},
        {"type": "swap_one", "seat": B, "give": "AC", "take": "QS"},
    ):
        with pytest.raises(Refusal) as caught:
            GAME.apply(state, entry, HOST, ruling=True)
        assert caught.value.rule == "SC-R1" and not caught.value.overridable  # the cards make SC-R1 firm
    sc_walks.assert_card_ledger(act(state, D, "pass"))


def test_option_a_hand_laid_open_on_turn_again_after_a_ruled_close_may_pass_but_not_swap():
    """A second close, allowed as a table ruling, hands the turn back to the player whose hand
    lies open: a pass is fine, a swap would take cards out of the shown hand."""
    state = dealt(centre="QS 9D KH", preset="classic", show_effect="close")
    state = GAME.apply(state, {"type": "show", "seat": B, "cards": "AC KC QC"})
    state = GAME.apply(state, {"type": "close", "seat": D}, HOST, ruling=True)
    state = act(state, A, "pass")
    assert state.turn == B and state.closer == D
    assert refused(state, {"type": "swap_one", "give": "8D", "take": "QS"}, B).rule == "SC-C3"
    state = act(state, B, "pass")
    sc_walks.assert_card_ledger(state)


def test_option_a_hand_laid_open_on_turn_again_is_offered_only_what_it_may_do():
    """The board offers what the engine accepts: to the player whose hand lies open and who is on
    turn again after a ruled close, no swap (SC-C3), only the pass; in draw and discard, only a
    draw from the stock, and none of the shown cards to discard."""
    state = dealt(centre="QS 9D KH", preset="classic", show_effect="close")
    state = GAME.apply(state, {"type": "show", "seat": B, "cards": "AC KC QC"})
    state = act(GAME.apply(state, {"type": "close", "seat": D}, HOST, ruling=True), A, "pass")
    assert state.turn == B
    offered = {offer["type"] for offer in GAME.offers(state, B)}
    assert "pass" in offered and not offered & {"swap_one", "swap_all"}
    for viewer in (HOST, B):
        check_offers(GAME, state, GAME.legal_entries(state), viewer)

    state = dealt(centre="9H", rule_set="blitz", lives="1", show_effect="close", show_timing="any_time")
    state = GAME.apply(state, {"type": "show", "seat": B, "cards": "AC KC QC"})
    state = act(
        GAME.apply(state, {"type": "close", "seat": D}, HOST, ruling=True),
        A,
        "draw_discard",
        source="stock",
        discard="2S",
    )
    assert state.turn == B and state.discard
    board = GAME.view(state, B)
    assert board["draw_from"] == ["stock"]
    assert {"AC", "KC", "QC"} <= set(board["players"][B]["cannot_discard"])
    for viewer in (HOST, B):
        check_offers(GAME, state, GAME.legal_entries(state), viewer)


def test_option_a_hand_laid_open_may_discard_a_card_drawn_unseen():
    """Draw and discard: a card drawn from the stock may go straight to the pile; the shown hand
    stays as it is, and no card of it can be discarded."""
    state = dealt(centre="9H", rule_set="blitz", lives="1", show_effect="close", show_timing="any_time")
    state = GAME.apply(state, {"type": "show", "seat": B, "cards": "AC KC QC"})
    state = GAME.apply(state, {"type": "close", "seat": D}, HOST, ruling=True)
    state = act(state, A, "draw_discard", source="stock", discard="2S")
    assert refused(state, {"type": "draw_discard", "source": "pile", "discard": "7C"}, B).rule == "SC-C3"
    assert refused(state, {"type": "draw_discard", "source": "stock", "discard": "AC"}, B).rule == "SC-C3"
    state = act(state, B, "draw_discard", source="stock", discard="5D")
    assert state.discard[-1] == "5D"
    sc_walks.assert_card_ledger(state)


def test_the_variants_default_to_todays_rules_in_both_presets():
    for preset in ("bga", "classic"):
        options = GAME.new_game(["A", "B"], {"preset": preset}).options
        assert (
            options["closer_ties"],
            options["pass_limit"],
            options["seven_eight_nine"],
            options["show_effect"],
            options["closer_not_highest"],
        ) == ("settled", "any", "keep", "showdown", "no_extra")


def test_a_state_stored_before_the_variants_loads_with_todays_rules_and_knows_who_just_exchanged():
    def stored_before(state) -> dict:
        data = GAME.dump(state)
        del data["last_exchange"], data["passed"]
        data["options"] = {k: v for k, v in data["options"].items() if k not in VARIANTS}
        return data

    swapped = act(dealt(centre="AD QC 8S", first_turn_close="allowed"), A, "swap_one", give="7S", take="AD")
    loaded = GAME.load(stored_before(swapped))
    assert {name: loaded.options[name] for name in VARIANTS} == {
        "closer_ties": "settled",
        "pass_limit": "any",
        "seven_eight_nine": "keep",
        "show_effect": "showdown",
        "closer_not_highest": "no_extra",
    }
    assert act(loaded, A, "show", cards="AD KD 10D").phase == SHOWDOWN
    passed = GAME.load(stored_before(act(dealt(centre="AD QC 8S", first_turn_close="allowed"), A, "pass")))
    assert refused(passed, {"type": "show", "cards": "AH KH 10H"}, A).rule == "SC-R10"
