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
WS   /ws/{id}                  live play (see :mod:`meeples.server.protocol`)
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
import time
from collections.abc import AsyncIterator
from functools import cache
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import meeples
from meeples.core import registry, text
from meeples.core.chance import SeedSource
from meeples.core.errors import MeeplesError
from meeples.server import (
    account_api,
    accounts,
    alerts_api,
    door,
    guard,
    heads,
    health,
    lifecycle,
    logs,
    metrics,
    rating_api,
    ratings,
    sessions,
    timing,
)
from meeples.server.alerts import Alerts
from meeples.server.clocks import TimeSource
from meeples.server.components import components
from meeples.server.connection import CLOSE_TIMEOUT, Client
from meeples.server.errors import RoomError
from meeples.server.guard import LocalLimits, TooLarge
from meeples.server.guard import read_json as _body
from meeples.server.legal import encode
from meeples.server.lobby import Lobby, describe_games
from meeples.server.mail import Mailer, MailSettings
from meeples.server.protocol import (
    Act,
    Chat,
    ChatMute,
    ChatReport,
    CreateRequest,
    Hello,
    Hint,
    Malformed,
    Rematch,
    Resign,
    Settings,
    Sync,
    Undo,
    parse_client_message,
)
from meeples.server.protocol import error as wire_error
from meeples.server.quota import BOT_GAMES_PER_ADDRESS, BOT_GAMES_TOTAL, TooMany
from meeples.server.replays import Busy, Replays
from meeples.server.room import Room
from meeples.server.store import DamagedMatch, DatabaseProblem, Store, database_url
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
                cluster.relays.app, cluster.relays.serve_socket = app, _live
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
        Route("/api/matches", list_matches, methods=["GET"]),
        Route("/api/matches", create_match, methods=["POST"]),
        Route("/api/matches/{match_id}", show_match),
        Route("/api/matches/{match_id}/claim", claim_seat, methods=["POST"]),
        Route("/api/matches/{match_id}/resign", resign_seat, methods=["POST"]),
        Route("/api/matches/{match_id}/replay", replay),
        *account_api.routes(),
        *alerts_api.routes(),
        *rating_api.routes(),
        Route("/healthz", health.healthz),
        Route("/readyz", health.readyz),
        Route("/metrics", show_metrics),
        WebSocketRoute("/ws/{match_id}", live),
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


