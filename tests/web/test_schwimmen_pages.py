"""Schwimmen through the phone pages: a swap posted in two taps, close offered only when allowed."""

from __future__ import annotations

import re

from tests.helpers import Phone, seat_phone, text


def open_schwimmen(app, **options) -> Phone:
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cem"], "schwimmen", **options)
    host.look()
    return host


def test_every_option_is_offered_with_the_preset_as_default(client):
    page = text(client.get("/new/schwimmen"))
    for name in (
        "preset",
        "rule_set",
        "lives",
        "remove_2_to_6",
        "exchange",
        "dealer_exchange",
        "three_of_a_kind",
        "fire_effect",
        "thirty_one_effect",
        "show_timing",
        "closer_rule",
        "minimum_score",
        "tie_rule",
        "first_turn_close",
        "stock_exhausted",
        "all_out",
        "reveal_mode",
    ):
        assert f'name="{name}"' in page, name
    assert "<strong>as the rule family says</strong> (default)" in page
    assert "Board Game Arena: dealer only; classic: none" in page  # each family's value, in words


def test_a_swap_and_the_close_button_through_the_forms(app):
    host = open_schwimmen(app)
    host.enter({"type": "first_dealer", "seat": "2"})
    host.enter({"type": "dealer_choice", "choice": "keep"})
    page = text(host.enter({"type": "lay_centre", "cards": ["7C", "8C", "9C"]}))
    assert "Ann: tap your card, then the centre card you take" in page
    assert "Close (knock)" not in page  # Ann may not close on her first turn (dealer_only)
    page = text(host.enter({"type": "swap_one", "seat": "0", "give": "7S", "take": "9C"}))
    assert "holds" in page and "Ben</strong>'s turn" in page
    response = host.enter({"type": "swap_one", "seat": "1", "give": "9C", "take": "7S"})
    assert response.status_code == 422 and "SC-C2" in text(response)


def test_swap_all_posts_three_cards_from_checkboxes(app):
    host = open_schwimmen(app, dealer_exchange="off")
    host.enter({"type": "first_dealer", "seat": "2"})
    host.enter({"type": "lay_centre", "cards": ["7C", "8C", "9C"]})
    page = text(host.enter({"type": "swap_all", "seat": "0", "give": ["7H", "8H", "9H"]}))
    assert "7♥" in page and "Ben</strong>'s turn" in page


def test_the_acting_seat_sees_its_forms_and_the_others_see_whose_turn(app):
    host = open_schwimmen(app, dealer_exchange="off")
    ann, ben = seat_phone(app, host, 0), seat_phone(app, host, 1)
    host.enter({"type": "first_dealer", "seat": "2"})
    host.enter({"type": "lay_centre", "cards": ["7C", "8C", "9C"]})
    ann_page, ben_page = ann.look(), ben.look()
    assert "Ann: tap your card, then the centre card you take" in ann_page and ">Pass<" in ann_page
    assert "tap your card" not in ben_page and "Waiting for Ann" in ben_page
    assert "♥" in ben_page and 'aria-label="3 lives"' in ben_page
    response = ben.enter({"type": "pass"})
    assert response.status_code == 422 and "SC-R1" in text(response) and "It is Ann&#39;s turn" in text(response)
    assert "table ruling" not in text(response)  # only the host may rule
    page = text(ann.enter({"type": "swap_one", "seat": "0", "give": "7S", "take": "9C"}))
    assert "Waiting for Ben" in page
    assert "Ben: tap your card" in ben.look()


