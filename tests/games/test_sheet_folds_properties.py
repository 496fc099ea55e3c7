"""The score sheet folded entry by entry (``Game.sheet_step``, kept with each snapshot so no board
reads the whole log) is the sheet read off every view in force, on random games of each game,
with random undos (the table's tip going back to an earlier entry and its stored working)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.switch16 import GAME as SWITCH16
from referee.games.switch16 import state as s16
from referee.games.was_sticht import GAME as WAS_STICHT
from referee.games.was_sticht import state as wst
from referee.games.was_sticht import HOST_ONLY
from referee.games.base import HOST
from tests.games import test_switch16_properties as s16_walks
from tests.games import test_was_sticht_properties as wst_walks
from tests.games.schwimmen_walks import TABLES as SCHWIMMEN_TABLES
from tests.games.switch16_walks import options as switch16_options
from tests.games.test_schwimmen_properties import WALKS as SCHWIMMEN_WALKS
from tests.games.was_sticht_walks import options as was_sticht_options

SETTINGS = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
NAMES = ["A", "B", "C", "D"]


def chain_walk(data, engine, state, entries_of, steps: int):
    """A random game as the table's chain of entries in force: each step makes a legal entry or,
    now and then, undoes the last one. Checks, after each, that the folded sheet (its working
    stored as JSON, as the snapshot keeps it) equals the sheet read off the whole chain."""
    chain = [(state, stored(engine.sheet_step(None, engine.view(state, None))))]
    for _ in range(steps):
        state, fold = chain[-1]
        if len(chain) > 1 and data.draw(st.integers(0, 9), label="undo?") == 0:
            chain.pop()
        else:
            entries = entries_of(state)
            if not entries:
                return
            entry = data.draw(st.sampled_from(entries))
            after = engine.apply(state, entry, entry.get("seat", HOST) if entry["type"] not in HOST_ONLY else HOST)
            chain.append((after, stored(engine.sheet_step(fold, engine.view(after, None)))))
        views = [engine.view(s, None) for s, _ in chain]
        folded = engine.folded_sheet(views[-1], chain[-1][1])
        assert folded == engine.score_sheet(views[-1], lambda views=views: views)


def stored(fold):
    """The working as read back from the snapshot's JSON column."""
    return json.loads(json.dumps(fold))


@SETTINGS
@given(st.data(), st.sampled_from([2, 3, 4]), SCHWIMMEN_TABLES)
def test_schwimmen_sheet_folded_entry_by_entry_is_the_sheet_of_every_view(data, players, options):
    engine = GAMES["schwimmen"]
    chain_walk(data, engine, engine.new_game(NAMES[:players], options), SCHWIMMEN_WALKS.legal_entries, 300)


@SETTINGS
@given(st.data(), st.integers(wst.MIN_PLAYERS, wst.MAX_PLAYERS))
def test_was_sticht_sheet_folded_entry_by_entry_is_the_sheet_of_every_view(data, players):
    engine = GAMES["was-sticht"]
    state = engine.new_game(NAMES[:players], data.draw(was_sticht_options(entry_mode="score_only")))
    chain_walk(data, engine, state, lambda s: wst_walks.moving_on(s, WAS_STICHT.legal_entries(s)), 300)


@SETTINGS
@given(st.data(), st.integers(s16.MIN_PLAYERS, s16.MAX_PLAYERS))
def test_switch16_sheet_folded_entry_by_entry_is_the_sheet_of_every_view(data, players):
    engine = GAMES["switch-16"]
    state = engine.new_game(NAMES[:players], data.draw(switch16_options()))
    chain_walk(data, engine, state, lambda s: s16_walks.moving_on(s, SWITCH16.legal_entries(s)), 300)
