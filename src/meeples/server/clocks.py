"""Clocks of a timed match: the time control, each seat's time left, and where time comes from.

Pure arithmetic (no database, no room): :mod:`meeples.server.timing` applies it to a room.

A match created with a **time control** (``initial`` seconds for each seat, ``increment``
seconds given back after each turn: Fischer's clock) counts the time of each human seat while
that seat, and only it, is to decide. A "turn" here is a run of decisions of one seat: the
increment is given to a seat when another seat's clock starts after it, never for each action
of a turn (a Meeple War turn is many actions, and an increment per action would pay a player
for splitting a turn). Chance's outcomes and the decisions the server passes for a seat by its
anytime setting are played within the commit of the action before them, so they cost no one
time; the running clock stops when an action is received and starts again once the state after
it (chance and passes included) is stored, so the server's own work counts for no one either.

A bot's seat has no clock (its time left is None): bots play at the pace the match sets.

The clocks are data (:class:`Clocks`), stored with the match (its row's ``clocks`` column, in
the same transaction as the action that stops a clock), so a restarted server, or another
worker that takes the match over, resumes them exactly: the running seat's time runs out at
its stored ``deadline``, a wall time.

Time comes from a :class:`TimeSource`: the system's (:data:`SYSTEM`), or a :class:`ManualTime`
that tests advance by hand (a simulated week in a second).
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

Timeout = Literal["lose", "bot"]
TIMEOUTS: tuple[Timeout, ...] = ("lose", "bot")
DAY = 24 * 3600.0
#: A time control of at least this many seconds a seat is a correspondence game (played over
#: days): its "time runs low" point is a day at most; a live game's is a minute.
CORRESPONDENCE = DAY
LIVE_LOW = 60.0


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A match's time control: seconds each seat starts with, seconds given back after each of
    its turns, and what happens when a seat's time runs out (``timeout``): "lose" (it loses,
    as by resigning) or "bot" (a bot plays that turn for it, and its clock goes on)."""

    initial: float
    increment: float
    timeout: Timeout = "lose"

    @property
    def low(self) -> float:
        """Return the seconds left at which a seat's time runs low: a tenth of the initial time,
        at most a day, in a correspondence game; a minute in a live one."""
        if self.initial >= CORRESPONDENCE:
            return min(self.initial / 10, DAY)
        return LIVE_LOW

    def to_json(self) -> dict[str, Any]:
        """Return the time control as its public data shows it (lobby, state messages)."""
        return {"initial": _number(self.initial), "increment": _number(self.increment),
                "timeout": self.timeout}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeControl:
        """Return the time control stored as JSON data.

        Raises:
            ValueError, KeyError, TypeError: not a time control.
        """
        timeout = data.get("timeout", "lose")
        if timeout not in TIMEOUTS:
            raise ValueError(f"unknown timeout {timeout!r}")
        initial, increment = float(data["initial"]), float(data["increment"])
        if initial <= 0 or increment < 0:
            raise ValueError(f"a time control of {initial} + {increment} s")
        return cls(initial, increment, timeout)


@dataclass(frozen=True, slots=True)
class Clocks:
    """The clocks of a match at one moment.

    ``left``: each seat's seconds left (None: a seat with no clock, a bot's), for the running
    seat as they were when its clock started; ``running``: the seat whose clock runs, with the
    wall time its time runs out (``deadline``); ``last``: the seat whose turn it was last (it
    gets the increment when another seat's clock starts); ``bot``: a seat whose time ran out
    and whose turn a bot plays (timeout "bot"); ``low``: the running seat was told its time
    runs low in this turn.
    """

    left: tuple[float | None, ...]
    running: int | None = None
    deadline: float | None = None
    last: int | None = None
    bot: int | None = None
    low: bool = False

    def to_json(self) -> dict[str, Any]:
        """Return the clocks as stored."""
        return {"left": list(self.left), "running": self.running, "deadline": self.deadline,
                "last": self.last, "bot": self.bot, "low": self.low}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clocks:
        """Return the clocks stored as JSON data.

        Raises:
            ValueError, KeyError, TypeError: not clocks.
        """
        left = tuple(None if s is None else float(s) for s in data["left"])
        running, last, bot = data.get("running"), data.get("last"), data.get("bot")
        for seat in (running, last, bot):
            if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(left)):
                raise ValueError(f"clocks name seat {seat!r} of {len(left)}")
        deadline = data.get("deadline")
        if (running is None) != (deadline is None) or (
                running is not None and left[running] is None):
            raise ValueError("a running clock needs a deadline and a timed seat")
        return cls(left, running, None if deadline is None else float(deadline), last, bot,
                   data.get("low") is True)


