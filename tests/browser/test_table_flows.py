"""The flows every game shares (issue 15: "A game table, not a form"), on phones (390×844) in real
Chromium: the host's role kept on purpose, secret entries on their seat's phone, an unjoined phone
opening on "Who are you?", joins reaching every phone live, taps that say what they did with a
way back, and a game's end with its reason, ranking and rematch. One test per moment; each
counts the touches a person makes (taps, scrolls) where the issue is about them, and keeps
screenshots (light and dark, German and Japanese) to look at."""

from __future__ import annotations

import html
import json
import re
import urllib.request
import uuid

import pytest
from playwright.sync_api import expect

from .helpers import PHONE, assert_accessible, join, open_table, settled

pytestmark = pytest.mark.browser

LIVE = 6_000  # ms: how long a phone may take to show a new entry; speed is the bench's to measure, not a test's
FOLD = PHONE["viewport"]["height"]


def in_reach(locator) -> bool:
    """On screen as the page opens: no scroll needed to tap it."""
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= FOLD


def seq_of(page) -> str:
    return page.locator("#board").get_attribute("data-seq")


def phone_with(browser, scheme: str = "light", locale: str = "en-GB"):
    context = browser.new_context(**PHONE, color_scheme=scheme, locale=locale)
    return context, context.new_page()


# --------------------------------------------------------------------------- 1. the host's role


def test_the_host_role_cannot_be_lost_by_one_tap_and_comes_back_with_the_host_link(live_server, phone, browser, shoot):
    host = phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben"])
    field = host.locator(".host-link input.url-field")
    expect(field).to_be_visible()  # shown at once, before the first entry: keep it
    link = field.input_value()
    assert re.fullmatch(rf"{live_server}/t/[A-Z0-9]+/host\?token=[\w-]+", link)
    shoot(host, "flows-01-host-link-light")
    assert_accessible(host, "host link")

    # "Leave" asks once, and shows the way back before it acts.
    host.get_by_text("Leave (this phone forgets its seat)").click()
    expect(host.locator("details.leave")).to_contain_text(link)
    expect(host.locator(".badge.host")).to_be_visible()  # nothing happened yet

    # The host's phone dies (or forgets its cookies): another phone opens the host link, one tap.
    context, spare = phone_with(browser, "dark", "de-DE")
    try:
        spare.goto(link)
        touches = 0
        spare.locator("form button.primary").click()
        touches += 1
        expect(spare.locator(".badge.host")).to_be_visible()
        shoot(spare, "flows-02-host-again-dark-de")
        spare.locator(".action-bar button[form=bar-start_round]").click()  # it can start a round: the table lives
        expect(spare.locator("form.predict").first).to_be_visible()
        assert touches == 1
    finally:
        context.close()


def test_the_host_link_page_is_kept_from_caches_and_a_wrong_link_makes_nobody_the_host(live_server, phone):
    host = phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben"])
    link = host.locator(".host-link input.url-field").input_value()
    stranger = phone()
    answer = stranger.request.get(link)
    assert answer.headers["cache-control"] == "no-store, private"
    assert answer.headers["referrer-policy"] == "no-referrer"
    stranger.goto(link.replace("token=", "token=x"))
    expect(stranger.locator(".message")).to_be_visible()
    assert stranger.locator("form button.primary").count() == 0
    assert stranger.request.get(host.url + "/host-qr.svg").status == 403  # the QR carries the token


# --------------------------------------------------------------------------- 2. secret entries


def test_a_joined_seats_secret_entry_is_neither_offered_to_the_host_nor_taken_from_it(live_server, phone):
    host, ann = phone(), phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben"])
    join(ann, host.url, "Ann")
    host.locator(".action-bar button[form=bar-start_round]").click()  # round 1: predictions

    expect(host.locator("form.predict")).to_have_count(1)  # Ben's, who has no phone
    expect(host.locator("form.predict input[name=seat][value='1']")).to_have_count(1)
    forged = host.request.post(
        host.url + "/entries",
        form={"type": "predict", "seat": "0", "value": "3", "expected_seq": seq_of(host), "key": uuid.uuid4().hex},
    )
    assert forged.status == 403
    said = html.unescape(forged.text())
    assert "Ann has joined on their own phone: only that phone makes Ann's secret entries." in said

    host.locator("form.predict button[value='1']").click()  # Ben's, entered for him: then not shown
    expect(host.locator(".players li", has_text="Ben")).to_contain_text("✓ entered")
    expect(host.locator(".players li", has_text="Ben")).not_to_contain_text("1")
    ann.locator("form.predict button[value='2']").click()
    expect(host.locator(".players li", has_text="Ann")).to_contain_text("said 2", timeout=LIVE)  # revealed together


# --------------------------------------------------------------------------- 3. joining


