"""``meeples serve``: run the web server (lobby, live games, replays) on uvicorn."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``serve`` subcommand."""
    parser = subparsers.add_parser(
        "serve", help="serve the browser app (lobby, live games, replays)"
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    parser.add_argument(
        "--db",
        default=None,
        help="SQLite file or SQLAlchemy URL (default: $MEEPLES_DATABASE_URL, else $MEEPLES_DB,"
        " else ./meeples.db)",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits before it moves (0.5)"
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="LIST",
        help="comma-separated addresses of the reverse proxies whose X-Forwarded-For header is"
        " believed (default: none; each client is then its own address, for the per-address"
        " limits)",
    )
    parser.set_defaults(func=run)


def uvicorn_options(args: argparse.Namespace) -> dict[str, Any]:
    """Return uvicorn's options for these arguments.

    X-Forwarded-For is believed only from the listed proxies: uvicorn's own default believes
    it from 127.0.0.1, so anyone on the machine (or any local proxy passing the header on)
    could pose as a new address at each request and escape every per-address limit.
    """
    from meeples.server.guard import MAX_FRAME

    trusted = [ip.strip() for ip in args.forwarded_allow_ips.split(",") if ip.strip()]
    return {
        "host": args.host,
        "port": args.port,
        "log_level": "warning",
        # Bigger WebSocket frames are refused before they are read into memory.
        "ws_max_size": MAX_FRAME,
        "proxy_headers": bool(trusted),
        "forwarded_allow_ips": trusted or None,
    }


def run(args: argparse.Namespace) -> int:
    """Start uvicorn with the Meeples application; 2 when the database cannot be used."""
    import uvicorn

    from meeples.server.app import create_app
    from meeples.server.store import DatabaseProblem, Store, database_url

    where = database_url(args.db)
    shown = where.split("@")[-1]
    try:
        store = Store(where)
        try:
            store.check()
        finally:
            store.close()
    except DatabaseProblem as problem:
        print(f"meeples serve: {shown}: {problem}", file=sys.stderr)
        return 2
    app = create_app(args.db, bot_delay=args.bot_delay, check_database=False)
    print(f"Meeples at http://{args.host}:{args.port}  (database: {shown})")
    uvicorn.run(app, **uvicorn_options(args))
    return 0
