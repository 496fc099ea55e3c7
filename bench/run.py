"""The Table Referee benchmark: the app on its production server against the floor of its stack.

    .venv/bin/python bench/run.py --quick        # about a minute and a half
    .venv/bin/python bench/run.py --smoke        # every part, briefly: what tests/test_bench.py runs
    .venv/bin/python bench/run.py                # longer windows, more taps
    .venv/bin/python bench/run.py --postgres postgresql://postgres@127.0.0.1:5432/postgres
    .venv/bin/python bench/run.py --live-tables --quick [--postgres URL]   # live tables (issue 31)

Starts gunicorn on loopback twice with the same settings, once with the referee and once with
``bench/baseline.py`` (parse JSON, one SQLModel insert, commit, small JSON; a bare 204), and
measures side by side: submits, polls, an entry deep in a long table, the page's weight, and
tap-to-other-phone time in Chromium. The event streams one process holds are measured on a
``referee serve`` process (the production command, whose door holds streams without threads)
with a fresh database of its own. Prints a table, then one JSON line (the last line) with
``submit_ratio``, ``page_submit_ratio``, ``poll_ratio``, ``streams_per_process``, ``cheap_phone_tap_ms``
(own and other phone, p50 and p95; null without a browser), ``growth_ratio`` (the worst game's, through
the page path; ``growth_ratio_by_game`` has each), ``page_kb_gz``, ``sync_p95_ms`` (null when the
browser part is skipped: ``sync.skipped`` says why) and the raw figures beside them. Reports;
never fails on a goal.

``--live-tables`` runs instead the live-table figures (``bench/live_tables.py``): every phone of
every table live against one ``referee serve`` pinned to one core, on SQLite and, with
``--postgres``, PostgreSQL: ``cpu_ms_per_entry`` (4 and 8 phones), the Jinja floor beside it,
``bytes_per_entry``, ``tables_per_core`` and the generator's own ceiling, with the load of each
window; ``--quick`` takes about two and a half minutes a database.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make ``bench`` and ``referee`` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import sync
from bench.loadgen import Result, generator_ceiling, percentile
from bench.game_growth import measure_every_game
from bench.plays import scripts
from bench.streams import measure_streams
from bench.servers import (
    AppToServe,
    ServerSettings,
    databases,
    fresh_database,
    gunicorns,
    referee_app_spec,
    referee_serve,
)
from bench.workloads import (
    TablePool,
    measure_growth,
    page_weight,
    poll_api,
    poll_page,
    run_baseline_polls,
    run_baseline_submits,
    run_polls,
    run_submits,
    submit_api,
    submit_page,
)

GOALS = {
    "submit_ratio": (">=", 0.7),
    "page_submit_ratio": (">=", 0.7),
    "poll_ratio": (">=", 0.9),
    "growth_ratio": ("<=", 1.2),
    "page_kb_gz": ("<=", 50),
    "sync_p95_ms": ("<=", 250),
    "cheap_own_p50": ("<=", 300),
    "cheap_other_p50": ("<=", 400),
    "streams_per_process": (">=", 1000),
}

# How long each part runs: (smoke, quick, full).
# The referee and the baseline take turns, ``rounds`` windows each, so that whatever else the
# machine is doing weighs on both alike. ``--smoke`` (the test suite's, tests/test_bench.py) runs
# every part with the least that still gives each figure: that the bench runs, not what it finds.
PLAN = {
    "ceiling_seconds": (0.5, 1.5, 5),
    "rounds": (1, 2, 3),
    "submit_seconds": (1, 3, 8),
    "page_submit_seconds": (1, 2, 4),
    "poll_seconds": (0.5, 1.5, 4),
    "growth_samples": (6, 30, 100),
    "game_growth_samples": (4, 20, 40),
    "cheap_taps": (3, 12, 40),
    "sync_taps": (4, 30, 150),
    "scripts": (6, 12, 40),
    "most_streams": (256, 4096, 4096),
    "stream_windows": (2, 5, 5),
}
MODES = ("smoke", "quick", "full")


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    if args.live_tables:
        return _live_tables(args)
    plan = {name: values[MODES.index(_mode(args))] for name, values in PLAN.items()}
    settings = ServerSettings(args.workers, args.worker_class, args.threads)
    started = time.monotonic()
    figures = _measure(args, plan, settings)
    figures["seconds"] = round(time.monotonic() - started, 1)
    _print_table(figures)
    print(json.dumps(figures, separators=(",", ":")))
    return 0


def _arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short windows (about a minute and a half)")
    parser.add_argument(
        "--smoke", action="store_true", help="the shortest windows: that every part runs (the test suite's)"
    )
    parser.add_argument(
        "--postgres",
        metavar="URL",
        default=os.environ.get("REFEREE_BENCH_POSTGRES"),
        help="run on PostgreSQL: a server URL; fresh databases are made there and dropped",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--worker-class", default="gthread")
    parser.add_argument(
        "--clients", type=int, help="concurrent load-generator connections (16; 4 with --smoke: fewer tables to open)"
    )
    parser.add_argument("--tables-per-client", type=int, default=4)
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium sync measurement")
    parser.add_argument(
        "--live-tables", action="store_true", help="only the live-table figures (issue 31): bench/live_tables.py"
    )
    args = parser.parse_args(argv)
    args.clients = args.clients or (4 if args.smoke else 16)
    return args


def _mode(args) -> str:
    return "smoke" if args.smoke else "quick" if args.quick else "full"


def _live_tables(args) -> int:
    from bench.live_tables import measure_live_tables, print_live_tables

    started = time.monotonic()
    figures = measure_live_tables(args.quick or args.smoke, args.postgres, say=_say)
    figures["seconds"] = round(time.monotonic() - started, 1)
    print_live_tables(figures)
    print(json.dumps(figures, separators=(",", ":")))
    return 0


def _measure(args, plan: dict, settings: ServerSettings) -> dict:
    figures: dict = {
        "mode": _mode(args),
        "server": settings.describe(),
        "database": "postgresql" if args.postgres else "sqlite",
        "clients": args.clients,
        "cpus": os.cpu_count(),
        "app": referee_app_spec(),
    }
    _say("generator ceiling")
    ceiling = generator_ceiling(args.clients, plan["ceiling_seconds"])
    figures["generator_ceiling_rps"] = round(ceiling.rate)
    play_scripts = scripts(plan["scripts"])
    figures["script_entries_mean"] = round(statistics.mean(len(s) for s in play_scripts), 1)
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as workdir, ExitStack() as stack:
        referee_db, baseline_db = stack.enter_context(databases(Path(workdir), args.postgres))
        log_path = Path(workdir) / "gunicorn.log"
        _say("starting the servers")
        ours, floor = stack.enter_context(
            gunicorns(
                [
                    AppToServe("referee", referee_app_spec(), referee_db),
                    AppToServe("baseline", "bench.baseline:create_app()", baseline_db),
                ],
                settings,
                log_path,
            )
        )
        try:
            _measure_servers(args, plan, ours.port, floor.port, play_scripts, referee_db, figures)
        except Exception:
            _say(f"failed; the end of the server log:\n{_log_tail(log_path)}")
            raise
        _say("event streams held by one referee serve process")
        serve_log = Path(workdir) / "serve.log"
        with (
            fresh_database(Path(workdir), args.postgres, "streams") as streams_db,
            referee_serve(streams_db, serve_log) as serve,
        ):
            figures["streams"] = measure_streams(
                serve.port, most=plan["most_streams"], pid=serve.process.pid, windows=plan["stream_windows"]
            )
        figures["streams_per_process"] = figures["streams"]["streams_per_process"]
        figures["server_errors"] = _errors_logged(log_path) + _errors_logged(serve_log)
        if figures["server_errors"]:
            _say(
                f"the servers logged {figures['server_errors']} tracebacks; the end of the log:\n{_log_tail(log_path)}"
            )
    return figures


def _measure_servers(args, plan: dict, ours: int, floor: int, play_scripts, referee_db: str, figures: dict) -> None:
    figures.update(_submit_and_poll(args, plan, ours, floor, play_scripts))
    _say("growth")
    figures["growth"] = _growth_figures(measure_growth(ours, referee_db, plan["growth_samples"]))
    _say("growth per game, page path")
    figures["growth_by_game"] = measure_every_game(ours, referee_db, plan["game_growth_samples"])
    figures["growth_ratio_by_game"] = {game: g["ratio"] for game, g in figures["growth_by_game"].items()}
    figures["growth_ratio"] = max(figures["growth_ratio_by_game"].values())
    _say("page weight")
    figures["page"] = _page_figures(ours)
    figures["page_kb_gz"] = figures["page"]["kb_gz"]
    figures["sync"] = _sync_figures(args, plan, ours)
    figures["sync_p95_ms"] = figures["sync"].get("p95_ms")  # None (null) when skipped: see sync.skipped
    figures["cheap_phone_tap_ms"] = _cheap_phone_figures(args, plan, ours)


def _submit_and_poll(args, plan: dict, ours: int, floor: int, play_scripts) -> dict:
    clients, per_client, rounds = args.clients, args.tables_per_client, plan["rounds"]
    pool = TablePool(ours, play_scripts)
    game_length = statistics.mean(len(s) for s in play_scripts)
    last_rate = {"entries_per_s": 500.0}  # a first guess; then what the last window reached

    def submits_to_referee(submit, seconds: float) -> Result:
        """Open enough tables for this window before it starts, so no opening falls inside it."""
        pool.ensure(int(last_rate["entries_per_s"] * seconds * 1.5 / game_length) + clients * per_client)
        result = run_submits(ours, pool, submit, clients, seconds, per_client)
        last_rate["entries_per_s"] = max(result.rate, 50.0)
        return result

    _say(f"submit: baseline, referee API, referee page, {rounds} rounds")
    submits = _alternating(
        rounds,
        {
            "baseline": lambda: run_baseline_submits(floor, play_scripts, clients, plan["submit_seconds"]),
            "api": lambda: submits_to_referee(submit_api, plan["submit_seconds"]),
            "page": lambda: submits_to_referee(submit_page(ours), plan["page_submit_seconds"]),
        },
    )
    polled = [t for t in pool.used if not t.done] or pool.used
    _say(f"poll: baseline, referee page, referee API, {rounds} rounds")
    polls = _alternating(
        rounds,
        {
            "baseline": lambda: run_baseline_polls(floor, clients, plan["poll_seconds"]),
            "page": lambda: run_polls(ours, polled, poll_page, clients, plan["poll_seconds"]),
            "api": lambda: run_polls(ours, polled, poll_api, clients, plan["poll_seconds"]),
        },
    )
    return {
        "submit_ratio": _ratio(submits["api"].rate, submits["baseline"].rate),
        "page_submit_ratio": _ratio(submits["page"].rate, submits["baseline"].rate),
        "poll_ratio": _ratio(polls["page"].rate, polls["baseline"].rate),
        "submit": {
            "referee_api": _load_figures(submits["api"], 200),
            "referee_page": _load_figures(submits["page"], 200),
            "baseline": _load_figures(submits["baseline"], 200),
            "page_ratio": _ratio(submits["page"].rate, submits["baseline"].rate),
            "tables": len(pool.used),
            "tables_opened_in_window": pool.opened_late,
        },
        "poll": {
            "referee_page": _load_figures(polls["page"], 204),
            "referee_api": _load_figures(polls["api"], 204),
            "baseline": _load_figures(polls["baseline"], 204),
            "api_ratio": _ratio(polls["api"].rate, polls["baseline"].rate),
            "tables": len(polled),
        },
    }


def _alternating(rounds: int, runs: dict) -> dict[str, Result]:
    """Each run once per round, in turn; the windows of one run are added together."""
    totals = {name: Result() for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            totals[name].merge(run())
    return totals


def _load_figures(result: Result, expected_status: int) -> dict:
    return {
        "rps": round(result.rate, 1),
        "p50_ms": _ms(result.percentile(50)),
        "p99_ms": _ms(result.percentile(99)),
        "requests": result.count,
        "unexpected": result.count - result.statuses.get(expected_status, 0) + result.errors,
        "statuses": {str(k): v for k, v in sorted(result.statuses.items())},
    }


def _growth_figures(growth) -> dict:
    early, late = statistics.median(growth.early), statistics.median(growth.late)
    return {
        "early_seq": growth.early_seq,
        "late_seq": growth.late_seq,
        "samples": len(growth.early),
        "early_p50_ms": _ms(early),
        "late_p50_ms": _ms(late),
        "ratio": _ratio(late, early),
        "early_board_p50_ms": _ms(statistics.median(growth.early_board)),
        "late_board_p50_ms": _ms(statistics.median(growth.late_board)),
        "board_ratio": _ratio(statistics.median(growth.late_board), statistics.median(growth.early_board)),
        "fill_seconds": round(growth.fill_seconds, 1),
        "entry": "Ann replaces her prediction (Switch To), one phone, one entry at a time; "
        "the log between the windows filled with copies of the last entry's rows",
    }


def _page_figures(port: int) -> dict:
    """The heaviest of the ways a phone opens a table: a new phone (no seat yet), the host."""
    from bench.workloads import Client, open_table, post_play

    client = Client("127.0.0.1", port)
    table = open_table(client)
    post_play(client, table, {"type": "start_round"})
    client.close()
    path = f"/t/{table.code}"
    views = {
        "new_phone": page_weight(port, path),
        "seat": page_weight(port, path, f"rt_{table.code}={table.seats[0]}"),
        "host": page_weight(port, path, f"rt_{table.code}={table.host}"),
    }
    heaviest = max(views, key=lambda name: views[name]["gzip_bytes"])
    return {
        "kb_gz": round(views[heaviest]["gzip_bytes"] / 1024, 1),
        "heaviest": heaviest,
        "views": {
            name: {
                "kb_gz": round(v["gzip_bytes"] / 1024, 1),
                "kb": round(v["bytes"] / 1024, 1),
                "files": {url: f["gzip_bytes"] for url, f in v["files"].items()},
                "served_gzip": any(f["served_gzip"] for f in v["files"].values()),
            }
            for name, v in views.items()
        },
    }


def _sync_figures(args, plan: dict, port: int) -> dict:
    missing = "skipped (--no-browser)" if args.no_browser else sync.available()
    if missing:
        _say(f"sync: {missing}")
        return {"skipped": missing}
    _say(f"sync: {plan['sync_taps']} taps in Chromium")
    measured = sync.measure_sync(port, plan["sync_taps"])
    delays = measured["delays"]
    return {
        "taps": len(delays),
        "p50_ms": _ms(percentile(delays, 50)),
        "p95_ms": _ms(percentile(delays, 95)),
        "max_ms": _ms(max(delays)),
    }


def _cheap_phone_figures(args, plan: dict, port: int) -> dict | None:
    """Tap to the new board on a cheap phone (CPU x6, 150 ms and 1.6 Mbit/s): on the tapping
    phone and on another; None when the browser part is skipped."""
    if args.no_browser or sync.available():
        return None
    _say(f"cheap phones: {plan['cheap_taps']} taps in Chromium, CPU x{sync.CHEAP_CPU_SLOWDOWN}, 150 ms, 1.6 Mbit/s")
    measured = sync.measure_sync(port, plan["cheap_taps"], cheap=True)
    own, other = measured["own_delays"], measured["delays"]
    return {
        "taps": len(own),
        "own_p50": _ms(percentile(own, 50)),
        "own_p95": _ms(percentile(own, 95)),
        "other_p50": _ms(percentile(other, 50)),
        "other_p95": _ms(percentile(other, 95)),
    }


def _errors_logged(log_path: Path) -> int:
    text = log_path.read_text(errors="replace") if log_path.exists() else ""
    return text.count("Traceback")


def _log_tail(log_path: Path, lines: int = 40) -> str:
    text = log_path.read_text(errors="replace") if log_path.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


def _ratio(ours: float, floor: float) -> float | None:
    return round(ours / floor, 3) if floor else None


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


_STARTED = time.monotonic()


def _say(what: str) -> None:
    print(f"· {time.monotonic() - _STARTED:5.1f} s  {what}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- the readable table


def _print_table(f: dict) -> None:
    print(
        f"\nTable Referee benchmark ({f['mode']}, {f['seconds']} s) · {f['server']} · {f['database']} · "
        f"{f['clients']} clients · {f['cpus']} CPUs · app {f['app']}"
    )
    print(f"load generator ceiling: {f['generator_ceiling_rps']:,} req/s (raw keep-alive HTTP/1.1, threads)\n")
    rows = [("", "referee", "baseline", "ratio", "goal")]
    submit, poll = f["submit"], f["poll"]
    rows += _load_rows(
        "submit API (JSON)", submit["referee_api"], submit["baseline"], f["submit_ratio"], "submit_ratio"
    )
    rows += _load_rows(
        "submit page (htmx)", submit["referee_page"], submit["baseline"], f["page_submit_ratio"], "page_submit_ratio"
    )
    rows += _load_rows("poll page (htmx)", poll["referee_page"], poll["baseline"], f["poll_ratio"], "poll_ratio")
    rows += _load_rows("poll API", poll["referee_api"], poll["baseline"], poll["api_ratio"])
    growth = f["growth"]
    rows.append(
        (
            f"API entry at seq {growth['late_seq']} vs {growth['early_seq']} (p50)",
            f"{growth['late_p50_ms']} ms",
            f"{growth['early_p50_ms']} ms",
            _fmt(growth["ratio"]),
            "",
        )
    )
    rows.append(
        (
            "  board fetch, same depths",
            f"{growth['late_board_p50_ms']} ms",
            f"{growth['early_board_p50_ms']} ms",
            _fmt(growth["board_ratio"]),
            "",
        )
    )
    for game, g in f["growth_by_game"].items():
        rows.append(
            (
                f"page entry, {game}, seq {g['late_seq']} vs {g['early_seq']} ({g['entry']})",
                f"{g['late_p50_ms']} ms",
                f"{g['early_p50_ms']} ms",
                _fmt(g["ratio"]),
                _goal("growth_ratio", g["ratio"]),
            )
        )
    rows.append(
        (
            f"page weight ({f['page']['heaviest']}, gzip)",
            f"{f['page_kb_gz']} KB",
            "",
            "",
            _goal("page_kb_gz", f["page_kb_gz"]),
        )
    )
    sync_figures = f["sync"]
    if "skipped" in sync_figures:
        rows.append(
            (
                "sync tap → other phone",
                f"not measured: {sync_figures['skipped']} (sync_p95_ms is null in the JSON line)",
                "",
                "",
                "",
            )
        )
    else:
        rows.append(
            (
                f"sync tap → other phone p95 ({sync_figures['taps']} taps)",
                f"{f['sync_p95_ms']} ms",
                f"p50 {sync_figures['p50_ms']} ms",
                "",
                _goal("sync_p95_ms", f["sync_p95_ms"]),
            )
        )
    cheap = f["cheap_phone_tap_ms"]
    if cheap is None:
        rows.append(("cheap phone tap → board", "not measured (no browser; cheap_phone_tap_ms is null)", "", "", ""))
    else:
        rows.append(
            (
                f"cheap phone tap → own board p50 / p95 ({cheap['taps']} taps)",
                f"{cheap['own_p50']} / {cheap['own_p95']} ms",
                "",
                "",
                _goal("cheap_own_p50", cheap["own_p50"]),
            )
        )
        rows.append(
            (
                "cheap phone tap → other phone p50 / p95",
                f"{cheap['other_p50']} / {cheap['other_p95']} ms",
                "",
                "",
                _goal("cheap_other_p50", cheap["other_p50"]),
            )
        )
    streams = f["streams"]
    last = streams["steps"][-1]
    rows.append(
        (
            f"event streams per referee serve process (entries within {1.2}x)",
            f"{f['streams_per_process']}",
            f"last step: {last['held']} of {last['asked']} held, x{last['latency_ratio']}, server CPU "
            f"{last.get('entry_cpu_ms')} ms/entry (alone {streams.get('entry_alone_cpu_ms')})",
            "",
            _goal("streams_per_process", f["streams_per_process"]),
        )
    )
    widths = [max(len(str(row[i])) for row in rows) for i in range(5)]
    for row in rows:
        print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip())
    if f["submit"]["tables_opened_in_window"] or f["server_errors"]:
        print(
            f"\nnote: {f['submit']['tables_opened_in_window']} tables opened inside the submit window; "
            f"{f['server_errors']} tracebacks in the server log"
        )
    print()


def _load_rows(name: str, ours: dict, floor: dict, ratio, goal_key: str | None = None) -> list[tuple]:
    flag = f" ({ours['unexpected']} unexpected answers)" if ours["unexpected"] else ""
    return [
        (
            f"{name} req/s{flag}",
            f"{ours['rps']:,.0f}",
            f"{floor['rps']:,.0f}",
            _fmt(ratio),
            _goal(goal_key, ratio) if goal_key else "",
        ),
        ("  p50 / p99 ms", f"{ours['p50_ms']} / {ours['p99_ms']}", f"{floor['p50_ms']} / {floor['p99_ms']}", "", ""),
    ]


def _goal(key: str, value) -> str:
    sense, target = GOALS[key]
    if value is None:
        return f"{sense} {target}"
    met = value >= target if sense == ">=" else value <= target
    return f"{sense} {target} {'met' if met else 'NOT met'}"


def _fmt(value) -> str:
    return "" if value is None else f"{value:.2f}"


if __name__ == "__main__":
    sys.exit(main())
