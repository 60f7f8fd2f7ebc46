"""The options of ``meeples serve`` for operating a site: the schema upgrade, the log's format
and access log, and where the metrics are served (``docs/operations.md``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from typing import Any

from meeples.commands._checks import whole_number
from meeples.core.errors import BadOptions

#: Where a metrics token may come from without showing in ``ps`` (``--metrics-token`` does).
TOKEN_VARIABLE = "MEEPLES_METRICS_TOKEN"


def add_options(parser: Any) -> None:
    """Add the operating options to ``meeples serve``."""
    parser.add_argument(
        "--upgrade", action="store_true",
        help="upgrade the database's schema first if it is out of date (default: refuse to"
        " start, saying so; see meeples db upgrade)",
    )
    parser.add_argument(
        "--log-format", choices=("text", "json"), default="text",
        help="text (default), or json: one JSON object a line, with request and match ids",
    )
    parser.add_argument(
        "--access-log", action=argparse.BooleanOptionalAction, default=None,
        help="a line per request and per WebSocket connection (default: on with json, off"
        " with text)",
    )
    parser.add_argument(
        "--metrics-token", default=None, metavar="TOKEN",
        help="GET /metrics asks for 'Authorization: Bearer TOKEN' (default:"
        f" ${TOKEN_VARIABLE}; none: open to anyone reaching the port)",
    )
    parser.add_argument(
        "--metrics-port", type=whole_number(1, 65535), default=None, metavar="PORT",
        help="serve /metrics on this port instead of the main one (with --workers: once, for"
        " all the workers)",
    )
    parser.add_argument(
        "--metrics-host", default=None, metavar="HOST",
        help="the address of --metrics-port (127.0.0.1)",
    )


def metrics_token(args: argparse.Namespace) -> str | None:
    """Return the token the metrics ask for (--metrics-token, else the environment), or None.

    Raises:
        BadOptions: an empty or a blank token.
    """
    if args.metrics_token is not None:
        token: str = args.metrics_token
    else:
        token = os.environ.get(TOKEN_VARIABLE, "")
        if not token:
            return None
    if not token.strip() or token != token.strip():
        raise BadOptions("--metrics-token needs a token without spaces around it (e.g. from"
                         " 'openssl rand -hex 16')")
    return token


def metrics_address(args: argparse.Namespace) -> tuple[str, int] | None:
    """Return the host and port of the metrics' own server, or None (on the main port).

    Raises:
        BadOptions: --metrics-host without --metrics-port (it would be silently ignored).
    """
    if args.metrics_port is None:
        if args.metrics_host is not None:
            raise BadOptions("--metrics-host needs --metrics-port (without it the metrics are"
                             " on the main port, at /metrics)")
        return None
    host: str = "127.0.0.1" if args.metrics_host is None else args.metrics_host
    return host, args.metrics_port


def access_log(args: argparse.Namespace) -> bool:
    """Return whether to write the access log."""
    return bool(args.access_log) if args.access_log is not None else args.log_format == "json"


def multiprocess_folder(workers: int) -> str | None:
    """With several workers, make the folder of prometheus-client's multiprocess mode and
    point the environment at it (before prometheus-client is imported: it reads the variable
    then); return it (None for one process).

    Raises:
        BadOptions: prometheus-client was loaded already in this process, in its one-process
            mode (then the workers' metrics could not be added up).
    """
    if workers < 2:
        return None
    if "prometheus_client" in sys.modules and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        raise BadOptions("the metrics were loaded before the workers' folder was chosen")
    folder = tempfile.mkdtemp(prefix="meeples-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
    return folder


def worker_gone(folder: str | None, pid: int) -> None:
    """Drop a dead worker's live gauges (its counters stay counted)."""
    if folder is not None:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]


def remove_folder(folder: str | None) -> None:
    """Remove the multiprocess folder once every worker stopped."""
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)


def upgrade(url: str, shown: str) -> None:
    """Upgrade the database's schema if it is behind or made before migrations (an empty one
    is made at the newest revision by the server itself); say so on stderr.

    Raises:
        BadOptions: the upgrade failed (nothing of it stays) or the schema is a newer one.
    """
    from sqlalchemy.exc import SQLAlchemyError

    from meeples.server import schema

    engine = schema.engine_for(url)
    try:
        with engine.connect() as connection:
            kind = schema.standing(connection).kind
        if kind in ("behind", "unversioned"):
            before, after = schema.upgrade(engine)
            was = before or "none (before migrations)"
            say(f"{shown}: schema revision {was} -> {after}")
    except schema.SchemaProblem as problem:
        raise BadOptions(f"{shown}: {problem}") from None
    except SQLAlchemyError as problem:
        reason = str(getattr(problem, "orig", None) or problem).strip().splitlines()
        raise BadOptions(f"{shown}: the upgrade failed, nothing changed:"
                         f" {reason[0] if reason else type(problem).__name__}") from None
    finally:
        engine.dispose()


def configure_logs(args: argparse.Namespace) -> None:
    """Set up the server's log as the options ask (:func:`meeples.server.logs.configure`)."""
    from meeples.server import logs  # no metrics in there: safe before the folder is chosen

    logs.configure(args.log_format, access_log(args))


def say(text: str, error: bool = False) -> None:
    """Tell the operator something ``meeples serve`` did: a line on stderr, or with
    ``--log-format json`` a line of the log (so that every line there is JSON)."""
    import logging

    from meeples.server import logs

    if logs.is_json():
        logging.getLogger("meeples.server").log(logging.ERROR if error else logging.WARNING,
                                                "meeples serve: %s", text)
    else:
        print(f"meeples serve: {text}", file=sys.stderr, flush=True)