def new(control: TimeControl, timed: list[bool]) -> Clocks:
    """Return the clocks of a new match: each timed seat with the initial time, none running."""
    return Clocks(tuple(control.initial if t else None for t in timed))


def remaining(clocks: Clocks, now: float) -> list[float | None]:
    """Return each seat's seconds left at now (never below zero)."""
    left = list(clocks.left)
    if clocks.running is not None and clocks.deadline is not None:
        left[clocks.running] = max(0.0, clocks.deadline - now)
    return left


def stop(clocks: Clocks, now: float) -> Clocks:
    """Return the clocks with the running one stopped at now (its time spent counted)."""
    if clocks.running is None:
        return clocks
    return replace(clocks, left=tuple(remaining(clocks, now)), running=None, deadline=None)


def run(clocks: Clocks, control: TimeControl, seat: int | None, now: float) -> Clocks:
    """Return the clocks with seat's clock running from now (None: none runs).

    The clock running already goes on unchanged when it is seat's; any other stops at now.
    When seat is another seat than the one whose turn it was last, that one's turn is over: it
    gets the increment (and a bot that played its turn for it lets go).

    Raises:
        ValueError: seat has no clock.
    """
    if seat is not None and seat == clocks.running:
        return clocks
    clocks = stop(clocks, now)
    if seat is None:
        return clocks
    left = clocks.left[seat]
    if left is None:
        raise ValueError(f"seat {seat} has no clock")
    last, bot, low = clocks.last, clocks.bot, clocks.low
    seconds = list(clocks.left)
    if last is not None and last != seat:
        if seconds[last] is not None:
            seconds[last] = float(seconds[last] or 0.0) + control.increment
        bot = None if bot == last else bot
        low = False
        left = seconds[seat]
        assert left is not None
    return Clocks(tuple(seconds), seat, now + left, seat, bot, low)


def expired(clocks: Clocks, now: float) -> bool:
    """Return whether the running seat's time has run out at now."""
    return clocks.deadline is not None and now >= clocks.deadline


def low_at(clocks: Clocks, control: TimeControl) -> float | None:
    """Return the wall time at which the running seat's time runs low (None: no clock runs,
    or it was told already this turn)."""
    if clocks.deadline is None or clocks.low:
        return None
    return clocks.deadline - control.low


def wire(control: TimeControl, clocks: Clocks, now: float) -> dict[str, Any]:
    """Return the clocks as state messages carry them: the time control, each seat's seconds
    left at now (null: no clock), the running seat and the seat a bot plays a turn for."""
    return {
        **control.to_json(),
        "seconds": [None if s is None else round(s, 1) for s in remaining(clocks, now)],
        "running": clocks.running,
        "bot": clocks.bot,
    }


def _number(seconds: float) -> float | int:
    """Return whole seconds as an int (JSON shows ``600``, not ``600.0``)."""
    return int(seconds) if float(seconds).is_integer() else seconds


# --- where time comes from ---------------------------------------------------------------------


class TimeSource(Protocol):
    """The server's time: the wall clock, or one that tests move by hand."""

    def now(self) -> float:
        """Return the wall time, in seconds since the epoch."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Return once the wall time is at least when."""
        ...


class SystemTime:
    """The system's wall clock."""

    def now(self) -> float:
        """Return the wall time."""
        return time.time()

    async def sleep_until(self, when: float) -> None:
        """Sleep until the wall time is at least when (checked again after each hour, so a
        clock set forward or back is followed)."""
        while (wait := when - self.now()) > 0:
            await asyncio.sleep(min(wait, 3600.0))


SYSTEM = SystemTime()


class ManualTime:
    """A wall clock that only moves when told to (tests): :meth:`advance` wakes every sleeper
    whose time has come, in whichever thread or event loop it sleeps."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._lock = threading.Lock()
        self._sleepers: list[tuple[float, asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    def now(self) -> float:
        """Return the time as set."""
        return self._now

    def advance(self, seconds: float) -> None:
        """Move the time forward by seconds and wake the sleepers whose time has come."""
        with self._lock:
            self._now += seconds
            due = [s for s in self._sleepers if s[0] <= self._now]
            self._sleepers = [s for s in self._sleepers if s[0] > self._now]
        for _, loop, future in due:
            loop.call_soon_threadsafe(_wake, future)

    async def sleep_until(self, when: float) -> None:
        """Return once the time was advanced to when or later."""
        loop = asyncio.get_running_loop()
        while True:
            with self._lock:
                if self._now >= when:
                    return
                future: asyncio.Future[None] = loop.create_future()
                self._sleepers.append((when, loop, future))
            try:
                await future
            finally:
                with self._lock:
                    self._sleepers = [s for s in self._sleepers if s[2] is not future]


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
