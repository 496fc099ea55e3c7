"""Noninterference, through the app (issue 25): two tables that differ only in one seat's secret
entries (a prediction, the trumps, a task, a reveal) read byte for byte alike to every other
viewer until the reveal — each other seat's phone, the host (the seat has its own phone), a
watcher, a phone with no pass — on every read path: the board page and its htmx fragment, the
API's state, History and the API's history, the exports, the score sheet, the table's screen
(/tv), the poll, the event stream's opening and the board a stream sends (issue 31), a stale
write's 409 and the correction pages. Only what two tables legitimately differ in is
normalised: their codes (the table's and its result's), tokens, form keys and times.

The same probe entries from another seat or the host are answered alike at both tables too.

A game draws a walk from its own legal entries (``Game.legal_entries``); when one seat's secret
entry comes up the two tables take two different ones, and every later entry is the same on
both, up to (not including) the entry that shows the secrets. A game with no secret entries
has nothing to keep; the test says so, so that a secret entry added later needs this test.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.base import HOST, Refusal
from tests.helpers import without_codes

# A few walks per game, each a few seconds through the app; a failing walk is reported as found
# (shrinking walks of a hundred entries through the app would take minutes): the message names
# the viewer, the read path and where the answers part.
SETTINGS = settings(
    max_examples=4,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
PLAYERS = ["Ann", "Ben", "Cem", "Dee"]
WALK_BEFORE, WALK_AFTER = 150, 6  # entries drawn before a secret comes up, and after it at most
WATCHER, NOBODY = "watcher", "nobody"


@dataclass
class Walk:
    """The two tables' entries: (entry on the first, entry on the second, who makes it)."""

    steps: list[tuple[dict, dict, Any]] = field(default_factory=list)
    seat: int | None = None  # the seat whose secret differs
    diverged_at: int | None = None  # the index of its first differing entry


def maker(engine, state, action) -> Any:
    """Who enters ``action``: its seat's phone (a secret entry comes from there alone), the host
    for a table entry."""
    seat = action.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and engine.moves[action["type"]].for_seat:
        return seat
    offered = {offer["seat"] for offer in engine.offers(state, HOST) if offer["type"] == action.get("type")}
    return offered.pop() if len(offered) == 1 and isinstance(next(iter(offered)), int) else HOST


def accepted(engine, state, action, by):
    try:
        return engine.apply(state, action, by)
    except Refusal:
        return None


def shows_secrets(engine, before, action, after) -> bool:
    return bool(engine.reveals(before, action, after) or engine.shows_secrets(before, action, after))


def diverging_walk(engine, players: int, data) -> Walk:
    """Entries drawn from the game's legal ones, leaning to secret entries of one kind until one
    seat's differs between the two tables, then up to WALK_AFTER more made alike on both,
    stopping before any that would show the secrets."""
    first = second = engine.new_game(PLAYERS[:players], {})
    kind = data.draw(st.sampled_from(sorted(engine.secret_entries)), label="the secret that differs")
    walk = Walk()
    for _ in range(WALK_BEFORE + WALK_AFTER):
        if walk.diverged_at is not None and len(walk.steps) - walk.diverged_at > data.draw(
            st.integers(0, WALK_AFTER), label="more entries"
        ):
            break
        candidates = engine.legal_entries(first)
        if not candidates:
            break
        secret = [e for e in candidates if e.get("type") == kind and (walk.seat is None or e.get("seat") == walk.seat)]
        pool = secret if secret and data.draw(st.booleans(), label="a secret entry") else candidates
        action = data.draw(st.sampled_from(pool), label="entry")
        by = maker(engine, first, action)
        other = action
        if action.get("type") == kind and (walk.seat is None or by == walk.seat):
            others = [
                e
                for e in candidates
                if e != action
                and e.get("type") == action["type"]
                and e.get("seat") == action.get("seat")
                and accepted(engine, second, e, by) is not None
            ]
            if others:
                other = data.draw(st.sampled_from(others), label="the other table's secret")
        after_first, after_second = engine.apply(first, action, by), accepted(engine, second, other, by)
        if after_second is None:
            continue  # legal on one table only: the probes' business, not this walk's
        if walk.diverged_at is not None and (
            shows_secrets(engine, first, action, after_first) or shows_secrets(engine, second, other, after_second)
        ):
            break
        if other != action and walk.diverged_at is None:
            if shows_secrets(engine, first, action, after_first):
                break  # a secret entry that shows itself (the last prediction): nothing stays hidden
            walk.seat, walk.diverged_at = by, len(walk.steps)
        walk.steps.append((action, other, by))
        first, second = after_first, after_second
    return walk


