"""The pending correction, and the correction just made, as a board and the API show them: a
table with a pending correction takes no entry and lists the entries that no longer pass, each
said about its seat; after a correction, every phone reads it until the next entry. What a board
reads of corrections, apart from the correction pages (``correcting.py``), so that drawing a
board needs none of the pages' views.
"""

from __future__ import annotations

from ..db import Entry, GameTable
from ..table import corrections, reads
from .about import about_player
from .common import by_json, db
from .projection import Projection


def board_context(table: GameTable, view: dict, seen: Projection) -> dict:
    """What a board adds: the pending correction (its entries' forms are hidden meanwhile), or
    the correction just made, for every phone to see (in the words its viewer may read)."""
    pending = seen.pending()
    no_entries_while_pending(table, view)
    if pending:
        said_about_their_seats(table, pending, seen.viewer)
    corrected = None if pending else latest_correction(table)
    return {"pending": pending, "just_corrected": seen.words(corrected) if corrected else None}


def said_about_their_seats(table: GameTable, pending: dict, viewer) -> None:
    """Why an entry fails is said to its maker ("Your roll 1, 3, 4 makes card 1 ..."); on every
    other phone, the host's too, it is said about the seat the entry is for ("Cem's roll ...")."""
    for item in pending["failing"]:
        seat = item.get("seat")
        seat = int(seat) if isinstance(seat, (int, str)) and str(seat).isdigit() else None
        if seat is not None and seat < len(table.seats) and seat != viewer:
            item["message"] = about_player(item["message"], table.seats[seat]["name"])


def no_entries_while_pending(table: GameTable, view: dict) -> dict:
    """While a correction is pending the table takes no entry: the view offers none."""
    if table.pending and "actions" in view:
        view["actions"] = []
    return view


def latest_correction(table: GameTable) -> Entry | None:
    """The table's last line when it is a correction (until the next entry): one read, and only
    when the last line is not the entry at the tip."""
    if table.seq == table.tip:
        return None
    last = reads.history_entry(db(), table, table.seq)
    return last if last is not None and corrections.is_correction(last) else None


def pending_json(seen: Projection) -> dict | None:
    """The pending correction for the API, in English, as ``seen``'s viewer may see it."""
    pending = seen.pending()
    if pending is None:
        return None
    return {
        "about": str(pending["about"]),
        "remaining": pending["rest"],
        "unlisted": pending["unlisted"],
        "entries": [
            {
                "seq": item["seq"],
                "by": by_json(item["by"]),
                "description": str(item["entry"]),
                "rule": item["rule"],
                "message": str(item["message"]),
                "overridable": item["overridable"],
            }
            for item in pending["failing"]
        ],
    }
