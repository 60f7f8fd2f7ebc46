"""What the HTTP routes and the live connections answer with: a refusal (counted in the
metrics by its code), the client's address, the lobby."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.websockets import WebSocket

from meeples.server import metrics
from meeples.server.lobby import Lobby
from meeples.server.protocol import error as wire_error


def error(code: str, message: str, msg: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return an error message to send (counted in the metrics by its code)."""
    metrics.error(code)
    return wire_error(code, message, msg)


def fail(status: int, code: str, message: str) -> JSONResponse:
    """Return an HTTP refusal with an error message."""
    return JSONResponse(error(code, message), status_code=status)


def lobby_of(connection: Request | WebSocket) -> Lobby:
    """Return the lobby of the application a request or connection reached."""
    lobby: Lobby = connection.app.state.lobby
    return lobby


def address_of(connection: Request | WebSocket) -> str:
    """Return the client's address: the peer itself, or what a trusted proxy said it was.

    ``meeples serve`` trusts X-Forwarded-For only from the proxies given to
    ``--forwarded-allow-ips`` (uvicorn then puts the forwarded address in the scope).
    """
    return connection.client.host if connection.client is not None else "?"
