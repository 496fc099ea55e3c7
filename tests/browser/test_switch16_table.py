"""Issue 27, Switch 16 at a real table, on two phones in real Chromium at 390×844: the block chip
landing in the middle of a discard (S16-R15, example S16-E19), and quick entry (a turn in one tap,
the points game as one entry per player a round) against a whole turn entered with the dice."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import join, open_table
from .test_switch16_game import GAME, LIVE, discard, roll, stop, top_card

pytestmark = pytest.mark.browser


def ben_holds_the_chip_and_cem_discards_all_7(live_server, phone, taps):
    """Ben (his own phone) takes the chip with a block face; Cem (the host's phone) rolls 1 2 4 and
    discards all 7 cards it makes. Returns (cem, ben)."""
    cem, ben = phone(), phone()
    open_table(cem, live_server, "Switch 16", ["Ben", "Cem"])
    join(ben, cem.url, "Ben")
    cem.locator("form.act button[name=seat][value='0']").click()
    expect(ben.locator("form.roll")).to_be_visible(timeout=LIVE)
    with taps.entry(GAME, "a whole turn with the dice (a switch face, 3 dice, discard all, stop)"):
        roll(taps, ben, [1, 1, 1], face="block")
        discard(taps, ben, 3)
        stop(taps, ben)
    expect(cem.locator("form.roll")).to_be_visible(timeout=LIVE)
    roll(taps, cem, [1, 2, 4])
    discard(taps, cem, 7)
    return cem, ben


def test_the_chip_holder_records_the_chip_landing_after_card_3(live_server, phone, taps):
    cem, ben = ben_holds_the_chip_and_cem_discards_all_7(live_server, phone, taps)
    landed = ben.locator("form.landed")
    expect(landed).to_be_visible(timeout=LIVE)
    expect(landed.locator("button")).to_have_text(["before card 1"] + [f"after card {n}" for n in range(1, 8)])
    with taps.entry(GAME, "placing the block chip after a card of the discard"):
        taps.tap(landed.locator("button", has_text="after card 3"))
    # cards 4 to 7 go back, Cem's deck is blocked and Cem's turn is over (S16-E19)
    expect(top_card(cem, "Cem")).to_have_text("4", timeout=LIVE)
    expect(cem.locator(".players li", has_text="Cem").locator(".chip-badge.on-deck")).to_be_visible()
    expect(ben.locator("form.roll")).to_be_visible(timeout=LIVE)


def quick_turn_form(page):
    return page.locator("form.quick:has(input[name=type][value=turn_result])")


def test_a_quick_race_is_one_tap_a_turn(live_server, phone, taps):
    ann, ben = phone(), phone()
    open_table(ann, live_server, "Switch 16", ["Ann", "Ben"], {"entry_mode": "quick"})
    join(ben, ann.url, "Ben")
    ann.locator("form.act button[name=seat][value='0']").click()
    expect(quick_turn_form(ann)).to_be_visible(timeout=LIVE)
    expect(ann.locator("form.roll")).to_have_count(0)  # no dice to tap
    with taps.entry(GAME, "a turn in quick entry (the last card discarded)"):
        taps.tap(quick_turn_form(ann).locator("button[name=card][value='7']"))
    expect(top_card(ben, "Ann")).to_have_text("8", timeout=LIVE)

    form = quick_turn_form(ben)
    expect(form).to_be_visible(timeout=LIVE)
    with taps.entry(GAME, "a turn in quick entry with a missed risk roll"):
        taps.tap(form.locator("label.chip:has(input[name=missed])"))
        taps.tap(form.locator("button[name=card][value='5']"))  # cards 1 to 5, then a risk roll missed
    expect(top_card(ann, "Ben")).to_have_text("1", timeout=LIVE)  # the leaflet's penalty: back to card 1

    expect(ann.locator("form.quick-switch")).to_be_visible(timeout=LIVE)
    with taps.entry(GAME, "a turn in quick entry ending in a switch"):
        taps.tap(ann.locator("form.quick-switch button", has_text="Ben"))
    expect(top_card(ben, "Ben")).to_have_text("8", timeout=LIVE)  # Ben now holds the deck Ann got to 8

    expect(quick_turn_form(ben)).to_be_visible(timeout=LIVE)
    taps.tap(quick_turn_form(ben).locator("button[name=card][value='16']"))
    expect(ann.locator(".players li.winner")).to_contain_text("Ben", timeout=LIVE)


def round_form(page, seat: int):
    return page.locator(f"form.round-card:has(input[name=seat][value='{seat}'])")


def test_the_quick_points_game_is_one_entry_per_player_a_round(live_server, phone, taps):
    ann, ben = phone(), phone()
    open_table(
        ann,
        live_server,
        "Switch 16",
        ["Ann", "Ben"],
        {"game_mode": "points", "entry_mode": "quick", "points_target": 30},
    )
    join(ben, ann.url, "Ben")
    expect(round_form(ben, 1)).to_be_visible(timeout=LIVE)
    expect(round_form(ben, 0)).to_have_count(0)  # each phone enters its own card; the host's every one
    with taps.entry(GAME, "a round's result in quick entry, per player"):
        taps.tap(round_form(ben, 1).locator("button[value='9']"))
    expect(round_form(ann, 1)).to_have_count(0, timeout=LIVE)
    with taps.entry(GAME, "a round's result in quick entry, per player"):
        taps.tap(round_form(ann, 0).locator("button[value='16']"))
    points = ann.locator(".players li .total")
    expect(points).to_have_text(["16", "9"], timeout=LIVE)  # round 1 scored: 16 for card 16, 9 for Ben's 9

    expect(round_form(ben, 1)).to_be_visible(timeout=LIVE)
    taps.tap(round_form(ben, 1).locator("button[value='16']"))
    expect(round_form(ann, 0)).to_be_visible(timeout=LIVE)
    taps.tap(round_form(ann, 0).locator("button[value='12']"))
    expect(points).to_have_text(["28", "25"], timeout=LIVE)
    expect(round_form(ben, 1)).to_be_visible(timeout=LIVE)
    taps.tap(round_form(ben, 1).locator("button[value='16']"))
    taps.tap(round_form(ann, 0).locator("button[value='2']"))
    expect(ben.locator(".players li.winner")).to_contain_text("Ben", timeout=LIVE)  # 41 against 30


@pytest.mark.parametrize("partner_first", [True, False])
def test_a_green_roll_sends_itself_once_its_partner_and_dice_are_chosen(live_server, phone, taps, partner_first):
    """The switch die, the partner and the dice in either order: the last choice sends the roll."""
    ann = phone()
    open_table(ann, live_server, "Switch 16", ["Ann", "Ben"])
    ann.locator("form.act button[name=seat][value='0']").click()
    form = ann.locator("form.roll")
    expect(form).to_be_visible(timeout=LIVE)
    partner = form.locator("label.chip:has(input[name=switch_with][value='1'])")
    if partner_first:
        taps.tap(partner)
    taps.tap(form.locator("label.chip:has(input[name=face][value=green])"))
    for i, value in enumerate([1, 2, 4]):
        taps.tap(form.locator(f"label.chip:has(input[name='dice#{i}'][value='{value}'])"))
    if not partner_first:
        taps.tap(partner)
    expect(ann.locator("#board")).to_contain_text("Ann and Ben swapped decks", timeout=LIVE)


def test_a_pending_correction_of_cems_roll_is_said_about_cem_on_bens_phone(live_server, phone):
    """Cem rolled 1 1 1 and discarded 3 cards; the host corrects the roll to 1 3 4 (S16-E1), so the
    discard no longer passes. Ben's phone (and the host's) say whose roll it is; Cem's says "your"."""
    ben, cem = phone(), phone()
    opened = ben.request.post(
        f"{live_server}/api/tables", data={"game": "switch-16", "players": ["Ben", "Cem"], "options": {}}
    ).json()
    code, host = opened["code"], {"Authorization": f"Bearer {opened['host_token']}"}

    def write(path: str, body: dict) -> None:
        seq = ben.request.get(f"{live_server}/api/tables/{code}").json()["seq"]
        answer = ben.request.post(
            f"{live_server}/api/tables/{code}/{path}",
            headers=host,
            data={"expected_seq": seq, "key": f"k{seq}-{path}", **body},
        )
        assert answer.ok, answer.text()

    join(ben, opened["join_url"], "Ben")
    join(cem, opened["join_url"], "Cem")
    write("plays", {"action": {"type": "start_player", "seat": 1}})
    write("plays", {"action": {"type": "roll", "seat": 1, "dice": [1, 1, 1], "face": "blank"}})
    write("plays", {"action": {"type": "discard", "seat": 1, "count": 3}})
    write("corrections", {"entry": 2, "action": {"type": "roll", "seat": 1, "dice": [1, 3, 4], "face": "blank"}})

    for page, said in (
        (ben, "Cem's roll 1, 3, 4 makes card 1 but not card 2."),
        (cem, "Your roll 1, 3, 4 makes card 1 but not card 2."),
    ):
        page.reload()
        expect(page.locator(".pending .why")).to_contain_text(said, timeout=LIVE)
    expect(ben.locator(".pending")).not_to_contain_text("Your roll")


