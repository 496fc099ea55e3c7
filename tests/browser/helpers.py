"""Plain helpers of the browser tests (their fixtures are in conftest.py): a phone's screen,
opening and joining a table as people do, taps counted against docs/taps.md, axe-core."""

from __future__ import annotations

import contextlib
import functools
import re
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

# Service workers off: a page its worker serves is out of Playwright's routes and request events,
# which many tests use; the one that tests the worker (test_offline.py) lets it run.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "service_workers": "block",
}


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


def send_button(form):
    """The button that sends ``form``: in the action bar when it is there (form="its id"), else
    the form's own primary button."""
    form_id = form.first.get_attribute("id")
    if form_id:
        outside = form.page.locator(f".action-bar button[form='{form_id}']")
        if outside.count():
            return outside.first
    return form.locator("button.primary")


# --------------------------------------------------------------------------- taps per entry

TAPS = Path(__file__).parents[2] / "docs" / "taps.md"  # moved from the README (issue 26)
MEASURED: dict[tuple[str, str], tuple[int, int]] = {}  # (game, entry) -> (taps, scrolls), the most seen
SCROLLED: list[str] = []  # which control needed a scroll, in which entry: what to fix next


def taps_table() -> list[list[str]]:
    """The rows of the "Taps per entry" table (docs/taps.md), as cells: game, entry, before, now,
    touches incl. scrolls."""
    text = TAPS.read_text(encoding="utf-8")
    section = text.split("## Taps per entry", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[3].isdigit():
            rows.append(cells)
    return rows


def tap_budgets() -> dict[tuple[str, str], int]:
    """The "Taps per entry" table (docs/taps.md): (game, entry) -> the taps it may take now."""
    return {(row[0], row[1]): int(row[3]) for row in taps_table()}


def touch_budgets() -> dict[tuple[str, str], int]:
    """(game, entry) -> the touches it may take: its taps and digits plus the scrolls needed to
    reach each control."""
    return {(row[0], row[1]): int(row[4]) for row in taps_table() if row[4].isdigit()}


# Is the whole element inside what the phone shows: below the sticky header, above the action bar?
IN_SIGHT = """(el) => {
  const box = el.getBoundingClientRect();
  const header = document.querySelector("header.bar");
  const bar = document.querySelector(".action-bar");
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const barTop = bar && bar.getBoundingClientRect().height ? bar.getBoundingClientRect().top : innerHeight;
  const inBar = bar && bar.contains(el);
  const bottom = inBar ? innerHeight : Math.min(barTop, innerHeight);
  return box.top >= top - 1 && box.bottom <= bottom + 1 && box.left >= 0 && box.right <= innerWidth + 1;
}"""


def settled(page) -> None:
    """Wait until no htmx request is in flight: the board a person sees next is the answer."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


class Taps:
    """What a person does with a thumb: every click, tap, choice or filled field is one tap.
    ``entry`` measures one kind of entry and holds it to the number in docs/taps.md."""

    def __init__(self):
        self.count = 0
        self.scrolls = 0
        self.current = None
        self.budgets = tap_budgets()
        self.touch_budgets = touch_budgets()

    def tap(self, locator) -> None:
        self.reach(locator)
        locator.click()
        self.count += 1
        settled(locator.page)

    def reach(self, locator) -> None:
        """A control a person cannot see must be scrolled to first: one scroll for a target not
        wholly inside the part of the screen between the sticky header and the action bar."""
        locator.first.wait_for(state="visible")
        if not locator.first.evaluate(IN_SIGHT):
            self.scrolls += 1
            SCROLLED.append(f"{self.current or 'between entries'}: {locator}")
            locator.first.evaluate("(el) => el.scrollIntoView({block: 'center'})")

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
                    arg=locator.first.element_handle(timeout=1000),
                    timeout=5000,
                )
            except PlaywrightError:  # timed out, or the button went with its board
                pass
        settled(locator.page)
        if locator.count() and locator.is_visible():
            self.tap(locator)

    def keys(self, page, text: str) -> None:
        """Typed on the phone's keyboard into the field that has the caret: each key one tap."""
        for key in text:
            page.keyboard.type(key)
            self.count += 1

    def fill(self, locator, text) -> None:
        self.reach(locator)
        locator.fill(str(text))
        self.count += 1

    @contextlib.contextmanager
    def entry(self, game: str, what: str):
        start, scrolled = self.count, self.scrolls
        self.current = f"{game} / {what}"
        try:
            yield
        finally:
            self.current = None
        taps, scrolls = self.count - start, self.scrolls - scrolled
        was_taps, was_scrolls = MEASURED.get((game, what), (0, 0))
        MEASURED[(game, what)] = (max(taps, was_taps), max(scrolls, was_scrolls))
        budget = self.budgets.get((game, what))
        assert budget is not None, f"docs/taps.md's 'Taps per entry' has no row for {game} / {what} ({taps} taps)"
        assert taps <= budget, f"{game} / {what} took {taps} taps; docs/taps.md allows {budget}"
        touches = self.touch_budgets.get((game, what))
        assert touches is not None, f"docs/taps.md's 'Taps per entry' has no touches for {game} / {what}"
        assert taps + scrolls <= touches, (
            f"{game} / {what} took {taps} taps and {scrolls} scrolls; docs/taps.md allows {touches} touches"
        )


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
    report = "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} at " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:4])
        for v in found
    )
    assert not found, f"{where}: axe found\n{report}"
