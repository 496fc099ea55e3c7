"""Issue 27, "correcting a showdown hand": once every hand is on the table, a correction names the
cards before and after and what it settled, and a pending correction says why a shown hand no
longer passes on every phone; before the showdown, a correction names no hidden card (section 3
of the Schwimmen rules: nobody may adapt an entry to what others entered)."""

from __future__ import annotations

import html
import json
import re

from tests.helpers import visible

from .api_driver import TableDriver
from .test_corrections import correct
from .test_undo_keeps_secrets_shown import schwimmen_at_showdown

A, B, C = 0, 1, 2


def said(client, path: str, cookie: tuple[str, str] | None = None) -> str:
    """A page's visible text on one line, as a phone reads it."""
    phone = client.application.test_client()
    if cookie:
        phone.set_cookie(*cookie)
    return re.sub(r"\s+", " ", html.unescape(visible(phone.get(path))))


def host_cookie(table: TableDriver) -> tuple[str, str]:
    return "rt_" + table.code, table.host


def seat_cookie(table: TableDriver, seat: int) -> tuple[str, str]:
    return "rt_" + table.code, table.token(seat)


def clash_of_ann_and_ben(client) -> TableDriver:
    """All three hands in, J♣ entered in both Ann's (line 7) and Ben's (line 8)."""
    table = schwimmen_at_showdown(client, {})
    table.enter({"type": "reveal", "cards": "JC QC KC"}, by=A)
    table.enter({"type": "reveal", "cards": "JC 10D 7D"}, by=B)
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=C)
    return table


def test_a_shown_hand_corrected_names_both_hands_and_the_clash_it_settled(client):
    table = clash_of_ann_and_ben(client)
    answer = correct(table, {"entry": 8, "action": {"type": "reveal", "seat": B, "cards": "9D 10D 7D"}})
    line = "Corrected by the host: Ben J♣ 10♦ 7♦ → 9♦ 10♦ 7♦. SC-C2: J♣ was entered in both Ann's and Ben's hands."
    assert answer["entry"]["description"] == line
    code = table.code
    for cookie in (host_cookie(table), seat_cookie(table, A), None):  # every phone: the hands are public now
        board = said(client, f"/t/{code}", cookie)
        assert board.count(line) == 1 and board.count("orrected") == 1  # said once, on the board
        history = said(client, f"/t/{code}/history", cookie)
        assert line in history
        assert "Ben revealed J♣ 10♦ 7♦ corrected: now “Ben revealed 9♦ 10♦ 7♦”" in history  # the line taken off
        assert "?" not in board.split("Corrected by the host:")[1][:80]


def test_a_hidden_reveal_corrected_names_no_card_and_is_not_said_twice_alike(client):
    """Ben corrects his own reveal while Cem has not revealed: the other phones read that it
    was corrected, never "“Ben revealed” → “Ben revealed”", and no card of it."""
    table = schwimmen_at_showdown(client, {})
    table.enter({"type": "reveal", "cards": "JC QC KC"}, by=A)
    table.enter({"type": "reveal", "cards": "JC 10D 7D"}, by=B)
    answer = correct(table, {"entry": 8, "action": {"type": "reveal", "cards": "9D 10D 7D"}}, by=B)
    line = "Corrected by Ben: “Ben revealed” (round 1); it stays hidden until it is shown"
    assert answer["entry"]["description"] == line
    for cookie in (seat_cookie(table, A), seat_cookie(table, C), None):
        for path in (f"/t/{table.code}", f"/t/{table.code}/history"):
            page = said(client, path, cookie)
            assert line in page and "→" not in page
            assert not {"9♦", "10♦", "7♦"} & set(page.split()), path
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=C)  # the showdown: Ben's hand as corrected
    history = said(client, f"/t/{table.code}/history", seat_cookie(table, A))
    assert "Ben revealed 9♦ 10♦ 7♦" in history and "J♣ 10♦" not in history  # never shown: stays hidden


def test_a_shown_hand_that_no_longer_passes_says_why_on_every_phone(client):
    """The centre corrected after the showdown puts 7♠ in it: Ann's shown hand no longer passes,
    and every phone reads which hand and why (all three were shown), not "stays hidden"."""
    table = schwimmen_at_showdown(client, {})
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=A)
    table.enter({"type": "reveal", "cards": "AS QS 8D"}, by=B)
    table.enter({"type": "reveal", "cards": "QD JD 8H"}, by=C)
    answer = correct(table, {"entry": 3, "action": {"type": "lay_centre", "cards": "7C 8C 7S"}})
    assert answer["pending"] is not None
    for cookie in (seat_cookie(table, B), seat_cookie(table, C), host_cookie(table), None):
        board = said(client, f"/t/{table.code}", cookie)
        assert "Ann revealed A♥ K♥ 7♠" in board
        assert "stays hidden" not in board and "7♠" in board.split("Ann revealed A♥ K♥ 7♠")[1][:120]


