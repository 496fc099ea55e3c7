"""Profile the submit and poll paths in one process (cProfile on CPU time, Flask test client),
next to the baseline app, so that a busy machine does not blur where the time goes.

    .venv/bin/python bench/profile_paths.py            # CPU ms per request, ours and baseline
    .venv/bin/python bench/profile_paths.py --top 30   # and the 30 costliest functions of each path
    .venv/bin/python bench/profile_paths.py --plain    # CPU ms per request without the profiler
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
import uuid
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from werkzeug.datastructures import MultiDict

from bench.plays import GAME, PLAYERS, as_form, scripts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--polls", type=int, default=3000)
    parser.add_argument("--top", type=int, default=0, help="print the costliest functions of each path")
    parser.add_argument(
        "--plain",
        action="store_true",
        help="CPU per request without the profiler, whose overhead falls mostly on "
        "Python-heavy paths (templates), so profiled ratios flatter the floor",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="referee-profile-") as workdir:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(workdir) / 'baseline.sqlite3'}"
        from bench.baseline import create_app as create_baseline
        from referee.app import create_app

        ours = create_app(
            {"DATABASE_URL": f"sqlite:///{Path(workdir) / 'referee.sqlite3'}", "TABLES_PER_WINDOW": 10**9}
        ).test_client()  # one address opens them all
        floor = create_baseline().test_client()
        tables, page_tables = _open_tables(ours, args.tables), _open_tables(ours, args.tables)
        paths = {
            "submit (API)": lambda: _submit_all(ours, tables),
            "submit (page, htmx)": lambda: _submit_all(ours, page_tables, page=True),
            "poll (page, htmx)": lambda: _poll(ours, tables, args.polls, page=True),
            "poll (API)": lambda: _poll(ours, tables, args.polls, page=False),
            "baseline submit": lambda: _baseline_submits(floor, tables),
            "baseline poll": lambda: [floor.get("/poll") for _ in range(args.polls)],
        }
        for name, path in paths.items():
            _profile(name, path, args.top, args.plain)
    return 0


def _open_tables(client, count: int) -> list[list]:
    plays = scripts(6)
    tables = []
    for n in range(count):
        opened = client.post("/api/tables", json={"game": GAME, "players": PLAYERS}).json
        client.set_cookie(f"rt_{opened['code']}", opened["host_token"], path=f"/t/{opened['code']}")
        tables.append([opened["code"], opened["host_token"], plays[n % len(plays)], 0])
    return tables


def _submit_all(client, tables, page: bool = False) -> int:
    """Every table's game to its end, one entry per table in turn (``page``: the htmx form post,
    answered with the board)."""
    made = 0
    while any(t[3] < len(t[2]) for t in tables):
        for table in tables:
            code, token, script, position = table
            if position >= len(script):
                continue
            if page:
                fields = as_form(script[position]) + [("expected_seq", str(position)), ("key", uuid.uuid4().hex)]
                answer = client.post(
                    f"/t/{code}/entries",
                    data=MultiDict(fields),
                    headers={"HX-Request": "true", "Origin": "http://localhost"},
                )
            else:
                answer = client.post(
                    f"/api/tables/{code}/plays",
                    headers={"Authorization": f"Bearer {token}"},
                    json={"action": script[position], "expected_seq": position, "key": uuid.uuid4().hex},
                )
            assert answer.status_code == 200, answer.data[:300]
            table[3] += 1
            made += 1
    return made


def _poll(client, tables, count: int, page: bool) -> int:
    for n in range(count):
        code, _, _, seq = tables[n % len(tables)]
        if page:
            answer = client.get(f"/t/{code}?since={seq}", headers={"HX-Request": "true"})
        else:
            answer = client.get(f"/api/tables/{code}/changes?since={seq}")
        assert answer.status_code == 204
    return count


def _baseline_submits(client, tables) -> int:
    made = 0
    for code, _, script, _ in tables:
        for n, action in enumerate(script):
            client.post("/plays", json={"code": code, "action": action, "expected_seq": n, "key": uuid.uuid4().hex})
            made += 1
    return made


def _profile(name: str, path, top: int, plain: bool = False) -> None:
    profiler = cProfile.Profile(time.process_time)
    cpu, wall = time.process_time(), time.perf_counter()
    if not plain:
        profiler.enable()
    result = path()
    profiler.disable()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    count = result if isinstance(result, int) else len(result)
    print(
        f"{name:20} {count:6} requests  {cpu / count * 1000:6.2f} ms CPU each "
        f"({'unprofiled' if plain else 'profiled'})  {wall / count * 1000:6.2f} ms wall each"
    )
    if top and not plain:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    sys.exit(main())
