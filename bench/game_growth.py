"""Growth per game through the page path: an entry posted from the phone's form (answered with
the board) on a table at seq ~2,000 against one at ~20, for every game.

Each game's two tables are played the same way to just before ``early_seq`` (random legal
entries, the same seed, entered by the host through the API); one table's log is then filled to
just before ``late_seq`` with copies of its last entry's rows (``workloads.fill_log``). At that
state the bench picks an entry the game allows and an undo takes back (one that shows no
secret), and then, on the two tables in turn, posts it from the page (timed), fetches the board
(timed) and undoes it through the API (not timed): every timed entry is made on the same state,
and only the length of the log differs.
"""

from __future__ import annotations

import json
import random
import statistics
import time
import uuid
from dataclasses import dataclass, field
from urllib.parse import urlencode

from referee.games import GAMES
from referee.games.base import HOST

from .loadgen import Client
from .phones import served_games
from .workloads import JSON, fill_log

PLAYERS = ["Ann", "Ben", "Cleo", "Dee"]


@dataclass
class GameTable:
    code: str
    host: str
    seq: int = 0


@dataclass
class GameGrowth:
    game: str
    early_seq: int
    late_seq: int
    entry: dict
    early: list[float] = field(default_factory=list)
    late: list[float] = field(default_factory=list)
    early_board: list[float] = field(default_factory=list)
    late_board: list[float] = field(default_factory=list)

    def figures(self) -> dict:
        early, late = statistics.median(self.early), statistics.median(self.late)
        early_board, late_board = statistics.median(self.early_board), statistics.median(self.late_board)
        return {
            "early_seq": self.early_seq,
            "late_seq": self.late_seq,
            "samples": len(self.early),
            "entry": self.entry.get("type"),
            "early_p50_ms": round(early * 1000, 2),
            "late_p50_ms": round(late * 1000, 2),
            "ratio": round(late / early, 3),
            "board_early_p50_ms": round(early_board * 1000, 2),
            "board_late_p50_ms": round(late_board * 1000, 2),
            "board_ratio": round(late_board / early_board, 3),
        }


def measure_every_game(
    port: int, database_url: str, samples: int, early_seq: int = 20, late_seq: int = 2000
) -> dict[str, dict]:
    return {
        game: measure_game(port, database_url, game, samples, early_seq, late_seq).figures() for game in served_games()
    }


def measure_game(port: int, database_url: str, game: str, samples: int, early_seq: int, late_seq: int) -> GameGrowth:
    client = Client("127.0.0.1", port)
    engine = GAMES[game]
    players = PLAYERS[: max(engine.min_players, min(len(PLAYERS), engine.max_players))]
    early_table, late_table = _open(client, game, players), _open(client, game, players)
    state = None
    for table in (early_table, late_table):
        state = _play_to(client, table, engine, players, early_seq - 1)
    late_table.seq = fill_log(database_url, late_table.code, late_table.seq, late_seq - 2 * samples)
    entry = _an_entry_to_take_back(client, engine, state, (early_table, late_table), port)
    growth = GameGrowth(game, early_seq, late_seq, entry)
    for _ in range(samples):
        for table, entries, boards in (
            (early_table, growth.early, growth.early_board),
            (late_table, growth.late, growth.late_board),
        ):
            entries.append(_timed(lambda table=table: _post_page(client, port, table, entry)))
            boards.append(_timed(lambda table=table: _board(client, table)))
            _undo(client, table)
    client.close()
    return growth


def _open(client: Client, game: str, players: list[str]) -> GameTable:
    status, answer, _ = client.request(
        "POST", "/api/tables", json.dumps({"game": game, "players": players}).encode(), JSON
    )
    _expect(status, 201, answer)
    opened = json.loads(answer)
    return GameTable(opened["code"], opened["host_token"])


