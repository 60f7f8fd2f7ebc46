"""The ASGI application: HTTP routes for the lobby and replays, a WebSocket per live match.

GET  /                         the single-page client (``meeples/web``)
GET  /api/games                games, player counts, rule options
GET  /api/games/{name}/components   printed component data the board draws
GET  /api/matches              open, live and finished matches
POST /api/matches              create a match; answers the seat tokens (once)
GET  /api/matches/{id}         one match, public information only
POST /api/matches/{id}/claim   take a seat left open to anyone
POST /api/matches/{id}/resign  resign the seat of a token
GET  /api/matches/{id}/replay  every public view of a finished match
                               (:mod:`meeples.server.match_api`)
WS   /ws/{id}                  live play (:mod:`meeples.server.live`; the messages:
                               :mod:`meeples.server.protocol`)
POST /api/accounts, GET|POST|DELETE /api/session, GET|DELETE /api/me   player accounts (optional)
                               (:mod:`meeples.server.account_api`, docs/accounts.md)
PUT|DELETE /api/me/alerts, GET|POST /unsubscribe   turn alerts by e-mail
                               (:mod:`meeples.server.alerts_api`)
GET  /api/ratings/{game}       a game's leaderboard (:mod:`meeples.server.rating_api`)
GET  /healthz, /readyz         alive; ready to serve (:mod:`meeples.server.health`)
GET  /metrics                  Prometheus metrics (:mod:`meeples.server.metrics`)

Every request and connection goes through the access log (:mod:`meeples.server.logs`: request
and match ids) and the door (:mod:`meeples.server.door`: banned addresses refused).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from functools import cache
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

import meeples
from meeples.core import registry, text
from meeples.core.chance import SeedSource
from meeples.server import (
    account_api,
    accounts,
    alerts_api,
    door,
    guard,
    heads,
    health,
    lifecycle,
    live,
    logs,
    match_api,
    metrics,
    rating_api,
    ratings,
    sessions,
    timing,
)
from meeples.server.alerts import Alerts
from meeples.server.clocks import TimeSource
from meeples.server.components import components
from meeples.server.guard import LocalLimits
from meeples.server.lobby import Lobby, describe_games
from meeples.server.mail import Mailer, MailSettings
from meeples.server.quota import BOT_GAMES_PER_ADDRESS, BOT_GAMES_TOTAL
from meeples.server.replays import Replays
from meeples.server.replies import fail
from meeples.server.store import DatabaseProblem, Store, database_url
from meeples.server.workers import Workers

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("meeples.server")


def create_app(
    db: str | None = None,
    bot_delay: float = 0.5,
    create_rate: tuple[float, float] = (1 / guard.CREATE_EVERY, guard.CREATE_BURST),
    sockets_per_address: int = guard.SOCKETS_PER_ADDRESS,
    replay_rate: tuple[float, float] = (1 / guard.REPLAY_EVERY, guard.REPLAY_BURST),
    move_rate: tuple[float, float] = (guard.MOVE_RATE, guard.MOVE_BURST),
    bot_processes: int | None = None,
    bot_games: tuple[int, int] = (BOT_GAMES_PER_ADDRESS, BOT_GAMES_TOTAL),
    check_database: bool = True,
    abandon_after: float = lifecycle.ABANDON_AFTER,
    redis_url: str | None = None,
    chance_seed: str | None = None,
    metrics_token: str | None = None,
    metrics_here: bool = True,
    sign_in_rate: tuple[float, float] = guard.SIGN_IN_RATE,
    name_sign_in_rate: tuple[float, float] = guard.NAME_SIGN_IN_RATE,
    password_hasher: PasswordHasher | None = None,
    mail: MailSettings | None = None,
    time_source: TimeSource | None = None,
    on_time_low: timing.TimeLow | None = None,
) -> Starlette:
    """Return the application on the database db (see :func:`store.database_url`).

    create_rate: games each client address may create or claim, per second and in a burst.
    sockets_per_address: live connections each client address may hold at once.
    replay_rate: replays each client address may ask for, per second and in a burst.
    move_rate: moves and undos each client address may play, per second and in a burst (a
    faster one waits its turn).
    bot_processes: processes for bot moves (None: every core but one; 0: threads instead).
    bot_games: games of bots only that may play at once, per client address and in all.
    check_database: check at start that the database is whole and writable (``meeples serve``
    checks before it starts the app, so it says no here).
    abandon_after: seconds without an action after which an unfinished match is listed as
    abandoned.
    redis_url: Redis shared with other workers on the same database (see
    :mod:`meeples.server.cluster`); None: this process alone serves the database's games.
    chance_seed: a fixed source of match ids and seeds (:class:`meeples.core.chance.SeedSource`,
    for tests and operators: the same text, the same chance in the same games; nothing is
    secret then); None: a fresh secret seed for each match.
    metrics_token: ``GET /metrics`` asks for ``Authorization: Bearer <token>`` (None: open).
    metrics_here: serve ``GET /metrics`` (False: it is on a port of its own, ``serve
    --metrics-port``, and 404 here).
    sign_in_rate, name_sign_in_rate: sign-in attempts each address, and each account name, may
    make, per second and in a burst (an account creation counts as the address's attempt).
    password_hasher: the argon2 hasher of account passwords (None: argon2-cffi's defaults;
    tests pass a cheap one).
    mail: the SMTP server that sends turn alerts (:mod:`meeples.server.alerts`); None: no mail.
    time_source: where the clocks of timed matches take the time from (None: the system's;
    tests pass a :class:`~meeples.server.clocks.ManualTime`).
    on_time_low: called with (match id, seat, seconds left) once per seat and turn when a
    running clock's time runs low (None: nothing is done).

    Raises:
        DatabaseProblem: (at start) the database is damaged, read-only or not a database.
    """
    url = database_url(db)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        quiet_invalid_text()
        store = Store(url)
        if check_database:
            try:
                store.check()
            except DatabaseProblem:
                store.close()
                raise
        workers = Workers.start(bot_processes)
        signed = app.state.signed = sessions.Connections()
        # Before any room is loaded (a worker of several takes games over as it starts).
        alerts = app.state.alerts = Alerts(store.engine, workers,
                                           Mailer(mail) if mail is not None else None)
        try:
            await alerts.start()
        except BaseException:
            await asyncio.to_thread(workers.stop)
            store.close()
            raise
        # --- several workers (meeples.server.cluster) ---
        cluster = None
        if redis_url is not None:
            from meeples.server.cluster import Cluster, check_shared
            from meeples.server.takeover import ClusterLobby

            try:
                check_shared(url)
                cluster = Cluster(redis_url, store)
                shared = ClusterLobby(
                    store, cluster, bot_delay, workers, bot_games, abandon_after
                )
                cluster.relays.app, cluster.relays.serve_socket = app, live.serve
                cluster.sign_out = signed.close
                shared.alerts = alerts
                await cluster.start(shared)
            except BaseException:
                await alerts.stop()
                await asyncio.to_thread(workers.stop)
                store.close()
                raise
            lobby: Lobby = shared
        else:
            lobby = Lobby(store, bot_delay, workers, bot_games, abandon_after)
        if time_source is not None:
            lobby.time = time_source
        if on_time_low is not None:
            lobby.on_time_low = on_time_low
        if chance_seed is not None:
            lobby.seeds = SeedSource(chance_seed)
            log.warning(
                "CHANCE IS NOT SECRET on this server: every match's seed follows from the fixed"
                " chance seed (--chance-seed / $MEEPLES_CHANCE_SEED) and its id; whoever knows"
                " that text knows every draw before it comes. For tests only."
            )
        app.state.cluster = cluster
        # --- end ---
        app.state.store = store
        app.state.lobby = lobby
        # Per-address limits: for the whole server (in Redis) when there are several workers.
        app.state.limits = (
            cluster.shared_limits(sockets_per_address, create_rate, sign_in_rate,
                                  name_sign_in_rate) if cluster is not None
            else LocalLimits(sockets_per_address, create_rate, sign_in_rate, name_sign_in_rate)
        )
        app.state.passwords = accounts.Passwords(password_hasher)
        lobby.alerts = alerts
        app.state.replays = Replays()
        app.state.replay_rates = guard.Buckets(*replay_rate)
        app.state.moves = guard.Pacer(*move_rate)
        app.state.metrics = (metrics_token, metrics_here)
        metrics.watch(lobby)
        gauges = asyncio.get_running_loop().create_task(metrics.keep_fresh())
        watch = door.Watch(store, lobby, cluster.leases.release if cluster is not None else None)
        await watch.start()
        app.state.watch = watch
        resumed = await lobby.resume()
        log.info("meeples server on %s, %d unfinished matches resumed", url.split("@")[-1], resumed)
        # A match that ended just before a stop is rated now (once: see meeples.server.ratings).
        if rated := await workers.store(ratings.rate_pending, store.engine):
            log.info("%d finished matches rated at start", rated)
        try:
            yield
        finally:
            gauges.cancel()
            await watch.stop()
            if cluster is not None:  # its bots stopped first, then its games let go
                await cluster.stop()
            await lobby.stop()
            await alerts.stop()
            await asyncio.to_thread(workers.stop)
            store.close()

    routes = [
        Route("/", index),
        Route("/api/games", games),
        Route("/api/games/{name}/components", game_components),
        Route("/api/text/{lang}", text_catalogue),
        *match_api.routes(),
        *account_api.routes(),
        *alerts_api.routes(),
        *rating_api.routes(),
        Route("/healthz", health.healthz),
        Route("/readyz", health.readyz),
        Route("/metrics", show_metrics),
        WebSocketRoute("/ws/{match_id}", live.live),
        Mount("/static", RevalidatedFiles(directory=WEB), name="static"),
    ]
    # A part that is away (the database restarting, Redis): 503 and one line, not 500 and a
    # traceback. (One handler for requests and WebSockets: Starlette types them apart.)
    handlers: dict[Any, Any] = {**dict.fromkeys(health.away_kinds(), health.away),
                                Exception: unexpected}
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            Middleware(logs.AccessLog), Middleware(door.Door),
            Middleware(guard.SecurityHeaders), Middleware(heads.HeaderLimit),
        ],
        exception_handlers=handlers,
    )


async def show_metrics(request: Request) -> Response:
    """Answer the metrics in Prometheus' format (behind a token when the server has one).

    Refusals are plain text, as Prometheus shows them: no browser ever asks here.
    """
    token, here = request.app.state.metrics
    if not here:
        return PlainTextResponse("the metrics are on this server's metrics port\n", 404)
    if not metrics.allowed(token, request.headers.get("authorization")):
        return PlainTextResponse("the metrics need Authorization: Bearer <token>\n", 401,
                                 headers={"WWW-Authenticate": "Bearer"})
    return Response(metrics.exposition(), media_type=metrics.CONTENT_TYPE,
                    headers={"Cache-Control": "no-store"})


async def unexpected(request: Request, problem: Exception) -> Response:
    """Answer a failure no route expected: a JSON error, never a traceback (the log has it)."""
    return fail(500, "generic", "the server failed on this request; nothing changed")


class InvalidTextFilter(logging.Filter):
    """Turn uvicorn's traceback for a text frame that is not UTF-8 into a one-line warning.

    uvicorn already closes such a connection with 1007; one broken or hostile client could
    otherwise fill the log with a six-line traceback per frame.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep the record, without its traceback when it is a frame that is not UTF-8."""
        if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.msg, record.args = "a WebSocket text frame was not UTF-8; closed (1007)", ()
        return True


def quiet_invalid_text() -> None:
    """Install :class:`InvalidTextFilter` on uvicorn's error log (once)."""
    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, InvalidTextFilter) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(InvalidTextFilter())


