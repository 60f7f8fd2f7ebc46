"""The clocks of a room: whose clock runs, storing them, and what happens when time runs out.

The arithmetic is :mod:`meeples.server.clocks`'; this module applies it to a live room, under
the room's lock:

- :func:`paused`: the clocks stopped at the moment an action was received, stored in the same
  transaction as that action (:meth:`Room._commit`);
- :func:`sync`: once the state after a change is stored (chance dealt, the settings' passes
  played), the clock of the seat that decides now starts (:func:`runner`), the one that ran
  before stops, a seat whose turn is over gets the increment; stored, then the room's timer is
  armed. A room loaded at start, or by a worker that takes a match over, syncs as it settles:
  its timer fires at once for a time that ran out while no one held the match;
- the timer (:func:`arm`): when the running seat's time runs low, the room's ``on_time_low``
  hook is called once per seat and turn (the turn alerts' mail); when it runs out, a "timeout"
  event is stored (:data:`meeples.server.lifecycle.TIMEOUT`) with the clocks, in one
  transaction: with the timeout "lose" the seat is out as by resigning (two players: the other
  wins; more: it ranks last and a bot plays it out), with "bot" a bot of the match's warm-seat
  level (else ``normal``) plays that turn for it, and its clock goes on with the increment.

The clocks run only while every human seat is joined: a seat left open for a friend costs
nobody time before they sit down.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from meeples.core.chance import CHANCE
from meeples.core.text import msg
from meeples.server import clocks as clockwork
from meeples.server import lifecycle
from meeples.server.clocks import Clocks, TimeControl
from meeples.server.errors import RoomError
from meeples.server.store import MatchEvent, StoredMatch

if TYPE_CHECKING:
    from meeples.server.room import Room
    from meeples.server.table import Table

log = logging.getLogger("meeples.server")

#: Called when a running clock's time runs low: match id, seat, seconds left.
TimeLow = Callable[[str, int, float], None]
#: Seconds the timer waits before trying again when a timeout could not be stored.
RETRY = 1.0


def no_alert(match_id: str, seat: int, seconds_left: float) -> None:
    """Do nothing when a seat's time runs low (the default hook)."""


def bot_level(stored: StoredMatch) -> str:
    """Return the level of the bot that plays a turn for a seat whose time ran out (timeout
    "bot"): the match's warm-seat level, else ``normal``."""
    return stored.warm_level or "normal"


def runner(room: Table) -> int | None:
    """Return the seat whose clock should run now: the seat to decide, when it has a clock,
    is still in the game, plays its own turn (no bot plays it for it after a timeout) and
    every human seat is joined (None: no clock runs)."""
    stored = room.stored
    clocks = stored.clocks
    if stored.clock is None or clocks is None:
        return None
    seat = room.to_move
    if seat is None or seat == CHANCE or not 0 <= seat < len(clocks.left):
        return None
    if clocks.left[seat] is None or seat == clocks.bot:
        return None
    if seat in lifecycle.resigned(stored.events):
        return None
    if any(s.kind == "human" and not s.joined for s in stored.seats):
        return None
    return seat


def paused(room: Table, now: float) -> Clocks | None:
    """Return the clocks stopped at now, to store with the action received then (None: an
    untimed match)."""
    clocks = room.stored.clocks
    return None if clocks is None else clockwork.stop(clocks, now)


async def sync(room: Room) -> bool:
    """Start the clock of the seat that decides now (see the module docstring), store the
    clocks when they changed and arm the timer (under the room's lock); return whether a
    clock started or stopped.

    A failure to store is logged and the clocks go on in memory: the last stored clocks (the
    running one stopped with the last action) resume after a restart.
    """
    stored = room.stored
    if stored.clock is None or stored.clocks is None:
        return False
    now = room.time.now()
    current = stored.clocks
    if current.last is not None and current.last in lifecycle.resigned(stored.events):
        current = replace(current, last=None)  # out of the game: its turns are over for good
    new = clockwork.run(current, stored.clock, runner(room), now)
    if new != stored.clocks:
        try:
            await room.workers.store(room.store.update_clocks, room.id, new, room.epoch)
        except Exception as problem:
            log.error("match %s: the clocks could not be stored: %r", room.id, problem)
    changed = new.running != stored.clocks.running
    stored.clocks = new
    arm(room)
    return changed


def fields(room: Table) -> dict[str, Any] | None:
    """Return the ``clocks`` field of a state message (None: an untimed match)."""
    stored = room.stored
    if stored.clock is None or stored.clocks is None:
        return None
    return clockwork.wire(stored.clock, stored.clocks, room.time.now())


