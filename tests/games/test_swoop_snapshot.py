"""A Swoop game stored by an earlier engine loads and plays on exactly as that engine did.

``snapshots/swoop.json`` was written by the module engine of main (3b54ba4), before Swoop became a
package: a state dumped in hand 2, then the entries that followed (some refused, some accepted as
table rulings) with what that engine answered to each.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.games.base import Refusal

STORED = json.loads((Path(__file__).parent / "snapshots" / "swoop.json").read_text())


ADDED_SINCE = (
    "last_hand",
)  # issue 16: the hand just scored, kept for the board; the engine that stored these had none


def as_stored(dumped: dict) -> dict:
    """A dump without the fields added since the snapshot was written."""
    return {name: value for name, value in dumped.items() if name not in ADDED_SINCE}


def digest(dumped: dict) -> str:
    return hashlib.sha256(json.dumps(as_stored(dumped), sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def test_a_stored_mid_game_snapshot_loads_and_dumps_unchanged():
    game = GAMES["swoop"]
    state = game.load(STORED["snapshot"])
    assert state.hand_no == 2 and state.phase == "play" and state.pile
    assert game.dump(state) == STORED["snapshot"]
    json.dumps(game.view(state, "host"))


def test_a_stored_game_plays_on_as_the_engine_that_stored_it():
    game = GAMES["swoop"]
    state = game.load(STORED["snapshot"])
    for number, step in enumerate(STORED["steps"]):
        entry, by, ruling = step["entry"], step["by"], step["ruling"]
        if "refused" in step:
            with pytest.raises(Refusal) as caught:
                game.apply(state, entry, by, ruling=ruling)
            refused = caught.value
            assert {"rule": refused.rule, "message": str(refused.message), "overridable": refused.overridable} == step[
                "refused"
            ], f"step {number}: {entry}"
            continue
        after = game.apply(state, entry, by, ruling=ruling)
        assert (game.overridden_rule(state, entry, by) if ruling else None) == step["overridden"], f"step {number}"
        assert str(game.describe(state, entry, by)) == step["line"], f"step {number}"
        assert [str(note) for note in after.notes] == step["notes"], f"step {number}"
        assert digest(game.dump(after)) == step["after"], f"step {number}: {entry}"
        state = after
    assert as_stored(game.dump(state)) == STORED["last"]
