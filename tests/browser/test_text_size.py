"""At 200 % text size a 390 px phone scrolls no page sideways, and every page has one h1
(issue 27: Was Sticht's board was 427 px wide, Schwimmen's card grid 507 px; a table page had
no h1). The text size is the root font size doubled, as a phone's larger-text setting does."""

from __future__ import annotations

import pytest

from .helpers import open_table, settled

pytestmark = pytest.mark.browser

GAMES = {
    "Switch To": ["Ann", "Ben", "Cem"],
    "Swoop": ["Ann", "Ben", "Cem"],
    "Schwimmen": ["Ann", "Ben"],
    "Was Sticht": ["Ann", "Ben", "Cem", "Dan"],
    "Switch 16": ["Ann", "Ben"],
}
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def doubled(page) -> int:
    """How far the page scrolls sideways with its text at 200 %."""
    page.add_style_tag(content="html { font-size: 200% !important; }")
    return page.evaluate(SIDEWAYS)


def one_h1(page) -> None:
    assert page.locator("h1").count() == 1, f"{page.url}: {page.locator('h1').all_inner_texts()}"


@pytest.mark.parametrize("game", list(GAMES))
def test_no_page_scrolls_sideways_at_double_text_size(live_server, phone, game):
    page = phone()
    open_table(page, live_server, game, GAMES[game])
    table = page.url
    one_h1(page)
    assert doubled(page) == 0, f"{game}: the board scrolls sideways"
    page.reload()
    first = page.locator("form.act button[name=seat][value='0']")  # the first dealer or starter, where asked
    if first.count():
        first.first.click()
    settled(page)
    if game == "Schwimmen":  # the centre's card grid
        page.locator("form.act button[name=choice][value=keep]").click()
        settled(page)
    one_h1(page)
    assert doubled(page) == 0, f"{game}: the board after the first entry scrolls sideways"
    for path in ("/history", "/sheet"):
        page.goto(table + path)
        one_h1(page)
        assert doubled(page) == 0, f"{game}: {path} scrolls sideways"


def test_the_start_pages_have_one_h1_and_fit(live_server, phone):
    page = phone()
    page.goto(live_server + "/")
    one_h1(page)
    assert doubled(page) == 0
    page.goto(live_server + "/")
    page.locator("nav.games").get_by_role("link", name="Swoop").click()
    one_h1(page)
    page.locator("details.house-rules summary").click()
    assert doubled(page) == 0
