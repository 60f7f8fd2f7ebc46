"""Play Sparta's fixed opening script against a bot, as both sides, and print its score.

    .venv/bin/python scripts/sparta_opening_script.py      # 100 games a side against random
    .venv/bin/python scripts/sparta_opening_script.py --opponent heuristic --games 20

The script is no policy at all: South's warrior on b2 hops to a4, then takes North's four cities,
which lie two king steps apart on one rank (``b2-a4 a4-c6 c6-e6 e6-g6 g6-i6``); once its next
move is not legal, it plays a random legal move. It plays North through the environment's
relative ids (``relative_actions=True``: North's ids are the mirrored ids), so the same ids
serve both sides. What it scores against a bot is the yardstick below which a trained policy
has learned nothing that five memorised moves would not give (``docs/learning.md``).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from meeples.env import gym
from meeples.games.sparta import actions

SCRIPT = ("b2-a4", "a4-c6", "c6-e6", "e6-g6", "g6-i6")


def play(opponent: str, seat: int, games: int, seed: int) -> tuple[int, int, int, float]:
    """Return wins, draws and losses of the script in a seat, and the plies it played a game."""
    env = gym("sparta", seat=seat, opponents=opponent, relative_actions=True)
    rng = np.random.default_rng(seed + seat)
    wins = draws = losses = plies = 0
    ids = [actions.action_id(text) for text in SCRIPT]
    for game in range(games):
        _, info = env.reset(seed=seed + 1000 * seat + game)
        step, over, reward = 0, False, 0.0
        while not over:
            mask = info["action_mask"]
            if step < len(ids) and mask[ids[step]]:
                chosen = ids[step]
                step += 1
            else:
                step = len(ids)  # off the script for good
                chosen = int(rng.choice(np.flatnonzero(mask)))
            _, reward, over, _, info = env.step(chosen)
            plies += 1
        wins += reward > 0
        draws += reward == 0
        losses += reward < 0
    return wins, draws, losses, plies / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="random", help="a bot spec or level (random)")
    parser.add_argument("--games", type=int, default=100, help="games per side (100)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (0)")
    args = parser.parse_args()
    for seat, side in enumerate(("South", "North")):
        start = time.perf_counter()
        wins, draws, losses, plies = play(args.opponent, seat, args.games, args.seed)
        print(f"script as {side} against {args.opponent}: {wins} wins, {draws} draws,"
              f" {losses} losses in {args.games} games; {plies:.1f} plies of the script a game;"
              f" {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
