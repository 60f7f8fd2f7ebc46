"""The connections of a match and what each is told: the middle layer of a room.

Each message is rendered and encoded once per audience and version (every spectator shares one
text, every connection holding the same seats another), so a crowd of spectators costs one
view. Two messages carry the state (docs/messages.md, "The live wire"): a snapshot ("state")
after hello, a stale action or a sync, and after an undo; an update ("update") after every
other change, with only what a change alters (the new log entries, the view, the legal list).
Nothing here waits on a socket: a broadcast only posts into each connection's outbox
(:class:`~meeples.server.connection.Client`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeples.server import legal, lifecycle, timing, tutorials
from meeples.server.chat import TableChat
from meeples.server.connection import Client
from meeples.server.errors import RoomError
from meeples.server.legal import encode, legal_items
from meeples.server.protocol import LOG_TAIL
from meeples.server.store import Store, StoredMatch
from meeples.server.table import Table
from meeples.server.workers import Workers


def differs(view: dict[str, Any], public: dict[str, Any]) -> bool:
    """Return whether a seat's view holds more than the public one (its own seat aside)."""
    return {k: v for k, v in view.items() if k != "player"} != {
        k: v for k, v in public.items() if k != "player"
    }


class Audience(Table):
    """A stored match, the connections bound to it and the messages each one is sent."""

    def __init__(self, stored: StoredMatch, store: Store, workers: Workers | None = None) -> None:
        super().__init__(stored, store, workers)
        self.clients: dict[Client, None] = {}  # in joining order; leaving is O(1)
        self._holders: dict[int, int] = {}  # seat: how many connections hold it
        self._legal_cache: tuple[int, str] | None = None
        self._views: tuple[int, dict[int | None, dict[str, Any]]] = (-1, {})
        self._texts: tuple[tuple[Any, ...], dict[tuple[str, frozenset[int]], str]] = ((), {})
        self.chat = TableChat(self)  # the players' messages (docs/chat.md)
        #: What every connection holds: the version, plies and undos of the last broadcast.
        self._sent = (self.version, self.plies, stored.undos)

    # --- connections -------------------------------------------------------------------

    def is_held(self, seat: int) -> bool:
        """Return whether a connection holds the seat."""
        return seat in self._holders

    async def leave(self, client: Client) -> None:
        """Forget a closed connection (the others see it offline with the next action)."""
        self._unbind(client)

    def _bind(self, client: Client, seats: frozenset[int]) -> None:
        self._unbind(client)
        client.seats = seats
        self.clients[client] = None
        for seat in seats:
            self._holders[seat] = self._holders.get(seat, 0) + 1
            self._held(seat)

    def _unbind(self, client: Client) -> None:
        if client not in self.clients:
            return
        del self.clients[client]
        for seat in client.seats:
            left = self._holders.get(seat, 0) - 1
            if left > 0:
                self._holders[seat] = left
            else:
                self._holders.pop(seat, None)
                self._let_go(seat)

    def _held(self, seat: int) -> None:
        """A connection holds the seat again (the room stops counting its absence)."""

    def _let_go(self, seat: int) -> None:
        """No connection holds the seat any more (the room counts its absence)."""

    def undo_seats(self, client: Client) -> frozenset[int]:
        """Return the seats whose decisions a connection's undo may take back: all it holds,
        except at a shared screen (several human seats), where only the person shown may take
        back their own decision, never another person's."""
        if len(client.seats) > 1:
            seat = self.view_seat(client)
            return frozenset() if seat is None else frozenset({seat})
        return client.seats

    def can_undo(self, seats: frozenset[int]) -> bool:
        """Return whether a connection holding these seats may undo now."""
        try:
            self.undo_plan(seats)
        except RoomError:
            return False
        return True
    def gets_legal(self, seat: int | None) -> bool:
        """Return whether a connection shown this seat gets the legal actions: the seat to move
        does (any other seat, a seat a bot plays for its player, a spectator does not)."""
        return not (
            seat is None or seat != self.to_move or lifecycle.bot_plays(self.stored, seat)
        )

    def legal_for(self, seat: int | None) -> list[dict[str, Any]]:
        """Return the legal actions with their parts and descriptions for a seat (see
        :meth:`gets_legal`), as the wire's legal list holds them."""
        return legal_items(self.state) if self.gets_legal(seat) else []

    def legal_text(self) -> str:
        """Return the JSON text of the legal list of the current version, made once per version
        (:func:`meeples.server.legal.legal_text`)."""
        version = self.version
        if self._legal_cache is None or self._legal_cache[0] != version:
            wanted = tutorials.expected(self)  # a tutorial's step offers only what it asks for
            text = legal.legal_text(self.state) if wanted is None else encode(
                [item for item in legal_items(self.state) if item["action"] in wanted])
            self._legal_cache = (version, text)
        return self._legal_cache[1]

    # --- messages ----------------------------------------------------------------------
    #
    # Two messages carry the state (docs/messages.md, "The live wire"): a snapshot ("state")
    # after hello, a stale action or a sync, and after an undo; an update ("update") after
    # every other change, with only what a change alters (the new log entries, the view, the
    # legal list). Both are rendered once per audience and version (see :meth:`_text`).

    def view_seat(self, client: Client) -> int | None:
        """Return whose view a connection sees: the seat to move when it holds it (hotseat)."""
        if not client.seats:
            return None
        to_move = self.state.to_move
        if to_move in client.seats:
            return to_move
        return min(client.seats)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return a seat's view of the current state (None: a spectator's), once per version."""
        if self._views[0] != self.version:
            self._views = (self.version, {})
        views = self._views[1]
        if seat not in views:
            views[seat] = self.state.view(seat)
        return views[seat]

    def players(self) -> list[dict[str, Any]]:
        """Return the public description of every seat."""
        return [
            {
                "seat": i,
                "kind": s.kind,
                "level": s.level,
                "name": s.name,
                "joined": s.joined or s.kind == "bot",
                "online": s.kind == "bot" or i in self._holders,
                "open": s.open and not s.joined,
                **self.rated_seats.get(i, {}),
            }
            for i, s in enumerate(self.seats)
        ]

    def chance(self) -> dict[str, Any]:
        """Return the public data of the match's randomness: the commitment to its secret seed
        from creation on, and the seed itself once the game is over (``meeples verify``)."""
        over = self.stored.finished or self.state.outcome is not None
        return {
            "commitment": self.dealer.commitment,
            "seed": str(self.dealer.seed) if over else None,
        }

    def private(self, seat: int | None, view: dict[str, Any]) -> bool:
        """Return whether a seat's view shows more than a spectator's (hotseat hides it)."""
        if seat is None:
            return False
        return differs(view, self.view(None))

    def summary(self) -> dict[str, Any] | None:
        """Return each player's score by source (the score sheet, with the total that wins),
        shown beside the players during play and as the summary at the end."""
        sheet = self.state.score_sheet()
        return None if sheet is None else sheet.to_json()

    def _now(self, client: Client) -> dict[str, Any]:
        """Return what both kinds of state message tell a connection of the current version
        (all but the legal actions, which :meth:`_text` adds as text)."""
        seat = self.view_seat(client)
        view = self.view(seat)
        outcome = self.outcome
        return {
            "seat": seat,
            "to_move": self.to_move,
            "view": view,
            "private": self.private(seat, view),
            "players": self.players(),
            "outcome": outcome.to_json() if outcome is not None else None,
            "summary": self.summary(),
            "prompt": self.state.prompt().to_json(),
            "round": self.state.rounds(),
            "anytime": self.state.anytime_skip(),
            "undo": self.can_undo(self.undo_seats(client)),
            "settings": {"anytime": self.seats[seat].anytime, "armed": self.seats[seat].armed}
            if seat is not None else None,
            "held": [] if seat is None else [m.to_json() for m in self.state.anytime_held(seat)],
            "chance": self.chance(),
            "tutorial": tutorials.field(self),
            "clocks": timing.fields(self),
            **lifecycle.fields(self, client),
        }

    def message(self, client: Client) -> dict[str, Any]:
        """Return the snapshot for one connection: its view and the log; the legal actions,
        its last key, are spliced in as text (:meth:`_text`)."""
        return {
            "type": "state",
            "match": self.id,
            "version": self.version,
            "game": self.stored.game,
            "title": self.state.game.title,
            "seats": sorted(client.seats),
            **self._now(client),
            "log": self.log[-LOG_TAIL:],
            "chat": self.chat.field(client),
        }

    def update(self, client: Client, base: int, entries: list[dict[str, Any]]) -> dict[str, Any]:
        """Return the update for one connection that holds the state of version base: the log
        entries played since and the current view; the legal actions, its last key, are
        spliced in as text (:meth:`_text`)."""
        return {
            "type": "update",
            "match": self.id,
            "version": self.version,
            "base": base,
            **self._now(client),
            "entries": entries,
        }

    def _text(self, client: Client, kind: str, make: Callable[[], dict[str, Any]]) -> str:
        """Return a message's text for a connection, encoded once per audience.

        Connections holding the same seats (every spectator alike) get the very same text until
        the version or who is joined, online or open changes. The legal list is encoded once
        per version and spliced in (it is the largest part, and the last key).
        """
        stamp = (
            self.version,
            self.chat.generation,
            tuple(
                (s.joined, s.open, i in self._holders, s.anytime, s.armed)
                for i, s in enumerate(self.seats)
            ),
            timing.stamp(self),  # a running clock's seconds left
        )
        if self._texts[0] != stamp:
            self._texts = (stamp, {})
        texts = self._texts[1]
        key = (kind, client.seats)
        text = texts.get(key)
        if text is None:
            legal = self.legal_text() if self.gets_legal(self.view_seat(client)) else "[]"
            text = texts[key] = encode(make())[:-1] + ',"legal":' + legal + "}"
        return text

    def render(self, client: Client) -> str:
        """Return the snapshot text for a connection (see :meth:`_text`)."""
        return self._text(client, "state", lambda: self.message(client))

    def render_update(
        self, client: Client, base: int, entries: list[dict[str, Any]]
    ) -> str:
        """Return the update text for a connection (see :meth:`_text`); base and entries are
        the same for every connection of one broadcast."""
        return self._text(client, f"update {base}", lambda: self.update(client, base, entries))

    async def send_state(self, client: Client) -> None:
        """Send one connection a snapshot of the current state (under the lock: between a
        commit and its broadcast the snapshot would be ahead of the update that follows)."""
        async with self.lock:
            client.post(self.render(client))

    def _broadcast(self, full: bool = False, joining: Client | None = None) -> None:
        """Post the change to every connection; forget the ones that are gone.

        Every connection holds the state of the last broadcast (or of its snapshot, taken
        under the same lock), so an update from it is enough; after an undo (the log lost
        entries) everyone gets a snapshot, and so does a connection joining (joining).

        The players first: each connection's sender runs in the order it was posted to, and a
        crowd of spectators (each send compressed for its own connection) would otherwise
        make the players wait for all of them.
        """
        base, plies, undos = self._sent
        full = full or undos != self.stored.undos or plies > self.plies
        entries = self.log[plies:]
        self._sent = (self.version, self.plies, self.stored.undos)
        clients = list(self.clients)
        for client in [c for c in clients if c.seats] + [c for c in clients if not c.seats]:
            if full or client is joining:  # a connection that is joining holds nothing yet
                text = self.render(client)
            else:
                text = self.render_update(client, base, entries)
            if not client.post(text):
                self._unbind(client)
