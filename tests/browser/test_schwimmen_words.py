"""Schwimmen's words on a phone at 390×844 (issue 16): no button clips its text in German (the
"… nehmen" take buttons, the pass and close buttons), German cards print B, D, K, and the
showdown says who lost and why, light and dark."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import open_table

pytestmark = pytest.mark.browser

CLIPPED = """() => [...document.querySelectorAll('#board .btn, #board button')]
  .filter(b => b.offsetParent && (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1
                                  || b.getBoundingClientRect().right > document.documentElement.clientWidth))
  .map(b => b.textContent.trim())"""


def tap_cards(page, form: str, *codes: str) -> None:
    for code in codes:
        page.locator(f"form.{form} label.pick:has(input[value='{code}'])").click()


def test_no_button_clips_its_german_words(live_server, phone, shoot):
    host = phone()
    open_table(host, live_server, "Schwimmen", ["Annelie", "Bernhard", "Cem"], {"lives": "1"})
    host.get_by_role("link", name="DE", exact=True).click()  # the switch: a lasting choice
    host.locator("form.act button[name=seat][value='2']").click()
    host.locator("form.act button[name=choice][value=keep]").click()
    tap_cards(host, "act", "10C", "JC", "QC")  # the third card sends it
    expect(host.locator("form.swap")).to_be_visible()
    expect(host.locator(".action-bar button[name=take][value=JC]")).to_contain_text("B♣")
    assert host.evaluate(CLIPPED) == []
    shoot(host, "sc-de-swap")
    host.emulate_media(color_scheme="dark")
    shoot(host, "sc-de-swap-dark")
    host.emulate_media(color_scheme="light")
