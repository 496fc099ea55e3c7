"""The README's table of settings names every ``REFEREE_`` variable the app reads, and no other
(as Datasette's documentation tests check its settings)."""

from __future__ import annotations

import re
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
VARIABLE = re.compile(r"\bREFEREE_[A-Z][A-Z0-9_]*\b")


def read_by_the_app() -> set[str]:
    return {name for path in (PROJECT / "referee").rglob("*.py") for name in VARIABLE.findall(path.read_text())}


def in_the_settings_table() -> set[str]:
    """The variables in the rows of the table under "Start it"."""
    readme = (PROJECT / "README.md").read_text()
    section = readme.split("## Start it\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "`" in line]
    return {name for row in rows for name in VARIABLE.findall(row.split("|")[2])}


def test_the_readme_lists_every_setting_the_app_reads():
    missing = read_by_the_app() - in_the_settings_table()
    assert not missing, f"add to the README's settings table: {sorted(missing)}"


def test_the_readme_lists_no_setting_the_app_does_not_read():
    stale = in_the_settings_table() - read_by_the_app()
    assert not stale, f"the README's settings table names what nothing reads: {sorted(stale)}"
