"""A finished game's score sheet on a phone (390×844), in the light and the dark: the chart fits,
its lines are told apart, the colours follow the system, and screenshots are kept to look at."""

from __future__ import annotations

import json
import urllib.request
import uuid

import pytest
from playwright.sync_api import expect

from .helpers import PHONE

pytestmark = pytest.mark.browser


class Api:
    """Just enough of the JSON API to play a table to its end on the live server."""

    def __init__(self, base: str, game: str, players: list[str], options: dict):
        self.base = base
        opened = self.call("/api/tables", {"game": game, "players": players, "options": options})
        self.code, self.seq, self.host = opened["code"], opened["seq"], opened["host_token"]

    def call(self, path: str, body: dict, token: str | None = None) -> dict:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def enter(self, action: dict) -> dict:
        answer = self.call(
            f"/api/tables/{self.code}/plays",
            {"action": action, "expected_seq": self.seq, "key": uuid.uuid4().hex},
            self.host,
        )
        self.seq = answer["seq"]
        return answer["state"]


def race_to_16(table: Api) -> dict:
    for dice, count in (([1, 2, 4], 7), ([4, 4, 2, 1], 4), ([6, 6, 2, 2, 1], 5)):
        table.enter({"type": "roll", "dice": dice, "face": "blank"})
        state = table.enter({"type": "discard", "count": count})
    return state


def four_rounds_of_switch16(base: str) -> Api:
    """Points to 40: Ann 16; Ben 7, Ann 16; Ben 16; Ann 16 and the game (Ann 48, Ben 23)."""
    table = Api(base, "switch-16", ["Ann", "Ben"], {"game_mode": "points", "points_target": "40"})
    table.enter({"type": "start_player", "seat": 0})
    race_to_16(table)
    table.enter({"type": "roll", "dice": [1, 2, 4], "face": "blank"})
    table.enter({"type": "discard", "count": 7})
    table.enter({"type": "stop"})
    race_to_16(table)
    race_to_16(table)
    state = race_to_16(table)
    assert state["phase"] == "over" and [p["points"] for p in state["players"]] == [48, 23]
    return table


def open_sheet(browser, url: str, scheme: str):
    context = browser.new_context(**PHONE, color_scheme=scheme)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return context, page, errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_finished_sheet_on_a_phone(browser, live_server, shoot, scheme):
    table = four_rounds_of_switch16(live_server)
    context, page, errors = open_sheet(browser, f"{live_server}/t/{table.code}/sheet", scheme)
    try:
        chart = page.locator("figure.score-chart svg")
        box = chart.bounding_box()
        assert box["width"] > 300 and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390  # nothing sideways
        assert chart.get_attribute("role") == "img"
        assert page.locator("svg title").first.text_content() == "Points after each round"
        assert page.locator(".legend text").all_text_contents() == ["Ann", "Ben"]
        assert page.locator(".places li").all_inner_texts()[0].startswith("1.")
        # The two lines differ in colour and in dash pattern.
        lines = page.locator("g.series[data-name] polyline")
        colours = [lines.nth(i).evaluate("l => getComputedStyle(l).stroke") for i in range(2)]
        dashes = [lines.nth(i).get_attribute("stroke-dasharray") for i in range(2)]
        assert colours[0] != colours[1] and dashes[0] != dashes[1]
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        text = page.locator(".chart .legend text").first.evaluate("t => getComputedStyle(t).fill")
        dark_page = _brightness(background) < 80
        assert dark_page == (scheme == "dark") and (_brightness(text) > 150) == (scheme == "dark")
        assert (
            page.locator("a", has_text="Send to BG Stats")
            .get_attribute("href")
            .startswith("https://app.bgstatsapp.com/createPlay.html?data=")
        )
        shoot(page, f"sheet-{scheme}")
        assert not errors
    finally:
        context.close()


def test_table_page_shows_round_strip_and_chart(browser, live_server, shoot):
    table = Api(live_server, "switch-16", ["Ann", "Ben"], {"game_mode": "points", "points_target": "40"})
    table.enter({"type": "start_player", "seat": 0})
    race_to_16(table)
    context, page, errors = open_sheet(browser, f"{live_server}/t/{table.code}", "light")
    try:
        strip = page.locator(".round-strip")
        assert "Round 2" in strip.inner_text() and "Turn: Ben" in strip.inner_text()
        assert page.locator("#board figure.score-chart svg").is_visible()
        shoot(page, "sheet-board-chart")
        assert not errors
    finally:
        context.close()


def _brightness(css_colour: str) -> float:
    red, green, blue = (float(part) for part in css_colour[css_colour.index("(") + 1 : -1].split(",")[:3])
    return 0.299 * red + 0.587 * green + 0.114 * blue


DECKS = {
    "light": ("rgb(196, 22, 28)", "rgb(26, 86, 196)"),  # red, blue as the board's deck rows
    "dark": ("rgb(255, 107, 107)", "rgb(110, 162, 255)"),
}  # lighter, to read on the dark panel


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_switch16_lines_in_the_colours_of_the_decks_held(browser, live_server, shoot, scheme):
    """Issue 16: Ann holds red, Ben blue, until Ann's red switch swaps the decks; each stretch of a
    line is drawn in the colour of the deck its player held there, the legend in the one held now."""
    table = Api(live_server, "switch-16", ["Ann", "Ben"], {})
    table.enter({"type": "start_player", "seat": 0})
    for dice, count in (([1, 2, 4], 7), ([1, 2, 4], 3)):
        table.enter({"type": "roll", "dice": dice, "face": "blank"})
        table.enter({"type": "discard", "count": count})
        table.enter({"type": "stop"})
    state = table.enter({"type": "roll", "dice": [5, 5, 5, 5], "face": "red"})
    assert [p["deck"] for p in state["players"]] == [1, 0]
    context, page, errors = open_sheet(browser, f"{live_server}/t/{table.code}/sheet", scheme)
    try:
        red, blue = DECKS[scheme]

        def strokes(name: str) -> list[str]:
            return page.locator(f"g.series[data-name='{name}'] polyline").evaluate_all(
                "lines => lines.map(l => getComputedStyle(l).stroke)"
            )

        assert strokes("Ann") == [red, blue] and strokes("Ben") == [blue, red]
        legend = page.locator(".legend g.series line").evaluate_all("ls => ls.map(l => getComputedStyle(l).stroke)")
        assert legend == [blue, red]
        shoot(page, f"sheet-switch16-decks-{scheme}")
        assert not errors
    finally:
        context.close()


def test_the_board_and_the_sheet_say_the_same_winner_rule(live_server, browser):
    """Issue 27: Switch To's board said "least penalty wins" where its sheet said "highest total
    wins" (its penalties are negative); both now say least penalty wins (Swoop's board too)."""
    from .test_table_flows import Api, on_phone, one_round_of_switch_to

    table = Api(live_server, "switch-to", ["Ann", "Ben"])
    one_round_of_switch_to(table, table.host)
    context, page = on_phone(browser, live_server, table.code, table.host)
    try:
        expect(page.locator("#board table.sheet caption").first).to_contain_text("least penalty wins")
        page.goto(f"{live_server}/t/{table.code}/sheet")
        expect(page.locator("table.sheet caption").first).to_contain_text("least penalty wins")
    finally:
        context.close()
