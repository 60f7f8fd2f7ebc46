"""``meeples serve``: run the web server (lobby, live games, replays) on uvicorn.

Everything that can be checked before serving is checked first, each failure one line: the
host and port, the bot delay, the database (its folder, its file, its driver, a first
connection, its schema revision) and the sockets themselves (the main one and the metrics'),
bound here and handed over. The banner is printed once the server is listening, so a busy port
never shows an address that does not answer.

An out-of-date schema is refused with a one-line hint unless ``--upgrade`` asks to upgrade it
first (in this process, before any worker starts). The options for operating a site are in
:mod:`meeples.commands._operating`.
"""

from __future__ import annotations

import argparse
import gc
import ipaddress
import os
import socket
from collections.abc import Callable
from typing import Any

from meeples.commands import _mail, _operating
from meeples.commands._checks import number, output_file, shorten, whole_number
from meeples.core.errors import BadOptions

#: The pip package of each database driver SQLAlchemy may ask for (others: the module's name).
DRIVER_PACKAGES = {
    "psycopg": "psycopg[binary]",
    "psycopg2": "psycopg2-binary",
    "pg8000": "pg8000",
    "pymysql": "PyMySQL",
    "mysqldb": "mysqlclient",
    "mysqlconnector": "mysql-connector-python",
    "mariadbconnector": "mariadb",
    "pyodbc": "pyodbc",
    "pymssql": "pymssql",
    "oracledb": "oracledb",
    "cx_oracle": "cx_Oracle",
}
SQLITE_HEADER = b"SQLite format 3\x00"
#: Objects allocated between two collections of the youngest generation (CPython: 700).
GC_YOUNG = 10_000


def register(subparsers: Any) -> None:
    """Add the ``serve`` subcommand."""
    parser = subparsers.add_parser(
        "serve", help="serve the browser app (lobby, live games, replays)"
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument(
        "--port", type=whole_number(1, 65535), default=8000, help="port to listen on (8000)"
    )
    parser.add_argument(
        "--db",
        default=None,
        help="SQLite file or SQLAlchemy URL (default: $MEEPLES_DATABASE_URL, else $MEEPLES_DB,"
        " else ./meeples.db)",
    )
    parser.add_argument(
        "--bot-delay", type=number(positive=False), default=0.5,
        help="seconds a bot waits before it moves (0.5)",
    )
    parser.add_argument(
        "--abandon-after", type=number(positive=True), default=24.0, metavar="HOURS",
        help="hours without a move after which an unfinished game is listed as abandoned (24)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        type=proxy_addresses,
        default=[],
        metavar="LIST",
        help="comma-separated addresses of the reverse proxies whose X-Forwarded-For header is"
        " believed (default: none; each client is then its own address, for the per-address"
        " limits)",
    )
    parser.add_argument(
        "--workers", type=whole_number(1, 64), default=1, metavar="N",
        help="processes serving this port (1); more than one needs --redis and a database"
        " server (e.g. PostgreSQL) that every worker reaches",
    )
    parser.add_argument(
        "--redis", default=None, metavar="URL",
        help="Redis shared with the other workers, of this host or others (default:"
        " $MEEPLES_REDIS_URL; none: this process alone serves the database's games)",
    )
    parser.add_argument(
        "--chance-seed", default=None, metavar="TEXT",
        help="for tests: draw every match's chance from this fixed text and the match's id"
        " (default: $MEEPLES_CHANCE_SEED; none: a fresh secret seed per match). The same text"
        " plays the same chance in the same games; whoever knows it knows every draw, so games"
        " are NOT secret (the server says so in its log)",
    )
    _operating.add_options(parser)
    _mail.add_options(parser)
    parser.set_defaults(func=run)


def proxy_addresses(text: str) -> list[str]:
    """Return the proxies ``--forwarded-allow-ips`` lists: IP addresses, networks in CIDR form
    (``10.0.0.0/8``), or ``*`` alone for every address. uvicorn takes anything else as a
    literal that no client address ever matches, so a typo would silently trust nobody.

    Raises:
        argparse.ArgumentTypeError: an empty entry, or one that is no address or network.
    """
    parts = [part.strip() for part in text.split(",")]
    if parts == [""]:
        return []
    if "*" in parts:
        if len(parts) > 1:
            raise argparse.ArgumentTypeError("'*' trusts every address: give it alone")
        return ["*"]
    for part in parts:
        if not part:
            raise argparse.ArgumentTypeError(
                f"{shorten(text)!r} has an empty entry between commas")
        try:
            ipaddress.ip_network(part) if "/" in part else ipaddress.ip_address(part)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{shorten(part)!r} is not an IP address, a network such as 10.0.0.0/8, or *"
            ) from None
    return parts


