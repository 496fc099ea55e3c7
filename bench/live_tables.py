"""The live-table figures (issue 31), run by ``bench/run.py --live-tables`` (or alone:
``python -m bench.live_tables [--quick] [--postgres URL]``).

On each database: one ``referee serve`` pinned to core 0 (``taskset -c 0``), the generator on
core 1 (when there is one), a fresh database. In turn:

1. ``cpu_ms_per_entry``: ``cpu_tables`` Switch To tables of 4 phones, windows of server CPU
   (utime + stime) per entry with every phone live; ``bytes_per_entry`` from the same windows
   (every byte every phone received: boards, streams, polls, the tap's answer).
2. The same with 8 phones a table (Schwimmen).
3. The floor (``bench/jinja_floor.py``) on the same core, same tables and phones, boards of the
   referee's median size: ``floor_cpu_ms_per_entry`` and the ratio.
4. ``tables_per_core``: tables of 4 phones added in steps; the largest step whose tap → every
   other phone p95 stayed ≤ 250 ms (the climb stops at the first step that misses it).

Each window prints the machine's load (``/proc/loadavg``) and the generator's own CPU per entry,
and from it the tables the generator could drive with a core of its own.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.servers import floor_serve, fresh_database, referee_serve
from bench.tables import LiveRun, LiveTable, open_tables, postgres_backends, timed_window

P95_GOAL_MS = 250
SERVER_CPUS, GENERATOR_CPUS = "0", {1}

# (quick, full)
PLAN = {
    "cpu_tables": (16, 40),
    "window_seconds": (8, 16),
    "windows": (1, 3),
    "warmup_seconds": (4, 6),
    "climb": ((5, 10, 20, 40, 80), (10, 20, 40, 60, 80, 100, 130, 160, 200)),
    "climb_seconds": (8, 16),
}


def measure_live_tables(quick: bool, postgres: str | None = None, say=print) -> dict:
    plan = {name: values[0 if quick else 1] for name, values in PLAN.items()}
    _pin_generator()
    figures: dict = {
        "mode": "quick" if quick else "full",
        "server_cpus": SERVER_CPUS,
        "generator_cpus": sorted(os.sched_getaffinity(0)),
        "tap_seconds": 4,
        "databases": {},
    }
    for database in ["sqlite"] + (["postgresql"] if postgres else []):
        figures["databases"][database] = _one_database(plan, postgres if database == "postgresql" else None, say)
    return figures


def _pin_generator() -> None:
    if (os.cpu_count() or 1) > 1 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, GENERATOR_CPUS)


def _one_database(plan: dict, postgres: str | None, say) -> dict:
    database = "postgresql" if postgres else "sqlite"
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="referee-live-") as workdir:
        work = Path(workdir)
        with (
            fresh_database(work, postgres, "live") as url,
            referee_serve(url, work / "serve.log", SERVER_CPUS) as serve,
        ):
            backends = (lambda: postgres_backends(postgres, url)) if postgres else (lambda: [])
            pids = [serve.process.pid]
            say(f"{database}: {plan['cpu_tables']} tables of 4 phones (Switch To)")
            four, board_bytes = _cpu_windows(serve.port, pids, backends, "switch-to", 4, plan, say)
            out["four_phones"] = four
            say(f"{database}: {plan['cpu_tables'] // 2} tables of 8 phones (Schwimmen)")
            out["eight_phones"], _ = _cpu_windows(
                serve.port, pids, backends, "schwimmen", 8, {**plan, "cpu_tables": plan["cpu_tables"] // 2}, say
            )
            say(f"{database}: tables per core, steps {plan['climb']}")
            out["climb"] = _climb(serve.port, pids, backends, plan, say)
        with (
            fresh_database(work, postgres, "floor") as url,
            floor_serve(url, work / "floor.log", SERVER_CPUS, board_bytes) as floor,
        ):
            backends = (lambda: postgres_backends(postgres, url)) if postgres else (lambda: [])
            say(f"{database}: the Jinja floor, {plan['cpu_tables']} tables of 4 phones, boards of {board_bytes} bytes")
            out["floor"] = _floor_windows(floor.port, [floor.process.pid], backends, plan, say)
        out["errors_logged"] = sum(
            (work / name).read_text(errors="replace").count("Traceback")
            for name in ("serve.log", "floor.log")
            if (work / name).exists()
        )
    out["board_bytes_median"] = board_bytes
    return _summary(out)


def _run(coroutine):
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coroutine)
    finally:
        for task in asyncio.all_tasks(loop):  # phones' fetches still under way
            task.cancel()
        loop.run_until_complete(asyncio.sleep(0.2))  # let cancelled phones close their sockets
        loop.close()


def _cpu_windows(port: int, pids, backends, game: str, phones: int, plan: dict, say) -> tuple[list[dict], int]:
    tables = open_tables(port, game, phones, plan["cpu_tables"])

    async def go():
        run = LiveRun(port)
        windows = await _windows(run, tables, pids, backends, plan, say)
        return windows, int(statistics.median(run.counters.board_bytes or [6000]))

    return _run(go())


def _floor_windows(port: int, pids, backends, plan: dict, say) -> list[dict]:
    tables = [
        LiveTable(
            uuid.uuid4().hex[:6].upper(),
            uuid.uuid4().hex,
            [uuid.uuid4().hex for _ in range(3)],
            [("entries", [("type", "predict"), ("seat", "0"), ("value", str(v))]) for v in range(5)],
        )
        for _ in range(plan["cpu_tables"])
    ]

    return _run(_windows(LiveRun(port, streams=False), tables, pids, backends, plan, say))


async def _windows(run: LiveRun, tables, pids, backends, plan: dict, say) -> list[dict]:
    """The tables added to ``run``, a warm-up, then the plan's timed windows (each said as it ends)."""
    try:
        for table in tables:
            await run.add(table)
        await asyncio.sleep(plan["warmup_seconds"])
        windows = []
        for _ in range(plan["windows"]):
            window = (await timed_window(run, pids, backends(), plan["window_seconds"])).figures()
            say(f"  {_line(window)}")
            windows.append(window)
        return windows
    finally:
        run.stop()


