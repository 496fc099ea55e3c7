"""Whatever a table records (including host rulings on odd entries), every phone's page renders:
random entries through the API, then the board as the host, a seat and a watcher sees it."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from tests.games.walks import FIELDS


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_every_page_renders_whatever_was_recorded(app, game_id, data):
    client = app.test_client()
    engine = GAMES[game_id]
    players = [f"P{i}" for i in range(data.draw(st.integers(engine.min_players, engine.max_players)))]
    opened = client.post("/api/tables", json={"game": game_id, "players": players}).json
    code, seq = opened["code"], 0
    claimed = client.post(
        f"/api/tables/{code}/seats/0/claim", headers={"Authorization": f"Bearer {opened['host_token']}"}
    )
    tokens = {"host": opened["host_token"], 0: claimed.json["token"]}
    for _ in range(data.draw(st.integers(1, 12))):
        action = {"type": data.draw(st.sampled_from(sorted(engine.entry_types))), **data.draw(FIELDS)}
        who = data.draw(st.sampled_from(["host", 0]))
        response = client.post(
            f"/api/tables/{code}/plays",
            headers={"Authorization": f"Bearer {tokens[who]}"},
            json={"action": action, "expected_seq": seq, "key": uuid.uuid4().hex, "ruling": data.draw(st.booleans())},
        )
        assert response.status_code in (200, 400, 403, 422), response.get_data(as_text=True)[:300]
        if response.status_code == 200:
            seq = response.json["seq"]
    for token in (tokens["host"], tokens[0], None):
        viewer = app.test_client()
        if token:
            viewer.set_cookie(f"rt_{code}", token, path=f"/t/{code}")
        page = viewer.get(f"/t/{code}")
        assert page.status_code == 200, page.get_data(as_text=True)[-500:]
    assert client.get(f"/t/{code}/history").status_code == 200