def uvicorn_options(args: argparse.Namespace) -> dict[str, Any]:
    """Return uvicorn's options for these arguments.

    X-Forwarded-For is believed only from the listed proxies: uvicorn's own default believes
    it from 127.0.0.1, so anyone on the machine (or any local proxy passing the header on)
    could pose as a new address at each request and escape every per-address limit.
    """
    from meeples.server import heads
    from meeples.server.guard import MAX_FRAME

    trusted: list[str] = args.forwarded_allow_ips
    return {
        "host": args.host,
        "port": args.port,
        "log_level": "warning",
        # Our own access log (meeples.server.logs) has the request and match ids.
        "access_log": False,
        # With --log-format json every logger goes through our handler (uvicorn's included).
        **({"log_config": None} if getattr(args, "log_format", "text") == "json" else {}),
        # Bigger WebSocket frames are refused before they are read into memory.
        "ws_max_size": MAX_FRAME,
        "proxy_headers": bool(trusted),
        "forwarded_allow_ips": trusted or None,
        # A request's line and headers are bounded (431, closed): uvicorn reads any size.
        **heads.uvicorn_options(),
    }


def run(args: argparse.Namespace) -> int:
    """Check the settings and the database, bind the sockets, then serve Meeples on uvicorn."""
    if args.db is not None and not args.db.strip():
        raise BadOptions("--db needs an SQLite file name or a database URL, not an empty text")
    token = _operating.metrics_token(args)
    metrics_address = _operating.metrics_address(args)
    _operating.configure_logs(args)
    # Before anything loads the metrics: with several workers they add up through files.
    folder = _operating.multiprocess_folder(args.workers)
    try:
        return _run(args, token, metrics_address, folder)
    finally:
        _operating.remove_folder(folder)


def _run(args: argparse.Namespace, token: str | None, metrics_address: tuple[str, int] | None,
         folder: str | None) -> int:
    import uvicorn

    from meeples.server import metrics
    from meeples.server.app import create_app
    from meeples.server.store import DatabaseProblem, Store, database_url

    url = database_url(args.db)
    chance_seed = chance_seed_of(args)
    mail = _mail.mail_settings(args)
    shown = check_database(url, database_source(args.db))
    redis_url = check_cluster(args, url)
    sock = bind(args.host, args.port)
    metrics_sock = None
    try:
        if metrics_address is not None:
            metrics_sock = bind(*metrics_address, option="--metrics-host")
        if args.upgrade:
            _operating.upgrade(url, shown)
        # A damaged, read-only or foreign file, or an out-of-date schema, stops here in one
        # line (integrity check).
        try:
            store = Store(url)
            try:
                store.check()
            finally:
                store.close()
        except DatabaseProblem as problem:
            raise BadOptions(f"{shown}: {problem}") from None
        open_database(url, shown)
        banner = f"Meeples at http://{url_host(args.host)}:{args.port}  (database: {shown})"

        def config() -> Any:
            app = create_app(
                args.db, bot_delay=args.bot_delay, check_database=False, redis_url=redis_url,
                abandon_after=args.abandon_after * 3600, chance_seed=chance_seed,
                metrics_token=token, metrics_here=metrics_sock is None, mail=mail,
            )
            return uvicorn.Config(app, **uvicorn_options(args))

        if redis_url is not None:
            banner += f", {args.workers} worker{'s' if args.workers > 1 else ''} sharing Redis"
        if metrics_address is not None:
            host, port = metrics_address
            banner += f"\nMetrics at http://{url_host(host)}:{port}/metrics"
        if mail is not None:
            banner += f"\nTurn alert mails through {mail.host}:{mail.port} ({mail.security})"
        if chance_seed is not None:
            banner += "\nFIXED CHANCE SEED: every game's draws follow from it, nothing is secret"
        if args.workers > 1:
            scrapes = (metrics.metrics_server(metrics_sock, token, threads=False)
                       if metrics_sock is not None else None)
            return serve_workers(config, banner, sock, args.workers, scrapes,
                                 lambda pid: _operating.worker_gone(folder, pid))
        quiet_collector()
        if metrics_sock is not None:
            metrics.serve_in_thread(metrics_sock, token)
        serve(config(), banner, sock)
    finally:
        sock.close()
        if metrics_sock is not None:
            metrics_sock.close()
    return 0


