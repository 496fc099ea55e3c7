"""Three languages: the catalogs are complete and compiled, the pages follow the browser or the
switch, and no template shows text that bypasses translation."""

from __future__ import annotations

import gettext
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from jinja2 import nodes

from referee.app import ROOT, create_app
from referee.games import GAMES

TRANSLATIONS = ROOT / "referee" / "translations"
LOCALES = ("de", "ja")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def catalog(locale: str, folder: Path = TRANSLATIONS):
    with open(Path(folder) / locale / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po)


def messages(cat) -> dict:
    """Message by id, or by (context, id) for a text one game says its own way."""
    return {(m.context, m.id) if m.context else m.id: m for m in cat if m.id}


def extracted_ids() -> set:
    """What pybabel would extract today, with the project's babel.cfg."""
    with open(ROOT / "babel.cfg") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = extract_from_dir(
        str(ROOT),
        method_map,
        options_map,
        keywords={"_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None, "pgettext": ((1, "c"), 2)},
    )
    return {(context, message) if context else message for _path, _line, message, _comments, context in found}


# --------------------------------------------------------------------------- the catalogs


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_has_a_real_translation(locale):
    for message in messages(catalog(locale)).values():
        msgid = message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(form.strip() for form in forms), f"{locale}: no translation for {msgid!r}"
        assert not message.fuzzy, f"{locale}: fuzzy {msgid!r}"
        wanted = set(PLACEHOLDER.findall(" ".join(msgid if isinstance(msgid, tuple) else (msgid,))))
        for form in forms:  # a form may drop %(num)d (Japanese has one form for any count)
            assert set(PLACEHOLDER.findall(form)) <= wanted, f"{locale}: {form!r} names other values"
            assert set(PLACEHOLDER.findall(form)) >= wanted - {"%(num)d"}, f"{locale}: {form!r} drops a value"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_compiled_catalog_is_the_po_file(locale):
    """The committed .mo is what the app reads: it must say exactly what the .po says."""
    with open(TRANSLATIONS / locale / "LC_MESSAGES" / "messages.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)._catalog
    expected = {}
    for message in messages(catalog(locale)).values():
        key = (
            f"{message.context}\x04{message.id if isinstance(message.id, str) else message.id[0]}"
            if message.context
            else message.id
        )  # gettext's context separator
        if isinstance(message.id, tuple):
            for n, form in enumerate(message.string):
                expected[(key if message.context else message.id[0], n)] = form
        else:
            expected[key] = message.string
    compiled.pop("", None)  # the header
    assert compiled == expected, "run: pybabel compile -d referee/translations"


def test_the_catalogs_hold_every_marked_text():
    """Extracting again finds nothing new: every _() in the templates and pages.py, and every
    engine title and house-rule help, has a translation."""
    wanted = extracted_ids()
    assert "Open a table" in wanted and GAMES["schwimmen"].options[0].help in wanted  # extraction works
    for locale in LOCALES:
        missing = wanted - set(messages(catalog(locale)))
        assert not missing, f"{locale} lacks {sorted(map(str, missing))[:10]}"


def test_every_engine_text_shown_on_the_new_table_page_is_extracted():
    wanted = extracted_ids()
    for engine in GAMES.values():
        if engine.own_translations:
            continue  # its own catalogs hold them (the next test)
        assert engine.title in wanted
        for option in engine.options:
            assert getattr(option.help, "template", option.help) in wanted  # a Text by its template
            assert {getattr(text, "template", text) for text in (option.value_help or {}).values()} <= wanted


def test_a_game_with_catalogs_of_its_own_has_its_texts_there_compiled():
    """A game kept in a folder of its own (the toy game) brings its words with it."""
    from referee.i18n_extract import engine_texts, sentence_templates

    own = [engine for engine in GAMES.values() if engine.own_translations]
    assert own, "the toy game keeps its own catalogs"
    for engine in own:
        source = Path(sys.modules[type(engine).__module__].__file__).read_text(encoding="utf-8")
        wanted = {*engine_texts(engine), *(template for _line, template in sentence_templates(source))}
        for locale in LOCALES:
            said = messages(catalog(locale, engine.own_translations))
            assert wanted - {"Standard rules"} <= set(said), f"{engine.id} {locale} lacks {wanted - set(said)}"
            with open(Path(engine.own_translations) / locale / "LC_MESSAGES" / "messages.mo", "rb") as mo:
                compiled = gettext.GNUTranslations(mo)
            assert all(compiled.gettext(message) == said[message].string for message in wanted if message in said)


# --------------------------------------------------------------------------- no text bypasses _()

VISIBLE_ATTRIBUTES = {"alt", "title", "placeholder", "aria-label", "aria-description"}
WORD = re.compile(r"[^\W\d_]{3,}")  # a word of three letters or more (card codes like 'JK' are not words)
HTML_WORDS = {"checked", "selected", "disabled", "required", "open"}  # attributes written by an expression


class _TextFinder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.found += [value for name, value in attrs if name in VISIBLE_ATTRIBUTES and value and WORD.search(value)]

    def handle_data(self, data):
        if WORD.search(data):
            self.found.append(data.strip())


def markup_text(source: str) -> list[str]:
    """Words in the template's own HTML (text and visible attributes), expressions blanked."""
    source = re.sub(r"{#.*?#}", "", source, flags=re.DOTALL)
    source = re.sub(r"{%-?\s*trans\b.*?endtrans\s*-?%}", "§", source, flags=re.DOTALL)
    source = re.sub(r"{{.*?}}", "§", source, flags=re.DOTALL)
    source = re.sub(r"{%.*?%}", " ", source, flags=re.DOTALL)
    finder = _TextFinder()
    finder.feed(source)
    return finder.found


GETTEXT_CALLS = {"_", "gettext", "ngettext", "pgettext", "npgettext"}


def shown_literals(node) -> list[str]:
    """String literals an expression can print as they are (not through _())."""
    if isinstance(node, nodes.Const):
        return [node.value] if isinstance(node.value, str) else []
    if isinstance(node, nodes.Call):
        return []  # _() calls, and macro calls whose own bodies are checked
    if isinstance(node, nodes.CondExpr):
        return shown_literals(node.expr1) + (shown_literals(node.expr2) if node.expr2 else [])
    if isinstance(node, nodes.Concat):
        return [text for part in node.nodes for text in shown_literals(part)]
    if isinstance(node, nodes.Filter):
        return shown_literals(node.node) if node.name not in ("format",) else []
    if isinstance(node, nodes.Getitem):
        return shown_literals(node.node)  # {'a': 'shown'}[key]
    if isinstance(node, nodes.Dict):
        return [text for pair in node.items for text in shown_literals(pair.value)]
    if isinstance(node, (nodes.List, nodes.Tuple)):
        return [text for item in node.items for text in shown_literals(item)]
    return []


def expression_text(env, source: str) -> list[str]:
    tree = env.parse(source)
    found = []
    for output in tree.find_all(nodes.Output):
        for child in output.nodes:
            if not isinstance(child, nodes.TemplateData):
                found += shown_literals(child)
    for assign in tree.find_all(nodes.Assign):  # {% set names = {'E1': 'shown later'} %}
        if isinstance(assign.node, nodes.Dict):
            found += shown_literals(assign.node)
    return [text for text in found if WORD.search(text) and text.strip() not in HTML_WORDS]


TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT / "templates")))
def test_templates_show_no_text_outside_translation(path):
    env = create_app({"DATABASE_URL": "sqlite://"}).jinja_env
    source = path.read_text()
    assert markup_text(source) == [], "wrap these in _() or {% trans %}"
    assert expression_text(env, source) == [], "wrap these literals in _()"


