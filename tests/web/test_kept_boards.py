"""Issue 19: an entry costs the server one board per kind of phone, not one per phone. The htmx
board is rendered once per (table, seq, phone's kind, language, seats, pending correction) and
kept; every answer still gets its own form key, and whatever changes a board without a new
entry (a seat claimed) draws it anew."""

from __future__ import annotations

import re

from flask import template_rendered

from tests.helpers import Phone, seat_phone


def form_keys(page: str) -> set[str]:
    return {key.split("-")[0] for key in re.findall(r'name="key" value="([^"]+)"', page)}


class Renders:
    """The board fragments the app rendered while in the block."""

    def __init__(self, app):
        self.app, self.boards = app, 0

    def __enter__(self):
        template_rendered.connect(self.count, self.app)
        return self

    def __exit__(self, *_):
        template_rendered.disconnect(self.count, self.app)

    def count(self, _app, template, context, **_):
        self.boards += template.name == "board.html"


def test_phones_of_one_kind_share_one_rendering_of_the_board_each_with_its_own_form_key(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    host.look()
    watchers = [Phone(app) for _ in range(3)]
    with Renders(app) as renders:
        boards = [watcher.look(host.code, htmx=True) for watcher in watchers]
    assert renders.boards == 1
    assert len({re.sub(r'name="key" value="[^"]+"', "", board) for board in boards}) == 1
    with Renders(app) as renders:
        first, second = host.look(htmx=True), host.look(htmx=True)
    assert renders.boards == 1
    keys = form_keys(first), form_keys(second)
    assert all(len(k) == 1 for k in keys) and keys[0] != keys[1]  # a double tap on two boards is two taps


def test_a_seat_claimed_without_an_entry_draws_the_board_anew(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    before = host.look(htmx=True)
    seat_phone(app, host, 0)
    with Renders(app) as renders:
        after = host.look(htmx=True)
    assert renders.boards == 1 and after != before


def test_an_unjoined_phone_and_a_watcher_are_not_given_each_others_board(app):
    """Both are no seat, but one is asked "Who are you?" and the other chose just to watch."""
    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    htmx = {"HX-Request": "true"}
    watcher = Phone(app).client.get(f"/t/{host.code}?watch=1", headers=htmx).get_data(as_text=True)
    unjoined = Phone(app).client.get(f"/t/{host.code}", headers=htmx).get_data(as_text=True)
    assert 'class="whoami' in unjoined and 'class="whoami' not in watcher


def _entry_reads(app) -> list[str]:
    """The SELECTs of log lines the app sends while the list is held."""
    from sqlalchemy import event

    seen: list[str] = []

    def count(_conn, _cursor, statement, *_):
        if statement.lstrip().upper().startswith("SELECT") and "FROM entries" in statement:
            seen.append(statement)

    event.listen(app.extensions["db_engine"], "before_cursor_execute", count)
    return seen


def test_every_phone_after_an_entry_reads_the_last_line_once_between_them(app):
    """Issue 31: after an entry each phone fetches its own board (a board per seat: nothing to
    share), and each read the table's last line again; a line never changes once written, so
    the process reads it once. Each board still says it as its own phone may see it."""
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cleo"])
    ann, ben, cleo = (seat_phone(app, host, seat) for seat in range(3))
    host.look(htmx=True)
    assert host.enter({"type": "start_round"}).status_code == 200
    ann.look(htmx=True)
    assert ann.enter({"type": "predict", "seat": 0, "value": 2}).status_code == 200  # Ann's board, the line read
    reads = _entry_reads(app)
    boards = [phone.look(htmx=True) for phone in (ben, cleo, host)]
    assert reads == []
    assert all(f'data-seq="{ann.seq}"' in board for board in boards)
    assert len(set(boards)) == 3  # each phone its own board


def test_drawing_every_phones_board_after_an_entry_reads_the_tip_once(app):
    """Issue 31: the boards a move sends over the streams are drawn in one go, one per phone;
    the state at the tip is read once for them all (a snapshot never changes), not once more for
    every phone after the first."""
    from sqlalchemy import event

    from referee.web.stream_boards import viewer_of_this_request

    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cleo"])
    phones = [seat_phone(app, host, seat) for seat in range(3)]
    host.enter({"type": "start_round"})
    viewers = []
    for phone in phones:
        cookie = phone.client.get_cookie(f"rt_{host.code}", path=f"/t/{host.code}")
        with app.test_request_context(
            f"/t/{host.code}/events?seats=3&boards=1", headers={"Cookie": f"rt_{host.code}={cookie.value}"}
        ):
            viewers.append(viewer_of_this_request(host.code))
    snapshot_reads: list[str] = []

    def count(_conn, _cursor, statement, *_):
        if statement.lstrip().upper().startswith("SELECT") and "snapshots" in statement:
            snapshot_reads.append(statement)

    event.listen(app.extensions["db_engine"], "before_cursor_execute", count)
    try:
        drawn = app.extensions["board_painter"].paint(host.code, viewers)
    finally:
        event.remove(app.extensions["db_engine"], "before_cursor_execute", count)
    assert [f"You are {name}" in drawn[viewer].html for viewer, name in zip(viewers, ["Ann", "Ben", "Cleo"])] == [
        True
    ] * 3
    assert len(snapshot_reads) == 1  # with the table, at its tip
