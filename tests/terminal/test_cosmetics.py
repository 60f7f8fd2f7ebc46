"""Small things a new user saw (issue 28): doubled quotes, trailing spaces in pipes, a hint
pointing to an undo that refuses, "2-2 players", an error of the wrong game first."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import meeples
from meeples.cli import main
from meeples.terminal.output import TrimmedFile
from tests.terminal.test_resign import play


@pytest.mark.parametrize("name", ["meeple_war", "rise_of_tribes", "sparta"])
def test_not_an_action_is_quoted_once(name: str) -> None:
    with pytest.raises(meeples.IllegalAction) as refused:
        meeples.load(name).new(players=2, seed=1).play("clear")
    assert str(refused.value).startswith("'clear' is not a "), str(refused.value)


def test_trimmed_file_drops_line_end_spaces_but_keeps_a_prompts() -> None:
    out = io.StringIO()
    trimmed = TrimmedFile(out)
    trimmed.write("a  b   \nc ")
    trimmed.write("  \nSouth> ")
    trimmed.flush()
    assert out.getvalue() == "a  b\nc\nSouth> "


def run(*argv: str, stdin: str = "") -> str:
    done = subprocess.run([sys.executable, "-m", "meeples", *argv], input=stdin,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_no_trailing_spaces_in_pipes(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    played = run("play", "meeple_war", "--seed", "1", "--players", "3",
                 stdin=f"moves\nhelp\ninfo\nsave {path}\nquit\n")
    replayed = run("replay", str(path), "--final")
    for text in (played, replayed):
        assert text.strip()
        assert [line for line in text.splitlines() if line.endswith(" ")] == []


def test_hint_after_a_resignation_does_not_point_to_undo(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    from tests.terminal.conftest import Screen

    screen = Screen()
    play(screen, ["human", "random"], "resign", "yes", "hint", "quit")
    assert "No hint: the game ended by resignation" in screen.text
    assert "'undo' goes back" not in screen.text
    assert "The game is over: save FILE, replay, board" in screen.text


def test_games_says_2_players_for_a_two_player_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "sparta: Sparta, 2 players" in out and "2-2" not in out
    assert "meeple_war: Meeple War, 2-4 players" in out


def test_hint_on_a_bad_sparta_position_shows_spartas_error_first(
    capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = meeples.load("sparta").new().position().rsplit(" ", 1)[0]
    assert main(["hint", damaged]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meeples hint: not a position of any game (sparta: "), err


def test_legal_line_never_breaks_inside_an_action_at_80_columns() -> None:
    """Rise of Tribes' opening listed "start i  start" at the end of a line and "j" under it."""
    from rich.console import Console

    from meeples.terminal import renderer_for

    state = meeples.load("rise_of_tribes").new(players=3, seed=4)
    state = state.play(state.legal()[0])  # a later seat's placement: ten hexes to choose from
    console = Console(width=80, color_system=None, file=io.StringIO())
    console.print(renderer_for("rise_of_tribes").render(state.view(state.to_move),
                                                        state.legal()))
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    start = next(i for i, line in enumerate(lines) if line.startswith("Legal ("))
    parts = [part for line in lines[start:start + 2] for part in line.strip().split("  ")]
    assert parts[0].startswith("Legal (")
    assert all(part in state.legal() or part.startswith("...") for part in parts[1:]), parts
