"""The table-centre screen: a tablet in the middle of the table or a TV, read from two metres.

It shows what the whole table may see and nothing more: the board as a phone that only watches
sees it (never a seat's secret, never a control), whose turn it is, the last entry, the
standings and the code to join by. It is live like every board: it listens on the table's
event stream and fetches itself again (the same URL serves the page and, for htmx, the screen
alone).
"""

from __future__ import annotations

from flask import Response, current_app, redirect, render_template, url_for
from werkzeug.wrappers import Response as BaseResponse

from ..table import reads
from ..db import GameTable
from ..games.base import HOST
from . import flows, sheets
from .common import db, is_htmx, join_url
from .projection import Projection

WATCHER = None
"""The screen is nobody's seat: it sees what a phone that only watches sees."""


def screen(table: GameTable) -> str:
    """The whole page, or for htmx just the screen inside it."""
    game = reads.engine_of(table)
    seen = Projection(db(), table, WATCHER, now=reads.current_state(db(), table))
    view = seen.view()
    view["actions"] = []  # a screen offers nothing to enter
    sheet = sheets.sheet_of(table)
    context = dict(
        table=table,
        engine=game,
        view=view,
        viewer=WATCHER,
        host=HOST,
        key="",
        board_args={},
        last=flows.last_line(table, seen),
        over=flows.game_over(table, view, sheet),
        sheet=sheet,
        standings=standings(sheet),
        join_url=join_url(table),
        poll_seconds=current_app.config["POLL_SECONDS"],
        **sheets.board_context(table, view),
    )
    return render_template("_tv_screen.html" if is_htmx() else "tv.html", **context)


def to_the_rematch(table: GameTable) -> BaseResponse:
    """A screen left on at a game over goes on to the rematch by itself, as every phone does
    (htmx follows HX-Redirect); a screen holds no seat, so there is nothing to carry over."""
    target = url_for("pages.table_screen", code=table.rematch)
    return Response(status=204, headers={"HX-Redirect": target}) if is_htmx() else redirect(target, 303)


def standings(sheet) -> list[tuple[str, object]]:
    """Each player's name and total so far, in seating order (None: out of the game)."""
    return list(zip(sheet.players, sheet.totals)) if sheet.rows else []
