"""Bench and hint commands: tiny budgets, figures printed (no timing assertions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeples
from meeples.ai import bench
from meeples.cli import main
from tests.ai.test_bots import LAST_CITY


def test_bench_prints_every_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    status = main(["bench", "--game", "sparta", "--seconds", "0.05", "--simulations", "20",
                   "--rounds", "1", "--no-open-spiel", "--json", str(out)])
    assert status == 0
    printed = capsys.readouterr().out
    assert "generated legal actions/s" in printed and "MCTS simulations/s" in printed
    figures = json.loads(out.read_text())["games"]["sparta"]
    assert all(value > 0 for value in figures.values())


def test_bench_ratio_direction() -> None:
    spiel = {"breakthrough10_legal_actions_per_s": 10.0, "breakthrough8_mcts_move_seconds": 2.0}
    mine = {"legal_actions_per_s": 20.0, "mcts_move_seconds": 4.0}
    (_, _, faster, met), (_, _, slower, unmet) = bench.ratios("sparta", mine, spiel)
    assert (faster, met, slower, unmet) == (2.0, True, 0.5, False)


def test_hint_command_names_winning_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "--level", "alphabeta:d2", LAST_CITY]) == 0
    first = capsys.readouterr().out.splitlines()[1]
    assert first.startswith("1. i4-i6")


def test_hint_command_reads_match_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.json"
    meeples.load("sparta").new().play("b2-b4").record().save(path)
    assert main(["hint", "-n", "2", "--level", "heuristic", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Sparta, North to move:" and len(lines) == 3  # seat 1, as the board says


def test_bench_best_keeps_highest_rate_and_lowest_time() -> None:
    rounds = [{"x_per_s": 1.0, "move_seconds": 2.0}, {"x_per_s": 3.0, "move_seconds": 5.0}]
    assert bench.best(rounds) == {"x_per_s": 3.0, "move_seconds": 2.0}


def test_bench_best_takes_the_median_of_a_paired_ratio_not_the_best_of_each_side() -> None:
    rounds = [{"a_per_s": 10.0, "b_per_s": 20.0, "env_ratio": 0.5},
              {"a_per_s": 9.0, "b_per_s": 30.0, "env_ratio": 0.3},
              {"a_per_s": 12.0, "b_per_s": 21.0, "env_ratio": 12.0 / 21.0}]
    kept = bench.best(rounds)
    assert kept["env_ratio"] == 0.5
    assert (kept["a_per_s"], kept["b_per_s"]) == (12.0, 30.0)
    assert bench.env_ratio({**kept, "env_steps_per_s": 1.0}) == 0.5
