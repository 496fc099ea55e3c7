"""Was Sticht on a one-phone table (section 3, display rules): the host's phone enters for
everyone, and each private step (the dealer's trumps and hints, each task choice) sits behind a
"Hand the phone to X" cover; what is behind it reaches the page only after X's tap (?as=X)."""

from __future__ import annotations

import re

from tests.games.was_sticht_examples import CHIPS, COLUMNS_85, seat_cards
from tests.helpers import Phone, text
from tests.web.api_driver import TableDriver

A, B, C, D = 0, 1, 2, 3
TRUMPS_SHOWN = "green / 7"  # the trumps line of the dealer's board: "Your secret trumps: green / 7"


def one_phone_table(app, client) -> tuple[TableDriver, Phone]:
    """A table whose chip draft the host entered for everyone (no seat has a phone), A dealing,
    and the host's phone."""
    table = TableDriver(client, "was-sticht", ["A", "B", "C", "D"])
    table.enter({"type": "first_dealer", "seat": A})
    for round_ in range(5):
        for seat in (A, B, C, D):
            table.enter({"type": "chip_pick", "seat": seat, "chip": CHIPS[seat][round_]})
    host = Phone(app)
    host.code = table.code
    host.client.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    return table, host


def behind(host: Phone, seat: int) -> str:
    """The board after the cover's tap: what the host's phone draws for ``seat`` (htmx)."""
    response = host.client.get(f"/t/{host.code}?as={seat}", headers={"HX-Request": "true"})
    assert response.status_code == 200
    return text(response)


def without_keys(page: str) -> str:
    """The page with each form's key (new on every answer) left out."""
    return re.sub(r"[0-9a-f]{32}", "KEY", page)


def forms_of(page: str, kind: str) -> int:
    return page.count(f'name="type" value="{kind}"')


def test_the_dealers_trumps_and_hint_sit_behind_a_cover(app, client):
    table, host = one_phone_table(app, client)
    page = host.look()
    assert "Hand the phone to A" in page and forms_of(page, "set_trumps") == 0
    assert forms_of(behind(host, B), "set_trumps") == 0  # only the seat whose step it is
    page = behind(host, A)
    assert "Only A looks now." in page and forms_of(page, "set_trumps") == 1

    page = text(host.enter({"type": "set_trumps", "colour": "G", "number": "7"}))
    assert TRUMPS_SHOWN not in page and "Hand the phone to" not in page
    assert 'name="card" value="G7"' in page  # the public board: the draft, entered for everyone
    assert TRUMPS_SHOWN in behind(host, A)  # the dealer may look again (and change them until the first pick)
    assert TRUMPS_SHOWN not in behind(host, B) and TRUMPS_SHOWN not in host.look()
    watcher = client.get(f"/t/{table.code}?watch=1&as={A}").get_data(as_text=True)
    assert TRUMPS_SHOWN not in watcher and "Only A looks" not in watcher  # ?as= is the shared phone's only

    picks, hint = COLUMNS_85[0]
    table.seq = host.seq
    for seat, card in seat_cards(picks):
        table.enter({"type": "pick", "seat": seat, "card": card})
    page = host.look()
    assert "Hand the phone to A" in page and "would win" not in page and forms_of(page, "announce_hint") == 0
    page = behind(host, A)
    assert "Hint for column 1:" in page and forms_of(page, "announce_hint") == 1 and TRUMPS_SHOWN in page
    assert "Hint for column 1:" not in behind(host, C)


def test_each_task_is_chosen_behind_its_own_cover(app, client):
    table, host = one_phone_table(app, client)
    table.enter({"type": "set_trumps", "colour": "G", "number": "7"})
    for picks, _ in COLUMNS_85:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "seat": seat, "card": card})
        table.enter({"type": "announce_hint"})
    table.enter({"type": "reveal"})

    page = host.look()
    assert "Hand the phone to B" in page and forms_of(page, "choose_task") == 0
    page = behind(host, B)
    assert 'name="seat" value="1"' in page and forms_of(page, "choose_task") == 1  # B's form, nobody else's
    page = text(host.enter({"type": "choose_task", "seat": "1", "chip": "0"}))
    assert "Hand the phone to C" in page and "(chosen:" not in page
    page = behind(host, C)
    assert forms_of(page, "choose_task") == 1 and "(chosen:" not in page  # C does not see B's task
    assert "(chosen:" in behind(host, B)  # B may look again and change it while the others choose

    host.look()
    host.enter({"type": "choose_task", "seat": "2", "chip": "0"})
    page = text(host.enter({"type": "choose_task", "seat": "3", "chip": "0"}))
    assert "Hand the phone to" not in page and "All tasks are chosen and shown." in page


def test_a_table_with_seat_phones_keeps_the_hosts_board(app, client):
    """Where a seat has a phone of its own, the host's phone is not passed round: no cover."""
    table, host = one_phone_table(app, client)
    table.token(B)  # B's phone joins
    page = host.look()
    assert "Hand the phone to" not in page and forms_of(page, "set_trumps") == 1
    plain = text(host.client.get(f"/t/{host.code}", headers={"HX-Request": "true"}))
    assert without_keys(behind(host, A)) == without_keys(plain)  # ?as= is not honoured here