def _climb(port: int, pids, backends, plan: dict, say) -> list[dict]:
    async def go():
        run = LiveRun(port)
        steps = []
        try:
            for target in plan["climb"]:
                missing = target - len(run.phones)
                added = await asyncio.to_thread(open_tables, port, "switch-to", 4, missing)
                for table in added:
                    await run.add(table)
                await asyncio.sleep(plan["warmup_seconds"])
                step = (await timed_window(run, pids, backends(), plan["climb_seconds"])).figures()
                step["held"] = step["tap_other_p95_ms"] <= P95_GOAL_MS and not step["failed_taps"]
                say(f"  {_line(step)}  {'held' if step['held'] else 'NOT held'}")
                steps.append(step)
                if not step["held"]:
                    break
            return steps
        finally:
            run.stop()

    return _run(go())


def _line(w: dict) -> str:
    return (
        f"{w['tables']:4} tables {w['phones']:4} phones: {w['cpu_ms_per_entry']:6.2f} ms CPU/entry"
        f" (+{w['backends_cpu_ms_per_entry']} backends), core {w['server_core_busy'] * 100:3.0f} %, "
        f"{w['bytes_per_entry'] / 1024:5.1f} KB/entry, tap→others p50 {w['tap_other_p50_ms']} p95 "
        f"{w['tap_other_p95_ms']} max {w['tap_other_max_ms']} ms, {w['entries']} entries, generator "
        f"{w['generator_cpu_ms_per_entry']} ms/entry (ceiling {w['generator_ceiling_tables']} tables), "
        f"boards fetched/pushed per entry {w['board_fetches_per_entry']}/{w['boards_pushed_per_entry']}, "
        f"errors {w['errors']}/{w['failed_taps']}, load {w['load']}"
    )