# --------------------------------------------------------------------------- two tables through the app


class Table:
    def __init__(self, client, game: str, players: int, options: dict | None = None):
        opened = client.post("/api/tables", json={"game": game, "players": PLAYERS[:players], "options": options or {}})
        assert opened.status_code == 201, opened.json
        self.client, self.code, self.host = client, opened.json["code"], opened.json["host_token"]
        self.seq = 0
        self.tokens = [self._claim(seat) for seat in range(players)]  # every seat has its own phone

    def _claim(self, seat: int) -> str:
        claimed = self.client.post(f"/api/tables/{self.code}/seats/{seat}/claim", headers=self._bearer(self.host))
        assert claimed.status_code == 201
        return claimed.json["token"]

    @staticmethod
    def _bearer(token):
        return {"Authorization": f"Bearer {token}"} if token else {}

    def token(self, viewer) -> str | None:
        return self.host if viewer == HOST else None if viewer in (WATCHER, NOBODY) else self.tokens[viewer]

    def enter(self, action: dict, by) -> int:
        answer = self.client.post(
            f"/api/tables/{self.code}/plays",
            headers=self._bearer(self.token(by)),
            json={"action": action, "expected_seq": self.seq, "key": uuid.uuid4().hex},
        )
        if answer.status_code == 200:
            self.seq = answer.json["seq"]
        return answer.status_code

    def read_everything(self, viewer, corrected: list[int]) -> dict[str, str]:
        """Every answer ``viewer`` can read at this table now, normalised."""
        token, code = self.token(viewer), self.code
        page_headers = {"Cookie": f"rt_{code}={token}"} if token else {}
        api_headers = self._bearer(token)
        board = f"/t/{code}?watch=1" if viewer == WATCHER else f"/t/{code}"
        gets = {
            "board page": (board, page_headers),
            "board fragment": (board, {**page_headers, "HX-Request": "true"}),
            "API state": (f"/api/tables/{code}", api_headers),
            "history page": (f"/t/{code}/history", page_headers),
            "API history": (f"/api/tables/{code}/history", api_headers),
            "export.json": (f"/t/{code}/export.json", page_headers),
            "export.csv": (f"/t/{code}/export.csv", page_headers),
            "score sheet": (f"/t/{code}/sheet", page_headers),
            "poll": (f"/api/tables/{code}/changes?since=0", api_headers),
            "table screen": (f"/t/{code}/tv", page_headers),
            "table screen fragment": (f"/t/{code}/tv", {**page_headers, "HX-Request": "true"}),
            **{f"correction page {seq}": (f"/t/{code}/correct/{seq}", page_headers) for seq in corrected},
        }
        answers = {name: self._answer(self.client.get(url, headers=headers)) for name, (url, headers) in gets.items()}
        answers["event stream"] = self._stream_opening(f"/t/{code}/events?seats=0", page_headers)
        # a stream that carries boards (issue 31) opens with the board its phone missed since seq 0
        watch = "&watch=1" if viewer == WATCHER else ""
        missed = {**page_headers, "Last-Event-ID": "0"}
        answers["event stream's board"] = self._stream_opening(f"/t/{code}/events?seats=0&boards=1{watch}", missed)
        answers["table screen's stream board"] = self._stream_opening(f"/t/{code}/events?seats=0&boards=tv", missed)
        stale = {"expected_seq": max(self.seq - 1, 0), "key": uuid.uuid4().hex}
        answers["API 409"] = self._answer(self.client.post(f"/api/tables/{code}/undo", json=stale, headers=api_headers))
        answers["page 409"] = self._answer(
            self.client.post(f"/t/{code}/undo", data=stale, headers={**page_headers, "HX-Request": "true"})
        )
        return answers

    def _stream_opening(self, url: str, headers: dict) -> str:
        """The event stream's first events (what a board hears on opening it), then closed."""
        response = self.client.get(url, headers=headers, buffered=False)
        try:
            first = next(iter(response.response), b"") if response.status_code == 200 else b""
        finally:
            response.close()
        return f"{response.status_code}\n{self.normalised(first.decode() if isinstance(first, bytes) else first)}"

    def _answer(self, response) -> str:
        return f"{response.status_code}\n{self.normalised(response.get_data(as_text=True))}"

    def normalised(self, text: str) -> str:
        return without_codes(text, self.code, (self.host, *self.tokens))


