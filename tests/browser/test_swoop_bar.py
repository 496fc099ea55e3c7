"""Swoop's action bar on a 390×844 phone (issue 27): one row, short labels that are not clipped,
each button in the same place from turn to turn, in English, German and Japanese, light and dark;
and a tapped rank higher than the pile's top says on the Play button that it picks up, before
Play is tapped."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import open_table, settled
from .test_action_bar import NoTaps
from .test_swoop_game import face_up, play

pytestmark = pytest.mark.browser

# Every button of the bar as the phone shows it: where it is and whether its words fit.
BAR_BUTTONS = """() => [...document.querySelectorAll('.action-bar button, .action-bar summary')]
  .filter(b => b.offsetParent && !b.closest('details:not([open]) > :not(summary)'))
  .map(b => { const r = b.getBoundingClientRect();
              return {name: b.textContent.trim().replace(/\\s+/g, ' '), top: Math.round(r.top),
                      left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width),
                      clipped: b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1}; })"""
ONE_ROW_HEIGHT = 80  # px: one row of 52 px buttons and the bar's padding; two rows are 120 and more


def in_language(page, language: str) -> None:
    """The host's phone switched to ``language`` once the table is open, as its browser would ask."""
    page.set_extra_http_headers({"Accept-Language": language})
    page.reload()


def bar(page) -> dict:
    settled(page)
    page.evaluate("window.scrollTo(0, 0)")
    buttons = page.evaluate(BAR_BUTTONS)
    height = page.locator(".action-bar").evaluate("(el) => el.getBoundingClientRect().height")
    return {"buttons": buttons, "height": height}


def assert_one_row_unclipped(page, where: str) -> dict:
    shown = bar(page)
    buttons = shown["buttons"]
    assert buttons, where
    assert shown["height"] <= ONE_ROW_HEIGHT, f"{where}: the bar is {shown['height']:.0f} px high: {buttons}"
    assert len({b["top"] for b in buttons}) == 1, f"{where}: the bar's buttons are on more than one row: {buttons}"
    assert [b["name"] for b in buttons if b["clipped"]] == [], f"{where}: clipped"
    assert all(b["right"] <= 390 for b in buttons), f"{where}: a button runs off the screen: {buttons}"
    return {b["name"]: b for b in buttons}


def place(buttons: dict, starts: str) -> tuple[int, int]:
    found = [b for name, b in buttons.items() if starts in name]
    assert found, (starts, list(buttons))
    return found[0]["left"], found[0]["width"]


@pytest.mark.parametrize("language,dark", [("en", False), ("de", True), ("ja", False), ("de", False)])
def test_one_row_short_labels_stable_places(live_server, phone, shoot, language, dark):
    host = phone()
    if dark:
        host.emulate_media(color_scheme="dark")
    open_table(host, live_server, "Swoop", ["Annelie", "Bernhard", "Cem"], {"target": 1, "chain_swoops": "false"})
    in_language(host, language)
    words = {"en": ("Play", "Pick up"), "de": ("Spielen", "Aufnehmen"), "ja": ("出す", "引き取る")}[language]
    taps = NoTaps()
    for seat, ranks in enumerate(("2345", "6789", "6789")):
        face_up(taps, host, seat, ranks)
    host.locator("form.act button[name=seat][value='0']").click()
    settled(host)
    shot = f"sw-bar-{language}{'-dark' if dark else ''}"

    leading = assert_one_row_unclipped(host, "Annelie leads")
    shoot(host, f"{shot}-lead")
    play(taps, host, "9")  # Annelie leads a 9: Bernhard may pick up
    following = assert_one_row_unclipped(host, "Bernhard follows")
    shoot(host, f"{shot}-follow")
    assert place(following, words[0]) == place(leading, words[0]), "Play moved from one turn to the next"
    assert place(following, words[1])  # the pick-up is in the row too
    play(taps, host, "8")  # Cem follows: the pile is 9 8
    third = assert_one_row_unclipped(host, "Cem follows")
    assert place(third, words[0]) == place(leading, words[0])
    assert place(third, words[1]) == place(following, words[1]), "Pick up moved from one turn to the next"
    assert place(third, "↶") == place(following, "↶"), "Undo moved"


@pytest.mark.parametrize("language,says", [("en", "Q – picks up"), ("de", "Q – nimmt auf"), ("ja", "Q – 引き取る")])
def test_a_higher_rank_says_on_play_that_it_picks_up(live_server, phone, shoot, language, says):
    host = phone()
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"], {"target": 1, "chain_swoops": "false"})
    in_language(host, language)
    taps = NoTaps()
    for seat, ranks in enumerate(("2345", "6789", "6789")):
        face_up(taps, host, seat, ranks)
    host.locator("form.act button[name=seat][value='0']").click()
    settled(host)
    play(taps, host, "9")
    send = host.locator(".action-bar button[form^='bar-play']")
    plain = send.inner_text()
    host.locator("form.play label.chip:has(input[name=rank][value='Q'])").click()  # the slip: Q on a 9
    expect(send).to_contain_text(says)
    assert_one_row_unclipped(host, "a higher rank chosen")
    shoot(host, f"sw-bar-higher-{language}")
    host.locator("form.play label.chip:has(input[name=rank][value='8'])").click()  # put right before Play
    expect(send).to_have_text(plain)
    send.click()
    settled(host)
    expect(host.locator(".sw-pile")).to_contain_text("8")  # an 8 was played, nothing picked up
