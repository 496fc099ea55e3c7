"""Profile one live-table entry in one process (Flask test client, cProfile on CPU time): seat
0's phone posts her prediction from the form (answered with her board), then the other three
seats' phones fetch their boards, as a nudge makes them do (issue 31).

    .venv/bin/python bench/profile_live.py             # CPU ms per entry, all 4 phones
    .venv/bin/python bench/profile_live.py --top 30    # and the 30 costliest functions
    .venv/bin/python bench/profile_live.py --plain     # without the profiler
    .venv/bin/python bench/profile_live.py --stream    # the boards drawn for the 4 phones' streams
                                                       # instead of 3 fetches (as the pages do now)
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
import uuid
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from werkzeug.datastructures import MultiDict


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--entries", type=int, default=10, help="entries per table")
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--plain", action="store_true")
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--stream", action="store_true", help="boards over the streams, not fetched")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="referee-profile-") as workdir:
        from referee.app import create_app

        app = create_app(
            {
                "DATABASE_URL": f"sqlite:///{Path(workdir) / 'referee.sqlite3'}",
                "TABLES_PER_WINDOW": 10**9,
                "PUBLIC_URL": "http://localhost",
            }
        )
        tables = [_open(app, args.stream) for _ in range(args.tables)]
        for table in tables:  # warm: templates compiled, caches as a running server has them
            _entry(table, 0)
        profiler = cProfile.Profile(time.process_time)
        cpu = time.process_time()
        if not args.plain:
            profiler.enable()
        made = 0
        for n in range(1, args.entries + 1):
            for table in tables:
                _entry(table, n)
                made += 1
        profiler.disable()
        cpu = time.process_time() - cpu
        print(
            f"{made} entries, {cpu / made * 1000:.2f} ms CPU each with all 4 phones' boards "
            f"({'over their streams' if args.stream else 'fetched'}, {'unprofiled' if args.plain else 'profiled'})"
        )
        if args.top and not args.plain:
            pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)
    return 0


class _Table:
    def __init__(self, code: str, phones: list, painter=None, viewers=()):
        self.code, self.phones, self.seq = code, phones, 1
        self.painter, self.viewers = painter, list(viewers)  # --stream: the 4 phones' streams


def _open(app, stream: bool = False) -> _Table:
    api = app.test_client()
    opened = api.post("/api/tables", json={"game": "switch-to", "players": ["Ann", "Ben", "Cleo", "Dee"]}).json
    code, host = opened["code"], opened["host_token"]
    phones = []
    for seat in range(4):
        token = api.post(f"/api/tables/{code}/seats/{seat}/claim", headers={"Authorization": f"Bearer {host}"}).json[
            "token"
        ]
        phone = app.test_client()
        phone.set_cookie(f"rt_{code}", token, path=f"/t/{code}")
        phones.append(phone)
    answer = api.post(
        f"/api/tables/{code}/plays",
        headers={"Authorization": f"Bearer {host}"},
        json={"action": {"type": "start_round"}, "expected_seq": 0, "key": uuid.uuid4().hex},
    )
    assert answer.status_code == 200, answer.data[:300]
    if not stream:
        return _Table(code, phones)
    from referee.web.stream_boards import viewer_of_this_request

    viewers = []
    for phone in phones:
        cookie = phone.get_cookie(f"rt_{code}", path=f"/t/{code}")
        with app.test_request_context(
            f"/t/{code}/events?seats=4&boards=1", headers={"Cookie": f"rt_{code}={cookie.value}"}
        ):
            viewers.append(viewer_of_this_request(code))
    return _Table(code, phones, app.extensions["board_painter"], viewers)


def _entry(table: _Table, n: int) -> None:
    fields = [
        ("type", "predict"),
        ("seat", "0"),
        ("value", str(n % 5)),
        ("expected_seq", str(table.seq)),
        ("key", uuid.uuid4().hex),
    ]
    htmx = {"HX-Request": "true", "Origin": "http://localhost", "Accept-Encoding": "gzip"}
    answer = table.phones[0].post(f"/t/{table.code}/entries", data=MultiDict(fields), headers=htmx)
    assert answer.status_code == 200, answer.data[:300]
    table.seq += 1
    if table.painter is not None:  # what the pump does: draw the table's viewers' boards, one event each
        drawn = [painted for painted in table.painter.paint(table.code, table.viewers).values() if painted]
        assert len(drawn) == 3 and all(painted.seq == table.seq for painted in drawn)  # the poster's: its answer
        for painted in drawn:
            painted.event()
        return
    for phone in table.phones[1:]:
        board = phone.get(f"/t/{table.code}?seats=4", headers=htmx)
        assert board.status_code == 200 and f'data-seq="{table.seq}"'.encode() in _plain(board), board.status_code


def _plain(answer) -> bytes:
    import gzip

    return gzip.decompress(answer.data) if answer.headers.get("Content-Encoding") == "gzip" else answer.data


if __name__ == "__main__":
    sys.exit(main())
