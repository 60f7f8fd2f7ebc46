"""Train Sparta with a well-kept library: sb3-contrib's MaskablePPO on ``meeples.env``.

    pip install -e '.[sb3]'        # stable-baselines3, sb3-contrib and PyTorch (CPU build)
    python examples/train_sparta_sb3.py --minutes 20 --save sparta_ppo.zip

One network plays both seats: the environments give each seat its own view and, with
``relative_actions=True``, its own ids (North's are South's mirrored), so the games alternate
seats and the experience of both trains the same policy. The observation is the flat vector
(``flat=True``: the 13 planes of 10x10 as one Box) and the mask comes from the environment's
``action_masks()``, which MaskablePPO asks at every step. Opponents follow a curriculum:
``random`` until the policy wins ``--promote`` of a check (``--check`` games), then ``heuristic``.
At the end it plays ``--games`` fresh games against each opponent (half a seat each,
deterministic actions) and prints the win rates. See docs/learning.md.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from meeples.env import gym


def make(opponent: str, seat: int) -> Any:
    """Return a Sparta environment for one seat against ``opponent``, as MaskablePPO takes it."""
    return gym("sparta", seat=seat, opponents=opponent, relative_actions=True, flat=True)


def evaluate(model: Any, opponent: str, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` games against ``opponent``, half as South, half as North (deterministic
    actions, masked)."""
    wins = draws = 0
    by_seat = [0, 0]
    for game in range(games):
        seat = game % 2
        env = make(opponent, seat)
        observation, _ = env.reset(seed=seed + game)
        terminated = truncated = False
        reward = 0.0
        while not (terminated or truncated):
            action, _ = model.predict(observation, action_masks=env.action_masks(),
                                      deterministic=True)
            observation, reward, terminated, truncated, _ = env.step(int(action))
        wins += reward > 0
        by_seat[seat] += reward > 0
        draws += reward == 0
    return {"opponent": opponent, "games": games, "wins": int(wins), "draws": int(draws),
            "wins_as_south": int(by_seat[0]), "wins_as_north": int(by_seat[1]),
            "win_rate": wins / games}


def main() -> None:
    """Train through the curriculum, evaluate, print the figures."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=20.0, help="training time at most")
    parser.add_argument("--curriculum", default="random,heuristic")
    parser.add_argument("--promote", type=float, default=0.8)
    parser.add_argument("--chunk", type=int, default=8192, help="steps between checks")
    parser.add_argument("--games", type=int, default=100, help="evaluation games per opponent")
    parser.add_argument("--check", type=int, default=20, help="games of each check")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the trained model (a zip) here")
    args = parser.parse_args()
    curriculum = args.curriculum.split(",")
    stage = 0

    def environments(opponent: str) -> Any:
        return DummyVecEnv([lambda seat=seat: make(opponent, seat) for seat in (0, 1) * 4])

    model = MaskablePPO("MlpPolicy", environments(curriculum[0]), n_steps=256, batch_size=256,
                        learning_rate=3e-4, gamma=0.995, seed=args.seed, verbose=0)
    started, cpu = time.monotonic(), time.process_time()
    checks: list[dict[str, Any]] = []
    while time.monotonic() - started < args.minutes * 60:
        model.learn(args.chunk, reset_num_timesteps=False)
        check = evaluate(model, curriculum[stage], args.check, 10_000_000 + len(checks) * 1000)
        checks.append({"steps": int(model.num_timesteps), "opponent": curriculum[stage],
                       "seconds": round(time.monotonic() - started, 1),
                       "check_win_rate": check["win_rate"]})
        print(f"{model.num_timesteps} steps, {checks[-1]['seconds']} s: wins "
              f"{check['win_rate']:.0%} of {args.check} against {curriculum[stage]}", flush=True)
        if stage + 1 < len(curriculum) and check["win_rate"] >= args.promote:
            stage += 1
            model.set_env(environments(curriculum[stage]))
            print(f"now against {curriculum[stage]}", flush=True)
    figures = {"training_steps": int(model.num_timesteps),
               "training_seconds": round(time.monotonic() - started, 1),
               "training_cpu_seconds": round(time.process_time() - cpu, 1), "checks": checks,
               "evaluation": {o: evaluate(model, o, args.games, 20_000_000)
                              for o in dict.fromkeys(["random", *curriculum])}}
    print(json.dumps(figures, indent=1))
    if args.save:
        model.save(args.save)


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
