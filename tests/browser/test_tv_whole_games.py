"""The table-centre screen follows a whole game of each game live (issue 32, "Measured"): a TV
at 1920×1080 (light) and a tablet at 1024×768 (dark) watch in Chromium while phones play a
legal game to its end through the JSON API (``bench.phones.SimTable``: each seat's secret
entries from that seat's own phone).

After every entry both screens show the new seq without a reload, whose turn it is (the
engine's own ``round_info``), the standings (the engine's own score sheet) and the same last
line and words as a phone that only watches; at the end the game over and no code to join.
No secret: a twin table gets the same entries but different secrets, and while a watcher's
view of both is the same, so is the screen, byte for byte."""

from __future__ import annotations

import html
import random
import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from bench.live import Client
from bench.phones import SimTable, comparable
from referee.games import GAMES

from .helpers import assert_accessible

SCREENS = {"tv": {"width": 1920, "height": 1080}, "tablet": {"width": 1024, "height": 768}}
SCHEME = {"tv": "light", "tablet": "dark"}  # each follows the game in one; both are shot in both
PLAYERS = ["Ann", "Ben", "Cem"]
ENTRIES = 400  # a whole game here takes far fewer; more means the game does not end

# House rules for a short whole game (the screen is the same in a long one), and the entries
# that bring its end nearer, chosen more often than a plain random pick would.
SHORT = {
    "switch-to": ({}, ()),
    "swoop": ({"end_mode": "hands", "hand_limit": 1}, ("play", "flip")),
    "schwimmen": ({"lives": "1"}, ("close", "show")),
    "was-sticht": ({"entry_mode": "score_only"}, ()),
    "switch-16": ({}, ("discard", "roll")),
}

READ_SCREEN = """() => {
  const q = (s) => document.querySelector(s);
  const text = (el) => el ? el.innerText.replace(/\\s+/g, ' ').trim() : null;
  return {
    seq: q('#board').dataset.seq,
    turn: text(q('#board .tv-main .round-strip .turn-now strong')),
    last: text(q('#board .last-line')),
    main: text(q('#board .tv-main')),
    standings: [...document.querySelectorAll('.tv-standings li')].map(
      (li) => [text(li.querySelector('.name')), text(li.querySelector('.total'))]),
    winners: [...document.querySelectorAll('.tv-standings li.winner .name')].map(text),
    over: !!q('#board .game-over'),
    join: !!q('.tv-join img'),
    controls: document.querySelectorAll('#board form, #board button, #board input, #board select, #board textarea').length,
    wide: document.documentElement.scrollWidth,
  };
}"""


def tokens(text: str) -> set[str]:
    """Words and single signs, case folded: what a reader compares."""
    return set(re.findall(r"\w+|[^\w\s]", text.casefold()))


def page_text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def watcher_words(markup: str) -> set[str]:
    """Every word on a watcher's board (tags read as spaces and as nothing: ``<b>A</b>,``)."""
    board = markup.split('id="board"', 1)[1]
    return tokens(page_text(board)) | tokens(html.unescape(re.sub(r"<[^>]+>", "", board)))


def watcher_last(markup: str) -> str | None:
    found = re.search(r'<p class="last-line">(.*?)</p>', markup, re.S)
    return " ".join(page_text(found.group(1)).split()) if found else None


class Game:
    """A whole game through the API, with what the engine says the table may see after each entry."""

    def __init__(self, client: Client, game: str, seed: int):
        self.client, self.game = client, game
        self.options, self.hurry = SHORT[game]
        self.rng = random.Random(seed)
        self.table = SimTable(client, game, self.rng, players=list(PLAYERS), options=self.options)
        self.engine = self.table.engine
        self.views = []  # the public view after each entry, for the score sheet

    def pick(self) -> dict:
        """Mostly an entry that brings the end nearer, the one that sheds the most cards; else any."""
        legal = self.table.legal()
        hurried = [action for action in legal if action["type"] in self.hurry]
        if not hurried or self.rng.random() >= 0.9:
            return self.rng.choice(legal)
        self.rng.shuffle(hurried)
        return max(hurried, key=lambda action: len(action.get("cards") or ()))

    def enter(self, action: dict, table: SimTable | None = None) -> bool:
        table = table or self.table
        before = len(table.stats.anomalies)
        table.enter(action)
        if table is self.table:
            assert len(table.stats.anomalies) == before, table.stats.anomalies
            self.views.append(self.public())
        return len(table.stats.anomalies) == before

    def public(self, table: SimTable | None = None) -> dict:
        return comparable(self.engine.view((table or self.table).state, None))

    def expected(self) -> dict:
        view = self.public()
        info = self.engine.round_info(view)
        sheet = self.engine.score_sheet(view, lambda: iter(self.views))
        standings = (
            [[name, "out" if total is None else str(total)] for name, total in zip(sheet.players, sheet.totals)]
            if sheet.rows
            else []
        )
        return {
            "turn": PLAYERS[info.turn] if info and info.turn is not None else None,
            "standings": standings,
            "winners": [sheet.players[i] for i in sheet.winners] if sheet.rows else [],
        }

    def screen_html(self, code: str) -> str:
        status, markup = self.client.get_text(f"/t/{code}/tv", headers={"HX-Request": "true"})
        assert status == 200
        return markup.replace(code, "CODE")


