"""How many event streams one process holds while plays keep their latency (issue 19).

Streams are opened in steps (4, 8, 16, … up to ``most``) and kept open, as phones keep theirs; at
each step the bench counts the streams the server answered with an event stream (not a 204,
which sends that phone to polling, and not silence) and times entries on another table through
the API. ``streams_per_process`` is the most streams held, divided by the server's processes,
at a step where every stream asked for was held and the entries' median (in the quietest of
five windows) stayed within 1.2x of that with no streams open (before the climb and after it); the climb goes on past a slower step, and ends when streams
are refused or entries fail. Measured on a ``referee serve`` process of its own (servers.py),
whose door holds streams without a thread each (pump.py); stop it after the run.
"""
from __future__ import annotations

import socket
import statistics
import time

from .loadgen import Client
from .workloads import open_table, post_play

LATENCY_ALLOWED = 1.2
ENTRIES_TIMED, WINDOWS, WINDOW_PAUSE = 11, 5, 0.1
ANSWER_SECONDS, ANSWER_SECONDS_PER_STREAM = 2, 0.005  # for a step's new streams to be answered


def measure_streams(port: int, processes: int = 1, most: int = 4096) -> dict:
    _room_for_sockets(most + 64)
    client = Client("127.0.0.1", port, timeout=10)
    watched, played = open_table(client), open_table(client)
    _expect(post_play(client, played, {"type": "start_round"}))
    played.position = 1
    alone_before = _entry_p50(client, played)
    steps, held_sockets = [], []
    target = 4
    while target <= most:
        held_sockets += _open_streams(port, watched.code, target - len(held_sockets))
        held = sum(1 for _, answered in held_sockets if answered)
        try:
            median = _entry_p50(client, played)
        except (OSError, RuntimeError):
            median = None
        steps.append({"asked": target, "held": held, "entry_p50_ms": _ms(median)})
        if held < target or median is None:
            break  # streams refused or plays stalled: no point asking for more
        target *= 2
    for sock, _ in held_sockets:
        sock.close()
    time.sleep(0.5)  # the server sees the phones gone
    alone = (alone_before + _entry_p50(client, played)) / 2  # no streams: before the climb and after it
    client.close()
    best = 0
    for step in steps:
        step["latency_ratio"] = round(step["entry_p50_ms"] / 1000 / alone, 2) if step["entry_p50_ms"] else None
        if step["held"] == step["asked"] and step["latency_ratio"] and step["latency_ratio"] <= LATENCY_ALLOWED:
            best = step["held"]  # one noisy step does not end the climb
    return {"streams_per_process": best // processes, "processes": processes,
            "entry_alone_p50_ms": _ms(alone), "steps": steps}


def _ms(seconds: float | None) -> float | None:
    return round(seconds * 1000, 2) if seconds else None


def _open_streams(port: int, code: str, count: int) -> list[tuple[socket.socket, bool]]:
    """``count`` phones' event streams: each socket, and whether it was answered with a stream
    within two seconds and a few milliseconds per stream (the server answers them one by one)."""
    opened = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=2)
        sock.sendall(f"GET /t/{code}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     f"Accept: text/event-stream\r\n\r\n".encode())
        opened.append(sock)
    answered, deadline = [], time.monotonic() + ANSWER_SECONDS + ANSWER_SECONDS_PER_STREAM * count
    for sock in opened:
        sock.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            head = sock.recv(4096)
            answered.append((sock, head.startswith(b"HTTP/1.1 200") and b"event-stream" in head.lower()))
        except OSError:
            answered.append((sock, False))
    return answered


def _entry_p50(client: Client, table) -> float:
    """The entries' median in the quietest of WINDOWS windows: on a shared machine another
    process's burst doubles a millisecond's entry; what the streams cost shows in every window."""
    medians = []
    for _ in range(WINDOWS):
        medians.append(statistics.median(_entry_times(client, table)))
        time.sleep(WINDOW_PAUSE)  # spread over half a second: a burst elsewhere passes
    return min(medians)


def _entry_times(client: Client, table) -> list[float]:
    """Ann replaces her prediction (Switch To) through the API, ENTRIES_TIMED times."""
    times = []
    for n in range(ENTRIES_TIMED):
        started = time.perf_counter()
        _expect(post_play(client, table, {"type": "predict", "seat": 0, "value": n % 11}))
        times.append(time.perf_counter() - started)
        table.position += 1
    return times


def _expect(status: int) -> None:
    if status != 200:
        raise RuntimeError(f"expected 200, got {status}")


def _room_for_sockets(wanted: int) -> None:
    """Raise this process's soft open-file limit towards ``wanted`` (each stream is a socket)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))


def main() -> None:
    """``python -m bench.streams [POSTGRES_URL]``: this part of the bench alone, against a
    ``referee serve`` process with a fresh database (SQLite, or one made on that server)."""
    import json
    import sys
    import tempfile
    from pathlib import Path

    from .servers import fresh_database, referee_serve

    with tempfile.TemporaryDirectory(prefix="referee-streams-") as workdir:
        postgres = sys.argv[1] if len(sys.argv) > 1 else None
        with fresh_database(Path(workdir), postgres, "streams") as url, \
                referee_serve(url, Path(workdir) / "serve.log") as server:
            print(json.dumps(measure_streams(server.port)))


if __name__ == "__main__":
    main()
