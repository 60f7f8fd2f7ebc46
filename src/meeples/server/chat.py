"""Table chat (issue 25, point 5): a short message box per match for its players.

Who reads is chosen at creation (``"chat"`` in the create request): ``players`` (the default:
the connections holding a seat), ``table`` (the players write, spectators read too) or ``off``
(nobody; a tutorial has none). Bots never write: only a connection holding a seat does.

A message is text only: trimmed, 1 to :data:`~meeples.server.protocol.CHAT_MAX` characters, no
control characters (nor the invisible marks that reorder text); it is stored exactly as sent
and shown by the browser as text (``textContent``), never as markup. Each seat may write
:data:`BURST` messages at once, then one every ``1 / RATE`` seconds. A refused message gets an
error with its reason as a message key, and nothing is stored or sent.

A player may mute another seat for the seats they hold (stored: it holds on every device and
after a reconnect) and report a message to the operators, who may hide it (then it is sent to
nobody any more) or ban an account or an address from every chat (``meeples admin chat-*``).

The room keeps the last :data:`~meeples.server.chat_store.HISTORY` messages, read from the
database with the match (a restarted server or another worker taking the match over reads them
again); each snapshot carries those its connection may read (``chat``), and each new message
is sent as it comes (``{"type": "chat"}``). See docs/chat.md.
"""

from __future__ import annotations

import asyncio
import logging
import time
import unicodedata
from typing import TYPE_CHECKING, Any

from meeples.core.text import msg
from meeples.server import chat_store, guard
from meeples.server.connection import Client
from meeples.server.errors import RoomError
from meeples.server.legal import encode
from meeples.server.protocol import CHAT_MAX

if TYPE_CHECKING:
    from meeples.server.audience import Audience

log = logging.getLogger("meeples.server")

#: Messages a seat may write at once, then a second (5 in 10 s, sustained 1 in 2 s).
BURST = 5.0
RATE = 0.5
#: Characters refused besides the control characters (Unicode category Cc): the marks that
#: reorder text (bidirectional embeddings, overrides and isolates), which can make a message
#: read as something else.
REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def checked_text(text: str) -> str:
    """Return a chat message's text, trimmed.

    Raises:
        RoomError: empty once trimmed, longer than CHAT_MAX characters, or with a control
            character.
    """
    trimmed = text.strip()
    if not trimmed:
        raise RoomError("chat_empty", "write something first", msg("core.error.chat_empty"))
    if len(trimmed) > CHAT_MAX:
        raise RoomError("chat_long", f"a chat message is at most {CHAT_MAX} characters",
                        msg("core.error.chat_long", most=CHAT_MAX))
    if any(unicodedata.category(c) == "Cc" or c in REORDERING for c in trimmed):
        raise RoomError("chat_control", "a chat message holds text only, without control"
                        " characters", msg("core.error.chat_control"))
    return trimmed


def _not_stored(match_id: str, problem: Exception) -> RoomError:
    """Return the refusal of a chat change the database did not take (logged)."""
    log.error("match %s: a chat change could not be stored: %r", match_id, problem)
    return RoomError("storage", "the server could not save this; nothing changed, try again")


