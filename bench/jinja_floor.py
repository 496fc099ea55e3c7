"""The floor for live tables (issue 31): the least a Flask + SQLModel + Jinja app on the same
engine settings does for an entry at a table, with a board for every phone.

- ``POST /t/CODE/entries`` (or ``/undo``): parse the form, insert one row, commit, render the
  poster's board.
- ``GET /t/CODE``: read the table's last row, render this viewer's board.

Boards are a Jinja template with a loop, escaping and a macro, about ``REFEREE_FLOOR_BOARD_BYTES``
long (the bench passes the referee's median board), gzip-compressed at the referee's level. No
event streams, no polls, no sessions, no rules: what is left of an entry when all of that is free.

Served by ``python -m waitress --call bench.jinja_floor:create_app`` with ``DATABASE_URL`` set.
"""

from __future__ import annotations

import gzip
import os
from typing import Any

from flask import Flask, Response, g, request
from jinja2 import DictLoader
from sqlalchemy import JSON, Column, select
from sqlmodel import Field, Session, SQLModel

from referee.db import make_engine

GZIP_LEVEL = 6  # referee/web/assets.py
ROW_BYTES = 160  # about what one row of the template below renders to

BOARD = """\
{% macro row(item, viewer) -%}
<li class="line{% if item.n == viewer %} mine{% endif %}" data-n="{{ item.n }}"><span class="who">{{ item.name }}</span>
<span class="what">{{ item.text }}</span><span class="score">{{ item.score }}</span></li>
{%- endmacro %}
<section id="board" data-seq="{{ seq }}" data-seats="0" hx-get="/t/{{ code }}?since={{ seq }}">
<h1>{{ code }} · {{ seq }}</h1>
<ul>{% for item in rows %}{{ row(item, viewer) }}{% endfor %}</ul>
<p class="last">{{ last|tojson }}</p>
</section>
"""


class FloorEntry(SQLModel, table=True):
    __tablename__ = "bench_floor_entries"
    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=16, index=True)
    seq: int = 0
    action: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))


def create_app() -> Flask:
    app = Flask(__name__)
    app.jinja_loader = DictLoader({"board.html": BOARD})
    engine = make_engine(os.environ["DATABASE_URL"])  # the referee's engine: same pragmas, same pool
    FloorEntry.__table__.create(engine, checkfirst=True)
    count = max(1, int(os.environ.get("REFEREE_FLOOR_BOARD_BYTES", "6000")) // ROW_BYTES)

    def session() -> Session:
        g.session = Session(engine, expire_on_commit=False)
        return g.session

    def board(code: str, seq: int, last: dict | None, viewer: str) -> Response:
        rows = [
            {"n": n, "name": f"Player <{n}>", "text": f"entry {seq - n} of {code} & more", "score": seq * n}
            for n in range(count)
        ]
        from flask import render_template

        html = render_template("board.html", code=code, seq=seq, rows=rows, last=last, viewer=len(viewer) % count)
        response = Response(gzip.compress(html.encode(), GZIP_LEVEL, mtime=0), content_type="text/html; charset=utf-8")
        response.headers["Content-Encoding"] = "gzip"
        return response

    def last_entry(code: str) -> FloorEntry | None:
        statement = select(FloorEntry).where(FloorEntry.code == code).order_by(FloorEntry.id.desc()).limit(1)
        return session().execute(statement).scalars().first()

    @app.post("/t/<code>/entries")
    @app.post("/t/<code>/undo")
    def enter(code: str):
        seq = request.form.get("expected_seq", type=int, default=0) + 1
        action = {name: request.form.getlist(name) for name in request.form if name not in ("key", "expected_seq")}
        writing = session()
        writing.add(FloorEntry(code=code[:16], seq=seq, action=action))
        writing.commit()
        return board(code, seq, action, request.cookies.get(f"rt_{code}", ""))

    @app.get("/t/<code>")
    def table(code: str):
        last = last_entry(code)
        return board(
            code, last.seq if last else 0, last.action if last else None, request.cookies.get(f"rt_{code}", "")
        )

    @app.teardown_appcontext
    def close_session(_error) -> None:
        opened = g.pop("session", None)
        if opened is not None:
            opened.close()

    return app
