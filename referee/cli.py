"""``referee serve``: start the app on a production WSGI server (waitress, also on macOS and
Windows) and print where phones should go, with a QR code of it."""

from __future__ import annotations

import argparse
import os
import sys

from .netinfo import public_url, terminal_qr


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="referee", description="Table Referee")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the app to the phones at the table")
    serve.add_argument(
        "--host", default=os.environ.get("REFEREE_HOST", "0.0.0.0"), help="interface to listen on (default: all)"
    )
    serve.add_argument("--port", type=int, default=int(os.environ.get("REFEREE_PORT", "8000")))
    serve.add_argument(
        "--public-url",
        default=os.environ.get("REFEREE_PUBLIC_URL"),
        help="the address phones should open (default: this machine's LAN address)",
    )
    serve.add_argument(
        "--threads",
        type=int,
        default=48,
        help="worker threads (phones' event streams hold none: see REFEREE_PUSH_STREAMS)",
    )
    args = parser.parse_args(argv)
    return run_server(args)


def run_server(args) -> int:
    from . import access_log, door
    from .app import create_app

    url = public_url(args.host, args.port, args.public_url)
    streams = int(os.environ.get("REFEREE_PUSH_STREAMS", door.streams_within_file_limit()))
    lifetime = float(os.environ.get("REFEREE_PUSH_LIFETIME", door.STREAM_LIFETIME))
    # streams are held by the door's pump, not threads
    app = create_app({"PUBLIC_URL": url, "PUSH_STREAMS": streams, "PUSH_LIFETIME": lifetime})
    print(f"Table Referee is running. Phones on this network open:\n\n  {url}\n", flush=True)
    print(terminal_qr(url), flush=True)
    print(f"Database: {_redacted(app.config['DATABASE_URL'])}  ·  stop with Ctrl+C", flush=True)
    access_log.print_to_stderr()
    door.serve(
        app,
        host=args.host,
        port=args.port,
        threads=args.threads,
        ident="referee",
        max_request_body_size=door_limit(app),
        trusted_proxies=app.config["TRUSTED_PROXIES"],
    )
    return 0


def door_limit(app) -> int:
    """Waitress reads a whole body before the app sees it, up to 1 GB by default: refuse (413)
    anything over the app's own limit before reading it. Waitress refuses at this size or more."""
    return app.config["MAX_CONTENT_LENGTH"] + 1


def _redacted(url: str) -> str:
    """A database URL without its password, for printing."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        credentials, host = rest.rsplit("@", 1)
        return f"{scheme}://{credentials.split(':')[0]}@{host}"
    return url


if __name__ == "__main__":
    sys.exit(main())
