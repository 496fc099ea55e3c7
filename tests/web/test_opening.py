"""Opening a table is short, and the start page leads back (issue 15): the new-table form asks for
names and a preset named in words, keeps the house rules collapsed and says every value in words
in each language; the start page leads a phone back to the tables it holds a seat or the host's
role at, and says in one line what each game is."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from referee.games import GAMES
from referee.i18n import LANGUAGES
from tests.helpers import Phone, seat_phone, text

# What a form must never show a player: value ids and the words of the engine's bookkeeping.
INTERNAL = re.compile(r"\b(?:true|false|bga|preset|flat5|checkpoint8|playmonster|\w+_\w+)\b", re.IGNORECASE)


class _Parts(HTMLParser):
    """The text a person sees inside the first element matching ``start``, and that element's
    inner HTML pieces (tags with their attributes) for the structure checks."""

    def __init__(self, tag: str, css_class: str):
        super().__init__()
        self.tag, self.css_class = tag, css_class
        self.depth = 0
        self.words: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if self.depth == 0 and tag == self.tag and self.css_class in classes:
            self.depth = 1
            return
        if self.depth and tag == self.tag:
            self.depth += 1
        if self.depth and tag in ("script", "style"):
            self.skip += 1

    def handle_endtag(self, tag):
        if self.depth and tag in ("script", "style"):
            self.skip -= 1
        if self.depth and tag == self.tag:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth and not self.skip:
            self.words.append(data)


def visible_text(page: str, tag: str, css_class: str) -> str:
    parser = _Parts(tag, css_class)
    parser.feed(page)
    return re.sub(r"\s+", " ", " ".join(parser.words)).strip()


def form_of(client, game: str, language: str = "en") -> str:
    return text(client.get(f"/new/{game}", headers={"Accept-Language": language}))


def table_options(client, code: str) -> dict:
    return client.get(f"/api/tables/{code}").json["state"]["options"]


# --------------------------------------------------------------------------- the new-table form


def test_the_form_says_every_house_rule_value_in_words_in_every_language(client):
    shown = {}
    for game in GAMES:
        for language in LANGUAGES:
            words = visible_text(form_of(client, game, language), "form", "new-table")
            assert words, (game, language)
            found = sorted(set(INTERNAL.findall(words)))
            if found:
                shown[(game, language)] = found
    assert shown == {}


def test_the_house_rules_are_collapsed_under_a_summary_that_says_defaults(client):
    for game in GAMES:
        page = form_of(client, game)
        details = re.search(r'<details class="house-rules"(?P<attrs>[^>]*)>(?P<inside>.*?)</details>', page, re.S)
        assert details, game
        assert "open" not in details["attrs"], game
        summary = re.search(r"<summary[^>]*>(.*?)</summary>", details["inside"], re.S).group(1).strip()
        assert summary == "House rules: defaults", game
        for option in GAMES[game].options:  # every house rule is in there, and only in there
            assert f'name="{option.name}"' in details["inside"], (game, option.name)
            assert f'name="{option.name}"' not in page.replace(details.group(0), ""), (game, option.name)
        assert page.index('<details class="house-rules"') < page.index("Open the table")
    german = visible_text(form_of(client, "schwimmen", "de"), "details", "house-rules")
    assert german.startswith("Hausregeln: Standard")


def test_the_form_offers_presets_named_in_words_the_defaults_first(client):
    for game in GAMES:
        page = form_of(client, game)
        first = GAMES[game].presets[0]
        assert first.options == {}, game  # the first preset is the defaults
        assert re.search(r'name="rules" value="%s"' % first.key, page), game
    switch16 = visible_text(form_of(client, "switch-16"), "form", "new-table")
    assert "Standard rules (2022 leaflet)" in switch16 and "Older editions (Piatnik)" in switch16
    assert "Classic Schwimmen" in visible_text(form_of(client, "schwimmen"), "form", "new-table")
    assert "Standard rules" in visible_text(form_of(client, "switch-to"), "form", "new-table")
    assert "Klassisches Schwimmen" in visible_text(form_of(client, "schwimmen", "de"), "form", "new-table")


def test_a_preset_fills_in_the_house_rules_left_at_their_defaults(client):
    """Without JavaScript the form posts the preset and every house rule at its default."""
    phone = Phone(client.application)
    code = phone.open_table(["Ann", "Ben"], "switch-16", rules="piatnik")
    assert table_options(client, code)["risk_penalty"] == "checkpoint8"
    code = phone.open_table(["Ann", "Ben"], "switch-16", rules="piatnik", game_mode="points")
    assert table_options(client, code)["risk_penalty"] == "checkpoint8"
    assert table_options(client, code)["game_mode"] == "points"  # an explicit choice wins
    code = phone.open_table(["Ann", "Ben", "Cem"], "schwimmen", rules="classic")
    assert table_options(client, code)["preset"] == "classic"


def test_with_javascript_the_house_rules_as_ticked_are_the_whole_truth(client):
    """The phone ticked the preset's values into the fields, then the host set one back."""
    phone = Phone(client.application)
    code = phone.open_table(["Ann", "Ben"], "switch-16", rules="piatnik", rules_filled="1", risk_penalty="playmonster")
    assert table_options(client, code)["risk_penalty"] == "playmonster"


