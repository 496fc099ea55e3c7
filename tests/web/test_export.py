"""Take it home: the read-only score sheet, its chart and QR code, CSV and JSON exports and the
BG Stats link, on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from urllib.parse import unquote

import pytest

from .api_driver import TableDriver

A, B, C = 0, 1, 2
SVG = "{http://www.w3.org/2000/svg}"


def finished_switch_to(client, names=("Ann", "Ben")) -> TableDriver:
    """Two players, one round: Ann ends at -54 (the game ends at -50 or below), Ben at -20."""
    table = TableDriver(client, "switch-to", list(names))
    table.enter({"type": "start_round", "removed_suit": "C"})
    table.enter({"type": "predict", "value": 1}, by=A, seat=A)
    table.enter({"type": "predict", "value": 2}, by=B, seat=B)
    table.play(B, "2H 3H")
    table.pass_(A)
    table.play(B, "9D")
    table.pass_(A, "play_to_wild")
    table.enter({"type": "declare_hand", "cards": "2S 3S 4S 5S 6S 7S 8S 9S"}, by=A, seat=A)
    state = table.enter({"type": "declare_hand", "cards": "4H 5H 6H 2D 3D"}, by=B, seat=B)["state"]
    assert state["phase"] == "over" and state["winners"] == [B]
    return table


def roll(table, dice, face="blank"):
    return table.enter({"type": "roll", "dice": dice, "face": face})


def race_to_16(table):
    """From top 1: 7 cards, 4 more on a risk roll, 5 on another: card 16 goes."""
    for dice, count in (([1, 2, 4], 7), ([4, 4, 2, 1], 4), ([6, 6, 2, 2, 1], 5)):
        roll(table, dice)
        state = table.enter({"type": "discard", "count": count})["state"]
    return state


def points_game(client) -> TableDriver:
    """Switch 16 for points to 20: Ann 16 in round 1; Ben discards 7 in round 2, Ann wins it."""
    table = TableDriver(client, "switch-16", ["Ann", "Ben"], {"game_mode": "points", "points_target": "20"})
    table.enter({"type": "start_player", "seat": A})
    race_to_16(table)
    roll(table, [1, 2, 4])
    table.enter({"type": "discard", "count": 7})
    table.enter({"type": "stop"})
    assert race_to_16(table)["phase"] == "over"
    return table


def csv_rows(client, code: str) -> list[list[str]]:
    response = client.get(f"/t/{code}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def chart_values(svg: ET.Element) -> dict[str, list[float]]:
    """Each series' values read back from where its marks are drawn, through the axis labels."""
    ticks = [
        (float(t.get("data-value")), float(t.get("y"))) for t in svg.iter(f"{SVG}text") if t.get("class") == "tick"
    ]
    (v0, y0), (v1, y1) = ticks[0], ticks[-1]
    values = {}
    for group in svg.iter(f"{SVG}g"):
        if group.get("data-name"):
            ys = [_mark_y(m) for m in group if "mark" in (m.get("class") or "")]
            values[group.get("data-name")] = [
                round(v0 + (y - y0) * (v1 - v0) / (y1 - y0), 1) for y in ys
            ]  # to 0.1: the drawing is to 0.1 px
    return values


def _mark_y(mark: ET.Element) -> float:
    if mark.get("cy"):
        return float(mark.get("cy"))
    if mark.get("height"):
        return float(mark.get("y")) + float(mark.get("height")) / 2
    raise AssertionError(f"unexpected mark {mark.tag}")


# --------------------------------------------------------------------------- CSV and JSON


def test_csv_has_a_row_per_round_a_column_per_player_and_totals(client):
    table = points_game(client)
    assert csv_rows(client, table.code) == [
        ["Round", "Ann", "Ben"],
        ["R1", "16", "0"],
        ["R2", "16", "7"],
        ["Total", "32", "7"],
    ]


def test_csv_of_schwimmen_counts_lives_lost_and_marks_who_is_out(client):
    table = TableDriver(client, "schwimmen", ["Ann", "Ben", "Cem"], {"lives": "1"})
    table.enter({"type": "first_dealer", "seat": C}, by=A)
    table.enter({"type": "dealer_choice", "choice": "keep"}, by=C)
    table.enter({"type": "lay_centre", "cards": "7C 8C 9C"}, by=B)
    table.enter({"type": "swap_one", "give": "7S", "take": "9C"}, by=A)
    table.enter({"type": "pass"}, by=B)
    table.enter({"type": "pass"}, by=C)
    table.enter({"type": "close"}, by=A)
    table.enter({"type": "pass"}, by=B)
    table.enter({"type": "pass"}, by=C)
    table.enter({"type": "reveal", "cards": "9C AC KC"}, by=A)
    table.enter({"type": "reveal", "cards": "AH KH 8H"}, by=B)
    state = table.enter({"type": "reveal", "cards": "AS KS 7D"}, by=C)["state"]
    assert [p["lives"] for p in state["players"]] == [1, 1, 0] and state["round"] == 2
    rows = csv_rows(client, table.code)
    # the rows are lives lost, the last row lives left: the sheet says which (issue 27)
    assert rows == [["Round (lives lost)", "Ann", "Ben", "Cem"], ["R1", "0", "0", "1"], ["Lives left", "1", "1", "0"]]