def viewers_other_than(seat: int, players: int) -> list:
    return [*(s for s in range(players) if s != seat), HOST, WATCHER, NOBODY]


def first_difference(one: str, other: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(one, other)) if a != b), min(len(one), len(other)))
    return f"…{one[max(at - 120, 0) : at + 120]!r}\n  against …{other[max(at - 120, 0) : at + 120]!r}"


def assert_alike(
    first: Table, second: Table, seat: int, players: int, corrected: list[int], viewers: list | None = None
) -> None:
    for viewer in viewers or viewers_other_than(seat, players):
        one, other = first.read_everything(viewer, corrected), second.read_everything(viewer, corrected)
        differ = {name: first_difference(one[name], other[name]) for name in one if one[name] != other[name]}
        assert not differ, f"{viewer!r} tells seat {seat}'s secrets apart on: " + "\n".join(
            f"{name}: {where}" for name, where in differ.items()
        )


SECRET_GAMES = [game for game, engine in GAMES.items() if engine.secret_entries]


def test_the_games_with_secret_entries_are_the_ones_said():
    """Swoop and Switch 16 (and the toy game) keep nothing on one phone: every card is entered
    face up. Should one gain a secret entry, the test below runs for it too."""
    assert set(SECRET_GAMES) == {"switch-to", "schwimmen", "was-sticht"}


@pytest.mark.parametrize("game", SECRET_GAMES)
@SETTINGS
@given(data=st.data())
def test_other_viewers_cannot_tell_two_secrets_apart(app, game, data):
    engine = GAMES[game]
    players = data.draw(st.integers(max(engine.min_players, 3), min(engine.max_players, 4)), label="players")
    walk = diverging_walk(engine, players, data)
    kind = walk.steps[walk.diverged_at][0]["type"] if walk.diverged_at is not None else None
    event(f"{game}: {f'a {kind} differs' if kind else 'no secret came up'}")
    if walk.diverged_at is None:
        return
    client = app.test_client(use_cookies=False)
    first, second = Table(client, game, players), Table(client, game, players)
    for number, (action, other, by) in enumerate(walk.steps):
        assert (first.enter(action, by), second.enter(other, by)) == (200, 200), (action, other, by)
        if number == walk.diverged_at:
            assert_alike(first, second, walk.seat, players, corrected=[number + 1])
    assert_alike(first, second, walk.seat, players, corrected=[walk.diverged_at + 1, first.seq])


@pytest.fixture
def was_sticht_draft(app):
    """Two Was Sticht tables (hints on paper, so no trumps) that reached the card draft alike."""
    from tests.games.was_sticht_examples import CHIPS

    client = app.test_client(use_cookies=False)
    tables = [Table(client, "was-sticht", 4, {"trump_entry": "paper"}) for _ in range(2)]
    for table in tables:
        assert table.enter({"type": "first_dealer", "seat": 0}, HOST) == 200
        for round_ in range(5):
            for seat in range(4):
                assert table.enter({"type": "chip_pick", "chip": CHIPS[seat][round_]}, seat) == 200
    return tables


def test_a_hidden_pick_cannot_be_told_apart_once_its_column_is_done(was_sticht_draft):
    """Was Sticht, record closed: Ben and Ann took G7 and B2 from column 1, or B2 and G7. Once the
    column is done, Cem's and Dee's phones, a watcher and a phone with no pass read the two
    tables alike (the host's board shows every hand, so it is not asked)."""
    first, second = was_sticht_draft
    for table, (ben, ann) in ((first, ("G7", "B2")), (second, ("B2", "G7"))):
        for seat, card in ((1, ben), (2, "R6"), (3, "Y5"), (0, ann)):
            assert table.enter({"type": "pick", "card": card}, seat) == 200
        assert table.enter({"type": "enter_hint", "winner": 2}, 0) == 200
        assert table.enter({"type": "pick", "card": "Y1"}, 2) == 200
    assert_alike(first, second, 1, 4, corrected=[first.seq - 1, first.seq], viewers=[2, 3, WATCHER, NOBODY])


