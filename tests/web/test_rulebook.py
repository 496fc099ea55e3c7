"""The rule book in the app (referee/rulebook/): a paragraph in English, German and Japanese for
every rule ID an engine can cite and none for an ID no engine cites; the rules pages and the
sheet in every language with every anchor; rule IDs on boards, notes and History as links; the
start page's "How to play", the new-table form's "?" per house rule; the API's ``rule_url``."""

from __future__ import annotations

import ast
import html
import re
import sys
import uuid
from pathlib import Path

import pytest

from referee import rulebook
from referee.app import ROOT
from referee.games import GAMES

from tests.helpers import Phone, text

from .test_pages import start_and_predict

ENGINES = ROOT / "referee" / "games"


def _docstrings(tree: ast.AST) -> set[int]:
    """The string statements that are documentation (module, class, function and attribute
    docstrings): a rule ID named there is explained, not cited."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def cited_rule_ids() -> dict[str, set[str]]:
    """Every rule ID an engine can cite, with the files citing it: the IDs in the string literals
    of every source file under referee/games/ (read recursively: engines move into packages),
    docstrings and comments left out. That covers Refusal, not_yours and unreadable calls, rule
    tables and constants, and notes whose sentence starts with the rule ("SC-C7: ...")."""
    cited: dict[str, set[str]] = {}
    for path in sorted({path for folder in engine_folders() for path in folder.rglob("*.py")}):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        documentation = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documentation:
                for rule in rulebook.RULE_ID.findall(node.value):
                    cited.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    return cited


def engine_folders() -> set[Path]:
    """referee/games/ and the folder of every registered game kept elsewhere (the toy game)."""
    return {ENGINES, *(Path(sys.modules[type(game).__module__].__file__).parent for game in GAMES.values())}


def prefix(rule: str) -> str:
    return rule.split("-")[0]


def books(language: str) -> dict[str, rulebook.Book]:
    return {game: rulebook.book(game, language) for game in GAMES}


# --------------------------------------------------------------------------- the texts


def test_the_scan_finds_refusals_notes_and_rule_constants():
    cited = cited_rule_ids()
    assert {"ST-R13", "ST-C9", "SW-C1", "SC-R10", "WS-H1", "S16-R5"} <= set(cited)  # Refusal, not_yours, tables
    assert {"SC-C7", "WS-X9", "SC-C9"} <= set(cited)  # a note, a constant, an unreadable() sentence
    assert "SC-C8" not in cited  # named only in a docstring: nothing refuses with it


def test_every_game_has_a_book_in_every_language():
    for game in GAMES:
        for language in rulebook.LANGUAGES:
            assert rulebook.path_of(game, language).is_file(), f"no {game}.{language}.md in referee/rulebook/"
            assert rulebook.book(game, language).language == language


@pytest.mark.parametrize("language", rulebook.LANGUAGES)
def test_every_rule_an_engine_can_cite_has_a_paragraph(language):
    cited = cited_rule_ids()
    written = {rule for book in books(language).values() for rule in book.rule_ids}
    missing = {rule: sorted(cited[rule]) for rule in sorted(set(cited) - written)}
    assert not missing, f"{language}: no paragraph for {missing}"


@pytest.mark.parametrize("language", rulebook.LANGUAGES)
def test_no_paragraph_names_a_rule_no_engine_cites(language):
    """Neither a paragraph of its own nor a mention in any text: every ID shown is one an
    entry can be refused with, and each book explains only its own game's IDs."""
    cited = set(cited_rule_ids())
    for game, book in books(language).items():
        assert not book.rule_ids - cited, f"{game}.{language}: paragraphs for {sorted(book.rule_ids - cited)}"
        named = set(rulebook.RULE_ID.findall(rulebook.path_of(game, language).read_text(encoding="utf-8")))
        assert not named - cited, f"{game}.{language} names {sorted(named - cited)}"
        assert len({prefix(rule) for rule in named}) == 1, f"{game}.{language} names other games' rules"
        assert {prefix(rule) for rule in cited if rule in book.rule_ids} == {prefix(rule) for rule in named}


def test_each_game_s_rules_are_all_in_its_own_book():
    cited = set(cited_rule_ids())
    for game, book in books("en").items():
        own = {rule for rule in cited if prefix(rule) == prefix(next(iter(book.rule_ids)))}
        assert book.rule_ids == own, game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_book_has_its_sections_and_a_part_for_each_house_rule(game):
    options = [f"option-{option.name}" for option in GAMES[game].options]
    english = rulebook.book(game, "en")
    for language in rulebook.LANGUAGES:
        book = rulebook.book(game, language)
        assert [s.anchor for s in book.sections] == list(rulebook.SECTIONS), language
        assert [p.anchor for p in book.section("house-rules").parts] == options, language
        assert all(p.rule for p in book.section("rules").parts), language
        assert book.anchors == english.anchors, f"{language} and en differ in their paragraphs"
        assert all(s.body for s in book.sections if s.anchor not in ("rules",)), language
        assert all(p.title and p.body for p in book.parts), language


