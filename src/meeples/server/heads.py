"""Request heads: the size limit of a request's line and headers, HTTP and WebSocket alike.

Uvicorn sets no such limit: a 100 kB header line was answered 200 (issue 28), a 10 MB one too,
read whole into memory first; and a WebSocket handshake with a header line over 8 kB (the
``websockets`` parser's limit) was never answered nor closed. Two layers close that:

- :class:`HeaderLimit`, ASGI middleware of the app: a request (or a handshake reaching the
  app) whose line and headers are over :data:`MAX_HEAD` bytes is answered 431 and its
  connection closed, whatever server runs the app (the test client, several workers);
- :class:`LimitedHttpTools`, the HTTP protocol ``meeples serve`` gives uvicorn
  (:func:`uvicorn_options`): it refuses a WebSocket handshake over :data:`MAX_HEAD`, or over
  the WebSocket parser's own limits, with 431 before handing it to that parser, and stops
  reading a head still unfinished after :data:`MAX_HEAD_READ` bytes (431, closed), so a head
  never costs more memory than that and one read.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

#: Bytes of a request's method, target and headers (Node's default): our pages send hundreds.
MAX_HEAD = 16384
#: Bytes read of a head still unfinished before the connection is refused. Above MAX_HEAD: the
#: count of a read may include the end of the request before it on the same connection.
MAX_HEAD_READ = 4 * MAX_HEAD

#: The longest line and the most headers of a WebSocket handshake (the limits of the
#: ``websockets`` parser uvicorn hands it to, ``websockets.http11``).
WEBSOCKET_LINE = 8192
WEBSOCKET_HEADERS = 128

BODY = (b'{"type":"error","code":"too_large","message":"the request\'s line and headers are over '
        + str(MAX_HEAD).encode() + b' bytes"}')
HEADERS = [(b"content-type", b"application/json"), (b"connection", b"close"),
           (b"content-length", str(len(BODY)).encode())]


def head_size(method: bytes, target: bytes, headers: list[tuple[bytes, bytes]]) -> int:
    """Return the size in bytes of a request's line and headers, as sent (about)."""
    return len(method) + len(target) + 11 + sum(len(n) + len(v) + 4 for n, v in headers)


def scope_head_size(scope: Any) -> int:
    """Return :func:`head_size` of an ASGI connection scope."""
    target = (scope.get("raw_path") or b"") + b"?" + (scope.get("query_string") or b"")
    return head_size(scope.get("method", "GET").encode(), target, scope.get("headers", []))


class HeaderLimit:
    """ASGI middleware answering 431 to a request whose line and headers are over
    :data:`MAX_HEAD` bytes; the answer says ``connection: close``, so uvicorn closes it."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket") or scope_head_size(scope) <= MAX_HEAD:
            await self.app(scope, receive, send)
        elif kind == "http":
            await send({"type": "http.response.start", "status": 431, "headers": HEADERS})
            await send({"type": "http.response.body", "body": BODY})
        elif "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": 431,
                        "headers": HEADERS})
            await send({"type": "websocket.http.response.body", "body": BODY})
        else:  # a server without the extension answers 403 to a handshake closed at once
            await send({"type": "websocket.close", "code": 1009})


def _refusal() -> bytes:
    """Return the raw 431 answer sent before the app sees the request."""
    lines = [b"HTTP/1.1 431 Request Header Fields Too Large"]
    lines += [name + b": " + value for name, value in HEADERS]
    return b"\r\n".join(lines) + b"\r\n\r\n" + BODY


class LimitedHttpTools(HttpToolsProtocol):
    """Uvicorn's httptools protocol with a bounded head (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_open = True  # reading a request's line and headers
        self.head_read = 0

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head_open, self.head_read = True, 0

    def on_headers_complete(self) -> None:
        self.head_open = False
        super().on_headers_complete()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.head_open and not self.transport.is_closing():
            self.head_read += len(data)
            if self.head_read > MAX_HEAD_READ:
                self.refuse()

    def handle_websocket_upgrade(self) -> None:
        # The WebSocket parser takes the connection over from here, parses the head again and
        # hangs (no answer, never closed) on a line over its limit: measured while it is ours.
        lines = [len(self.url) + 14, *(len(n) + len(v) + 2 for n, v in self.headers)]
        if (sum(lines) > MAX_HEAD or max(lines) > WEBSOCKET_LINE
                or len(self.headers) > WEBSOCKET_HEADERS):
            self.refuse()
        else:
            super().handle_websocket_upgrade()

    def refuse(self) -> None:
        """Answer 431 and close the connection."""
        self.head_open = False
        self.transport.write(_refusal())
        self.transport.close()


def uvicorn_options() -> dict[str, Any]:
    """Return the options that give uvicorn a bounded request head (``meeples serve``)."""
    return {"http": LimitedHttpTools}
