"""Players: games created over HTTP, both seats held by WebSocket clients playing random moves.

The latency of a move is measured by the client that plays it: from the moment its ``act`` is
sent to the moment the state with the new version arrives on the same connection. Only the
messages a client needs are decoded in full (the state that offers it its legal actions); for
the others the version is read from the head of the text.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from meeples.loadtest.harness import Latencies, Target, addresses

if TYPE_CHECKING:
    import httpx

T = TypeVar("T")

#: The game of the load scenarios (its view shows everything; :data:`WIN_IN_ONE` and the moves
#: the players choose are its own): the one place the load test names a game.
GAME = "sparta"
#: Two humans on it.
SPARTA = {"game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}]}
#: South conquers the last city with e4-e6 and wins (a game finished in one move, for replays).
WIN_IN_ONE = "7www/10/10/10/10/10/4W5/10/10/WW8 S b5:S,d5:S,f5:S,h5:S,c6:S,e6:N,g6:S,i6:S 8/8 0 0"
WINNING_MOVE = "e4-e6"
#: Games created from one address: the server lets an address create 20 at once.
GAMES_PER_ADDRESS = 20
#: Seconds a move may wait for its state before it counts as timed out.
MOVE_TIMEOUT = 30.0
#: Largest message a client accepts (a state of a long game is tens of kilobytes).
MAX_MESSAGE = 1 << 22
#: The head of a state message (a snapshot or an update): its version, the version an update
#: applies to, and the seat to move (the keys' order of ``Room.message`` and ``Room.update``;
#: another order is read in full).
HEAD = re.compile(rb'\{"type":"(?:state|update)","match":"[^"]*","version":(\d+),'
                  rb'(?:"base":(\d+),)?.{0,300}?"seat":(?:null|\d+),"to_move":(null|\d+)', re.S)


def http_client(target: Target, address: str, timeout: float = 30.0) -> httpx.AsyncClient:
    """Return an HTTP client for the target, connecting from address (no proxy, ever)."""
    import httpx

    transport = httpx.AsyncHTTPTransport(
        local_address=address, limits=httpx.Limits(max_connections=16)
    )
    return httpx.AsyncClient(
        base_url=target.url, transport=transport, timeout=timeout, trust_env=False
    )


async def websocket(target: Target, match_id: str, address: str, timeout: float = 10.0) -> Any:
    """Return a WebSocket connection to a match from address (compression as in browsers)."""
    return await connect(
        target.ws(match_id),
        local_addr=(address, 0),
        proxy=None,
        open_timeout=timeout,
        close_timeout=2,
        max_size=MAX_MESSAGE,
        ping_interval=None,
    )


async def bounded(
    items: Iterable[T], work: Callable[[T], Awaitable[Any]], at_once: int, deadline: float
) -> list[BaseException | None]:
    """Run work on each item, at most at_once at a time, none started after deadline (loop
    time); return each one's failure (None when it went well)."""
    loop = asyncio.get_running_loop()
    gate = asyncio.Semaphore(at_once)

    async def one(item: T) -> BaseException | None:
        async with gate:
            if loop.time() > deadline:
                return TimeoutError("not started before the deadline")
            try:
                await asyncio.wait_for(work(item), max(deadline - loop.time(), 0.001))
            except Exception as problem:
                return problem
            return None

    return list(await asyncio.gather(*(one(item) for item in items)))


