"""A sixth game in one folder: High Card (``tests/toy_game/``), registered after the app was made,
plays through the real pages and the JSON API, with nothing of it anywhere else."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from referee.app import ROOT
from referee.games import GAMES
from tests.helpers import Phone, seat_phone, text
from tests.toy_game import GAME

from .api_driver import TableDriver

TOY = Path(__file__).resolve().parents[1] / "toy_game"
ANN, BEN = 0, 1


@pytest.fixture
def high_card(app):
    """High Card: tests/conftest.py registers it for the whole run, like the five."""
    assert GAMES[GAME.id] is GAME
    return GAME


def play(card: str, seat: int) -> dict:
    return {"type": "play", "seat": seat, "card": card}


def test_the_toy_game_needs_only_its_own_folder():
    """Its rules, board, rule book and catalogs: nothing of it anywhere else."""
    files = sorted(
        str(path.relative_to(TOY)) for path in TOY.rglob("*") if path.is_file() and "__pycache__" not in path.parts
    )
    assert files == [
        "__init__.py",
        *(f"rulebook/{lang}.md" for lang in ("de", "en", "ja")),
        "templates/board.html",
        *(f"translations/{lang}/LC_MESSAGES/messages.{kind}" for lang in ("de", "ja") for kind in ("mo", "po")),
    ]
    for folder in ("referee", "templates", "static", "docs"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".html", ".js", ".css", ".md", ".po"):
                assert GAME.id not in path.read_text(encoding="utf-8"), f"{path} names {GAME.id}"


def test_the_start_page_the_api_and_the_openapi_document_list_it(client, high_card):
    page = text(client.get("/"))
    assert "High Card" in page and "/new/high-card" in page
    form = text(client.get("/new/high-card"))
    assert 'name="tricks"' in form and "How many tricks the game lasts." in form
    listed = {game["id"]: game for game in client.get("/api/games").json["games"]}
    assert listed["high-card"]["players"] == [2, 4]
    assert listed["high-card"]["options"][0]["number"] == [1, 13]
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    assert "high-card" in schemas["NewTable"]["properties"]["game"]["enum"]
    assert "high-card" in schemas["Board"]["properties"]["game"]["enum"]


def test_a_game_through_the_pages(app, high_card):
    host = Phone(app)
    host.open_table(["Ann", "Ben"], "high-card", tricks="2")
    board = host.look()
    assert "Ann</strong> to play" in board and 'name="card"' in board
    ben = seat_phone(app, host, BEN)
    assert 'name="card"' not in ben.look()  # not Ben's turn: no form on his phone

    assert host.enter(play("7H", ANN)).status_code == 200
    refused = host.enter(play("7h", BEN))
    assert refused.status_code == 422
    assert "HC-R2" in text(refused) and "7H was played already." in text(refused)
    assert "Accept anyway as a table ruling" not in text(refused)  # a card is never played twice

    ben.look()  # his board refreshes by itself
    page = text(ben.enter(play("QS", BEN)))
    assert "Ben wins the trick with QS." in page and "Ben</strong> to play" in page
    ben.enter(play("2C", BEN))
    host.look()
    page = text(host.enter(play("AD", ANN)))
    assert "Game over." in page and "Ann wins!" in page and "Ben wins!" in page  # a trick each

    history = text(host.client.get(f"/t/{host.code}/history"))
    for line in (
        "Ann plays 7H.",
        "Ben plays QS. · Ben wins the trick with QS.",
        "Ben plays 2C.",
        "Ann plays AD. · Ann wins the trick with AD.",
    ):
        assert line in history
    sheet = host.client.get(f"/t/{host.code}/sheet")
    assert sheet.status_code == 200 and "High Card" in text(sheet)
    host.client.set_cookie("lang", "ja")  # in the game's own catalog's words
    assert "AnnさんがADを出しました。" in text(host.client.get(f"/t/{host.code}/history"))
    assert "ハイカード" in host.look()


def test_a_game_through_the_api_and_its_exports(client, high_card):
    table = TableDriver(client, "high-card", ["Ann", "Ben", "Cem"], {"tricks": 1})
    assert table.state()["actions"] == [] and table.state("host")["actions"] == [{"type": "play", "seat": ANN}]
    refused = table.enter({"type": "play", "card": "5S"}, by=BEN, seat=ANN, expect=403)
    assert refused["error"]["rule"] == "HC-C1"
    refused = table.enter({"type": "play", "card": "5S"}, by=BEN, seat=BEN, expect=422)
    assert refused["error"] == {
        "rule": "HC-R1",
        "message": "It is Ann's turn.",
        "overridable": False,
        "rule_url": "http://table.test/rules/high-card#HC-R1",
    }  # its own rule book
    table.enter({"type": "play", "card": "10S"}, by=ANN, seat=ANN)
    table.enter({"type": "play", "card": "JS"}, by=BEN, seat=BEN)
    state = table.enter({"type": "play", "card": "JH"}, by="host", seat=2)["state"]
    assert state["phase"] == "over" and state["winners"] == [BEN]  # equal ranks: the first played wins
    history = client.get(f"/api/tables/{table.code}/history").json["entries"]
    assert [entry["description"] for entry in history][-1] == "Cem plays JH. · Ben wins the trick with JS."

    exported = client.get(f"/t/{table.code}/export.csv")
    rows = list(csv.reader(io.StringIO(exported.get_data(as_text=True))))
    assert rows == [["Round", "Ann", "Ben", "Cem"], ["R1", "0", "1", "0"], ["Total", "0", "1", "0"]]
    document = json.loads(client.get(f"/t/{table.code}/export.json").get_data(as_text=True))
    assert document["table"]["game"] == "high-card" and document["table"]["title"] == "High Card"
    assert document["score_sheet"]["winners"] == [BEN] and document["score_sheet"]["finished"]
    assert [entry["action"]["card"] for entry in document["entries"]] == ["10S", "JS", "JH"]
