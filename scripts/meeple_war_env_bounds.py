"""Bound what Meeple War's environment could gain: its loop with pieces replaced by oracles.

The same seeded two-player games are played through the PettingZoo AEC environment (PettingZoo's
loop, random ids of the masks) and replayed by the rules (legal actions, the same action,
chance by the same dealer), as ``meeples.ai.bench.env_choice_steps`` does, best of five in one
process, four ways: the environment as it is; with the codes of every state's legal actions
given for free (recorded in a first pass); with the observation replaced by the copy of a
constant array; and both. The ratio (rules' time / environment's time) of each is what removing
that piece entirely would give (docs/learning.md, "Speed").

Usage: .venv/bin/python scripts/meeple_war_env_bounds.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import numpy as np

from meeples.ai.bench import replay
from meeples.env import aec
from meeples.env.meeple_war import SHAPE

GAME = "meeple_war"


def main(games: int) -> int:
    env = aec(GAME)
    episode = env.episode
    own_codes = episode._codes
    recorded: dict[tuple[int, int], Any] = {}
    where = [0]  # the game being played

    def recording() -> Any:
        coded = own_codes()
        recorded.setdefault((where[0], episode.plies), coded)
        return coded

    def given() -> Any:
        coded = episode._coded
        if coded is None:
            coded = episode._coded = recorded[where[0], episode.plies]
        return coded

    def by_environment() -> list[list[Any]]:
        played = []
        for seed in range(games):
            where[0] = seed
            rng = random.Random(seed)
            env.reset(seed=seed)
            actions: list[Any] = []
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated or observation is None:
                    break
                legal = observation["action_mask"].view(bool).nonzero()[0]
                env.step(legal[rng.randrange(len(legal))])
                if episode.pending is None:
                    actions.append(episode._last)
            played.append(actions)
        return played

    def by_rules(played: list[list[Any]]) -> None:
        for seed, actions in enumerate(played):
            replay(GAME, seed, actions)

    episode._codes = recording  # type: ignore[method-assign]
    played = by_environment()
    count = sum(map(len, played))
    constant = np.zeros(SHAPE, dtype=np.float32)
    print(f"{games} games, {count} actions; µs an action, best of 5")
    print(f"{'the environment':52} {'env':>6} {'rules':>6} {'ratio':>6}")
    for name, free_codes, free_observation in (
        ("as it is", False, False),
        ("the codes of the legal actions given for free", True, False),
        ("the observation the copy of a constant array", False, True),
        ("both", True, True),
    ):
        episode._codes = given if free_codes else own_codes  # type: ignore[method-assign]
        if free_observation:
            episode.observe = lambda player: constant.copy()  # type: ignore[method-assign]
        else:
            episode.__dict__.pop("observe", None)
        env_best = rules_best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            by_environment()
            middle = time.perf_counter()
            by_rules(played)
            env_best = min(env_best, middle - start)
            rules_best = min(rules_best, time.perf_counter() - middle)
        print(f"{name:52} {env_best / count * 1e6:6.1f} {rules_best / count * 1e6:6.1f}"
              f" {rules_best / env_best:6.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100))