def chance_seed_of(args: argparse.Namespace) -> str | None:
    """Return the fixed chance seed asked for (--chance-seed, else $MEEPLES_CHANCE_SEED), or None.

    Raises:
        BadOptions: an empty text, or several workers.
    """
    if args.chance_seed is not None and not args.chance_seed.strip():
        raise BadOptions("--chance-seed needs a text, not an empty one")
    text = args.chance_seed or os.environ.get("MEEPLES_CHANCE_SEED", "").strip() or None
    if text is not None and args.workers > 1:
        raise BadOptions("a fixed chance seed is for one worker (each would number the same"
                         " matches)")
    return text


def check_cluster(args: argparse.Namespace, url: str) -> str | None:
    """Check the settings of several workers; return the Redis URL (None: one process alone).

    Raises:
        BadOptions: several workers without Redis, or on an SQLite file; no Redis client
            installed; Redis does not answer.
    """
    if args.redis is not None and not args.redis.strip():
        raise BadOptions("--redis needs a URL (e.g. redis://localhost:6379/0)")
    redis_url = args.redis or os.environ.get("MEEPLES_REDIS_URL", "").strip() or None
    if redis_url is None:
        if args.workers > 1:
            raise BadOptions(
                f"--workers {args.workers} needs --redis URL: the workers share Redis (who"
                " writes each game) and a database server"
            )
        return None
    if url.startswith("sqlite"):
        raise BadOptions(
            "several workers need a database server they all reach (--db"
            " postgresql+psycopg://user@host/meeples), not an SQLite file"
        )
    try:
        import redis
    except ImportError:
        raise BadOptions(
            "the Redis client is not installed (pip install 'meeples[cluster]')"
        ) from None
    try:
        client = redis.Redis.from_url(redis_url, socket_connect_timeout=5, socket_timeout=5)
        try:
            client.ping()
        finally:
            client.close()
    except (ValueError, redis.RedisError, OSError) as error:
        reason = str(error).strip().splitlines()
        raise BadOptions(
            f"--redis {shorten(redis_url)}: {reason[0] if reason else type(error).__name__}"
        ) from None
    return str(redis_url)


def serve_workers(config: Any, banner: str, sock: socket.socket, count: int,
                  scrapes: Any = None, gone: Callable[[int], None] | None = None) -> int:
    """Run count worker processes on one listening socket, each its own uvicorn; start a new
    one in place of one that dies; stop them all on SIGINT or SIGTERM.

    config: makes a worker's uvicorn configuration (called in the worker, after the fork).
    scrapes: the metrics' own server (``--metrics-port``), answered between two looks at the
    workers (this process holds no thread: it forks). gone: told the pid of each worker that
    ended (its live gauges are dropped).
    Return 1 when a worker could not start (its error is in its output), else 0.
    """
    import multiprocessing
    import signal
    import time

    sock.listen(2048)  # connections wait in the queue until a worker takes them
    context = multiprocessing.get_context("fork")

    def work() -> None:
        quiet_collector()
        serve(config(), "", sock)

    def start() -> Any:
        process = context.Process(target=work, daemon=False)
        process.start()
        return process

    stopping: list[int] = []

    def stop(signum: int, frame: Any) -> None:
        stopping.append(signum)

    processes = [start() for _ in range(count)]
    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    print(banner, flush=True)
    status = 0
    try:
        while not stopping:
            if scrapes is not None:
                scrapes.handle_request()  # waits 0.2 s at most
            else:
                time.sleep(0.2)
            for index, process in enumerate(processes):
                if process.is_alive():
                    continue
                if gone is not None:
                    gone(process.pid)
                if process.exitcode == 3:  # uvicorn: the app failed to start
                    _operating.say(f"worker {index + 1} could not start", error=True)
                    stopping.append(0)
                    status = 1
                    break
                _operating.say(
                    f"worker {index + 1} (pid {process.pid}) stopped with status"
                    f" {process.exitcode}; starting another", error=True,
                )
                processes[index] = start()
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()  # uvicorn's graceful shutdown: leases given back
        for process in processes:
            process.join(15)
            if process.is_alive():
                process.kill()
                process.join()
            if gone is not None and process.pid is not None:
                gone(process.pid)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return status


