"""Ctrl-C in ``meeples play`` (issue 28): it exited with status 130 without a word. It now says,
in one line, how to take the match up again."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeples.ai.random_bot import RandomBot
from meeples.cli import build_parser
from meeples.commands import play
from tests.terminal.conftest import Screen, Script


def interrupt(*args: object) -> str:
    raise KeyboardInterrupt


def test_ctrl_c_during_a_bots_move_exits_130_with_one_line(
    screen: Screen, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(RandomBot, "choose", interrupt)
    args = build_parser().parse_args(["play", "sparta", "--vs", "random", "--seed", "1"])
    assert play.run(args, console=screen.console, ask=Script(["b2-b4"])) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("meeples play: stopped (Ctrl-C). The match was not saved")


def test_ctrl_c_after_a_save_says_how_to_resume(
    screen: Screen, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(RandomBot, "choose", interrupt)
    path = tmp_path / "match.json"
    args = build_parser().parse_args(["play", "sparta", "--vs", "random", "--seed", "1"])
    assert play.run(args, console=screen.console, ask=Script([f"save {path}", "b2-b4"])) == 130
    err = capsys.readouterr().err
    assert f"meeples play --load {path} resumes it from its 0 saved action(s); the 1 action(s)" \
        " after are lost." in err
    assert path.exists()


def test_ctrl_c_at_the_prompt_of_a_loaded_match_names_its_file(
    screen: Screen, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "match.json"
    args = build_parser().parse_args(["play", "sparta", "--seed", "1"])
    play.run(args, console=screen.console, ask=Script(["b2-b4", f"save {path}", "quit"]))
    capsys.readouterr()
    loaded = build_parser().parse_args(["play", "--load", str(path)])
    assert play.run(loaded, console=screen.console, ask=Script([interrupt])) == 130
    assert f"--load {path} resumes it from its 1 saved action(s)." in capsys.readouterr().err
