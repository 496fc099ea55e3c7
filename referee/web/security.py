"""What keeps other sites out: security headers on every response, and form posts taken only
from our own pages."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import abort, current_app, request

# Scripts only from our own files (htmx runs with allowEval off); inline styles stay allowed for
# style="width: …" bars. No framing, no plugins, forms post only here, no <base> tricks.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# Nothing here needs a camera, a microphone or a location; a board keeps the screen awake.
PERMISSIONS_POLICY = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), "
    "display-capture=(), screen-wake-lock=(self)"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # our own pages still send Referer: the form check may need it
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def add_security_headers(response):
    """On every response, pages, fragments, the API and static files alike. HSTS only over
    https: over plain http (a phone on the LAN) browsers ignore it, and it would be untrue.
    Not on an empty 204 (the poll's "nothing new"): there is nothing to sniff, frame or run."""
    if response.status_code == 204:
        return response
    present = {name.lower() for name, _value in response.headers}  # one pass, not one per header
    response.headers.extend([(name, value) for name, value in SECURITY_HEADERS.items() if name.lower() not in present])
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def refuse_cross_site_posts():
    """A form post must come from our own pages (OWASP's fetch-metadata and origin checks):
    Sec-Fetch-Site where the browser sends it, else Origin, else Referer. A request with none
    of them is no browser's form post (a script, a test client); the seat cookie is SameSite=Lax
    besides, so a browser would not send it along from another site."""
    if request.method == "POST" and not _posted_from_here():
        abort(403)


def _posted_from_here() -> bool:
    site = request.headers.get("Sec-Fetch-Site")
    if site:
        return site in ("same-origin", "none")  # "none": the user's own action, not a page's
    for header in ("Origin", "Referer"):
        value = request.headers.get(header)
        if value:
            return _our_address(value)
    return True


def _our_address(url: str) -> bool:
    """The address is this server's, as asked for or as configured for the phones."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False  # Origin: null (a sandboxed frame, a data: page) and the like
    public = urlsplit(current_app.config.get("PUBLIC_URL") or "")
    return parts.netloc == request.host or (parts.scheme, parts.netloc) == (public.scheme, public.netloc)
