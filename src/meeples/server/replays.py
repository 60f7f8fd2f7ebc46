"""Replays of finished matches: every public view of every step, computed once, off the loop.

A replay plays the whole record again and renders a spectator's view of each step: for a long
game, seconds of work. So it is computed in a thread, at most :data:`RUNNING` at once (with at
most :data:`WAITING` more waiting their turn, beyond which the server says it is busy); two
requests for the same match share one computation; and the encoded answers of the last
:data:`KEPT` finished matches are kept (a finished match never changes).
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from typing import Any

from meeples.core.record import Match
from meeples.core.verify import verify_json
from meeples.server import lifecycle
from meeples.server.room import Room

KEPT = 32
RUNNING = 2
WAITING = 16


class Busy(Exception):
    """Too many replays are being computed or waiting (answered with HTTP 503)."""


def record_of(room: Room) -> Match:
    """Return the record a room's match replays from (with its seed: a finished match's seed
    is revealed, and its commitment). A match started from a position has its seed too: the
    chance after the position was drawn from it (a match stored without one has none)."""
    stored = room.stored
    known = stored.seed is not None and room.dealer.seed == stored.seed
    return Match(
        game=stored.game,
        players=stored.players,
        seed=stored.seed if known else None,
        options=stored.options if stored.position is None else None,
        position=stored.position,
        actions=tuple(stored.actions),
        commitment=room.dealer.commitment if known else None,
        resigned=lifecycle.forfeits(stored.events),
        rules_version=stored.rules_version,
    )


def record_json(room: Room, record: Match) -> dict[str, Any]:
    """Return the record as the replay answer carries it: with its stored end (the outcome,
    the final position; the resignations are the record's) for ``meeples verify`` to check."""
    return {**record.to_json(), "outcome": room.stored.result, "final": room.state.position()}


def compute(record: Match, data: dict[str, Any], answer: dict[str, Any]) -> bytes:
    """Return the encoded replay: answer with the view of each step of record, the record
    (data) and the verdict of ``meeples verify`` on it, the very same check (in a thread)."""
    views = [state.view(None) for state in record.states()]
    checked = verify_json(data).to_json()
    body = {**answer, "views": views, "record": data, "verified": checked}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


class Replays:
    """The replays being computed and the last ones computed."""

    def __init__(self, kept: int = KEPT, running: int = RUNNING, waiting: int = WAITING) -> None:
        self.kept = kept
        self.waiting = waiting
        self._done: OrderedDict[str, bytes] = OrderedDict()
        self._computing: dict[str, asyncio.Task[bytes]] = {}
        self._slots = asyncio.Semaphore(running)
        self._queued = 0

    async def replay(self, room: Room) -> bytes:
        """Return the encoded replay of a finished match.

        Raises:
            Busy: too many replays are being computed already.
        """
        done = self._done.get(room.id)
        if done is not None:
            self._done.move_to_end(room.id)
            return done
        task = self._computing.get(room.id)
        if task is None:
            if self._queued >= self.waiting:
                raise Busy("too many replays are being prepared; try again in a moment")
            task = asyncio.get_running_loop().create_task(self._compute(room))
            self._computing[room.id] = task
            task.add_done_callback(lambda _: self._computing.pop(room.id, None))
        # Shielded: one client leaving does not cancel what the others wait for.
        return await asyncio.shield(task)

    def forget(self, match_id: str) -> None:
        """Drop a match's kept replay (a finished match changed after all: a rematch offered)."""
        self._done.pop(match_id, None)

    async def _compute(self, room: Room) -> bytes:
        outcome = room.outcome
        answer = {
            "id": room.id,
            "game": room.stored.game,
            "title": room.state.game.title,
            "players": room.players(),
            "log": list(room.log),
            "outcome": outcome.to_json() if outcome is not None else None,
            "events": lifecycle.event_entries(room.stored.events, room.stored.players),
            "rematch": room.stored.rematch,
        }
        record = record_of(room)
        data = record_json(room, record)
        self._queued += 1
        try:
            await self._slots.acquire()
        finally:
            self._queued -= 1
        try:
            body = await asyncio.to_thread(compute, record, data, answer)
        finally:
            self._slots.release()
        self._done[room.id] = body
        while len(self._done) > self.kept:
            self._done.popitem(last=False)
        return body
