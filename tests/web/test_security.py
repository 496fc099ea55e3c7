"""Unguessable codes and tokens, form posts only from our own pages, security headers everywhere."""

from __future__ import annotations

import math
import re
import uuid

import pytest
from sqlalchemy import update
from sqlmodel import Session

from referee.table import reads
from referee.table.codes import CODE_ALPHABET, CODE_LENGTH
from referee.db import GameTable
from tests.helpers import Phone

from .api_driver import TableDriver

# --------------------------------------------------------------------------- codes and tokens


def test_codes_are_8_characters_from_31_unambiguous_letters(client):
    alphabet = CODE_ALPHABET
    assert len(set(alphabet)) == 31 and not set(alphabet) & set("01OIL")
    assert CODE_LENGTH * math.log2(len(alphabet)) > 39
    codes = {TableDriver(client, "switch-to", ["A", "B"]).code for _ in range(30)}
    assert len(codes) == 30
    assert all(re.fullmatch(f"[{alphabet}]{{8}}", code) for code in codes)


def test_tokens_carry_192_random_bits(client):
    table = TableDriver(client, "switch-to", ["A", "B", "C"])
    tokens = [table.host, *table.tokens]
    assert len(set(tokens)) == 4
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{32}", token) for token in tokens)  # 32 base64 chars = 192 bits


def test_a_table_opened_with_a_six_letter_code_is_still_found(app, client):
    table = TableDriver(client, "switch-to", ["A", "B"])
    with Session(app.extensions["db_engine"]) as session:
        session.execute(update(GameTable).where(GameTable.code == table.code).values(code=table.code[:6]))
        session.commit()
    assert client.get(f"/api/tables/{table.code[:6].lower()}").status_code == 200
    assert client.get(f"/t/{table.code[:6]}").status_code == 200


# --------------------------------------------------------------------------- cross-site form posts

CROSS_SITE = [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Sec-Fetch-Site": "cross-site", "Origin": "http://localhost"},  # fetch metadata wins
    {"Origin": "https://evil.example"},
    {"Origin": "null"},
    {"Origin": "http://localhost.evil.example"},
    {"Referer": "https://evil.example/t/ABC"},
    {"Referer": "file:///tmp/form.html"},
]
OUR_OWN = [
    {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
    {"Sec-Fetch-Site": "none"},
    {"Origin": "http://localhost"},
    {"Referer": "http://localhost/t/ABC"},
    {"Origin": "http://table.test"},
    {},
]  # table.test: the configured public address; {}: no browser


@pytest.fixture
def host(app):
    phone = Phone(app)
    phone.open_table(["Ann", "Ben", "Cem"])
    phone.look()
    phone.enter({"type": "start_round"})
    phone.look()
    return phone


def page_posts(code: str, seq: int) -> dict[str, dict]:
    """Every form a page posts, as our own pages would fill it in."""
    return {
        f"/t/{code}/entries": {
            "type": "predict",
            "seat": "0",
            "value": "3",
            "expected_seq": seq,
            "key": uuid.uuid4().hex,
        },
        f"/t/{code}/undo": {"expected_seq": seq, "key": uuid.uuid4().hex},
        f"/t/{code}/free": {"seat": "1"},
        f"/t/{code}/join": {"seat": "2"},
        f"/t/{code}/leave": {},
        "/new/switch-to": {"player": ["Eve", "Mal"]},
    }


def table_state(app, code: str) -> tuple:
    with Session(app.extensions["db_engine"]) as session:
        table = reads.find_table(session, code)
        return table.seq, table.seats


@pytest.mark.parametrize("headers", CROSS_SITE, ids=lambda h: " ".join(f"{k}={v}" for k, v in h.items()))
def test_a_cross_site_post_with_a_valid_cookie_is_refused_and_records_nothing(app, host, headers):
    before = table_state(app, host.code)
    tables_before = _table_count(app)
    for url, data in page_posts(host.code, host.seq).items():
        response = host.client.post(url, data=data, headers=headers)
        assert response.status_code == 403, url
        assert "Set-Cookie" not in response.headers, url
    assert table_state(app, host.code) == before
    assert _table_count(app) == tables_before


@pytest.mark.parametrize("headers", OUR_OWN, ids=lambda h: " ".join(f"{k}={v}" for k, v in h.items()) or "none")
def test_a_post_from_our_own_page_goes_through(host, headers):
    response = host.client.post(
        f"/t/{host.code}/entries", headers=headers, data=page_posts(host.code, host.seq)[f"/t/{host.code}/entries"]
    )
    assert response.status_code == 303


def _table_count(app) -> int:
    with Session(app.extensions["db_engine"]) as session:
        return len(session.exec(GameTable.__table__.select()).all())


def test_the_api_needs_no_such_check_it_takes_no_cookie(client, host):
    """A cross-site page can send the cookie along to the API (SameSite permitting) but not
    a bearer token, and the API reads only the token."""
    token = host.client.get_cookie(f"rt_{host.code}", path=f"/t/{host.code}").value
    host.client.set_cookie(f"rt_{host.code}", token, path="/api")
    response = host.client.post(
        f"/api/tables/{host.code}/plays",
        headers={"Sec-Fetch-Site": "cross-site"},
        json={"action": {"type": "predict", "seat": 0, "value": 3}, "expected_seq": host.seq, "key": "k"},
    )
    assert response.status_code == 401


# --------------------------------------------------------------------------- cookies


def test_the_seat_cookie_is_http_only_same_site_and_scoped_to_its_table(client):
    cookie = client.post("/new/switch-to", data={"player": ["Ann", "Ben"]}).headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and re.search(r"Path=/t/[A-Z0-9]{8}", cookie)
    assert "Secure" not in cookie  # plain http on the LAN: a Secure cookie would never come back


def test_over_https_the_seat_cookie_is_secure(client):
    response = client.post("/new/switch-to", data={"player": ["Ann", "Ben"]}, base_url="https://localhost")
    assert "; Secure" in response.headers["Set-Cookie"]


FORWARDED_HTTPS = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "referee.example",
    "X-Forwarded-For": "203.0.113.9",
}


