"""What one turn of waitress's main loop costs with many phones' idle kept-alive connections open,
with connections at rest out of the loop (``referee/resting.py``) and without (issue 31).

    .venv/bin/python bench/loop_turns.py [--connections 900] [--turns 200]

In one process: the door's server (``door.guarded_server``, a trivial app), ``--connections``
connections that each made one request and then wait, as a phone's does between taps; once
they have been idle longer than ``REST_AFTER_SECONDS``, the loop is turned ``--turns`` times with
nothing to do, and its CPU per turn is printed for both, with their ratio and the machine's load.
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waitress import wasyncore

from referee import door, resting


class App:
    config = {"PUSH_STREAMS": 8}

    def __call__(self, environ, start_response):
        start_response("200 OK", [("Content-Length", "2")])
        return [b"ok"]


def cpu_ms_per_turn(connections: int, turns: int, rest: bool) -> tuple[float, int]:
    """The loop's CPU per idle turn, and how many connections were in its map."""
    possible = resting.RestingConnections.possible
    if not rest:
        resting.RestingConnections.possible = staticmethod(lambda: False)  # type: ignore[method-assign]
    try:
        server = door.guarded_server(App(), host="127.0.0.1", port=0, threads=2)
    finally:
        resting.RestingConnections.possible = possible  # type: ignore[method-assign]
    server.per_address = 0
    loop_map = door.server_map(server)
    stop = threading.Event()

    def run() -> None:
        while not stop.is_set():
            wasyncore.loop(timeout=0.05, map=loop_map, use_poll=True, count=1)

    looping = threading.Thread(target=run, daemon=True)
    looping.start()
    phones = [_one_request(server.effective_port) for _ in range(connections)]
    time.sleep(resting.REST_AFTER_SECONDS + 1.5)  # idle long enough to rest, and a maintenance after
    stop.set()
    looping.join()
    in_map = len(loop_map)
    started = time.process_time()
    for _ in range(turns):
        wasyncore.loop(timeout=0, map=loop_map, use_poll=True, count=1)
    spent = time.process_time() - started
    for phone in phones:
        phone.close()
    door.drain(server, 1.0)
    return spent / turns * 1000, in_map


def _one_request(port: int) -> socket.socket:
    phone = socket.create_connection(("127.0.0.1", port))
    phone.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    answer = b""
    while not answer.endswith(b"ok"):
        answer += phone.recv(4096)
    return phone


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", type=int, default=900)
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args(argv)
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else "?"
    without, in_map_without = cpu_ms_per_turn(args.connections, args.turns, rest=False)
    with_rest, in_map_with = cpu_ms_per_turn(args.connections, args.turns, rest=True)
    print(f"{args.connections} idle connections, load {' '.join(load)}")
    print(f"  all in the loop:   {without:.3f} ms CPU a turn ({in_map_without} in its map)")
    print(f"  resting outside:   {with_rest:.3f} ms CPU a turn ({in_map_with} in its map)")
    print(f"  ratio:             {without / max(with_rest, 1e-9):.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
