"""axe-core (vendored, tests/browser/vendor/) on every kind of page, light and dark: no serious or
critical violation. The game tests check the boards in play; this one covers the pages around
them and a fresh table of each game as the host, a seated player and a watcher see it."""

from __future__ import annotations

import json
import urllib.request

import pytest

from referee.games import GAMES

from .helpers import PHONE, assert_accessible

pytestmark = pytest.mark.browser


def open_by_api(live_server: str, game: str) -> dict:
    names = ["Ann", "Ben", "Cem", "Dan"][: GAMES[game].min_players]  # every registered game, the toy's too
    request = urllib.request.Request(
        f"{live_server}/api/tables",
        method="POST",
        data=json.dumps({"game": game, "players": names}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def claim_seat(live_server: str, table: dict, seat: int) -> str:
    request = urllib.request.Request(
        f"{live_server}/api/tables/{table['code']}/seats/{seat}/claim",
        method="POST",
        headers={"Authorization": f"Bearer {table['host_token']}"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["token"]


def as_phone(context, table: dict, token: str | None) -> None:
    """This phone is the host, a seat or (no token) a watcher at the table."""
    context.clear_cookies()
    if token:
        context.add_cookies(
            [{"name": f"rt_{table['code']}", "value": token, "domain": "127.0.0.1", "path": f"/t/{table['code']}"}]
        )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_passes_axe(live_server, browser, shoot, scheme):
    """Light: every page and every viewer. Dark changes only colours, so it checks each kind of
    page once, the host's board being the one with the most on it."""
    context = browser.new_context(**PHONE, color_scheme=scheme)
    page = context.new_page()
    viewers = ("host", "seat", "watcher") if scheme == "light" else ("host",)
    try:
        for path in ("/", "/t/NOSUCH"):
            page.goto(live_server + path)
            assert_accessible(page, f"{path} ({scheme})")
        for game in GAMES:
            if scheme == "light" or game == "swoop":
                page.goto(f"{live_server}/new/{game}")
                assert_accessible(page, f"new {game} table ({scheme})")
            table = open_by_api(live_server, game)
            tokens = {"host": table["host_token"], "seat": claim_seat(live_server, table, 1), "watcher": None}
            for who in viewers:
                as_phone(context, table, tokens[who])
                page.goto(f"{live_server}/t/{table['code']}")
                assert_accessible(page, f"{game} table as {who} ({scheme})")
                if scheme == "dark":
                    shoot(page, f"dark-{game}-host")
        page.goto(f"{live_server}/t/{table['code']}/history")
        assert_accessible(page, f"history page ({scheme})")
    finally:
        context.close()
