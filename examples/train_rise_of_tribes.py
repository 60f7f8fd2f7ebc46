"""Train a first policy for Rise of Tribes (2 players) against ``random``, with NumPy alone.

    python examples/train_rise_of_tribes.py --save rot.policy.json --curve rot_curve.png
    meeples arena --game rise_of_tribes --players 2 --gauntlet policy:rot.policy.json random easy

The policy is a linear softmax over the legal ids (the environment's mask), each scored by the
features Rise of Tribes declares for trained policies (``rise_of_tribes.forms/1``: which form
of the grammar writes the id, a verb and a shape of its text). It learns by the cross-entropy
method: each generation draws ``--population`` weight vectors from a Gaussian, plays each
greedily in ``--per`` games against ``random`` (seats alternating, new seeds every generation)
and refits the Gaussian to the best quarter by their mean final reward plus the victory
points' difference / 15 (a close loss above a rout). After each generation
the mean policy plays a check of ``--check`` games against ``random`` and against ``easy`` (the
curve); at the end it plays ``--games`` evaluation games against each on seeds never used in
training, and saves the policy file that ``policy:FILE`` plays as a bot. See docs/learning.md.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from meeples.ai.policy import draw_win_curve
from meeples.env import gym
from meeples.games.rise_of_tribes.policy import FEATURE_SETS

GAME = "rise_of_tribes"
FEATURE_SET = "rise_of_tribes.forms/1"
FEATURES = FEATURE_SETS[FEATURE_SET]


def greedy(weights: np.ndarray, planes: Any, mask: Any, seat: int,
           rng: np.random.Generator) -> int:
    """Return a legal id the linear policy scores best, ties broken at random (as the
    ``policy:FILE`` bot breaks them: ids of one form score alike)."""
    ids = np.flatnonzero(mask)
    scores = FEATURES.compute(planes, ids, seat) @ weights
    best = np.flatnonzero(scores == scores.max())
    return int(ids[best[rng.integers(len(best))]])


def play(weights: np.ndarray, opponent: str, seeds: list[int]) -> dict[str, Any]:
    """Play greedy games against ``opponent``, seats alternating; return the wins and the mean
    fitness (the final reward plus the victory points' difference / 15)."""
    total = wins = 0.0
    by_seat = [0, 0]
    rng = np.random.default_rng(seeds[0])
    for n, seed in enumerate(seeds):
        seat = n % 2
        env = gym(GAME, seat=seat, opponents=opponent, players=2)
        observation, info = env.reset(seed=seed)
        terminated = truncated = False
        reward = 0.0
        while not (terminated or truncated):
            observation, reward, terminated, truncated, info = env.step(
                greedy(weights, observation, info["action_mask"], seat, rng))
        # The final reward, and the victory points against the other seat's (out of the 15 that
        # end the game): a close loss scores above a rout, so the search has a slope to climb.
        points = info["outcome"]["score_sheet"]["total"]["points"]
        total += reward + (points[seat] - points[1 - seat]) / 15
        wins += reward > 0
        by_seat[seat] += reward > 0
    return {"opponent": opponent, "games": len(seeds), "wins": int(wins),
            "wins_as_first_seat": by_seat[0], "wins_as_second_seat": by_seat[1],
            "win_rate": wins / len(seeds), "fitness": total / len(seeds)}


def train(minutes: float, population: int, per: int, check: int, seed: int,
          log: Any = print, generations: int | None = None) -> tuple[np.ndarray, dict[str, Any]]:
    """Train by the cross-entropy method against ``random``; return the mean weights and the
    figures (each generation's check against ``random`` and ``easy``: the curve)."""
    rng = np.random.default_rng(seed)
    size = len(FEATURES.names)
    mean, spread = np.zeros(size), np.full(size, 2.0)
    elite = max(2, population // 4)
    started, cpu = time.monotonic(), time.process_time()
    history: list[dict[str, Any]] = []
    played = generation = 0
    while time.monotonic() - started < minutes * 60 and (
            generations is None or generation < generations):
        seeds = [40_000_000 + generation * 1000 + n for n in range(per)]
        candidates = mean + spread * rng.normal(size=(population, size))
        fitness = np.array([play(w, "random", seeds)["fitness"] for w in candidates])
        played += population * per
        best = candidates[np.argsort(fitness)[-elite:]]
        mean, spread = best.mean(axis=0), np.maximum(best.std(axis=0), 0.1)
        generation += 1
        checks = [play(mean, opponent, [50_000_000 + generation * 1000 + n
                                        for n in range(check)]) for opponent in ("random", "easy")]
        history.append({"generation": generation, "games": played,
                        "seconds": round(time.monotonic() - started, 1),
                        "cpu_seconds": round(time.process_time() - cpu, 1),
                        "random": checks[0]["win_rate"], "easy": checks[1]["win_rate"]})
        log(f"generation {generation}, {played} games, {history[-1]['seconds']} s: the mean "
            f"policy wins {checks[0]['win_rate']:.0%} against random, "
            f"{checks[1]['win_rate']:.0%} against easy ({check} games each)")
    return mean, {"method": "cross-entropy", "training_games": played,
                  "training_seconds": round(time.monotonic() - started, 1),
                  "training_cpu_seconds": round(time.process_time() - cpu, 1),
                  "checks": history,
                  "weights": dict(zip(FEATURES.names, mean.round(4).tolist(), strict=True))}


def draw_curve(figures: dict[str, Any], path: str) -> None:
    """Draw each check's win rates against ``random`` and ``easy`` by training games (Pillow)."""
    draw_win_curve(
        figures["checks"], [("random", (40, 90, 200)), ("easy", (200, 60, 40))],
        ["Rise of Tribes, 2 players: the mean policy's wins against random (blue) and easy"
         " (red), 20-game checks"], path)

def main() -> None:
    """Train, evaluate, save."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=20.0, help="training time at most")
    parser.add_argument("--population", type=int, default=16)
    parser.add_argument("--per", type=int, default=4, help="games per candidate")
    parser.add_argument("--check", type=int, default=10, help="games per check and opponent")
    parser.add_argument("--games", type=int, default=40, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the policy file (policy:FILE) here")
    parser.add_argument("--curve", help="draw the training curve into this PNG file")
    args = parser.parse_args()
    weights, figures = train(args.minutes, args.population, args.per, args.check, args.seed)
    seeds = [60_000_000 + n for n in range(args.games)]
    figures["evaluation"] = {o: play(weights, o, seeds) for o in ("random", "easy")}
    figures["evaluation"]["untrained"] = play(np.zeros(len(FEATURES.names)), "random", seeds)
    print(json.dumps(figures["evaluation"], indent=1))
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump({"format": "meeples-policy/1", "game": GAME, "features": FEATURE_SET,
                       "weights": weights.round(6).tolist(), "training": figures}, out, indent=1)
    if args.curve:
        draw_curve(figures, args.curve)


if __name__ == "__main__":
    main()