def test_the_checker_finds_unmarked_text():
    env = create_app({"DATABASE_URL": "sqlite://"}).jinja_env
    assert markup_text('<p title="Hello">Waiting for {{ name }}</p>') == ["Hello", "Waiting for §"]
    assert markup_text("<p>{{ _('Waiting') }} · {{ n }}</p>") == []
    assert expression_text(env, "{{ 'win' if n > 1 else 'wins' }}") == ["win", "wins"]
    assert expression_text(env, "{% set e = {'E1': 'no token'} %}{{ _('x') if a == 'over' }}") == ["no token"]


# --------------------------------------------------------------------------- the pages


def words(response) -> str:
    html = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.get_data(as_text=True)).group(1)


@pytest.fixture
def table_code(client):
    return client.post("/api/tables", json={"game": "schwimmen", "players": ["Ann", "Ben"]}).json["code"]


def test_the_browser_language_picks_german(client, table_code):
    german = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    start = client.get("/", headers=german)
    assert html_lang(start) == "de" and "Tisch eröffnen" in words(start) and "Open a table" not in words(start)
    table = client.get(f"/t/{table_code}", headers=german)
    assert html_lang(table) == "de"
    assert "Hausregeln:" in words(table) and "Wer bist du?" in words(table) and "Wer gibt zuerst?" in words(table)
    assert "Accept-Language" in table.headers["Vary"]


