"""History reads like a score pad (issue 15), on the history page of every game: a heading per
round or hand, no line that says the same thing twice, values a secret entry hid shown once the
table has seen them and never before, and times a phone can show on its own clock."""

from __future__ import annotations

import random
import re
import uuid
from datetime import datetime

import pytest

from referee.games import GAMES
from tests.helpers import Phone, text
from tests.web.api_driver import TableDriver

A, B, C = 0, 1, 2
NAMES = ["Ann", "Ben", "Cem"]


def host_phone(app, table: TableDriver) -> Phone:
    phone = Phone(app)
    phone.client.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    return phone


def history_of(phone: Phone, code: str) -> str:
    response = phone.client.get(f"/t/{code}/history")
    assert response.status_code == 200
    return text(response)


def plain(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&#39;", "'").replace("&amp;", "&")


def lines_of(page: str) -> list[str]:
    """What each history line says (its ``what``), in the page's order."""
    return [plain(found).strip() for found in re.findall(r'<span class="what">(.*?)</span>\s*\n', page, re.S)]


def rounds_of(page: str) -> list[tuple[str, list[str]]]:
    """(heading, lines) for each round section, newest first."""
    sections = re.findall(r'<section class="pad-round"[^>]*>\s*<h2[^>]*>(.*?)</h2>(.*?)</section>', page, re.S)
    return [(plain(heading).strip(), lines_of(body)) for heading, body in sections]


def played_at_random(client, game: str, steps: int, seed: int = 1, **options) -> TableDriver:
    """A table of ``game`` played by the host with random legal entries through the API."""
    table = TableDriver(client, game, NAMES, options)
    engine, rnd = GAMES[game], random.Random(seed)
    for _ in range(steps):
        state = _state(client, table)
        legal = engine.legal_entries(state)
        if not legal:
            break
        table.enter(rnd.choice(legal), key=uuid.uuid4().hex)
    return table


def _state(client, table: TableDriver):
    """The table's state as the log holds it (the API shows views; the walk needs the state)."""
    from referee.table import reads
    from referee.web.common import db

    with client.application.app_context():
        found = reads.find_table(db(), table.code)
        state = reads.current_state(db(), found)
        db().close()
    return state


# --------------------------------------------------------------------------- rounds


@pytest.mark.parametrize(
    "game, heading, steps",
    [("switch-to", "Round", 60), ("swoop", "Hand", 400), ("schwimmen", "Round", 80), ("was-sticht", "Round", 160)],
)
def test_each_round_has_its_heading_and_its_own_lines(app, client, game, heading, steps):
    table = played_at_random(client, game, steps)
    rounds = rounds_of(history_of(host_phone(app, table), table.code))
    headings = [name for name, _ in rounds]
    assert len(headings) >= 2, headings
    numbers = [int(name.split()[-1]) for name in headings]
    assert all(name.startswith(heading) for name in headings) and numbers == sorted(numbers, reverse=True)
    assert len(set(headings)) == len(headings)  # one heading per round: no round split in two
    assert sum(len(lines) for _, lines in rounds) == client.get(f"/api/tables/{table.code}").json["seq"]


def test_a_round_starts_under_its_own_heading_and_ends_under_the_last(app, client):
    table = finished_one_round_of_switch_to(client)
    table.enter({"type": "start_round", "removed_suit": "D"})
    page = history_of(host_phone(app, table), table.code)
    rounds = rounds_of(page)
    assert [name for name, _ in rounds] == ["Round 2", "Round 1"]
    settled = [plain(said) for said in re.findall(r'<span class="settled">(.*?)</span>', page)]
    assert settled == ["Scores this round: Ann \u221224, Ben \u221230"]  # under the declaration that scored it
    assert rounds[0][1] == ["Round 2 started, diamonds removed"]
    assert rounds[1][1][0] == "Ben declared 4♥ 5♥ 6♥ 7♥ 8♥" and rounds[1][1][-1] == "Round 1 started, clubs removed"


# --------------------------------------------------------------------------- no line twice


def says_the_same(said: str, note: str) -> bool:
    """A note that says its entry again: it starts with the entry's words ("Ben stopped ·
    Ben stopped.", "Cem closed · Cem closed: everyone else…"), or holds most of the entry's own
    words, cut to four letters and names left out ("Ben picked up the pile (2 cards) · Ben picks
    up the pile (2 cards).", "Block chip placed on Cem's deck · Ben placed the block chip…")."""

    def flat(part: str) -> str:
        return " ".join(re.findall(r"[\w♠♥♦♣]+", part.lower()))

    def stems(part: str) -> set[str]:
        return {w[:4] for w in re.findall(r"[^\W\d_]{4,}", part.lower()) if w.title() not in NAMES}

    if flat(note).startswith(flat(said)):
        return True
    own = stems(said)
    return len(own) >= 2 and len(own & stems(note)) / len(own) >= 0.8


@pytest.mark.parametrize(
    "game, steps, seed", [("swoop", 120, 1), ("switch-16", 80, 1), ("schwimmen", 120, 2), ("was-sticht", 70, 1)]
)
def test_no_line_says_its_entry_twice(app, client, game, steps, seed):
    table = played_at_random(client, game, steps, seed)
    for line in lines_of(history_of(host_phone(app, table), table.code)):
        said, *notes = line.split(" · ")
        repeated = [note for note in notes if says_the_same(said, note)]
        assert not repeated, f"{game}: “{line}”"


def test_the_fuller_note_stands_for_its_entry(app, client):
    """Switch 16: "Ann stopped · Ann stopped." is said once; the block chip names who placed it."""
    table = played_at_random(client, "switch-16", 80, seed=1)
    lines = lines_of(history_of(host_phone(app, table), table.code))
    assert any(re.fullmatch(r"\w+ stopped\.", line) for line in lines)
    assert any(re.search(r"\w+ placed the block chip on \w+'s deck\.", line) for line in lines)


# --------------------------------------------------------------------------- secrets, once shown


def finished_one_round_of_switch_to(client) -> TableDriver:
    """Round 1 of 2 played and scored (Ann -24, Ben -30): round 2 is next."""
    table = TableDriver(client, "switch-to", NAMES[:2])
    table.enter({"type": "start_round", "removed_suit": "C"})
    table.enter({"type": "predict", "value": 1}, seat=A)
    table.enter({"type": "predict", "value": 2}, seat=B)
    table.play(B, "2H 3H", by="host")
    table.pass_(A)
    table.play(B, "9D", by="host")
    table.pass_(A, "play_to_wild")
    table.enter({"type": "declare_hand", "cards": "2S 2D 3S 3D 4S 4D 5S 5D"}, seat=A)
    assert table.enter({"type": "declare_hand", "cards": "4H 5H 6H 7H 8H"}, seat=B)["state"]["phase"] == "setup"
    return table


def test_predictions_show_their_values_only_once_all_are_in(app, client):
    table = TableDriver(client, "switch-to", NAMES)
    table.enter({"type": "start_round", "removed_suit": "C"})
    table.enter({"type": "predict", "value": 7}, by=A, seat=A)
    table.enter({"type": "predict", "value": 3}, by=B, seat=B)
    table.enter({"type": "predict", "value": 4}, by=B, seat=B)  # Ben changes his mind
    phones = {"host": host_phone(app, table), "watcher": Phone(app)}
    for seat in (A, B, C):
        phones[NAMES[seat]] = Phone(app)
        phones[NAMES[seat]].client.set_cookie(f"rt_{table.code}", table.token(seat), path=f"/t/{table.code}")
    for who, phone in phones.items():
        lines = lines_of(history_of(phone, table.code))
        assert lines == [
            "Ben entered a prediction",
            "Ben entered a prediction",
            "Ann entered a prediction",
            "Round 1 started",
        ], who
    table.enter({"type": "predict", "value": 0}, by=C, seat=C)  # the last one shows them all
    lines = lines_of(history_of(phones["watcher"], table.code))
    assert lines[:4] == ["Cem predicted 0", "Ben predicted 4", "Ben entered a prediction", "Ann predicted 7"]
    page = plain(history_of(phones["watcher"], table.code))
    assert "changed: now “Ben predicted 4”" in page and "predicted 3" not in page  # the value replaced was never shown


def test_a_was_sticht_task_shows_its_chip_once_every_task_is_chosen(app, client):
    from tests.web.test_access import TRUMPS, through_the_draft

    table = through_the_draft(client)
    watcher = Phone(app)
    assert f"trumps {TRUMPS[0]}/{TRUMPS[1]}" not in plain(history_of(watcher, table.code))
    table.enter({"type": "reveal"}, by=A)
    assert f"The dealer entered the trumps {TRUMPS[0]}/{TRUMPS[1]}" in plain(history_of(watcher, table.code))
    table.enter({"type": "choose_task", "chip": "EXACT_3"}, by=B)
    table.enter({"type": "choose_task", "chip": "EXACT_1"}, by=C)
    before = plain(history_of(watcher, table.code))
    assert "chose the task" not in before and before.count("chose a task") == 2
    table.enter({"type": "choose_task", "chip": "LAST"}, by=3)
    after = plain(history_of(watcher, table.code))
    assert "chose a task" not in after
    assert all(f"chose the task “{chip}”" in after for chip in ("exactly 3", "exactly 1", "the last trick"))


def test_schwimmen_reveals_and_lives_lost_appear_once_the_showdown_is_scored(app, client):
    table = TableDriver(client, "schwimmen", NAMES, {"preset": "classic", "lives": "1"})
    table.enter({"type": "first_dealer", "seat": C})
    table.enter({"type": "dealer_choice", "choice": "keep"}, by=C)
    table.enter({"type": "lay_centre", "cards": "7C 8C 9C"}, by=A)
    table.enter({"type": "show", "cards": "AD KD 10D"}, by=B)
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=A)
    for phone in (host_phone(app, table), Phone(app)):
        page = plain(history_of(phone, table.code))
        assert "Ann revealed" in page and "K♥" not in page and "loses a life" not in page
    table.enter({"type": "reveal", "cards": "QS JS 8H"}, by=C)
    page = history_of(Phone(app), table.code)
    lines = lines_of(page)
    assert lines[0] == "Cem revealed Q♠ J♠ 8♥"
    assert [plain(said) for said in re.findall(r'<span class="settled">(.*?)</span>', page)] == [
        "Cem loses a life: 20, lowest hand",
        "Cem is now swimming.",
    ]  # said under the reveal that settled it
    assert lines[1] == "Ann revealed A♥ K♥ 7♠"
    assert lines[2] == "Ben shows A♦ K♦ 10♦: showdown."  # the note says the show once, more fully


# --------------------------------------------------------------------------- times


def test_times_are_written_for_the_phone_to_show_on_its_own_clock(app, client):
    table = finished_one_round_of_switch_to(client)
    page = history_of(Phone(app), table.code)
    stamps = re.findall(r'<time datetime="([^"]+)">(\d\d:\d\d) UTC</time>', page)
    assert len(stamps) == len(lines_of(page)) and "local_times.js" in page
    for stamp, shown in stamps:
        at = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        assert at.utcoffset().total_seconds() == 0 and at.strftime("%H:%M") == shown
