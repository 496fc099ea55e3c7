"""Another phone's entry refreshes the board; a player half-way through a choice keeps it. Ben
has tapped two of his four Swoop face-up slots when the host enters Ann's row: Ben's board shows
Ann's row and still has his two choices, and his last two taps send all four."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import join, open_table, settled

pytestmark = pytest.mark.browser

LIVE = 6_000  # ms: how long a phone may take to show a new entry; speed is the bench's to measure, not a test's


def slot(page, seat: int, number: int, rank: str):
    form = page.locator(f"form:has(input[name=type][value=set_face_up]):has(input[name=seat][value='{seat}'])")
    return form.locator(f"input[name='ranks#{number}'][value='{rank}']")


def test_a_refresh_from_another_phone_keeps_a_half_made_choice(live_server, phone):
    host, ben = phone(), phone()
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"])
    join(ben, host.url, "Ben")
    ben.locator("label.chip:has(input[name='ranks#0'][value='Q'])").click()
    ben.locator("label.chip:has(input[name='ranks#1'][value='8'])").click()

    ann = host.locator("form:has(input[name=type][value=set_face_up]):has(input[name=seat][value='0'])")
    for number in range(4):
        ann.locator(f"label.chip:has(input[name='ranks#{number}'][value='J'])").click()
    expect(ben.locator(".players li", has_text="Ann")).to_contain_text("J", timeout=LIVE)  # Ben's board moved on
    settled(ben)

    assert slot(ben, 1, 0, "Q").is_checked() and slot(ben, 1, 1, "8").is_checked()
    assert not slot(ben, 1, 2, "5").is_checked()
    ben.locator("label.chip:has(input[name='ranks#2'][value='5'])").click()
    ben.locator("label.chip:has(input[name='ranks#3'][value='2'])").click()  # the fourth sends the row
    expect(host.locator(".players li", has_text="Ben").locator(".slot")).to_have_text(
        ["Q", "8", "5", "2"], timeout=LIVE
    )


def test_a_phone_s_own_entry_answers_with_a_fresh_form(live_server, phone):
    host = phone()
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"])
    ann = host.locator("form:has(input[name=type][value=set_face_up]):has(input[name=seat][value='0'])")
    for number in range(4):
        ann.locator(f"label.chip:has(input[name='ranks#{number}'][value='7'])").click()
    settled(host)
    ben = host.locator("form:has(input[name=type][value=set_face_up]):has(input[name=seat][value='1'])")
    expect(ben).to_be_visible()
    assert ben.locator("input:checked").count() == 0


def test_another_phone_s_entry_comes_over_the_stream_as_the_board_itself(live_server, phone):
    """Issue 31: the board an entry makes comes over the stream Ben's page holds, drawn for Ben,
    gzip-compressed as Chromium asks; his page asks for no board of its own (a timed poll
    aside), and his half-made choice stays."""
    host, ben = phone(), phone()
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"])
    streams, fetches, encodings = [], [], []

    def heard(response) -> None:
        if "/events" in response.url:
            streams.append(response.url)
            encodings.append(response.headers.get("content-encoding"))

    ben.on("response", heard)
    join(ben, host.url, "Ben")
    for _ in range(100):  # the stream is open (its answer begun): the entry is news to it
        if any("boards=1" in url for url in streams):
            break
        ben.wait_for_timeout(50)
    assert any("boards=1" in url for url in streams)
    seq = int(ben.locator("#board").get_attribute("data-seq"))
    ben.locator("label.chip:has(input[name='ranks#0'][value='Q'])").click()
    ben.on(
        "request",
        lambda request: (
            fetches.append(request.url)
            if request.method == "GET"
            and "/t/" in request.url
            and "/events" not in request.url
            and "since=" not in request.url
            else None
        ),
    )

    ann = host.locator("form:has(input[name=type][value=set_face_up]):has(input[name=seat][value='0'])")
    for number in range(4):
        ann.locator(f"label.chip:has(input[name='ranks#{number}'][value='J'])").click()
    expect(ben.locator("#board")).to_have_attribute("data-seq", str(seq + 1), timeout=LIVE)
    expect(ben.locator(".players li", has_text="Ann")).to_contain_text("J")
    settled(ben)
    assert slot(ben, 1, 0, "Q").is_checked()
    assert fetches == []
    assert "gzip" in encodings  # the board above came through the compressed stream
