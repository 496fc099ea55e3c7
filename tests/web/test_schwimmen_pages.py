"""Schwimmen through the phone pages: a swap posted in two taps, close offered only when allowed."""
from __future__ import annotations

import re

from .test_pages import Phone, text


def open_schwimmen(app, **options) -> Phone:
    host = Phone(app)
    response = host.client.post("/new/schwimmen", data={"player": ["Ann", "Ben", "Cem"], **options})
    host.code = response.headers["Location"].rsplit("/", 1)[1]
    host.look()
    return host


def test_every_option_is_offered_with_the_preset_as_default(client):
    page = text(client.get("/new/schwimmen"))
    for name in ("preset", "rule_set", "lives", "remove_2_to_6", "exchange", "dealer_exchange", "three_of_a_kind",
                 "fire_effect", "thirty_one_effect", "show_timing", "closer_rule", "minimum_score", "tie_rule",
                 "first_turn_close", "stock_exhausted", "all_out", "reveal_mode"):
        assert f'name="{name}"' in page, name
    assert "as the preset says (bga: dealer_only, classic: none)" in page


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


def seat_phone(app, host: Phone, seat: int) -> Phone:
    phone = Phone(app)
    phone.look(host.code)
    assert phone.join(seat).status_code == 303
    phone.look()
    return phone


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
    assert response.status_code == 422 and "SC-C3" in text(response) and "Your hand is known" in text(response)
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
