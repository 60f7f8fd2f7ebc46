"""A match's WebSocket: one connection's hello, actions and other messages, answered through
its room (the messages: :mod:`meeples.server.protocol`).

A connection to a match another worker holds is relayed to it (:mod:`meeples.server.relays`),
which serves it with :func:`serve` as a local one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from meeples.server import (
    account_api,
    door,
    guard,
    lifecycle,
    match_api,
    metrics,
    sessions,
)
from meeples.server.connection import CLOSE_TIMEOUT, Client
from meeples.server.errors import RoomError
from meeples.server.guard import LocalLimits
from meeples.server.legal import encode
from meeples.server.protocol import (
    Act,
    Chat,
    ChatMute,
    ChatReport,
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
from meeples.server.replays import Replays
from meeples.server.replies import address_of, error, lobby_of
from meeples.server.room import Room
from meeples.server.store import DamagedMatch

log = logging.getLogger("meeples.server")


async def live(websocket: WebSocket) -> None:
    """Play a match over a WebSocket: hello with tokens, then actions."""
    await websocket.accept()
    limits: LocalLimits = websocket.app.state.limits
    address = address_of(websocket)
    if not await limits.enter(address):
        metrics.refused("connections")
        await _refuse(websocket, error("too_many", "too many connections from this address"), 1013)
        return
    try:
        await serve(websocket, await _account_of(websocket))
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


async def serve(websocket: WebSocket, account: str | None = None) -> None:
    """Serve a connection (account: the one its session opens, whose seats a hello without
    tokens takes up)."""
    cluster = getattr(websocket.app.state, "cluster", None)
    relayed = cluster is not None and await cluster.relays.relay(
        websocket, address_of(websocket), account)
    if relayed:
        return  # served by the worker holding the match, through this one
    try:
        room = await lobby_of(websocket).get(websocket.path_params["match_id"])
    except DamagedMatch:
        await _refuse(websocket, error("generic", match_api.DAMAGED), 4404)
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
        watch.enter(address_of(websocket), client)
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
            watch.leave(address_of(websocket), client)
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
    address = address_of(websocket)
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
                rematch = await lobby_of(websocket).rematch(room, client, message.swap)
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
