"""Switch 16 through the phone pages: die faces posted as a form, the chip holder's button."""
from __future__ import annotations

import re

from .test_pages import Phone, text


def test_a_turn_through_the_forms(app):
    host = Phone(app)
    response = host.client.post("/new/switch-16", data={"player": ["Ann", "Ben"], "four_dice_from": "7",
                                                         "five_dice_from": "12", "points_target": "100"})
    host.code = response.headers["Location"].rsplit("/", 1)[1]
    page = host.look()
    assert "Ann starts" in page and "Ben starts" in page
    host.enter({"type": "start_player", "seat": "0"})
    page = host.look()
    assert "Ann: tap the 3 number dice" in page and 'name="dice#2"' in page and 'name="dice#3"' not in page
    page = text(host.enter({"type": "roll", "seat": "0", "dice#0": "1", "dice#1": "2", "dice#2": "4",
                            "face": "block", "switch_with": ""}))
    assert "Discard all 7, up to card 7" in page and "7 = 4+2+1" in page
    assert re.search(r"Ann <span class=\"chip-badge\"[^>]*>holds chip", page)
    assert "Block Ben" in page  # the host may place the chip for its holder
    page = text(host.enter({"type": "discard", "seat": "0", "count": "7"}))
    assert "Roll again (risk)" in page and "tap the 4 number dice" in page


def test_a_wrong_number_of_dice_is_refused_with_the_rule(app):
    host = Phone(app)
    response = host.client.post("/new/switch-16", data={"player": ["Ann", "Ben"]})
    host.code = response.headers["Location"].rsplit("/", 1)[1]
    host.look()
    host.enter({"type": "start_player", "seat": "1"})
    response = host.enter({"type": "roll", "dice#0": "1", "dice#1": "2", "face": "blank"})
    assert response.status_code == 422 and "S16-R4" in text(response) and "roll 3 number dice" in text(response)


def test_the_host_corrects_a_deck_as_a_table_ruling(app):
    host = Phone(app)
    response = host.client.post("/new/switch-16", data={"player": ["Ann", "Ben"]})
    host.code = response.headers["Location"].rsplit("/", 1)[1]
    host.look()
    host.enter({"type": "start_player", "seat": "0"})
    page = text(host.enter({"type": "adjust", "seat": "1", "top": "9"}))
    assert "The host adjusted the table (a table ruling)." in page
    assert re.search(r'aria-label="top card">9<', page)
