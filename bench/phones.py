"""Simulated phones at a table, playing legal games through the JSON API.

A ``SimTable`` is everything the phones at one table know: the code, the host's and each seat's
token, and the game state, computed on the client with the same pure engine the server uses
(every acknowledged entry is applied locally, every acknowledged undo pops it). Entries are drawn
from the engine's own ``legal_entries(state)``. Each entry is sent with the token of the seat it
names when that seat may make it, else with the host's. A request that gets no answer (timeout,
refused or dropped connection) is sent again with the SAME key and expected seq until it gets one.

Every answer is checked against what the client computed: the seq moves by one, the board the
server returns is the engine's view of the local state, phones racing for one seq get one 200
and 409s carrying the winner's board (or more 200s, one on top of the other, for entries every seat
makes at once), a double tap records once. Anything else is an anomaly.
``verify`` then compares the database with what the clients were told.
"""

from __future__ import annotations

import json
import random
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from referee.games import GAMES
from referee.games.base import HOST, Refusal

from .live import Client, Unreachable

STEP_WEIGHTS = {"entry": 70, "race": 12, "double_tap": 8, "undo": 4, "peek": 6}


def served_games() -> dict[str, Any]:
    """The games a ``referee serve`` process plays: those of the referee package (a test run
    registers a toy game of its own, which no server it starts knows)."""
    return {game_id: engine for game_id, engine in GAMES.items() if type(engine).__module__.startswith("referee.")}


def playable_games() -> dict[str, Any]:
    """The served games whose engines can list their legal entries (the others cannot be simulated)."""
    return {game_id: engine for game_id, engine in served_games().items() if getattr(engine, "legal_entries", None)}


