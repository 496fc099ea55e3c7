"""The Flask application factory."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from .access_log import AccessLog
from .db import make_engine
from .netinfo import lan_address
from .game_templates import with_game_templates
from .push import Hub

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent  # the project's folder, in a checkout


def shipped_folder(name: str) -> Path:
    """``templates`` or ``static``: inside the installed package (a wheel ships them there, see
    setup.py), else at the top of the project (a checkout, or ``pip install -e``)."""
    installed = PACKAGE / name
    return installed if installed.is_dir() else ROOT / name


def data_folder() -> Path:
    """Where the SQLite database lives unless DATABASE_URL names one: ``REFEREE_DATA_DIR``, else
    ``instance/`` in the working directory (never beside the installed code, which a user
    cannot find and an upgrade replaces)."""
    return Path(os.environ.get("REFEREE_DATA_DIR") or Path.cwd() / "instance").resolve()


def create_app(config: dict | None = None) -> Flask:
    app = Flask(
        __name__,
        template_folder=str(shipped_folder("templates")),
        static_folder=str(shipped_folder("static")),
        instance_path=str(data_folder()),
    )
    app.jinja_loader = with_game_templates(app.jinja_loader)  # a game's own templates folder first
    app.config.update(
        DATABASE_URL=os.environ.get("DATABASE_URL") or os.environ.get("REFEREE_DATABASE_URL"),
        PUBLIC_URL=os.environ.get("REFEREE_PUBLIC_URL"),
        MAX_CONTENT_LENGTH=64 * 1024,  # an entry is a few hundred bytes
        POLL_SECONDS=1,
        # open event streams per process; each holds a server thread (keep it under the thread
        # count), except under ``referee serve``, which sets it (see door.STREAMS)
        PUSH_STREAMS=int(os.environ.get("REFEREE_PUSH_STREAMS", "16")),
        # of which one client address may hold this many (a phone needs one; the rest poll)
        PUSH_STREAMS_PER_CLIENT=int(os.environ.get("REFEREE_PUSH_STREAMS_PER_CLIENT", "10")),
        # seconds before a stream ends and the browser reconnects
        PUSH_LIFETIME=float(os.environ.get("REFEREE_PUSH_LIFETIME", "60")),
        # seconds between keep-alives: a phone gone away frees its stream then (at once under referee serve)
        PUSH_HEARTBEAT=float(os.environ.get("REFEREE_PUSH_HEARTBEAT", "15")),
        # tables one client address may open per window (a script could open thousands a minute)
        TABLES_PER_WINDOW=int(os.environ.get("REFEREE_TABLES_PER_WINDOW", "30")),
        TABLE_WINDOW_SECONDS=600,
        # host names phones may use when PUBLIC_URL is not set; others are refused (400), so a
        # forged Host header never reaches a join link, a QR code or an export
        TRUSTED_HOSTS=_trusted_hosts(os.environ.get("REFEREE_TRUSTED_HOSTS")),
        # reverse proxies in front of the app whose X-Forwarded-For/-Proto/-Host/-Port to believe
        TRUSTED_PROXIES=int(os.environ.get("REFEREE_TRUSTED_PROXIES", "0")),
    )
    app.config.update(config or {})
    if app.config["PUBLIC_URL"] and not os.environ.get("REFEREE_TRUSTED_HOSTS"):
        app.config["TRUSTED_HOSTS"] = None  # links use PUBLIC_URL, never the Host header
    if app.config["TRUSTED_PROXIES"]:
        # Behind a TLS proxy the app sees plain http from the proxy: without this, the seat cookie
        # would lose Secure and HSTS would never be sent. Off by default: anyone could forge them.
        hops = app.config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops)
    if not app.config["DATABASE_URL"]:
        os.makedirs(app.instance_path, exist_ok=True)
        app.config["DATABASE_URL"] = f"sqlite:///{Path(app.instance_path) / 'referee.sqlite3'}"
    app.extensions["db_engine"] = make_engine(app.config["DATABASE_URL"])
    app.extensions["push_hub"] = Hub(app.extensions["db_engine"])

    from . import i18n, web

    i18n.init_app(app)
    web.init_app(app)
    app.wsgi_app = AccessLog(app.wsgi_app)  # type: ignore[method-assign]  # outermost: it sees every answer as sent
    return app


def _trusted_hosts(listed: str | None) -> list[str]:
    """REFEREE_TRUSTED_HOSTS (comma-separated), else this machine's own names: loopback and its
    address on the local network (what ``referee serve`` prints)."""
    if listed:
        return [host.strip() for host in listed.split(",") if host.strip()]
    return ["localhost", "127.0.0.1", "::1", "[::1]", lan_address()]
