"""One line per request, as JSON, on the ``referee.access`` logger (``referee serve`` and
``referee.wsgi`` print it to standard error): when, who asked, what, the answer's status and
size, and how long the app took.

Nothing secret reaches it: no header is logged but the user agent (so no cookie and no
``Authorization``), and the value of any query parameter whose name says it is a secret (the
host link's ``?token=``) is replaced by ``REDACTED``. Bodies are never logged. No Flask here:
it wraps the WSGI app, so it sees every answer, errors and static files included.
"""

from __future__ import annotations

import functools
import logging
import time
from json.encoder import encode_basestring
from urllib.parse import parse_qsl, urlencode

logger = logging.getLogger("referee.access")

REDACTED = "REDACTED"
LONGEST_LOGGED = 256  # characters of a path or a query: ours are far shorter, a hostile one 200 KB (issue 28)
SECRET_NAMES = ("token", "secret", "password", "auth", "session", "cookie")


def redacted_query(query: str) -> str:
    """``query`` with the value of every secret-sounding parameter replaced (most queries, a
    poll's ``since=4&seats=2``, have none and are kept as they are, unparsed)."""
    lowered = query.lower()
    if not any(word in lowered for word in SECRET_NAMES):
        return query
    pairs = parse_qsl(query, keep_blank_values=True)
    return urlencode([(name, REDACTED if is_secret(name) else value) for name, value in pairs], safe="[]")


def is_secret(name: str) -> bool:
    return any(word in name.lower() for word in SECRET_NAMES)


class AccessLog:
    """WSGI middleware: the line is written when the answer is closed (sent, or given up)."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        if not logger.isEnabledFor(logging.INFO):
            return self.app(environ, start_response)
        started, answer = time.perf_counter(), {"status": 500, "bytes": 0}

        def noting_status(status, headers, exc_info=None):
            answer["status"] = int(status.split(" ", 1)[0])
            return start_response(status, headers, exc_info)

        try:
            body = self.app(environ, noting_status)
        except BaseException:
            self.write(environ, answer, started)
            raise
        return ClosingBody(body, lambda: self.write(environ, answer, started), answer)

    @staticmethod
    def write(environ, answer: dict, started: float) -> None:
        """The line, built by hand: a poll costs some 200 µs of CPU in all, and json.dumps of a
        dict, datetime's isoformat and the logger's search for its caller cost as much as the
        rest of this together."""
        now = time.time()
        line = (
            f'{{"at":"{_utc_second(int(now))}.{int(now % 1 * 1000):03d}Z",'
            f'"client":{_quoted(environ.get("REMOTE_ADDR", ""))},'
            f'"method":{_quoted(environ.get("REQUEST_METHOD", ""))},'
            f'"path":{_quoted(environ.get("PATH_INFO", "")[:LONGEST_LOGGED])},'
            f'"query":{_quoted(redacted_query(environ.get("QUERY_STRING", ""))[:LONGEST_LOGGED])},'
            f'"status":{answer["status"]},"bytes":{answer["bytes"]},'
            f'"ms":{(time.perf_counter() - started) * 1000:.2f},'
            f'"agent":{_quoted(environ.get("HTTP_USER_AGENT", "")[:200])}}}'
        )
        logger.handle(logger.makeRecord(logger.name, logging.INFO, __file__, 0, line, (), None))


@functools.lru_cache(maxsize=4)
def _utc_second(second: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))


def _quoted(text: str) -> str:
    """A JSON string (C-accelerated; non-ASCII kept as it is)."""
    return encode_basestring(text)


class ClosingBody:
    """The app's body as it is sent, counted; ``logged`` once it is closed."""

    def __init__(self, body, logged, answer: dict):
        self.body, self.logged, self.answer = body, logged, answer

    def __iter__(self):
        for chunk in self.body:
            self.answer["bytes"] += len(chunk)
            yield chunk

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.logged()


def print_to_stderr() -> None:
    """The access log on standard error, one JSON object per line (a server's own setup)."""
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
