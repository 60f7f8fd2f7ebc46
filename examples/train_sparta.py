"""Train a masked policy for Sparta against the random bot, on the CPU, with NumPy alone.

    python examples/train_sparta.py                  # train (at most 10 minutes), then 100 games
    python examples/train_sparta.py --minutes 2 --save policy.json

The policy is a softmax over the legal action ids only (the environment's mask): each legal id
gets the logit ``w . features(observation, id)``, a linear score of 12 features read from the
observation planes (what the piece is, what the target square holds, how far it advances, how
many enemies it would enclose or be enclosed by; :data:`FEATURES`). It learns by REINFORCE
with a running baseline from whole games against ``random`` in ``meeples.env.vector``: 16
games stepped as one batch, half of them with the learner as South, half as North. Training
stops after ``--minutes`` or when the policy wins ``--target`` of a check of 40 games; then it
plays ``--games`` fresh evaluation games (seeds never seen in training), half in each seat,
greedily (its likeliest id) and sampling, and prints the win rates, the time and the steps,
beside the untrained policy's (uniform over the legal ids). See docs/learning.md.

Beating ``random`` is a smoke test, not a yardstick: five fixed moves (one warrior hopping along
North's cities, ``scripts/sparta_opening_script.py``) win 96 of 100 games against it and none of
20 against ``heuristic``; the policy this trains learns that hop.

Needs the ``rl`` extra (``pip install 'meeples[rl]'``): NumPy, Gymnasium, PettingZoo.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from meeples.env import gym, vector
from meeples.games.sparta import actions

Floats = npt.NDArray[np.float64]
SIZE = 10
SQUARES = SIZE * SIZE
#: The off-board cell of the padded planes: reading it gives 0.
OFF = SQUARES

FEATURES = (
    "in-place promotion",      # a warrior on its own city becomes a hero
    "a hero moves",
    "conquers an enemy city",  # lands on a city of the enemy
    "promotes on landing",     # a warrior lands on its own city
    "leaves its own city",
    "advance",                 # rows gained towards the enemy side / 3
    "target row",              # / 9, in the player's own view
    "enemies next to target",  # / 8
    "friends next to target",  # / 8
    "encloses enemies",        # lines where an enemy is next and a friend behind it
    "lands between enemies",   # lines with an enemy on both sides: the piece is lost
    "distance to an enemy city",  # king steps from the target to the nearest enemy city / 9
)


def _geometry() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Return, per seat, the origin and target cell of every id in that seat's own view (OFF
    for pass and ids off the board), and the neighbour cell in each of 8 directions."""
    origin = np.full((2, actions.COUNT), OFF, np.int64)
    target = np.full((2, actions.COUNT), OFF, np.int64)
    for number, action in enumerate(actions.ACTIONS):
        if action is None or action.origin < 0:
            continue
        origin[0, number], target[0, number] = action.origin, action.target
        # North sees the board turned half a turn: square s at cell 99 - s.
        origin[1, number], target[1, number] = 99 - action.origin, 99 - action.target
    steps = [(dr, df) for dr in (-1, 0, 1) for df in (-1, 0, 1) if dr or df]
    neighbour = np.full((len(steps), SQUARES + 1), OFF, np.int64)
    for d, (dr, df) in enumerate(steps):
        for cell in range(SQUARES):
            r, f = divmod(cell, SIZE)
            if 0 <= r + dr < SIZE and 0 <= f + df < SIZE:
                neighbour[d, cell] = (r + dr) * SIZE + f + df
    return origin, target, neighbour