@pytest.mark.parametrize(
    "language, caption",
    [
        ("en", "Each turn: cards discarded · the first to discard card 16 wins"),
        ("de", "Jeder Zug: abgelegte Karten · wer zuerst die 16 ablegt, gewinnt"),
        ("ja", "各手番:捨てたカード · 最初に16を捨てた人の勝ち"),
    ],
)
def test_the_race_sheet_says_how_a_race_is_won_in_each_language(browser, live_server, language, caption):
    """A race is won by card 16, not by a total; and a German turn is "Jeder Zug", capitalised."""
    from .test_score_sheet import Api, open_sheet

    table = Api(live_server, "switch-16", ["Ann", "Ben"], {})
    table.enter({"type": "start_player", "seat": 0})
    table.enter({"type": "roll", "dice": [1, 2, 4], "face": "blank"})
    table.enter({"type": "discard", "count": 7})
    table.enter({"type": "stop"})
    context, page, _ = open_sheet(browser, f"{live_server}/t/{table.code}/sheet?lang={language}", "light")
    try:
        expect(page.locator("table.sheet.rounds caption")).to_have_text(caption)
    finally:
        context.close()


def test_a_roll_is_written_one_way_however_it_was_entered(live_server, phone, taps):
    """Typed as digits ("12" then "3"), tapped die by die, or named in a refusal: "1, 2, 4"."""
    ann = phone()
    open_table(ann, live_server, "Switch 16", ["Ann", "Ben"])
    ann.locator("form.act button[name=seat][value='0']").click()
    typed = ann.locator("form.typed-roll input[name=dice]")
    expect(typed).to_be_visible(timeout=LIVE)
    typed.fill("124")
    ann.locator("form.typed-roll button").click()
    discard(taps, ann, 1)
    expect(ann.locator("form.discard")).to_be_visible(timeout=LIVE)
    stop(taps, ann)
    expect(ann.locator("form.roll")).to_be_visible(timeout=LIVE)
    roll(taps, ann, [1, 3, 4])  # Ben's roll, tapped
    ann.goto(ann.url + "/history")
    expect(ann.locator("body")).to_contain_text("Ann rolled 1, 2, 4")
    expect(ann.locator("body")).to_contain_text("Ben rolled 1, 3, 4")
    expect(ann.locator("body")).not_to_contain_text("rolled 124")


