"""Issue 25, seats are recorded: frees and claims are History lines every phone sees, the freed
phone is told, and a phone that claims a seat never sees the seat's hidden entries made before
its claim (items 5 and 6)."""

from __future__ import annotations

from tests.helpers import Phone, seat_phone, text, visible

from .api_driver import TableDriver

A, B, C = 0, 1, 2


def switch_to_table(app) -> tuple[Phone, Phone]:
    """The host's phone and Ann's own; a round is open and Ann predicted 7 on her phone."""
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cem"])
    host.look()
    host.enter({"type": "start_round"})
    ann = seat_phone(app, host, A)
    ann.enter({"type": "predict", "seat": A, "value": 7})
    assert "predicted 7" in visible(ann.client.get(f"/t/{host.code}"))
    return host, ann


def free(host: Phone, seat: int) -> None:
    assert host.client.post(f"/t/{host.code}/free", data={"seat": seat}).status_code == 303


def seat_lines(client, code: str) -> list[tuple[str, str, object]]:
    history = client.get(f"/api/tables/{code}/history").json
    return [(event["name"], event["kind"], event["by"]) for event in history["seats"]]


def test_free_claim_read_free_reads_nothing_and_every_phone_sees_it(app, client):
    host, ann = switch_to_table(app)
    host_token = host.client.get_cookie(f"rt_{host.code}", path=f"/t/{host.code}").value
    free(host, A)
    assert host.join(A).status_code == 303  # the host's phone takes Ann's seat
    page = visible(host.client.get(f"/t/{host.code}"))
    assert "You are Ann" in page and "predicted 7" not in page and "✓ entered" in page
    assert host.client.post(f"/t/{host.code}/host", data={"token": host_token}).status_code == 303  # the host again
    free(host, A)
    assert seat_lines(client, host.code) == [
        ("Ann", "claimed", None),
        ("Ann", "freed", "host"),
        ("Ann", "claimed", "host"),
        ("Ann", "freed", "host"),
    ]
    watcher = visible(app.test_client().get(f"/t/{host.code}/history"))
    assert "The host freed Ann's seat" in watcher and "The host took Ann's seat" in watcher
    told = visible(ann.client.get(f"/t/{host.code}"))
    assert "The host freed Ann's seat: this phone is no longer Ann." in told


def test_a_seat_claimed_for_a_client_hides_what_its_earlier_phone_entered(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    table.enter({"type": "predict", "value": 7}, by=A, seat=A)
    assert table.state(A)["players"][A]["prediction"] == 7
    freed = client.post(f"/t/{table.code}/free", data={"seat": A})  # a page's form: needs the host's cookie
    assert freed.status_code in (401, 403)
    host_page = client.application.test_client()
    host_page.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    assert host_page.post(f"/t/{table.code}/free", data={"seat": A}).status_code == 303
    claimed = client.post(f"/api/tables/{table.code}/seats/{A}/claim", headers=table.auth("host")).json["token"]
    board = client.get(f"/api/tables/{table.code}", headers={"Authorization": f"Bearer {claimed}"}).json
    assert board["state"]["players"][A]["prediction"] is None and board["state"]["players"][A]["predicted"]
    assert {"type": "predict", "seat": A} in board["state"]["actions"]  # it may still predict again


def test_a_secret_the_host_entered_for_a_seat_without_a_phone_stays_hidden_from_who_takes_it(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cem"])
    host.look()
    host.enter({"type": "start_round"})
    host.enter({"type": "predict", "seat": B, "value": 9})  # Ben has no phone: the host enters it
    passer_by = seat_phone(app, host, B)
    page = visible(passer_by.client.get(f"/t/{host.code}"))
    assert "You are Ben" in page and "predicted 9" not in page
    passer_by.enter({"type": "predict", "seat": B, "value": 2})  # its own prediction it sees
    assert "predicted 2" in visible(passer_by.client.get(f"/t/{host.code}"))
    for seat in (A, C):
        host.enter({"type": "predict", "seat": seat, "value": 1})
    assert "said 2" in visible(passer_by.client.get(f"/t/{host.code}"))  # shown to all at the reveal


def test_a_one_phone_tables_dealer_seat_does_not_carry_the_trumps_to_whoever_takes_it(app, client):
    from tests.games.was_sticht_examples import drafted_chips

    table = drafted_chips(client)  # every seat has a client: free the dealer's, as a one-phone table's is
    host_page = app.test_client()
    host_page.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    assert host_page.post(f"/t/{table.code}/free", data={"seat": A}).status_code == 303
    table.enter({"type": "set_trumps", "seat": A, "colour": "B", "number": "4"})  # by the host
    passer_by = Phone(app)
    passer_by.look(table.code)
    assert passer_by.join(A).status_code == 303
    page = text(passer_by.client.get(f"/t/{table.code}"))
    token = passer_by.client.get_cookie(f"rt_{table.code}", path=f"/t/{table.code}").value
    board = client.get(f"/api/tables/{table.code}", headers={"Authorization": f"Bearer {token}"}).json
    assert board["state"]["trumps"] is None and board["state"]["trumps_entered"]
    assert "B/4" not in page and "hint_for_dealer" not in page


def test_a_phone_hands_its_seat_to_a_new_phone_with_its_secrets(app, client):
    import re

    host, ann = switch_to_table(app)
    shown = ann.client.post(f"/t/{host.code}/hand")
    assert shown.status_code == 200 and "no-store" in shown.headers["Cache-Control"]
    link = re.search(r'<p class="url">http://table\.test(/t/[^<]+)</p>', text(shown)).group(1).replace("&amp;", "&")
    new_phone = Phone(app)
    assert "Are you Ann?" in text(new_phone.client.get(link))  # asking takes nothing
    secret = link.split("pass=", 1)[1]
    taken = new_phone.client.post(f"/t/{host.code}/take", data={"pass": secret})
    assert taken.status_code == 303
    page = visible(new_phone.client.get(f"/t/{host.code}"))
    assert "You are Ann" in page and "predicted 7" in page  # the secret went with the seat
    assert "You are Ann" not in visible(ann.client.get(f"/t/{host.code}"))  # the old phone stopped
    again = app.test_client().post(f"/t/{host.code}/take", data={"pass": secret})
    assert again.status_code == 403  # once only
    assert ("Ann", "handed", None) in seat_lines(client, host.code)
    assert "Ann's seat moved to another phone" in visible(app.test_client().get(f"/t/{host.code}/history"))
    assert app.test_client().post(f"/t/{host.code}/hand").status_code == 401  # a watcher hands nothing
