"""Calibrated win probabilities: the bots' values mapped to how often the mover really wins.

A search's value of an action is a game's ``evaluate`` of some position (alpha-beta backs a
leaf's evaluation up, the heuristic and the turn lookahead evaluate the positions an action
leads to, MCTS averages such values and results), on a scale of its own: Sparta's 0.65 or Rise
of Tribes' 0.53 said little about winning. A logistic regression per game and player count,

    P(mover wins) = 1 / (1 + exp(-(slope * logit(value) + intercept))),

fitted on positions of self-play games against their results (Platt scaling), turns the value
into a probability. A shared win counts as the mover's share (1/k). The coefficients are data
of the package (``data/calibration.json``), refitted by ``scripts/fit_calibration.py``; a game
or player count without a fit gets no number at all rather than an uncalibrated one.

A fit holds for the search it was sampled with: a longer search gives more confident values
than the fit maps. So the file also keeps, per game, the hint search's level and budget the
positions were valued with (:func:`search`), and a hint runs that search (:mod:`meeples.ai.hint`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

#: Values are clamped this far from 0 and 1 before their logit (a proven result stays one).
EPSILON = 1e-4


def logit(value: float) -> float:
    """Return the log-odds of a value in [0, 1], clamped to ``EPSILON`` from either end."""
    p = min(1.0 - EPSILON, max(EPSILON, value))
    return math.log(p / (1.0 - p))


def sigmoid(x: float) -> float:
    """Return the logistic function of x without overflow."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


@dataclass(frozen=True, slots=True)
class Fit:
    """The coefficients of one logistic regression and what it was fitted on."""

    slope: float
    intercept: float
    positions: int

    def probability(self, value: float) -> float:
        """Return the calibrated probability of a raw value (a proven 0 or 1 stays)."""
        if value <= 0.0 or value >= 1.0:
            return min(1.0, max(0.0, value))
        return sigmoid(self.slope * logit(value) + self.intercept)

    def to_json(self) -> dict[str, Any]:
        """Return the fit as JSON-ready data."""
        return {"slope": round(self.slope, 6), "intercept": round(self.intercept, 6),
                "positions": self.positions}


def fit_logistic(
    xs: Sequence[float], ys: Sequence[float], l2: float = 1e-3, steps: int = 100
) -> tuple[float, float]:
    """Return (slope, intercept) of the logistic regression of targets ``ys`` in [0, 1] on
    ``xs``: damped Newton steps on the mean log loss with a small ridge penalty on both
    coefficients (so a separable or constant set still has a finite answer).

    Raises:
        ValueError: no data, or xs and ys of different lengths.
    """
    if not xs or len(xs) != len(ys):
        raise ValueError("fit_logistic needs as many targets as inputs, at least one")
    n = len(xs)

    def loss(a: float, b: float) -> float:
        total = 0.0
        for x, y in zip(xs, ys, strict=True):
            z = a * x + b
            # log(1 + e^z) - y z, computed without overflow
            total += (z if z > 0 else 0.0) + math.log1p(math.exp(-abs(z))) - y * z
        return total / n + 0.5 * l2 * (a * a + b * b)

    a, b = 1.0, 0.0
    current = loss(a, b)
    for _ in range(steps):
        ga, gb = l2 * a, l2 * b
        haa, hab, hbb = l2, 0.0, l2
        for x, y in zip(xs, ys, strict=True):
            p = sigmoid(a * x + b)
            r = p - y
            w = p * (1.0 - p)
            ga += r * x / n
            gb += r / n
            haa += w * x * x / n
            hab += w * x / n
            hbb += w / n
        det = haa * hbb - hab * hab
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        step = 1.0
        while step > 1e-6:  # halve the step until the loss goes down
            trial = loss(a - step * da, b - step * db)
            if trial <= current:
                break
            step /= 2
        else:
            break
        a, b = a - step * da, b - step * db
        improved = current - trial
        current = trial
        if improved < 1e-12:
            break
    return a, b


def fit(values: Sequence[float], outcomes: Sequence[float]) -> Fit:
    """Return the calibration fitted on raw values and the mover's results (share in [0, 1]).

    Raises:
        ValueError: see :func:`fit_logistic`.
    """
    slope, intercept = fit_logistic([logit(v) for v in values], outcomes)
    return Fit(slope, intercept, len(values))


def brier(predicted: Sequence[float], outcomes: Sequence[float]) -> float:
    """Return the Brier score: the mean squared gap between prediction and result."""
    if not predicted:
        raise ValueError("the Brier score of no predictions is undefined")
    return math.fsum((p - y) ** 2 for p, y in zip(predicted, outcomes, strict=True)) / len(
        predicted)


