"""The WSGI entry point for production servers on POSIX, e.g. several processes on one database:

    DATABASE_URL=postgresql://user@host/referee REFEREE_PUSH_STREAMS=24 \
        gunicorn --preload -w 4 -k gthread --threads 32 referee.wsgi:app

Each phone's event stream holds a thread: keep REFEREE_PUSH_STREAMS (streams per worker) well
under --threads, so that plays and polls always find a free one.

With ``--preload`` the app is built once and the workers are forked from it, which starts them
in a fraction of the time; each worker then drops the database connections it inherited (a
connection must never be shared by two processes) and opens its own.
"""

import os

from .access_log import print_to_stderr
from .app import create_app

app = create_app()
print_to_stderr()

if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=lambda: app.extensions["db_engine"].dispose(close=False))
