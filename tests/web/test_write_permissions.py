"""Issue 25: write permission, exhaustively, through the app.

Every entry kind with a secret (a Switch To prediction, Was Sticht trumps and task, a Schwimmen
reveal) and a plain play, before and after the table has seen it, x every path that makes,
replaces or removes an entry (play, ruling, undo, put back, correction replace, remove, insert)
x every credential (the seat's own phone, another seat's, the host's, a watcher's, none). The
seat is held: it has a phone of its own.

The expected outcome of each is written out below, not worked out: only what a table lists as
allowed succeeds; what the rules refuse is 422; everything else is refused 403 with a sentence
(401 without any pass), and in every case but success nothing moves (the table's seq).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from tests.games.was_sticht_examples import drafted_chips

from .api_driver import TableDriver
from .test_undo_keeps_secrets_shown import revealed_was_sticht, schwimmen_at_showdown

A, B, C, D = 0, 1, 2, 3
SEAT, OTHER, HOST, WATCHER, NONE = "the seat's phone", "another seat's phone", "the host", "a watcher", "no pass"
CREDENTIALS = (SEAT, OTHER, HOST, WATCHER, NONE)
PATHS = ("play", "ruling", "undo", "put back", "correct", "remove", "insert")
OK, RULE, STALE = 200, 422, 409  # anything not listed: refused by the gate


# --------------------------------------------------------------------------- who may, written out

HIDDEN = {  # a held seat's secret entry before the table has seen it: its phone's alone
    "play": {SEAT: OK},
    "ruling": {},
    "undo": {SEAT: OK},
    "put back": {SEAT: OK},
    "correct": {SEAT: OK},
    "remove": {SEAT: OK},
    "insert": {},
}
SEEN = {  # once the table has seen it: the host's correction only (the rules refuse the rest)
    "play": {SEAT: RULE},
    "ruling": {},
    "undo": {SEAT: RULE, HOST: RULE},
    "put back": {SEAT: STALE, OTHER: STALE, HOST: STALE},  # nothing was undone to put back
    "correct": {HOST: OK},
    "remove": {HOST: OK},
    "insert": {},
}
PLAIN = {  # a play: its seat's or the host's; rulings and inserts the host's
    "play": {SEAT: OK, HOST: OK},
    "ruling": {HOST: OK},
    "undo": {SEAT: OK, HOST: OK},
    "put back": {SEAT: OK, HOST: OK},
    "correct": {SEAT: OK, HOST: OK},
    "remove": {SEAT: OK, HOST: OK},
    "insert": {HOST: OK},
}


# --------------------------------------------------------------------------- the tables


@dataclass(frozen=True)
class Subject:
    """A table ``ready`` leaves just before entry ``entry`` of seat ``seat`` (which ``seen``
    then shows the table, when given); ``again`` is that entry made another way."""

    ready: Callable[[object], TableDriver]
    entry: dict
    seat: int
    other: int
    again: dict
    seen: Callable[[TableDriver], None] | None = None


def switch_to_round(client) -> TableDriver:
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    return table


def switch_to_predicted(client) -> TableDriver:
    table = switch_to_round(client)
    for seat, value in enumerate((4, 3, 2)):
        table.enter({"type": "predict", "value": value}, by=seat, seat=seat)
    return table


def others_predict(table: TableDriver) -> None:
    table.enter({"type": "predict", "seat": A, "value": 1}, by=A)
    table.enter({"type": "predict", "seat": B, "value": 2}, by=B)


def was_sticht_revealed(client) -> TableDriver:
    table = revealed_was_sticht(client)
    table.enter({"type": "reveal"}, by=A)
    return table


def tasks_before_the_last(table: TableDriver) -> None:
    table.enter({"type": "choose_task", "seat": B, "chip": "MOST"}, by=B)
    table.enter({"type": "choose_task", "seat": C, "chip": "EXACT_1"}, by=C)


def trumps_revealed(table: TableDriver) -> None:
    from tests.games.was_sticht_examples import COLUMNS_85, seat_cards

    for picks, _hint in COLUMNS_85:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        table.enter({"type": "announce_hint"}, by=A)
    table.enter({"type": "reveal"}, by=A)


def schwimmen_showdown(client) -> TableDriver:
    return schwimmen_at_showdown(client, {})


def others_reveal(table: TableDriver) -> None:
    table.enter({"type": "reveal", "seat": B, "cards": "AS QS 7D"}, by=B)
    table.enter({"type": "reveal", "seat": C, "cards": "QD JD 8H"}, by=C)


PREDICT = {"type": "predict", "seat": C, "value": 2}
TRUMPS = {"type": "set_trumps", "seat": A, "colour": "B", "number": "4"}
TASK = {"type": "choose_task", "seat": D, "chip": "LAST"}
REVEAL = {"type": "reveal", "seat": A, "cards": "AH KH 7S"}
SUBJECTS = {
    "prediction": Subject(switch_to_round, PREDICT, C, A, {**PREDICT, "value": 0}),
    "trumps": Subject(drafted_chips, TRUMPS, A, B, {**TRUMPS, "colour": "R", "number": "7"}),
    "task": Subject(was_sticht_revealed, TASK, D, B, {**TASK, "chip": "MOST"}),
    "reveal": Subject(schwimmen_showdown, REVEAL, A, B, {**REVEAL, "cards": "AH KH 8S"}),
    "play": Subject(
        switch_to_predicted,
        {"type": "play", "seat": A, "cards": "5S"},
        A,
        B,
        {"type": "play", "seat": A, "cards": "6S"},
    ),
}
SEEN_BY = {
    "prediction": others_predict,
    "trumps": trumps_revealed,
    "task": tasks_before_the_last,
    "reveal": others_reveal,
}
CASES = [(kind, False, HIDDEN if kind != "play" else PLAIN) for kind in SUBJECTS] + [
    (kind, True, SEEN) for kind in SEEN_BY
]


# --------------------------------------------------------------------------- the writes


class Attempt:
    """One table set up for one path; ``write(credential)`` tries it and answers the response."""

    def __init__(self, client, app, kind: str, seen: bool, path: str):
        self.client, self.app, self.path = client, app, path
        subject = SUBJECTS[kind]
        self.subject, self.table = subject, subject.ready(client)
        self.token(SEAT), self.token(OTHER)  # both seats have phones before anything is entered
        if path == "play" and not seen:
            return  # the entry itself is the write
        if seen and kind in ("prediction", "task", "reveal"):
            SEEN_BY[kind](self.table)  # the subject is then the last: it shows the rest
        self.table.enter(subject.entry, by=subject.seat)
        self.target = self.table.seq
        if seen and kind == "trumps":
            SEEN_BY[kind](self.table)
        if path == "put back" and not seen:
            self.table.undo(by=subject.seat)

    def token(self, credential: str) -> str | None:
        table = self.table
        return {
            SEAT: lambda: table.token(self.subject.seat),
            OTHER: lambda: table.token(self.subject.other),
            HOST: lambda: table.host,
            WATCHER: lambda: self.strangers_token(),
            NONE: lambda: None,
        }[credential]()

    def strangers_token(self) -> str:
        """A phone that watches: its pass is not this table's (a seat's at another table)."""
        return TableDriver(self.client, "switch-to", ["X", "Y"]).token(0)

    def seq(self) -> int:
        return self.client.get(f"/api/tables/{self.table.code}").json["seq"]

    def write(self, credential: str):
        token, seq, key = self.token(credential), self.seq(), uuid.uuid4().hex
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        code, subject = self.table.code, self.subject
        if self.path == "put back":  # a page's button: the pass is the page's cookie
            phone = self.app.test_client()
            if token:
                phone.set_cookie(f"rt_{code}", token, path=f"/t/{code}")
            voided = self.target if seq != self.target else 1
            return phone.post(
                f"/t/{code}/put-back",
                data={"voided": voided, "expected_seq": seq, "key": key},
                headers={"HX-Request": "true"},
            )
        if self.path == "undo":
            return self.client.post(f"/api/tables/{code}/undo", json={"expected_seq": seq, "key": key}, headers=headers)
        if self.path in ("play", "ruling"):
            action = subject.entry if self.path == "play" and not hasattr(self, "target") else subject.again
            body = {"action": action, "expected_seq": seq, "key": key, "ruling": self.path == "ruling"}
            return self.client.post(f"/api/tables/{code}/plays", json=body, headers=headers)
        change = {
            "correct": {"action": subject.again},
            "remove": {"remove": True},
            "insert": {"action": subject.again, "insert": True},
        }[self.path]
        body = {"entry": self.target, "expected_seq": seq, "key": key, **change}
        return self.client.post(f"/api/tables/{code}/corrections", json=body, headers=headers)


def refused_status(path: str, credential: str) -> int:
    """403; no pass is 401, and a page treats a pass of another table like none."""
    if credential == NONE or (path == "put back" and credential == WATCHER):
        return 401
    return 403


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(
    "kind, seen, allowed", CASES, ids=[f"{kind}-{'seen' if seen else 'hidden'}" for kind, seen, _ in CASES]
)
def test_only_the_allowed_write_goes_through(app, client, kind, seen, allowed, path):
    expected = allowed[path]
    attempt = Attempt(client, app, kind, seen, path)
    for credential in sorted(CREDENTIALS, key=lambda c: expected.get(c) == OK):  # refusals first
        if expected.get(credential) == OK and attempt.seq() != attempt.table.seq:
            attempt = Attempt(client, app, kind, seen, path)  # a fresh table after an earlier success
        before = attempt.seq()
        response = attempt.write(credential)
        status = expected.get(credential, refused_status(path, credential))
        said = (credential, response.status_code, response.get_data(as_text=True)[:300])
        assert response.status_code == status, said
        if status == OK:
            attempt.table.seq = -1  # spent: the next success gets a fresh table
            continue
        assert attempt.seq() == before, f"{credential}: something moved"
        if status in (401, 403) and response.is_json:
            assert response.json["error"]["message"], said
