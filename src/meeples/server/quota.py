"""The quota of games of bots only: games in which no connected human moves.

Such a game keeps a bot process busy with no one to wait for, so few may play at once:
:data:`BOT_GAMES_PER_ADDRESS` from one address, :data:`BOT_GAMES_TOTAL` on the server. A game
counts from the moment no human moves in it any more (:func:`meeples.server.lifecycle.bots_only`):

- created with bots only: counted at creation, refused with 429 beyond the quota (:class:`TooMany`);
- later, when every human seat is played by a bot: a seat kept warm while its player is away,
  a seat resigned. Its bots ask for a place before each decision (:meth:`BotGames.admit`);
  over the quota, the game is **held**: its bots stop, nothing is lost, and it goes on by itself
  as soon as a human moves in it again (a player back takes the seat from its bot) or a place
  frees (a game of bots only ends, or a human comes back to one). Its creator's address counts
  it (unknown after a restart or a takeover by another worker: then it counts in the
  server's total only).

A game stops counting when its bots stop: it ended, a human moves in it again, or its bots
failed. One process counts in memory (:class:`BotGames`); several workers count in Redis
(:class:`meeples.server.limits.SharedBotGames`), and each retries its held games every tick.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from meeples.server import lifecycle

if TYPE_CHECKING:
    from meeples.server.room import Room

log = logging.getLogger("meeples.server")

#: Games of bots only that may play at once, from one client address and in all: each keeps a
#: bot process busy with no one to wait for, so they are few.
BOT_GAMES_PER_ADDRESS = 2
BOT_GAMES_TOTAL = 8


class TooMany(Exception):
    """A creation beyond a quota (answered with HTTP 429)."""


class BotGames:
    """The games of bots only of one process, and the ones held over the quota."""

    def __init__(
        self, rooms: dict[str, Room], per_address: int = BOT_GAMES_PER_ADDRESS,
        total: int = BOT_GAMES_TOTAL,
    ) -> None:
        self.rooms = rooms  # the lobby's: a counted game whose room stopped playing is freed
        self.per_address = per_address
        self.total = total
        self.counted: dict[str, str | None] = {}  # match id: creator's address (None: unknown)
        self.held: dict[str, Room] = {}  # in the order they were held

    async def reserve(self, match_id: str, address: str | None) -> None:
        """Count a game of bots only, if the quotas allow it (address None: the server's only).

        No wait in here: no other reservation can pass between the count and the check.

        Raises:
            TooMany: the address or the server already has as many as it may.
        """
        for playing in self.stopped():
            del self.counted[playing]
        if address is not None:
            mine = sum(1 for owner in self.counted.values() if owner == address)
            if mine >= self.per_address:
                raise self.refusal(per_address=True)
        if len(self.counted) >= self.total:
            raise self.refusal(per_address=False)
        self.counted[match_id] = address

    async def release(self, match_id: str) -> None:
        """Stop counting a game of bots only (ended, stopped, or never stored)."""
        self.counted.pop(match_id, None)

    def stopped(self) -> list[str]:
        """Return the counted games whose room is here and no longer plays its bots."""
        return [
            playing for playing in self.counted
            if (room := self.rooms.get(playing)) is not None and not room.is_playing_bots()
        ]

    def refusal(self, per_address: bool) -> TooMany:
        """Return the error of a game beyond the quota of its address, or of the server."""
        if per_address:
            return TooMany(
                f"at most {self.per_address} games of bots only from one address at a time;"
                " wait for one to finish"
            )
        return TooMany(
            f"the server plays at most {self.total} games of bots only at a time; wait for one"
            " to finish"
        )

    async def admit(self, room: Room) -> bool:
        """Return whether the bots of a room may play on, counting the room's game when no
        human moves in it any more; False: it is held (see the module)."""
        if not lifecycle.bots_only(room.stored):
            await self.discharge(room)
            return True
        if room.id in self.counted:
            return True
        try:
            await self.reserve(room.id, room.owner)
        except TooMany as problem:
            if room.id not in self.held:
                log.info("match %s held, no human moves in it: %s", room.id, problem)
            self.held[room.id] = room
            return False
        self.held.pop(room.id, None)
        return True

    async def discharge(self, room: Room) -> None:
        """Stop counting a room's game (its bots stopped, or a human moves in it again) and let
        the held games try again for the place."""
        self.held.pop(room.id, None)
        if room.id in self.counted:
            await self.release(room.id)
            self.wake()

    def wake(self) -> None:
        """Let every held game's bots ask for a place again (those still over stay held)."""
        for match_id, room in list(self.held.items()):
            if self.rooms.get(match_id) is not room:
                del self.held[match_id]  # let go of (another worker took it, say)
            else:
                room.schedule_bots()

    async def forget(self, match_id: str) -> None:
        """Stop counting and holding a game this process lets go of."""
        self.held.pop(match_id, None)
        await self.release(match_id)
