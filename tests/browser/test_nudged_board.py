"""A nudge fetches the board itself. A server of several processes may nudge a phone from the
process that took the entry while the phone's fetch lands on one that has not heard of it yet
(its watcher reads the database a few times a second): asked "anything new since seq N?", that
one says no (204), and the board came a round trip or more later. Here Ben's phone only ever
reaches such a process for its polls: every fetch that says `since=` is answered 204."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import join, open_table

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
