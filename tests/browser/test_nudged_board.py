"""A nudge fetches the board itself. A server of several processes may nudge a phone from the
process that took the entry while the phone's fetch lands on one that has not heard of it yet
(its watcher reads the database a few times a second): asked "anything new since seq N?", that
one says no (204), and the board came a round trip or more later. Here Ben's phone only ever
reaches such a process for its polls: every fetch that says `since=` is answered 204."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .helpers import join, open_table
from .test_table_flows import Api, on_phone

pytestmark = pytest.mark.browser

LIVE = 6_000  # ms: how long a phone may take to show a new entry; speed is the bench's to measure, not a test's


def test_a_nudged_board_is_fetched_even_where_a_poll_hears_nothing_new(live_server, phone):
    host, ben = phone(), phone()
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"])
    join(ben, host.url, "Ben")
    seq = int(ben.locator("#board").get_attribute("data-seq"))
    ben.route(re.compile(r"/t/[^/?]+\?(.*&)?since="), lambda route: route.fulfill(status=204))

    ann = host.locator("form:has(input[name=type][value=set_face_up]):has(input[name=seat][value='0'])")
    for number in range(4):
        ann.locator(f"label.chip:has(input[name='ranks#{number}'][value='J'])").click()
    expect(host.locator("#board")).to_have_attribute("data-seq", str(seq + 1), timeout=LIVE)
    expect(ben.locator("#board")).to_have_attribute("data-seq", str(seq + 1), timeout=LIVE)
    expect(ben.locator(".players li", has_text="Ann")).to_contain_text("J")


def test_a_nudge_that_comes_before_the_page_is_ready_is_not_lost(live_server, browser):
    """The stream opens as soon as app.js runs, before the page's last script has loaded and
    htmx has taken over the board: a nudge in that moment found no board to refresh and was
    lost, and with the stream up the board's timed polls are mostly skipped, so the page stayed
    behind (the host's "who has joined" after a rematch, on a slow CI machine)."""
    table = Api(live_server, "switch-to", ["Ann", "Ben"])
    context, host = on_phone(browser, live_server, table.code, table.host)
    try:
        streaming = []
        host.on("request", lambda request: streaming.append(request.url) if "/events" in request.url else None)

        def late_script(route):
            table.claim(0)  # Ann's phone joins while the host's page waits for its last script
            time.sleep(0.5)  # the nudge arrives meanwhile
            route.continue_()

        host.route(re.compile(r"/static/entry_forms\.js"), late_script)
        host.reload()
        assert streaming, "the host's stream opened before the page was ready"
        expect(host.locator(".seat-state", has_text="Ann")).to_have_text("Ann: joined", timeout=LIVE)
    finally:
        context.close()
