"""Each game's score sheet and round strip, read from real engines' public views."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from referee import scoresheet
from referee.games import GAMES
from referee.games.was_sticht import GAME
from referee.games.base import HOST
from referee.games.switch16.sheet import DECK_INKS
from tests.games.was_sticht_examples import dealt

A, B, C, D = 0, 1, 2, 3


class Game:
    """One engine driven entry by entry, keeping the watcher's view after each."""

    def __init__(self, game: str, players: list[str], options: dict | None = None, state=None):
        self.game, self.engine = game, GAMES[game]
        self.state = state if state is not None else self.engine.new_game(players, options or {})
        self.views = [self.view()]

    def view(self) -> dict:
        return self.engine.view(self.state, None)

    def __call__(self, action: dict, by=HOST) -> dict:
        self.state = self.engine.apply(self.state, action, by)
        self.views.append(self.view())
        return self.views[-1]

    def sheet(self) -> scoresheet.ScoreSheet:
        return GAMES[self.game].score_sheet(self.views[-1], lambda: list(self.views))


def table(sheet: scoresheet.ScoreSheet) -> list[list]:
    return [[row.label, *row.scores, "|", *row.standings] for row in sheet.rows]


# --------------------------------------------------------------------------- scores kept in the view


def test_switch_to_rounds_come_from_the_scores():
    game = Game("switch-to", ["Ann", "Ben"])
    game({"type": "start_round", "removed_suit": "C"})
    game({"type": "predict", "seat": A, "value": 1})
    game({"type": "predict", "seat": B, "value": 2})
    game({"type": "play", "seat": B, "cards": "2H 3H"})
    game({"type": "pass", "seat": A})
    game({"type": "play", "seat": B, "cards": "9D"})
    game({"type": "pass", "seat": A, "flip": "play_to_wild"})
    game({"type": "declare_hand", "seat": A, "cards": "2S 3S 4S 5S 6S 7S 8S 9S"})
    game({"type": "declare_hand", "seat": B, "cards": "4H 5H 6H 2D 3D"})
    sheet = game.sheet()
    assert table(sheet) == [["R1", -54, -20, "|", -54, -20]]
    assert sheet.finished and sheet.winners == [B] and sheet.higher_wins and sheet.ranks() == [2, 1]


def test_swoop_hands_add_up_and_the_lowest_total_wins():
    game = Game("swoop", ["Ann", "Ben", "Cem"])
    game.state.scores = [[12, 0, 30], [0, 55, 2], [7, 7, 7]]
    sheet = GAMES["swoop"].score_sheet(game.view(), list)
    assert table(sheet) == [
        ["H1", 12, 0, 7, "|", 12, 0, 7],
        ["H2", 0, 55, 7, "|", 12, 55, 14],
        ["H3", 30, 2, 7, "|", 42, 57, 21],
    ]
    assert not sheet.higher_wins and sheet.ranks() == [2, 3, 1]
    header, body = scoresheet.as_table(sheet)
    assert header == ["Hand", "Ann", "Ben", "Cem"] and body[-1] == ["Total", "42", "57", "21"]


# --------------------------------------------------------------------------- scores read off the history


def roll(game, dice):
    game({"type": "roll", "dice": dice, "face": "blank"})


def race_to_16(game):
    for dice, count in (([1, 2, 4], 7), ([4, 4, 2, 1], 4), ([6, 6, 2, 2, 1], 5)):
        roll(game, dice)
        game({"type": "discard", "count": count})


def test_switch16_points_rounds():
    game = Game("switch-16", ["Ann", "Ben"], {"game_mode": "points", "points_target": "20"})
    game({"type": "start_player", "seat": A})
    race_to_16(game)
    assert table(game.sheet()) == [["R1", 16, 0, "|", 16, 0]]
    roll(game, [1, 2, 4])
    game({"type": "discard", "count": 7})
    game({"type": "stop"})
    assert table(game.sheet()) == [["R1", 16, 0, "|", 16, 0]]  # round 2 not scored yet
    race_to_16(game)
    sheet = game.sheet()
    assert table(sheet) == [["R1", 16, 0, "|", 16, 0], ["R2", 16, 7, "|", 32, 7]]
    assert sheet.finished and sheet.winners == [A] and sheet.measure == "points"