def test_engine_texts_are_translated_on_the_new_table_page(client):
    page = words(client.get("/new/schwimmen", headers={"Accept-Language": "de"}))
    assert "Wie die Hände wechseln." in page and "How hands change." not in page


def test_house_rule_values_are_named_in_the_page_language(client):
    page = client.get("/new/schwimmen", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "<strong>nur der Geber</strong>" in page and 'value="dealer_only"' in page  # the form still sends the id
    english = client.get("/new/schwimmen").get_data(as_text=True)
    assert "<strong>dealer only</strong>" in english


def test_a_game_can_say_a_shared_word_its_own_way():
    """A German Schwimmen table 'schiebt' where a Switch To table 'passt'."""
    german = {m.id: m.string for m in catalog("de") if m.id == "Pass"}
    assert german == {"Pass": "Passen"} or set(german.values()) == {"Passen"}
    assert messages(catalog("de"))[("Schwimmen", "Pass")].string == "Schieben"


def test_lang_parameter_gives_japanese(client, table_code):
    page = client.get(f"/t/{table_code}?lang=ja", headers={"Accept-Language": "de"})
    assert html_lang(page) == "ja" and "ハウスルール" in words(page) and "あなたはどなたですか" in words(page)


def test_an_unknown_language_falls_back_to_english(client, table_code):
    page = client.get(f"/t/{table_code}?lang=xx", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert html_lang(page) == "en" and "House rules:" in words(page) and "Who are you?" in words(page)
    assert html_lang(client.get("/")) == "en"  # no preference at all


def test_the_switch_is_on_every_page_and_leads_back_to_it(client, table_code):
    page = client.get(f"/t/{table_code}").get_data(as_text=True)
    for code in ("en", "de", "ja"):
        assert f'href="/lang/{code}?next=/t/{table_code}"' in page
    assert 'href="/lang/ja?next=/"' in client.get("/").get_data(as_text=True)


def test_the_switch_sets_a_lasting_cookie_and_redirects_back(client, table_code):
    answer = client.get(f"/lang/de?next=/t/{table_code}%3Flang%3Dja")
    assert answer.status_code == 303 and answer.headers["Location"] == f"/t/{table_code}"  # ?lang= would win
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("lang=de;") and "Path=/" in cookie and "SameSite=Lax" in cookie
    assert int(re.search(r"Max-Age=(\d+)", cookie).group(1)) >= 180 * 86400
    page = client.get(f"/t/{table_code}", headers={"Accept-Language": "ja"})
    assert html_lang(page) == "de" and "Hausregeln:" in words(page)


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "/\\evil.example", "evil", ""])
def test_the_switch_only_redirects_within_the_site(client, target):
    answer = client.get("/lang/ja", query_string={"next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_an_unknown_language_in_the_switch_sets_nothing(client):
    answer = client.get("/lang/xx?next=/")
    assert answer.status_code == 303 and "Set-Cookie" not in answer.headers


def test_a_page_drawn_after_a_post_switches_back_to_the_page_of_the_form(client):
    page = client.post(
        "/new/schwimmen", data={"player": ["Ann"]}, headers={"Referer": "http://localhost/new/schwimmen"}
    )
    assert page.status_code == 422
    assert 'href="/lang/de?next=/new/schwimmen"' in page.get_data(as_text=True)


def test_the_app_reads_the_installed_catalogs():
    app = create_app({"DATABASE_URL": "sqlite://"})
    folders = app.config["BABEL_TRANSLATION_DIRECTORIES"].split(";")
    assert Path(app.root_path, folders[0]) == TRANSLATIONS
    assert folders[1:] == [game.own_translations for game in GAMES.values() if game.own_translations]


PRINTED_OPTION = re.compile(r"v\.options\.(\w+)(?!\w|\s*(?:\|option_value|==|!=|\s+in\b))")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_boards_name_house_rule_values_through_option_value(game):
    """A board that prints a house rule's value names it in the page's language; only numbers
    are printed as they are."""
    folder = ROOT / "templates" / GAMES[game].template_folder
    source = "".join(path.read_text() for path in sorted(folder.glob("*.html")))
    numbers = {option.name for option in GAMES[game].options if option.number}
    printed = set(PRINTED_OPTION.findall(source)) - numbers - {"lives"}  # lives: a count, through ngettext
    assert printed == set(), f"print these with |option_value: {sorted(printed)}"


ENGLISH = re.compile(r"\b(the|is|are|you|your|and|with|of|to|not|has|have|played|turn|cards?)\b")


def english_lines(html: str) -> set[str]:
    text = re.sub(r"<[^>]+>", "\n", re.sub(r"<(script|style)[^>]*>.*?</\1>", "", html, flags=re.DOTALL))
    lines = {" ".join(line.split()) for line in text.splitlines()}
    return {line for line in lines if len(line) > 8 and ENGLISH.search(line)}


@pytest.mark.slow  # 15 random games through the pages: a third of the example tests' time
@pytest.mark.parametrize("language", ["de", "ja", "en"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_random_game_on_a_german_or_japanese_phone_shows_no_english_sentence(game, language):
    """The host plays legal entries (and some for the wrong seat, to be refused) through the
    pages; no board, refusal, note or history line is left in English. English finds some, so
    the check can fail."""
    import json
    import random
    import uuid

    from sqlmodel import Session

    from referee.table import reads
    from referee.web.sessions import cookie_name

    app, engine, chance = create_app({"DATABASE_URL": "sqlite://"}), GAMES[game], random.Random(game)
    client = app.test_client()
    players = ["Ann", "Ben", "Cem", "Dee"][: max(engine.min_players, 3)]
    table = client.post("/api/tables", json={"game": game, "players": players}).json
    client.set_cookie(cookie_name(table["code"]), table["host_token"], path=f"/t/{table['code']}")
    client.set_cookie("lang", language)
    seq, english = 0, set()
    for _step in range(40):
        with Session(app.extensions["db_engine"]) as session:
            state = reads.current_state(session, reads.find_table(session, table["code"]))
        entries = engine.legal_entries(state)
        if not entries:
            break
        entry = dict(chance.choice(entries))
        if chance.random() < 0.3:
            entry["seat"] = chance.randrange(len(players))
        answer = client.post(
            f"/t/{table['code']}/entries",
            headers={"HX-Request": "true"},
            data={"action_json": json.dumps(entry), "expected_seq": seq, "key": uuid.uuid4().hex},
        )
        seq += answer.status_code == 200
        english |= english_lines(answer.get_data(as_text=True))
    english |= english_lines(client.get(f"/t/{table['code']}/history").get_data(as_text=True))
    assert seq > 5
    if language == "en":
        assert english
    else:
        assert english == set()