def test_json_export_holds_table_players_options_log_and_sheet(client):
    table = finished_switch_to(client)
    response = client.get(f"/t/{table.code}/export.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    document = json.loads(response.get_data(as_text=True))
    assert document["table"]["code"] == table.code and document["table"]["game"] == "switch-to"
    assert document["table"]["phase"] == "over"
    assert document["players"] == [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Ben"}]
    assert document["options"]["compare"] == "strict"
    entries = document["entries"]
    assert [e["seq"] for e in entries] == list(range(1, table.seq + 1))
    assert entries[0]["by"] == "host" and entries[0]["action"]["type"] == "start_round"
    assert entries[3]["by"] == B and entries[3]["action"] == {"type": "play", "cards": "2H 3H", "seat": B}
    assert all(e["description"] for e in entries)
    sheet = document["score_sheet"]
    assert sheet["rounds"] == [{"label": "R1", "scores": [-54, -20], "totals": [-54, -20], "note": ""}]
    assert sheet["totals"] == [-54, -20] and sheet["winners"] == [B] and sheet["places"] == [2, 1]


def test_hidden_values_stay_out_of_the_export(client):
    """A prediction is its maker's until all are in: the export never carries its value."""
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    table.enter({"type": "start_round", "removed_suit": "C"})
    table.enter({"type": "predict", "value": 7}, by=A, seat=A)
    document = client.get(f"/t/{table.code}/export.json").json
    predict = document["entries"][1]
    assert predict["action"] == {"type": "predict", "seat": A}
    assert '"value": 7' not in client.get(f"/t/{table.code}/export.json").get_data(as_text=True)


def test_exports_follow_undo(client):
    table = TableDriver(client, "switch-16", ["Ann", "Ben"], {"game_mode": "points", "points_target": "20"})
    table.enter({"type": "start_player", "seat": A})
    race_to_16(table)
    assert csv_rows(client, table.code)[1] == ["R1", "16", "0"]
    table.undo()  # card 16 back: round 1 is not scored any more
    assert csv_rows(client, table.code) == [["Round", "Ann", "Ben"], ["Total", "0", "0"]]
    document = client.get(f"/t/{table.code}/export.json").json
    assert document["entries"][-1]["kind"] == "void" and document["entries"][-2]["voided"]


@pytest.mark.parametrize("path", ["sheet", "sheet/qr.svg", "export.csv", "export.json"])
def test_unknown_table_is_404(client, path):
    assert client.get(f"/t/NOSUCH/{path}").status_code == 404


# --------------------------------------------------------------------------- the sheet page and the board


def test_sheet_page_shows_chart_places_totals_and_qr(client):
    table = points_game(client)
    response = client.get(f"/t/{table.code}/sheet")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    svg = ET.fromstring(re.search(r"<svg .*?</svg>", page, re.DOTALL).group(0))
    assert chart_values(svg) == {"Ann": [0, 16, 32], "Ben": [0, 0, 7]}
    places = re.findall(r'<span class="place">(\d)\.</span>\s*<span class="name">(\w+)</span>', page)
    assert places == [("1", "Ann"), ("2", "Ben")]
    # the link it keeps is the result's own (issue 25: the table's code leads to the live table)
    share = re.search(r'src="/r/([\w-]+)/qr.svg"', page).group(1)
    assert f"http://table.test/r/{share}" in page and client.get(f"/r/{share}").status_code == 200
    qr = client.get(f"/r/{share}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert "<form" not in page  # read-only


def test_bg_stats_link_carries_the_final_scores_in_their_format(client):
    table = points_game(client)
    page = client.get(f"/t/{table.code}/sheet").get_data(as_text=True)
    link = re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', page).group(1)
    payload = json.loads(unquote(link.split("data=", 1)[1].replace("&amp;", "&")))
    assert payload["game"] == {"name": "Switch 16", "highestWins": True, "noPoints": False, "sourceGameId": "switch-16"}
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in payload["players"]] == [
        ("Ann", 32, 1, True),
        ("Ben", 7, 2, False),
    ]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", payload["playDate"])
    assert payload["sourceName"] == "Table Referee" and payload["sourcePlayId"] == table.code
    assert [p["startPlayer"] for p in payload["players"]] == [True, False]  # Ann was the start player


def test_bg_stats_marks_who_started_as_the_engine_knows_it(client):
    table = finished_switch_to(client)  # Ben predicted the most, so Ben led
    page = client.get(f"/t/{table.code}/sheet").get_data(as_text=True)
    link = re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', page).group(1)
    payload = json.loads(unquote(link.split("data=", 1)[1].replace("&amp;", "&")))
    assert [(p["name"], p["startPlayer"]) for p in payload["players"]] == [("Ann", False), ("Ben", True)]


def test_no_bg_stats_link_before_the_game_is_over(client):
    table = TableDriver(client, "switch-16", ["Ann", "Ben"], {"game_mode": "points", "points_target": "20"})
    table.enter({"type": "start_player", "seat": A})
    race_to_16(table)
    page = client.get(f"/t/{table.code}/sheet").get_data(as_text=True)
    assert "bgstatsapp" not in page and "in progress" in page and "<svg" in page


def test_table_page_shows_the_chart_and_the_round_strip(client):
    table = TableDriver(client, "switch-16", ["Ann", "Ben"], {"game_mode": "points", "points_target": "20"})
    table.enter({"type": "start_player", "seat": A})
    page = client.get(f"/t/{table.code}").get_data(as_text=True)
    assert "<svg" not in page  # nothing scored yet
    assert 'class="round-no">Round 1<' in page and "Turn: <strong>Ann</strong>" in page
    race_to_16(table)
    page = client.get(f"/t/{table.code}", headers={"HX-Request": "true"}).get_data(as_text=True)
    svg = ET.fromstring(re.search(r"<svg .*?</svg>", page, re.DOTALL).group(0))
    assert chart_values(svg) == {"Ann": [0, 16], "Ben": [0, 0]}
    assert 'class="round-no">Round 2<' in page and "Turn: <strong>Ben</strong>" in page
    assert f'href="/t/{table.code}/sheet"' in page


def test_round_strip_names_the_dealer(client):
    table = TableDriver(client, "schwimmen", ["Ann", "Ben", "Cem"])
    table.enter({"type": "first_dealer", "seat": C}, by=A)
    page = client.get(f"/t/{table.code}").get_data(as_text=True)
    assert "Deals: <strong>Cem</strong>" in page and 'class="round-no">Round 1<' in page


# --------------------------------------------------------------------------- installable


def test_manifest_is_served_with_its_content_type_and_real_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = response.json
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["name"] == "Table Referee" and manifest["short_name"]
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    css = client.get("/static/app.css").get_data(as_text=True)
    assert f"--bg: {manifest['background_color']}" in css and f"--panel: {manifest['theme_color']}" in css
    sizes = set()
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200, icon
        if icon["type"] == "image/png":
            width, height = int.from_bytes(image.data[16:20], "big"), int.from_bytes(image.data[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((width, icon["purpose"]))
        else:
            ET.fromstring(image.data)
    assert {(192, "maskable"), (512, "maskable"), (192, "any"), (512, "any")} <= sizes


def test_every_page_links_manifest_icons_and_theme_colours(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert (
        len(
            re.findall(
                r'<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: '
                r'(?:light|dark)\)">',
                page,
            )
        )
        == 2
    )
    assert 'rel="apple-touch-icon"' in page and 'href="data:,"' not in page
    assert client.get("/favicon.ico").status_code == 200


def test_openapi_describes_the_exports(client):
    paths = client.get("/api/openapi.json").json["paths"]
    for path in ("/t/{code}/export.csv", "/t/{code}/export.json", "/t/{code}/sheet"):
        assert path in paths and "404" in paths[path]["get"]["responses"]


def test_predictions_are_in_the_export_once_the_table_was_shown_them(client):
    """Issue 27: once every prediction is in, the table sees them all, and so does the export
    (it dropped their values for good)."""
    table = finished_switch_to(client)
    document = client.get(f"/t/{table.code}/export.json").json
    predictions = [e["action"] for e in document["entries"] if e["action"]["type"] == "predict"]
    assert predictions == [{"type": "predict", "value": 1, "seat": A}, {"type": "predict", "value": 2, "seat": B}]


def test_the_service_worker_is_served_from_the_root_and_every_page_installs_it(client):
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype in ("text/javascript", "application/javascript")
    assert worker.headers["Cache-Control"] == "no-cache"  # a new version takes over on the next visit
    source = worker.get_data(as_text=True)
    assert 'request.method !== "GET"' in source  # it answers no write, ever
    page = client.get("/").get_data(as_text=True)
    assert re.search(r'<script src="/static/sw_register\.js\?v=\w+" defer data-copy="Offline copy', page)