class Twin:
    """A second table given the same entries but a different choice for each secret one, from a
    secret entry until the entry that shows the table the secrets: the screens of the two may
    differ only where a watcher's views of them do. A new twin (the game so far, replayed) for
    each of the first few such stretches: each round's secrets, not only the first round's."""

    STRETCHES = 3

    def __init__(self, game: Game):
        self.game = game
        self.table: SimTable | None = None
        self.stretches = 0
        self.pending = False  # a secret entered differently here, not shown yet
        self.compared_with_secret = 0

    def follow(self, action: dict, before) -> None:
        engine = self.game.engine
        secret = engine.seat_only(before, action)
        if self.table is None and secret and self.stretches < self.STRETCHES:
            self.start()
        if self.table is None:
            return
        mirrored = action
        if secret:
            others = [
                other
                for other in self.table.legal()
                if other["type"] == action["type"] and other.get("seat") == action.get("seat") and other != action
            ]
            mirrored = self.game.rng.choice(others) if others else action
            self.pending = self.pending or bool(others)
        if engine.shows_secrets(before, action, self.game.table.state) or not self.game.enter(mirrored, self.table):
            self.table, self.pending = None, False

    def start(self) -> None:
        """A new table, given every entry so far but the one just made."""
        self.stretches += 1
        self.table = SimTable(
            self.game.client,
            self.game.game,
            random.Random(self.stretches),
            players=list(PLAYERS),
            options=self.game.options,
        )
        for action in self.game.table.actions[:-1]:
            if not self.game.enter(action, self.table):
                self.table = None
                return

    def compare(self) -> None:
        if self.table is None or self.game.public() != self.game.public(self.table):
            return
        assert self.game.screen_html(self.game.table.code) == self.game.screen_html(self.table.code), (
            f"{self.game.game}: the screen shows a difference no watcher sees (a secret) at seq {self.game.table.seq}"
        )
        self.compared_with_secret += self.pending


def open_screen(browser, base: str, code: str, size: str):
    context = browser.new_context(viewport=SCREENS[size], color_scheme=SCHEME[size])
    page = context.new_page()
    page.goto(f"{base}/t/{code}/tv")
    return context, page


FITS = "() => document.documentElement.scrollHeight <= innerHeight + 1"


def check_screen(page, size: str, game: Game, watcher: str) -> dict:
    try:  # nobody scrolls a screen read from two metres (static/tv_fit.js makes it fit)
        page.wait_for_function(FITS, timeout=3_000)
    except PlaywrightError:
        raise AssertionError(
            f"{game.game} on the {size} at seq {game.table.seq}: taller than the screen "
            f"({page.evaluate('document.documentElement.scrollHeight')} px)"
        ) from None
    seen = page.evaluate(READ_SCREEN)
    expected = game.expected()
    where = f"{game.game} on the {size} at seq {game.table.seq}"
    assert seen["turn"] == expected["turn"], f"{where}: turn {seen['turn']}, the engine says {expected['turn']}"
    assert seen["standings"] == expected["standings"], (
        f"{where}: standings {seen['standings']} != {expected['standings']}"
    )
    assert seen["last"].casefold() == watcher_last(watcher).casefold(), f"{where}: last line {seen['last']!r}"
    extra = tokens(seen["main"]) - watcher_words(watcher)
    assert not extra, f"{where}: the screen says {sorted(extra)}, which a watcher's board does not"
    assert seen["controls"] == 0, f"{where}: the screen offers controls"
    assert seen["wide"] <= SCREENS[size]["width"], f"{where}: wider than the screen ({seen['wide']} px)"
    return seen


def shoot_both(shoot, page, size: str, name: str) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shoot(page, f"tv-whole-{name}-{size}-{scheme}")
    page.emulate_media(color_scheme=SCHEME[size])


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_the_screens_follow_a_whole_game_and_show_no_secret(browser, live_server, shoot, game_id):
    client = Client(live_server)
    game = Game(client, game_id, seed=sum(map(ord, game_id)))
    twin = Twin(game)
    screens = {size: open_screen(browser, live_server, game.table.code, size) for size in SCREENS}
    halfway_shot = False
    for _ in range(ENTRIES):
        if game.table.over():
            break
        action, before = game.pick(), game.table.state
        game.enter(action)
        twin.follow(action, before)
        _, watcher = client.get_text(f"/t/{game.table.code}")
        for size, (_, page) in screens.items():
            expect(page.locator("#board")).to_have_attribute("data-seq", str(game.table.seq), timeout=8_000)
            check_screen(page, size, game, watcher)
        twin.compare()
        if not halfway_shot and game.table.seq >= 12:
            halfway_shot = True
            for size, (_, page) in screens.items():
                shoot_both(shoot, page, size, f"{game_id}-playing")
                assert_accessible(page, f"tv {game_id} {size} playing")
    assert game.table.over(), f"{game_id}: no game over after {ENTRIES} entries"
    if GAMES[game_id].secret_entries:
        assert twin.compared_with_secret, f"{game_id}: no screen was compared while a secret was hidden"
    for size, (context, page) in screens.items():
        page.wait_for_function(FITS, timeout=3_000)
        seen = page.evaluate(READ_SCREEN)
        assert seen["over"] and not seen["join"], f"{game_id} on the {size}: no game over, or still a code to join"
        assert seen["winners"] == game.expected()["winners"]
        shoot_both(shoot, page, size, f"{game_id}-over")
        assert_accessible(page, f"tv {game_id} {size} over")
        context.close()