async def create_games(
    target: Target, count: int, deadline: float, body: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Create count games (two humans on Sparta), from a new address per 20 games.

    Raises:
        RuntimeError: a creation failed, or not all were created before the deadline.
    """
    created: list[dict[str, Any]] = []
    groups = [
        (addresses().take(), min(GAMES_PER_ADDRESS, count - start))
        for start in range(0, count, GAMES_PER_ADDRESS)
    ]

    async def group(item: tuple[str, int]) -> None:
        address, size = item
        async with http_client(target, address) as http:
            for _ in range(size):
                answer = await http.post("/api/matches", json=body or SPARTA)
                if answer.status_code != 201:
                    raise RuntimeError(f"creating a game: {answer.status_code} {answer.text}")
                created.append({**answer.json(), "address": address})

    failures = [f for f in await bounded(groups, group, 8, deadline) if f is not None]
    if failures:
        raise RuntimeError(f"{len(failures)} groups of games not created: {failures[0]!r}")
    return created


class Seat:
    """One player's connection: the head of the last state it was sent, and that state."""

    def __init__(self, connection: ClientConnection, index: int) -> None:
        self.connection = connection
        self.index = index
        self.version = -1
        self.to_move: int | None = None
        self.raw: bytes = b""
        self.arrived = asyncio.Event()
        self.awaited: tuple[int, float, asyncio.Future[bool]] | None = None  # version, sent at

    def head(self, raw: bytes) -> tuple[int, int | None, int | None] | None:
        """Return the version, the seat to move and the base (an update's; None for a
        snapshot) of a state message (None: not a state)."""
        found = HEAD.match(raw, 0, 800)
        if found is not None:
            to_move, base = found.group(3), found.group(2)
            return (int(found.group(1)), None if to_move == b"null" else int(to_move),
                    None if base is None else int(base))
        message = json.loads(raw)  # another order of keys: read it all
        if message.get("type") not in ("state", "update"):
            return None
        return int(message["version"]), message["to_move"], message.get("base")


class Game:
    """A live game whose two seats are held by this suite, each on its own connection."""

    def __init__(self, target: Target, created: dict[str, Any]) -> None:
        self.target = target
        self.id: str = created["id"]
        self.tokens: list[str] = [seat["token"] for seat in created["seats"]]
        self.address: str = created["address"]
        self.seats: list[Seat] = []
        self.readers: list[asyncio.Task[None]] = []
        self.finished = False
        self.moves = 0
        #: Updates that did not follow the state held (a snapshot was asked for each).
        self.gaps = 0
        self.sink: Latencies | None = None
        #: Called with every message that is not a state (hints, errors, pongs).
        self.listener: Callable[[dict[str, Any]], None] | None = None

    async def open(self) -> None:
        """Connect both seats and wait for their first state."""
        for index, token in enumerate(self.tokens):
            connection = await websocket(self.target, self.id, self.address)
            seat = Seat(connection, index)
            self.seats.append(seat)
            await connection.send(json.dumps({"type": "hello", "tokens": [token]}))
            self.readers.append(asyncio.get_running_loop().create_task(self._read(seat)))
        for seat in self.seats:
            while seat.version < 0:
                seat.arrived.clear()
                await asyncio.wait_for(seat.arrived.wait(), MOVE_TIMEOUT)

    async def _read(self, seat: Seat) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(WebSocketException, OSError):
            while True:
                data = await seat.connection.recv(decode=False)
                now = loop.time()
                raw = data if isinstance(data, bytes) else data.encode()
                head = seat.head(raw) if raw.startswith((b'{"type":"state"',
                                                          b'{"type":"update"')) else None
                if head is None:
                    self._other(seat, raw)
                    continue
                version, to_move, base = head
                if version < seat.version:
                    continue
                if base is not None and base != seat.version:  # lost track: ask for a snapshot
                    self.gaps += 1
                    await seat.connection.send('{"type":"sync"}')
                    continue
                seat.version, seat.to_move, seat.raw = version, to_move, raw
                awaited = seat.awaited
                if awaited is not None and version >= awaited[0]:
                    if self.sink is not None:
                        self.sink.add(now - awaited[1])
                    seat.awaited = None
                    if not awaited[2].done():
                        awaited[2].set_result(True)
                seat.arrived.set()

    def _other(self, seat: Seat, raw: bytes) -> None:
        """Count an error the server sent (the moves are legal: it never should)."""
        message = json.loads(raw)
        if self.listener is not None:
            self.listener(message)
        if message.get("type") != "error":
            return
        if self.sink is not None:
            self.sink.refuse(str(message.get("code")))
        awaited = seat.awaited
        if awaited is not None:
            seat.awaited = None
            if not awaited[2].done():
                awaited[2].set_result(False)

    async def mover(self) -> Seat | None:
        """Return the connection of the seat to move once both heard of the last move (None:
        the game is over, or a connection is lost)."""
        for _ in range(50):
            latest = max(seat.version for seat in self.seats)
            behind = [seat for seat in self.seats if seat.version < latest]
            if not behind:
                if self.seats[0].to_move is None:
                    self.finished = True
                    return None
                for seat in self.seats:
                    if seat.to_move == seat.index:
                        return seat
                return None
            behind[0].arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(behind[0].arrived.wait(), 1.0)
        return None

    async def move(self, rng: random.Random, sink: Latencies) -> bool:
        """Play a random legal move and wait for its state; return False when the game is over
        (or cannot go on)."""
        seat = await self.mover()
        if seat is None:
            return False
        state = json.loads(seat.raw)
        if not state.get("legal"):
            return False
        action = rng.choice(state["legal"])["action"]
        loop = asyncio.get_running_loop()
        self.sink = sink
        done: asyncio.Future[bool] = loop.create_future()
        seat.awaited = (state["version"] + 1, loop.time(), done)
        await seat.connection.send(
            json.dumps({"type": "act", "action": action, "version": state["version"]})
        )
        try:
            await asyncio.wait_for(done, MOVE_TIMEOUT)
        except TimeoutError:
            sink.timeouts += 1
            seat.awaited = None
        self.moves += 1
        return True

    async def play(
        self,
        until: float,
        rate: float,
        rng: random.Random,
        sink: Latencies,
        most: int,
        stop: asyncio.Future[Any] | None = None,
    ) -> None:
        """Play about rate moves a second until the loop time until (or stop is done), at most
        most moves."""
        loop = asyncio.get_running_loop()
        every = 1.0 / rate
        tick = loop.time() + rng.uniform(0, every)
        for _ in range(most):
            if tick >= until:
                return
            if stop is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(stop), max(0.0, tick - loop.time()))
                if stop.done():
                    return
            await asyncio.sleep(max(0.0, tick - loop.time()))
            if not await self.move(rng, sink):
                return
            tick = max(tick + every, loop.time())

    async def close(self) -> None:
        """Close both connections."""
        for task in self.readers:
            task.cancel()
        for seat in self.seats:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(seat.connection.close(), 2)