def stamp(room: Table) -> int | None:
    """Return what makes a rendered state message of a timed match stale besides its version:
    the second, while a clock runs (None: nothing)."""
    clocks = room.stored.clocks
    return None if clocks is None or clocks.running is None else int(room.time.now())


def check_undo(stored: StoredMatch) -> None:
    """Refuse an undo in a timed match (taking a decision back and playing it again would
    earn the increment again, and stop the other seat's clock).

    Raises:
        RoomError: the match has clocks.
    """
    if stored.clock is not None:
        raise RoomError("clock", "a game with clocks has no undo", msg("core.error.clock_undo"))


# --- the timer -------------------------------------------------------------------------------


def arm(room: Room) -> None:
    """Watch the running clock (and stop watching the one before)."""
    disarm(room)
    clocks, control = room.stored.clocks, room.stored.clock
    if clocks is None or control is None or clocks.running is None:
        return
    room.timer = asyncio.get_running_loop().create_task(_watch(room, clocks, control))


def disarm(room: Room) -> None:
    """Stop watching the clocks (a new turn, or the room stops)."""
    task, room.timer = room.timer, None
    if task is not None and task is not asyncio.current_task():
        task.cancel()


async def _watch(room: Room, watched: Clocks, control: TimeControl) -> None:
    """Tell the running seat when its time runs low, and time it out when none is left."""
    low = clockwork.low_at(watched, control)
    if low is not None:
        await room.time.sleep_until(low)
        async with room.lock:
            if room.stored.clocks is not watched:
                return  # a new turn (it armed its own timer)
            watched = await _tell_low(room, watched)
    assert watched.deadline is not None
    await room.time.sleep_until(watched.deadline)
    async with room.lock:
        if room.stored.clocks is not watched:
            return
        try:
            await _expire(room, watched, control)
        except RoomError:  # the database refused: try again in a moment
            await asyncio.sleep(RETRY)
            arm(room)
            return
    room.schedule_bots()


async def _tell_low(room: Room, clocks: Clocks) -> Clocks:
    """Call the room's ``on_time_low`` hook for the running seat, and note it was told (stored,
    so a restarted server does not tell it again in this turn); return the clocks then."""
    seat = clocks.running
    assert seat is not None
    left = clockwork.remaining(clocks, room.time.now())[seat] or 0.0
    told = replace(clocks, low=True)
    try:
        await room.workers.store(room.store.update_clocks, room.id, told, room.epoch)
    except Exception as problem:
        log.error("match %s: the clocks could not be stored: %r", room.id, problem)
    room.stored.clocks = told
    try:
        room.on_time_low(room.id, seat, left)
    except Exception:
        log.exception("match %s: the time-low hook failed", room.id)
    if room.alerts is not None:  # the low-time mail of the seat's account, if it wants one
        try:
            await room.alerts.time_low(room, seat, left)
        except Exception:
            log.exception("match %s: the low-time mail failed", room.id)
    return told


async def expire_due(room: Room) -> bool:
    """Time out the running seat if its time has run out and the timer has not yet (an action
    that arrives after the deadline comes too late); return whether it did (under the lock).

    Raises:
        RoomError: the database refused the timeout; nothing changed.
    """
    clocks, control = room.stored.clocks, room.stored.clock
    if clocks is None or control is None or not clockwork.expired(clocks, room.time.now()):
        return False
    await _expire(room, clocks, control)
    return True


async def _expire(room: Room, clocks: Clocks, control: TimeControl) -> None:
    """Time out the running seat: store the event with the clocks, tell everyone.

    Raises:
        RoomError: the database refused the event; nothing changed.
    """
    stored = room.stored
    seat = clocks.running
    assert seat is not None
    now = room.time.now()
    stopped = clockwork.stop(clocks, now)
    result = None
    if control.timeout == "bot":
        event = MatchEvent(lifecycle.TIMEOUT, seat, room.plies, now, bot_level(stored),
                           {"then": "bot"})
        after = replace(stopped, bot=seat)
    else:
        event = MatchEvent(lifecycle.TIMEOUT, seat, room.plies, now,
                           lifecycle.playout_level(stored), {"then": "lose"})
        outcome = lifecycle.final_outcome(room.state.outcome, stored.players,
                                          [*stored.events, event])
        result = outcome.to_json() if outcome is not None else None
        after = stopped
    await lifecycle._store_event(room, event, result, after)
    log.info("match %s: seat %d ran out of time (%s)", room.id, seat, control.timeout)
    await sync(room)
    room._broadcast()
