"""Score sheets to look at and to take home: the read-only sheet page with its chart and QR
code, CSV and JSON exports, the "send to BG Stats" link, and the web app manifest.

Nothing here writes. Anyone with the table's code may watch it already, so the sheet needs no
new secret; the export's entries are said as the phone asking may read them
(``projection``): secret fields never, and what its board keeps from it as History says it.
"""

from __future__ import annotations

import csv
import io
import json
import pickle
import re
import threading
from collections import OrderedDict
from urllib.parse import quote

from flask import Blueprint, Response, current_app, render_template, url_for
from flask_babel import get_locale, gettext

from .. import scoresheet
from ..table import reads
from ..db import GameTable
from . import evening, projection
from .common import by_json, db, public_base, qr_response
from .pad import shown_secret_seqs

bp = Blueprint("sheets", __name__)
bp.add_app_template_global(evening.chart, "evening_chart")

BG_STATS_URL = "https://app.bgstatsapp.com/createPlay.html?data="  # their documented import link
SOURCE_NAME = "Table Referee"
CACHE_SIZE = 64
BAR_COLOUR, PAGE_COLOUR = "#ffffff", "#fbfaf7"  # --panel and --bg of static/app.css (light)


# --------------------------------------------------------------------------- reading a table's sheet

_cache_lock = threading.Lock()


def sheet_of(table: GameTable, view: dict | None = None) -> scoresheet.ScoreSheet:
    """The table's score sheet. A tip names one unchanging line of entries, so the sheet is kept
    per (code, tip): the phones polling a table after an entry share one reading of the log."""
    cache = current_app.extensions.setdefault("score_sheets", OrderedDict())
    key = (table.code, table.tip)
    with _cache_lock:
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
    if view is None:
        engine = reads.engine_of(table)
        view = engine.view(reads.current_state(db(), table), None)
    sheet = reads.engine_of(table).folded_sheet(view, reads.sheet_fold_at(db(), table, table.tip))
    with _cache_lock:
        cache[key] = sheet
        while len(cache) > CACHE_SIZE:
            cache.popitem(last=False)
    return sheet


def chart_svg(sheet: scoresheet.ScoreSheet, chart_id: str = "chart") -> str:
    title = gettext(
        "%(measure)s after each %(round)s",
        measure=gettext(sheet.measure).capitalize(),
        round=gettext(sheet.round_word).lower(),
    )
    return scoresheet.chart(sheet, title, chart_id=chart_id, start_label=gettext("Start"))


def board_context(table: GameTable, view: dict) -> dict:
    """What every board adds: the round strip (from this phone's view; round, dealer and turn
    are public) and, once a round is scored, the chart (from the public sheet)."""
    return {"round_now": reads.engine_of(table).round_info(view), "sheet_chart": board_chart(table)}


def board_chart(table: GameTable) -> str | None:
    """The board's chart, drawn once per sheet and language for every phone at the table: it is
    kept by what it shows, not by tip, as most entries leave the sheet as it was (a round's end
    adds its row). The sheet's pickle is the key: equal bytes are an equal sheet, and it costs a
    quarter of walking the sheet in Python (12 against 52 µs for ten rows); a sheet that pickles
    differently is only drawn again."""
    sheet = sheet_of(table)
    if not sheet.rows:
        return None
    charts = current_app.extensions.setdefault("board_charts", OrderedDict())
    key = (table.code, str(get_locale()), pickle.dumps(sheet))
    with _cache_lock:
        if key in charts:
            charts.move_to_end(key)
            return charts[key]
    chart = chart_svg(sheet, f"chart-{table.code}")
    with _cache_lock:
        charts[key] = chart
        while len(charts) > CACHE_SIZE:
            charts.popitem(last=False)
    return chart


def sheet_url(table: GameTable) -> str:
    """The link that shares the result: the sheet read-only, under a code of its own (issue 25:
    the table's code would lead whoever gets it to the live table, or to its rematch)."""
    return f"{public_base()}{url_for('sheets.shared_sheet', share=reads.share_code(db(), table))}"


# --------------------------------------------------------------------------- pages and files


@bp.get("/t/<code>/sheet")
def sheet(code: str):
    return _sheet_page(reads.find_table(db(), code), shared=False)


@bp.get("/r/<share>")
def shared_sheet(share: str):
    """The shared result: the same sheet, with no way to the table."""
    return _sheet_page(reads.find_shared(db(), share), shared=True)


