"""Arenas: bots and levels play each other over many seeded games, in parallel processes.

A pairing (A, B) at n players plays N games; in game i, A sits in seat ``i % n`` and copies of
B fill the other seats, so seats alternate. A's score in a game is its share (a win 1, a shared
win or draw split evenly); against copies of B it is compared pairwise with the mean share of
one B, so the 1/n baseline maps to 0.5 at every player count. Win rates come with 95% Wilson
intervals, and ratings with a Bradley-Terry (Elo scale) fit over every pairing. Each game
records every seat's mean and longest think time, and each pairing the longest single move of
A and of the B copies (the worst case a human would wait for).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import meeples
from meeples.ai.levels import get_bot
from meeples.ai.model import returns
from meeples.ai.workers import workers

#: A game still running after this many plies counts as a draw. A safety net only: the rules'
#: own limits end every game long before (a 4-player Meeple War turn is about 20 decisions, so its
#: 60-round limit comes near 5000 plies; the former cap of 3000 cut such games short). Arena,
#: balance, self-play and the calibration games share it.
MAX_PLIES = 20000
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Task:
    """One game to play."""

    game: str
    players: int
    pairing: int
    index: int
    seats: tuple[str, ...]
    seed: int


def play_game(task: Task) -> dict[str, Any]:
    """Play one game between the seated bots; return its record."""
    game = meeples.load(task.game)
    state = game.new(players=task.players, seed=task.seed)
    bots = [get_bot(task.game, spec) for spec in task.seats]
    rngs = [random.Random(task.seed * 1009 + seat) for seat in range(task.players)]
    thinking = [0.0] * task.players
    longest = [0.0] * task.players
    moves = [0] * task.players
    plies = 0
    while state.outcome is None and plies < MAX_PLIES:
        seat = state.to_move
        assert seat is not None
        start = time.perf_counter()
        action = bots[seat].act(state, rngs[seat])
        elapsed = time.perf_counter() - start
        thinking[seat] += elapsed
        longest[seat] = max(longest[seat], elapsed)
        moves[seat] += 1
        state = state.play(action).settle()  # chance drawn by the game's own seed (Dealer)
        plies += 1
    outcome = state.outcome
    shares = returns(outcome, task.players) if outcome else (1.0 / task.players,) * task.players
    return {
        "pairing": task.pairing,
        "index": task.index,
        "players": task.players,
        "seed": task.seed,
        "seats": list(task.seats),
        "winners": list(outcome.winners) if outcome else [],
        "reason": outcome.reason if outcome else f"stopped after {MAX_PLIES} plies",
        "plies": plies,
        "shares": list(shares),
        "seconds_per_move": [t / m if m else 0.0 for t, m in zip(thinking, moves, strict=True)],
        "max_seconds_per_move": longest,
    }


def wilson(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a rate ``score / games``."""
    if games == 0:
        return (0.0, 1.0)
    p = score / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def pairwise_score(share: float, players: int) -> float:
    """Return A's score against one opponent copy: A's share over A's plus one copy's."""
    other = (1.0 - share) / (players - 1)
    total = share + other
    return 0.5 if total <= 0 else share / total


def elo(names: Sequence[str], results: Iterable[tuple[str, str, float, int]]) -> dict[str, float]:
    """Return Bradley-Terry ratings on the Elo scale (mean 0 unless ``random`` plays: then 0).

    ``results`` holds (a, b, a's total score, games). Half a game of each result is added to
    both sides so that clean sweeps give finite ratings.
    """
    wins: dict[tuple[str, str], float] = {}
    games: dict[tuple[str, str], float] = {}
    for a, b, score, n in results:
        wins[(a, b)] = wins.get((a, b), 0.0) + score + 0.5
        wins[(b, a)] = wins.get((b, a), 0.0) + (n - score) + 0.5
        games[(a, b)] = games.get((a, b), 0.0) + n + 1
        games[(b, a)] = games[(a, b)]
    strength = {name: 1.0 for name in names}
    for _ in range(500):
        updated = {}
        for i in names:
            won = sum(w for (x, _), w in wins.items() if x == i)
            denominator = sum(
                n / (strength[i] + strength[j]) for (x, j), n in games.items() if x == i
            )
            updated[i] = won / denominator if denominator else strength[i]
        norm = math.exp(sum(math.log(v) for v in updated.values()) / len(updated))
        strength = {k: v / norm for k, v in updated.items()}
    ratings = {k: 400 * math.log10(v) for k, v in strength.items()}
    anchor = ratings.get("random", 0.0)
    return {k: round(v - anchor, 1) for k, v in ratings.items()}


