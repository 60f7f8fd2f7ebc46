"""The server's metrics in Prometheus' format (``GET /metrics``), through prometheus-client.

What each one means, a scrape configuration and a Grafana dashboard: ``docs/operations.md``.

- ``meeples_live_matches{game}``, ``meeples_connections{game}``: unfinished matches in memory
  and their open connections (spectators and relayed ones included), per game, read from the
  lobby every :data:`REFRESH` seconds and at each scrape.
- ``meeples_actions_committed_total{game}``: actions stored (players', bots', chance's and the
  passes the server plays for a seat).
- ``meeples_action_round_trip_seconds{game}``: from a player's action read off the socket to
  its state posted to every connection of the match (waiting for the room, the commit, the
  rendering); ``meeples_commit_seconds``: from an action handed to the database threads to
  its commit (the wait for the batch before it included).
- ``meeples_bot_queue``: bot decisions asked and not answered yet (waiting for a bot process or
  thinking); ``meeples_bot_move_seconds{game,level}``: how long each took.
- ``meeples_errors_total{code}``: error messages and answers sent, by their code;
  ``meeples_refused_total{limit}``: refusals by a limit (``connections``, ``creations``,
  ``messages``, ``replays``, ``bot_games``, ``banned``, ``sign_ins``: attempts per address or
  per account name, ``cross_site``: a signed-in change or a sign-in from another site's page).

With ``meeples serve --workers N`` every worker writes its values to files in a folder of its
parent's (prometheus-client's multiprocess mode, ``PROMETHEUS_MULTIPROC_DIR``, set by ``serve``
before any worker starts) and a scrape of any worker, or of the parent's ``--metrics-port``,
adds them up: the gauges count the live workers only (``livesum``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import os
import socket
import socketserver
import threading
import time
import weakref
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)

import meeples
from meeples.server.bots import LEVELS

if TYPE_CHECKING:
    from meeples.server.lobby import Lobby

#: Seconds between two readings of the lobby for the gauges.
REFRESH = 1.0
#: The environment variable of prometheus-client's multiprocess mode.
MULTIPROCESS = "PROMETHEUS_MULTIPROC_DIR"
#: Latency buckets, in seconds: a move is a few milliseconds on a quiet server, the targets are
#: 50 and 100 ms at p99 (docs/reliability.md), a stalled one takes seconds.
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Bot decisions: the random bot answers in a millisecond, the hard ones search for seconds.
SLOW = (0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)

# A "_created" series beside every counter and histogram doubles what a scrape carries and
# says only when the process started.
disable_created_metrics()  # type: ignore[no-untyped-call]
LIVE = Gauge("meeples_live_matches", "Unfinished matches in memory, per game", ["game"],
             multiprocess_mode="livesum")
CONNECTIONS = Gauge("meeples_connections", "Open connections to matches, per game", ["game"],
                    multiprocess_mode="livesum")
ACTIONS = Counter("meeples_actions_committed", "Actions stored, per game", ["game"])
ROUND_TRIP = Histogram(
    "meeples_action_round_trip_seconds",
    "From a player's action received to its state posted to the match's connections",
    ["game"], buckets=FAST)
COMMIT = Histogram("meeples_commit_seconds",
                   "From an action handed to the database threads to its commit", buckets=FAST)
BOT_QUEUE = Gauge("meeples_bot_queue", "Bot decisions asked and not answered yet",
                  multiprocess_mode="livesum")
BOT_MOVE = Histogram("meeples_bot_move_seconds", "How long a bot took to decide, queue included",
                     ["game", "level"], buckets=SLOW)
ERRORS = Counter("meeples_errors", "Error messages and answers sent, by code", ["code"])
REFUSED = Counter("meeples_refused", "Requests and connections refused by a limit", ["limit"])
LIMITS = ("connections", "creations", "messages", "replays", "bot_games", "banned", "sign_ins",
          "cross_site")

_lobbies: weakref.WeakSet[Lobby] = weakref.WeakSet()


def committed(game: str) -> None:
    """Count an action stored."""
    ACTIONS.labels(game).inc()


def acted(game: str, seconds: float) -> None:
    """Record an action's round trip."""
    ROUND_TRIP.labels(game).observe(seconds)


def error(code: str) -> None:
    """Count an error sent (the codes are the server's own few: see protocol.py)."""
    ERRORS.labels(code[:32]).inc()


def refused(limit: str) -> None:
    """Count a refusal by one of :data:`LIMITS`."""
    REFUSED.labels(limit).inc()