def test_a_refused_form_comes_back_open_saying_how_many_rules_differ(client):
    response = client.post(
        "/new/switch-16",
        data={
            "player": ["Ann"],
            "rules": "standard",
            "rules_filled": "1",
            "risk_penalty": "turn_only",
            "game_mode": "points",
        },
    )
    assert response.status_code == 422
    summary = visible_text(text(response), "details", "house-rules")
    assert summary.startswith("House rules: 2 changed")
    assert re.search(r'<details class="house-rules"\s+open>', text(response))


# --------------------------------------------------------------------------- the start page


def back_to_my_table(phone: Phone) -> str:
    return visible_text(text(phone.client.get("/")), "section", "my-tables")


def test_the_start_page_leads_the_host_and_a_joined_phone_back_to_their_table(app):
    host = Phone(app)
    assert back_to_my_table(host) == ""  # a new phone holds nothing
    host.open_table(["Ann", "Ben", "Cem"], "schwimmen")
    listed = back_to_my_table(host)
    assert listed.startswith("Back to my table") and "Schwimmen" in listed and "you are the host" in listed
    assert f'href="/t/{host.code}"' in text(host.client.get("/"))

    ben = seat_phone(app, host, 1)
    listed = back_to_my_table(ben)
    assert "Schwimmen" in listed and "you are Ben" in listed
    assert "du bist Ben" in visible_text(
        text(ben.client.get("/", headers={"Accept-Language": "de"})), "section", "my-tables"
    )

    watcher = Phone(app)
    watcher.look(host.code)
    assert back_to_my_table(watcher) == ""  # watching is holding nothing


def test_the_site_wide_list_of_my_tables_holds_no_pass_that_could_write(app):
    """The start page's cookie goes with every request to the site: it keeps a fingerprint of
    each pass, never the pass itself (which lives only at its table's own path)."""
    host = Phone(app)
    host.open_table(["Ann", "Ben"], "schwimmen")
    ben = seat_phone(app, host, 1)
    for phone in (host, ben):
        passes = [c.value for c in phone.client._cookies.values() if c.path == f"/t/{host.code}"]
        listed = phone.client.get_cookie("rt_tables", path="/").value
        assert passes and all(token not in listed for token in passes)
        assert back_to_my_table(phone).startswith("Back to my table")


def test_the_start_page_lists_the_newest_table_first_and_forgets_what_the_phone_gave_up(app):
    host = Phone(app)
    first = host.open_table(["Ann", "Ben"], "switch-to")
    second = host.open_table(["Ann", "Ben", "Cem"], "swoop")
    page = text(host.client.get("/"))
    assert page.index(f'href="/t/{second}"') < page.index(f'href="/t/{first}"')

    ben = seat_phone(app, host, 1)  # at the swoop table
    host.client.post(f"/t/{second}/free", data={"seat": 1})
    assert "Swoop" not in back_to_my_table(ben)  # the host freed Ben's seat

    host.client.post(f"/t/{first}/leave")
    assert f'href="/t/{first}"' not in text(host.client.get("/"))
    assert text(host.client.get("/")).count('class="game mine"') == 1


def test_the_start_page_is_kept_from_caches_once_it_names_this_phones_tables(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    assert host.client.get("/").headers["Cache-Control"] == "no-store, private"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_start_page_says_in_one_line_what_each_game_is(client, language):
    from flask_babel import force_locale

    from referee.i18n import translate

    page = text(client.get("/", headers={"Accept-Language": language}))
    for game in GAMES.values():
        assert game.summary, game.id
        with client.application.test_request_context(), force_locale(language):
            said = translate(game.summary)
        assert f'<small class="what">{said}</small>' in page, (game.id, language)