def test_the_typed_roll_field_looks_invalid_only_once_something_wrong_is_typed(live_server, phone):
    """Red is the colour of Ann's deck, and of a field gone wrong: the empty field wears the plain
    border of any field; a die that cannot be ("7") marks it, once typed."""
    ann = phone()
    open_table(ann, live_server, "Switch 16", ["Ann", "Ben"])
    ann.locator("form.act button[name=seat][value='0']").click()
    field = ann.locator("form.typed-roll input[name=dice]")
    expect(field).to_be_visible(timeout=LIVE)
    plain = ann.locator("form.typed-roll button").evaluate("b => getComputedStyle(b).borderTopColor")
    assert field.evaluate("f => getComputedStyle(f).borderTopColor") == plain
    field.fill("7")
    field.blur()
    assert field.evaluate("f => getComputedStyle(f).borderTopColor") != plain


# How many lines an element's text takes: the distinct tops of its text's boxes.
LINES = """(el) => { const range = document.createRange(); range.selectNodeContents(el);
  return new Set(Array.from(range.getClientRects()).filter(r => r.width > 1).map(r => Math.round(r.top))).size; }"""


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_discard_card_1_stays_on_one_line_in_every_language(live_server, phone, language):
    """Beside "Discard all 7" and Undo, "Discard card 1 = 1" broke into three lines in Japanese."""
    ann = phone()
    open_table(ann, live_server, "Switch 16", ["Ann", "Ben"])
    ann.locator("header a", has_text={"en": "EN", "de": "DE", "ja": "日本語"}[language]).first.click()
    ann.locator("form.act button[name=seat][value='0']").click()
    form = ann.locator("form.roll")
    expect(form).to_be_visible(timeout=LIVE)
    for i, value in enumerate([1, 2, 4]):
        form.locator(f"label.chip:has(input[name='dice#{i}'][value='{value}'])").click()
    one = ann.locator(".action-bar form.discard button[value='1']")
    expect(one).to_be_visible(timeout=LIVE)
    lines = one.evaluate(LINES)
    assert lines == 1, f"{language}: {one.inner_text()!r} takes {lines} lines"
    everything = ann.locator(".action-bar form.discard button.primary")
    assert everything.evaluate("b => b.scrollWidth <= b.clientWidth")  # nothing cut off either
