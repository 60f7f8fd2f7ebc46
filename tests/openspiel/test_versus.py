"""scripts/openspiel_versus.py: our bot against OpenSpiel's MCTSBot through the bridge."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "openspiel_versus.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=300, check=False)


def test_versus_plays_its_games_and_prints_the_score_and_the_time_per_move() -> None:
    done = run("--bot", "random", "--games", "2", "--seconds", "0.05", "--max-plies", "6",
               "--max-length", "2", "--start-simulations", "2")
    assert done.returncode == 0, done.stderr
    assert "random vs OpenSpiel MCTSBot, sparta (2 players), 0.05 s a move: 0 wins, 0 losses," \
           " 0 draws, 2 unfinished" in done.stdout
    assert "seconds a move: random" in done.stdout


@pytest.mark.parametrize("args", [("--games", "0"), ("--game", "chess"), ("--players", "3")])
def test_versus_refuses_bad_input_in_one_line(args: tuple[str, ...]) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines()[-1].startswith("openspiel_versus.py: error:")