def test_a_scanned_code_opens_on_who_are_you_with_every_free_name_in_reach(live_server, phone, browser, shoot):
    host = phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben", "Cem", "Dee"])

    cem = phone()
    cem.goto(host.url)  # the scanned QR code
    expect(cem.get_by_role("heading", name="Who are you?")).to_be_visible()
    button = cem.locator(".whoami .seats button", has_text="Cem")
    assert in_reach(button), "Cem's name is below the fold"
    assert cem.locator(".badge", has_text="Watching").count() == 0
    shoot(cem, "flows-03-join-light")
    assert_accessible(cem, "who are you")
    touches = 1
    button.click()
    expect(cem.locator(".badge.seat")).to_contain_text("Cem")
    assert touches == 1  # one tap, no scroll

    # A seat's own link (/t/CODE?seat=3, as POST /api/tables answers it) lands on that name first.
    context, dee = phone_with(browser, "dark", "ja-JP")
    try:
        dee.goto(host.url + "?seat=3")
        first = dee.locator(".whoami .seats button").first
        expect(first).to_contain_text("Dee")
        assert in_reach(first)
        expect(dee.locator(".whoami .seats button", has_text="Cem")).to_have_count(0)  # taken
        shoot(dee, "flows-04-join-by-seat-link-dark-ja")
        assert_accessible(dee, "are you Dee (dark, Japanese)")
        first.click()
        expect(dee.locator(".badge.seat")).to_contain_text("Dee")
    finally:
        context.close()

    watcher = phone()
    watcher.goto(host.url)
    watcher.locator(".watch-link a").click()
    expect(watcher.locator(".badge", has_text="Watching")).to_be_visible()
    expect(watcher.locator(".whoami")).to_have_count(0)


# --------------------------------------------------------------------------- 4. live seats


def test_joins_and_frees_reach_every_phone_without_a_reload(live_server, phone):
    host, ann, ben = phone(), phone(), phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben"])
    ben.goto(host.url)
    expect(host.locator(".seat-state", has_text="Ann")).to_have_text("Ann: not joined")

    join(ann, host.url, "Ann")
    expect(host.locator(".seat-state", has_text="Ann")).to_have_text("Ann: joined", timeout=LIVE)
    expect(ben.locator(".seats button", has_text="Ann")).to_have_count(0, timeout=LIVE)

    # Freeing a seat asks once; the freed phone hears of it at once.
    host.get_by_text("Free Ann's seat", exact=True).click()
    expect(host.locator(".seat-state", has_text="Ann")).to_have_text("Ann: joined")  # not yet
    host.get_by_role("button", name="Free Ann's seat now").click()
    expect(ann.get_by_role("heading", name="Who are you?")).to_be_visible(timeout=LIVE)
    expect(ben.locator(".seats button", has_text="Ann")).to_have_count(1, timeout=LIVE)


# --------------------------------------------------------------------------- 5. taps that say what they did


def tap_cards(page, *codes: str) -> None:
    for code in codes:
        page.locator(f"label.pick:has(input[value='{code}'])").click()


def test_an_undo_is_said_on_every_phone_and_put_back_in_one_tap(live_server, phone, browser, shoot):
    host = phone()
    context, ann = phone_with(browser, "dark")
    try:
        open_table(host, live_server, "Switch To", ["Ann", "Ben"])
        join(ann, host.url, "Ann")
        host.locator(".action-bar button[form=bar-start_round]").click()
        ann.locator("form.predict button[value='1']").click()
        expect(host.locator(".players li", has_text="Ann")).to_contain_text("✓ entered", timeout=LIVE)
        host.locator("form.predict:has(input[name=seat][value='1']) button[value='1']").click()
        host.locator("form.act").get_by_role(
            "button", name="Ann", exact=True
        ).click()  # the tie: Ann won rock-paper-scissors

        expect(ann.locator("form.play")).to_be_visible(timeout=LIVE)
        tap_cards(ann, "6S", "6H")
        ann.locator(".action-bar button[form^=bar-play]").click()
        expect(host.locator(".last")).to_contain_text("Last: Ann played 6♠ 6♥", timeout=LIVE)
        assert "entry" not in host.locator(".who").inner_text()  # no "entry 5" in the header

        host.locator(".action-bar").get_by_role("button", name="↶ Undo").click()
        settled(host)
        for page in (host, ann):
            expect(page.locator(".last.undone")).to_contain_text("Undone: Ann played 6♠ 6♥", timeout=LIVE)
        shoot(host, "flows-05-undone-light")
        shoot(ann, "flows-06-undone-dark")
        assert_accessible(ann, "undone (dark)")
        host.get_by_role("button", name="Put it back").click()  # one tap back
        expect(ann.locator(".last")).to_contain_text("Last: Ann played 6♠ 6♥", timeout=LIVE)
        expect(ann.locator(".top")).to_contain_text("6♠")

        # The host enters for Ben: the refusal speaks of Ben, keeps his entry in view, and the
        # ruling button names what it would accept.
        tap_cards(host, "5H", "5D")
        host.locator(".action-bar button[form^=bar-play]").click()
        refusal = host.locator(".refusal")
        expect(refusal).to_contain_text("With 2 cards Ben needs a card higher than 6.")
        expect(refusal).not_to_contain_text("you need")
        expect(refusal).to_contain_text("Not recorded: Ben played 5♥ 5♦")
        expect(refusal.get_by_role("button")).to_contain_text("Ben played 5♥ 5♦")
        shoot(host, "flows-07-ruling-names-the-entry")

        # "End this round now" says what it did, with its way back beside it.
        host.locator("details.host-tools summary").click()
        host.get_by_role("button", name="End this round now (ruling)").click()
        expect(host.locator(".last")).to_contain_text("The host ended the round")
        expect(host.locator(".action-bar").get_by_role("button", name="↶ Undo")).to_be_visible()
    finally:
        context.close()


