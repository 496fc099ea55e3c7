"""Schwimmen through the phone pages: a swap posted in two taps, close offered only when allowed."""
from __future__ import annotations

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
