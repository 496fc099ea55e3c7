"""A live server on the production WSGI server and real Chromium (Debian's, never a download)."""
from __future__ import annotations

import contextlib
import functools
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
    # As `referee serve` does: event streams may hold at most three quarters of the threads.
    # Phones closed by earlier tests hold their stream until its next heartbeat, so the suite
    # needs the same room as `referee serve` (48 threads): with fewer, later phones fall back to
    # polling, whose board swap can wipe a selection half made on a stale board.
    app = create_app({"DATABASE_URL": f"sqlite:///{database}", "PUSH_STREAMS": 36})
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=48)
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
        page.evaluate("window.scrollTo(0, 0)")  # the sticky header where a player sees it
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return save


def open_table(page, live_server: str, game: str, players: list[str], options: dict | None = None) -> None:
    """On the host's phone: the start page, the game, the names in seating order, the house
    rules asked for (the rest stay at their defaults), open."""
    page.goto(live_server + "/")
    page.get_by_role("link", name=re.compile(game)).click()
    for i, name in enumerate(players):
        page.locator("input[name=player]").nth(i).fill(name)
    for name, value in (options or {}).items():
        field = page.locator(f"input[name={name}][type=number]")
        if field.count():
            field.fill(str(value))
        else:
            page.locator(f"input[name={name}][value='{value}']").check()
    page.locator("form.new-table button.primary").click()


def join(page, table_url: str, name: str, taps=None) -> None:
    """On a player's phone: open the table (as a scanned QR code would) and tap the name."""
    page.goto(table_url)
    button = page.locator(".seats button", has_text=name)
    if taps is None:
        button.click()
    else:
        with taps.entry("all games", "joining a seat"):
            taps.tap(button)


# --------------------------------------------------------------------------- taps per entry

README = Path(__file__).parents[2] / "README.md"
MEASURED: dict[tuple[str, str], int] = {}


def tap_budgets() -> dict[tuple[str, str], int]:
    """The README's "Taps per entry" table: (game, entry) -> the taps it may take now."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Taps per entry", 1)[1].split("\n## ", 1)[0]
    budgets = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[3].isdigit():
            budgets[(cells[0], cells[1])] = int(cells[3])
    return budgets


def settled(page) -> None:
    """Wait until no htmx request is in flight: the board a person sees next is the answer."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


class Taps:
    """What a person does with a thumb: every click, tap, choice or filled field is one tap.
    ``entry`` measures one kind of entry and holds it to the README's number."""

    def __init__(self):
        self.count = 0
        self.budgets = tap_budgets()

    def tap(self, locator) -> None:
        locator.click()
        self.count += 1
        settled(locator.page)

    def tap_if_shown(self, locator) -> None:
        """The submit button of a form that may have sent itself (data-autosubmit). Only for a
        locator that cannot match the next board's form (name its type and seat)."""
        # The form's own request may start a moment after the tap that completed it: give it
        # that moment, then let it land, before deciding the button is still needed.
        locator.page.wait_for_timeout(300)
        settled(locator.page)
        if locator.count() and locator.is_visible():
            self.tap(locator)

    def fill(self, locator, text) -> None:
        locator.fill(str(text))
        self.count += 1

    @contextlib.contextmanager
    def entry(self, game: str, what: str):
        start = self.count
        yield
        taps = self.count - start
        MEASURED[(game, what)] = max(taps, MEASURED.get((game, what), 0))
        budget = self.budgets.get((game, what))
        assert budget is not None, f"README's 'Taps per entry' has no row for {game} / {what} ({taps} taps)"
        assert taps <= budget, f"{game} / {what} took {taps} taps; the README allows {budget}"


@pytest.fixture
def taps():
    return Taps()


@pytest.fixture(scope="session", autouse=True)
def _write_measured_taps():
    """Leave the measured counts next to the screenshots, to copy into the README's table."""
    yield
    if MEASURED:
        SCREENSHOTS.mkdir(exist_ok=True)
        rows = sorted(f"{game} | {what} | {n}" for (game, what), n in MEASURED.items())
        (SCREENSHOTS / "taps.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------- accessibility

AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"
BLOCKING = ("serious", "critical")


@functools.cache
def axe_source() -> str:
    return AXE.read_text(encoding="utf-8") + "\n;true"


def assert_accessible(page, where: str) -> None:
    """axe-core on the page as it stands: no serious or critical violation."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())  # evaluated over CDP: the page's CSP rightly forbids inline scripts
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    found = [v for v in result["violations"] if v["impact"] in BLOCKING]
    report = "\n".join(f"{v['id']} ({v['impact']}): {v['help']} at "
                       + "; ".join(" ".join(n["target"]) for n in v["nodes"][:4]) for v in found)
    assert not found, f"{where}: axe found\n{report}"
