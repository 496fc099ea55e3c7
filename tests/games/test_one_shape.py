"""Every registered game (the toy sixth game too) is a declaration on the kit's one shape.

The order in which an entry's checks are cited is declared by each move (``Move.checks``) and
run by ``Game.check``; the seat acting is written into the entry by ``Move.take_effect``; the
seat a history line names comes from ``Move.subject``; what a board offers from
``Move.offered_to``. A game that overrode ``check``, ``apply``, ``describe`` or ``offers`` again
would bring back a dialect of its own, and a step named in ``checks`` that
is not a method would only fail when that entry is made.
"""

from __future__ import annotations

import pytest

from referee.games import GAMES
from referee.games.game import Game


INSTEAD = {
    "check": "declare Move.checks instead",
    "apply": "use Move.acting_seat or take_effect",
    "describe": "use Move.subject (the seat a line names) or Move.ruled_line",
    "offers": "use Move.offered_to or Game.phones_enter_for_others",
}
"""The kit's plumbing no game overrides, and what a game declares instead."""


@pytest.mark.parametrize("method", sorted(INSTEAD))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_game_overrides_the_kits_plumbing(game_id, method):
    engine = type(GAMES[game_id])
    assert getattr(engine, method) is getattr(Game, method), f"{engine.__name__} overrides {method}: {INSTEAD[method]}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_step_a_move_declares_is_one_of_its_methods(game_id):
    for kind, move in GAMES[game_id].moves.items():
        assert move.checks, f"{kind} declares no checks"
        for step in move.checks:
            assert callable(getattr(move, step, None)), f"{kind} declares the check {step!r}, which it lacks"
