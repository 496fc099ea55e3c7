"""A live server on the production WSGI server and real Chromium (Debian's, never a download)."""
from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"
# As root in a sandbox Chromium needs --no-sandbox; the rest keeps it off the closed network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    import waitress

    from referee.app import create_app

    database = tmp_path_factory.mktemp("browser") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{database}"})
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
    base = f"http://127.0.0.1:{server.effective_port}"
    app.config["PUBLIC_URL"] = base
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield base
    server.close()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail(f"Chromium is missing at {CHROMIUM}; .ci/run installs Debian's chromium.")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    """Make a phone: a page in its own browser context, so each has its own cookies."""
    contexts = []

    def make():
        context = browser.new_context(**PHONE)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def shoot():
    SCREENSHOTS.mkdir(exist_ok=True)

    def save(page, name: str):
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return save


def open_table(page, live_server: str, game: str, players: list[str]) -> None:
    """On the host's phone: the start page, the game, the names in seating order, open."""
    page.goto(live_server + "/")
    page.get_by_role("link", name=re.compile(game)).click()
    for i, name in enumerate(players):
        page.get_by_label(f"Player {i + 1}").fill(name)
    page.get_by_role("button", name="Open the table").click()


def join(page, table_url: str, name: str) -> None:
    """On a player's phone: open the table (as a scanned QR code would) and tap the name."""
    page.goto(table_url)
    page.get_by_role("button", name=f"I am {name}").click()