def test_behind_a_trusted_tls_proxy_the_cookie_is_secure_and_hsts_is_sent(database_url):
    from referee.app import create_app

    client = create_app(
        {"DATABASE_URL": database_url, "TRUSTED_PROXIES": 1, "TRUSTED_HOSTS": ["referee.example"]}
    ).test_client()
    response = client.post("/new/switch-to", data={"player": ["Ann", "Ben"]}, headers=FORWARDED_HTTPS)
    assert "; Secure" in response.headers["Set-Cookie"]
    assert response.headers["Location"].startswith(("https://referee.example/t/", "/t/"))
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_forwarded_headers_are_not_believed_unless_a_proxy_is_trusted(client):
    response = client.post("/new/switch-to", data={"player": ["Ann", "Ben"]}, headers=FORWARDED_HTTPS)
    assert "Secure" not in response.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in response.headers


# --------------------------------------------------------------------------- headers


def responses_of_every_kind(client, code: str) -> dict:
    return {
        "page": client.get(f"/t/{code}"),
        "fragment": client.get(f"/t/{code}", headers={"HX-Request": "true"}),
        "API": client.get(f"/api/tables/{code}"),
        "API error": client.get("/api/tables/NOSUCHXX"),
        "static file": client.get("/static/app.js"),
        "not found page": client.get("/t/NOSUCHXX"),
        "redirect": client.get(f"/find?code={code}"),
    }


def test_every_response_carries_the_security_headers(client):
    code = TableDriver(client, "switch-to", ["A", "B"]).code
    for kind, response in responses_of_every_kind(client, code).items():
        headers = response.headers
        csp = headers.get("Content-Security-Policy", "")
        directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
        assert directives.get("script-src") == "'self'", kind  # no inline or eval'd scripts
        assert "unsafe" not in directives.get("default-src", "") and directives.get("frame-ancestors") == "'none'"
        assert directives.get("object-src") == "'none'" and directives.get("base-uri") == "'none'", kind
        assert headers.get("X-Content-Type-Options") == "nosniff", kind
        assert headers.get("Referrer-Policy") == "same-origin", kind
        assert headers.get("Cross-Origin-Opener-Policy") == "same-origin", kind
        assert (
            "camera=()" in headers.get("Permissions-Policy", "") and "geolocation=()" in headers["Permissions-Policy"]
        )
        assert "Strict-Transport-Security" not in headers, kind  # plain http
        response.close()


def test_hsts_only_over_https(client):
    code = TableDriver(client, "switch-to", ["A", "B"]).code
    response = client.get(f"/t/{code}", base_url="https://localhost")
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    static = client.get("/static/app.css", base_url="https://localhost")
    assert "Strict-Transport-Security" in static.headers
    static.close()


def test_pages_run_no_inline_script(client):
    """What the policy forbids, the pages must not need: every script is a file of ours."""
    code = TableDriver(client, "switch-to", ["A", "B"]).code
    for url in ("/", "/new/switch-to", f"/t/{code}", f"/t/{code}/history", f"/t/{code}/sheet"):
        page = client.get(url).get_data(as_text=True)
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", page, re.DOTALL)
        assert scripts and all('src="/static/' in attrs and not body.strip() for attrs, body in scripts), url
        assert not re.search(r"\son[a-z]+=", page), url  # no onclick= and the like
