"""The held-out report of a calibration run, with a fit per position when cross-fitting."""

from __future__ import annotations

from meeples.ai.calibration import Fit, report

SURE = Fit(slope=1.0, intercept=5.0, positions=1)  # every value to about 0.99
DOUBT = Fit(slope=1.0, intercept=-5.0, positions=1)  # every value to about 0.01
TEST = [{"players": 2, "seed": 0, "value": 0.5, "result": 1.0},
        {"players": 2, "seed": 1, "value": 0.5, "result": 0.0}]


def test_report_calibrates_every_position_by_the_one_fit() -> None:
    found = report({"2": SURE}, TEST)
    assert found["deciles_calibrated"][0]["positions"] == 2
    assert found["brier_raw"] == 0.25 and found["brier_one_in_n"] == 0.25


def test_cross_fitting_calibrates_each_position_by_its_own_fold() -> None:
    folds = {0: {"2": SURE}, 1: {"2": DOUBT}}
    found = report({"2": DOUBT}, TEST, fold=lambda p: folds[p["seed"]])
    assert found["brier_calibrated"] < 0.001  # each position by the fit that names its result
    assert report({"2": DOUBT}, TEST)["brier_calibrated"] > 0.4
