"""The rule book as a sheet over the page, in real Chromium at 390×844.

A refused play names its rule; tapping the rule opens the game's rule book over the board at
that rule's paragraph, while cards are ticked in the play form under it. Closing the sheet finds
the board as it was: the same page (no navigation), the ticks still there, ready to send. On the
new-table form, the "?" of a house rule opens its explanation the same way and the typed names
stay. Screenshots of the sheet (light English, dark German, light Japanese) land in
tests/browser/screenshots/ as rule-sheet-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS
from .helpers import PHONE, assert_accessible, open_table, settled

pytestmark = pytest.mark.browser


def shoot_viewport(page, name: str) -> None:
    """What the phone's screen shows: the sheet over the page, not the page's full length."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def tick(page, *codes: str) -> None:
    for code in codes:
        page.locator(f"form.play label.pick:has(input[value='{code}'])").click()


def ticked(page, code: str) -> bool:
    return page.locator(f"form.play input[value='{code}']").is_checked()


def refused_board(page, live_server: str) -> None:
    """A 2-player Switch To table on the host's phone, Ann to play, and her play of 5♠ 7♥
    refused under ST-R10 (neither a set nor a run)."""
    open_table(page, live_server, "Switch To", ["Ann", "Ben"])
    page.locator(".action-bar button[form=bar-start_round]").click()  # start the round (clubs removed)
    settled(page)
    for seat in (0, 1):
        page.locator(f"form.predict:has(input[name=seat][value='{seat}']) button[value='1']").click()
        settled(page)
    page.locator("form.act").get_by_role("button", name="Ann").click()  # the rock-paper-scissors winner
    settled(page)
    tick(page, "5S", "7H")
    page.locator(".action-bar button[form^=bar-play]").click()
    settled(page)
    expect(page.locator(".refusal")).to_contain_text("ST-R10")


@pytest.mark.parametrize(
    "scheme, locale, shot", [("light", "en-GB", "rule-sheet-light-en"), ("dark", "de-DE", "rule-sheet-dark-de")]
)
def test_the_rule_sheet_opens_over_the_board_and_closes_back_to_the_ticked_cards(
    live_server, browser, scheme, locale, shot
):
    context = browser.new_context(**PHONE, color_scheme=scheme, locale=locale)
    page = context.new_page()
    try:
        refused_board(page, live_server)
        board_url = page.url
        page.evaluate("window.sameDocument = true")  # gone if anything navigates the page
        assert ticked(page, "5S") and ticked(page, "7H")  # the refused play comes back filled in
        tick(page, "7H", "5H")  # the next play, 5♠ 5♥, half entered

        page.locator(".refusal a.rule", has_text="ST-R10").click()
        sheet = page.locator("dialog.rule-sheet")
        expect(sheet).to_be_visible()
        paragraph = sheet.locator("section#ST-R10")
        expect(paragraph).to_have_class("book-part rule-par is-target")
        expect(paragraph).to_be_in_viewport()
        expect(sheet.locator("#rule-sheet-title")).to_contain_text("Switch To")
        if locale.startswith("de"):
            expect(sheet.locator(".book")).to_have_attribute("lang", "de")
            expect(paragraph).to_contain_text("Einzelkarte, Satz oder Straße")
        shoot_viewport(page, shot)
        assert_accessible(page, f"rule sheet over the board ({scheme}, {locale})")

        sheet.locator("[data-close]").click()
        expect(sheet).to_be_hidden()
        assert page.url == board_url and page.evaluate("window.sameDocument") is True
        assert ticked(page, "5S") and ticked(page, "5H") and not ticked(page, "7H")
        expect(page.locator(".refusal")).to_contain_text("ST-R10")

        page.locator(".action-bar button[form^=bar-play]").click()  # the ticks are still the entry: 5♠ 5♥ is played
        settled(page)
        expect(page.locator(".top")).to_contain_text("5♠")
        expect(page.locator(".top")).to_contain_text("5♥")
    finally:
        context.close()


def test_a_rule_named_in_the_book_is_a_jump_within_the_sheet_and_escape_closes_it(live_server, browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        refused_board(page, live_server)
        page.evaluate("window.sameDocument = true")
        page.locator(".tools a", has_text="Rules").click()  # the whole book, from the board's tools
        sheet = page.locator("dialog.rule-sheet")
        expect(sheet).to_be_visible()
        expect(sheet.locator("section#how-to-play")).to_be_in_viewport()  # no rule asked for: the top

        sheet.locator("section#turn a.rule-ref[href='#ST-R13']").click()
        expect(sheet.locator("section#ST-R13")).to_be_in_viewport()
        expect(sheet.locator("section#ST-R13")).to_have_class("book-part rule-par is-target")
        assert page.evaluate("location.hash") == ""  # a jump inside the sheet, not on the page

        page.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
        assert page.evaluate("window.sameDocument") is True
    finally:
        context.close()


def test_the_question_mark_of_a_house_rule_explains_it_over_the_new_table_form(live_server, browser):
    context = browser.new_context(**PHONE, locale="ja-JP")
    page = context.new_page()
    try:
        page.goto(f"{live_server}/new/schwimmen")
        page.locator("input[name=player]").nth(0).fill("Ann")
        page.locator("input[name=player]").nth(1).fill("Ben")
        page.locator("details.house-rules summary").click()  # the house rules wait collapsed
        page.locator("input[name=minimum_score][value=off]").check()

        page.locator("a.help-link[href$='#option-minimum_score']").click()
        sheet = page.locator("dialog.rule-sheet")
        expect(sheet).to_be_visible()
        expect(sheet.locator("section#option-minimum_score")).to_be_in_viewport()
        expect(sheet.locator("section#option-minimum_score")).to_contain_text("最低点")
        shoot_viewport(page, "rule-sheet-light-ja-house-rule")
        assert_accessible(page, "house-rule sheet over the new-table form (ja)")
        sheet.locator("[data-close]").click()
        expect(sheet).to_be_hidden()

        assert page.locator("input[name=player]").nth(0).input_value() == "Ann"
        assert page.locator("input[name=player]").nth(1).input_value() == "Ben"
        assert page.locator("input[name=minimum_score][value=off]").is_checked()
    finally:
        context.close()