ORIGIN, TARGET, NEIGHBOUR = _geometry()
#: The second cell in each direction, and the opposite direction of each (steps are symmetric).
BEYOND = NEIGHBOUR[np.arange(8)[:, None], NEIGHBOUR]
OPPOSITE = np.arange(8)[::-1]
IS_PROMOTION = np.zeros(actions.COUNT, bool)
IS_PROMOTION[: actions.PASS_ID : actions.SLOTS] = True
ROWS = np.append(np.arange(SQUARES) // SIZE, 0)
COLUMNS = np.append(np.arange(SQUARES) % SIZE, 0)


def features(planes: npt.NDArray[np.float32], ids: npt.NDArray[np.int64], seat: int) -> Floats:
    """Return the features of the legal ids of one observation, ``(len(ids), 12)``. (Pass,
    legal only when nothing else is, needs none: a softmax over one id is 1.)"""
    flat = np.zeros((6, SQUARES + 1))  # the pieces' and cities' planes, and a cell for pass
    flat[:, :SQUARES] = planes[:6].reshape(6, SQUARES)
    own, enemy = flat[0] + flat[1], flat[2] + flat[3]
    o, t = ORIGIN[seat, ids], TARGET[seat, ids]
    promotion = IS_PROMOTION[ids]
    is_pass = ids == actions.PASS_ID
    move = ~(promotion | is_pass)
    near_t = NEIGHBOUR[:, t]                        # (8, k)
    # Friends next to the target, not counting the piece that moves away from its origin.
    enemy_next, own_next = enemy[near_t], own[near_t] * (near_t != o)
    # A friend two squares on, other than the piece that moves away from its origin.
    own_beyond = own[BEYOND[:, t]] * (BEYOND[:, t] != o)
    encloses = (enemy_next * own_beyond).sum(axis=0)
    between = (enemy_next * enemy_next[OPPOSITE]).sum(axis=0) / 2
    enemy_cities = np.flatnonzero(flat[5, :SQUARES])
    if len(enemy_cities):
        rows, columns = ROWS[t][:, None], COLUMNS[t][:, None]
        distance = np.maximum(abs(rows - ROWS[enemy_cities]), abs(columns - COLUMNS[enemy_cities]))
        nearest = distance.min(axis=1) / 9
    else:
        nearest = np.zeros(len(ids))
    out = np.stack([
        promotion,
        flat[1, o] * ~is_pass,
        flat[5, t] * move,
        flat[4, t] * flat[0, o] * move,
        flat[4, o] * move,
        (ROWS[t] - ROWS[o]) / 3 * move,
        ROWS[t] / 9 * move,
        enemy_next.sum(axis=0) / 8 * move,
        own_next.sum(axis=0) / 8 * move,
        encloses * move,
        between * move,
        nearest * move,
    ], axis=1)
    return out.astype(np.float64)


@dataclass
class Policy:
    """A linear score per feature; the policy is the softmax of the scores of the legal ids."""

    weights: Floats = field(default_factory=lambda: np.zeros(len(FEATURES)))

    def probabilities(self, phi: Floats) -> Floats:
        """Return the probability of each legal id from its features."""
        scores = phi @ self.weights
        scores -= scores.max()
        exp = np.exp(scores)
        out: Floats = exp / exp.sum()
        return out

    def act(self, planes: Any, mask: Any, seat: int, rng: np.random.Generator | None
            ) -> tuple[int, Floats, int]:
        """Return an id (sampled with ``rng``, the likeliest without), the features and the
        chosen index among the legal ids."""
        ids = np.flatnonzero(mask)
        phi = features(planes, ids, seat)
        p = self.probabilities(phi)
        index = int(rng.choice(len(ids), p=p)) if rng is not None else int(p.argmax())
        return int(ids[index]), phi, index

    def gradient(self, phi: Floats, index: int) -> Floats:
        """Return the gradient of the log-probability of the chosen id."""
        out: Floats = phi[index] - self.probabilities(phi) @ phi
        return out


def evaluate(
    policy: Policy, games: int, seed: int, rng: np.random.Generator | None = None
) -> dict[str, Any]:
    """Play ``games`` games against ``random``, half as South and half as North: the policy
    samples its ids with ``rng``, or plays its likeliest id (greedy) without."""
    wins = draws = steps = 0
    for game in range(games):
        seat = game % 2
        env = gym("sparta", seat=seat, opponents="random")
        observation, info = env.reset(seed=seed + game)
        terminated = False
        reward = 0.0
        while not terminated:
            action, _, _ = policy.act(observation, info["action_mask"], seat, rng)
            observation, reward, terminated, _, info = env.step(action)
            steps += 1
        wins += reward > 0
        draws += reward == 0
    return {"games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "win_rate": wins / games, "steps": steps}


def train(
    minutes: float = 10.0,
    envs: int = 16,
    seed: int = 0,
    learning_rate: float = 0.1,
    batch: int = 16,
    target: float = 0.95,
    steps: int | None = None,
    log: Any = print,
) -> tuple[Policy, dict[str, Any]]:
    """Train against ``random`` until ``minutes`` pass, ``steps`` learner steps are taken, or
    the policy, sampling its ids, wins ``target`` of a 40-game check (one every 200 games);
    return the policy and the figures."""
    rng = np.random.default_rng(seed)
    policy = Policy()
    half = max(1, envs // 2)
    batches = [vector("sparta", half, seat=seat, opponents="random") for seat in (0, 1)]
    state = []
    for seat, batch_env in enumerate(batches):
        observations, _ = batch_env.reset(seed=seed * 1_000_003 + seat * 100_000)
        state.append(observations.copy())
    trajectories: list[list[list[Floats]]] = [[[] for _ in range(half)] for _ in batches]
    gradients: list[tuple[Floats, float]] = []
    baseline = 0.0
    started, cpu = time.monotonic(), time.process_time()
    taken = games = checks = 0
    history: list[dict[str, Any]] = []
    while True:
        elapsed = time.monotonic() - started
        if elapsed > minutes * 60 or (steps is not None and taken >= steps):
            break
        for seat, batch_env in enumerate(batches):
            masks = batch_env.action_masks()
            chosen = np.zeros(half, np.int64)
            for i in range(half):
                if masks[i].any():
                    action, phi, index = policy.act(state[seat][i], masks[i], seat, rng)
                    chosen[i] = action
                    trajectories[seat][i].append(policy.gradient(phi, index))
                    taken += 1
            observations, rewards, terminated, _, _ = batch_env.step(chosen)
            state[seat] = observations.copy()
            for i in np.flatnonzero(terminated).tolist():
                # REINFORCE: every decision of the game shares its final reward (+1/-1/0),
                # discounted so that quicker wins weigh more.
                grads = trajectories[seat][i]
                discounts = 0.99 ** np.arange(len(grads))[::-1]
                total = sum((d * g for d, g in zip(discounts, grads, strict=True)),
                            np.zeros(len(FEATURES)))
                gradients.append((total, float(rewards[i])))
                trajectories[seat][i] = []
                games += 1
        if len(gradients) >= batch:
            returns = np.array([r for _, r in gradients])
            advantage = returns - baseline
            step = sum((a * g for (g, _), a in zip(gradients, advantage, strict=True)),
                       np.zeros(len(FEATURES)))
            policy.weights += learning_rate * step / len(gradients)
            baseline = 0.9 * baseline + 0.1 * float(returns.mean())
            gradients = []
            if games >= (checks + 1) * 200:
                checks += 1
                check = evaluate(policy, 40, 10_000_000 + checks * 1000, rng)
                history.append({"games": games, "steps": taken,
                                "seconds": round(time.monotonic() - started, 1),
                                "cpu_seconds": round(time.process_time() - cpu, 1),
                                "check_win_rate": check["win_rate"]})
                log(f"{games} games, {taken} steps, {history[-1]['seconds']} s: the policy wins "
                    f"{check['win_rate']:.0%} of 40 against random")
                if check["win_rate"] >= target:
                    break
    figures = {"training_games": games, "training_steps": taken,
               "training_seconds": round(time.monotonic() - started, 1),
               "training_cpu_seconds": round(time.process_time() - cpu, 1), "checks": history,
               "weights": dict(zip(FEATURES, policy.weights.round(4).tolist(), strict=True))}
    return policy, figures


def main() -> None:
    """Train, evaluate, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="training time at most")
    parser.add_argument("--envs", type=int, default=16, help="games stepped as one batch")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--target", type=float, default=0.95,
                        help="stop once a 40-game check wins this share")
    parser.add_argument("--games", type=int, default=100, help="evaluation games")
    parser.add_argument("--save", help="write the weights and figures to this JSON file")
    args = parser.parse_args()
    untrained = evaluate(Policy(), args.games, 20_000_000, np.random.default_rng(args.seed))
    print(f"untrained (uniform over the legal ids) against random: {untrained['wins']} wins in "
          f"{args.games} games")
    policy, figures = train(args.minutes, args.envs, args.seed, target=args.target)
    started = time.monotonic()
    greedy = evaluate(policy, args.games, 20_000_000)
    sampled = evaluate(policy, args.games, 20_000_000, np.random.default_rng(args.seed + 1))
    figures["evaluation"] = {"greedy": greedy, "sampled": sampled, "untrained": untrained,
                             "seconds": round(time.monotonic() - started, 1)}
    print(json.dumps(figures, indent=1))
    minutes = figures["training_seconds"] / 60
    for name, result in (("greedy", greedy), ("sampling", sampled)):
        print(f"{name} policy against random: {result['wins']} wins, {result['draws']} draws, "
              f"{result['losses']} losses in {args.games} games ({result['win_rate']:.0%}), "
              f"after {minutes:.1f} minutes ({figures['training_cpu_seconds']} CPU s) and "
              f"{figures['training_steps']} training steps")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=1)


if __name__ == "__main__":
    main()
