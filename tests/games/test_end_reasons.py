"""Game over says why, in each game's own words (issue 15): ``Game.end_reason`` read off the
public board of a finished game. Each game is played to its end with random legal entries (a
fixed seed), and the sentence is checked against what the board says happened."""

from __future__ import annotations

import random

import pytest

from referee.games import GAMES
from referee.games.base import HOST


def finished(game: str, seed: int, players: int = 3, **options) -> dict:
    """The public board of a game played to its end with random legal entries."""
    engine = GAMES[game]
    rnd = random.Random(seed)
    state = engine.new_game([f"P{n}" for n in range(players)], options)
    for _ in range(20000):
        legal = engine.legal_entries(state)
        if not legal:
            break
        state = engine.apply(state, rnd.choice(legal), HOST)
    view = engine.view(state, None)
    assert view["phase"] == "over", f"{game} seed {seed} did not finish"
    return view


def reason(game: str, view: dict) -> str:
    said = GAMES[game].end_reason(view)
    assert said is not None, f"{game} has no end reason"
    return str(said)


@pytest.mark.parametrize("seed", range(4))
def test_switch_to_says_who_reached_minus_50_or_that_every_round_was_played(seed):
    view = finished("switch-to", seed)
    said = reason("switch-to", view)
    players = view["players"]
    if len(players[0]["scores"]) == len(players):
        assert said == f"{len(players)} rounds played, one per player: the game ends."
    else:
        low = [p for p in players if p["total"] <= -50]
        assert low and all(p["name"] in said and f"\u2212{-p['total']}" in said for p in low)
        assert "\u221250" in said


def test_switch_to_names_the_total_and_the_limit_as_the_issue_asks():
    view = {
        "players": [
            {"name": "Ann", "scores": [-30, -33], "total": -63},
            {"name": "Ben", "scores": [-10, -5], "total": -15},
            {"name": "Cem", "scores": [-20, -8], "total": -28},
        ]
    }
    assert reason("switch-to", view) == "Ann reached \u221263; \u221250 ends the game."


@pytest.mark.parametrize("seed", range(3))
def test_swoop_says_who_reached_the_target(seed):
    view = finished("swoop", seed)
    said = reason("swoop", view)
    over = [p for p in view["players"] if p["total"] >= 500]
    assert over and all(p["name"] in said and str(p["total"]) in said for p in over) and "500" in said


def test_swoop_with_a_number_of_hands_says_they_were_played():
    view = finished("swoop", 1, end_mode="hands", hand_limit="2")
    assert reason("swoop", view) == "2 hands played, as agreed: the game ends."


@pytest.mark.parametrize("seed", range(3))
def test_schwimmen_names_the_last_player_left(seed):
    view = finished("schwimmen", seed)
    (winner,) = view["winners"]
    assert (
        reason("schwimmen", view)
        == f"{view['players'][winner]['name']} is the last player left in: everyone else is out."
    )
    assert all(p["out"] for n, p in enumerate(view["players"]) if n != winner)


def test_schwimmen_shared_win_names_everyone_who_shares_it():
    view = {"winners": [0, 2], "players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cem"}]}
    assert reason("schwimmen", view) == "Everyone would be out: Ann and Cem share the win."


@pytest.mark.parametrize("seed", range(2))
def test_was_sticht_full_game_names_who_completed_five_chips(seed):
    view = finished("was-sticht", seed, game_length="full")
    said = reason("was-sticht", view)
    five = [p["name"] for p in view["players"] if p["completed"] >= 5]
    assert five and all(name in said for name in five) and "5 chips; 5 ends the game" in said


def test_was_sticht_short_game_ends_when_everyone_dealt_twice_or_at_four_chips():
    for seed in range(3):
        view = finished("was-sticht", seed)
        said = reason("was-sticht", view)
        four = [p["name"] for p in view["players"] if p["completed"] >= 4]
        if four:
            assert all(name in said for name in four) and "4 chips; 4 ends the game" in said
        else:
            assert said == f"Everyone has dealt twice ({view['round'] - 1} rounds): the short game ends."
            assert view["round"] - 1 == 2 * len(view["players"])


def test_was_sticht_early_end_says_first_place_was_settled():
    view = {
        "options": {"game_length": "short"},
        "round": 5,
        "players": [{"name": "Ann", "completed": 3}, {"name": "Ben", "completed": 0}, {"name": "Cem", "completed": 0}],
    }
    assert reason("was-sticht", view) == "The table ended the game early: first place was settled."


@pytest.mark.parametrize("seed", range(3))
def test_switch_16_race_names_who_discarded_card_16(seed):
    view = finished("switch-16", seed)
    (winner,) = view["winners"]
    assert reason("switch-16", view) == f"{view['players'][winner]['name']} discarded card 16 first and wins the race."
    assert view["players"][winner]["discarded"] == 16


def test_switch_16_points_game_names_who_reached_the_target():
    view = finished("switch-16", 0, game_mode="points", points_target="30")
    said = reason("switch-16", view)
    over = [p for p in view["players"] if p["points"] >= 30]
    assert over and all(p["name"] in said and str(p["points"]) in said for p in over) and "30" in said


@pytest.mark.parametrize("game", ["switch-to", "swoop", "schwimmen", "was-sticht", "switch-16"])
def test_the_end_reason_reads_in_german_and_japanese(app, game):
    """Every sentence an end reason can say is in both catalogs."""
    from referee.i18n import translate

    view = finished(game, 0)
    english = reason(game, view)
    for language in ("de", "ja"):
        with app.test_request_context(headers={"Accept-Language": language}):
            assert translate(GAMES[game].end_reason(view)) != english
