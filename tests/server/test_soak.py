"""CI runs the soak: ``bench/soak.py --quick`` as a process, killing gunicorn with SIGKILL while
simulated phones play; it must lose nothing, duplicate nothing and say so in its last line.

The suite's soak is shorter than ``--quick`` alone (45 s, a kill every 6 to 10 s, at least 4): the
phones play 12 s and the server is killed every 2 to 4 s until it was killed 3 times, which is
what is asserted; each kill still cuts requests off (``retries``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SOAK = Path(__file__).resolve().parents[2] / "bench" / "soak.py"
SHORT = ["--seconds", "12", "--kill-every", "2", "4", "--min-kills", "3"]


def test_quick_soak_loses_and_duplicates_nothing_through_server_kills():
    run = subprocess.run(
        [sys.executable, str(SOAK), "--quick", *SHORT],
        check=False,
        capture_output=True,
        text=True,
        timeout=280,
    )
    output = run.stdout.strip().splitlines()
    assert output, run.stderr
    figures = json.loads(output[-1])

    assert run.returncode == 0, run.stdout + run.stderr
    assert figures["lost"] == 0 and figures["duplicated"] == 0 and figures["unacknowledged"] == 0
    assert figures["anomalies"] == 0 and figures["state_mismatches"] == 0 and figures["gaps"] == 0
    assert figures["server_kills"] >= 3
    assert figures["acknowledged"] > 0 and figures["retries"] > 0  # the kills did cut requests off
    assert all(game["entries"] > 0 for game in figures["games"].values())


def test_the_soak_opens_more_tables_than_one_address_may_by_default():
    """Issue 28: the full profile on SQLite opened more than the app's 30 tables per address and
    window, and exited 1. 35 tables at once cross it (the test suite's own raised limit unset).
    No kill is waited for: the limit is met as the tables open, in the first seconds."""
    env = {name: value for name, value in os.environ.items() if name != "REFEREE_TABLES_PER_WINDOW"}
    run = subprocess.run(
        [
            sys.executable,
            str(SOAK),
            "--quick",
            "--seconds",
            "5",
            "--tables-per-game",
            "7",
            "--workers",
            "1",
            "--min-kills",
            "0",
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=280,
        env=env,
    )
    figures = json.loads(run.stdout.strip().splitlines()[-1])
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert figures["tables"] >= 35 and figures["lost"] == 0 and figures["duplicated"] == 0
