"""A Switch 16 table stored by the module engine (main 3b54ba4) still loads, and plays on exactly
as that engine did: the same refusals, states and history lines (``snapshots/switch-16.json``,
made by ``snapshots/make_switch16.py``)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.games.base import Refusal

SNAPSHOT = json.loads((Path(__file__).parent / "snapshots" / "switch-16.json").read_text())
GAME = GAMES["switch-16"]


def test_the_stored_state_loads_and_dumps_as_stored():
    state = GAME.load(SNAPSHOT["state"])
    assert GAME.dump(state) == SNAPSHOT["state"]
    assert state.phase == "turn" and state.round == 3 and state.chip == "hand"


def test_the_game_plays_on_from_it_as_the_module_engine_did():
    state = GAME.load(SNAPSHOT["state"])
    for n, step in enumerate(SNAPSHOT["then"]):
        entry, by, ruling = step["entry"], step["by"], step["ruling"]
        assert GAME.describe(state, entry, by).dump() == step["description"], n
        if "refused" in step:
            with pytest.raises(Refusal) as caught:
                GAME.apply(state, entry, by, ruling=ruling)
            refusal = caught.value
            said = {**refusal.as_dict(), "message": refusal.message.dump(), "permission": refusal.permission}
            assert said == step["refused"], n
            continue
        state = GAME.apply(state, entry, by, ruling=ruling)
        assert GAME.dump(state) == step["state"], n
    assert len(SNAPSHOT["then"]) == 66
