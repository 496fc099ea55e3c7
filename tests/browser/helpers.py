"""Plain helpers of the browser tests (their fixtures are in conftest.py): a phone's screen,
opening and joining a table as people do, taps counted against the README, axe-core."""
from __future__ import annotations

import contextlib
import functools
import re
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


def open_table(page, live_server: str, game: str, players: list[str], options: dict | None = None) -> None:
    """On the host's phone: the start page, the game, the names in seating order, the house
    rules asked for (the rest stay at their defaults), open."""
    page.goto(live_server + "/")
    page.locator("nav.games").get_by_role("link", name=re.compile(game)).click()
    clear = page.locator("[data-clear-names]")  # the names this phone opened its last table with
    if clear.is_visible():
        clear.click()
    for i, name in enumerate(players):
        page.locator("input[name=player]").nth(i).fill(name)
    if options:
        page.locator("details.house-rules summary").click()
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


def caught_up(page, other, timeout: int = 6_000) -> None:
    """Wait until ``page`` shows the board ``other`` shows: a tap on an older board is refused
    as stale (as it should be), so a test that taps right after another phone must wait."""
    seq = other.locator("#board").get_attribute("data-seq")
    expect(page.locator("#board")).to_have_attribute("data-seq", seq, timeout=timeout)


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
        # The form's own request may start a while after the tap that completed it on a busy
        # machine: wait until the form has sent itself (or is gone), for a moment at most, then
        # let the request land, before deciding the button is still needed.
        if locator.count():
            try:
                locator.page.wait_for_function(
                    "(button) => !button.isConnected || (button.form && button.form.dataset.sent)",
                    arg=locator.first.element_handle(timeout=1000), timeout=5000)
            except PlaywrightError:  # timed out, or the button went with its board
                pass
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
