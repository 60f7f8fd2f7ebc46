"""Train a masked policy for Sparta against the heuristic bot, on the CPU, with NumPy alone.

    python examples/train_sparta.py --save sparta.policy.json --curve curve.png
    meeples play sparta --vs policy:sparta.policy.json      # the trained policy as a bot

The policy is a softmax over the legal action ids only (the environment's mask): each legal id
gets the logit ``w . features(observation, id)``, a linear score of 16 features that Sparta
declares for trained policies (``meeples.games.sparta.policy``, the set ``sparta.reach/1``):
what the piece is, what the target square holds, how far it advances, how many enemies it
would enclose or be enclosed by, and, one enemy move ahead, which of its pieces and cities the
enemy could then take and which of the enemy's it could. It learns by REINFORCE with a running
baseline from whole games in ``meeples.env.vector`` (16 games stepped as one batch, half with
the learner as South, half as North), through a curriculum of opponents: ``random`` until a
40-game check wins 80%, then ``heuristic`` (the one-ply greedy bot) until a check wins
``--target`` or ``--minutes`` pass. Then it plays ``--games`` fresh games (seeds never seen in
training) against each opponent, half in each seat, greedily (its likeliest id), prints the
figures and saves the policy as a file that ``policy:FILE`` plays as a bot
(``meeples.ai.policy``) and the training curve as a PNG. See docs/learning.md.

Beating ``random`` is a smoke test, not a yardstick: five fixed moves (one warrior hopping along
North's cities, ``scripts/sparta_opening_script.py``) win 96 of 100 games against it and none of
20 against ``heuristic``.

Needs the ``rl`` extra (``pip install 'meeples[rl]'``): NumPy, Gymnasium, PettingZoo, Pillow.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from meeples.ai.policy import draw_win_curve
from meeples.env import gym, vector
from meeples.games.sparta.policy import FEATURE_SETS

Floats = npt.NDArray[np.float64]

#: The features the policy reads: the game's declared set (``meeples.games.sparta.policy``), so
#: that the saved file plays as a bot (``policy:FILE``) exactly as it was trained.
FEATURE_SET = "sparta.reach/1"
FEATURES = FEATURE_SETS[FEATURE_SET].names
features = FEATURE_SETS[FEATURE_SET].compute


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
    policy: Policy, games: int, seed: int, rng: np.random.Generator | None = None,
    opponent: str = "heuristic",
) -> dict[str, Any]:
    """Play ``games`` games against ``opponent``, half as South and half as North: the policy
    samples its ids with ``rng``, or plays its likeliest id (greedy) without."""
    wins = draws = steps = 0
    by_seat = [0, 0]
    for game in range(games):
        seat = game % 2
        env = gym("sparta", seat=seat, opponents=opponent)
        observation, info = env.reset(seed=seed + game)
        terminated = False
        reward = 0.0
        while not terminated:
            action, _, _ = policy.act(observation, info["action_mask"], seat, rng)
            observation, reward, terminated, _, info = env.step(action)
            steps += 1
        wins += reward > 0
        by_seat[seat] += reward > 0
        draws += reward == 0
    return {"opponent": opponent, "games": games, "wins": wins, "draws": draws,
            "losses": games - wins - draws, "win_rate": wins / games,
            "wins_as_south": by_seat[0], "wins_as_north": by_seat[1], "steps": steps}


def standing(planes: npt.NDArray[np.float32]) -> float:
    """Return how the player to move stands, from its observation: cities held against the
    enemy's / 8, and half as much for pieces on the board (the potential of the shaping)."""
    cities = planes[4].sum() - planes[5].sum()
    pieces = planes[0].sum() + planes[1].sum() - planes[2].sum() - planes[3].sum()
    return float(cities / 8 + pieces / 16)


