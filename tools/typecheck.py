"""mypy as a ratchet: the strict modules must have no error, every other file no more errors
than `tools/mypy-baseline.txt` allows, so the count only goes down (issue 26).

    .venv/bin/python tools/typecheck.py            # check (what .ci/run does)
    .venv/bin/python tools/typecheck.py --update   # write the baseline again, after fixing errors

The whole package is checked once, in the `[tool.mypy]` settings of pyproject.toml (strict
there for the modules listed under its overrides); a file's count is the number of error lines
mypy prints for it.
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tools" / "mypy-baseline.txt"


def errors_per_file() -> tuple[collections.Counter[str], list[str]]:
    run = subprocess.run([sys.executable, "-m", "mypy", "referee"], cwd=ROOT, capture_output=True, text=True)
    lines = [line for line in run.stdout.splitlines() if ": error:" in line]
    if run.returncode not in (0, 1) or (run.returncode == 1 and not lines):
        sys.exit(f"mypy did not run:\n{run.stdout}{run.stderr}")
    return collections.Counter(line.split(":", 1)[0] for line in lines), lines


def read_baseline() -> dict[str, int]:
    allowed = {}
    for line in BASELINE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            count, path = line.split(maxsplit=1)
            allowed[path] = int(count)
    return allowed


def write_baseline(counts: collections.Counter[str]) -> None:
    header = "# mypy errors each file may still have (tools/typecheck.py); lower it, never raise it.\n"
    BASELINE.write_text(header + "".join(f"{counts[path]} {path}\n" for path in sorted(counts)), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write the baseline from this run")
    counts, lines = errors_per_file()
    if parser.parse_args().update:
        write_baseline(counts)
        print(f"baseline written: {sum(counts.values())} errors in {len(counts)} files")
        return
    allowed = read_baseline()
    over = {path: count for path, count in counts.items() if count > allowed.get(path, 0)}
    for path, count in sorted(over.items()):
        print(f"{path}: {count} mypy errors, the baseline allows {allowed.get(path, 0)}")
        print("\n".join(line for line in lines if line.startswith(path + ":")))
    fixed = sum(allowed.values()) - sum(counts.values())
    print(f"mypy: {sum(counts.values())} errors in {len(counts)} files (baseline {sum(allowed.values())})")
    if over:
        sys.exit(1)
    if fixed > 0:
        print("fewer than the baseline allows: run tools/typecheck.py --update to lock the gain in")


if __name__ == "__main__":
    main()
