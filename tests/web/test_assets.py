"""Issue 19: static files are linked by their content's hash and cached for a year; boards,
pages and files go gzip-compressed to browsers that take it; event streams never are."""

from __future__ import annotations

import gzip
import re

from tests.helpers import Phone


def static_links(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def test_static_links_name_the_content_and_are_cached_for_a_year(app, client):
    page = client.get("/").get_data(as_text=True)
    links = static_links(page)
    assert links and all(re.search(r"\?v=[0-9a-f]{10}$", link) for link in links)
    answer = client.get(links[0])
    assert answer.status_code == 200
    assert "max-age=31536000" in answer.headers["Cache-Control"] and "immutable" in answer.headers["Cache-Control"]
    unhashed = client.get(links[0].split("?")[0])
    assert "max-age=31536000" not in unhashed.headers.get("Cache-Control", "")
    wrong = client.get(links[0].split("?")[0] + "?v=0000000000")
    assert "max-age=31536000" not in wrong.headers.get("Cache-Control", "")


def test_boards_and_static_files_are_sent_gzipped_to_browsers_that_take_it(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    plain = host.client.get(f"/t/{host.code}", headers={"HX-Request": "true"})
    packed = host.client.get(f"/t/{host.code}", headers={"HX-Request": "true", "Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    board = gzip.decompress(packed.data).decode()
    strip_keys = lambda html: re.sub(r'name="key" value="[^"]+"', "", html)  # noqa: E731
    assert strip_keys(board) == strip_keys(plain.get_data(as_text=True))
    script = static_links(host.client.get(f"/t/{host.code}").get_data(as_text=True))[0]
    packed_file = host.client.get(script, headers={"Accept-Encoding": "gzip"})
    assert packed_file.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed_file.data) == host.client.get(script).data


def test_a_client_that_refuses_gzip_gets_the_plain_answer(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    for refusing in ("gzip;q=0, identity", "identity"):
        answer = host.client.get(f"/t/{host.code}", headers={"HX-Request": "true", "Accept-Encoding": refusing})
        assert "Content-Encoding" not in answer.headers, refusing


def test_an_event_stream_is_not_compressed_as_a_whole_answer_but_event_by_event(app):
    """gzip of the whole answer would hold back the events it is there to send: the stream
    compresses itself (issue 31), so its first event can be read before the stream ends."""
    import zlib

    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    stream = host.client.get(f"/t/{host.code}/events", headers={"Accept-Encoding": "gzip"}, buffered=False)
    assert stream.headers["Content-Encoding"] == "gzip"
    opening = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(next(iter(stream.response)))
    assert opening.endswith(b"event: seq\ndata: 0\n\n")
    stream.close()
