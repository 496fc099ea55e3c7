"""A stored Was Sticht game goes on as it did: ``snapshots/was-sticht.json`` was dumped mid-game
(round 2, mid-draft) by the module engine on main before it became a package, with the views each
phone had, the entries it refused there and how it played on to round 3. The engine of today
must load that snapshot and play on from it exactly so: same refusals, history lines, notes,
states and views (the offers, ``actions``, now come from the moves and are left out, as are the
view's fields added since)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.games.base import HOST, Refusal

STORED = json.loads((Path(__file__).parent / "snapshots" / "was-sticht.json").read_text(encoding="utf-8"))
GAME = GAMES["was-sticht"]


def phone(by):
    return HOST if by == "host" else by


def views(state, stored: dict) -> dict:
    """Each phone's view, with the fields the stored views have."""
    seen = {}
    for viewer in [HOST, None, *range(len(state.players))]:
        view = json.loads(json.dumps(GAME.view(state, viewer)))
        seen[str(viewer)] = {name: view[name] for name in stored[str(viewer)]}
    return seen


def in_card_order(views: dict) -> dict:
    """The stored views with the taken cards in the pack's order, as views list them since
    issue 25 (in the order taken they told who took which while the record is closed)."""
    order = GAMES["was-sticht"].view(GAME.load(STORED["state"]), None)["card_rows"]
    rank = {card: n for n, card in enumerate(card for row in order for card in row)}
    return {
        viewer: {**view, "taken": sorted(view["taken"], key=rank.__getitem__)} if "taken" in view else view
        for viewer, view in views.items()
    }


def test_the_stored_snapshot_loads_into_the_same_state_and_views():
    state = GAME.load(STORED["state"])
    assert json.loads(json.dumps(GAME.dump(state))) == STORED["state"]
    assert views(state, STORED["views"]) == in_card_order(STORED["views"])


@pytest.mark.parametrize("refused", STORED["refusals"], ids=lambda r: r["rule"])
def test_the_stored_snapshot_refuses_what_it_refused(refused):
    state = GAME.load(STORED["state"])
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, refused["entry"], phone(refused["by"]))
    assert (caught.value.rule, caught.value.overridable, str(caught.value.message)) == (
        refused["rule"],
        refused["overridable"],
        refused["message"],
    )


def test_the_stored_snapshot_plays_on_as_it_did():
    state = GAME.load(STORED["state"])
    for number, step in enumerate(STORED["entries"]):
        by = phone(step["by"])
        assert GAME.describe(state, step["entry"], by) == step["description"], number
        state = GAME.apply(state, step["entry"], by)
        assert state.notes == step["notes"], number
    assert json.loads(json.dumps(GAME.dump(state))) == STORED["final"]["state"]
    assert views(state, STORED["final"]["views"]) == in_card_order(STORED["final"]["views"])
