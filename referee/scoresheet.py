"""The score sheet every game gives (``Game.score_sheet``): one row per round, a column per player,
and the helpers the games build theirs with.

A game that keeps every round's score in its view (Switch To, Swoop) reads it with
``from_scores``. One that keeps only where each player stands now (Schwimmen's lives, Was
Sticht's chips, Switch 16's points) reads the views after each entry in force with
``closing_views``: the last view before the round counter moves on is where everyone stood.

Pure: no Flask, no database. ``history`` is a callable so the games that do not need it never
make the caller load it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .charts import Series, line_chart

Number = float | int


@dataclass(frozen=True)
class Row:
    label: str  # "R1", "H2", "T5"
    scores: list[Number | None]  # what each player scored in this round (None: not in play)
    standings: list[Number | None]  # each player's total after it (None: out of the game)
    note: str = ""  # e.g. "void"
    tints: list[str | None] = field(default_factory=list)  # each player's chart colour (CSS), e.g. the deck held


@dataclass(frozen=True)
class ScoreSheet:
    game: str
    players: list[str]
    round_word: str  # "Round", "Hand", "Turn"
    measure: str  # what the totals count
    higher_wins: bool
    start: list[Number]  # the totals before the first round
    rows: list[Row] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    finished: bool = False
    goal: str = ""  # how the game is won when not by the best total ("last player left",
    #                                     "first to card 16")
    dodge_lines: bool = False  # small whole-number totals: chart lines that meet are drawn side by side
    start_tints: list[str | None] = field(default_factory=list)  # each player's chart colour at the start

    @property
    def totals(self) -> list[Number | None]:
        return list(self.rows[-1].standings) if self.rows else list(self.start)

    def ranks(self) -> list[int]:
        """Places as in sport (1, 1, 3): the game's winners first, then by the totals; players
        who went out come last, the later out the better."""

        def key(seat: int) -> tuple:
            total = self.totals[seat]
            if total is None:
                return (seat not in self.winners, 1, -self.out_after(seat))
            return (seat not in self.winners, 0, -total if self.higher_wins else total)

        keys = [key(s) for s in range(len(self.players))]
        return [1 + sum(other < mine for other in keys) for mine in keys]

    def out_after(self, seat: int) -> int:
        """The number of the first row where ``seat`` is out of the game (0: never out)."""
        return next((n for n, row in enumerate(self.rows, 1) if row.standings[seat] is None), 0)


# --------------------------------------------------------------------------- rounds in the view


def from_scores(game: str, round_word: str, higher_wins: bool, prefix: str):
    def builder(view: dict, _history) -> ScoreSheet:
        players = view["players"]
        rounds = max((len(p["scores"]) for p in players), default=0)
        running = [0] * len(players)
        rows = []
        for r in range(rounds):
            scores = [p["scores"][r] if r < len(p["scores"]) else 0 for p in players]
            running = [total + score for total, score in zip(running, scores)]
            rows.append(Row(f"{prefix}{r + 1}", scores, list(running)))
        return ScoreSheet(
            game,
            [p["name"] for p in players],
            round_word,
            "penalty points",
            higher_wins,
            [0] * len(players),
            rows,
            list(view.get("winners") or []),
            view["phase"] == "over",
        )

    return builder


# --------------------------------------------------------------------------- rounds from the history


def closing_views(views: Iterable[dict], counter: Callable[[dict], int]) -> list[dict]:
    """For n = 1, 2, …: the last view in which ``counter`` read n (everyone's standing after
    round n, including what was settled before the next round began)."""
    closing: dict[int, dict] = {}
    for view in views:
        n = counter(view)
        if n >= 1:
            closing[n] = view
    return [closing[n] for n in sorted(closing)]


def closing_step(fold: dict | None, view: dict, counter: Callable[[dict], int], digest: Callable[[dict], dict]) -> dict:
    """``closing_views`` one view at a time, for ``Game.sheet_step``: the fold keeps, for each n,
    ``digest`` of the last view whose ``counter`` read n (only what the sheet reads of it), so
    ``closing_history(fold)`` read by the sheet gives what the whole history would have."""
    closing = list((fold or {}).get("closing", []))  # a new list: the fold before stays as stored
    n = counter(view)
    if n >= 1:
        at = bisect_left([pair[0] for pair in closing], n)
        if at < len(closing) and closing[at][0] == n:
            closing[at] = [n, digest(view)]
        else:
            closing.insert(at, [n, digest(view)])
    return {"closing": closing}


def closing_history(fold: dict | None) -> list[dict]:
    """The digests of the closing views a fold made by ``closing_step`` keeps, in order."""
    return [view for _, view in (fold or {}).get("closing", [])]


# --------------------------------------------------------------------------- the chart


def chart(sheet: ScoreSheet, title: str, chart_id: str = "chart", start_label: str = "0") -> str:
    """The totals after each round as an SVG line chart, starting from where everyone began."""
    labels = [start_label] + [row.label for row in sheet.rows]
    series = [
        Series(name, [sheet.start[seat]] + [row.standings[seat] for row in sheet.rows], _tints(sheet, seat))
        for seat, name in enumerate(sheet.players)
    ]
    return line_chart(series, labels, title, chart_id=chart_id, dodge=sheet.dodge_lines)


def _tints(sheet: ScoreSheet, seat: int) -> list[str | None]:
    """One player's chart colour at the start and after each row; none when the game gives none."""

    def at(tints: list[str | None]) -> str | None:
        return tints[seat] if seat < len(tints) else None

    tints = [at(sheet.start_tints)] + [at(row.tints) for row in sheet.rows]
    return tints if any(tints) else []


def as_table(sheet: ScoreSheet) -> tuple[list[str], list[list[str]]]:
    """The sheet as text cells: a header, then a row per round and a totals row (for CSV). A
    lives sheet says which is which: its rows are the lives lost, its last row the lives left."""
    lives = sheet.measure == "lives"
    header = [f"{sheet.round_word} (lives lost)" if lives else sheet.round_word, *sheet.players]
    body = [[row.label + (f" ({row.note})" if row.note else ""), *(_cell(v) for v in row.scores)] for row in sheet.rows]
    body.append(["Lives left" if lives else "Total", *(_cell(v, out="out") for v in sheet.totals)])
    return header, body


def _cell(value: Number | None, out: str = "") -> str:
    if value is None:
        return out
    return f"{value:g}" if isinstance(value, float) else str(value)


def ranked(sheet: ScoreSheet) -> Sequence[tuple[int, int]]:
    """(place, seat) pairs, best first."""
    places = sheet.ranks()
    return sorted((places[s], s) for s in range(len(sheet.players)))
