"""Plain helpers shared by the test suites (fixtures live in the conftest.py of their folder).

- The test PostgreSQL server: its address and an admin connection, skipped when it is down.
- A full disk: a small filesystem of its own (root only), and a file that fills it.
- The registry of games: a game registered for the length of a test only.
- Engines: the rule an engine refuses an entry with.
- Pages: a phone with its own cookies posting forms as a browser does, and what a page says.
- A report a test prints for the log, also from a pytest-xdist worker.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from referee.games.base import HOST, Refusal

# --------------------------------------------------------------------------- the test PostgreSQL server

POSTGRES = os.environ.get("REFEREE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
# The pytest-xdist worker this process is ("gw0", "gw1", ...), or "main" without xdist: in the
# names of the databases it makes, so that a database left behind says which worker made it.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")


def postgres_admin():
    """An autocommit connection to the test server, to create and drop databases."""
    import psycopg

    return psycopg.connect(POSTGRES, connect_timeout=3, autocommit=True)


def postgres_or_skip():
    """:func:`postgres_admin`, or skip the test when no server answers (fail under CI=true)."""
    try:
        return postgres_admin()
    except Exception as exc:  # noqa: BLE001 - no server here
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is not reachable at {POSTGRES}: {exc}")
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES}")


def postgres_url(database: str) -> str:
    """The address of ``database`` on the test server."""
    return POSTGRES.rsplit("/", 1)[0] + f"/{database}"


# --------------------------------------------------------------------------- a full disk


@contextlib.contextmanager
def small_filesystem(mount: Path, megabytes: int = 2):
    """A tmpfs of its own at ``mount`` (root only: elsewhere the test is skipped), to fill."""
    mount.mkdir(exist_ok=True)
    if (
        shutil.which("mount") is None
        or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", str(mount)], capture_output=True
        ).returncode
    ):
        pytest.skip("cannot mount a small filesystem here (needs root)")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Write a file on ``disk`` until no byte is left; the file (unlink it to free the disk)."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as full:
            assert full.errno == errno.ENOSPC
    return filler


# --------------------------------------------------------------------------- engines


def refused_rule(apply, state, action, by=HOST) -> str:
    """The rule ID ``apply`` refuses ``action`` by ``by`` with (the test fails if it is accepted)."""
    with pytest.raises(Refusal) as caught:
        apply(state, action, by)
    return caught.value.rule


# --------------------------------------------------------------------------- pages


class Phone:
    """One phone: its own cookie jar, the last board it drew, and form posts like a browser's."""

    def __init__(self, app):
        self.client = app.test_client()
        self.code = None
        self.seq = None

    def open_table(self, players: list[str], game: str = "switch-to", **options) -> str:
        response = self.client.post(f"/new/{game}", data={"player": players, **options})
        assert response.status_code == 303, response.data
        self.code = response.headers["Location"].rsplit("/", 1)[1]
        return self.code

    def look(self, code: str | None = None, htmx: bool = False) -> str:
        self.code = code or self.code
        headers = {"HX-Request": "true"} if htmx else {}
        response = self.client.get(f"/t/{self.code}", headers=headers)
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        self.seq = int(re.search(r'data-seq="(\d+)"', page).group(1))
        return page

    def join(self, seat: int):
        return self.client.post(f"/t/{self.code}/join", data={"seat": seat})

    def enter(self, fields: dict, key: str | None = None, seq: int | None = None, htmx: bool = True):
        """Post an entry form drawn on the last board this phone looked at."""
        data = {"expected_seq": self.seq if seq is None else seq, "key": key or uuid.uuid4().hex, **fields}
        headers = {"HX-Request": "true"} if htmx else {}
        response = self.client.post(f"/t/{self.code}/entries", data=data, headers=headers)
        if response.status_code == 200 and htmx:
            self.seq = int(re.search(r'data-seq="(\d+)"', response.get_data(as_text=True)).group(1))
        return response


def seat_phone(app, host: Phone, seat: int) -> Phone:
    """A player's own phone at ``host``'s table: it opens the table and taps the seat's name."""
    phone = Phone(app)
    phone.look(host.code)
    assert phone.join(seat).status_code == 303
    phone.look()
    return phone


def text(response) -> str:
    return response.get_data(as_text=True)


def visible(response) -> str:
    """The page's text without its tags: a rule ID in a sentence is a link to the rule book."""
    return re.sub(r"<[^>]+>", "", text(response))


def without_codes(text: str, code: str, tokens=()) -> str:
    """An answer without what differs from table to table by chance: its tokens, its code and
    its result's code (random letters and digits, which can spell a card: "…Y5…"), form keys
    and times. What is left is the words a phone reads."""
    for token in tokens:
        text = text.replace(token, "TOKEN")
    text = text.replace(code, "CODE")
    text = re.sub(r"/r/[A-Za-z0-9_-]+", "/r/SHARE", text)
    text = re.sub(r"\b[0-9a-f]{32}\b", "KEY", text)
    text = re.sub(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?", "TIME", text)
    return re.sub(r"\b\d\d:\d\d UTC\b", "HH:MM UTC", text)


def seq_of(client, code: str) -> int:
    """The table's seq as the API tells it."""
    return client.get(f"/api/tables/{code}").json["seq"]


# --------------------------------------------------------------------------- reports in the log


def print_report(config, text: str) -> None:
    """Print ``text`` into the run's output even though the test passed. A pytest-xdist worker's
    output is never shown: there it goes to the controller, which prints it at the end of the run
    (tests/conftest.py)."""
    if hasattr(config, "workeroutput"):
        config.workeroutput.setdefault("reports", []).append(text)
        return
    capture = config.pluginmanager.get_plugin("capturemanager")
    with capture.global_and_fixture_disabled():
        print(text)
