"""The floor: the least an app on the same stack (Flask + SQLModel, same engine settings, same
gunicorn settings) can do for the two requests the benchmark compares.

- ``POST /plays``: parse the JSON body, insert one row, commit, answer a small JSON object.
- ``GET /poll``: answer 204, touching nothing.

Served by ``gunicorn 'bench.baseline:create_app()'`` with ``DATABASE_URL`` set.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, Response, g, jsonify, request
from sqlalchemy import JSON, Column
from sqlmodel import Field, Session, SQLModel

from referee.db import make_engine


class BaselineEntry(SQLModel, table=True):
    __tablename__ = "bench_baseline_entries"
    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=16)
    action: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))


def create_app() -> Flask:
    app = Flask(__name__)
    engine = make_engine(os.environ["DATABASE_URL"])  # the referee's engine: same pragmas, same pool
    BaselineEntry.__table__.create(engine, checkfirst=True)

    @app.post("/plays")
    def play():
        body = request.get_json()
        session = Session(engine, expire_on_commit=False)  # as the referee opens its sessions
        g.session = session
        entry = BaselineEntry(code=str(body.get("code", ""))[:16], action=body.get("action"))
        session.add(entry)
        session.commit()
        return jsonify({"id": entry.id, "seq": body.get("expected_seq", 0) + 1})

    @app.get("/poll")
    def poll():
        return Response(status=204)

    @app.teardown_appcontext
    def close_session(_error) -> None:
        session = g.pop("session", None)
        if session is not None:
            session.close()

    return app