def test_a_whole_round_through_the_forms(app):
    host = open_schwimmen(app, lives="1")
    host.enter({"type": "first_dealer", "seat": "2"})
    host.enter({"type": "dealer_choice", "choice": "exchange"})
    host.enter({"type": "lay_centre", "cards": ["AC", "KC", "QC"]})
    for seat in ("0", "1", "2"):  # a full circle of passes
        page = text(host.enter({"type": "pass", "seat": seat}))
    assert "Everyone passed: turn up a new centre." in page and "Lay the new centre" in page
    page = text(host.enter({"type": "refresh", "cards": ["7H", "8H", "9H"]}))
    assert "stock 17" in page  # 32 - 9 dealt - 3 - 3 turned up
    host.enter({"type": "swap_all", "seat": "0", "give": ["AS", "KS", "10S"]})  # Ann: 7H 8H 9H
    page = text(host.enter({"type": "close", "seat": "1"}))
    assert "Ben closed: everyone else has one more turn." in page and "Close (knock)" not in page
    host.enter({"type": "pass", "seat": "2"})
    page = text(host.enter({"type": "swap_one", "seat": "0", "give": "7H", "take": "AS"}))
    assert "Showdown: 0 of 3 hands revealed" in page
    assert "Ann: tap your three cards (the ones you took are marked)" in page
    for code in ("AS", "8H", "9H"):  # every card of Ann's hand came from the centre: all pre-filled
        assert re.search(rf'value="{code}"\s+checked', page)
    response = host.enter({"type": "reveal", "seat": "0", "cards": ["8H", "9H", "JD"]})
    assert response.status_code == 422 and "SC-C3" in text(response)
    assert "Ann&#39;s hand is known" in text(response)  # the host entered it: said about Ann (issue 15)
    host.enter({"type": "reveal", "seat": "0", "cards": ["AS", "8H", "9H"]})  # 17 (H)
    page = text(host.enter({"type": "reveal", "seat": "1", "cards": ["AD", "KD", "QD"]}))  # 31
    players = re.search(r'<ul class="players sc">.*?</ul>', page, re.DOTALL).group(0)
    assert "8♥" not in players and "revealed" in players  # hands stay hidden until all are in
    page = text(host.enter({"type": "reveal", "seat": "2", "cards": ["JS", "QS", "8D"]}))  # 20
    assert "Round 1 showdown" in page and "17" in page and "31" in page
    assert "loses 1 (20 or less)" in page and "Ann is now swimming." in page and "Cem is now swimming." in page
    assert "Round 2 · Ann deals" in page


def test_score_only_showdown_through_the_forms(app):
    host = open_schwimmen(app, reveal_mode="score_only", dealer_exchange="off", first_turn_close="allowed")
    host.enter({"type": "first_dealer", "seat": "2"})
    host.enter({"type": "lay_centre", "cards": ["7C", "8C", "9C"]})
    host.enter({"type": "close", "seat": "0"})
    host.enter({"type": "pass", "seat": "1"})
    page = text(host.enter({"type": "pass", "seat": "2"}))
    assert "Ann: the hand's value" in page
    response = host.enter({"type": "reveal", "seat": "0", "value": "13", "suit": "H"})
    assert response.status_code == 422 and "SC-C6" in text(response) and "piquet deck" in text(response)
    host.enter({"type": "reveal", "seat": "0", "value": "27", "suit": "S"})
    host.enter({"type": "reveal", "seat": "1", "value": "30.5", "triple": "K"})
    page = text(host.enter({"type": "reveal", "seat": "2", "value": "25", "suit": "H"}))
    assert "Cem" in page and "loses 1 (lowest hand)" in page


def test_draw_and_discard_through_the_form(app):
    host = open_schwimmen(app, rule_set="blitz", dealer_exchange="off")
    host.enter({"type": "first_dealer", "seat": "2"})
    page = text(host.enter({"type": "turn_up", "cards": ["QS"]}))
    assert "Ann draws from" in page and 'value="2C"' in page
    response = host.enter({"type": "draw_discard", "seat": "0", "source": "pile", "discard": "QS"})
    assert response.status_code == 422 and "SC-R11" in text(response)
    page = text(host.enter({"type": "draw_discard", "seat": "0", "source": "pile", "discard": "4C"}))
    assert "holds" in page and "Q♠" in page and "stock 42" in page


def test_the_host_lays_down_31_for_any_seat_under_classic(app):
    host = open_schwimmen(app, preset="classic", dealer_exchange="off")
    host.enter({"type": "first_dealer", "seat": "2"})
    page = text(host.enter({"type": "lay_centre", "cards": ["7C", "8C", "9C"]}))
    assert "Who shows?" in page and page.count('name="seat" value="') >= 3
    page = text(host.enter({"type": "show", "seat": "1", "cards": ["AD", "KD", "10D"]}))
    assert "Ben shows A♦ K♦ 10♦: showdown." in page and "Showdown: 1 of 3 hands revealed" in page


def test_the_variants_chosen_are_named_on_the_board_and_a_second_pass_is_not_offered(app):
    host = open_schwimmen(
        app, dealer_exchange="off", pass_limit="once", seven_eight_nine="replace", show_effect="close"
    )
    host.enter({"type": "first_dealer", "seat": "2"})
    page = text(host.enter({"type": "lay_centre", "cards": ["7C", "8D", "9H"]}))
    assert "one pass a round, a new centre for 7, 8, 9, a shown 31 closes." in page
    assert "A 7, an 8 and a 9 lie open: Ann may ask for a new centre." in page and "Lay the new centre" in page
    assert ">Pass<" in page  # asking is Ann's choice, not a must (SC-R12)
    host.enter({"type": "refresh", "cards": ["QC", "KC", "AC"]})
    for seat in ("0", "1", "2"):
        page = text(host.enter({"type": "pass", "seat": seat}))
    page = text(host.enter({"type": "refresh", "cards": ["QD", "KD", "AD"]}))
    assert "Ann: tap your card" in page and ">Pass<" not in page  # Ann passed once this round