def _spread(values: list[float]) -> list[float]:
    """min, median, max"""
    return [round(min(values), 2), round(statistics.median(values), 2), round(max(values), 2)] if values else []


def _summary(out: dict) -> dict:
    def of(windows, name):
        return _spread([w[name] for w in windows])

    four, eight, floor = out["four_phones"], out["eight_phones"], out["floor"]
    held = [s["tables"] for s in out["climb"] if s["held"]]
    out["figures"] = {
        "cpu_ms_per_entry": of(four, "cpu_ms_per_entry"),
        "backends_cpu_ms_per_entry": of(four, "backends_cpu_ms_per_entry"),
        "cpu_ms_per_entry_8_phones": of(eight, "cpu_ms_per_entry"),
        "floor_cpu_ms_per_entry": of(floor, "cpu_ms_per_entry"),
        "floor_backends_cpu_ms_per_entry": of(floor, "backends_cpu_ms_per_entry"),
        "floor_ratio": round(
            statistics.median(w["cpu_ms_per_entry"] for w in four)
            / max(statistics.median(w["cpu_ms_per_entry"] for w in floor), 1e-6),
            2,
        ),
        "bytes_per_entry": of(four, "bytes_per_entry"),
        "bytes_per_entry_8_phones": of(eight, "bytes_per_entry"),
        "tap_other_p95_ms": of(four, "tap_other_p95_ms"),
        "tables_per_core": max(held, default=0),
        "tables_per_core_at_full_core": round(
            statistics.median(4000 / w["cpu_ms_per_entry"] for w in four if w["cpu_ms_per_entry"])
        ),
        "generator_ceiling_tables": min(w["generator_ceiling_tables"] for w in four + out["climb"]),
        "load": [w["load"] for w in four + eight + floor + out["climb"]],
    }
    return out


def print_live_tables(figures: dict) -> None:
    print(
        f"\nLive tables ({figures['mode']}): referee serve pinned to core {figures['server_cpus']}, "
        f"generator on {figures['generator_cpus']}, an entry every {figures['tap_seconds']} s per table"
    )
    for database, out in figures["databases"].items():
        f = out["figures"]
        print(f"  {database}:")
        print(
            f"    cpu_ms_per_entry, 4 phones (min/median/max)   {f['cpu_ms_per_entry']}"
            + (f"  + backends {f['backends_cpu_ms_per_entry']}" if database == "postgresql" else "")
        )
        print(f"    cpu_ms_per_entry, 8 phones (Schwimmen)        {f['cpu_ms_per_entry_8_phones']}")
        print(
            f"    Jinja floor, 4 phones                         {f['floor_cpu_ms_per_entry']}"
            + (f"  + backends {f['floor_backends_cpu_ms_per_entry']}" if database == "postgresql" else "")
            + f"   referee/floor {f['floor_ratio']}×"
        )
        print(
            f"    bytes_per_entry, all phones (4 / 8)           {f['bytes_per_entry']} / {f['bytes_per_entry_8_phones']}"
        )
        print(f"    tap → other phones p95 ms (4 phones)          {f['tap_other_p95_ms']}")
        print(
            f"    tables_per_core (p95 ≤ {P95_GOAL_MS} ms)                {f['tables_per_core']}"
            f"   (at 100 % of the core: {f['tables_per_core_at_full_core']})"
        )
        print(f"    generator ceiling (tables, its own core)      {f['generator_ceiling_tables']}")
        print(f"    load average per window                       {', '.join(f['load'])}")


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--postgres", metavar="URL", default=os.environ.get("REFEREE_BENCH_POSTGRES"))
    args = parser.parse_args(argv)
    started = time.monotonic()
    figures = measure_live_tables(
        args.quick,
        args.postgres,
        say=lambda s: print(f"· {time.monotonic() - started:5.1f} s  {s}", file=sys.stderr, flush=True),
    )
    figures["seconds"] = round(time.monotonic() - started, 1)
    print_live_tables(figures)
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
