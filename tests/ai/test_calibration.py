"""Calibrated hints: the logistic fit, the calibration measures, and what a hint shows."""

from __future__ import annotations

import importlib
import math
import random

import pytest

import meeples
from meeples.ai import calibration, hint
from meeples.ai.bot import Budget, Estimate
from meeples.ai.calibration import Fit, brier, deciles, fit, fit_logistic, logit, sigmoid
from meeples.games.rise_of_tribes import reasons as tribes_reasons
from meeples.games.sparta import reasons as sparta_reasons

#: The hint module (``meeples.ai.hint`` is also the name of its function).
hint_module = importlib.import_module("meeples.ai.hint")

#: South wins by moving i4-i6 onto the last city (as in test_bots).
LAST_CITY = (
    "w1w1w5/10/10/10/10/10/8W1/10/10/W1W1W5 S "
    "b5:S,d5:S,f5:S,h5:S,c6:S,e6:S,g6:S,i6:N 8/8 0 0"
)


def synthetic(slope: float, intercept: float, count: int, seed: int) -> tuple[list[float],
                                                                               list[float]]:
    """Return raw values and 0/1 results drawn from a known calibration."""
    rng = random.Random(seed)
    values, results = [], []
    for _ in range(count):
        value = rng.uniform(0.02, 0.98)
        values.append(value)
        results.append(1.0 if rng.random() < sigmoid(slope * logit(value) + intercept) else 0.0)
    return values, results


def test_logistic_fit_recovers_the_coefficients_of_synthetic_data() -> None:
    values, results = synthetic(2.5, -0.7, 4000, seed=1)
    slope, intercept = fit_logistic([logit(v) for v in values], results)
    assert abs(slope - 2.5) < 0.25
    assert abs(intercept + 0.7) < 0.2


def test_calibration_lowers_the_brier_score_of_overconfident_values() -> None:
    # Values three times as confident (in log-odds) as the results justify.
    values, results = synthetic(1 / 3, 0.0, 3000, seed=2)
    test_values, test_results = synthetic(1 / 3, 0.0, 3000, seed=3)
    fitted = fit(values, results)
    calibrated = [fitted.probability(v) for v in test_values]
    assert brier(calibrated, test_results) < brier(test_values, test_results) - 0.01


def test_calibrated_deciles_match_their_results() -> None:
    values, results = synthetic(0.5, 0.3, 6000, seed=4)
    fitted = fit(values, results)
    test_values, test_results = synthetic(0.5, 0.3, 6000, seed=5)
    rows = deciles([fitted.probability(v) for v in test_values], test_results)
    for row in rows:
        if row["positions"] >= 300:
            assert abs(row["predicted"] - row["actual"]) < 0.06


def test_a_separable_set_still_gets_a_finite_fit() -> None:
    slope, intercept = fit_logistic([-2.0, -1.0, 1.0, 2.0], [0.0, 0.0, 1.0, 1.0])
    assert math.isfinite(slope) and math.isfinite(intercept) and slope > 0


def test_brier_score_of_sure_right_and_sure_wrong_predictions() -> None:
    assert brier([1.0, 0.0], [1.0, 0.0]) == 0.0
    assert brier([1.0, 0.0], [0.0, 1.0]) == 1.0


def test_deciles_put_each_prediction_in_its_tenth() -> None:
    rows = deciles([0.05, 0.07, 0.95, 1.0], [0.0, 1.0, 1.0, 1.0])
    assert [row["bin"] for row in rows] == [[0.0, 0.1], [0.9, 1.0]]
    assert rows[0]["positions"] == 2 and rows[0]["actual"] == 0.5


def test_a_proven_result_stays_itself_whatever_the_fit() -> None:
    flat = Fit(slope=0.1, intercept=0.0, positions=10)
    assert flat.probability(1.0) == 1.0 and flat.probability(0.0) == 0.0
    assert calibration.probability("no_such_game", 2, 1.0) == 1.0


def test_no_fit_gives_no_number() -> None:
    assert calibration.probability("no_such_game", 2, 0.7) is None


def test_hint_lists_only_actions_the_search_examined() -> None:
    state = meeples.load("rise_of_tribes").new(players=2, seed=3)
    while len(state.legal()) < 3:
        state = state.play(state.legal()[0]).settle()
    found = hint(state, n=len(state.legal()), level="mcts:2", budget=Budget(iterations=2))
    assert 1 <= len(found) <= 2
    assert all(e.visits > 0 for e in found)


def test_hint_shows_no_number_for_an_action_the_search_did_not_examine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = meeples.load("sparta").parse(LAST_CITY)
    looked, skipped = Estimate("i4-i6", 1.0, 2), Estimate("a1-a2", 0.5, 0)
    monkeypatch.setattr(hint_module, "raw_estimates", lambda *args, **kw: [looked, skipped])
    found = hint(state, n=2)
    assert [e.probability for e in found] == [1.0, None]


