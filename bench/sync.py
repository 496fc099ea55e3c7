"""Two phones on one table in real Chromium: from a tap on one to the change on the other.

Ann's phone taps her prediction (a one-tap entry Ann may replace until everyone has predicted,
so the taps can go on as long as the run wants; only her own phone may make it, issue 15); Ben's
phone just watches its board. Both pages run in one browser, so they share one clock: the tap is
stamped by a capturing pointerdown listener on Ann's page, the change by a MutationObserver on Ben's page the
moment a board with the new seq is in the DOM. Whatever the page uses to hear of changes
(polling, pushed nudges) is what is measured. Between taps the run waits a random fraction of
a second, so taps do not line up with a poll timer.

``cheap=True`` makes both phones cheap ones on a slow network, as Lighthouse's mobile profile
does through the DevTools protocol: the CPU six times slower (``Emulation.setCPUThrottlingRate``)
and 150 ms round trips at 1.6 Mbit/s down, 750 kbit/s up (``Network.emulateNetworkConditions``).
Then the tap is timed to the new board on the tapping phone itself too.
"""

from __future__ import annotations

import json
import os
import random
import time

from .loadgen import Client
from .plays import PLAYERS
from .workloads import open_table, post_play

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CHEAP_CPU_SLOWDOWN = 6
CHEAP_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

# Stamps every seq a board shows with the time it reached the DOM (also after a reload), and
# settles the promises of ``__untilSeq`` waiting for it.
WATCH_SEQ = """
(() => {
  window.__seen = window.__seen || {};
  const waiting = {};
  window.__untilSeq = (seq, ms) => new Promise((resolve, reject) => {
    if (seq in window.__seen) return resolve(true);
    (waiting[seq] = waiting[seq] || []).push(resolve);
    setTimeout(() => resolve(seq in window.__seen), ms);
  });
  const stamp = () => {
    const board = document.querySelector('[data-seq]');
    if (!board || board.dataset.seq in window.__seen) return;
    window.__seen[board.dataset.seq] = Date.now();
    (waiting[board.dataset.seq] || []).forEach((resolve) => resolve(true));
    delete waiting[board.dataset.seq];
  };
  const start = () => { stamp(); new MutationObserver(stamp).observe(document.documentElement,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-seq']}); };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
"""
STAMP_TAPS = "document.addEventListener('pointerdown', () => { window.__tap = Date.now(); }, true);"


def available() -> str | None:
    """Why the sync figure cannot be measured here, or None when it can."""
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    return None


def measure_sync(
    port: int, taps: int, pause: tuple[float, float] = (0.05, 1.0), seed: int = 8, cheap: bool = False
) -> dict:
    from playwright.sync_api import sync_playwright

    base = f"http://127.0.0.1:{port}"
    client = Client("127.0.0.1", port)
    table = open_table(client)
    post_play(client, table, {"type": "start_round"})
    client.close()
    url = f"{base}/t/{table.code}"
    rng = random.Random(seed)
    delays: list[float] = []
    own: list[float] = []  # the tap to the new board on the tapping phone
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            ann = _phone(browser, table.code, table.seats[0], url, cheap)
            ben = _phone(browser, table.code, table.seats[1], url, cheap)
            seq = 1
            for tap in range(taps):
                _wait_for_seq(ann, seq)
                _wait_for_seq(ben, seq)
                time.sleep(rng.uniform(*pause))
                ann.get_by_label(f"{PLAYERS[0]} predicts {tap % 11}", exact=True).click()
                seq += 1
                _wait_for_seq(ben, seq)
                _wait_for_seq(ann, seq)
                tapped = ann.evaluate("window.__tap")
                changed = ben.evaluate(f"window.__seen[{json.dumps(str(seq))}]")
                delays.append((changed - tapped) / 1000)
                own.append((ann.evaluate(f"window.__seen[{json.dumps(str(seq))}]") - tapped) / 1000)
        finally:
            browser.close()
    return {"taps": len(delays), "delays": delays, "own_delays": own, "table": table.code}


def _phone(browser, code: str, token: str, url: str, cheap: bool = False):
    context = browser.new_context(**PHONE, locale="en-US")
    context.add_cookies([{"name": f"rt_{code}", "value": token, "domain": "127.0.0.1", "path": f"/t/{code}"}])
    page = context.new_page()
    if cheap:
        devtools = context.new_cdp_session(page)
        devtools.send("Emulation.setCPUThrottlingRate", {"rate": CHEAP_CPU_SLOWDOWN})
        devtools.send("Network.enable")
        devtools.send("Network.emulateNetworkConditions", CHEAP_NETWORK)
    page.add_init_script(WATCH_SEQ)
    page.add_init_script(STAMP_TAPS)
    page.goto(url)
    return page


def _wait_for_seq(page, seq: int, timeout: float = 15) -> None:
    """Wait in the page for the board to show ``seq``: one call that a promise answers, not a
    poll from here (a poll every few ms ran on the cheap phone's throttled main thread and
    delayed the very swap it timed). The stamp was taken in the page either way."""
    if not page.evaluate("([seq, ms]) => window.__untilSeq(seq, ms)", [str(seq), timeout * 1000]):
        raise TimeoutError(f"the board never showed seq {seq}")
