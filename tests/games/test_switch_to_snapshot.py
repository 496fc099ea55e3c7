"""A Switch To table stored before the engine became a package still loads and plays on.

``snapshots/switch-to.json`` was written by the module engine of main (3b54ba4): a four-player
game in round 2 (``compare=loose``, ``auto_pass=on``), dumped mid-play, then every entry that
followed to the end of the game with what the old engine answered: the refusal (rule, whether a
ruling may override it, the sentence), or the history line and the dumped state after it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.games.base import Refusal

RECORDED = json.loads((Path(__file__).parent / "snapshots" / "switch-to.json").read_text())


def test_the_stored_snapshot_loads_and_dumps_unchanged():
    game = GAMES["switch-to"]
    assert game.dump(game.load(RECORDED["state"])) == RECORDED["state"]


def test_the_stored_game_plays_on_exactly_as_the_module_engine_did():
    game = GAMES["switch-to"]
    state = game.load(RECORDED["state"])
    assert RECORDED["then"][-1]["state"]["phase"] == "over"
    for step in RECORDED["then"]:
        entry, by, ruling = step["entry"], step["by"], step["ruling"]
        if "refused" in step:
            with pytest.raises(Refusal) as caught:
                game.apply(state, entry, by, ruling=ruling)
            refusal = caught.value
            assert {
                "rule": refusal.rule,
                "overridable": refusal.overridable,
                "message": refusal.message.dump(),
            } == step["refused"], entry
            continue
        after = game.apply(state, entry, by, ruling=ruling)
        assert game.describe(state, entry, by).dump() == step["line"], entry
        assert game.dump(after) == step["state"], entry
        state = after
