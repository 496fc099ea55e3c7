"""Fixtures shared by the web, log and browser tests: an app on a real database.

Web and log tests run twice, on a SQLite file and on PostgreSQL (a fresh database on the server
named by REFEREE_TEST_POSTGRES, default 127.0.0.1:5432 as user postgres). PostgreSQL tests are
skipped when no server answers, except under CI=true, where a missing server is a failure.

The suite runs on pytest-xdist's workers (``-n auto`` in pyproject.toml): each worker is a process
of its own with its own session fixtures (its own databases, named after the worker, its own
live server and Chromium, its own temporary folders); see "pytest-xdist" at the end.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

# Tests open tables by the hundred from one address; the limit itself is tested with its own app.
os.environ.setdefault("REFEREE_TABLES_PER_WINDOW", "1000000")
os.environ.setdefault("REFEREE_CORRECTIONS_PER_WINDOW", "1000000")  # and correct one table again and again

import pytest  # noqa: E402

from referee.app import create_app  # noqa: E402
from referee.games import register  # noqa: E402
from tests.helpers import WORKER, postgres_or_skip, postgres_url  # noqa: E402
from tests.toy_game import GAME as TOY_GAME  # noqa: E402

# A sixth game in one folder, registered like the five before any app is made: every test that
# goes through every game (offers, sentences, rule book, bad input, catalogs, exports) meets it.
register(TOY_GAME)


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request, tmp_path_factory):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'referee.sqlite3'}"
        return
    admin = postgres_or_skip()
    name = f"referee_test_{WORKER}_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    yield postgres_url(name)
    admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    admin.close()


@pytest.fixture(scope="session")
def app(database_url):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "PUBLIC_URL": "http://table.test"})
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


# --------------------------------------------------------------------------- the fast lane

TESTS = Path(__file__).resolve().parent
SLOW_FOLDERS = {"server", "browser"}  # real server processes; real Chromium
SLOW_FILES = {
    "test_bench.py",  # the benchmark (bench/run.py --smoke), under a minute
    "test_api_schema.py",  # Schemathesis: hundreds of generated requests
    "test_server.py",
}  # `referee serve` started as a real process


def pytest_collection_modifyitems(config, items):
    """Mark ``slow`` what is slow by what it is: property tests (Hypothesis), real servers, the
    browser, the benchmark and Schemathesis (random games through the pages are marked by hand);
    and ``postgresql`` the web and log tests' second run, on PostgreSQL. ``pytest -m "not slow and not postgresql"`` is the fast lane, the
    example tests on SQLite; plain ``pytest`` still runs everything."""
    for item in items:
        if _is_slow(item):
            item.add_marker(pytest.mark.slow)
        if _database(item) == "postgresql":
            item.add_marker(pytest.mark.postgresql)


def _is_slow(item) -> bool:
    where = Path(item.path).resolve().relative_to(TESTS)
    return (
        where.parts[0] in SLOW_FOLDERS
        or where.name in SLOW_FILES
        or getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
    )


def _database(item) -> str | None:
    callspec = getattr(item, "callspec", None)
    return callspec.params.get("database_url") if callspec else None


# --------------------------------------------------------------------------- pytest-xdist
# pyproject.toml runs the suite on pytest-xdist's workers (`-n auto --dist loadgroup`). Tests are
# handed out one by one, except a group below, which one worker runs from start to end, in order;
# the largest groups are handed out first. A worker is a process of its own: its session fixtures
# (databases, the browser's live server and Chromium) are its own, so are tmp_path_factory's
# folders; servers take ports the system picks. What a worker would have printed at the end (the
# browser tests' measured taps, any stalled browser test, tests.helpers.print_report) it hands to
# the controller, which writes and prints it as a single run would.

# Modules whose module-scoped fixture is dear or keeps a tally for the module: Schemathesis's
# request counts per database, the offline tests' own Chromium.
WHOLE_MODULES = {"web/test_api_schema.py", "browser/test_offline.py"}


def xdist_group(nodeid: str) -> str | None:
    """The group a test runs in, on one worker, or None to run wherever there is room.
    tests/server/ is one group: real servers, each module's own (module-scoped fixtures), that
    also time themselves and share one PostgreSQL, run one after another as without xdist,
    while the other workers take the rest."""
    module = nodeid.split("::", 1)[0].removeprefix("tests/")
    if module.startswith("server/"):
        return "server"
    if module in WHOLE_MODULES:
        return module
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_finish(session):
    """On a worker, before it sends the controller its tests: the ``slow`` ones first, each part
    in collection order. The controller hands out the groups, largest first, then single tests in
    this order, so a long test starts while there is still short work left for the other worker
    and ends no run alone at the tail (tests/test_bench.py came after all of tests/games/, and
    the web tests' property tests last of all). ``-n 0`` keeps the collection order."""
    if WORKER != "main":
        session.items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` with the groups above. pytest-xdist's own reads ``xdist_group``
    marks by renaming each test's node ID, which pytest 9 no longer lets it do: each group is
    named here, from the test's path, instead."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class Groups(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return xdist_group(nodeid) or super()._split_scope(nodeid)

    return Groups(config, log)


WORKERS_TAPS: dict[tuple[str, str], tuple[int, int]] = {}
WORKERS_SCROLLED: list[str] = []
WORKERS_STALLS: list[str] = []
WORKERS_REPORTS: list[str] = []  # tests.helpers.print_report


def pytest_testnodedown(node, error):
    """pytest-xdist's controller, as each worker ends: what its browser tests measured."""
    output = getattr(node, "workeroutput", None) or {}
    for game, what, taps, scrolls in output.get("browser_taps", []):
        was_taps, was_scrolls = WORKERS_TAPS.get((game, what), (0, 0))
        WORKERS_TAPS[(game, what)] = (max(taps, was_taps), max(scrolls, was_scrolls))
    WORKERS_SCROLLED.extend(output.get("browser_scrolled", []))
    WORKERS_STALLS.extend(output.get("browser_stalls", []))
    WORKERS_REPORTS.extend(output.get("reports", []))


def pytest_sessionfinish(session):
    if WORKERS_TAPS:
        from tests.browser.conftest import write_taps

        write_taps(WORKERS_TAPS, WORKERS_SCROLLED)


def pytest_terminal_summary(terminalreporter):
    if WORKERS_REPORTS:
        terminalreporter.write_sep("=", "reports from the tests")
        for report in WORKERS_REPORTS:
            terminalreporter.write_line(report.strip("\n"))
    if WORKERS_STALLS:
        from tests.browser.conftest import write_stalls

        write_stalls(terminalreporter, WORKERS_STALLS)
