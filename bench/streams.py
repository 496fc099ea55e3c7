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

import os
import socket
import statistics
import time

from .loadgen import Client
from .workloads import open_table, post_play

LATENCY_ALLOWED = 1.2
ENTRIES_TIMED, WINDOWS, WINDOW_PAUSE = 11, 5, 0.1
ANSWER_SECONDS, ANSWER_SECONDS_PER_STREAM = 2, 0.005  # for a step's new streams to be answered


def measure_streams(
    port: int, processes: int = 1, most: int = 4096, pid: int | None = None, windows: int = WINDOWS
) -> dict:
    """The climb; with the server's ``pid`` (one process, on Linux) each step also gives the
    server's CPU time per entry, which another process's burst does not inflate as it does the
    entries' wall-clock time. ``windows``: the entries' windows timed at each step."""
    _room_for_sockets(most + 64)
    client = Client("127.0.0.1", port, timeout=10)
    watched, played = open_table(client), open_table(client)
    _expect(post_play(client, played, {"type": "start_round"}))
    played.position = 1
    alone_before, cpu_before = _entries(client, played, pid, windows)
    steps, held_sockets = [], []
    target = 4
    while target <= most:
        held_sockets += _open_streams(port, watched.code, target - len(held_sockets))
        held = sum(1 for _, answered in held_sockets if answered)
        try:
            median, cpu = _entries(client, played, pid, windows)
        except (OSError, RuntimeError):
            median = cpu = None
        steps.append({"asked": target, "held": held, "entry_p50_ms": _ms(median), "entry_cpu_ms": _ms(cpu)})
        if held < target or median is None:
            break  # streams refused or plays stalled: no point asking for more
        target *= 2
    for sock, _ in held_sockets:
        sock.close()
    time.sleep(0.5)  # the server sees the phones gone
    alone_after, cpu_after = _entries(client, played, pid, windows)
    alone = (alone_before + alone_after) / 2  # no streams: before the climb and after it
    client.close()
    best = 0
    for step in steps:
        step["latency_ratio"] = round(step["entry_p50_ms"] / 1000 / alone, 2) if step["entry_p50_ms"] else None
        if step["held"] == step["asked"] and step["latency_ratio"] and step["latency_ratio"] <= LATENCY_ALLOWED:
            best = step["held"]  # one noisy step does not end the climb
    return {
        "streams_per_process": best // processes,
        "processes": processes,
        "entry_alone_p50_ms": _ms(alone),
        "entry_alone_cpu_ms": [_ms(cpu_before), _ms(cpu_after)],
        "steps": steps,
    }


def _ms(seconds: float | None) -> float | None:
    return round(seconds * 1000, 2) if seconds else None


def _open_streams(port: int, code: str, count: int) -> list[tuple[socket.socket, bool]]:
    """``count`` phones' event streams: each socket, and whether it was answered with a stream
    within two seconds and a few milliseconds per stream (the server answers them one by one)."""
    opened = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=2)
        sock.sendall(
            f"GET /t/{code}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
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


def _entries(client: Client, table, pid: int | None, windows: int = WINDOWS) -> tuple[float, float | None]:
    """The entries' median in the quietest of WINDOWS windows (on a shared machine another
    process's burst doubles a millisecond's entry; what the streams cost shows in every window),
    and the server's CPU seconds per entry over them all (None without ``pid``)."""
    medians, entries, cpu_then = [], 0, _cpu_seconds(pid)
    for _ in range(windows):
        times = _entry_times(client, table)
        medians.append(statistics.median(times))
        entries += len(times)
        time.sleep(WINDOW_PAUSE)  # spread over half a second: a burst elsewhere passes
    cpu_now = _cpu_seconds(pid)
    return min(medians), (cpu_now - cpu_then) / entries if cpu_now is not None and cpu_then is not None else None


def _cpu_seconds(pid: int | None) -> float | None:
    """User and system CPU time of process ``pid`` (Linux /proc), or None."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except (OSError, IndexError, TypeError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard)
        )


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
        with (
            fresh_database(Path(workdir), postgres, "streams") as url,
            referee_serve(url, Path(workdir) / "serve.log") as server,
        ):
            print(json.dumps(measure_streams(server.port, pid=server.process.pid)))


if __name__ == "__main__":
    main()