def plain(page: str) -> str:
    """The page's words without tags, spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def showdown_of_a_suit_tie(host: Phone) -> str:
    """Round 1: Ann closes at once; Ann 29 in spades, Ben 31, Cem 29 in hearts. The page after."""
    host.enter({"type": "first_dealer", "seat": "2"})
    host.enter({"type": "lay_centre", "cards": ["7C", "8C", "9C"]})
    host.enter({"type": "close", "seat": "0"})
    host.enter({"type": "pass", "seat": "1"})
    host.enter({"type": "pass", "seat": "2"})
    host.enter({"type": "reveal", "seat": "0", "cards": ["AS", "KS", "8S"]})
    host.enter({"type": "reveal", "seat": "1", "cards": ["AD", "KD", "QD"]})
    return text(host.enter({"type": "reveal", "seat": "2", "cards": ["AH", "KH", "8H"]}))


def test_the_showdown_names_who_lost_and_why_and_the_tie_break(app):
    """Issue 16: "Cem loses a life: 29, lowest hand"; "♠ beats ♥ at 29" where the suit decided."""
    host = open_schwimmen(app, dealer_exchange="off", first_turn_close="allowed")
    words = plain(showdown_of_a_suit_tie(host))
    assert "Cem loses a life: 29, lowest hand" in words and "♠ beats ♥ at 29" in words
    assert "Ann loses" not in words and "Ben loses" not in words
    assert "Round 1 showdown · lost: Cem" in words


def test_the_previous_showdown_folds_once_the_new_round_starts(app):
    host = open_schwimmen(app, dealer_exchange="off", first_turn_close="allowed")
    page = showdown_of_a_suit_tie(host)  # round 2: the dealer lays the centre; the showdown is still open
    assert re.search(r'<details class="note result" open>', page)
    page = text(host.enter({"type": "lay_centre", "cards": ["7D", "8D", "9D"]}))  # round 2's first turn
    assert '<details class="note result">' in page and "Round 1 showdown" in page


def test_a_german_table_shows_german_rank_letters(app):
    """Issue 16: German cards print B (Bube), D (Dame), K (König)."""
    host = open_schwimmen(app, dealer_exchange="off", first_turn_close="allowed")
    showdown_of_a_suit_tie(host)
    german = host.client.get(f"/t/{host.code}?lang=de").get_data(as_text=True)
    assert ">D♦<" in german and ">K♦<" in german and ">Q♦<" not in german  # the showdown's hands
    assert re.search(r'value="JH"[^>]*>\s*<span[^>]*>B♥</span>', german)  # the card grid
    english = host.look()
    assert ">Q♦<" in english and re.search(r'value="JH"[^>]*>\s*<span[^>]*>J♥</span>', english)


def test_the_score_sheet_shows_lives_left_and_the_real_goal(app):
    """Issue 16: lives left per round as hearts, lost ones hollow, swimming named; the goal is to
    be the last player left; chart lines that meet are drawn side by side."""
    host = open_schwimmen(app, lives="1", dealer_exchange="off", first_turn_close="allowed")
    showdown_of_a_suit_tie(host)
    page = host.client.get(f"/t/{host.code}/sheet").get_data(as_text=True)
    table = re.search(r'<table class="sheet rounds">.*?</table>', page, re.DOTALL).group(0)
    assert "the last player left wins" in table and "highest total wins" not in table
    assert "Lives left after each round" in table
    row = re.search(r"<tr><th scope=\"row\">R1</th>(.*?)</tr>", table, re.DOTALL).group(1)
    ann, ben, cem = re.findall(r"<td>(.*?)</td>", row, re.DOTALL)
    assert plain(ann) == plain(ben) == "♥" and plain(cem) == "♡ swimming"
    assert 'aria-label="0 lives left, 1 lost"' in cem
    lines = dict(re.findall(r'data-name="(\w+)" aria-hidden="true"><polyline points="([^"]+)"', page))
    start_y = {name: points.split()[0].split(",")[1] for name, points in lines.items()}
    assert len(set(start_y.values())) == 3  # all start at 1 life: three lines, not one
