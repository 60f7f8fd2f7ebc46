"""The scenarios: load, spectators, and the attacks measured against background games."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import random
import secrets
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, WebSocketException

from meeples.loadtest import fuzz
from meeples.loadtest.crowd import Crowd, Plan
from meeples.loadtest.harness import (
    CpuMeter,
    LagMonitor,
    Latencies,
    Server,
    Target,
    addresses,
    log_problems,
    machine,
    parse_url,
    raise_open_files,
    use_addresses,
)
from meeples.loadtest.players import (
    GAME,
    SPARTA,
    WIN_IN_ONE,
    WINNING_MOVE,
    Game,
    bounded,
    close_all,
    create_games,
    http_client,
    open_games,
    play_all,
    websocket,
)
from meeples.loadtest.wire import RawHttp, RawSocket

#: Sockets opened from one address: the server lets an address hold 64 at once.
SOCKETS_PER_ADDRESS = 50
#: Seconds a reply to one attack message may take before it counts as unanswered.
REPLY_TIMEOUT = 10.0
#: Messages one fuzzing connection sends before it opens another (the server closes a connection
#: beyond a burst of 60 messages).
FUZZ_PER_CONNECTION = 50
#: Seconds the burst of forged creations may take at most.
BURST_SECONDS = 30.0


@dataclass
class Options:
    """The sizes of a run (each scenario reads the ones it needs)."""

    games: int = 50
    rate: float = 1.0
    duration: float = 30.0
    count: int | None = None
    background: int = 12
    baseline: float = 10.0
    http: int | None = None
    level: str = "hard"
    history: int = 0
    pace: float = 1000.0
    seed: int = 1
    setup_timeout: float = 300.0


@dataclass
class Result:
    """What a scenario measured."""

    scenario: str
    options: dict[str, Any]
    figures: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    machine: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Return the result as JSON-ready data."""
        return {
            "scenario": self.scenario,
            "options": self.options,
            "figures": self.figures,
            "notes": self.notes,
            "machine": self.machine,
        }


@dataclass
class Context:
    """The server under test, and the scenario's random generator and deadlines."""

    target: Target
    options: Options
    rng: random.Random
    setup_deadline: float
    notes: list[str] = field(default_factory=list)


Scenario = Callable[[Context], Awaitable[dict[str, Any]]]


def _now() -> float:
    return asyncio.get_running_loop().time()


def _spread(count: int, per: int = SOCKETS_PER_ADDRESS) -> list[str]:
    """Return a source address for each of count sockets, per to an address."""
    out: list[str] = []
    while len(out) < count:
        address = addresses().take()
        out.extend([address] * min(per, count - len(out)))
    return out


async def _measured(
    context: Context, work: Awaitable[Latencies]
) -> tuple[Latencies, dict[str, Any]]:
    """Run work with the server's and the suite's CPU and the suite's lateness measured."""
    meter, lag = CpuMeter(context.target.pid), LagMonitor()
    lag.start()
    try:
        sink = await work
    finally:
        lags = lag.stop()
    return sink, {**meter.figures(), **lags}


async def _start_games(
    context: Context, count: int, body: dict[str, Any] | None = None
) -> list[Game]:
    created = await create_games(context.target, count, context.setup_deadline, body)
    return await open_games(context.target, created, context.setup_deadline)


async def _prime(games: list[Game], moves: int, rng: random.Random) -> None:
    """Play moves random moves in each game, within the message rate a connection may use."""
    if moves > 0:
        sink = await play_all(games, moves / 16 + 2, 16.0, rng, most=moves)
        if sink.timeouts or sink.refused:
            raise RuntimeError(f"priming the games failed: {sink.summary()}")


# --- load and spectators ----------------------------------------------------------------


async def load(context: Context) -> dict[str, Any]:
    """N live games, both seats held by clients playing random legal moves at a rate."""
    options = context.options
    started = time.monotonic()
    games = await _start_games(context, options.games)
    setup = time.monotonic() - started
    try:
        await _prime(games, options.history, context.rng)
        sink, cpu = await _measured(
            context, play_all(games, options.duration, options.rate, context.rng)
        )
    finally:
        await close_all(games)
    summary = sink.summary()
    return {
        "games": options.games,
        **summary,
        "moves_per_s": round(summary["moves"] / options.duration, 1),
        "finished_games": sum(game.finished for game in games),
        "update_gaps": sum(game.gaps for game in games),
        **cpu,
        "setup_s": round(setup, 1),
    }