def final_standing(lines: list[dict[str, Any]], seat: int) -> float:
    """Return :func:`standing` at the end of a game, from the lines of its score sheet
    (``info["outcome"]["score_sheet"]``)."""
    points = {line["label"]["key"]: line["points"] for line in lines}
    cities, other = points["sp.sheet.cities"][seat], points["sp.sheet.cities"][1 - seat]
    mine = points["sp.sheet.warriors"][seat] + points["sp.sheet.heroes"][seat]
    theirs = points["sp.sheet.warriors"][1 - seat] + points["sp.sheet.heroes"][1 - seat]
    return (cities - other) / 8 + (mine - theirs) / 16


def train(
    minutes: float = 30.0,
    envs: int = 16,
    seed: int = 0,
    learning_rate: float = 0.1,
    batch: int = 16,
    target: float = 0.9,
    steps: int | None = None,
    log: Any = print,
    curriculum: tuple[str, ...] = ("random", "heuristic"),
    promote: float = 0.8,
    check_every: int = 200,
) -> tuple[Policy, dict[str, Any]]:
    """Train through a curriculum of opponents: against each in turn until a 40-game check
    (one every ``check_every`` games) wins ``promote`` of its games, the last until it wins
    ``target``, ``minutes`` pass or ``steps`` learner steps are taken; return the policy and
    the figures (with the curve: each check's win rate against the opponent of the moment and
    against the last one)."""
    rng = np.random.default_rng(seed)
    policy = Policy()
    half = max(1, envs // 2)
    stage = 0

    def start(opponent: str) -> tuple[list[Any], list[Any]]:
        made = [vector("sparta", half, seat=seat, opponents=opponent) for seat in (0, 1)]
        held = []
        for seat, batch_env in enumerate(made):
            observations, _ = batch_env.reset(seed=seed * 1_000_003 + seat * 100_000 + stage)
            held.append(observations.copy())
        return made, held

    batches, state = start(curriculum[stage])
    trajectories: list[list[list[tuple[Floats, float]]]] = [
        [[] for _ in range(half)] for _ in batches]
    gradients: list[tuple[Floats, float]] = []
    baseline = 0.0
    finished = 0
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
                    trajectories[seat][i].append(
                        (policy.gradient(phi, index), standing(state[seat][i])))
                    taken += 1
            observations, rewards, terminated, _, infos = batch_env.step(chosen)
            state[seat] = observations.copy()
            for i in np.flatnonzero(terminated).tolist():
                # REINFORCE with each decision's reward to go: the final reward (+1/-1/0)
                # plus how much the standing (cities, then pieces) changed from that decision
                # to the end, a shaping that keeps the best policy the same (it is a
                # difference of potentials) and tells a quick loss from a close one.
                # The vector environment batches the infos as Gymnasium does: a key's values
                # by game index (the score sheet's lines of game i: ...["lines"][i]).
                end = final_standing(infos["outcome"]["score_sheet"]["lines"][i], seat)
                for gradient, before in trajectories[seat][i]:
                    gradients.append((gradient, float(rewards[i]) + end - before))
                trajectories[seat][i] = []
                games += 1
                finished += 1
        if finished >= batch:
            finished = 0
            returns = np.array([r for _, r in gradients])
            advantage = returns - baseline
            step = sum((a * g for (g, _), a in zip(gradients, advantage, strict=True)),
                       np.zeros(len(FEATURES)))
            policy.weights += learning_rate * step / batch
            baseline = 0.9 * baseline + 0.1 * float(returns.mean())
            gradients = []
            if games >= (checks + 1) * check_every:
                checks += 1
                opponent = curriculum[stage]
                check = evaluate(policy, 40, 10_000_000 + checks * 1000, rng, opponent)
                last = check if opponent == curriculum[-1] else evaluate(
                    policy, 40, 10_000_000 + checks * 1000, rng, curriculum[-1])
                history.append({"games": games, "steps": taken, "opponent": opponent,
                                "seconds": round(time.monotonic() - started, 1),
                                "cpu_seconds": round(time.process_time() - cpu, 1),
                                "check_win_rate": check["win_rate"],
                                "last_opponent_win_rate": last["win_rate"]})
                log(f"{games} games, {taken} steps, {history[-1]['seconds']} s: the policy wins "
                    f"{check['win_rate']:.0%} of 40 against {opponent}, "
                    f"{last['win_rate']:.0%} against {curriculum[-1]}")
                if stage + 1 < len(curriculum) and check["win_rate"] >= promote:
                    stage += 1
                    baseline = 0.0
                    batches, state = start(curriculum[stage])
                    trajectories = [[[] for _ in range(half)] for _ in batches]
                    log(f"now against {curriculum[stage]}")
                elif stage + 1 == len(curriculum) and check["win_rate"] >= target:
                    break
    figures = {"training_games": games, "training_steps": taken,
               "training_seconds": round(time.monotonic() - started, 1),
               "training_cpu_seconds": round(time.process_time() - cpu, 1),
               "curriculum": list(curriculum), "checks": history,
               "weights": dict(zip(FEATURES, policy.weights.round(4).tolist(), strict=True))}
    return policy, figures


def score(policy: Policy, opponent: str, seeds: list[int]) -> tuple[float, float]:
    """Return a policy's fitness against ``opponent`` over games of these seeds, seats
    alternating and greedy: the mean of the final reward and half the final standing (so a
    close loss scores above a rout), and its win rate."""
    total = wins = 0.0
    for n, seed in enumerate(seeds):
        seat = n % 2
        env = gym("sparta", seat=seat, opponents=opponent)
        observation, info = env.reset(seed=seed)
        terminated = False
        reward = 0.0
        while not terminated:
            action, _, _ = policy.act(observation, info["action_mask"], seat, None)
            observation, reward, terminated, _, info = env.step(action)
        total += reward + 0.5 * final_standing(info["outcome"]["score_sheet"]["lines"], seat)
        wins += reward > 0
    return total / len(seeds), wins / len(seeds)


def train_cem(
    minutes: float = 30.0,
    seed: int = 0,
    opponent: str = "heuristic",
    population: int = 24,
    elite: int = 6,
    games: int = 8,
    target: float = 0.9,
    log: Any = print,
    generations: int | None = None,
) -> tuple[Policy, dict[str, Any]]:
    """Train by the cross-entropy method against ``opponent``: each generation samples
    ``population`` weight vectors from a Gaussian, plays each greedily in ``games`` games (new
    seeds every generation, both seats), and refits the Gaussian to the ``elite`` best; stops
    after ``minutes``, ``generations``, or when the mean policy wins ``target`` of a 40-game
    check. Return the mean policy and the figures (the curve: each generation's check)."""
    rng = np.random.default_rng(seed)
    mean = np.zeros(len(FEATURES))
    spread = np.full(len(FEATURES), 3.0)
    started, cpu = time.monotonic(), time.process_time()
    history: list[dict[str, Any]] = []
    played = generation = 0
    while time.monotonic() - started < minutes * 60 and (
            generations is None or generation < generations):
        seeds = [30_000_000 + generation * 1000 + n for n in range(games)]
        candidates = mean + spread * rng.normal(size=(population, len(FEATURES)))
        fitness = np.array([score(Policy(w), opponent, seeds)[0] for w in candidates])
        played += population * games
        best = candidates[np.argsort(fitness)[-elite:]]
        mean = best.mean(axis=0)
        # Keep some spread (0.1), so the search does not freeze on a lucky few games.
        spread = np.maximum(best.std(axis=0), 0.1)
        generation += 1
        check = evaluate(Policy(mean.copy()), 40, 10_000_000 + generation * 1000,
                         opponent=opponent)
        history.append({"games": played, "generation": generation, "opponent": opponent,
                        "seconds": round(time.monotonic() - started, 1),
                        "cpu_seconds": round(time.process_time() - cpu, 1),
                        "best_fitness": round(float(fitness.max()), 3),
                        "check_win_rate": check["win_rate"],
                        "last_opponent_win_rate": check["win_rate"]})
        log(f"generation {generation}, {played} games, {history[-1]['seconds']} s: the mean "
            f"policy wins {check['win_rate']:.0%} of 40 against {opponent}")
        if check["win_rate"] >= target:
            break
    policy = Policy(mean)
    figures = {"method": "cross-entropy", "training_games": played,
               "training_seconds": round(time.monotonic() - started, 1),
               "training_cpu_seconds": round(time.process_time() - cpu, 1),
               "curriculum": [opponent], "checks": history,
               "weights": dict(zip(FEATURES, mean.round(4).tolist(), strict=True))}
    return policy, figures


def policy_file(policy: Policy, figures: dict[str, Any]) -> dict[str, Any]:
    """Return the policy as a policy file (``meeples-policy/1``): a bot spec ``policy:FILE``
    plays it (``meeples play sparta --vs policy:FILE``, ``meeples arena``)."""
    return {"format": "meeples-policy/1", "game": "sparta", "features": FEATURE_SET,
            "weights": policy.weights.round(6).tolist(), "training": figures}


def draw_curve(figures: dict[str, Any], path: str) -> None:
    """Draw the checks' win rates against the games played as a PNG (Pillow)."""
    draw_win_curve(
        figures["checks"],
        [("check_win_rate", (40, 90, 200)), ("last_opponent_win_rate", (200, 60, 40))],
        [f"blue: against the opponent of the stage ({' then '.join(figures['curriculum'])});"
         f" red: against {figures['curriculum'][-1]} (40-game checks)"],
        path, rates=(0.25, 0.5, 0.6, 0.75, 1.0))

def main() -> None:
    """Train, evaluate, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="training time at most")
    parser.add_argument("--envs", type=int, default=16, help="games stepped as one batch")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curriculum", default="random,heuristic",
                        help="opponents in turn, comma-separated (the last is the yardstick)")
    parser.add_argument("--target", type=float, default=0.9,
                        help="stop once a 40-game check against the last opponent wins this")
    parser.add_argument("--games", type=int, default=200, help="evaluation games per opponent")
    parser.add_argument("--save", help="write the policy file (policy:FILE) to this JSON file")
    parser.add_argument("--curve", help="draw the training curve into this PNG file")
    parser.add_argument("--method", choices=("cem", "reinforce"), default="cem",
                        help="the cross-entropy method against the last opponent (default), or"
                        " REINFORCE through the curriculum")
    args = parser.parse_args()
    curriculum = tuple(args.curriculum.split(","))
    if args.method == "cem":
        policy, figures = train_cem(args.minutes, args.seed, curriculum[-1], target=args.target)
    else:
        policy, figures = train(args.minutes, args.envs, args.seed, target=args.target,
                                curriculum=curriculum)
    started = time.monotonic()
    figures["evaluation"] = {
        opponent: evaluate(policy, args.games, 20_000_000, opponent=opponent)
        for opponent in dict.fromkeys(("random",) + curriculum)}
    figures["evaluation_seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(figures, indent=1))
    minutes = figures["training_seconds"] / 60
    for opponent, result in figures["evaluation"].items():
        print(f"greedy policy against {opponent}: {result['wins']} wins ({result['wins_as_south']}"
              f" as South, {result['wins_as_north']} as North), {result['draws']} draws, "
              f"{result['losses']} losses in {result['games']} games ({result['win_rate']:.0%}), "
              f"after {minutes:.1f} minutes ({figures['training_cpu_seconds']} CPU s) and "
              f"{figures['training_games']} training games")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump(policy_file(policy, figures), out, indent=1)
    if args.curve:
        draw_curve(figures, args.curve)


if __name__ == "__main__":
    main()