def _play_to(client: Client, table: GameTable, engine, players: list[str], seq: int, seed: int = 19):
    """Random legal entries by the host (the same on every table), none that ends the game."""
    chance = random.Random(seed)
    state = engine.new_game(players, {})
    while table.seq < seq:
        entries = engine.legal_entries(state)
        chance.shuffle(entries)
        for entry in entries:
            after = engine.apply(state, entry, HOST)
            if engine.legal_entries(after):
                break
        else:
            raise RuntimeError(f"{engine.id}: no entry keeps the game going at seq {table.seq}")
        body = json.dumps({"action": entry, "expected_seq": table.seq, "key": uuid.uuid4().hex}).encode()
        status, answer, _ = client.request(
            "POST", f"/api/tables/{table.code}/plays", body, {**JSON, "Authorization": f"Bearer {table.host}"}
        )
        _expect(status, 200, answer)
        table.seq += 1
        state = after
    return state


def _an_entry_to_take_back(client: Client, engine, state, tables, port: int) -> dict:
    """An entry the game allows now that an undo takes back: tried on every table once."""
    tried = []
    for entry in engine.legal_entries(state):
        after = engine.apply(state, entry, HOST)
        if engine.reveals(state, entry, after) or not engine.legal_entries(after):
            continue
        answers = [_post_page(client, port, table, entry) for table in tables]
        tried.append((entry, answers))
        for table, answer in zip(tables, answers):
            if answer == 200:
                _undo(client, table)
        if all(answer == 200 for answer in answers):
            return entry
    raise RuntimeError(f"{engine.id}: no entry here can be taken back (tried: {tried[:5]})")


def page_fields(entry: dict) -> list[tuple[str, str]]:
    """The entry as the phone's form posts it: fields, cards one per field, lists numbered,
    objects named; the ruling form's whole-entry JSON for anything else."""
    fields: list[tuple[str, str]] = []
    for name, value in entry.items():
        if isinstance(value, bool) or value is None:
            return [("action_json", json.dumps(entry))]
        if name == "cards" and isinstance(value, str):
            fields += [("cards", card) for card in value.split()]
        elif isinstance(value, (str, int)):
            fields.append((name, str(value)))
        elif name == "cards" and isinstance(value, list):
            fields += [("cards", str(card)) for card in value]
        elif isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
            fields += [(f"{name}#{n}", str(v)) for n, v in enumerate(value)]
        else:
            return [("action_json", json.dumps(entry))]
    return fields


def _post_page(client: Client, port: int, table: GameTable, entry: dict) -> int:
    fields = page_fields(entry) + [("expected_seq", str(table.seq)), ("key", uuid.uuid4().hex)]
    status, _, _ = client.request(
        "POST",
        f"/t/{table.code}/entries",
        urlencode(fields).encode(),
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
            "Origin": f"http://127.0.0.1:{port}",
            "Cookie": f"rt_{table.code}={table.host}",
        },
    )
    if status == 200:
        table.seq += 1
    return status


def _board(client: Client, table: GameTable) -> int:
    return client.request(
        "GET", f"/t/{table.code}", headers={"HX-Request": "true", "Cookie": f"rt_{table.code}={table.host}"}
    )[0]


def _undo(client: Client, table: GameTable) -> None:
    body = json.dumps({"expected_seq": table.seq, "key": uuid.uuid4().hex}).encode()
    status, answer, _ = client.request(
        "POST", f"/api/tables/{table.code}/undo", body, {**JSON, "Authorization": f"Bearer {table.host}"}
    )
    _expect(status, 200, answer)
    table.seq += 1


def _timed(request) -> float:
    started = time.perf_counter()
    status = request()
    if status != 200:
        raise RuntimeError(f"expected 200, got {status}")
    return time.perf_counter() - started


def _expect(status: int, wanted: int, answer: bytes) -> None:
    if status != wanted:
        raise RuntimeError(f"expected {wanted}, got {status}: {answer[:200]!r}")


def main() -> None:
    """``python -m bench.game_growth [samples]``: this part of the bench alone, on SQLite."""
    import sys
    import tempfile
    from pathlib import Path

    from .servers import AppToServe, ServerSettings, gunicorns, referee_app_spec

    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    with tempfile.TemporaryDirectory(prefix="referee-growth-") as workdir:
        url = f"sqlite:///{Path(workdir) / 'referee.sqlite3'}"
        with gunicorns(
            [AppToServe("referee", referee_app_spec(), url)], ServerSettings(), Path(workdir) / "gunicorn.log"
        ) as (server,):
            print(json.dumps(measure_every_game(server.port, url, samples)))


if __name__ == "__main__":
    main()