@SETTINGS
@given(data=st.data())
def test_hidden_picks_cannot_be_told_apart_once_their_column_is_done(app, data):
    """The same, drawn: two seats swap the cards they took from column 1 (the pick order and the
    cards taken stay alike), the dealer names any winner on paper, and column 2 goes on a few
    picks. Every seat that took neither card, a watcher and a phone with no pass read alike."""
    from referee.games.was_sticht.rules import CARDS
    from tests.games.was_sticht_examples import CHIPS

    cards = data.draw(st.permutations(CARDS), label="the pack")
    swapped = data.draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True), label="who swaps")
    order = [1, 2, 3, 0]  # the pick order of column 1, Ann dealing
    column = list(cards[:4])
    other = list(column)
    other[swapped[0]], other[swapped[1]] = column[swapped[1]], column[swapped[0]]
    winner = data.draw(st.integers(0, 3), label="the hint")
    later = data.draw(st.integers(0, 3), label="picks in column 2")
    client = app.test_client(use_cookies=False)
    tables = [Table(client, "was-sticht", 4, {"trump_entry": "paper"}) for _ in range(2)]
    for table, picks in zip(tables, (column, other)):
        assert table.enter({"type": "first_dealer", "seat": 0}, HOST) == 200
        for round_ in range(5):
            for seat in range(4):
                assert table.enter({"type": "chip_pick", "chip": CHIPS[seat][round_]}, seat) == 200
        for seat, card in zip(order, picks):
            assert table.enter({"type": "pick", "card": card}, seat) == 200
        assert table.enter({"type": "enter_hint", "winner": winner}, 0) == 200
        for seat, card in zip([2, 3, 0, 1][:later], cards[4:]):
            assert table.enter({"type": "pick", "card": card}, seat) == 200
    holders = {order[n] for n in swapped}
    others = [seat for seat in range(4) if seat not in holders]
    assert_alike(*tables, min(holders), 4, corrected=[tables[0].seq], viewers=[*others, WATCHER, NOBODY])


# --------------------------------------------------------------------------- refusals
# Before refusals read no hidden values (issue 25 items 1 and 2) this found Switch To's overridable
# flag on out-of-range predictions and Schwimmen's "already entered in another hand" at the showdown.


def probes(engine, states, viewer) -> list[dict]:
    """Entries ``viewer`` may try at either table: every secret entry the rules offer there, made
    for the viewer's own seat, first with its numbers pushed out of range (refused, so the
    probing goes on), then as offered."""
    offered = []
    for state in states:
        for entry in engine.legal_entries(state):
            if entry.get("type") in engine.secret_entries:
                if isinstance(viewer, int) and engine.moves[entry["type"]].for_seat:
                    entry = {**entry, "seat": viewer}
                offered.append(entry)
    found = []
    for shift in (30, 10, 0):
        for entry in offered:
            probe = {
                k: v + shift if isinstance(v, int) and not isinstance(v, bool) and k != "seat" else v
                for k, v in entry.items()
            }
            if probe not in found:
                found.append(probe)
    return found


def probe_answer(table: Table, probe: dict, viewer) -> tuple[int, str]:
    answer = table.client.post(
        f"/api/tables/{table.code}/plays",
        headers=table._bearer(table.token(viewer)),
        json={"action": probe, "expected_seq": table.seq, "key": uuid.uuid4().hex},
    )
    if answer.status_code == 200:
        table.seq = answer.json["seq"]
    return answer.status_code, table.normalised(answer.get_data(as_text=True))


@pytest.mark.parametrize("game", SECRET_GAMES)
@SETTINGS
@given(data=st.data())
def test_other_viewers_get_the_same_refusals(app, game, data):
    """The same probe entries from another seat or the host are answered alike at both tables
    (status, rule, words, flags) until the reveal: a refusal says nothing of a hidden value."""
    engine = GAMES[game]
    players = data.draw(st.integers(max(engine.min_players, 3), min(engine.max_players, 4)), label="players")
    walk = diverging_walk(engine, players, data)
    if walk.diverged_at is None:
        return
    states = [engine.new_game(PLAYERS[:players], {}) for _ in range(2)]
    client = app.test_client(use_cookies=False)
    tables = [Table(client, game, players), Table(client, game, players)]
    for action, other, by in walk.steps:
        for n, entry in enumerate((action, other)):
            assert tables[n].enter(entry, by) == 200
            states[n] = engine.apply(states[n], entry, by)
    for viewer in viewers_other_than(walk.seat, players)[:-2]:
        for probe in probes(engine, states, viewer):
            one, other = probe_answer(tables[0], probe, viewer), probe_answer(tables[1], probe, viewer)
            if one[0] == other[0] == 200:
                return  # taken at both: the tables moved on (maybe to the reveal), so may differ now
            assert one == other, (
                f"{viewer!r} probing {probe} tells seat {walk.seat}'s secret apart:\n"
                + first_difference(f"{one[0]} {one[1]}", f"{other[0]} {other[1]}")
            )