def _sheet_page(table: GameTable, shared: bool):
    engine = reads.engine_of(table)
    view = engine.view(reads.current_state(db(), table), None)
    score = sheet_of(table, view)
    return render_template(
        "sheet.html",
        table=table,
        engine=engine,
        sheet=score,
        places=scoresheet.ranked(score),
        chart=chart_svg(score) if score.rows else None,
        sheet_url=sheet_url(table),
        shared=shared,
        bg_stats=bg_stats_link(table, score, table.share if shared else table.code) if score.finished else None,
        evening=evening.evening_of(table, sheet_of),
    )


@bp.get("/t/<code>/sheet/qr.svg")
def sheet_qr(code: str):
    return qr_response(sheet_url(reads.find_table(db(), code)))


@bp.get("/r/<share>/qr.svg")
def shared_sheet_qr(share: str):
    return qr_response(sheet_url(reads.find_shared(db(), share)))


@bp.get("/r/<share>/export.csv")
def shared_export_csv(share: str):
    return _csv(reads.find_shared(db(), share), share)


@bp.get("/t/<code>/export.csv")
def export_csv(code: str):
    table = reads.find_table(db(), code)
    return _csv(table, table.code)


def _csv(table: GameTable, name: str):
    header, body = scoresheet.as_table(sheet_of(table))
    tonight = evening.evening_of(table, sheet_of)
    if tonight:  # after a blank row, the evening's wins game by game (G1, G2, …) and in all
        wins_header, wins_body = scoresheet.as_table(evening.wins_sheet(tonight))
        body = [*body, [], ["Tonight", *wins_header[1:]], *wins_body]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([spreadsheet_safe(cell) for cell in row] for row in (header, *body))
    return _download(out.getvalue(), "text/csv", f"{name}-{table.game}.csv")  # Flask adds the charset


# A cell starting with one of these is run as a formula by spreadsheets (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?\d+(\.\d+)?(e[+-]?\d+)?")


def spreadsheet_safe(cell: str) -> str:
    """A cell a spreadsheet would run as a formula (a player named ``=HYPERLINK(…)``) gets a
    leading apostrophe, shown as text; a score such as -54 stays a number."""
    if cell.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


@bp.get("/t/<code>/export.json")
def export_json(code: str):
    table = reads.find_table(db(), code)
    text = json.dumps(export_document(table), ensure_ascii=False, indent=2)
    return _download(text, "application/json", f"{table.code}-{table.game}.json")


@bp.get("/r/<share>/export.json")
def shared_export_json(share: str):
    """The export without the table's code and address, nor the codes of the evening's other
    games (``export_document``)."""
    table = reads.find_shared(db(), share)
    document = export_document(table)
    document["table"] = {k: v for k, v in document["table"].items() if k not in ("code", "url")}
    if document.get("evening"):
        document["evening"]["games"] = [
            {k: v for k, v in game.items() if k != "code"} for game in document["evening"]["games"]
        ]
    text = json.dumps(document, ensure_ascii=False, indent=2)
    return _download(text, "application/json", f"{share}-{table.game}.json")


def _download(text: str, mimetype: str, filename: str) -> Response:
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def export_document(table: GameTable) -> dict:
    engine = reads.engine_of(table)
    view = engine.view(reads.current_state(db(), table), None)
    entries = reads.history(db(), table)
    voided, in_force = reads.voided_seqs(entries), set(reads.in_force(entries, table.tip))
    seen, shown = projection.of_this_phone(table, entries), shown_secret_seqs(db(), table, entries)
    return {
        "table": {
            "code": table.code,
            "game": table.game,
            "title": engine.title,
            "phase": view["phase"],
            "seq": table.seq,
            "tip": table.tip,
            "created_at": table.created_at.isoformat(),
            "url": f"{public_base()}/t/{table.code}",
            "sheet_url": sheet_url(table),
        },
        "players": [{"seat": seat, "name": s["name"]} for seat, s in enumerate(table.seats)],
        "options": dict(table.options),
        "entries": [_entry(seen, e, voided, in_force, e.seq in shown) for e in entries],
        "score_sheet": sheet_json(sheet_of(table, view)),
        "evening": _evening_json(table),
    }


def _evening_json(table: GameTable) -> dict | None:
    tonight = evening.evening_of(table, sheet_of)
    return evening.as_json(tonight) if tonight else None


