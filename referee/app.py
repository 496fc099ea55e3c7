"""The Flask application factory."""
from __future__ import annotations

import os
import threading
from pathlib import Path

from flask import Flask, g
from werkzeug.middleware.proxy_fix import ProxyFix

from .db import make_engine
from .push import Hub

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"),
                instance_path=str(ROOT / "instance"))
    app.config.update(
        DATABASE_URL=os.environ.get("DATABASE_URL") or os.environ.get("REFEREE_DATABASE_URL"),
        PUBLIC_URL=os.environ.get("REFEREE_PUBLIC_URL"),
        MAX_CONTENT_LENGTH=64 * 1024,  # an entry is a few hundred bytes
        POLL_SECONDS=1,
        # open event streams per process; each holds a server thread, so keep it under the thread count
        PUSH_STREAMS=int(os.environ.get("REFEREE_PUSH_STREAMS", "16")),
        PUSH_LIFETIME=60,  # seconds before a stream ends and the browser reconnects
        # reverse proxies in front of the app whose X-Forwarded-For/-Proto/-Host/-Port to believe
        TRUSTED_PROXIES=int(os.environ.get("REFEREE_TRUSTED_PROXIES", "0")),
    )
    app.config.update(config or {})
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
    app.extensions["push_slots"] = threading.BoundedSemaphore(app.config["PUSH_STREAMS"])

    from . import i18n
    from .web import api, common, pages, sheets

    i18n.init_app(app)

    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(sheets.bp)
    app.teardown_appcontext(_close_session)
    app.after_request(common.security_headers)
    common.register_filters(app)
    return app


def _close_session(_error) -> None:
    session = g.pop("db", None)
    if session is not None:
        session.close()
