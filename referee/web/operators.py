"""What an operator's tools ask, not a phone: ``/healthz`` (the process answers), ``/readyz``
(and its database does: a load balancer sends phones elsewhere while it does not) and
``/metrics`` (Prometheus, see referee/metrics.py). A public server's proxy keeps ``/metrics``
to the operator's own network (deploy/nginx.conf)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

bp = Blueprint("operators", __name__)


@bp.get("/healthz")
def healthz():
    """Alive: no database, no session, nothing that could hang."""
    return _plain("ok\n", 200)


@bp.get("/readyz")
def readyz():
    """Ready when the database answers a trivial query; 503 (and why) when it does not."""
    try:
        with current_app.extensions["db_engine"].connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError as problem:
        reason = str(getattr(problem, "orig", None) or problem).strip().splitlines()[0]
        return _plain(f"the database does not answer: {reason}\n", 503)
    return _plain("ready\n", 200)


@bp.get("/metrics")
def metrics():
    return Response(generate_latest(), mimetype=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})


def _plain(body: str, status: int) -> Response:
    return Response(body, status, mimetype="text/plain", headers={"Cache-Control": "no-store"})
