"""A live server on the production WSGI server and real Chromium (Debian's, never a download)."""

from __future__ import annotations

import _thread
import faulthandler
import os
import signal
import tempfile
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from .helpers import MEASURED, PHONE, SCROLLED, Taps

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"
# As root in a sandbox Chromium needs --no-sandbox; the rest keeps it off the closed network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    from referee import door
    from referee.app import create_app

    database = tmp_path_factory.mktemp("browser") / "referee.sqlite3"
    # `referee serve`'s door (its limits, and its stream pump: a stream holds no thread). All
    # phones here come from one address, so that address may hold all of them; a phone closed by
    # an earlier test gives its stream back at once. A phone without a stream polls, and a test
    # that taps on a polled board must wait for it.
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{database}",
            "PUSH_STREAMS": 36,
            "PUSH_STREAMS_PER_CLIENT": 36,
            "PUSH_HEARTBEAT": 1,
        }
    )
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


class BrowserKeeper:
    """One Chromium for many tests, launched again if the watchdog below had to stop it."""

    def __init__(self, playwright):
        self.playwright = playwright
        self.browser = launch(playwright)

    def get(self):
        if not self.browser.is_connected():
            self.browser = launch(self.playwright)
        return self.browser

    def close(self) -> None:
        if self.browser.is_connected():
            self.browser.close()


def kept_browser(playwright):
    """A BrowserKeeper for a fixture's scope, closed at its end."""
    keeper = BrowserKeeper(playwright)
    yield keeper
    keeper.close()


@pytest.fixture(scope="session")
def shared_browser(playwright):
    yield from kept_browser(playwright)


@pytest.fixture
def browser(shared_browser):
    return shared_browser.get()


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
        try:
            context.close()
        except PlaywrightError:  # its Chromium was stopped by the watchdog
            pass


# --------------------------------------------------------------------------- the watchdog
# Some Playwright calls (new_context, close, evaluate) wait without a timeout. Twice a CI run
# stopped for good inside one; no browser test takes a tenth of STALL_SECONDS. A stalled test gets
# its Chromium stopped, so the waiting call fails instead of waiting forever, and is run once more
# on a Chromium launched anew (reported as a rerun). If even that leaves the run waiting, the run
# is interrupted, with every thread's stack in the log either way.
STALL_SECONDS = 180
STALLED = pytest.StashKey[bool]()
STALLS: list[str] = []  # where each stall stood: printed at the end of the run


def stacks() -> str:
    with tempfile.TemporaryFile("w+") as out:
        faulthandler.dump_traceback(out, all_threads=True)
        out.seek(0)
        return out.read()


def chromium_under(pid: int) -> list[int]:
    """The Chromium processes started (through Playwright's driver) by process ``pid``."""
    children: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as stat:
                    fields = stat.read().rsplit(")", 1)
                names[int(entry)] = fields[0].split("(", 1)[1]
                children.setdefault(int(fields[1].split()[1]), []).append(int(entry))
            except (OSError, IndexError, ValueError):
                continue  # gone meanwhile
    found, todo = [], list(children.get(pid, []))
    while todo:
        process = todo.pop()
        todo.extend(children.get(process, []))
        if names.get(process, "").startswith("chrom"):
            found.append(process)
    return found


def stop_stalled_chromium(item) -> None:
    item.stash[STALLED] = True
    STALLS.append(f"{item.nodeid} stalled for {STALL_SECONDS} s; Chromium stopped\n{stacks()}")
    for process in chromium_under(os.getpid()):
        try:
            os.kill(process, signal.SIGKILL)
        except ProcessLookupError:
            pass


def interrupt_stalled_run(item) -> None:
    STALLS.append(f"{item.nodeid} still stalled: the run is interrupted\n{stacks()}")
    _thread.interrupt_main()


@pytest.fixture(autouse=True)
def watchdog(request):
    timers = [
        threading.Timer(STALL_SECONDS, stop_stalled_chromium, (request.node,)),
        threading.Timer(3 * STALL_SECONDS, interrupt_stalled_run, (request.node,)),
    ]
    for timer in timers:
        timer.daemon = True
        timer.start()
    yield
    for timer in timers:
        timer.cancel()


def pytest_terminal_summary(terminalreporter):
    write_stalls(terminalreporter, STALLS)


def write_stalls(terminalreporter, stalls: list[str]) -> None:
    for stall in stalls:
        terminalreporter.write_sep("=", "stalled browser test")
        terminalreporter.write_line(stall)


def pytest_sessionfinish(session):
    """On a pytest-xdist worker, hand the stalls to the controller, which prints them
    (tests/conftest.py): a worker's own summary is never shown."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["browser_stalls"] = list(STALLS)


def pytest_collection_modifyitems(items):
    """Every browser test may be run once more, only if the watchdog stopped its Chromium."""
    for item in items:
        if item.path.parent == Path(__file__).parent:
            item.add_marker(
                pytest.mark.flaky(reruns=1, condition=lambda error, item=item: item.stash.get(STALLED, False))
            )


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
def _write_measured_taps(request):
    """Leave the measured counts next to the screenshots, to copy into docs/taps.md's table. On a
    pytest-xdist worker, hand them to the controller instead, which writes what all workers
    measured (tests/conftest.py): each worker saw only its share of the browser tests."""
    yield
    if hasattr(request.config, "workeroutput"):
        request.config.workeroutput["browser_taps"] = [
            [game, what, *counts] for (game, what), counts in MEASURED.items()
        ]
        request.config.workeroutput["browser_scrolled"] = list(SCROLLED)
    else:
        write_taps(MEASURED, SCROLLED)


def write_taps(measured: dict[tuple[str, str], tuple[int, int]], scrolled: list[str]) -> None:
    if measured:
        SCREENSHOTS.mkdir(exist_ok=True)
        rows = sorted(
            f"{game} | {what} | {taps} taps | {scrolls} scrolls | {taps + scrolls} touches"
            for (game, what), (taps, scrolls) in measured.items()
        )
        (SCREENSHOTS / "taps.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")
        (SCREENSHOTS / "scrolls.txt").write_text("".join(line + "\n" for line in scrolled), encoding="utf-8")
