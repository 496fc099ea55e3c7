"""Issue 17 item 8: a CSV export is safe to open in a spreadsheet and says its charset once;
a board drawn for a seat or the host (its secrets: a hand, a task) is never kept by a cache."""

from __future__ import annotations

import csv
import io

from .test_export import finished_switch_to
from tests.helpers import Phone

FORMULAS = ['=HYPERLINK("x")', "+1+2", "-2+3", "@SUM(A1)"]


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_neutralised_and_scores_stay_numbers(client):
    for first, second in zip(FORMULAS[::2], FORMULAS[1::2]):
        table = finished_switch_to(client, [first, second])
        response = client.get(f"/t/{table.code}/export.csv")
        rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
        assert rows[0] == ["Round", f"'{first}", f"'{second}"]
        assert rows[-1] == ["Total", "-54", "-20"]  # negative numbers are numbers, not formulas


def test_csv_states_its_charset_once(client):
    table = finished_switch_to(client)
    response = client.get(f"/t/{table.code}/export.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"


def test_boards_drawn_for_a_seat_or_the_host_are_not_stored(app, client):
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cem"])
    ben = Phone(app)
    ben.look(host.code)
    ben.join(1)
    for phone in (host, ben):
        for headers in ({}, {"HX-Request": "true"}):
            response = phone.client.get(f"/t/{host.code}", headers=headers)
            assert response.headers.get("Cache-Control") == "no-store, private", (phone, headers)
    host.look()
    answer = host.enter({"type": "start_round"})
    assert answer.status_code == 200 and answer.headers.get("Cache-Control") == "no-store, private"
    host_token = host.client.get_cookie(f"rt_{host.code}", path=f"/t/{host.code}").value
    shown = client.get(f"/api/tables/{host.code}", headers={"Authorization": f"Bearer {host_token}"})
    assert shown.headers.get("Cache-Control") == "no-store, private"
