"""Two measures of the code's shape (issue 26), counted, not timed: how deep one play goes (the
most functions of the referee package on the stack while a phone's entry is recorded, each
counted once), and how
many calls the web layer makes into the table's code (the ``referee.table`` package, push, db,
upkeep) to draw one board. Run: `python tools/shape.py` (a fresh SQLite file, Switch To)."""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from pathlib import Path

TABLE_MODULES = (
    "referee.table",
    "referee.push",
    "referee.db",
    "referee.upkeep",
)


def _module(frame) -> str:
    return frame.f_globals.get("__name__", "")


class Depth:
    """The deepest stack of referee frames seen, and the calls it went through."""

    def __init__(self):
        self.most, self.deepest = 0, []

    def __call__(self, frame, event, _arg):
        if event != "call" or not _module(frame).startswith("referee"):
            return
        chain, here = [], frame
        while here is not None:
            name = f"{_module(here)}.{here.f_code.co_name}"
            # a comprehension or a recursion over nested data is not a layer of the design
            if _module(here).startswith("referee") and "<" not in name and name not in chain:
                chain.append(name)
            here = here.f_back
        if len(chain) > self.most:
            self.most, self.deepest = len(chain), chain[::-1]


class IntoTheTable:
    """Calls whose caller is in referee.web and whose callee is in one of TABLE_MODULES."""

    def __init__(self):
        self.calls: Counter[str] = Counter()

    def __call__(self, frame, event, _arg):
        if event != "call" or not _module(frame).startswith(TABLE_MODULES) or frame.f_back is None:
            return
        if _module(frame.f_back).startswith("referee.web"):
            self.calls[f"{_module(frame)}.{frame.f_code.co_name}"] += 1


def profiled(watch, action):
    sys.setprofile(watch)
    try:
        return action()
    finally:
        sys.setprofile(None)


def main() -> int:
    from referee.app import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE_URL": f"sqlite:///{Path(folder) / 'shape.sqlite3'}", "TESTING": True})
        client = app.test_client()
        opened = client.post("/api/tables", json={"game": "switch-to", "players": ["Ann", "Ben", "Cem"]}).json
        code, host = opened["code"], opened["host_token"]
        headers = {"Authorization": f"Bearer {host}"}
        client.post(
            f"/api/tables/{code}/plays",
            headers=headers,
            json={"expected_seq": 0, "key": "warm", "action": {"type": "start_round"}},
        )
        client.post(f"/t/{code}/host", data={"token": host})  # this client is the host's phone
        client.get(f"/t/{code}")  # warm: templates compiled, caches filled as on a running server

        depth = Depth()
        answer = profiled(
            depth,
            lambda: client.post(
                f"/api/tables/{code}/plays",
                headers=headers,
                json={"expected_seq": 1, "key": "one", "action": {"type": "predict", "seat": 0, "value": 1}},
            ),
        )
        assert answer.status_code == 200, answer.json
        into = IntoTheTable()
        board = profiled(into, lambda: client.get(f"/t/{code}"))
        assert board.status_code == 200
    print(f"depth of one play: {depth.most} referee functions")
    print("  " + "\n  ".join(depth.deepest))
    print(f"web -> table calls to draw one board: {sum(into.calls.values())}")
    for name, count in into.calls.most_common():
        print(f"  {count:3} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
