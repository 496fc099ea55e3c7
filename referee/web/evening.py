"""The evening's ledger: the games a table's players played tonight, one rematch after another.

A rematch keeps the players and their seats, so a chain of rematches is one evening at one
table: how many games each player won, and each game's winners and final totals, with a chart
of the wins as they came. Only finished games count; the game in progress is listed as such.
Nothing here is secret: every game's final sheet is public.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext
from sqlmodel import select

from .. import scoresheet
from ..table import reads
from ..db import GameTable
from .common import db

LONGEST_EVENING = 50
"""Games walked back along a chain at most: an evening, not a season."""


@dataclass(frozen=True)
class Game:
    code: str
    sheet: scoresheet.ScoreSheet


@dataclass(frozen=True)
class Evening:
    players: list[str]
    games: list[Game]  # oldest first, the table asked about among them
    wins: list[int]  # per seat, over the finished games

    @property
    def tally(self) -> list[tuple[str, int]]:
        """("Ben", 3), ("Ann", 1), …: most wins first, seating order between equals."""
        return sorted(zip(self.players, self.wins), key=lambda name_wins: -name_wins[1])

    @property
    def finished(self) -> list[Game]:
        return [game for game in self.games if game.sheet.finished]


def evening_of(table: GameTable, sheet_of) -> Evening | None:
    """The evening ``table`` belongs to, or None when it is the only game of its chain.
    ``sheet_of(table)`` reads a table's score sheet (the pages keep them per tip)."""
    chain = _chain(table)
    if len(chain) < 2:
        return None
    games = [Game(t.code, sheet_of(t)) for t in chain]
    wins = [
        sum(seat in game.sheet.winners for game in games if game.sheet.finished) for seat in range(len(table.seats))
    ]
    return Evening([seat["name"] for seat in table.seats], games, wins)


def _chain(table: GameTable) -> list[GameTable]:
    """The tables of ``table``'s rematch chain, oldest first: back by the table whose rematch
    each one is, forward by its own rematch."""
    session, chain = db(), [table]
    while len(chain) < LONGEST_EVENING:
        earlier = session.exec(select(GameTable).where(GameTable.rematch == chain[0].code)).first()
        if earlier is None:
            break
        chain.insert(0, earlier)
    while chain[-1].rematch and len(chain) < LONGEST_EVENING:
        chain.append(reads.find_table(session, chain[-1].rematch))
    return chain


def wins_sheet(evening: Evening) -> scoresheet.ScoreSheet:
    """The wins after each finished game, as a score sheet the chart draws like any other."""
    rows, totals = [], [0] * len(evening.players)
    for number, game in enumerate(evening.finished, start=1):
        won: list[scoresheet.Number | None] = [int(seat in game.sheet.winners) for seat in range(len(evening.players))]
        totals = [total + int(seat in game.sheet.winners) for seat, total in enumerate(totals)]
        standings: list[scoresheet.Number | None] = list(totals)
        rows.append(scoresheet.Row(f"G{number}", won, standings))
    return scoresheet.ScoreSheet(
        game="evening",
        players=evening.players,
        round_word="Game",
        measure="wins",
        higher_wins=True,
        start=[0] * len(evening.players),
        rows=rows,
        dodge_lines=True,
    )


def chart(evening: Evening, chart_id: str = "evening-chart") -> str | None:
    sheet = wins_sheet(evening)
    if not sheet.rows:
        return None
    return scoresheet.chart(
        sheet, gettext("Wins tonight, game by game"), chart_id=chart_id, start_label=gettext("Start")
    )


def as_json(evening: Evening) -> dict:
    return {
        "players": evening.players,
        "wins": evening.wins,
        "games": [
            {
                "code": game.code,
                "finished": game.sheet.finished,
                "winners": game.sheet.winners,
                "totals": game.sheet.totals,
            }
            for game in evening.games
        ],
    }