async def _open_raw(
    context: Context,
    match_id: str,
    count: int,
    receive_buffer: int | None = None,
    deflate: bool = True,
) -> list[RawSocket]:
    """Open count bare sockets on a match (50 to an address), each saying hello as a spectator.

    deflate: offer compression, as browsers do (a socket that wants to cost the server most
    does not: uncompressed states fill its buffers sooner).
    """
    sockets: list[RawSocket] = []

    async def one(address: str) -> None:
        raw = await RawSocket.open(context.target, match_id, address, deflate, receive_buffer)
        sockets.append(raw)
        raw.send_text(json.dumps({"type": "hello", "tokens": []}))

    failures = [
        f for f in await bounded(_spread(count), one, 50, context.setup_deadline) if f is not None
    ]
    if failures:
        for raw in sockets:
            raw.close()
        raise RuntimeError(f"{len(failures)} sockets could not connect: {failures[0]!r}")
    return sockets


async def spectators(context: Context) -> dict[str, Any]:
    """One game with two players and N spectator sockets, which join before the players (so
    the players are the last to join the room). The spectators are read by a process of their
    own, so that the players' clients here are not slowed by the crowd."""
    options = context.options
    count = options.count if options.count is not None else 1000
    created = await create_games(context.target, 1, context.setup_deadline)
    match_id = created[0]["id"]
    longest = options.duration + options.setup_timeout + options.history
    crowd = Crowd(Plan(context.target, match_id, _spread(count), True, longest))
    await crowd.start()
    games: list[Game] = []
    watched: dict[str, Any] = {}
    try:
        games = await open_games(context.target, created, context.setup_deadline)
        await _prime(games, options.history, context.rng)
        sink, cpu = await _measured(
            context, play_all(games, options.duration, options.rate, context.rng)
        )
        await asyncio.sleep(0.5)  # the last state on its way to everyone
    finally:
        watched = await crowd.stop()
        await close_all(games)
    received = watched["messages"]
    return {
        "spectators": watched["connected"],
        **sink.summary(),
        "states_per_spectator_min": received[0] if received else 0,
        "states_per_spectator_median": received[len(received) // 2] if received else 0,
        "spectators_closed": watched["closed"],
        "compressed_state_bytes": round(watched["received_bytes"] / max(sum(received), 1)),
        **cpu,
        "crowd_cpu_pct": watched["cpu_pct"],
    }


# --- attacks ----------------------------------------------------------------------------


class Attack:
    """An attack: prepared before the measurement, run while the background games play.

    An attack that keeps the suite busy (``apart``) runs in a process of its own, so that the
    background games' clients here measure the server, not the suite: its ``run`` then uses
    only what pickles (no socket opened by ``prepare``).
    """

    name = ""
    default_count = 0
    apart = False

    def __init__(self, context: Context) -> None:
        self.context = context
        self.target = context.target
        count = context.options.count
        self.count = count if count is not None else self.default_count
        self.rng = random.Random(context.rng.random())

    async def prepare(self) -> None:
        """Set up what the attack needs (not measured)."""

    async def run(self, until: float) -> dict[str, Any]:
        """Attack until the loop time until; return what happened."""
        raise NotImplementedError

    def seconds(self) -> float:
        """Return how long the attack runs (after prepare): the duration asked for."""
        return float(self.context.options.duration)

    async def close(self) -> None:
        """Let go of everything."""


async def _paced(
    count: int,
    until: float,
    at_once: int,
    work: Callable[[int], Awaitable[None]],
    spread: bool = True,
) -> int:
    """Run work(0), work(1), ... at most at_once at a time, spread evenly until the loop time
    until (or one after another as fast as they go: spread False), none started after until;
    return how many ran."""
    start = _now()
    every = max(until - start, 0.0) / max(count, 1) if spread else 0.0
    next_index = 0
    ran = 0

    async def worker() -> None:
        nonlocal next_index, ran
        while next_index < count:
            index = next_index
            next_index += 1
            when = start + index * every
            if when >= until or (not spread and _now() >= until):
                return
            await asyncio.sleep(max(0.0, when - _now()))
            with contextlib.suppress(Exception):
                await asyncio.wait_for(work(index), max(until - _now(), 0.0) + REPLY_TIMEOUT)
            ran += 1

    await asyncio.gather(*(worker() for _ in range(at_once)))
    return ran


async def _victims(context: Context, count: int) -> tuple[list[dict[str, Any]], list[Any]]:
    """Create idle games no one plays (the attack's victims); return them and their states."""
    created = await create_games(context.target, count, context.setup_deadline)
    return created, [await _public(context.target, item["id"]) for item in created]


async def _public(target: Target, match_id: str) -> Any:
    """Return what would show a change of a game: its version, position and seats' state."""
    async with http_client(target, addresses().take()) as http:
        shown = (await http.get(f"/api/matches/{match_id}")).json()
    view = shown.get("view") or {}
    return [shown.get("version"), view.get("position"), shown.get("finished")]


class NonReaders(Attack):
    """Sockets that never read: half on a game the attacker plays fast, asking for the state
    ten times a second (so their buffers fill within seconds), half on a background game,
    silent after their hello."""

    name = "nonreaders"
    default_count = 40

    async def prepare(self) -> None:
        self.game = (await _start_games(self.context, 1))[0]
        half = self.count // 2
        # Small receive buffers, no compression: the server feels a reader that stopped soon.
        self.stuck = await _open_raw(
            self.context, self.game.id, half, receive_buffer=4096, deflate=False
        )
        self.background_id = ""
        self.others: list[RawSocket] = []

    def on_background(self, match_id: str) -> None:
        """Name the background game the other half sits on."""
        self.background_id = match_id

    async def run(self, until: float) -> dict[str, Any]:
        self.others = await _open_raw(
            self.context, self.background_id, self.count - len(self.stuck), receive_buffer=4096,
            deflate=False,
        )
        asked = 0

        async def ask(raw: RawSocket) -> None:
            nonlocal asked
            for _ in range(int((until - _now()) * 10) + 1):
                if _now() >= until or raw.writer.is_closing():
                    return
                raw.send_text(json.dumps({"type": "hello", "tokens": []}))
                asked += 1
                await asyncio.sleep(0.1)

        asking = [asyncio.get_running_loop().create_task(ask(raw)) for raw in self.stuck]
        # Twenty moves a second (under the limit of 20 messages a second of each seat).
        sink = await play_all([self.game], until - _now(), 20.0, self.rng)
        await asyncio.gather(*asking, return_exceptions=True)
        sockets = self.stuck + self.others
        deadline = _now() + 10  # what they hold, then the end of those the server dropped
        await asyncio.gather(*(raw.read_until(deadline, idle=0.5) for raw in sockets))

        def dropped(group: list[RawSocket]) -> int:
            return sum(raw.counts.closed_with is not None or raw.counts.lost for raw in group)

        return {
            "nonreaders": len(sockets),
            "states_asked": asked,
            "attacker_game_moves": sink.summary()["moves"],
            "attacker_game_p99_ms": sink.summary()["p99_ms"],
            "asking_nonreaders_dropped": dropped(self.stuck),
            "silent_nonreaders_dropped": dropped(self.others),
            "close_codes": dict(Counter(str(raw.counts.closed_with) for raw in sockets)),
            "kib_buffered_per_asking_socket": round(
                sum(raw.counts.received_bytes for raw in self.stuck)
                / max(len(self.stuck), 1) / 1024
            ),
        }

    async def close(self) -> None:
        for raw in self.stuck + self.others:
            raw.close()
        await self.game.close()


class HelloFlood(Attack):
    """Spectator sockets saying hello ten times a second each, on a game being played."""

    name = "hello-flood"
    default_count = 40

    async def prepare(self) -> None:
        self.game = (await _start_games(self.context, 1))[0]
        self.sockets = await _open_raw(self.context, self.game.id, self.count)

    async def run(self, until: float) -> dict[str, Any]:
        sent = 0

        async def flood(raw: RawSocket) -> None:
            nonlocal sent
            reading = asyncio.get_running_loop().create_task(raw.read_until(until + 0.5))
            tick = _now() + self.rng.uniform(0, 0.1)
            for _ in range(int((until - _now()) * 10) + 1):
                await asyncio.sleep(max(0.0, tick - _now()))
                if tick >= until or reading.done():
                    break
                raw.send_text(json.dumps({"type": "hello", "tokens": []}))
                sent += 1
                tick += 0.1
            await reading

        played = asyncio.get_running_loop().create_task(
            play_all([self.game], until - _now(), 1.0, self.rng)
        )
        await asyncio.gather(*(flood(raw) for raw in self.sockets))
        sink = await played
        return {
            "flood_sockets": len(self.sockets),
            "hellos_sent": sent,
            "states_received": sum(raw.counts.messages for raw in self.sockets),
            "flood_sockets_closed": sum(
                raw.counts.closed_with is not None for raw in self.sockets
            ),
            "flooded_game_p99_ms": sink.summary()["p99_ms"],
        }

    async def close(self) -> None:
        for raw in self.sockets:
            raw.close()
        await self.game.close()


class BotFlood(Attack):
    """Creations of bot-against-bot games (hard bots by default) from a few addresses."""

    name = "bot-flood"
    default_count = 100
    attackers = 4

    async def run(self, until: float) -> dict[str, Any]:
        level = self.context.options.level
        body = {"game": GAME, "seats": [{"kind": "bot", "level": level}] * 2}
        clients = [http_client(self.target, addresses().take()) for _ in range(self.attackers)]
        statuses: Counter[int] = Counter()
        created: list[str] = []

        async def attempt(index: int) -> None:
            answer = await clients[index % len(clients)].post("/api/matches", json=body)
            statuses[answer.status_code] += 1
            if answer.status_code == 201:
                created.append(answer.json()["id"])

        try:
            attempts = await _paced(self.count, until, 4, attempt)
            plies = [
                (await clients[0].get(f"/api/matches/{match_id}")).json()["version"]
                for match_id in created
            ]
        finally:
            for client in clients:
                await client.aclose()
        return {
            "attempts": attempts,
            "addresses": self.attackers,
            "bot_games_accepted": statuses[201],
            "refused_429": statuses[429],
            "other_statuses": {str(k): v for k, v in statuses.items() if k not in (201, 429)},
            "bot_game_plies": sum(plies),
        }


class ReplayLoop(Attack):
    """Loops asking for the replay of a finished game, each loop from its own address, each on
    one kept-alive connection, each asking again as soon as it is answered."""

    name = "replay-loop"
    default_count = 4
    apart = True

    async def prepare(self) -> None:
        body = {"game": GAME, "position": WIN_IN_ONE, "seats": [{"kind": "human"}] * 2}
        created = await create_games(self.target, 1, self.context.setup_deadline, body)
        self.match_id = created[0]["id"]
        connection = await websocket(self.target, self.match_id, created[0]["address"])
        try:
            await connection.send(json.dumps({"type": "hello", "tokens": [created[0]["seats"][0][
                "token"]]}))
            await connection.recv()
            await connection.send(json.dumps({"type": "act", "action": WINNING_MOVE,
                                              "version": 0}))
            state = json.loads(await asyncio.wait_for(connection.recv(), REPLY_TIMEOUT))
            if state.get("outcome") is None:
                raise RuntimeError(f"the replayed game did not end: {str(state)[:200]}")
        finally:
            await connection.close()

    async def run(self, until: float) -> dict[str, Any]:
        statuses: Counter[int] = Counter()
        served = Latencies()

        async def loop_(address: str) -> None:
            http = RawHttp(self.target, address)
            try:
                for _ in range(1_000_000):
                    if _now() >= until:
                        return
                    sent = _now()
                    status, _ = await http.get(f"/api/matches/{self.match_id}/replay")
                    statuses[status] += 1
                    if status == 200:
                        served.add(_now() - sent)
            finally:
                http.close()

        await asyncio.gather(*(loop_(addresses().take()) for _ in range(self.count)))
        return {
            "loops": self.count,
            "requests": sum(statuses.values()),
            "replays_served": statuses[200],
            "refused_429": statuses[429],
            "busy_503": statuses[503],
            "other_statuses": {
                str(k): v for k, v in statuses.items() if k not in (200, 429, 503)
            },
            "replay_p50_ms": served.summary()["p50_ms"],
        }


class Forwarded(Attack):
    """Creations from one address, each claiming another address in X-Forwarded-For (and
    X-Real-IP, Forwarded): the first 100 in a burst, the rest spread over the duration."""

    name = "forwarded"
    default_count = 300

    async def run(self, until: float) -> dict[str, Any]:
        statuses: Counter[int] = Counter()
        first: Counter[int] = Counter()
        start = _now()
        async with http_client(self.target, addresses().take()) as http:

            async def attempt(index: int) -> None:
                forged = f"203.0.113.{index % 250 + 1}, 198.51.100.{index % 200 + 1}"
                answer = await http.post(
                    "/api/matches", json={"game": GAME},
                    headers={"X-Forwarded-For": forged, "X-Real-IP": forged.split(",")[0],
                             "Forwarded": f"for={forged.split(',')[0]}"},
                )
                statuses[answer.status_code] += 1
                if index < 100:
                    first[answer.status_code] += 1

            # A burst first (the figure of the issue: at most 100, as fast as they go, within
            # BURST_SECONDS whatever the duration), then the rest spread over the duration.
            burst = min(self.count, 100)
            await _paced(burst, _now() + BURST_SECONDS, 4, attempt, spread=False)
            rest = self.count - burst
            if rest > 0:
                await _paced(rest, until, 2, lambda i: attempt(burst + i))
        elapsed = _now() - start
        return {
            "attempts": sum(statuses.values()),
            "accepted": statuses[201],
            "accepted_of_first_100": first[201],
            "refused_429": statuses[429],
            "one_address_may": int(20 + elapsed / 2),
            "other_statuses": {str(k): v for k, v in statuses.items() if k not in (201, 429)},
        }


class CrossSeat(Attack):
    """Moves and hellos with the tokens of another match or another seat, or none at all."""

    name = "cross-seat"
    default_count = 1200
    apart = True
    KINDS = (
        "token_of_another_match", "forged_token", "seat_and_foreign_token", "opponent_moves",
        "spectator_moves", "move_without_hello", "claim_a_taken_seat",
    )

    async def prepare(self) -> None:
        self.victims, self.before = await _victims(self.context, 4)
        self.own = (await create_games(self.target, 1, self.context.setup_deadline))[0]
        self.legal: list[list[str]] = []
        for victim in self.victims:  # the first player's legal moves, seen by the victim
            connection = await websocket(self.target, victim["id"], victim["address"])
            await connection.send(json.dumps({"type": "hello", "tokens": [
                victim["seats"][0]["token"]]}))
            state = json.loads(await connection.recv())
            self.legal.append([item["action"] for item in state.get("legal", [])])
            await connection.close()
        self.address = addresses().take()

    async def attempt(self, index: int) -> str:
        """Make one attempt; return what the server answered."""
        kind = self.KINDS[index % len(self.KINDS)]
        which = self.rng.randrange(len(self.victims))
        victim = self.victims[which]
        if kind == "claim_a_taken_seat":
            async with http_client(self.target, self.address) as http:
                answer = await http.post(f"/api/matches/{victim['id']}/claim")
            return "accepted" if answer.status_code == 200 else f"http_{answer.status_code}"
        tokens = {
            "token_of_another_match": [self.own["seats"][0]["token"]],
            "forged_token": [secrets.token_urlsafe(32)],
            "seat_and_foreign_token": [victim["seats"][1]["token"], self.own["seats"][1]["token"]],
            "opponent_moves": [victim["seats"][1]["token"]],
            "spectator_moves": [],
        }.get(kind)
        action = self.rng.choice(self.legal[which])
        connection = await websocket(self.target, victim["id"], self.address)
        try:
            version = 0
            if tokens is not None:
                await connection.send(json.dumps({"type": "hello", "tokens": tokens}))
                reply = json.loads(await asyncio.wait_for(connection.recv(), REPLY_TIMEOUT))
                if reply["type"] == "error":
                    return str(reply["code"])
                version = int(reply["version"])
            await connection.send(json.dumps({"type": "act", "action": action,
                                              "version": version}))
            reply = json.loads(await asyncio.wait_for(connection.recv(), REPLY_TIMEOUT))
            if reply["type"] in ("state", "update") and reply["version"] > version:
                return "accepted"
            return str(reply.get("code", reply["type"]))
        except ConnectionClosed as closed:
            return f"closed_{closed.rcvd.code if closed.rcvd else 'abnormally'}"
        except TimeoutError:
            return "no_answer"
        finally:
            await connection.close()

    async def run(self, until: float) -> dict[str, Any]:
        answers: Counter[str] = Counter()

        async def one(index: int) -> None:
            try:
                answers[await self.attempt(index)] += 1
            except (OSError, WebSocketException) as problem:
                answers[f"failed_{type(problem).__name__}"] += 1

        attempts = await _paced(self.count, until, 16, one)
        after = [await _public(self.target, victim["id"]) for victim in self.victims]
        return {
            "attempts": attempts,
            "accepted": answers["accepted"],
            "victims_changed": sum(a != b for a, b in zip(after, self.before, strict=True)),
            "answers": dict(answers),
        }


class Fuzz(Attack):
    """Fuzzed WebSocket messages (and HTTP requests) at idle victim games, at most ``pace`` a
    second (on a machine of two cores, the suite sending faster takes the server's core: the
    measure would be the suite's); nothing may change."""

    name = "fuzz"
    default_count = 100_000
    apart = True
    connections = 32
    http_workers = 4

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        http = context.options.http
        self.http_count = http if http is not None else 12_000
        self.pace = context.options.pace

    async def prepare(self) -> None:
        self.victims, self.before = await _victims(self.context, 4)

    def seconds(self) -> float:
        """Long enough to send every message and request (and the duration asked for at
        least): 100,000 messages and 12,000 requests at 1,000 a second take 112 s; each waits
        for its answer, so a busy server (a shared machine) slows them: four times that is
        allowed. The attack ends as soon as all are sent, and the measure with it."""
        needed = (self.count + self.http_count) / self.pace * 4.0 + 10.0
        return max(float(self.context.options.duration), needed)

    async def run(self, until: float) -> dict[str, Any]:
        self.sent: Counter[str] = Counter()
        self.answers: Counter[str] = Counter()
        self.accepted: list[str] = []
        self.failures: list[str] = []
        self.statuses: Counter[int] = Counter()
        self.server_errors: list[str] = []
        quota = [self.count]
        http_quota = [self.http_count]
        self.started = _now()
        self.ticket = 0  # messages and requests sent, at most pace a second in all
        # An address per connection: the server paces each address's moves (a person's pace).
        await asyncio.gather(
            *(self.fuzz_socket(addresses().take(), quota, until, i)
              for i in range(self.connections)),
            *(self.fuzz_http(addresses().take(), http_quota, until)
              for _ in range(self.http_workers)),
        )
        after = [await _public(self.target, victim["id"]) for victim in self.victims]
        return {
            "ws_messages": sum(self.sent.values()),
            "http_requests": sum(self.statuses.values()),
            "state_changes": sum(a != b for a, b in zip(after, self.before, strict=True))
            + len(self.accepted),
            "server_failures": len(self.failures),
            "http_5xx": sum(n for status, n in self.statuses.items() if status >= 500),
            "answers": dict(self.answers.most_common()),
            "http_statuses": {str(k): v for k, v in sorted(self.statuses.items())},
            "sent_by_fault": dict(self.sent.most_common()),
            "accepted_examples": self.accepted[:5],
            "failure_examples": self.failures[:5] + self.server_errors[:5],
        }

    async def wait_turn(self) -> None:
        """Wait for this message's turn: at most ``pace`` a second, messages and requests."""
        self.ticket += 1
        await asyncio.sleep(max(0.0, self.started + self.ticket / self.pace - _now()))

    async def fuzz_socket(self, address: str, quota: list[int], until: float, index: int) -> None:
        rng = random.Random(self.rng.random())
        while quota[0] > 0 and _now() < until:
            victim = self.victims[index % len(self.victims)]
            try:
                await self.one_connection(rng, victim, address, quota, until)
            except (OSError, WebSocketException, TimeoutError) as problem:
                self.answers[f"connection_{type(problem).__name__}"] += 1
                await asyncio.sleep(0.1)

    async def one_connection(
        self, rng: random.Random, victim: dict[str, Any], address: str, quota: list[int],
        until: float,
    ) -> None:
        connection = await websocket(self.target, victim["id"], address)
        try:
            token, other = (seat["token"] for seat in victim["seats"])
            await connection.send(json.dumps({"type": "hello", "tokens": [token]}))
            state = json.loads(await asyncio.wait_for(connection.recv(), REPLY_TIMEOUT))
            if state.get("type") != "state":  # refused (e.g. too many sockets): nothing to fuzz
                self.answers[str(state.get("code", state.get("type")))] += 1
                return
            game = fuzz.Game(state["version"], [i["action"] for i in state["legal"]], token, other)
            for _ in range(FUZZ_PER_CONNECTION):
                if quota[0] <= 0 or _now() >= until:
                    return
                quota[0] -= 1
                await self.wait_turn()
                frame = fuzz.message(rng, game)
                self.sent[frame.fault] += 1
                if frame.kind == "binary":
                    await connection.send(frame.data)
                elif frame.kind == "bad-utf8":
                    await connection.send(frame.data, text=True)
                else:
                    await connection.send(frame.data)
                try:
                    if not await self.answer(connection, game, frame):
                        return
                except ConnectionClosed as closed:
                    code = closed.rcvd.code if closed.rcvd else "abnormal"
                    self.answers[f"closed_{code}"] += 1
                    if code in (1011, "abnormal"):
                        self.failures.append(
                            f"{frame.fault}: closed {code} after {frame.data!r:.80}"
                        )
                    return
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(connection.close(), 2)

    async def answer(self, connection: Any, game: fuzz.Game, frame: fuzz.Frame) -> bool:
        """Read the answer to one fuzzed frame; return whether the connection goes on."""
        try:
            reply = json.loads(await asyncio.wait_for(connection.recv(), REPLY_TIMEOUT))
        except TimeoutError:
            self.answers["no_answer"] += 1
            return False
        kind = reply.get("type")
        if kind == "error":
            code = str(reply.get("code"))
            self.answers[code] += 1
            if code in ("generic", "engine", "storage"):
                self.failures.append(f"{frame.fault}: {code} after {frame.data!r:.80}")
            if code == "stale":
                reply = json.loads(await asyncio.wait_for(connection.recv(), REPLY_TIMEOUT))
                kind = reply.get("type")
            else:
                return code not in ("flood", "too_large", "bad_token")
        else:
            self.answers[str(kind)] += 1
        if kind in ("state", "update") and reply["version"] != game.version:
            self.accepted.append(f"{frame.fault}: {frame.data!r:.120}")
            game.version = reply["version"]
            game.legal = [item["action"] for item in reply["legal"]]
        return True

    async def fuzz_http(self, address: str, quota: list[int], until: float) -> None:
        rng = random.Random(self.rng.random())
        ids = [victim["id"] for victim in self.victims]
        async with http_client(self.target, address, timeout=REPLY_TIMEOUT) as http:
            while quota[0] > 0 and _now() < until:
                quota[0] -= 1
                await self.wait_turn()
                request = fuzz.http_request(rng, ids)
                try:
                    answer = await http.request(
                        request.method, request.path, content=request.body,
                        headers=request.headers,
                    )
                except Exception as problem:  # noqa: BLE001 - counted, never fatal
                    self.statuses[0] += 1
                    self.server_errors.append(f"{request.method} {request.path}: {problem!r}")
                    continue
                self.statuses[answer.status_code] += 1
                if answer.status_code >= 500:
                    self.server_errors.append(
                        f"{request.method} {request.path} {answer.status_code}: "
                        f"{answer.text[:80]}"
                    )


class HintFlood(Attack):
    """Players of games of their own asking a hint at every turn (hints search on the server),
    then moving, at most a move a second a game."""

    name = "hint-flood"
    default_count = 20

    async def prepare(self) -> None:
        # Hints are off by default between two people: these games allow them.
        self.games = await _start_games(self.context, self.count, {**SPARTA, "hints": True})

    async def run(self, until: float) -> dict[str, Any]:
        answers: Counter[str] = Counter()

        async def hinting(game: Game) -> None:
            rng = random.Random(self.rng.random())
            sink = Latencies()
            tick = _now()
            for _ in range(10_000):
                await asyncio.sleep(max(0.0, tick - _now()))
                tick = max(tick + 1.0, _now())
                if _now() >= until:
                    return
                seat = await game.mover()
                if seat is None:
                    return
                # The hint comes back on the reader of this connection, which counts it.
                reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

                def listen(message: dict[str, Any], reply: Any = reply) -> None:
                    if message.get("type") in ("hint", "error") and not reply.done():
                        reply.set_result(message)

                game.listener = listen
                await seat.connection.send(json.dumps({"type": "hint"}))
                try:
                    message = await asyncio.wait_for(reply, max(until - _now(), 0.01))
                    answers[str(message.get("code", message.get("type")))] += 1
                except TimeoutError:
                    return
                if not await game.move(rng, sink):
                    return

        await asyncio.gather(*(hinting(game) for game in self.games))
        return {"hinting_games": len(self.games), "answers": dict(answers)}

    async def close(self) -> None:
        await close_all(self.games)


class MoveFlood(Attack):
    """Games of one address played as fast as the server lets each connection send (20
    messages a second): legal moves, each costing the server a full state message."""

    name = "move-flood"
    default_count = 20
    apart = True

    async def run(self, until: float) -> dict[str, Any]:
        games = await _start_games(self.context, self.count)  # in the attack's process
        # At least a second of flooding once the games are ready: on a busy machine starting
        # them took the whole window of a short run, which then flooded nothing.
        until = max(until, _now() + 1.0)
        try:
            sink = await play_all(games, until - _now(), 20.0, self.rng)
        finally:
            await close_all(games)
        summary = sink.summary()
        return {
            "flooding_games": len(games),
            "flood_moves": summary["moves"],
            "flood_moves_per_s": round(summary["moves"] / self.context.options.duration, 1),
            "flood_refused": summary["refused"],
        }


ATTACKS: dict[str, type[Attack]] = {
    attack.name: attack
    for attack in (
        NonReaders, HelloFlood, BotFlood, ReplayLoop, Forwarded, CrossSeat, Fuzz, HintFlood,
        MoveFlood,
    )
}


#: Addresses set aside for an attack run in a process of its own.
APART_ADDRESSES = 1000


def _run_apart(attack: Attack, until: float, first_address: int) -> dict[str, Any]:
    """Run an attack in this (new) process, from the addresses set aside for it."""
    raise_open_files()
    use_addresses(first_address)
    return asyncio.run(attack.run(until))


async def under_attack(context: Context, kind: type[Attack]) -> dict[str, Any]:
    """Background games measured before an attack and while it runs."""
    options = context.options
    games = await _start_games(context, options.background)
    attack = kind(context)
    pool: ProcessPoolExecutor | None = None
    try:
        await attack.prepare()
        if isinstance(attack, NonReaders):
            attack.on_background(games[0].id)
        baseline = await play_all(games, options.baseline, options.rate, context.rng)
        loop = asyncio.get_running_loop()
        running: asyncio.Future[dict[str, Any]]
        if attack.apart:
            pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
            first = addresses().reserve(APART_ADDRESSES)
            await loop.run_in_executor(pool, raise_open_files)  # the process is up
            started = _now()
            until = started + attack.seconds()
            running = loop.run_in_executor(pool, _run_apart, attack, until, first)
        else:
            started = _now()
            until = started + attack.seconds()
            running = loop.create_task(attack.run(until))
        ended: list[float] = []
        running.add_done_callback(lambda _: ended.append(_now()))
        # Measured while the attack runs: to the end of the duration, or of the attack.
        sink, cpu = await _measured(
            context, play_all(games, attack.seconds(), options.rate, context.rng, stop=running)
        )
        try:
            figures = await asyncio.wait_for(running, max(until - _now(), 0) + 60)
        except Exception as problem:
            figures = {"attack_failed": repr(problem)}
        figures["attack_s"] = round((ended[0] if ended else _now()) - started, 1)
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        await attack.close()
        await close_all(games)
    during = sink.summary()
    return {
        **{f"background_{k}": v for k, v in during.items()},
        "baseline_p50_ms": baseline.summary()["p50_ms"],
        "baseline_p99_ms": baseline.summary()["p99_ms"],
        **figures,
        **cpu,
    }


def _attack(kind: type[Attack]) -> Scenario:
    async def scenario(context: Context) -> dict[str, Any]:
        return await under_attack(context, kind)

    scenario.__doc__ = kind.__doc__
    return scenario


SCENARIOS: dict[str, Scenario] = {
    "load": load,
    "spectators": spectators,
    **{name: _attack(kind) for name, kind in ATTACKS.items()},
}


async def run_on(target: Target, name: str, options: Options) -> Result:
    """Run one scenario on a server that is already listening."""
    context = Context(
        target=target,
        options=options,
        rng=random.Random(options.seed),
        setup_deadline=asyncio.get_running_loop().time() + options.setup_timeout,
    )
    figures = await SCENARIOS[name](context)
    return Result(name, vars(options).copy(), figures, context.notes, machine())


async def run_scenario(
    name: str,
    options: Options,
    url: str | None = None,
    profile: Path | None = None,
    folder: Path | None = None,
) -> Result:
    """Run one scenario: on a fresh ``meeples serve`` (a temporary folder), or on url.

    The server's log is checked afterwards for failures, and whether it is still running.
    """
    if name not in SCENARIOS:
        raise ValueError(f"no scenario {name!r} (choose from {', '.join(SCENARIOS)})")
    raise_open_files()
    if url is not None:
        return await run_on(parse_url(url), name, options)
    with contextlib.ExitStack() as stack:
        if folder is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="meeples-load-")))
        server = Server(folder, profile)
        target = await server.start()
        try:
            result = await run_on(target, name, options)
            result.figures["server_alive"] = server.alive()
        finally:
            status = await server.stop()
        problems = log_problems(server.stderr)
        result.figures["server_log_failures"] = len(problems)
        result.notes.extend(f"server log: {line}" for line in problems[:10])
        result.figures["server_exit"] = status
        return result