class RevalidatedFiles(StaticFiles):
    """The client's files, which browsers revalidate on each load (a new version shows at once)."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


async def index(request: Request) -> Response:
    """Serve the single-page client."""
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


async def games(request: Request) -> Response:
    """List the games with their rule options."""
    return JSONResponse({"games": describe_games()})


async def game_components(request: Request) -> Response:
    """Answer the component data a game's board draws (names, paths, tile kinds)."""
    name = request.path_params["name"]
    if name not in meeples.game_names():
        return fail(404, "unknown_game", f"there is no game {name!r}")
    return JSONResponse(components(name), headers={"Cache-Control": "max-age=3600"})


@cache
def _catalogue_body(lang: str, generation: int) -> bytes:
    """Return a language's catalogue as sent, for one set of registered games."""
    return json.dumps(text.catalogue(lang).to_json(), ensure_ascii=False).encode()


async def text_catalogue(request: Request) -> Response:
    """Answer a language's catalogue: message templates and component names and effects."""
    lang = request.path_params["lang"]
    if lang not in text.LANGUAGES:
        return fail(404, "unknown_language", f"there is no language {lang!r}")
    return Response(
        _catalogue_body(lang, registry.generation()), media_type="application/json",
        headers={"Cache-Control": "no-cache"},
    )
