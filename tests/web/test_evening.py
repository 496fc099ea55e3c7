"""The evening's ledger (issue 32): a rematch chain of three games shows who won how many
tonight on the game-over board of every phone, on the score sheet and in both exports."""

from __future__ import annotations

import csv
import io
import json
import re

from tests.helpers import visible

from .api_driver import TableDriver
from .test_table_flows import phone_with

A, B = 0, 1


def finish(table: TableDriver, winner: int) -> None:
    """A one-round two-player Switch To game (test_table_flows' _finish) that ``winner`` wins."""
    loser = 1 - winner
    table.enter({"type": "start_round", "removed_suit": "C"})
    table.enter({"type": "predict", "value": 1}, seat=loser)
    table.enter({"type": "predict", "value": 2}, seat=winner)
    table.play(winner, "2H 3H", by="host")
    table.pass_(loser, by="host")
    table.play(winner, "9D", by="host")
    table.pass_(loser, "play_to_wild", by="host")
    table.enter({"type": "declare_hand", "cards": "2S 3S 4S 5S 6S 7S 8S 9S"}, seat=loser)
    assert table.enter({"type": "declare_hand", "cards": "4H 5H 6H 2D 3D"}, seat=winner)["state"]["phase"] == "over"


def rematch(app, client, table: TableDriver) -> TableDriver:
    host = phone_with(app, table.code, table.host)
    code = host.client.post(f"/t/{table.code}/rematch").headers["Location"].rsplit("/", 1)[1]
    return TableDriver.of(client, code, table.host)


def test_a_rematch_chain_of_three_games_keeps_the_evening_s_tally(app, client):
    first = TableDriver(client, "switch-to", ["Ann", "Ben"])
    finish(first, winner=B)
    assert "Tonight" not in visible(client.get(f"/t/{first.code}/sheet"))  # one game is no evening yet
    second = rematch(app, client, first)
    finish(second, winner=B)
    third = rematch(app, client, second)
    finish(third, winner=A)

    for token in (third.host, third.token(A), third.token(B)):  # the game-over board of every phone
        words = re.sub(r"\s+", " ", visible(phone_with(app, third.code, token).client.get(f"/t/{third.code}")))
        assert "Tonight Ben 2 wins · Ann 1 win" in words
        assert "Ben won Ben won Ann won" in words

    sheet = visible(client.get(f"/t/{first.code}/sheet"))  # the first game's sheet knows what came after
    assert "Ben 2 wins · Ann 1 win" in re.sub(r"\s+", " ", sheet) and "Wins tonight, game by game" in sheet

    document = json.loads(client.get(f"/t/{second.code}/export.json").get_data(as_text=True))
    assert document["evening"]["wins"] == [1, 2]
    assert [game["code"] for game in document["evening"]["games"]] == [first.code, second.code, third.code]
    assert [game["winners"] for game in document["evening"]["games"]] == [[B], [B], [A]]

    rows = list(csv.reader(io.StringIO(client.get(f"/t/{third.code}/export.csv").get_data(as_text=True))))
    tonight = rows[rows.index([]) + 1 :]
    assert tonight == [
        ["Tonight", "Ann", "Ben"],
        ["G1", "0", "1"],
        ["G2", "0", "1"],
        ["G3", "1", "0"],
        ["Total", "1", "2"],
    ]


def test_a_game_in_progress_is_listed_as_such(app, client):
    first = TableDriver(client, "switch-to", ["Ann", "Ben"])
    finish(first, winner=A)
    second = rematch(app, client, first)
    second.enter({"type": "start_round", "removed_suit": "C"})
    words = re.sub(r"\s+", " ", visible(client.get(f"/t/{first.code}/sheet")))
    assert "Ann 1 win · Ben 0 wins" in words and "Ann won in progress" in words