def test_the_german_and_japanese_texts_are_not_english():
    """A paragraph left in English in a translated book shows up as its first words repeated."""
    for game in GAMES:
        english = {p.anchor: str(p.body) for p in rulebook.book(game, "en").parts}
        for language in ("de", "ja"):
            same = [p.anchor for p in rulebook.book(game, language).parts if str(p.body) == english[p.anchor]]
            assert not same, f"{game}.{language}: still English in {same}"


def test_the_markdown_subset():
    book = rulebook.parse(
        "# T\n\n## One {#one}\n\nA **b** `c`\nd ST-R7.\n\n- x\n  y\n- z\n\n"
        "## Two {#two}\n\n### ST-R7 Title\n\n本文の\n続き\n",
        "g",
        "en",
    )
    assert book.title == "T" and [s.anchor for s in book.sections] == ["one", "two"]
    assert str(book.sections[0].body) == (
        "<p>A <strong>b</strong> <code>c</code> d "
        '<a class="rule-ref" href="#ST-R7">ST-R7</a>.</p>\n'
        "<ul><li>x y</li><li>z</li></ul>"
    )
    part = book.sections[1].parts[0]
    assert (part.anchor, part.title, part.rule, str(part.body)) == ("ST-R7", "Title", True, "<p>本文の続き</p>")
    assert "&lt;script&gt;" in str(rulebook.parse("# T\n## S {#s}\n<script>\n", "g", "en").sections[0].body)
    with pytest.raises(ValueError, match="anchor"):
        rulebook.parse("# T\n## No anchor\n", "g", "en")


# --------------------------------------------------------------------------- the pages


def anchors_in(page: str) -> list[str]:
    return re.findall(r'\bid="([^"]+)"', page)


