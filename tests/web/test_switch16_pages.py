"""Switch 16 through the phone pages: die faces posted as a form, the chip holder's button."""

from __future__ import annotations

import html
import re

from tests.helpers import Phone, seq_of, text, visible


def test_a_turn_through_the_forms(app):
    host = Phone(app)
    response = host.client.post(
        "/new/switch-16",
        data={"player": ["Ann", "Ben"], "four_dice_from": "7", "five_dice_from": "12", "points_target": "100"},
    )
    host.code = response.headers["Location"].rsplit("/", 1)[1]
    page = host.look()
    assert "Ann starts" in page and "Ben starts" in page
    host.enter({"type": "start_player", "seat": "0"})
    page = host.look()
    assert "Ann: tap the 3 number dice" in page and 'name="dice#2"' in page and 'name="dice#3"' not in page
    page = text(
        host.enter(
            {
                "type": "roll",
                "seat": "0",
                "dice#0": "1",
                "dice#1": "2",
                "dice#2": "4",
                "face": "block",
                "switch_with": "",
            }
        )
    )
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


# --------------------------------------------------------------------------- issue 16: quicker than paper


def _ann_rolled_1_2_4(app) -> tuple[Phone, str]:
    """Ann and Ben, Ann to play; Ann's 1 2 4 makes cards 1 to 7 (the page after the roll)."""
    host = Phone(app)
    host.open_table(["Ann", "Ben"], game="switch-16")
    host.look()
    host.enter({"type": "start_player", "seat": "0"})
    page = text(
        host.enter(
            {
                "type": "roll",
                "seat": "0",
                "dice#0": "1",
                "dice#1": "2",
                "dice#2": "4",
                "face": "blank",
                "switch_with": "",
            }
        )
    )
    return host, page


def test_the_discard_offer_makes_discard_all_the_primary_action(app):
    _, page = _ann_rolled_1_2_4(app)
    primary = re.search(r'<button class="btn primary wide" name="count" value="(\d+)">([^<]*)', page)
    assert primary and primary.groups() == ("7", "Discard all 7, up to card 7")
    assert re.search(r'<button class="btn wide one-card" name="count" value="1">Discard card 1<', page)


def test_a_risk_roll_says_what_a_miss_costs(app):
    host, _ = _ann_rolled_1_2_4(app)
    page = text(host.enter({"type": "discard", "seat": "0", "count": "7"}))
    # top 8, 4 dice: a miss sends the deck back to card 1 (the leaflet's penalty, the default)
    assert "A miss sends Ann’s deck back to card 1." in page or "A miss sends Ann's deck back to card 1." in page


def test_the_dice_buttons_show_digits_in_the_rolling_decks_colour(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben"], game="switch-16")
    host.look()
    page = text(host.enter({"type": "start_player", "seat": "1"}))
    form = re.search(r'<form[^>]*class="[^"]*\broll\b[^"]*"[^>]*>.*?</form>', page, re.S).group(0)
    assert re.search(r'class="[^"]*\bd1\b', form)  # Ben rolls for the blue deck (deck 1)
    faces = re.findall(r'name="dice#0" value="(\d)"[^>]*><span[^>]*>([^<]*)</span>', form)
    assert faces == [(str(n), str(n)) for n in range(1, 7)]


def test_the_players_rows_and_bars_wear_their_decks_colours(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cem"], game="switch-16")
    page = host.look()
    rows = re.findall(r'<li class="[^"]*\bdeck-row d(\d)\b', page)
    assert rows == ["0", "1", "2"]
    assert len(re.findall(r'<span class="track d\d"', page)) == 3


def test_the_dice_may_be_typed_as_digits(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben"], game="switch-16")
    host.look()
    page = text(host.enter({"type": "start_player", "seat": "0"}))
    assert re.search(r'<input[^>]*name="dice"[^>]*inputmode="numeric"', page)
    page = text(host.enter({"type": "roll", "seat": "0", "dice": "124", "face": "blank", "switch_with": ""}))
    assert "Discard all 7, up to card 7" in page


def test_a_quick_turn_reads_once_in_history(app):
    """Issue 27: a quick turn's line is its note ("Ann stopped at card 7."), not the entry and the
    note side by side."""
    host = Phone(app)
    host.open_table(["Ann", "Ben"], game="switch-16", entry_mode="quick")
    host.look()
    host.enter({"type": "start_player", "seat": "0"})
    host.enter({"type": "turn_result", "seat": "0", "card": "7"})
    history = html.unescape(text(host.client.get(f"/t/{host.code}/history")))
    assert "Ann stopped at card 7." in history and "Ann's turn: to card 7" not in history


def test_a_quick_turn_with_a_risk_roll_after_the_chip_landed_is_refused_and_not_recorded(app):
    """Issue 27: the chip Ben laid on Ann's deck during her turn ended it after her cards (S16-Q2,
    as the dice entry's S16-C4): a missed risk roll ticked with her last card is refused on the
    board in plain words, and the table records nothing."""
    host = Phone(app)
    host.open_table(["Ann", "Ben"], game="switch-16", entry_mode="quick")
    host.look()
    host.enter({"type": "start_player", "seat": "1"})
    host.enter({"type": "turn_result", "seat": "1", "card": "3", "took_chip": "yes"})  # Ben rolled block
    host.enter({"type": "place_block", "seat": "1", "target": "0"})  # during Ann's turn
    before = seq_of(host.client, host.code)
    response = host.enter({"type": "turn_result", "seat": "0", "card": "6", "missed": "yes"})
    page = html.unescape(visible(response))
    assert response.status_code == 422 and "S16-Q2" in page
    assert "The block chip landed on Ann's deck during the turn, after its cards, and ended it" in page
    assert "no risk roll followed" in page
    assert seq_of(host.client, host.code) == before
    history = html.unescape(text(host.client.get(f"/t/{host.code}/history")))
    assert "risk roll missed" not in history
    host.look()
    host.enter({"type": "turn_result", "seat": "0", "card": "6"})  # her cards alone stand
    assert seq_of(host.client, host.code) == before + 1
