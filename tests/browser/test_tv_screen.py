"""The table-centre screen in real Chromium (issue 32): a TV at 1920×1080 and a tablet at
1024×768 follow a game live as entries are made elsewhere, in every language, light and dark,
and axe-core finds nothing serious on it."""

from __future__ import annotations

import json
import re
import urllib.request
import uuid

import pytest
from playwright.sync_api import expect

from referee.games import GAMES

from .helpers import assert_accessible
from .test_tv_whole_games import SHORT as WHOLE_GAMES

SCREENS = {"tv": {"width": 1920, "height": 1080}, "tablet": {"width": 1024, "height": 768}}


class ApiTable:
    """A table driven through the JSON API, as a script or another phone would."""

    def __init__(self, base: str, players: list[str], game: str = "switch-to"):
        self.base = base
        opened = self.call("/api/tables", {"game": game, "players": players})
        self.code, self.host, self.seq = opened["code"], opened["host_token"], opened["seq"]
        self.host_url = opened["host_url"]

    def call(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={
                "Content-Type": "application/json",
                **({"Authorization": f"Bearer {self.host}"} if path != "/api/tables" else {}),
            },
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def enter(self, action: dict, seat: int | None = None) -> None:
        body = {"action": action, "expected_seq": self.seq, "key": uuid.uuid4().hex}
        if seat is not None:
            body["seat"] = seat
        self.seq = self.call(f"/api/tables/{self.code}/plays", body)["seq"]


@pytest.mark.parametrize("size", sorted(SCREENS))
def test_the_screen_follows_a_game_live(browser, live_server, shoot, size):
    table = ApiTable(live_server, ["Ann", "Ben", "Cem"])
    context = browser.new_context(viewport=SCREENS[size])
    screen = context.new_page()
    screen.goto(f"{live_server}/t/{table.code}/tv")
    expect(screen.locator(".tv-join img")).to_be_visible()  # the code to join by, before anyone has
    table.enter({"type": "start_round"})
    for seat, value in enumerate((3, 2, 4)):
        table.enter({"type": "predict", "value": value}, seat=seat)
    board = screen.locator("#board")
    expect(board).to_have_attribute("data-seq", str(table.seq), timeout=8_000)  # no reload: it is live
    expect(screen.locator(".round-strip")).to_contain_text("Cem")  # most tokens: Cem starts
    screen.wait_for_timeout(300)
    assert screen.evaluate("document.documentElement.scrollWidth") <= SCREENS[size]["width"]
    shoot(screen, f"tv-{size}-switch-to-light")
    assert_accessible(screen, f"tv {size} light")
    for scheme, language in (("dark", "de"), ("dark", "ja"), ("light", "ja")):
        screen.emulate_media(color_scheme=scheme)
        context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
        screen.reload()
        expect(board).to_have_attribute("data-seq", str(table.seq))
        shoot(screen, f"tv-{size}-switch-to-{scheme}-{language}")
        assert_accessible(screen, f"tv {size} {scheme} {language}")
    context.close()


@pytest.mark.parametrize("game", sorted(set(GAMES) - set(WHOLE_GAMES)))
def test_every_game_s_screen_follows_its_entries(browser, live_server, shoot, game):
    """Each other game's screen (the five are played whole in test_tv_whole_games.py), a few
    entries in (the game's own samples), live, light and dark."""
    samples = GAMES[game].input_samples
    table = ApiTable(live_server, list(samples.players), game)
    context = browser.new_context(viewport=SCREENS["tv"])
    screen = context.new_page()
    screen.goto(f"{live_server}/t/{table.code}/tv")
    for action, seat in samples.setup:
        table.enter(dict(action), seat=seat)
    expect(screen.locator("#board")).to_have_attribute("data-seq", str(table.seq), timeout=8_000)
    assert screen.locator("#board form, #board button, #board input").count() == 0
    assert screen.evaluate("document.documentElement.scrollWidth") <= SCREENS["tv"]["width"]
    for scheme in ("light", "dark"):
        screen.emulate_media(color_scheme=scheme)
        shoot(screen, f"tv-{game}-{scheme}")
        assert_accessible(screen, f"tv {game} {scheme}")
    context.close()


def finish_two_player_game(table: ApiTable) -> None:
    """A one-round two-player Switch To game that Ben wins (as in tests/web/test_evening.py)."""
    table.enter({"type": "start_round", "removed_suit": "C"})
    for seat, value in ((0, 1), (1, 2)):
        table.enter({"type": "predict", "value": value}, seat=seat)
    for seat, action in (
        (1, {"type": "play", "cards": "2H 3H"}),
        (0, {"type": "pass"}),
        (1, {"type": "play", "cards": "9D"}),
        (0, {"type": "pass", "flip": "play_to_wild"}),
        (0, {"type": "declare_hand", "cards": "2S 3S 4S 5S 6S 7S 8S 9S"}),
        (1, {"type": "declare_hand", "cards": "4H 5H 6H 2D 3D"}),
    ):
        table.enter(action, seat=seat)


def test_the_screen_goes_on_to_the_rematch(browser, live_server, phone, shoot):
    """A screen left on at a game over is taken to the rematch when the host starts it, as every
    phone is, and at the rematch's game over shows tonight's ledger."""
    table = ApiTable(live_server, ["Ann", "Ben"])
    host = phone()
    host.goto(table.host_url)
    host.get_by_role("button", name="Be the host").click()
    context = browser.new_context(viewport=SCREENS["tablet"])
    screen = context.new_page()
    screen.goto(f"{live_server}/t/{table.code}/tv")
    finish_two_player_game(table)
    expect(screen.locator("#board .game-over")).to_be_visible(timeout=8_000)
    host.locator("form.rematch button").click()
    expect(screen).not_to_have_url(re.compile(f"/t/{table.code}/tv$"), timeout=8_000)  # no reload by anyone
    expect(screen.locator("#board")).to_have_attribute("data-seq", "0")
    expect(screen.locator(".tv-join img")).to_be_visible()  # a new game: the code to join by again
    table.code, table.seq = screen.url.rsplit("/", 2)[1], 0  # the rematch keeps the host's token
    finish_two_player_game(table)
    expect(screen.locator(".tv-side .evening")).to_contain_text("Ben 2 wins", timeout=8_000)
    for scheme in ("light", "dark"):
        screen.emulate_media(color_scheme=scheme)
        shoot(screen, f"tv-tablet-tonight-{scheme}")
        assert_accessible(screen, f"tv tablet tonight {scheme}")
    context.close()


def test_a_phone_held_upright_scrolls_the_screen_rather_than_shrink_it(live_server, phone, shoot):
    """The screen fits itself to a landscape TV or tablet; a phone opening it upright keeps the
    phones' text size and scrolls, as every phone page does."""
    table = ApiTable(live_server, ["Ann", "Ben"])
    finish_two_player_game(table)
    page = phone()
    page.goto(f"{live_server}/t/{table.code}/tv")
    expect(page.locator("#board .game-over")).to_be_visible()
    page.wait_for_timeout(200)  # after tv_fit.js has run
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "17px"
    assert page.evaluate("document.documentElement.scrollHeight > innerHeight")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "tv-phone-upright-over")