def comparable(value):
    """A view as it looks after a trip through JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


@dataclass
class Ack:
    """What one client was told: this key is recorded at this seq."""

    seq: int
    key: str
    kind: str  # "entry" or "void"
    action: dict | None


@dataclass
class Stats:
    requests: int = 0
    retries: int = 0
    entries: int = 0
    races: int = 0
    double_taps: int = 0
    undos: int = 0
    peeks: int = 0
    replayed: int = 0  # answered from the log: the first send was recorded but its answer lost
    unavailable: int = 0  # answered 503, sent again
    anomalies: list[str] = field(default_factory=list)

    def add(self, other: Stats) -> None:
        for name in (
            "requests",
            "retries",
            "entries",
            "races",
            "double_taps",
            "undos",
            "peeks",
            "replayed",
            "unavailable",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.anomalies += other.anomalies


class GaveUp(Exception):
    """A request got no answer for longer than the patience allows."""


class SimTable:
    def __init__(
        self,
        client: Client,
        game_id: str,
        rng: random.Random,
        patience: float = 120.0,
        players: int | list[str] | None = None,
        timeout: float = 10.0,
        options: dict | None = None,
    ):
        self.client, self.game_id, self.rng = client, game_id, rng
        self.engine = GAMES[game_id]
        self.patience, self.timeout = patience, timeout
        self.stats = Stats()
        top = min(self.engine.max_players, 5)
        names = (
            players
            if isinstance(players, list)
            else [f"P{i}" for i in range(players or rng.randint(self.engine.min_players, top))]
        )
        options = options or {}
        status, opened = self.send("POST", "/api/tables", {"game": game_id, "players": names, "options": options})
        if status != 201:
            raise RuntimeError(f"opening a {game_id} table answered {status}: {opened}")
        self.code, self.host = opened["code"], opened["host_token"]
        self.tokens = [self._claim(seat) for seat in range(len(names))]
        self.states = [self.engine.new_game(names, options)]
        self.makers: list[Any] = []  # who made each entry still in force, for undo
        self.actions: list[dict] = []  # and what it was: an entry that showed a secret stays
        self.seq = 0
        self.acks: list[Ack] = []

    # ------------------------------------------------------------------ state

    @property
    def state(self):
        return self.states[-1]

    @property
    def phones(self) -> int:
        return len(self.tokens) + 1

    def legal(self) -> list[dict]:
        """The engine's legal entries that some phone here may make: a secret entry (a
        prediction, trumps) only its seat's own phone may make while the seat is claimed, and
        every seat is; when a kill cut off a claim's answer, nobody here holds that token."""
        return [
            action
            for action in self.engine.legal_entries(self.state)
            if not (self.secret(action) and self.phone_for(action) == HOST)
        ]

    def secret(self, action: dict) -> bool:
        """An entry that is its seat's own (a secret, or the dealer's hints): while the seat has
        a phone, only that phone makes it (``referee.table.gate``)."""
        return self.engine.seat_only(self.state, action) and isinstance(action.get("seat"), int)

    def over(self) -> bool:
        return not self.legal()

    def token(self, by) -> str:
        return self.host if by == HOST else self.tokens[by]

    def phone_for(self, action: dict):
        """The seat's own phone when the entry names a seat that may make it, else the host's."""
        seat = action.get("seat")
        if (
            isinstance(seat, int)
            and not isinstance(seat, bool)
            and 0 <= seat < len(self.tokens)
            and self.tokens[seat] is not None
        ):
            try:
                self.engine.check(self.state, action, seat)
                return seat
            except Refusal:
                pass
        return HOST

    # ------------------------------------------------------------------ talking to the server

    def _claim(self, seat: int) -> str | None:
        """The seat's own token, claimed with the host's. A claim whose answer a kill cut off is
        taken when sent again (409): that seat's entries then come from the host's phone."""
        status, answer = self.send("POST", f"/api/tables/{self.code}/seats/{seat}/claim", None, self.host)
        return answer["token"] if status == 201 else None

    def send(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        """One request, sent again unchanged (same key, same expected seq) until it is answered;
        a 503 (the database out of reach: not confirmed, safe to send again) is no answer."""
        deadline = time.monotonic() + self.patience
        pause = 0.1
        while True:
            self.stats.requests += 1
            try:
                status, answer = self.client.call(method, path, body, token, timeout=self.timeout)
                if status != 503:
                    return status, answer
                self.stats.unavailable += 1
            except Unreachable:
                pass
            if time.monotonic() > deadline:
                raise GaveUp(f"{method} {path} unanswered for {self.patience:.0f} s")
            self.stats.retries += 1
            time.sleep(pause * (0.5 + self.rng.random()))
            pause = min(pause * 1.5, 1.0)

    def play_body(self, action: dict, key: str | None = None) -> dict:
        return {"action": action, "expected_seq": self.seq, "key": key or uuid.uuid4().hex}

    def post_play(self, body: dict, by):
        return self.send("POST", f"/api/tables/{self.code}/plays", body, self.token(by))

    def anomaly(self, message: str) -> None:
        self.stats.anomalies.append(f"{self.game_id} {self.code} seq {self.seq}: {message}")

    # ------------------------------------------------------------------ steps

    def step(self, kind: str | None = None) -> None:
        """One random step (see STEP_WEIGHTS), or the ``kind`` given; "stampede" is a race of
        every phone at the table."""
        kind = kind or self.rng.choices(list(STEP_WEIGHTS), weights=list(STEP_WEIGHTS.values()))[0]
        if kind == "undo" and self.makers:
            return self.undo()
        if kind == "peek":
            return self.peek()
        legal = self.legal()
        if kind in ("race", "stampede"):
            return self.race(legal, 2 if kind == "race" else self.phones)
        if kind == "double_tap":
            return self.double_tap(self.rng.choice(legal))
        return self.enter(self.rng.choice(legal))

    def enter(self, action: dict) -> None:
        by = self.phone_for(action)
        body = self.play_body(action)
        status, answer = self.post_play(body, by)
        if status != 200:
            return self.anomaly(f"{action} by {by} answered {status}: {answer}")
        self.acknowledged(answer, body, by)

    def race(self, legal: list[dict], width: int = 2) -> None:
        """``width`` phones (different ones where the game allows) enter at once on the same
        board, each a legal entry of its own: one wins, and so may others whose entries mean the
        same in either order (predictions of two seats: they go on top); the rest get 409 with
        the board they lost to."""
        self.stats.races += 1
        phones, actions = self.contenders(legal, width)
        bodies = [self.play_body(action) for action in actions]
        answers = self.at_once([lambda i=i: self.post_play(bodies[i], phones[i]) for i in range(width)])
        statuses = [status for status, _ in answers]
        won = sorted(
            (i for i, status in enumerate(statuses) if status == 200), key=lambda i: answers[i][1]["entry"]["seq"]
        )
        if not won or statuses.count(409) != width - len(won) or not self.commute([actions[i] for i in won]):
            return self.anomaly(f"a race of {width} for seq {self.seq} answered {statuses}: {answers}")
        boards = {}
        for i in won:
            self.acknowledged(answers[i][1], bodies[i], phones[i])
            boards[self.seq] = self.state
        for loser, (status, answer) in enumerate(answers):
            if status == 409:
                self.check_fresh_board(answer, phones[loser], boards)

    def commute(self, actions: list[dict]) -> bool:
        """Each entry after the first means the same on top of the ones before."""
        return all(self.engine.commutes(later, earlier) for n, later in enumerate(actions) for earlier in actions[:n])

    def contenders(self, legal: list[dict], width: int) -> tuple[list, list[dict]]:
        """Up to ``width`` different phones, each with an entry it may make; the host's phone
        (which may make every entry) fills the places left."""
        mine: dict[Any, list[dict]] = {}
        for action in legal:
            mine.setdefault(self.phone_for(action), []).append(action)
        phones = list(mine)
        self.rng.shuffle(phones)
        hosts = [action for action in legal if not self.secret(action)]  # the host may not make a seat's secret
        fill = [HOST if hosts else phones[n % len(phones)] for n in range(max(0, width - len(phones)))]
        phones = phones[:width] + fill
        return phones, [self.rng.choice(mine.get(phone) or hosts or legal) for phone in phones]

    def double_tap(self, action: dict) -> None:
        """The same tap arrives twice at once (same key): recorded once, both answered alike."""
        self.stats.double_taps += 1
        by = self.phone_for(action)
        body = self.play_body(action)
        answers = self.at_once([lambda: self.post_play(body, by)] * 2)
        if [status for status, _ in answers] != [200, 200]:
            return self.anomaly(f"a double tap answered {[s for s, _ in answers]}: {answers}")
        seqs = {answer["entry"]["seq"] for _, answer in answers}
        if len(seqs) != 1:
            return self.anomaly(f"a double tap was recorded at seqs {sorted(seqs)}")
        first = answers[0][1] if not answers[0][1]["replayed"] else answers[1][1]
        self.acknowledged(first, body, by)

    def undo(self) -> None:
        self.stats.undos += 1
        # A seat's own entry (a prediction, a task…) is undone by its phone alone (referee.table.gate)
        own = self.engine.seat_only(self.states[-2], self.actions[-1])
        by = self.makers[-1] if own or self.rng.random() < 0.5 else HOST
        body = {"expected_seq": self.seq, "key": uuid.uuid4().hex}
        status, answer = self.send("POST", f"/api/tables/{self.code}/undo", body, self.token(by))
        if status == 422 and self.engine.reveals(self.states[-2], self.actions[-1], self.states[-1]):
            return None  # issue 17 item 4: refused, as it showed the table a secret
        if status != 200:
            return self.anomaly(f"undo by {by} answered {status}: {answer}")
        self.states.pop()
        self.makers.pop()
        self.actions.pop()
        self.record_ack(answer, body["key"], "void", None, by)

    def peek(self) -> None:
        """Any phone reading the board right after a write sees that write (from any worker)."""
        self.stats.peeks += 1
        by = self.rng.choice([HOST, *(seat for seat, token in enumerate(self.tokens) if token)])
        status, board = self.send("GET", f"/api/tables/{self.code}", token=self.token(by))
        if status != 200 or board["seq"] != self.seq:
            return self.anomaly(f"a read after seq {self.seq} answered {status}: {board}")
        self.check_view(board["state"], by, "read")

    # ------------------------------------------------------------------ bookkeeping and checks

    def acknowledged(self, answer: dict, body: dict, by) -> None:
        self.stats.entries += 1
        action = body["action"]
        self.states.append(self.engine.apply(self.state, action, by))
        self.makers.append(by)
        self.actions.append(action)
        self.record_ack(answer, body["key"], "entry", action, by)

    def record_ack(self, answer: dict, key: str, kind: str, action: dict | None, by) -> None:
        expected = self.seq + 1
        if answer["seq"] != expected or answer["entry"]["seq"] != expected:
            self.anomaly(f"acknowledged at seq {answer['seq']} (entry {answer['entry']['seq']}), not {expected}")
        self.acks.append(Ack(answer["entry"]["seq"], key, kind, action))
        self.stats.replayed += bool(answer.get("replayed"))
        self.seq = answer["entry"]["seq"]
        self.check_view(answer["state"], by, "answer")

    def expected_view(self, state, by) -> dict:
        """The engine's view as the server answers it: every seat here has a phone, so the host
        is offered none of a seat's own entries (``referee.table.gate``: only that phone makes them)."""
        view = self.engine.view(state, by)
        if by == HOST and "actions" in view:
            view = {**view, "actions": [offer for offer in view["actions"] if not self.engine.seat_only(state, offer)]}
        return comparable(view)

    def check_view(self, seen: dict, by, what: str) -> None:
        expected = self.expected_view(self.state, by)
        if seen != expected:
            self.anomaly(f"the {what} for {by} differs from the engine's view of the client's state")

    def check_fresh_board(self, answer: dict, by, boards: dict | None = None) -> None:
        """A 409 carries a board the race's winners made (a later winner may have gone on top)."""
        boards = boards or {self.seq: self.state}
        if answer.get("error", {}).get("rule") != "STALE" or answer.get("seq") not in boards:
            return self.anomaly(f"the race's 409 did not carry the fresh board: {answer}")
        expected = self.expected_view(boards[answer["seq"]], by)
        if answer["state"] != expected:
            self.anomaly(f"the 409 board for {by} differs from the engine's view of the client's state")

    @staticmethod
    def at_once(calls: list) -> list:
        """Run ``calls`` in threads released together; their results in order."""
        start = threading.Barrier(len(calls))
        results: list = [None] * len(calls)

        def run(i: int) -> None:
            start.wait()
            try:
                results[i] = calls[i]()
            except Exception as failure:  # noqa: BLE001 - reported as the result
                results[i] = (None, repr(failure))

        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return results


# ---------------------------------------------------------------------- checking the database


@dataclass
class Verdict:
    acknowledged: int = 0
    lost: int = 0
    duplicated: int = 0
    unacknowledged: int = 0  # recorded, but no client was ever told
    gaps: int = 0
    state_mismatches: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.unacknowledged or self.gaps or self.state_mismatches)