def _entry(seen: projection.Projection, entry, voided: set[int], in_force: set[int], shown: bool) -> dict:
    """A log line as this phone may read it; a secret entry's fields once the table was shown them."""
    return {
        "seq": entry.seq,
        "kind": entry.kind,
        "by": by_json(entry.by),
        "description": seen.description(entry),
        "action": entry.action if shown else seen.action(entry),
        "ruling": entry.ruling,
        "voids": entry.voids,
        "voided": entry.seq in voided,
        "in_force": entry.seq in in_force,
        "corrects": entry.corrects,
        "replaces": entry.replaces,
        "at": entry.created_at.isoformat(),
    }


def sheet_json(sheet: scoresheet.ScoreSheet) -> dict:
    places = sheet.ranks()
    return {
        "round_word": sheet.round_word,
        "measure": sheet.measure,
        "higher_wins": sheet.higher_wins,
        "finished": sheet.finished,
        "start": sheet.start,
        "rounds": [{"label": r.label, "scores": r.scores, "totals": r.standings, "note": r.note} for r in sheet.rows],
        "totals": sheet.totals,
        "winners": sheet.winners,
        "places": places,
    }


def bg_stats_payload(table: GameTable, sheet: scoresheet.ScoreSheet, play_id: str | None = None) -> dict:
    """A finished play in BG Stats' import format (their "push plays" page): the final totals as
    scores, places as ranks. "Out" (Schwimmen) scores 0 and ranks by when it happened. The play
    is named by ``play_id``: the table's code, or on the shared sheet its own code."""
    play_id = play_id or table.code
    engine = reads.engine_of(table)
    entries = reads.history(db(), table)
    last = entries[-1].created_at if entries else table.created_at
    places, starter = sheet.ranks(), start_player(table, entries)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id,
        "playDate": table.created_at.strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": max(1, round((last - table.created_at).total_seconds() / 60)),
        "game": {"name": engine.title, "highestWins": sheet.higher_wins, "noPoints": False, "sourceGameId": table.game},
        "players": [
            {
                "name": name,
                "score": total if total is not None else 0,
                "rank": places[seat],
                "winner": seat in sheet.winners,
                "startPlayer": seat == starter,
                "role": "",
                "sourcePlayerId": f"{play_id}-{seat}",
            }
            for seat, (name, total) in enumerate(zip(sheet.players, sheet.totals))
        ],
        "comments": f"{len(sheet.rows)} {sheet.round_word.lower()}s · {sheet_url(table)}",
    }


def start_player(table: GameTable, entries) -> int | None:
    """The seat that took the game's first turn: the first turn the game's public view names,
    along the entries in force (a few at most: the deal, the predictions)."""
    engine = reads.engine_of(table)
    for seq in reads.in_force(entries, table.tip):
        info = engine.round_info(engine.view(reads.state_at(db(), table, seq), None))
        if info is not None and info.turn is not None:
            return info.turn
    return None


def bg_stats_link(table: GameTable, sheet: scoresheet.ScoreSheet, play_id: str | None = None) -> str:
    payload = json.dumps(bg_stats_payload(table, sheet, play_id), ensure_ascii=False, separators=(",", ":"))
    return BG_STATS_URL + quote(payload, safe="")


# --------------------------------------------------------------------------- installable


@bp.get("/manifest.webmanifest")
def manifest():
    document = {
        "name": gettext("Table Referee"),
        "short_name": gettext("Referee"),
        "description": gettext("Referees card and dice games played with real cards."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": BAR_COLOUR,
        "background_color": PAGE_COLOUR,
        "icons": [
            _icon("icon.svg", "any", "image/svg+xml", "any"),
            *(
                _icon(f"icon-{n}.png", f"{n}x{n}", "image/png", purpose)
                for n in (192, 512)
                for purpose in ("any", "maskable")
            ),
        ],
    }
    return Response(json.dumps(document, ensure_ascii=False), mimetype="application/manifest+json")


def _icon(name: str, sizes: str, kind: str, purpose: str) -> dict:
    """The icons are drawn full-bleed with the mark inside the maskable safe circle, so the same
    file serves both purposes."""
    return {"src": url_for("static", filename=f"icons/{name}"), "sizes": sizes, "type": kind, "purpose": purpose}


@bp.get("/sw.js")
def service_worker():
    """The worker that keeps this phone's last board for when the server cannot be reached
    (static/sw.js). Served from the root so that it may serve the table pages; asked for again
    on every visit, so a new version takes over at once."""
    response = current_app.send_static_file("sw.js")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico on their own: send them the icon."""
    return current_app.send_static_file("icons/icon-192.png")
