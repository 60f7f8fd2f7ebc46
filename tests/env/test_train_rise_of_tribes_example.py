"""examples/train_rise_of_tribes.py: one generation of its cross-entropy search runs, plays
only legal ids, and its curve and policy file are written (the full run is in
docs/learning.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_rise_of_tribes.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_rise_of_tribes", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_rise_of_tribes"] = module
    spec.loader.exec_module(module)
    return module


def test_one_generation_trains_and_checks_against_random_and_easy(
        example: ModuleType, tmp_path: Path) -> None:
    lines: list[str] = []
    weights, figures = example.train(minutes=5, population=2, per=1, check=1, seed=0,
                                     log=lines.append, generations=1)
    assert weights.shape == (len(example.FEATURES.names),) and np.all(np.isfinite(weights))
    assert figures["training_games"] == 2 and len(figures["checks"]) == 1 and lines
    example.draw_curve(figures, str(tmp_path / "curve.png"))
    assert (tmp_path / "curve.png").read_bytes()[:4] == b"\x89PNG"
    result = example.play(weights, "random", [1, 2])
    assert result["games"] == 2 and result["wins"] == (
        result["wins_as_first_seat"] + result["wins_as_second_seat"])
