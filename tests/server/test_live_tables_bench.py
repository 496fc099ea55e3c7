"""The live-table bench's pieces (issue 31) work together: one table of four phones against a
real ``referee serve`` for a couple of seconds. Times nothing against a goal: that every tap
reached every other phone through its stream and board, and the window counted it."""

from __future__ import annotations

import asyncio
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.servers import referee_serve
from bench.tables import LiveRun, open_tables, timed_window


def test_one_live_table_reaches_every_other_phone():
    with tempfile.TemporaryDirectory() as workdir:
        url = f"sqlite:///{Path(workdir) / 'live.sqlite3'}"
        with referee_serve(url, Path(workdir) / "serve.log") as serve:
            (table,) = open_tables(serve.port, "switch-to", 4, 1, threads=1)

            async def go():
                run = LiveRun(serve.port, tap_seconds=0.4)
                await run.add(table)
                await asyncio.sleep(0.5)
                window = await timed_window(run, [serve.process.pid], [], 2.0)
                run.stop()
                return window, run

            # a loop of its own thread: the browser tests' Playwright keeps one in this thread
            with ThreadPoolExecutor(1) as own_thread:
                window, run = own_thread.submit(asyncio.run, go()).result()
    figures = window.figures()
    assert figures["entries"] >= 3 and figures["failed_taps"] == 0 and figures["errors"] == 0
    assert figures["deliveries"] >= 3 * (figures["entries"] - 1)  # the three other phones, each tap
    assert figures["late"] == 0 and run.counters.stream_opens >= 4 and run.counters.streams_refused == 0
    assert figures["cpu_ms_per_entry"] > 0 and figures["bytes_per_entry"] > 1000
    # the other phones take their boards from their streams (issue 31), with no fetch of their own
    assert figures["boards_pushed_per_entry"] >= 2.5 and figures["board_fetches_per_entry"] < 0.5
