"""The server's log: one line per event, as text or JSON, with the request's and the match's ids;
and an access log of every request and WebSocket connection.

Each HTTP request and WebSocket connection gets a **request id**: the ``X-Request-ID`` its proxy
sent (nginx's ``$request_id``; letters, digits, ``._-``, at most 64), else a fresh one; it is
sent back in the answer's ``X-Request-ID`` header. It and the **match id** (from the path:
``/api/matches/<id>...``, ``/ws/<id>``) are held in context variables for the request's whole
work, so every line logged meanwhile carries them, a bot's move started by that request
included (an asyncio task copies the context it was created in).

``meeples serve --log-format json`` writes each line as one JSON object (``time``, ``level``,
``logger``, ``message``, ``worker``, ``request_id``, ``match_id``, and the access log's fields);
``text`` (the default) keeps the server's usual lines. The access log (logger
``meeples.access``, on by default with JSON, ``--access-log`` with text) gives a line per
request (method, path, status, bytes, milliseconds, client address) and per connection (when
it ends: its close code and how long it lasted).
"""

from __future__ import annotations

import contextvars
import datetime
import json
import logging
import os
import re
import secrets
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id",
                                                                       default=None)
MATCH_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("match_id", default=None)
ACCESS = logging.getLogger("meeples.access")
FORMATS = ("text", "json")
_GIVEN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_MATCH_PATH = re.compile(r"/(?:api/matches|ws)/([A-Za-z0-9_-]{1,32})(?:/|$)")
#: The attributes of every log record (what is left is what ``extra=`` added).
_PLAIN = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


class ContextFilter(logging.Filter):
    """Give each record the request and match ids of the work that logged it."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Add ``request_id`` and ``match_id`` (unless the call gave its own)."""
        if getattr(record, "request_id", None) is None:
            record.request_id = REQUEST_ID.get()
        if getattr(record, "match_id", None) is None:
            record.match_id = MATCH_ID.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line; the fields given with ``extra=`` come along."""

    def format(self, record: logging.LogRecord) -> str:
        """Return the record as one line of JSON."""
        line: dict[str, Any] = {
            "time": datetime.datetime.fromtimestamp(record.created, datetime.UTC)
            .isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "worker": os.getpid(),
        }
        for key, value in vars(record).items():
            if key not in _PLAIN and value is not None and not key.startswith("_"):
                line[key] = value if isinstance(value, str | int | float | bool) else str(value)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class StandardError(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler writing to whatever ``sys.stderr`` is when a line is written (as logging's
    last resort does), not to the one it was made with."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> Any:
        """The standard error of the moment."""
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def configure(log_format: str, access: bool) -> None:
    """Send the server's log to standard error in a format ("text" or "json"), with the access
    log or not.

    Text keeps what the server always printed (its warnings and errors as they are, uvicorn's
    own lines) and adds the access log's lines when asked; JSON sends every logger through one
    handler at INFO (uvicorn's too: ``serve`` then leaves logging to us).
    """
    handler = StandardError()
    handler.addFilter(ContextFilter())
    if log_format == "json":
        handler.setFormatter(JsonFormatter())
        root = logging.getLogger()
        root.handlers = [h for h in root.handlers if not getattr(h, "meeples", False)]
        handler.meeples = True  # type: ignore[attr-defined]
        root.addHandler(handler)
        root.setLevel(logging.INFO)
        # Alembic tells of each plugin it loads at INFO: an upgrade says what it did itself.
        logging.getLogger("alembic").setLevel(logging.WARNING)
        ACCESS.setLevel(logging.INFO if access else logging.WARNING)
        return
    if access:
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s [%(request_id)s]"))
        ACCESS.handlers = [handler]
        ACCESS.propagate = False
        ACCESS.setLevel(logging.INFO)


def is_json() -> bool:
    """Return whether the log is written as JSON (:func:`configure`)."""
    return any(getattr(h, "meeples", False) for h in logging.getLogger().handlers)


def request_id(scope: Scope) -> str:
    """Return the id a request came with (if well formed), else a fresh one."""
    for name, value in scope.get("headers") or []:
        if name == b"x-request-id":
            given = str(value.decode("latin-1"))
            if _GIVEN_ID.fullmatch(given):
                return given
    return secrets.token_hex(8)


def match_of(path: str) -> str | None:
    """Return the match id a path names, or None."""
    found = _MATCH_PATH.match(path)
    return found.group(1) if found else None


class AccessLog:
    """ASGI middleware: the request id and the match id for the work of each request, the id
    in the answer's headers, and the access log's line when the request is answered or the
    connection ends."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        rid = request_id(scope)
        tokens = (REQUEST_ID.set(rid), MATCH_ID.set(match_of(scope.get("path", ""))))
        started = time.perf_counter()
        seen: dict[str, Any] = {"status": None, "bytes": 0, "close": None}

        async def sending(message: dict[str, Any]) -> None:
            kind = message["type"]
            if kind == "http.response.start":
                seen["status"] = message["status"]
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"x-request-id", rid.encode())]}
            elif kind == "http.response.body":
                seen["bytes"] += len(message.get("body", b""))
            elif kind == "websocket.accept":
                seen["status"] = 101
            elif kind == "websocket.close":
                seen["close"] = message.get("code", 1000)
                if seen["status"] is None:
                    seen["status"] = 403  # refused before the handshake
            await send(message)

        async def receiving() -> dict[str, Any]:
            message = await receive()
            if message["type"] == "websocket.disconnect" and seen["close"] is None:
                seen["close"] = message.get("code", 1005)  # the client closed it
            return message

        try:
            await self.app(scope, receiving, sending)
        finally:
            if ACCESS.isEnabledFor(logging.INFO):
                _access_line(scope, seen, time.perf_counter() - started)
            MATCH_ID.reset(tokens[1])
            REQUEST_ID.reset(tokens[0])


def _access_line(scope: Scope, seen: dict[str, Any], seconds: float) -> None:
    client = scope.get("client")
    address = str(client[0]) if client else "-"
    method = scope.get("method", "GET") if scope["type"] == "http" else "WS"
    path = scope.get("path", "")
    status = seen["status"] if seen["status"] is not None else 500
    ms = round(seconds * 1000, 1)
    fields: dict[str, Any] = {"method": method, "path": path, "status": status,
                              "duration_ms": ms, "address": address}
    if scope["type"] == "http":
        fields["bytes"] = seen["bytes"]
        text = f'{address} "{method} {path}" {status} {seen["bytes"]} {ms} ms'
    else:
        fields["close"] = seen["close"]
        text = f'{address} "{method} {path}" {status} closed {seen["close"]} after {ms} ms'
    ACCESS.info(text, extra=fields)