def schedule(
    game: str,
    entrants: Sequence[str],
    games_per_pairing: int,
    player_counts: Sequence[int],
    gauntlet: bool = False,
    seed: int = 0,
) -> tuple[list[tuple[str, str, int]], list[Task]]:
    """Return the pairings (a, b, players) and the games they play."""
    if gauntlet:
        pairs = [(entrants[0], other) for other in entrants[1:]]
    else:
        pairs = list(combinations(entrants, 2))
    pairings = [(a, b, n) for n in player_counts for a, b in pairs]
    tasks = []
    for p, (a, b, n) in enumerate(pairings):
        for i in range(games_per_pairing):
            seats = [b] * n
            seats[i % n] = a
            tasks.append(Task(game, n, p, i, tuple(seats), seed + i))
    return pairings, tasks


def summarise(
    pairings: Sequence[tuple[str, str, int]], records: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """Return per-pairing win rates with intervals, and ratings."""
    rows: list[dict[str, Any]] = []
    for p, (a, b, n) in enumerate(pairings):
        mine = [r for r in records if r["pairing"] == p]
        score = wins = losses = 0.0
        share = 0.0
        slowest_a = slowest_b = 0.0
        for record in mine:
            seat = record["index"] % n
            longest = record["max_seconds_per_move"]
            slowest_a = max(slowest_a, longest[seat])
            slowest_b = max([slowest_b, *(t for i, t in enumerate(longest) if i != seat)])
            s = record["shares"][seat]
            share += s
            score += pairwise_score(s, n)
            if record["winners"] == [seat]:
                wins += 1
            elif record["winners"] and seat not in record["winners"]:
                losses += 1
        count = len(mine)
        low, high = wilson(score, count)
        rows.append({
            "a": a,
            "b": b,
            "players": n,
            "games": count,
            "wins": int(wins),
            "losses": int(losses),
            "others": count - int(wins) - int(losses),
            "score": round(score, 3),
            "win_rate": round(score / count, 4) if count else None,
            "ci95": [round(low, 4), round(high, 4)],
            "share": round(share / count, 4) if count else None,
            "baseline_share": round(1 / n, 4),
            "mean_plies": round(sum(r["plies"] for r in mine) / count, 1) if count else None,
            "max_seconds_a": round(slowest_a, 3),
            "max_seconds_b": round(slowest_b, 3),
        })
    names = list(dict.fromkeys([x for a, b, _ in pairings for x in (a, b)]))
    ratings = elo(names, [(a, b, float(r["score"]), int(r["games"])) for (a, b, _), r in
                          zip(pairings, rows, strict=True)])
    return {"pairings": rows, "elo": ratings}


def run(
    game: str,
    entrants: Sequence[str],
    games_per_pairing: int = 10,
    player_counts: Sequence[int] | None = None,
    gauntlet: bool = False,
    seed: int = 0,
    jobs: int = 2,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play an arena and return its JSON-ready report (every game included)."""
    meeples_game = meeples.load(game)
    for spec in entrants:
        get_bot(game, spec)  # fail early on a bad spec
    counts = list(player_counts or range(meeples_game.min_players, meeples_game.max_players + 1))
    pairings, tasks = schedule(game, entrants, games_per_pairing, counts, gauntlet, seed)
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    if jobs <= 1:
        for task in tasks:
            records.append(play_game(task))
            if progress:
                progress(records[-1])
    else:
        with workers(jobs) as pool:  # a Ctrl-C is the main process's: no worker traceback
            for record in pool.imap_unordered(play_game, tasks):
                records.append(record)
                if progress:
                    progress(record)
    records.sort(key=lambda r: (r["pairing"], r["index"]))
    report = summarise(pairings, records)
    return {
        "format": "meeples-arena/1",
        "game": game,
        "entrants": list(entrants),
        "mode": "gauntlet" if gauntlet else "round-robin",
        "games_per_pairing": games_per_pairing,
        "player_counts": counts,
        "seed": seed,
        "seconds": round(time.perf_counter() - start, 1),
        **report,
        "games": records,
    }