def error(code: str, message: str, msg: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return an error message to send (counted in the metrics by its code)."""
    metrics.error(code)
    return wire_error(code, message, msg)


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
    return _fail(500, "generic", "the server failed on this request; nothing changed")


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


def _lobby(request: Request | WebSocket) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _fail(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(error(code, message), status_code=status)


def _address(connection: Request | WebSocket) -> str:
    """Return the client's address: the peer itself, or what a trusted proxy said it was.

    ``meeples serve`` trusts X-Forwarded-For only from the proxies given to
    ``--forwarded-allow-ips`` (uvicorn then puts the forwarded address in the scope).
    """
    return connection.client.host if connection.client is not None else "?"


async def _flooding(request: Request) -> bool:
    """Return whether this address creates or claims games faster than anyone would."""
    limits: LocalLimits = request.app.state.limits
    return not await limits.create(_address(request))


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
        return _fail(404, "unknown_game", f"there is no game {name!r}")
    return JSONResponse(components(name), headers={"Cache-Control": "max-age=3600"})


@cache
def _catalogue_body(lang: str, generation: int) -> bytes:
    """Return a language's catalogue as sent, for one set of registered games."""
    return json.dumps(text.catalogue(lang).to_json(), ensure_ascii=False).encode()


async def text_catalogue(request: Request) -> Response:
    """Answer a language's catalogue: message templates and component names and effects."""
    lang = request.path_params["lang"]
    if lang not in text.LANGUAGES:
        return _fail(404, "unknown_language", f"there is no language {lang!r}")
    return Response(
        _catalogue_body(lang, registry.generation()), media_type="application/json",
        headers={"Cache-Control": "no-cache"},
    )


async def list_matches(request: Request) -> Response:
    """List the open, live and finished matches."""
    return JSONResponse(await _lobby(request).summaries())


async def create_match(request: Request) -> Response:
    """Create a match and answer each human seat's secret token (shown once)."""
    if await _flooding(request):
        metrics.refused("creations")
        return _fail(429, "too_many", "too many new games from this address; wait a little")
    try:
        body = await _body(request)
        create = CreateRequest.model_validate(body)
    except TooLarge:
        return _fail(413, "too_large", f"the request is over {guard.MAX_BODY} bytes")
    except ValueError as problem:
        if isinstance(problem, ValidationError):
            first = problem.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "body"
            return _fail(400, "malformed", f"{where}: {first['msg']}")
        return _fail(400, "malformed", "the request body is not JSON")
    try:
        signed = await account_api.signed_for_change(request)
    except account_api.Refused as refused:
        return refused.response
    if create.mine is not None and signed is None:
        return _fail(401, "not_signed_in", "sign in to keep seats on an account")
    if create.rated and signed is None:
        return _fail(401, "not_signed_in", "sign in to create a rated game")
    try:
        room, tokens = await _lobby(request).create(
            create, _address(request), signed.account if signed is not None else None)
    except ratings.NotRateable as problem:
        metrics.error(problem.code)
        return JSONResponse(error(problem.code, str(problem), problem.message.to_json()),
                            status_code=400)
    except MeeplesError as problem:
        return JSONResponse(
            error("bad_request", str(problem), problem.message.to_json()), status_code=400
        )
    except TooMany as problem:
        metrics.refused("bot_games")
        return _fail(429, "too_many", str(problem))
    return JSONResponse(
        {
            "id": room.id,
            "game": room.stored.game,
            "seats": [
                {"seat": i, "kind": s.kind, "level": s.level, "name": s.name, "token": tokens[i]}
                for i, s in enumerate(room.seats)
            ],
            "chance": room.chance(),
        },
        status_code=201,
    )


DAMAGED = "this game cannot be loaded: its record in the database is damaged"


async def _room(request: Request) -> Room | Response:
    """Return the room of the request's match, or the error to answer instead."""
    try:
        room = await _lobby(request).get(request.path_params["match_id"])
    except DamagedMatch:
        return _fail(500, "generic", DAMAGED)
    if room is None:
        return _fail(404, "unknown_match", "there is no such game")
    return room


async def show_match(request: Request) -> Response:
    """Describe one match: its seats, version and outcome (the spectator view too)."""
    room = await _room(request)
    if isinstance(room, Response):
        return room
    outcome = room.outcome
    return JSONResponse(
        {
            "id": room.id,
            "game": room.stored.game,
            "title": room.state.game.title,
            "version": room.version,
            "players": room.players(),
            "to_move": room.to_move,
            "finished": room.stored.finished,
            "rematch": room.stored.rematch,
            "outcome": outcome.to_json() if outcome is not None else None,
            "view": room.view(None),
            "chance": room.chance(),
            "warm": lifecycle.warm_settings(room.stored),
            "research": room.stored.research,
            "clock": room.stored.clock.to_json() if room.stored.clock is not None else None,
            "clocks": timing.fields(room),
            "rated": room.stored.rating,
            "chat": room.stored.chat,  # who reads the table chat (docs/chat.md)
        }
    )


async def claim_seat(request: Request) -> Response:
    """Take the first seat left open to anyone; answer its new token."""
    room = await _room(request)
    if isinstance(room, Response):
        return room
    if await _flooding(request):
        metrics.refused("creations")
        return _fail(429, "too_many", "too many seats taken from this address; wait a little")
    try:
        signed = await account_api.signed_for_change(request)
    except account_api.Refused as refused:
        return refused.response
    try:
        seat, token = await room.claim(signed.account if signed is not None else None)
    except RoomError as problem:
        return _fail(503 if problem.code == "storage" else 409, problem.code, problem.message)
    return JSONResponse({"id": room.id, "seat": seat, "token": token})


async def resign_seat(request: Request) -> Response:
    """Resign the seat of a token (``{"token": ...}``): the way for a program or a terminal."""
    room = await _room(request)
    if isinstance(room, Response):
        return room
    try:
        body = await _body(request)
    except TooLarge:
        return _fail(413, "too_large", f"the request is over {guard.MAX_BODY} bytes")
    except ValueError:
        return _fail(400, "malformed", "the request body is not JSON")
    token = body.get("token") if isinstance(body, dict) else None
    if not isinstance(token, str) or not token or len(token) > 128 or len(body) != 1:
        return _fail(400, "malformed", 'send {"token": "<the seat\'s token>"}')
    try:
        seat = await lifecycle.resign(room, frozenset(), token=token)
    except RoomError as problem:
        status = {"bad_token": 403, "storage": 503}.get(problem.code, 409)
        words = problem.msg.to_json() if problem.msg is not None else None
        return JSONResponse(error(problem.code, problem.message, words), status_code=status)
    return JSONResponse({"id": room.id, "seat": seat, "outcome": room.stored.result})


async def replay(request: Request) -> Response:
    """Return every public view of a finished match, with the action log."""
    room = await _room(request)
    if isinstance(room, Response):
        return room
    if not room.stored.finished:
        return _fail(409, "not_finished", "a game can be replayed once it is finished")
    rates: guard.Buckets = request.app.state.replay_rates
    if not rates.take(_address(request)):
        metrics.refused("replays")
        return _fail(429, "too_many", "too many replays asked from this address; wait a little")
    replays: Replays = request.app.state.replays
    try:
        body = await replays.replay(room)
    except Busy as problem:
        return _fail(503, "busy", str(problem))
    return Response(body, media_type="application/json")


async def live(websocket: WebSocket) -> None:
    """Play a match over a WebSocket: hello with tokens, then actions."""
    await websocket.accept()
    limits: LocalLimits = websocket.app.state.limits
    address = _address(websocket)
    if not await limits.enter(address):
        metrics.refused("connections")
        await _refuse(websocket, error("too_many", "too many connections from this address"), 1013)
        return
    try:
        await _live(websocket, await _account_of(websocket))
    finally:
        await limits.leave(address)


async def _account_of(websocket: WebSocket) -> str | None:
    """Return the account whose session a connection's handshake carries, if a page of this
    site opened it (another site's page gets a guest's connection: no CSRF through sockets)."""
    if sessions.cookie_of(websocket) is None or not sessions.same_site(websocket):
        return None
    try:
        signed = await account_api.signed(websocket)
    except Exception as problem:  # the database is away: a guest's connection meanwhile
        log.error("a session could not be read: %r", problem)
        return None
    return signed.account if signed is not None else None


async def _refuse(websocket: WebSocket, message: dict[str, Any], code: int) -> None:
    """Send one error and close, giving up on a peer that does not read."""

    async def send_and_close() -> None:
        await websocket.send_text(encode(message))
        await websocket.close(code=code)

    with contextlib.suppress(Exception):
        await asyncio.wait_for(send_and_close(), CLOSE_TIMEOUT)


async def _live(websocket: WebSocket, account: str | None = None) -> None:
    """Serve a connection (account: the one its session opens, whose seats a hello without
    tokens takes up)."""
    cluster = getattr(websocket.app.state, "cluster", None)
    if cluster is not None and await cluster.relays.relay(websocket, _address(websocket), account):
        return  # served by the worker holding the match, through this one
    try:
        room = await _lobby(websocket).get(websocket.path_params["match_id"])
    except DamagedMatch:
        await _refuse(websocket, error("generic", DAMAGED), 4404)
        return
    except Exception as problem:  # the database is unreachable, say: the browser tries again
        log.error("match %s cannot be loaded now: %r", websocket.path_params["match_id"], problem)
        await _refuse(websocket, error("generic", "this game cannot be loaded now"), 1011)
        return
    if room is None:
        await _refuse(websocket, error("unknown_match", "there is no such game"), 4404)
        return

    async def close(code: int) -> None:
        await websocket.close(code=code)

    # Everything for this connection goes through its outbox, sent by its own task: neither
    # the room nor this handler ever waits on the socket.
    client = Client(send=websocket.send_text, close=close)
    signed: sessions.Connections = websocket.app.state.signed
    if account is not None:  # closed if the account signs out everywhere meanwhile
        signed.enter(account, client)
    watch: door.Watch | None = getattr(websocket.app.state, "watch", None)
    if watch is not None:  # closed if its address is banned meanwhile
        watch.enter(_address(websocket), client)
    reader = asyncio.create_task(_read(websocket, room, client, account))
    gone = asyncio.create_task(client.gone.wait())
    try:
        await asyncio.wait({reader, gone}, return_when=asyncio.FIRST_COMPLETED)
        if not reader.done():  # the connection is gone: nothing it sent counts any more
            reader.cancel()
        await room.leave(client)
        if reader.done() and not reader.cancelled() and reader.exception() is not None:
            log.error("match %s: a connection failed: %r", room.id, reader.exception())
            client.post(encode(error("generic", "the server failed on this connection")))
            client.close(1011)
        await client.finished()  # what was posted before a close goes out first
    finally:
        gone.cancel()
        reader.cancel()
        client.stop()
        await room.leave(client)
        if watch is not None:
            watch.leave(_address(websocket), client)
        if account is not None:
            signed.leave(account, client)


async def _turn_flow(room: Room, client: Client, message: Settings | Undo, joined: bool) -> None:
    """Change this connection's seats' settings, or undo their last decision.

    Raises:
        RoomError: before hello, a spectator, or a refused undo.
    """
    if not joined:
        raise RoomError("hello_first", "send hello first")
    if isinstance(message, Settings):
        await room.change_settings(client, message.anytime, message.armed, message.seat)
    else:
        await room.undo(client, message.version)


async def _read(websocket: WebSocket, room: Room, client: Client, account: str | None) -> None:
    """Answer a connection's messages until it leaves or a message closes it."""

    def reply(message: dict[str, Any]) -> None:
        client.post(encode(message))

    joined = False
    flood = guard.Bucket(guard.MESSAGE_RATE, guard.MESSAGE_BURST)
    moves: guard.Pacer = websocket.app.state.moves
    address = _address(websocket)
    while True:
        try:
            received = await websocket.receive()
        except WebSocketDisconnect:
            received = {"type": "websocket.disconnect"}
        if received["type"] == "websocket.disconnect":
            client.stop()
            return
        text = received.get("text")
        if not flood.take():
            metrics.refused("messages")
            reply(error("flood", "too many messages; this connection is closed"))
            client.close(1008)
            return
        if text is None:
            reply(error("malformed", "malformed message (send JSON text, not bytes)"))
            continue
        if len(text) > guard.MAX_MESSAGE:
            reply(error("too_large", f"a message is at most {guard.MAX_MESSAGE} characters"))
            client.close(1009)
            return
        try:
            message = parse_client_message(json.loads(text))
        except (ValueError, RecursionError) as problem:
            why = "malformed message (not JSON)"
            if isinstance(problem, Malformed):
                why = str(problem)
            reply(error("malformed", why))
            continue
        try:
            if isinstance(message, Hello):
                await room.join(client, message.tokens, account)
                joined = True
            elif isinstance(message, Chat | ChatMute | ChatReport):
                if not joined:
                    raise RoomError("hello_first", "send hello first")
                if isinstance(message, Chat):
                    await room.chat.write(client, message.text, account, address)
                elif isinstance(message, ChatMute):
                    await room.chat.mute(client, message.seat, message.muted)
                else:
                    reply(await room.chat.report(client, message.seq, account))
            elif isinstance(message, Act):
                if not joined:
                    raise RoomError("hello_first", "send hello before playing")
                await moves.wait(address)
                started = time.perf_counter()
                await room.act(client, message.action, message.version)
                metrics.acted(room.stored.game, time.perf_counter() - started)
            elif isinstance(message, Hint):
                reply(await room.hint(client))
            elif isinstance(message, Settings | Undo):
                if isinstance(message, Undo):
                    await moves.wait(address)
                await _turn_flow(room, client, message, joined)
            elif isinstance(message, Sync):
                if not joined:
                    raise RoomError("hello_first", "send hello first")
                await room.send_state(client)
            elif isinstance(message, Resign):
                if not joined:
                    raise RoomError("hello_first", "send hello first")
                await lifecycle.resign(room, client.seats, message.seat)
            elif isinstance(message, Rematch):
                if not joined:
                    raise RoomError("hello_first", "send hello first")
                # A rematch is a new game: it spends one of the address's creations, else
                # resign and rematch made games without limit (30 in 0.3 s, issue 28).
                limits: LocalLimits = websocket.app.state.limits
                if room.stored.rematch is None and not await limits.create(address):
                    metrics.refused("creations")
                    raise RoomError("too_many", "too many new games from this address; wait"
                                    " a little")
                rematch = await _lobby(websocket).rematch(room, client, message.swap)
                replays: Replays = websocket.app.state.replays
                replays.forget(room.id)  # its replay now shows the offer and links to it
                reply({"type": "rematch", "id": rematch})
            else:
                reply({"type": "pong"})
        except RoomError as problem:
            words = problem.msg.to_json() if problem.msg is not None else None
            reply(error(problem.code, problem.message, words))
            if problem.code == "bad_token":
                client.close(4403)
                return
            if problem.code == "stale":
                await room.send_state(client)