def test_the_pending_reason_of_a_hidden_reveal_stays_on_its_own_phone(client):
    """Before the showdown is complete, a reveal that no longer passes says why only on its seat's phone."""
    table = schwimmen_at_showdown(client, {})
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=A)
    table.enter({"type": "reveal", "cards": "AS QS 8D"}, by=B)
    answer = correct(table, {"entry": 3, "action": {"type": "lay_centre", "cards": "7C 8C 7S"}})
    assert answer["pending"] is not None
    failing = said(client, f"/t/{table.code}", seat_cookie(table, B)).split("no longer passes:")[1][:200]
    assert "Ann revealed" in failing and "Why it fails stays hidden" in failing
    assert not {"A♥", "K♥", "7♠"} & set(failing.split())
    own = said(client, f"/t/{table.code}", seat_cookie(table, A)).split("no longer passes:")[1][:200]
    assert "Why it fails stays hidden" not in own and "7♠" in own


def test_a_clash_is_corrected_from_the_board_with_the_hand_filled_in(client):
    """Issue 27: fixing mixed-up reveals took ~12 touches through History and a 32-card grid.
    The host's board links each hand of the clash to its correction page, which offers that
    seat's reveal filled in with the hand as entered: one card changed is two taps and a send."""
    table = schwimmen_at_showdown(client, {})
    table.enter({"type": "reveal", "cards": "JC QC KC"}, by=A)
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=C)  # Cem before Ben
    table.enter({"type": "reveal", "cards": "JC 10D 7D"}, by=B)
    host = client.application.test_client()
    host.set_cookie(*host_cookie(table))
    board = host.get(f"/t/{table.code}").get_data(as_text=True)
    links = re.findall(r'<a class="btn" href="([^"]+)">Correct (\w+)(?:\'|&#39;)s hand</a>', board)
    assert [name for _, name in links] == ["Ann", "Ben"]
    ben = host.get(html.unescape(links[1][0]))
    assert ben.status_code == 303 and ben.headers["Location"].endswith(f"/t/{table.code}/correct/9")
    page = host.get(ben.headers["Location"]).get_data(as_text=True)
    form = re.search(r'<form[^>]*class="act reveal".*?</form>', page, re.S).group(0)
    assert 'name="seat" value="1"' in form  # Ben's form, though Cem revealed before him
    was = re.search(r'data-was="([^"]+)"', page)
    assert was and json.loads(html.unescape(was.group(1))) == {"type": "reveal", "seat": B, "cards": "JC 10D 7D"}
    for cookie in (seat_cookie(table, A), None):  # only the host settles it
        assert "Correct Ben" not in said(client, f"/t/{table.code}", cookie)


def test_a_hidden_reveal_is_filled_in_only_on_the_phone_that_made_it(client):
    table = schwimmen_at_showdown(client, {})
    table.enter({"type": "reveal", "cards": "JC QC KC"}, by=A)
    table.enter({"type": "reveal", "cards": "JC 10D 7D"}, by=B)
    ben = client.application.test_client()
    ben.set_cookie(*seat_cookie(table, B))
    page = ben.get(f"/t/{table.code}/correct/8").get_data(as_text=True)
    assert "10D" in html.unescape(re.search(r'data-was="([^"]+)"', page).group(1))
    host = client.application.test_client()
    host.set_cookie(*host_cookie(table))
    assert "data-was" not in host.get(f"/t/{table.code}/correct/8").get_data(as_text=True)


def test_a_public_entry_corrected_to_itself_is_said_as_it_is(client):
    """Only a secret unseen on both sides is said without its words: a pass is a pass."""
    table = schwimmen_at_showdown(client, {})
    answer = correct(table, {"entry": 5, "action": {"type": "pass", "seat": B}})
    assert answer["entry"]["description"] == "Corrected by the host: “Ben passed” (round 1) → “Ben passed”"


def test_a_score_only_hand_corrected_reads_before_and_after_as_a_shown_hand_does(client):
    """Issue 27: with score-only reveals a shown hand is its value, and its correction read
    "“Ben revealed 25 in spades” (round 1) corrected to “Ben revealed 26 in spades” by the host",
    not the "before → after" of a hand of cards; now it is the same form."""
    table = schwimmen_at_showdown(client, {"reveal_mode": "score_only"})
    table.enter({"type": "reveal", "value": 21, "suit": "H"}, by=A)
    table.enter({"type": "reveal", "value": 25, "suit": "S"}, by=B)
    table.enter({"type": "reveal", "value": 30, "suit": "D"}, by=C)  # shown: Ann's 21 loses a life
    answer = correct(table, {"entry": 8, "action": {"type": "reveal", "seat": B, "value": 26, "suit": "S"}})
    line = "Corrected by the host: Ben 25 in spades → 26 in spades"
    assert answer["entry"]["description"] == line
    answer = correct(table, {"entry": 7, "action": {"type": "reveal", "seat": A, "value": 30.5, "triple": "K"}})
    assert answer["entry"]["description"] == "Corrected by the host: Ann 21 in hearts → 30.5 (three of a kind)"
    for cookie in (host_cookie(table), seat_cookie(table, C), None):
        history = said(client, f"/t/{table.code}/history", cookie)
        assert line in history and "(round 1) →" not in history  # not both lines quoted whole
    in_words = {
        "de": "Von der Spielleitung korrigiert: Ben 25 in Pik → 26 in Pik",
        "ja": "ホストが訂正: Ben スペード で 25 → スペード で 26",
    }
    for language, line in in_words.items():
        phone = client.application.test_client()
        phone.set_cookie("lang", language)
        assert line in re.sub(r"\s+", " ", html.unescape(visible(phone.get(f"/t/{table.code}/history"))))
