"""A bare WebSocket client: a few lines of the protocol, for the sockets that only count.

Spectators that only need to know they were served, and sockets that never read at all, would
cost the suite more than the server through a full client library (each message decompressed
and decoded). This one does the opening handshake, offers compression as browsers do, sends
masked frames, and reads frames without looking inside them (their payload stays compressed);
it answers pings so the server keeps it, and notes the close code when the server closes.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import socket
from dataclasses import dataclass

from websockets.utils import apply_mask

from meeples.loadtest.harness import Target

TEXT, BINARY, CLOSE, PING, PONG = 0x1, 0x2, 0x8, 0x9, 0xA
#: What a browser offers (the server then compresses each message for each connection).
DEFLATE = "permessage-deflate; client_max_window_bits"


class HandshakeFailed(ConnectionError):
    """The server did not switch to the WebSocket protocol."""


def frame(opcode: int, payload: bytes) -> bytes:
    """Return a masked client frame (FIN set)."""
    size = len(payload)
    if size < 126:
        head = bytes([0x80 | opcode, 0x80 | size])
    elif size < 1 << 16:
        head = bytes([0x80 | opcode, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head = bytes([0x80 | opcode, 0x80 | 127]) + size.to_bytes(8, "big")
    mask = os.urandom(4)
    return head + mask + apply_mask(payload, mask)


@dataclass
class Counts:
    """What a bare socket received."""

    messages: int = 0
    received_bytes: int = 0
    closed_with: int | None = None
    lost: bool = False


class RawSocket:
    """One bare WebSocket connection from a loopback address."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.counts = Counts()

    @classmethod
    async def open(
        cls,
        target: Target,
        match_id: str,
        address: str,
        deflate: bool = True,
        receive_buffer: int | None = None,
        timeout: float = 10.0,
    ) -> RawSocket:
        """Connect and do the opening handshake.

        receive_buffer: the socket's receive buffer in bytes (small: a reader that stops
        reading is felt by the server at once).

        Raises:
            HandshakeFailed, OSError, TimeoutError: no WebSocket connection.
        """
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            if receive_buffer is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
            sock.bind((address, 0))
            sock.setblocking(False)
            loop = asyncio.get_running_loop()
            await asyncio.wait_for(loop.sock_connect(sock, (target.host, target.port)), timeout)
            reader, writer = await asyncio.open_connection(sock=sock, limit=1 << 20)
        except BaseException:
            sock.close()
            raise
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET /ws/{match_id} HTTP/1.1",
            f"Host: {target.host}:{target.port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
            f"Origin: {target.url}",
        ]
        if deflate:
            lines.append(f"Sec-WebSocket-Extensions: {DEFLATE}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
        except BaseException:
            writer.close()
            raise
        if not head.startswith(b"HTTP/1.1 101"):
            writer.close()
            raise HandshakeFailed(head.split(b"\r\n", 1)[0].decode(errors="replace"))
        return cls(reader, writer)

    def send_text(self, text: str | bytes) -> None:
        """Queue a text frame (bytes are sent as they are, even when not UTF-8)."""
        self.writer.write(frame(TEXT, text.encode() if isinstance(text, str) else text))

    def send_binary(self, data: bytes) -> None:
        """Queue a binary frame."""
        self.writer.write(frame(BINARY, data))

    async def read_frame(self) -> tuple[int, bytes | None]:
        """Return the next frame's opcode and, for control frames only, its payload.

        Raises:
            asyncio.IncompleteReadError: the connection ended.
        """
        first, second = await self.reader.readexactly(2)
        size = second & 0x7F
        if size == 126:
            size = int.from_bytes(await self.reader.readexactly(2), "big")
        elif size == 127:
            size = int.from_bytes(await self.reader.readexactly(8), "big")
        opcode = first & 0x0F
        self.counts.received_bytes += size
        if opcode >= CLOSE:
            return opcode, await self.reader.readexactly(size)
        left = size
        while left:  # a data frame: skipped, never decompressed
            chunk = await self.reader.read(min(left, 1 << 16))
            if not chunk:
                raise asyncio.IncompleteReadError(b"", left)
            left -= len(chunk)
        if first & 0x80:
            self.counts.messages += 1
        return opcode, None

    async def read_until(
        self, deadline: float, messages: int | None = None, idle: float | None = None
    ) -> Counts:
        """Read (answering pings) until the server closes, the deadline, that many messages,
        or idle seconds without a frame.

        deadline: in the event loop's time.
        """
        try:
            async with asyncio.timeout_at(deadline):
                while messages is None or self.counts.messages < messages:
                    if idle is None:
                        opcode, payload = await self.read_frame()
                    else:
                        opcode, payload = await asyncio.wait_for(self.read_frame(), idle)
                    if opcode == PING:
                        self.writer.write(frame(PONG, payload or b""))
                    elif opcode == CLOSE:
                        payload = payload or b""
                        code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005
                        self.counts.closed_with = code
                        with contextlib.suppress(Exception):
                            self.writer.write(frame(CLOSE, payload[:2]))
                        break
        except TimeoutError:
            pass
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            self.counts.lost = True
        return self.counts

    def close(self) -> None:
        """Drop the connection (no closing handshake)."""
        with contextlib.suppress(Exception):
            self.writer.close()


class RawHttp:
    """A bare HTTP/1.1 connection that keeps alive: GET after GET, for loops that must cost
    the suite far less than the server (a full client library costs as much as the server)."""

    def __init__(self, target: Target, address: str) -> None:
        self.target = target
        self.address = address
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((self.address, 0))
            sock.setblocking(False)
            await asyncio.get_running_loop().sock_connect(sock, (self.target.host,
                                                                 self.target.port))
            reader, writer = await asyncio.open_connection(sock=sock, limit=1 << 20)
        except BaseException:
            sock.close()
            raise
        self.reader, self.writer = reader, writer
        return reader, writer

    async def get(self, path: str) -> tuple[int, int]:
        """Return the status and the body size of a GET (the body is read and dropped).

        Raises:
            ConnectionError, asyncio.IncompleteReadError: the connection failed.
        """
        if self.reader is None or self.writer is None or self.writer.is_closing():
            reader, writer = await self._connect()
        else:
            reader, writer = self.reader, self.writer
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {self.target.host}:{self.target.port}\r\n\r\n".encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        size = 0
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                size = int(value.strip())
        await reader.readexactly(size)
        if any(line.lower().startswith("connection: close") for line in lines):
            self.close()
        return status, size

    def close(self) -> None:
        """Close the connection."""
        if self.writer is not None:
            with contextlib.suppress(Exception):
                self.writer.close()
        self.reader = self.writer = None
