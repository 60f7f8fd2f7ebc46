"""Self-play: many seeded games between bots, over local processes or a Ray cluster.

Game ``i`` starts from seed ``seed + i`` and seats the bots rotated by ``i`` (with bots A and B,
even games seat A first, odd games B first), so every bot plays every seat. Each game is played
through the facade, as ``meeples play`` plays it: the bot to move acts, the action is played,
and ``state.settle()`` draws whatever chance nodes follow, from the match's own seed, so the
record holds every chance outcome and replays exactly. A game returns its match record (the
``meeples-match/1`` JSON that ``meeples replay`` opens, with the bots as its seats) and a
line of summary. Workers send records back rather than writing them: on a Ray cluster they run
on machines that do not see the driver's folder.
"""

from __future__ import annotations

import os
import random
import re
import socket
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import meeples
from meeples.ai.arena import MAX_PLIES as ARENA_MAX_PLIES
from meeples.ai.levels import get_bot
from meeples.ai.workers import workers

#: A game still running after this many plies stops there (a record without an outcome): the
#: arena's safety net, far above any game's own limit.
MAX_PLIES = ARENA_MAX_PLIES

#: Ray tasks in flight per cluster CPU: enough to keep every worker busy between two results.
RAY_TASKS_PER_CPU = 2


@dataclass(frozen=True, slots=True)
class Task:
    """One game to play."""

    game: str
    players: int
    index: int
    seed: int
    seats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Played:
    """A played game: its record as JSON data and its line of the summary."""

    record: dict[str, Any]
    summary: dict[str, Any]


#: A part of a bot spec after a comma: a budget or tuning value (``3s``, ``d3``, ``c0.3``).
_SPEC_PART = re.compile(r"[dcrgb]?[0-9.]+s?")


def split_bots(text: str) -> list[str]:
    """Return the bot specs of a comma-separated list; a part that is a budget or tuning value
    (``3s`` in ``alphabeta:d4,3s``, ``c0.3`` in ``mcts:800,c0.3``) belongs to the spec before.

    Raises:
        ValueError: an empty part, or a list that starts with a budget.
    """
    specs: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise ValueError(f"--bots {text!r} has an empty bot between commas")
        if not _SPEC_PART.fullmatch(part):
            specs.append(part)
        elif specs:
            specs[-1] += "," + part
        else:
            raise ValueError(f"--bots {text!r} starts with {part!r}, not a bot (e.g. random)")
    return specs


def schedule(
    game: str, bots: Sequence[str], games: int, players: int, seed: int = 0
) -> list[Task]:
    """Return the games to play: game ``i`` from seed ``seed + i``, the bots rotated by ``i``.

    One bot fills every seat; otherwise there is one bot per seat.

    Raises:
        ValueError: neither one bot nor one per seat.
    """
    if len(bots) not in (1, players):
        raise ValueError(f"{len(bots)} bots for {players} seats: name one bot, or one per seat")
    seated = list(bots) * players if len(bots) == 1 else list(bots)
    return [
        Task(game, players, i, seed + i, tuple(seated[(s + i) % players] for s in range(players)))
        for i in range(games)
    ]


def play(task: Task) -> Played:
    """Play one game between the seated bots; return its record and summary line."""
    game = meeples.load(task.game)
    state = game.new(players=task.players, seed=task.seed)
    bots = [get_bot(task.game, spec) for spec in task.seats]
    rngs = [random.Random(task.seed * 1009 + seat) for seat in range(task.players)]
    start = time.perf_counter()
    decisions = 0
    while state.outcome is None and decisions < MAX_PLIES:
        seat = state.to_move
        assert seat is not None and seat >= 0  # settled: a player decides
        state = state.play(bots[seat].act(state, rngs[seat])).settle()
        decisions += 1
    outcome = state.outcome
    record = replace(state.record(), seats=task.seats).to_json()
    summary = {
        "index": task.index,
        "seed": task.seed,
        "seats": list(task.seats),
        "winners": list(outcome.winners) if outcome else [],
        "reason": outcome.reason if outcome else f"stopped after {MAX_PLIES} decisions",
        "plies": len(state.history),
        "seconds": round(time.perf_counter() - start, 3),
        # Where it ran: a local process or a Ray worker (the test checks it is the cluster's).
        "host": socket.gethostname(),
        "pid": os.getpid(),
    }
    return Played(record, summary)


def run_local(tasks: Sequence[Task], processes: int) -> Iterator[Played]:
    """Yield the played games as they finish, over ``processes`` spawned processes (in this
    process for 1)."""
    if processes <= 1:
        yield from map(play, tasks)
        return
    with workers(processes) as pool:  # a Ctrl-C is the main process's: no worker traceback
        # Small chunks: a game takes milliseconds with random bots, seconds with searching ones.
        yield from pool.imap_unordered(play, tasks, chunksize=max(1, len(tasks) // (processes * 8)))


def connect_ray(address: str) -> Any:
    """Connect to a Ray cluster (``auto``, ``local`` or ``host:port``); return the ``ray``
    module.

    Raises:
        ImportError: ray is not installed (the ``ray`` extra).
        ConnectionError: no cluster answers at the address.
    """
    import ray

    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)
    return ray


def play_on_ray(task: Task) -> Played:
    """Play one game in a Ray worker; its summary line names the cluster node that played it."""
    import ray

    played = play(task)
    played.summary["node"] = ray.get_runtime_context().get_node_id()
    return played


def run_ray(ray: Any, tasks: Sequence[Task]) -> Iterator[Played]:
    """Yield the played games as they finish, as Ray tasks on a connected cluster (a bounded
    number in flight, so a large run neither floods the scheduler nor waits for all)."""
    remote = ray.remote(play_on_ray)
    in_flight = max(1, int(ray.cluster_resources().get("CPU", 1)) * RAY_TASKS_PER_CPU)
    pending: list[Any] = []
    queue = iter(tasks)
    for task in queue:
        pending.append(remote.remote(task))
        if len(pending) >= in_flight:
            break
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)
            following = next(queue, None)
            if following is not None:
                pending.append(remote.remote(following))


def tally(summaries: Iterable[dict[str, Any]], bots: Sequence[str]) -> dict[str, Any]:
    """Return the totals of played games: wins per bot, draws, games stopped, mean plies."""
    wins = dict.fromkeys(bots, 0)
    draws = stopped = plies = games = 0
    for line in summaries:
        games += 1
        plies += line["plies"]
        if not line["winners"]:
            if line["reason"].startswith("stopped"):
                stopped += 1
            else:
                draws += 1
        for spec in {line["seats"][w] for w in line["winners"]}:
            wins[spec] += 1
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "stopped": stopped,
        "mean_plies": round(plies / games, 1) if games else None,
    }