def verify(database_url: str, client: Client, tables: list[SimTable]) -> Verdict:
    """Compare the log of every table, through the API and in the database itself, with what the
    clients were told; and the stored state, and the state replayed from the log, with theirs."""
    from sqlmodel import Session

    from referee.db import make_engine

    verdict = Verdict()
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            for table in tables:
                _verify_history(client, table, verdict)
                _verify_rows(session, table, verdict)
                _verify_state(session, table, verdict)
    finally:
        engine.dispose()
    return verdict


def _verify_history(client: Client, table: SimTable, verdict: Verdict) -> None:
    status, history = client.call("GET", f"/api/tables/{table.code}/history")
    seqs = [entry["seq"] for entry in history["entries"]] if status == 200 else []
    if status != 200 or seqs != list(range(1, history["seq"] + 1)) or history["seq"] != table.seq:
        verdict.gaps += 1
        verdict.problems.append(f"{table.code}: history answered {status} with seqs {seqs}, clients saw {table.seq}")


def _verify_rows(session, table: SimTable, verdict: Verdict) -> None:
    from referee.table import reads

    rows = reads.history(session, reads.find_table(session, table.code))
    at_seq = {row.seq: row for row in rows}
    keys = Counter(row.key for row in rows)
    told = {ack.key for ack in table.acks}
    verdict.acknowledged += len(table.acks)
    verdict.duplicated += sum(count - 1 for count in keys.values())
    for ack in table.acks:
        row = at_seq.get(ack.seq)
        if row is None or row.key != ack.key or row.kind != ack.kind or not _stored_as_sent(row.action, ack.action):
            verdict.lost += 1
            verdict.problems.append(f"{table.code}: acknowledged seq {ack.seq} key {ack.key} is not in the log")
    for row in rows:
        if row.key not in told:
            verdict.unacknowledged += 1
            verdict.problems.append(f"{table.code}: seq {row.seq} key {row.key} was recorded but never acknowledged")


def _stored_as_sent(stored: dict | None, sent: dict | None) -> bool:
    """The log keeps the fields of an entry the game read (issue 17 item 5), each as sent."""
    if stored is None or sent is None:
        return stored == sent
    return stored.get("type") == sent.get("type") and all(
        name in sent and sent[name] == value for name, value in stored.items()
    )


def _verify_state(session, table: SimTable, verdict: Verdict) -> None:
    from referee.table import reads

    stored = reads.find_table(session, table.code)
    engine = table.engine
    expected = comparable(engine.dump(table.state))
    if comparable(engine.dump(reads.current_state(session, stored))) != expected:
        verdict.state_mismatches += 1
        verdict.problems.append(f"{table.code}: the stored state differs from the clients'")
    if comparable(engine.dump(reads.replay(session, stored))) != expected:
        verdict.state_mismatches += 1
        verdict.problems.append(f"{table.code}: the state replayed from the log differs from the clients'")