# --------------------------------------------------------------------------- 6. game over


class Api:
    """Enough of the JSON API to play a table to its end, each seat with its own token."""

    def __init__(self, base: str, game: str, players: list[str]):
        self.base = base
        opened = self.call("/api/tables", {"game": game, "players": players})
        self.code, self.seq, self.host = opened["code"], opened["seq"], opened["host_token"]

    def call(self, path: str, body: dict, token: str | None = None) -> dict:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def claim(self, seat: int) -> str:
        return self.call(f"/api/tables/{self.code}/seats/{seat}/claim", {}, self.host)["token"]

    def enter(self, action: dict, token: str) -> dict:
        answer = self.call(
            f"/api/tables/{self.code}/plays",
            {"action": action, "expected_seq": self.seq, "key": uuid.uuid4().hex},
            token,
        )
        self.seq = answer["seq"]
        return answer["state"]


def on_phone(browser, base: str, code: str, token: str, scheme: str = "light", locale: str = "en-GB"):
    context, page = phone_with(browser, scheme, locale)
    context.add_cookies([{"name": f"rt_{code}", "value": token, "url": f"{base}/t/{code}"}])
    page.goto(f"{base}/t/{code}")
    return context, page


def one_round_of_switch_to(table: Api, ann: str) -> None:
    """Ann ends at -54 (the game ends at -50 or below), Ben at -20: Ben wins after one round."""
    host = table.host
    table.enter({"type": "start_round", "removed_suit": "C"}, host)
    table.enter({"type": "predict", "seat": 0, "value": 1}, ann)
    table.enter({"type": "predict", "seat": 1, "value": 2}, host)
    table.enter({"type": "play", "seat": 1, "cards": "2H 3H"}, host)
    table.enter({"type": "pass", "seat": 0}, ann)
    table.enter({"type": "play", "seat": 1, "cards": "9D"}, host)
    table.enter({"type": "pass", "seat": 0, "flip": "play_to_wild"}, ann)
    table.enter({"type": "declare_hand", "seat": 0, "cards": "2S 3S 4S 5S 6S 7S 8S 9S"}, ann)
    state = table.enter({"type": "declare_hand", "seat": 1, "cards": "4H 5H 6H 2D 3D"}, host)
    assert state["phase"] == "over"


def test_game_over_says_why_ranks_everyone_and_a_rematch_keeps_every_seat(live_server, browser, shoot):
    table = Api(live_server, "switch-to", ["Ann", "Ben"])
    ann_token = table.claim(0)
    host_context, host = on_phone(browser, live_server, table.code, table.host)
    ann_context, ann = on_phone(browser, live_server, table.code, ann_token, "dark", "de-DE")
    try:
        one_round_of_switch_to(table, ann_token)
        for page in (host, ann):
            expect(page.locator(".game-over")).to_be_visible(timeout=LIVE)
        over = host.locator(".game-over")
        expect(over.locator(".reason")).to_contain_text(
            "Ann reached \u221254; \u221250 ends the game."
        )  # Switch To's own words
        expect(over.locator(".places li")).to_have_count(2)
        expect(over.locator(".places li").first).to_contain_text("Ben")
        expect(over.locator(".places li").nth(1)).to_contain_text("-54")
        expect(over.get_by_role("link", name="Share the result")).to_have_attribute("href", f"/t/{table.code}/sheet")
        host.evaluate("document.querySelector('.game-over').scrollIntoView()")
        shoot(host, "flows-08-game-over-light")
        shoot(ann, "flows-09-game-over-dark-de")
        assert_accessible(ann, "game over (dark, German)")

        host.locator(".game-over form.rematch button").click()  # one tap
        expect(host.locator(".badge.host")).to_be_visible()
        new_code = host.url.rsplit("/", 1)[1]
        assert new_code != table.code
        expect(host.locator(".status")).to_contain_text("Ready to start")
        # Ann's phone was not touched: it is taken to the new table, still Ann.
        expect(ann).to_have_url(re.compile(rf"/t/{new_code}$"), timeout=LIVE)
        expect(ann.locator(".badge.seat")).to_contain_text("Ann")
        expect(host.locator(".seat-state", has_text="Ann")).to_have_text("Ann: joined", timeout=LIVE)
    finally:
        host_context.close()
        ann_context.close()
