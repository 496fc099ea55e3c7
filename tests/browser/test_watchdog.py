"""The browser tests' watchdog (conftest.py): a Playwright call that would wait forever (here a
promise that never settles, as a stalled Chromium would leave it) fails once the watchdog stops
Chromium, and the next phone gets a Chromium launched anew."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Error as PlaywrightError

from . import conftest
from .conftest import PHONE, BrowserKeeper

pytestmark = pytest.mark.browser


@pytest.fixture
def own_browser(playwright, monkeypatch):
    """A Chromium of this test's own, the only one its watchdog may stop (not the shared one)."""
    before = set(conftest.chromium_under(os.getpid()))
    keeper = BrowserKeeper(playwright)
    its_own = sorted(set(conftest.chromium_under(os.getpid())) - before)
    monkeypatch.setattr(conftest, "chromium_under", lambda pid: its_own)
    monkeypatch.setattr(conftest, "STALLS", [])  # a stall made on purpose: not for the run's summary
    yield keeper
    keeper.close()


def test_a_call_that_would_wait_forever_fails_once_chromium_is_stopped(own_browser, request):
    page = own_browser.get().new_context(**PHONE).new_page()
    stalled = own_browser.browser
    timer = conftest.threading.Timer(1.0, conftest.stop_stalled_chromium, (request.node,))
    timer.start()
    with pytest.raises(PlaywrightError):
        page.evaluate("new Promise(() => {})")  # never settles: without the watchdog, no end
    assert request.node.stash[conftest.STALLED]
    request.node.stash[conftest.STALLED] = False  # this test is not to be run again
    again = own_browser.get()
    assert again is not stalled and again.is_connected()
    assert again.new_context(**PHONE).new_page().evaluate("1 + 1") == 2