def quiet_collector() -> None:
    """Keep the cyclic garbage collector's pauses short in the server process.

    A state message is a few small dicts per legal action, kept until the next move: with
    CPython's defaults they outlived the youngest generation and piled up in the oldest, whose
    full collections of the whole heap stopped every game for 60 to 80 ms a few times a minute
    at 50 games. What is loaded at start is frozen (never scanned again), and the youngest
    generation grows to :data:`GC_YOUNG` objects before it is collected, so such messages die
    young.
    """
    gc.collect()  # nothing unreachable is frozen for ever
    gc.freeze()
    gc.set_threshold(GC_YOUNG)


def database_source(db: str | None) -> str:
    """Return where the database setting came from, for messages."""
    if db is not None:
        return "--db"
    for name in ("MEEPLES_DATABASE_URL", "MEEPLES_DB"):
        if os.environ.get(name):
            return f"${name}"
    return "the database"


def check_database(url: str, source: str) -> str:
    """Check a database URL before serving; return it as shown to people (no password).

    Raises:
        BadOptions: a malformed URL, an unknown kind of database, a driver that is not
            installed (naming its pip package) or an asyncio one, or an SQLite file that
            cannot be used (missing or read-only folder, a folder, not a database).
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
    except ArgumentError:
        raise BadOptions(
            f"{source} {shorten(url)!r} is neither a file name nor a database URL "
            "(e.g. postgresql+psycopg://user:password@host/meeples)"
        ) from None
    shown = parsed.render_as_string(hide_password=True)
    try:
        dialect = parsed.get_dialect()
    except NoSuchModuleError:
        raise BadOptions(
            f"{source} {shown}: unknown kind of database {parsed.drivername!r}"
        ) from None
    driver = str(getattr(dialect, "driver", parsed.get_driver_name()))
    if getattr(dialect, "is_async", False):
        raise BadOptions(
            f"{source} {shown}: {driver} is an asyncio driver; use a synchronous one "
            "(e.g. postgresql+psycopg://)"
        )
    try:
        dialect.import_dbapi()
    except ImportError as error:
        module = (error.name or driver).split(".")[0]
        package = DRIVER_PACKAGES.get(driver, module)
        raise BadOptions(
            f"{source} {shown}: the database driver {driver} is not installed "
            f"(pip install '{package}')"
        ) from None
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        path = str(parsed.database)
        if parsed.query.get("uri") in ("true", "1") and path.startswith("file:"):
            path = path.removeprefix("file:")  # an SQLite URI (e.g. ?mode=ro&uri=true)
        check_sqlite_file(path, source)
        return path
    return shown


def check_sqlite_file(path: str, source: str) -> None:
    """Refuse an SQLite file the server could not open or create.

    Raises:
        BadOptions: its folder is missing or read-only, it is a folder, or it holds something
            else than an SQLite database.
    """
    target = output_file(path, option=source)
    try:
        with target.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError:
        return  # created on first start
    if head and head != SQLITE_HEADER:
        raise BadOptions(f"{source} {shorten(path)} is not an SQLite database")


def open_database(url: str, shown: str) -> None:
    """Connect once and create the tables, so that a database that cannot be used is one line
    here rather than a traceback from the server's startup.

    Raises:
        BadOptions: the connection or the table creation failed.
    """
    from sqlalchemy.exc import SQLAlchemyError

    from meeples.server.store import Store

    try:
        Store(url).close()
    except (SQLAlchemyError, OSError) as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()
        first = reason[0] if reason else type(error).__name__
        raise BadOptions(f"cannot open the database {shown}: {first}") from None


def url_host(host: str) -> str:
    """Return a host as written in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


def bind(host: str, port: int, option: str = "--host") -> socket.socket:
    """Return a socket bound to host and port (uvicorn listens on it); option names the host's
    option in messages.

    Raises:
        BadOptions: the host is not an address or a name that resolves, or the address cannot
            be bound (in use, not this machine's, a privileged port).
    """
    if not host.strip():
        raise BadOptions(f"{option} needs an address (e.g. 127.0.0.1, 0.0.0.0 or localhost)")
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise BadOptions(
            f"{option} {shorten(host)!r}: not an address or known host name ({reason})"
        ) from None
    family, kind, protocol, _, address = found[0]
    sock = socket.socket(family, kind, protocol)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        reason = error.strerror or str(error)
        raise BadOptions(f"cannot listen on {host} port {port}: {reason}") from None
    return sock


def serve(config: Any, banner: str, sock: socket.socket) -> None:
    """Run uvicorn on a bound socket, printing the banner once it listens."""
    import uvicorn

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if not self.should_exit and banner:
                print(banner, flush=True)

    Server(config).run(sockets=[sock])