class TableChat:
    """One match's chat: its recent messages, its mutes, who reads and who writes."""

    def __init__(self, room: Audience) -> None:
        self.room = room
        self.messages: list[chat_store.Written] = room.stored.chat_log
        self.mutes: dict[int, set[int]] = room.stored.chat_mutes  # seat: the seats it muted
        self.rates = guard.Buckets(RATE, BURST, size=16)
        #: Grows with every change (a message, a mute, a message hidden): the snapshots a room
        #: encoded before are made again (``Audience._text``).
        self.generation = 0
        #: Messages are numbered, stored and sent one at a time, in order.
        self.lock = asyncio.Lock()

    @property
    def mode(self) -> str:
        """Who reads: "players", "table" or "off"."""
        return self.room.stored.chat

    def reads(self, client: Client) -> bool:
        """Return whether a connection is sent the chat."""
        return self.mode != "off" and (bool(client.seats) or self.mode == "table")

    def muted(self, client: Client) -> set[int]:
        """Return the seats whose messages a connection is not sent."""
        found: set[int] = set()
        for seat in client.seats:
            found |= self.mutes.get(seat, set())
        return found

    def _wire(self, message: chat_store.Written) -> dict[str, Any]:
        seats = self.room.seats
        seat_name = seats[message.seat].name if 0 <= message.seat < len(seats) else None
        return message.to_json(seat_name)

    def field(self, client: Client) -> dict[str, Any]:
        """Return the snapshot's ``chat`` for a connection: who reads and writes, the seats it
        muted and the recent messages it may read (the same for every connection holding the
        same seats)."""
        reads = self.reads(client)
        muted = self.muted(client)
        return {
            "mode": self.mode,
            "read": reads,
            "write": reads and bool(client.seats),
            "muted": sorted(muted),
            "messages": [self._wire(m) for m in self.messages if m.seat not in muted]
            if reads else [],
        }

    async def write(self, client: Client, text: str, account: str | None, address: str) -> None:
        """Store a message of the seat a connection shows and send it to every reader who did
        not mute that seat.

        Raises:
            RoomError: no chat, a spectator, a refused text, too fast, a banned writer, or the
                database refused it; nothing is stored or sent.
        """
        if self.mode == "off":
            raise RoomError("chat_off", "this game has no chat", msg("core.error.chat_off"))
        if not client.seats:
            raise RoomError("chat_spectator", "only the players write in this chat",
                            msg("core.error.chat_spectator"))
        trimmed = checked_text(text)
        seat = self.room.view_seat(client)
        assert seat is not None  # the connection holds a seat
        if not self.rates.take(str(seat)):
            raise RoomError("chat_rate", "you are writing too fast; wait a few seconds",
                            msg("core.error.chat_rate"))
        async with self.lock:
            try:
                written = await self.room.workers.store(
                    chat_store.write, self.room.store.engine, self.room.id, seat, account,
                    trimmed, address if address != "?" else None, time.time())
            except chat_store.ChatBanned:
                raise RoomError("chat_banned", "you may not write in chats on this site",
                                msg("core.error.chat_banned")) from None
            except Exception as problem:
                raise _not_stored(self.room.id, problem) from None
            self.messages[:] = [*self.messages[-(chat_store.HISTORY - 1):], written]
            self.generation += 1
            text_sent = encode(self._wire(written))
            for other in list(self.room.clients):
                if self.reads(other) and written.seat not in self.muted(other):
                    other.post(text_sent)

    async def mute(self, client: Client, seat: int, muted: bool) -> None:
        """Mute (or unmute) a seat for the seats a connection holds, then send each of their
        connections a snapshot (its chat without that seat's messages, or with them again).

        Raises:
            RoomError: no chat, a spectator, a seat that is not another seat of the match, or
                the database refused it.
        """
        if self.mode == "off":
            raise RoomError("chat_off", "this game has no chat", msg("core.error.chat_off"))
        if not client.seats:
            raise RoomError("chat_spectator", "only the players of this game mute seats",
                            msg("core.error.chat_spectator"))
        if not 0 <= seat < len(self.room.seats) or seat in client.seats:
            raise RoomError("chat_seat", "there is no such other seat to mute",
                            msg("core.error.chat_seat"))
        async with self.lock:
            try:
                await self.room.workers.store(chat_store.set_mute, self.room.store.engine,
                                              self.room.id, client.seats, seat, muted)
            except Exception as problem:
                raise _not_stored(self.room.id, problem) from None
            for held in client.seats:
                if muted:
                    self.mutes.setdefault(held, set()).add(seat)
                else:
                    self.mutes.get(held, set()).discard(seat)
            self.generation += 1
        for other in list(self.room.clients):
            if other.seats & client.seats:
                await self.room.send_state(other)

    async def report(self, client: Client, seq: int, account: str | None) -> dict[str, Any]:
        """Store a player's report of a message; return the answer (``chat_reported``).

        Raises:
            RoomError: no chat, a spectator, no such message (or hidden), or the database
                refused it.
        """
        if self.mode == "off":
            raise RoomError("chat_off", "this game has no chat", msg("core.error.chat_off"))
        if not client.seats:
            raise RoomError("chat_spectator", "only the players of this game report messages",
                            msg("core.error.chat_spectator"))
        seat = self.room.view_seat(client)
        assert seat is not None
        try:
            found = await self.room.workers.store(chat_store.report, self.room.store.engine,
                                                  self.room.id, seq, seat, account)
        except Exception as problem:
            raise _not_stored(self.room.id, problem) from None
        if not found:
            raise RoomError("chat_unknown", "there is no such message in this chat",
                            msg("core.error.chat_unknown"))
        return {"type": "chat_reported", "seq": seq}

    async def hidden(self, seq: int) -> None:
        """Forget a message an operator hid and tell every reader to take it away."""
        async with self.lock:
            if not any(m.seq == seq for m in self.messages):
                return
            self.messages[:] = [m for m in self.messages if m.seq != seq]
            self.generation += 1
            text = encode({"type": "chat_hidden", "seq": seq})
            for other in list(self.room.clients):
                if self.reads(other):
                    other.post(text)
