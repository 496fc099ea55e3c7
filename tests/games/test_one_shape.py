"""Every registered game (the toy sixth game too) is a declaration on the kit's one shape.

The order in which an entry's checks are cited is declared by each move (``Move.checks``) and
run by ``Game.check``; the seat acting is written into the entry by ``Move.take_effect``. A game
that overrode ``check`` or ``apply`` again would bring back a dialect of its own, and a step
named in ``checks`` that is not a method would only fail when that entry is made.
"""

from __future__ import annotations

import pytest

from referee.games import GAMES
from referee.games.game import Game


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_game_overrides_the_kits_check_or_apply(game_id):
    engine = type(GAMES[game_id])
    assert engine.check is Game.check, f"{engine.__name__} overrides check: declare Move.checks instead"
    assert engine.apply is Game.apply, f"{engine.__name__} overrides apply: use Move.acting_seat or take_effect"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_step_a_move_declares_is_one_of_its_methods(game_id):
    for kind, move in GAMES[game_id].moves.items():
        assert move.checks, f"{kind} declares no checks"
        for step in move.checks:
            assert callable(getattr(move, step, None)), f"{kind} declares the check {step!r}, which it lacks"