def deciles(predicted: Sequence[float], outcomes: Sequence[float]) -> list[dict[str, Any]]:
    """Return the predictions cut into ten bins of width 0.1 by predicted value, each with its
    count, mean prediction and mean result (empty bins left out)."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for p, y in zip(predicted, outcomes, strict=True):
        bins[min(9, int(p * 10))].append((p, y))
    rows = []
    for index, pairs in enumerate(bins):
        if not pairs:
            continue
        rows.append({
            "bin": [index / 10, (index + 1) / 10],
            "positions": len(pairs),
            "predicted": round(math.fsum(p for p, _ in pairs) / len(pairs), 4),
            "actual": round(math.fsum(y for _, y in pairs) / len(pairs), 4),
        })
    return rows


@dataclass(frozen=True, slots=True)
class Search:
    """The hint search a game's fit was sampled with: its level, seconds (None: no time cap)
    and rollouts or simulations (None: the time alone)."""

    level: str
    seconds: float | None
    iterations: int | None

    def to_json(self) -> dict[str, Any]:
        """Return the search as JSON-ready data."""
        return {"level": self.level, "seconds": self.seconds, "iterations": self.iterations}


@cache
def _file() -> dict[str, Any]:
    text = resources.files("meeples.ai").joinpath("data/calibration.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _table() -> dict[str, dict[str, Fit]]:
    return parse_table(_file())


def parse_searches(data: Mapping[str, Any]) -> dict[str, Search]:
    """Return the hint searches of a calibration file by game (none for an older file)."""
    return {
        game: Search(str(s["level"]), None if s["seconds"] is None else float(s["seconds"]),
                     None if s["iterations"] is None else int(s["iterations"]))
        for game, s in data.get("searches", {}).items()
    }


def search(game: str) -> Search | None:
    """Return the hint search a game's fit was sampled with, or None when not recorded."""
    return parse_searches(_file()).get(game)


def parse_table(data: Mapping[str, Any]) -> dict[str, dict[str, Fit]]:
    """Return the fits of a calibration file: game -> player count (as text) -> fit."""
    return {
        game: {count: Fit(float(f["slope"]), float(f["intercept"]), int(f["positions"]))
               for count, f in fits.items()}
        for game, fits in data["fits"].items()
    }


def calibration(game: str, players: int) -> Fit | None:
    """Return the stored calibration of a game at a player count, or None without one."""
    return _table().get(game, {}).get(str(players))


def probability(game: str, players: int, value: float) -> float | None:
    """Return the calibrated win probability of a raw value, or None without a fit (a proven
    result, 0 or 1, is itself)."""
    if value <= 0.0 or value >= 1.0:
        return min(1.0, max(0.0, value))
    found = calibration(game, players)
    return None if found is None else found.probability(value)


@dataclass(frozen=True, slots=True)
class Sampling:
    """One self-play game to sample positions from."""

    game: str
    players: int
    bot: str
    level: str
    seconds: float
    seed: int
    positions: int
    #: Rollouts or simulations of the hint search (None: ``seconds`` alone bounds it).
    iterations: int | None = None


def sample_game(task: Sampling) -> list[dict[str, Any]]:
    """Play one self-play game and return about ``positions`` of its decisions, spread evenly,
    each with the raw value the hint search (``level`` for ``seconds`` or ``iterations``) gives
    the mover's best action, the static evaluation, and the mover's share of the result. A
    position whose best action the search did not examine is left out: a hint shows no number
    there."""
    import random

    import meeples
    from meeples.ai.arena import MAX_PLIES
    from meeples.ai.bot import Budget
    from meeples.ai.hint import raw_estimates
    from meeples.ai.levels import get_bot
    from meeples.ai.model import model, returns

    game = meeples.load(task.game)
    state = game.new(players=task.players, seed=task.seed)
    bots = [get_bot(task.game, task.bot) for _ in range(task.players)]
    rng = random.Random(task.seed)
    states = []
    plies = 0
    while state.outcome is None and plies < MAX_PLIES:
        seat = state.to_move
        assert seat is not None
        states.append(state)
        state = state.play(bots[seat].act(state, rng)).settle()
        plies += 1
    outcome = state.outcome
    shares = returns(outcome, task.players) if outcome else (1.0 / task.players,) * task.players
    if not states:
        return []
    chosen = sorted(set(rng.sample(range(len(states)), min(task.positions, len(states)))))
    found = []
    search = model(task.game)
    for index in chosen:
        position = states[index]
        mover = position.to_move
        assert mover is not None
        ranked = raw_estimates(position, 1, task.level, task.seed + index,
                               Budget(seconds=task.seconds or None, iterations=task.iterations))
        if not ranked or ranked[0].visits <= 0:
            continue
        found.append({
            "seed": task.seed,
            "ply": index,
            "players": task.players,
            "value": ranked[0].value,
            "visits": ranked[0].visits,
            "static": search.evaluate(position.inner, mover),
            "result": shares[mover],
        })
    return found


def report(
    fits: Mapping[str, Fit],
    test: Sequence[Mapping[str, Any]],
    key: str = "value",
    fold: Callable[[Mapping[str, Any]], Mapping[str, Fit]] | None = None,
) -> dict[str, Any]:
    """Return the calibration of held-out positions: deciles and Brier scores of the raw values
    and of the calibrated probabilities, and those of always predicting the base rate. With
    ``fold`` (cross-fitting), each position is calibrated by the fits ``fold`` gives for it
    (fitted without its game) instead of ``fits``."""
    raw = [float(p[key]) for p in test]
    calibrated = [(fits if fold is None else fold(p))[str(p["players"])].probability(
        float(p[key])) for p in test]
    results = [float(p["result"]) for p in test]
    base = [1.0 / int(p["players"]) for p in test]
    return {
        "positions": len(test),
        "brier_raw": round(brier(raw, results), 4),
        "brier_calibrated": round(brier(calibrated, results), 4),
        "brier_one_in_n": round(brier(base, results), 4),
        "deciles_raw": deciles(raw, results),
        "deciles_calibrated": deciles(calibrated, results),
    }