async def open_games(target: Target, created: list[dict[str, Any]], deadline: float) -> list[Game]:
    """Connect both seats of each created game.

    Raises:
        RuntimeError: some could not connect before the deadline.
    """
    games = [Game(target, item) for item in created]
    failures = [f for f in await bounded(games, Game.open, 32, deadline) if f is not None]
    if failures:
        for game in games:
            await game.close()
        raise RuntimeError(f"{len(failures)} games could not connect: {failures[0]!r}")
    return games


async def play_all(
    games: list[Game],
    seconds: float,
    rate: float,
    rng: random.Random,
    most: int | None = None,
    stop: asyncio.Future[Any] | None = None,
) -> Latencies:
    """Play every game at rate moves a second for seconds (or until stop is done); return the
    latencies."""
    sink = Latencies()
    until = asyncio.get_running_loop().time() + seconds
    limit = most if most is not None else int(seconds * rate) + 2
    seeds = [rng.random() for _ in games]
    await asyncio.gather(
        *(game.play(until, rate, random.Random(seed), sink, limit, stop) for game, seed in zip(
            games, seeds, strict=True
        ))
    )
    return sink


async def close_all(games: list[Game]) -> None:
    """Close every game's connections."""
    await asyncio.gather(*(game.close() for game in games), return_exceptions=True)