@contextlib.contextmanager
def bot_move(game: str, level: str) -> Iterator[None]:
    """Count a bot decision in the queue while it runs, and time it."""
    started = time.perf_counter()
    BOT_QUEUE.inc()
    try:
        yield
    finally:
        BOT_QUEUE.dec()
        BOT_MOVE.labels(game, level if level in LEVELS else "other").observe(
            time.perf_counter() - started)


def watch(lobby: Lobby) -> None:
    """Count this lobby's rooms in the gauges (every lobby of the process adds up: the tests
    run several servers in one process)."""
    _lobbies.add(lobby)
    _prepare()


def _prepare() -> None:
    """Give every game's and limit's series a first value, so a dashboard shows 0, not nothing."""
    for game in meeples.game_names():
        ACTIONS.labels(game)
        ROUND_TRIP.labels(game)
    for limit in LIMITS:
        REFUSED.labels(limit)


def refresh() -> None:
    """Set the gauges from the lobbies' rooms."""
    live = dict.fromkeys(meeples.game_names(), 0)
    connections = dict.fromkeys(live, 0)
    for lobby in list(_lobbies):
        for room in list(lobby.rooms.values()):
            game = room.stored.game
            if not room.stored.finished:
                live[game] = live.get(game, 0) + 1
            connections[game] = connections.get(game, 0) + len(room.clients)
    for game, count in live.items():
        LIVE.labels(game).set(count)
    for game, count in connections.items():
        CONNECTIONS.labels(game).set(count)


async def keep_fresh() -> None:
    """Refresh the gauges every :data:`REFRESH` seconds until cancelled."""
    while True:
        refresh()
        await asyncio.sleep(REFRESH)


def exposition(refresh_now: bool = True) -> bytes:
    """Return every metric in Prometheus' text format: this process's, or with several
    workers, all the workers' added up (refresh_now: read the lobbies first; only from the
    event loop's thread)."""
    if refresh_now:
        refresh()
    if os.environ.get(MULTIPROCESS):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def allowed(token: str | None, authorization: str | None) -> bool:
    """Return whether a scrape may read the metrics: no token asked, or ``Authorization:
    Bearer <token>`` (compared in constant time)."""
    if token is None:
        return True
    scheme, _, given = (authorization or "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(),
                                                              token.encode())


CONTENT_TYPE = CONTENT_TYPE_LATEST


def metrics_server(sock: socket.socket, token: str | None, threads: bool) -> Any:
    """Return a WSGI server answering ``GET /metrics`` on a listening socket of its own
    (``--metrics-port``): with threads, run its ``serve_forever`` in a thread (one process);
    without, call its ``handle_request`` in a loop (the parent of several workers, which forks
    and must hold no thread: a child forked while a thread holds a lock would hang on it).

    Python's own WSGI server: a scrape every few seconds needs nothing more.
    """
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer

    class Quiet(WSGIRequestHandler):
        timeout = 5  # a scraper that stops sending does not hold the server

        def log_message(self, format: str, *args: Any) -> None:
            """Keep scrapes out of the server's log."""

    class Threaded(socketserver.ThreadingMixIn, WSGIServer):
        daemon_threads = True

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        if environ.get("PATH_INFO") != "/metrics":
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not found: the metrics are at /metrics\n"]
        if not allowed(token, environ.get("HTTP_AUTHORIZATION")):
            start_response("401 Unauthorized", [("Content-Type", "text/plain"),
                                                ("WWW-Authenticate", "Bearer")])
            return [b"the metrics need Authorization: Bearer <token>\n"]
        # The gauges are kept fresh by the event loop; never read from this thread.
        body = exposition(refresh_now=False)
        start_response("200 OK", [("Content-Type", CONTENT_TYPE),
                                  ("Content-Length", str(len(body)))])
        return [body]

    host, port = sock.getsockname()[:2]
    kind = Threaded if threads else WSGIServer
    server = kind((host, port), Quiet, bind_and_activate=False)
    server.socket.close()
    server.socket = sock
    server.server_name, server.server_port = str(host), int(port)
    server.setup_environ()
    server.server_activate()
    server.set_app(app)
    server.timeout = 0.2  # handle_request returns after this when no scrape comes
    return server


def serve_in_thread(sock: socket.socket, token: str | None) -> threading.Thread:
    """Answer ``GET /metrics`` on a socket of its own from a daemon thread; return it."""
    server = metrics_server(sock, token, threads=True)
    thread = threading.Thread(target=server.serve_forever, name="meeples-metrics", daemon=True)
    thread.start()
    return thread