@pytest.mark.parametrize("language", rulebook.LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_page_renders_in_every_language_with_every_anchor(client, game, language):
    response = client.get(f"/rules/{game}", headers={"Accept-Language": language})
    page = text(response)
    book = rulebook.book(game, language)
    assert response.status_code == 200 and f'<html lang="{language}"' in page
    assert html.escape(book.title) in page and f'<div class="book" lang="{language}">' in page
    found = anchors_in(page)
    assert all(found.count(anchor) == 1 for anchor in book.anchors), "every anchor once"
    for part in book.parts:
        assert str(part.body) in page
    for rule in book.rule_ids:
        assert f'<section id="{rule}" class="book-part rule-par">' in page


def test_the_rules_page_follows_the_language_switch(client):
    page = text(client.get("/rules/was-sticht?lang=de"))
    assert rulebook.book("was-sticht", "de").section("rules").title in page and '<html lang="de"' in page


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_sheet_is_the_book_without_the_page(client, game):
    response = client.get(f"/rules/{game}/sheet", headers={"Accept-Language": "ja"})
    page = text(response)
    assert response.status_code == 200 and "<html" not in page and "<header" not in page
    assert set(rulebook.book(game, "ja").anchors) <= set(anchors_in(page))
    assert 'id="rule-sheet-title"' in page and "data-close" in page and "閉じる" in page


def test_no_rules_page_for_an_unknown_game(client):
    assert client.get("/rules/poker").status_code == 404
    assert client.get("/rules/poker/sheet").status_code == 404


def test_the_start_page_links_every_game_s_rules_and_says_how_to_play(client):
    for language in rulebook.LANGUAGES:
        page = text(client.get("/", headers={"Accept-Language": language}))
        for game in GAMES:
            assert f'href="/rules/{game}"' in page
            assert str(rulebook.book(game, language).section("how-to-play").body) in page
        assert page.count('<details class="how-to-play">') == len(GAMES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_house_rule_on_the_new_table_form_has_a_question_mark(client, game):
    page = text(client.get(f"/new/{game}", headers={"Accept-Language": "de"}))
    for option in GAMES[game].options:
        assert (
            f'<a class="help-link" href="/rules/{game}#option-{option.name}" data-sheet="/rules/{game}/sheet"'
        ) in page
    assert page.count('class="help-link"') == len(GAMES[game].options)


# --------------------------------------------------------------------------- rule IDs as links


def link(game: str, rule: str) -> str:
    return f'<a class="rule" href="/rules/{game}#{rule}" data-sheet="/rules/{game}/sheet">{rule}</a>'


@pytest.fixture
def host(app):
    phone = Phone(app)
    phone.open_table(["Ann", "Ben", "Cleo"])
    phone.look()
    return phone


def refuse_and_rule(host: Phone):
    """A refused play (ST-R12: two cards on the table, one played), then the host's ruling."""
    start_and_predict(host, (2, 2, 1))
    host.enter({"type": "start_player", "seat": 0})
    host.enter({"type": "play", "seat": 0, "cards": ["5S", "5D"]})
    refused = host.enter({"type": "play", "seat": 1, "cards": ["6S"]})
    action = html.unescape(re.search(r'name="action_json" value="([^"]+)"', text(refused)).group(1))
    return refused, host.enter({"action_json": action, "ruling": "1"})


def test_a_refusal_on_the_board_links_its_rule_in_the_phone_s_language(app, host):
    refused, _ruled = refuse_and_rule(host)
    assert refused.status_code == 422 and link("switch-to", "ST-R12") in text(refused)
    german = host.client.get("/rules/switch-to", headers={"Accept-Language": "de"})
    paragraph = next(p for p in rulebook.book("switch-to", "de").parts if p.anchor == "ST-R12")
    assert '<section id="ST-R12"' in text(german) and str(paragraph.body) in text(german)


def test_a_refusal_without_a_paragraph_stays_plain_text(host):
    host.enter({"type": "start_round"})
    response = host.enter({"type": "predict", "seat": 0, "value": "x"})  # ST-R1
    assert link("switch-to", "ST-R1") in text(response)
    response = host.enter({"type": "no_such_entry"})
    assert response.status_code == 422 and '<strong class="rule">ENTRY</strong>' in text(response)


def test_a_note_and_a_ruling_in_history_link_their_rule(host):
    _refused, ruled = refuse_and_rule(host)
    assert ruled.status_code == 200
    assert f"Table ruling, overriding {link('switch-to', 'ST-R12')}." in text(ruled)
    history = text(host.client.get(f"/t/{host.code}/history", headers={"Accept-Language": "ja"}))
    assert link("switch-to", "ST-R12") in history and 'class="tag ruling"' in history


def test_the_board_links_the_whole_rule_book(host):
    assert '<a class="btn" href="/rules/switch-to" data-sheet="/rules/switch-to/sheet">' in host.look()


def test_a_refused_table_on_the_new_table_form_links_its_rule(client):
    response = client.post("/new/swoop", data={"player": ["A", "B", "C", "D", "E", "F"], "packs": "2"})
    assert response.status_code == 422 and link("swoop", "SW-C9") in text(response)


# --------------------------------------------------------------------------- the API


def api_table(client, game="switch-to", players=("Ann", "Ben", "Cleo")) -> dict:
    return client.post("/api/tables", json={"game": game, "players": list(players)}).json


def api_enter(client, table: dict, action: dict, token: str | None = None, seq: int = 0):
    return client.post(
        f"/api/tables/{table['code']}/plays",
        json={"action": action, "expected_seq": seq, "key": uuid.uuid4().hex},
        headers={"Authorization": f"Bearer {token or table['host_token']}"},
    )


def test_an_api_refusal_carries_the_absolute_rule_url(client, app):
    table = api_table(client)
    refused = api_enter(client, table, {"type": "predict", "seat": 0, "value": 3})  # ST-R2: no round yet
    error = refused.json["error"]
    assert refused.status_code == 422 and error["rule"] == "ST-R2"
    assert error["rule_url"] == f"{app.config['PUBLIC_URL']}/rules/switch-to#ST-R2"
    path, anchor = error["rule_url"].removeprefix(app.config["PUBLIC_URL"]).split("#")
    assert f'id="{anchor}"' in text(client.get(path))


def test_a_permission_refusal_and_a_refused_table_carry_it_too(client, app):
    table = api_table(client)
    api_enter(client, table, {"type": "start_round"})
    ben = client.post(
        f"/api/tables/{table['code']}/seats/1/claim", headers={"Authorization": f"Bearer {table['host_token']}"}
    ).json["token"]
    other = api_enter(client, table, {"type": "predict", "seat": 0, "value": 3}, ben, seq=1)
    assert other.status_code == 403 and other.json["error"]["rule_url"].endswith("/rules/switch-to#ST-C9")
    refused = client.post("/api/tables", json={"game": "swoop", "players": list("ABCDEF"), "options": {"packs": "2"}})
    assert (
        refused.status_code == 422
        and refused.json["error"]["rule_url"] == f"{app.config['PUBLIC_URL']}/rules/swoop#SW-C9"
    )


def test_an_error_with_no_rule_of_the_game_has_no_rule_url(client):
    table = api_table(client)
    unreadable = api_enter(client, table, {"type": "no_such_entry"})
    assert unreadable.json["error"]["rule"] == "ENTRY" and "rule_url" not in unreadable.json["error"]


def test_the_openapi_document_describes_rule_url(client):
    error = client.get("/api/openapi.json").json["components"]["schemas"]["Error"]["properties"]["error"]
    assert error["properties"]["rule_url"]["format"] == "uri"
    assert "rule_url" in Path(ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def test_was_sticht_s_hint_flags_link_their_rule(client):
    """Trumps shown at the reveal other than those entered: the note (WS-X10) and each flagged
    column (a line starting with its rule ID, shown by the game's own board) are links."""
    from tests.games.was_sticht_examples import A, COLUMNS_85, drafted_chips, seat_cards

    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    for picks, _hint in COLUMNS_85:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        table.enter({"type": "announce_hint"}, by=A)
    state = table.enter({"type": "reveal", "colour": "R", "number": "9"}, by=A)["state"]
    assert state["flags"], "the shown trumps change some hint"
    client.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    page = text(client.get(f"/t/{table.code}"))
    assert f"{link('was-sticht', 'WS-X10')}: the trumps shown (R/9)" in page
    assert page.count(f"{link('was-sticht', 'WS-X10')}: Column") >= len(state["flags"])
    assert "WS-X10: " not in page, "a flag whose rule ID is plain text"