def test_switch16_race_has_a_row_per_turn():
    game = Game("switch-16", ["Ann", "Ben"])
    game({"type": "start_player", "seat": B})
    roll(game, [1, 2, 4])
    game({"type": "discard", "count": 7})
    game({"type": "stop"})
    roll(game, [1, 2, 4])
    game({"type": "discard", "count": 3})
    assert table(game.sheet()) == [["T1", 0, 7, "|", 0, 7]]  # Ann's turn is still going
    game({"type": "stop"})
    sheet = game.sheet()
    assert table(sheet) == [["T1", 0, 7, "|", 0, 7], ["T2", 3, 0, "|", 3, 7]]
    assert sheet.round_word == "Turn" and sheet.measure == "cards discarded"


def schwimmen_round(game, dealer_choice=True):
    if dealer_choice:
        game({"type": "dealer_choice", "choice": "keep"})
    game({"type": "lay_centre", "cards": "7C 8C 9C"})


def test_schwimmen_counts_lives_and_who_goes_out():
    game = Game("schwimmen", ["Ann", "Ben", "Cem"], {"lives": "1"})
    game({"type": "first_dealer", "seat": C})
    schwimmen_round(game)
    game({"type": "swap_one", "give": "7S", "take": "9C"}, A)
    for seat in (B, C):
        game({"type": "pass"}, seat)
    game({"type": "close"}, A)
    for seat in (B, C):
        game({"type": "pass"}, seat)
    game({"type": "reveal", "cards": "9C AC KC"}, A)
    game({"type": "reveal", "cards": "AH KH 8H"}, B)
    game({"type": "reveal", "cards": "AS KS 7D"}, C)
    assert table(game.sheet()) == [["R1", 0, 0, 1, "|", 1, 1, 0]]
    # Round 2 (Ann deals): Cem, swimming, loses again and is out; Ben loses his life too.
    schwimmen_round(game)
    game({"type": "pass"}, B)
    game({"type": "pass"}, C)
    game({"type": "close"}, A)  # the dealer may close on a first turn
    game({"type": "pass"}, B)
    game({"type": "pass"}, C)
    for seat, cards in ((A, "AS KS QS"), (B, "AH KH QH"), (C, "7H 8D 10S")):
        game({"type": "reveal", "cards": cards}, seat)
    assert game.views[-1]["result"]["losses"] == {"1": ["lowest hand"], "2": ["20 or less"]}
    sheet = game.sheet()
    assert table(sheet) == [["R1", 0, 0, 1, "|", 1, 1, 0], ["R2", 0, 1, 1, "|", 1, 0, None]]
    assert sheet.totals == [1, 0, None] and sheet.ranks() == [1, 2, 3] and sheet.out_after(C) == 2
    header, body = scoresheet.as_table(sheet)
    assert header[0] == "Round (lives lost)" and body[-1] == ["Lives left", "1", "0", "out"]


def test_was_sticht_counts_completed_chips_per_round():
    game = Game("was-sticht", [], state=dealt(entry_mode="score_only", trumps=None))
    for seat in (B, C, D):
        game({"type": "choose_task", "chip": 0}, seat)  # NONE: take no trick
    game({"type": "round_result", "tricks": [9, 0, 0, 0], "last": A})
    assert table(game.sheet()) == [["R1", 0, 1, 1, 1, "|", 0, 1, 1, 1]]
    assert game.views[-1]["dealer"] == B
    game({"type": "choose_task", "chip": 0}, A)  # NONE
    game({"type": "choose_task", "chip": 1}, C)  # MOST
    game({"type": "choose_task", "chip": 1}, D)  # MOST: fails, C takes them all
    game({"type": "round_result", "tricks": [0, 0, 9, 0], "last": C})
    sheet = game.sheet()
    assert table(sheet) == [["R1", 0, 1, 1, 1, "|", 0, 1, 1, 1], ["R2", 1, 0, 1, 0, "|", 1, 1, 2, 1]]
    assert sheet.measure == "completed chips" and sheet.higher_wins


