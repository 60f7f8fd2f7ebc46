"""The HTTP routes of matches: list, create, describe, claim a seat, resign, replay.

GET  /api/matches              open, live and finished matches
POST /api/matches              create a match; answers the seat tokens (once)
GET  /api/matches/{id}         one match, public information only
POST /api/matches/{id}/claim   take a seat left open to anyone
POST /api/matches/{id}/resign  resign the seat of a token
GET  /api/matches/{id}/replay  every public view of a finished match
"""

from __future__ import annotations

import logging

from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from meeples.core.errors import MeeplesError
from meeples.server import (
    account_api,
    guard,
    lifecycle,
    metrics,
    ratings,
    timing,
)
from meeples.server.errors import RoomError
from meeples.server.guard import LocalLimits, TooLarge
from meeples.server.guard import read_json as _body
from meeples.server.protocol import (
    CreateRequest,
)
from meeples.server.quota import TooMany
from meeples.server.replays import Busy, Replays
from meeples.server.replies import address_of, error, fail, lobby_of
from meeples.server.room import Room
from meeples.server.store import DamagedMatch

log = logging.getLogger("meeples.server")


def routes() -> list[Route]:
    """Return the routes of matches."""
    return [
        Route("/api/matches", list_matches, methods=["GET"]),
        Route("/api/matches", create_match, methods=["POST"]),
        Route("/api/matches/{match_id}", show_match),
        Route("/api/matches/{match_id}/claim", claim_seat, methods=["POST"]),
        Route("/api/matches/{match_id}/resign", resign_seat, methods=["POST"]),
        Route("/api/matches/{match_id}/replay", replay),
    ]


async def _flooding(request: Request) -> bool:
    """Return whether this address creates or claims games faster than anyone would."""
    limits: LocalLimits = request.app.state.limits
    return not await limits.create(address_of(request))


async def list_matches(request: Request) -> Response:
    """List the open, live and finished matches."""
    return JSONResponse(await lobby_of(request).summaries())


async def create_match(request: Request) -> Response:
    """Create a match and answer each human seat's secret token (shown once)."""
    if await _flooding(request):
        metrics.refused("creations")
        return fail(429, "too_many", "too many new games from this address; wait a little")
    try:
        body = await _body(request)
        create = CreateRequest.model_validate(body)
    except TooLarge:
        return fail(413, "too_large", f"the request is over {guard.MAX_BODY} bytes")
    except ValueError as problem:
        if isinstance(problem, ValidationError):
            first = problem.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "body"
            return fail(400, "malformed", f"{where}: {first['msg']}")
        return fail(400, "malformed", "the request body is not JSON")
    try:
        signed = await account_api.signed_for_change(request)
    except account_api.Refused as refused:
        return refused.response
    if create.mine is not None and signed is None:
        return fail(401, "not_signed_in", "sign in to keep seats on an account")
    if create.rated and signed is None:
        return fail(401, "not_signed_in", "sign in to create a rated game")
    try:
        room, tokens = await lobby_of(request).create(
            create, address_of(request), signed.account if signed is not None else None)
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
        return fail(429, "too_many", str(problem))
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
        room = await lobby_of(request).get(request.path_params["match_id"])
    except DamagedMatch:
        return fail(500, "generic", DAMAGED)
    if room is None:
        return fail(404, "unknown_match", "there is no such game")
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
        return fail(429, "too_many", "too many seats taken from this address; wait a little")
    try:
        signed = await account_api.signed_for_change(request)
    except account_api.Refused as refused:
        return refused.response
    try:
        seat, token = await room.claim(signed.account if signed is not None else None)
    except RoomError as problem:
        return fail(503 if problem.code == "storage" else 409, problem.code, problem.message)
    return JSONResponse({"id": room.id, "seat": seat, "token": token})


async def resign_seat(request: Request) -> Response:
    """Resign the seat of a token (``{"token": ...}``): the way for a program or a terminal."""
    room = await _room(request)
    if isinstance(room, Response):
        return room
    try:
        body = await _body(request)
    except TooLarge:
        return fail(413, "too_large", f"the request is over {guard.MAX_BODY} bytes")
    except ValueError:
        return fail(400, "malformed", "the request body is not JSON")
    token = body.get("token") if isinstance(body, dict) else None
    if not isinstance(token, str) or not token or len(token) > 128 or len(body) != 1:
        return fail(400, "malformed", 'send {"token": "<the seat\'s token>"}')
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
        return fail(409, "not_finished", "a game can be replayed once it is finished")
    rates: guard.Buckets = request.app.state.replay_rates
    if not rates.take(address_of(request)):
        metrics.refused("replays")
        return fail(429, "too_many", "too many replays asked from this address; wait a little")
    replays: Replays = request.app.state.replays
    try:
        body = await replays.replay(room)
    except Busy as problem:
        return fail(503, "busy", str(problem))
    return Response(body, media_type="application/json")
