"""The table-centre screen (/t/CODE/tv): every game's public board, large and live, with nothing
to tap and no seat's secret (issue 32)."""

from __future__ import annotations

import re

import pytest

from referee.games import GAMES

from .api_driver import TableDriver


def screen(client, code: str, **headers) -> str:
    response = client.get(f"/t/{code}/tv", headers=headers)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def started(client, game: str) -> TableDriver:
    """A table of ``game`` a few entries in: the game's own samples bring it there."""
    samples = GAMES[game].input_samples
    table = TableDriver(client, game, list(samples.players))
    for action, seat in samples.setup:
        table.enter(dict(action), seat=seat)
    return table


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_a_screen_with_nothing_to_tap(client, game):
    table = started(client, game)
    page = screen(client, table.code)
    assert 'class="tv"' in page and f"/t/{table.code}/qr.svg" in page  # the code to join by
    assert "<form" not in page and "<button" not in page and "<input" not in page
    assert 'data-events="/t/' in page  # live: it listens on the table's stream


def test_the_screen_alone_for_htmx_and_nothing_when_nothing_changed(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    fragment = screen(client, table.code, **{"HX-Request": "true"})
    assert "<html" not in fragment and 'id="board"' in fragment
    since = re.search(r'data-seq="(\d+)"', fragment).group(1)
    unchanged = client.get(f"/t/{table.code}/tv?since={since}", headers={"HX-Request": "true"})
    assert unchanged.status_code == 204
    table.enter({"type": "predict", "value": 4}, seat=0)  # the table moves on: the screen again
    assert client.get(f"/t/{table.code}/tv?since={since}", headers={"HX-Request": "true"}).status_code == 200


def test_a_hidden_prediction_never_reaches_the_screen(client):
    """Two tables that differ only in Ann's hidden prediction show the same screen."""
    pages = []
    for value in (2, 7):
        table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
        table.enter({"type": "start_round"})
        table.enter({"type": "predict", "value": value}, by=0, seat=0)
        pages.append(screen(client, table.code).replace(table.code, "CODE"))
    assert pages[0] == pages[1]


def test_the_standings_and_game_over_show_once_scored(client):
    """A two-player Switch To game that ends after its first round (as in test_api.py)."""
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    table.enter({"type": "start_round", "removed_suit": "C"})
    for seat, value in enumerate((1, 2)):
        table.enter({"type": "predict", "value": value}, by=seat, seat=seat)
    assert "Standings" not in screen(client, table.code)
    table.play(1, "2H 3H")
    table.pass_(0)
    table.play(1, "9D")
    table.pass_(0, "play_to_wild")
    table.enter({"type": "declare_hand", "cards": "2S 3S 4S 5S 6S 7S 8S 9S"}, by=0, seat=0)
    table.enter({"type": "declare_hand", "cards": "4H 5H 6H 2D 3D"}, by=1, seat=1)
    page = screen(client, table.code)
    standings = re.search(r'<ol class="tv-standings">(.*?)</ol>', page, re.S).group(1)
    assert re.findall(r'class="name">(\w+)</span>\s*<span class="total">(-?\d+)', standings) == [
        ("Ann", "-54"),
        ("Ben", "-20"),
    ]
    assert '<li class="winner"><span class="name">Ben' in standings
    assert "Game over" in page and "qr.svg" not in page  # nobody joins a finished game


def test_the_screen_follows_the_table_to_its_rematch_and_shows_tonight(app, client):
    """A TV left on at a game over is taken to the rematch by itself, as every phone is, and at
    the rematch's game over shows the evening's ledger."""
    from .test_evening import A, B, finish, rematch

    first = TableDriver(client, "switch-to", ["Ann", "Ben"])
    finish(first, winner=B)
    assert "Tonight" not in screen(client, first.code)  # one game is no evening yet
    second = rematch(app, client, first)
    moved = client.get(f"/t/{first.code}/tv")
    assert moved.status_code == 303 and moved.headers["Location"].endswith(f"/t/{second.code}/tv")
    polled = client.get(f"/t/{first.code}/tv?since={first.seq}&seats=0", headers={"HX-Request": "true"})
    assert polled.headers.get("HX-Redirect") == f"/t/{second.code}/tv"
    finish(second, winner=A)
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", screen(client, second.code)))
    assert "Tonight" in words and "Ann 1 win" in words and "Ben 1 win" in words
