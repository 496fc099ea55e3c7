"""A load generator that stays out of the way: raw keep-alive HTTP/1.1 over sockets, one
connection per thread, no header parsing beyond what framing needs.

http.client spends more time parsing headers than a bare Flask view takes to answer, so the
generator would measure itself; this client costs a few microseconds per request.
``generator_ceiling`` measures what it can drive against a server that does nothing.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field


class HttpError(Exception):
    pass


class Client:
    """One keep-alive connection. ``request`` returns (status, body bytes, raw header block)."""

    def __init__(self, host: str, port: int, timeout: float = 30.0):
        self.host, self.port, self.timeout = host, port, timeout
        self.sock: socket.socket | None = None
        self.buffer = b""

    def _connect(self) -> None:
        self.sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None):
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if body or method in ("POST", "PUT"):
            lines.append(f"Content-Length: {len(body)}")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        for attempt in (1, 2):  # a keep-alive connection the server closed: reconnect once
            if self.sock is None:
                self._connect()
            try:
                self.sock.sendall(raw)
                return self._response(method)
            except (ConnectionError, HttpError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _read_more(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise HttpError("connection closed")
        self.buffer += chunk

    def _response(self, method: str):
        while b"\r\n\r\n" not in self.buffer:
            self._read_more()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        status = int(head[9:12])
        lower = head.lower()
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            body = b""
        elif b"transfer-encoding: chunked" in lower:
            body = self._chunked()
        else:
            length = _content_length(lower)
            if length is None:  # no framing: the body runs until the server closes
                while True:
                    try:
                        self._read_more()
                    except HttpError:
                        break
                body, self.buffer = self.buffer, b""
                self.close()
                return status, body, head
            while len(self.buffer) < length:
                self._read_more()
            body, self.buffer = self.buffer[:length], self.buffer[length:]
        if b"connection: close" in lower:
            self.close()
        return status, body, head

    def _chunked(self) -> bytes:
        body = b""
        while True:
            while b"\r\n" not in self.buffer:
                self._read_more()
            size_line, _, self.buffer = self.buffer.partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            while len(self.buffer) < size + 2:
                self._read_more()
            body += self.buffer[:size]
            self.buffer = self.buffer[size + 2 :]
            if size == 0:
                return body


def _content_length(lower_head: bytes) -> int | None:
    marker = b"content-length:"
    at = lower_head.find(marker)
    if at < 0:
        return None
    end = lower_head.find(b"\r\n", at)
    return int(lower_head[at + len(marker) : end if end >= 0 else None])


# --------------------------------------------------------------------------- running load


@dataclass
class Result:
    """Latencies (seconds) of the requests that completed inside the window, and their statuses."""

    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0
    errors: int = 0

    @property
    def count(self) -> int:
        return len(self.latencies)

    @property
    def rate(self) -> float:
        return self.count / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        return percentile(self.latencies, p)

    def merge(self, other: Result) -> None:
        self.seconds += other.seconds
        self.latencies += other.latencies
        self.errors += other.errors
        for status, n in other.statuses.items():
            self.statuses[status] = self.statuses.get(status, 0) + n


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[rank]


# A step makes one request on the client it is given and returns its status; it may raise to
# count an error. Each thread gets its own step function from ``make_step(thread_index)``.
Step = Callable[[Client], int]


def run_load(
    host: str, port: int, make_step: Callable[[int], Step], threads: int, seconds: float, warmup: float = 0.5
) -> Result:
    """Run ``threads`` closed-loop clients for ``warmup + seconds``; count only the window."""
    results = [Result() for _ in range(threads)]
    begin = threading.Barrier(threads + 1)
    window: dict[str, float] = {}
    stop = threading.Event()

    def loop(index: int) -> None:
        client, step, result = Client(host, port), make_step(index), results[index]
        begin.wait()
        try:
            while not stop.is_set():
                started = time.perf_counter()
                try:
                    status = step(client)
                except Exception:  # noqa: BLE001 - a failed request is counted, the run goes on
                    result.errors += 1
                    client.close()
                    continue
                finished = time.perf_counter()
                if window.get("start", float("inf")) <= started and finished <= window.get("end", float("inf")):
                    result.latencies.append(finished - started)
                    result.statuses[status] = result.statuses.get(status, 0) + 1
        finally:
            client.close()

    workers = [threading.Thread(target=loop, args=(i,), daemon=True) for i in range(threads)]
    for worker in workers:
        worker.start()
    begin.wait()
    time.sleep(warmup)
    window["start"] = time.perf_counter()
    time.sleep(seconds)
    window["end"] = time.perf_counter()
    stop.set()
    for worker in workers:
        worker.join(timeout=60)
    total = Result()
    for result in results:
        total.merge(result)
    total.seconds = window["end"] - window["start"]
    return total


# --------------------------------------------------------------------------- the generator's ceiling


def _null_server(port_out) -> None:
    """Answer every request with 204 at once (asyncio, its own process)."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                await reader.readuntil(b"\r\n\r\n")  # requests here carry no body
                writer.write(b"HTTP/1.1 204 No Content\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    async def main() -> None:
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port_out.send(server.sockets[0].getsockname()[1])
        await server.serve_forever()

    asyncio.run(main())


def generator_ceiling(threads: int, seconds: float) -> Result:
    """The rate this generator reaches against a server that does nothing (in another process,
    so it does not share our interpreter lock): above it, figures measure the generator."""
    receive, send = multiprocessing.Pipe(duplex=False)
    server = multiprocessing.Process(target=_null_server, args=(send,), daemon=True)
    server.start()
    try:
        port = receive.recv()

        def make_step(_index: int) -> Step:
            return lambda client: client.request("GET", "/", headers={"HX-Request": "true"})[0]

        return run_load("127.0.0.1", port, make_step, threads, seconds, warmup=0.2)
    finally:
        server.terminate()
        server.join(5)
