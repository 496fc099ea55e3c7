"""A whole game of Swoop (3 players, game to 1 point) on two phones in real Chromium at 390×844:
face-up rows, a pick-up, four of a kind and 10s swooping, face-up and mystery cards played until
Ann is out, and the others' declarations ending the game. Ben enters on his own phone (in English,
German and Japanese: no entry may need a scroll in any of them); the host enters for Ann and Cem.
Then the slots filled in order: a tap on a filled slot clears it, and without JavaScript the row is
a plain form."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import IN_SIGHT, PHONE, assert_accessible, join, open_table, send_button, settled

pytestmark = pytest.mark.browser

LIVE = 6_000  # ms: how long a phone may take to show a new entry; speed is the bench's to measure, not a test's
GAME = "swoop"


def face_up(taps, page, seat: int, ranks: list[str]) -> None:
    form = page.locator(f"form:has(input[name=type][value=set_face_up]):has(input[name=seat][value='{seat}'])")
    with taps.entry(GAME, "face-up cards, per player"):
        for slot, rank in enumerate(ranks):
            taps.tap(form.locator(f"label.chip:has(input[name='ranks#{slot}'][value='{rank}'])"))
        taps.tap_if_shown(form.locator("button.primary"))  # the fourth slot sends it


def play(taps, page, rank: str, from_hand: int = 1, slots=()) -> None:
    """The play form: the rank, how many from the hand (one is preselected), which face-up slots, Play."""
    form = page.locator("form.play")
    taps.tap(form.locator(f"label.chip:has(input[name=rank][value='{rank}'])"))
    if from_hand != 1 and form.locator("input[type=radio][name=hand]").count():  # an empty hand is offered none
        taps.tap(form.locator(f"label.chip:has(input[name=hand][value='{from_hand}'])"))
    for slot in slots:
        taps.tap(form.locator(f"label.chip:has(input[name=up][value='up{slot}'])"))
    taps.tap(send_button(form))


def flip(taps, page, rank: str) -> None:
    with taps.entry(GAME, "a mystery card flipped"):
        if page.locator("details.flip").get_attribute("open") is None:
            taps.tap(page.locator("details.flip summary"))
        taps.tap(page.locator(f"details.flip label.chip:has(input[name=rank][value='{rank}'])"))
        taps.tap(send_button(page.locator("details.flip form")))


def declare(taps, page, counts: dict[str, int], mystery: list[str]) -> None:
    form = page.locator("form.declare")
    send = send_button(form)  # in the action bar, named while the form is there to name it
    with taps.entry(GAME, "a hand's scoring, per player"):
        for rank, count in counts.items():  # one tap on the rank per card: no keyboard
            for _ in range(count):
                taps.tap(form.locator(f".stepper:has(input[name='hand.{rank}']) [data-step='1']"))
            expect(form.locator(f"input[name='hand.{rank}']")).to_have_value(str(count))
        for slot, rank in enumerate(mystery):
            taps.tap(form.locator(f"label.chip:has(input[name='mystery#{slot}'][value='{rank}'])"))
        taps.tap_if_shown(send)  # the last tap sends it


def status(page):
    return page.locator(".status")


def out_of_sight(page, controls: str) -> list[str]:
    """The controls shown that a person would have to scroll to: not wholly between the sticky
    header and the action bar."""
    settled(page)
    found = page.locator(controls)
    shown = [found.nth(i) for i in range(found.count()) if found.nth(i).is_visible()]
    assert shown, controls
    return [
        control.evaluate("(el) => el.textContent.trim() || el.outerHTML")
        for control in shown
        if not control.evaluate(IN_SIGHT)
    ]


def take_one_away(page, rank: str) -> None:
    """A slip on the steppers corrected: "− Take away" turns the ranks into minus buttons, one tap
    takes a card off, and a second tap on "− Take away" turns them back."""
    form = page.locator("form.declare")
    count = form.locator(f"input[name='hand.{rank}']")
    form.locator(f".stepper:has(input[name='hand.{rank}']) [data-step='1']").click()
    expect(count).to_have_value("1")
    form.locator(".take-away").click()
    expect(form.locator(f".stepper:has(input[name='hand.{rank}']) [data-step='1']")).to_be_hidden()
    form.locator(f".stepper:has(input[name='hand.{rank}']) [data-step='-1']").click()
    expect(count).to_have_value("")
    form.locator(".take-away").click()
    expect(form.locator(f".stepper:has(input[name='hand.{rank}']) [data-step='-1']")).to_be_hidden()


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_whole_game(live_server, phone, shoot, taps, language):
    host, ben = phone(), phone()
    ben.emulate_media(color_scheme="dark")  # Ben's phone is in dark mode: axe checks it there too
    ben.set_extra_http_headers({"Accept-Language": language})
    shot = "" if language == "en" else f"-{language}"
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"], {"target": 1, "chain_swoops": "false"})
    join(ben, host.url, "Ben", taps)

    expect(ben.locator("form:has(input[value=set_face_up])")).to_be_visible()
    assert_accessible(ben, "swoop seat, face-up form")
    shoot(ben, f"sw-00-ben-face-up-form{shot}")
    assert out_of_sight(ben, "form:has(input[value=set_face_up]) label.chip") == []
    face_up(taps, ben, 1, ["Q", "8", "5", "2"])
    expect(host.locator(".players li", has_text="Ben")).to_contain_text("Q", timeout=LIVE)
    face_up(taps, host, 0, ["J", "J", "J", "J"])
    face_up(taps, host, 2, ["6", "4", "A", "3"])
    shoot(host, "sw-01-host-starter")
    taps.tap(host.locator("form.act").get_by_role("button", name="Ann"))
    expect(status(host)).to_contain_text("Ann")

    with taps.entry(GAME, "a typical play"):
        play(taps, host, "9")  # Ann leads a 9 from her hand
    expect(ben.locator(".sw-pile")).to_contain_text("9", timeout=LIVE)
    assert_accessible(ben, "swoop seat, to play")
    shoot(ben, f"sw-02-ben-to-play{shot}")
    with taps.entry(GAME, "a typical play"):
        play(taps, ben, "8")  # Ben goes under it
    expect(status(host)).to_contain_text("Cem", timeout=LIVE)
    with taps.entry(GAME, "a pick-up (the pass)"):
        taps.tap(host.locator("form.act:has(input[value=pick_up]) button"))
    expect(host.locator(".players li", has_text="Cem")).to_contain_text("13")
    expect(host.locator(".note").first).to_contain_text("Cem")

    play(taps, host, "K", 4)  # four of a kind: a swoop, Ann again
    expect(status(host)).to_contain_text("Ann")
    play(taps, host, "Q", 4)
    for _ in range(2):
        with taps.entry(GAME, "a swoop with a 10"):
            taps.tap(host.locator("form.one-tap:has(input[name=rank][value='10']):not(:has(input[name=up])) button"))
    expect(host.locator(".players li", has_text="Ann")).to_contain_text("0")
    assert_accessible(host, "swoop host, Ann's hand is empty")
    shoot(host, "sw-03-ann-hand-empty")
    play(taps, host, "J", 0, slots=(1, 2, 3, 4))  # her four face-up jacks swoop
    for _ in range(4):
        flip(taps, host, "10")  # each mystery card is a 10
    expect(status(host)).to_contain_text("Ann")

    expect(ben.locator("form.declare")).to_be_visible(timeout=LIVE)
    shoot(ben, f"sw-04-ben-declares{shot}")
    # every rank, every mystery chip and Declare in sight at once, not only the ones tapped below
    assert out_of_sight(ben, "form.declare button, form.declare label.chip, .action-bar button") == []
    assert_accessible(ben, "swoop seat, declaring")
    take_one_away(ben, "K")
    declare(taps, ben, {"3": 5, "4": 5}, ["A", "2", "5", "7"])
    expect(host.locator("form.declare")).to_contain_text("Cem", timeout=LIVE)
    expect(host.locator("form.declare input[name='hand.8']")).to_have_value("1")  # picked up: filled in
    expect(host.locator("form.declare input[name='hand.9']")).to_have_value("1")
    declare(taps, host, {"6": 6, "7": 5}, ["2", "3", "5", "9"])

    expect(host.locator(".players li.winner")).to_contain_text("Ann")
    expect(host.locator("table.sheet")).to_be_visible()
    expect(ben.locator(".players li.winner")).to_contain_text("Ann", timeout=LIVE)
    assert_accessible(ben, "swoop seat, game over")
    shoot(ben, f"sw-05-ben-game-over{shot}")


def up_chip(form, slot: int, rank: str):
    return form.locator(f"label.chip:has(input[name='ranks#{slot}'][value='{rank}'])")


def test_a_filled_slot_is_cleared_by_a_tap_and_the_chips_open_there(live_server, phone, shoot):
    host = phone()
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"])
    ann = host.locator("form:has(input[name=type][value=set_face_up]):has(input[name=seat][value='0'])")
    up_chip(ann, 0, "7").click()
    up_chip(ann, 1, "K").click()
    expect(up_chip(ann, 2, "A")).to_be_visible()  # one set of chips: the first empty slot's
    expect(up_chip(ann, 0, "A")).to_be_hidden()
    expect(up_chip(ann, 3, "A")).to_be_hidden()
    assert_accessible(host, "swoop host, a face-up row half made")
    shoot(host, "sw-06-face-up-half-made")
    up_chip(ann, 0, "7").click()  # a slip in slot 1: a tap clears it
    assert ann.locator("input[name='ranks#0']:checked").count() == 0
    expect(up_chip(ann, 0, "A")).to_be_visible()
    expect(up_chip(ann, 2, "A")).to_be_hidden()
    up_chip(ann, 0, "9").click()
    up_chip(ann, 2, "5").click()
    up_chip(ann, 3, "2").click()  # the fourth sends the row
    expect(host.locator(".players li", has_text="Ann").locator(".slot")).to_have_text(
        ["9", "K", "5", "2"], timeout=LIVE
    )


def test_without_javascript_the_face_up_row_is_a_plain_form(live_server, browser):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    try:
        host = context.new_page()
        open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"])
        ann = host.locator("form:has(input[name=type][value=set_face_up]):has(input[name=seat][value='0'])")
        for slot, rank in enumerate(["Q", "Q", "3", "JK"]):
            up_chip(ann, slot, rank).click()
        ann.locator("button.primary").click()  # nothing sends itself without scripts
        expect(host.locator(".players li", has_text="Ann").locator(".slot")).to_have_text(["Q", "Q", "3", "Jk"])
    finally:
        context.close()
