"""Pig in the terminal, through stdin: ``meeples play pig`` in a process of its own, the game
named to the registry by ``MEEPLES_GAMES`` (no renderer declared: the generic board)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.toygame.conftest import PACKAGE

ROOT = Path(__file__).resolve().parents[2]


def meeples(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the command line with Pig registered, from the repository's root."""
    env = {**os.environ, "MEEPLES_GAMES": PACKAGE, "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "meeples", *args], input=stdin, text=True,
                          capture_output=True, cwd=ROOT, env=env, timeout=120, check=False)


def test_meeples_games_lists_pig_with_its_option() -> None:
    done = meeples("games")
    assert done.returncode == 0, done.stderr
    assert "pig: Pig, 2-4 players" in done.stdout and "goal=100" in done.stdout


def test_a_person_plays_pig_through_stdin_against_a_bot_to_the_end() -> None:
    # the person rolls at every turn of theirs; rolling is always legal, so the game ends
    done = meeples("play", "pig", "--vs", "easy", "--seed", "2", "--option", "goal=20",
                   stdin="roll\n" * 200 + "quit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Player 1 to play: roll the die or hold your 0 points (0 of 20 banked)" in out
    assert "Chance played" in out and "the die shows" in out
    assert "Player 2 (easy) played" in out
    assert "Game over:" in out and "Where the points came from" in out and "Points banked" in out