def test_a_round_undone_leaves_the_sheet():
    """The caller passes the views in force; an undone round is simply not among them."""
    game = Game("switch-16", ["Ann", "Ben"], {"game_mode": "points", "points_target": "99"})
    game({"type": "start_player", "seat": A})
    race_to_16(game)
    in_force = game.views[:-1]
    assert GAMES["switch-16"].score_sheet(in_force[-1], lambda: in_force).rows == []


def test_chart_starts_where_everyone_began():
    game = Game("schwimmen", ["Ann", "Ben"], {"lives": "3"})
    sheet = game.sheet()
    svg = scoresheet.chart(sheet, "Lives", start_label="Start")
    assert sheet.start == [3, 3] and "Ann: Start 3." in svg


# --------------------------------------------------------------------------- the round strip


def test_round_strip_for_each_game():
    game = Game("switch-to", ["Ann", "Ben", "Cem"])
    info = GAMES["switch-to"].round_info(game.view())
    assert (info.word, info.number, info.of, info.turn) == ("Round", 1, 3, None)

    game = Game("schwimmen", ["Ann", "Ben", "Cem"])
    game({"type": "first_dealer", "seat": B})
    info = GAMES["schwimmen"].round_info(game.view())
    assert (info.number, info.dealer, info.turn) == (1, B, B)  # the dealer keeps or exchanges first

    game = Game("swoop", ["Ann", "Ben", "Cem"])
    info = GAMES["swoop"].round_info(game.view())
    assert (info.word, info.number, info.dealer) == ("Hand", 1, None)

    state = dealt()
    info = GAMES["was-sticht"].round_info(GAME.view(state, None))
    assert (info.number, info.dealer) == (1, A)

    game = Game("switch-16", ["Ann", "Ben"])
    game({"type": "start_player", "seat": B})
    info = GAMES["switch-16"].round_info(game.view())
    assert (info.word, info.number, info.turn) == ("Race", None, B)


def test_switch16_chart_lines_take_the_colours_of_the_decks_held():
    """Issue 16: each player's line is drawn in the colour of the deck that player holds, and
    changes colour where a switch moved the decks; the legend shows the deck held now."""
    red, blue = (f"var(--deck-{deck},{DECK_INKS[deck]})" for deck in (0, 1))
    game = Game("switch-16", ["Ann", "Ben"])
    game({"type": "start_player", "seat": A})
    roll(game, [1, 2, 4])
    game({"type": "discard", "count": 7})
    game({"type": "stop"})
    roll(game, [1, 2, 4])
    game({"type": "discard", "count": 3})
    game({"type": "stop"})
    view = game({"type": "roll", "dice": [5, 5, 5, 5], "face": "red"})  # Ann at 8, Ben at 4: the decks swap
    assert [p["deck"] for p in view["players"]] == [1, 0]
    root = ET.fromstring(scoresheet.chart(game.sheet(), "Cards discarded"))
    svg = "{http://www.w3.org/2000/svg}"
    lines = {g.get("data-name"): g for g in root.iter(f"{svg}g") if g.get("data-name")}

    def colours(group) -> list[str]:
        return [
            (line.get("style") or group.get("style")).removeprefix("color: ") for line in group.iter(f"{svg}polyline")
        ]

    assert colours(lines["Ann"]) == [red, blue] and colours(lines["Ben"]) == [blue, red]
    legend = root.find(f".//{svg}g[@class='legend']")
    assert [entry.get("style") for entry in legend] == [f"color: {blue}", f"color: {red}"]
    assert all(line.get("stroke") == "currentColor" for line in root.iter(f"{svg}polyline"))
    dashes = {g.find(f"{svg}polyline").get("stroke-dasharray") for g in lines.values()}
    assert len(dashes) == 2  # told apart without colour too