def test_hint_that_wins_the_last_city_says_so_with_certainty() -> None:
    state = meeples.load("sparta").parse(LAST_CITY)
    best = hint(state, n=1, level="alphabeta:d2")[0]
    assert best.action == "i4-i6"
    assert best.probability == 1.0
    assert best.reason is not None and best.reason.key == "sp.hint.conquers"


def test_sparta_reason_names_a_capture() -> None:
    game = meeples.load("sparta")
    rng = random.Random(0)
    for seed in range(20):
        state = game.new(seed=seed)
        while state.outcome is None:
            before = state
            state = state.play(rng.choice(state.legal()))
            lost = sparta_reasons.terms(before.inner, before.to_move)["enemy"] - (
                sparta_reasons.terms(state.inner, before.to_move)["enemy"])
            won = sparta_reasons.terms(state.inner, before.to_move)["cities"] - (
                sparta_reasons.terms(before.inner, before.to_move)["cities"])
            if lost > 0 and won <= 0:
                why = sparta_reasons.reason(before.inner, state.inner, before.to_move)
                assert why is not None and why.key == "sp.hint.captures"
                assert why.params["n"] == lost
                return
    raise AssertionError("no capture in 20 random games")


def test_rise_of_tribes_reason_names_points_scored() -> None:
    game = meeples.load("rise_of_tribes")
    rng = random.Random(1)
    for seed in range(10):
        state = game.new(players=2, seed=seed)
        while state.outcome is None:
            before = state
            mover = before.to_move
            assert mover is not None
            state = state.play(rng.choice(state.legal()))
            gained = state.inner.score[mover] - before.inner.score[mover]
            goals = len(state.inner.completed[mover]) - len(before.inner.completed[mover])
            if gained > 0:
                why = tribes_reasons.reason(before.inner, state.inner, mover)
                assert why is not None
                assert why.key == ("rot.hint.goal" if goals > 0 else "rot.hint.scores")
                return
            state = state.settle()
    raise AssertionError("no points scored in 10 random games")


def _sampled_search(command: str) -> calibration.Search:
    """Return the hint search a fit_calibration command line ran (its defaults included)."""
    words = command.split()

    def value(flag: str) -> str | None:
        return words[words.index(flag) + 1] if flag in words else None

    seconds = float(value("--seconds") or 0.5)
    iterations = value("--iterations")
    return calibration.Search(value("--level") or "normal", seconds or None,
                              None if iterations is None else int(iterations))


@pytest.mark.parametrize("game", ["meeple_war", "rise_of_tribes", "sparta"])
def test_calibration_keeps_the_search_its_fit_was_sampled_with(game: str) -> None:
    """The table's search of a game is the one of the run that fitted it (its report)."""
    import json
    from pathlib import Path

    run = json.loads((Path(__file__).parents[2] / f"docs/calibration/{game}.json").read_text())
    assert calibration.search(game) == _sampled_search(run["command"])


def test_hint_runs_the_search_its_calibration_was_sampled_with() -> None:
    budget = hint_module.calibrated_budget
    assert budget("rise_of_tribes", "normal") == Budget(seconds=0.5)
    assert budget("sparta", "normal") == Budget(seconds=0.5)
    # Meeple War's normal level is a policy: its hints search as hard does, as its fit did.
    assert budget("meeple_war", "normal") == Budget(seconds=2.5, iterations=200)
    assert budget("meeple_war", "normal", most_seconds=1.0) == Budget(seconds=1.0,
                                                                      iterations=200)


def test_hint_at_another_level_than_the_calibrated_one_runs_its_own_search() -> None:
    budget = hint_module.calibrated_budget
    assert budget("rise_of_tribes", "hard") is None
    assert budget("sparta", "hard", most_seconds=2.0) == Budget(seconds=2.0)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[Budget | None]:
    """The budgets hints search with (the search itself left out: no actions found)."""
    budgets: list[Budget | None] = []

    def raw(state, n, level, seed, budget, ends):  # noqa: ANN001, ANN202
        budgets.append(budget)
        return []

    monkeypatch.setattr(hint_module, "raw_estimates", raw)
    return budgets


def test_hint_without_a_budget_runs_the_calibrated_search(asked: list[Budget | None]) -> None:
    hint(meeples.load("sparta").parse(LAST_CITY), n=1)
    assert asked == [Budget(seconds=0.5)]


def test_server_hint_runs_the_calibrated_search_within_its_time_bound(
        asked: list[Budget | None]) -> None:
    from meeples.server import bots

    bots.hint(meeples.load("meeple_war").new(players=2, seed=1).settle(), 3, seed=0)
    assert asked == [Budget(seconds=min(2.5, bots.HINT_SECONDS), iterations=200)]
