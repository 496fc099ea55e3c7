"""A live server on the production WSGI server and real Chromium (Debian's, never a download)."""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from .helpers import MEASURED, PHONE, SCROLLED, Taps

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"
# As root in a sandbox Chromium needs --no-sandbox; the rest keeps it off the closed network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    from referee import door
    from referee.app import create_app

    database = tmp_path_factory.mktemp("browser") / "referee.sqlite3"
    # `referee serve`'s door (its limits, and its stream pump: a stream holds no thread). All
    # phones here come from one address, so that address may hold all of them; a phone closed by
    # an earlier test gives its stream back at once. A phone without a stream polls, and a test
    # that taps on a polled board must wait for it.
    app = create_app({"DATABASE_URL": f"sqlite:///{database}", "PUSH_STREAMS": 36,
                      "PUSH_STREAMS_PER_CLIENT": 36, "PUSH_HEARTBEAT": 1})
    server = door.guarded_server(app, host="127.0.0.1", port=0, threads=48)
    base = f"http://127.0.0.1:{server.effective_port}"
    app.config["PUBLIC_URL"] = base
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield base
    server.close()


@pytest.fixture(scope="session")
def playwright():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail(f"Chromium is missing at {CHROMIUM}; .ci/run installs Debian's chromium.")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


@pytest.fixture(scope="session")
def browser(playwright):
    browser = launch(playwright)
    yield browser
    browser.close()


@pytest.fixture
def phone(browser):
    """Make a phone: a page in its own browser context, so each has its own cookies."""
    contexts = []

    def make(**options):
        context = browser.new_context(**{**PHONE, **options})
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def shoot():
    SCREENSHOTS.mkdir(exist_ok=True)

    def save(page, name: str):
        page.evaluate("window.scrollTo(0, 0)")  # the sticky header where a player sees it
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return save


@pytest.fixture
def taps():
    return Taps()


@pytest.fixture(scope="session", autouse=True)
def _write_measured_taps():
    """Leave the measured counts next to the screenshots, to copy into the README's table."""
    yield
    if MEASURED:
        SCREENSHOTS.mkdir(exist_ok=True)
        rows = sorted(f"{game} | {what} | {taps} taps | {scrolls} scrolls | {taps + scrolls} touches"
                      for (game, what), (taps, scrolls) in MEASURED.items())
        (SCREENSHOTS / "taps.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")
        (SCREENSHOTS / "scrolls.txt").write_text("".join(line + "\n" for line in SCROLLED), encoding="utf-8")
