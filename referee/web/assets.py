"""What a phone fetches costs it as little as it can (issue 19): static files are linked with a
hash of their content (``/static/app.css?v=1a2b3c4d5e``) and such links are cached for a year
(a new file is a new link), and text answers (boards, pages, JSON, scripts, styles, SVG) are
sent gzip-compressed to browsers that take it.

Event streams are not compressed here (gzip of the whole answer would hold back the nudges it is
there to send): a stream compresses itself, event by event (``push.Deflated``).
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from pathlib import Path

from flask import current_app, request

YEAR = 365 * 24 * 3600
COMPRESSED_TYPES = frozenset(
    {
        "text/html",
        "application/json",
        "image/svg+xml",
        "text/css",
        "text/javascript",
        "application/javascript",
        "application/manifest+json",
        "text/csv",
    }
)
SMALLEST_WORTH_COMPRESSING = 600  # bytes: below about this, gzip's own header and a packet cost more
GZIP_LEVEL = 6

_hashes: dict[str, str] | None = None  # see _static_hashes
_compressed_files: dict[tuple[str, str], bytes] = {}
_lock = threading.Lock()


def init_app(app) -> None:
    app.url_defaults(_hashed_static_links)
    app.get_send_file_max_age = _max_age
    app.after_request(_compress)
    app.after_request(_immutable_when_hashed)


def content_hash(filename: str) -> str | None:
    """The first ten hex digits of a static file's SHA-256 (None: no such file). Static files
    do not change while the app runs, so the folder is hashed once, on first use: a name asked
    for is only looked up, never opened (issue 28: ``/static/..%2F…?v=1`` read files outside the
    folder to hash them, and every name asked for was kept)."""
    return _static_hashes().get(filename)


def _static_hashes() -> dict[str, str]:
    """Every file under the static folder by its name there (``app.css``, ``icons/x.svg``)."""
    global _hashes
    with _lock:
        if _hashes is None:
            folder = Path(current_app.static_folder)
            _hashes = {
                path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()[:10]
                for path in folder.rglob("*")
                if path.is_file()
            }
        return _hashes


def _hashed_static_links(endpoint: str, values: dict) -> None:
    if endpoint == "static" and "filename" in values and "v" not in values:
        digest = content_hash(values["filename"])
        if digest:
            values["v"] = digest


def _max_age(filename: str | None) -> int | None:
    """A year for a link that names the file's current content; else the browser asks again
    (an ETag makes that a 304)."""
    if filename and request.args.get("v") and request.args.get("v") == content_hash(filename):
        return YEAR
    return None


def _compress(response):
    if not _worth_compressing(response):
        return response
    if response.direct_passthrough:  # a static file: compressed once per content
        body = _compressed_static(response)
    else:
        body = gzip.compress(response.get_data(), GZIP_LEVEL, mtime=0)
    if body is None:
        return response
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def _immutable_when_hashed(response):
    """A hashed link's file never changes: browsers need not even ask again on a reload."""
    if request.endpoint == "static" and response.cache_control.max_age == YEAR:
        response.cache_control.immutable = True
    return response


def _worth_compressing(response) -> bool:
    if response.status_code != 200 or response.is_streamed and not response.direct_passthrough:
        return False
    if "Content-Encoding" in response.headers or not request.accept_encodings.quality("gzip"):
        return False
    if response.mimetype not in COMPRESSED_TYPES:
        return False
    length = response.content_length
    return length is None or length >= SMALLEST_WORTH_COMPRESSING


def _compressed_static(response) -> bytes | None:
    filename = request.view_args.get("filename") if request.view_args else None
    digest = content_hash(filename) if filename else None
    if digest is None:
        return None
    key = (filename, digest)
    with _lock:
        if key in _compressed_files:
            response.close()
            return _compressed_files[key]
    response.direct_passthrough = False
    body = gzip.compress(response.get_data(), GZIP_LEVEL, mtime=0)
    with _lock:
        _compressed_files[key] = body
    return body
