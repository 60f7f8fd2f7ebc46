"""`meeples replay`: stepping through a saved match, and printing one step for scripts."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeples
from meeples.cli import build_parser, main
from meeples.commands import replay
from tests.terminal.conftest import Screen, Script

ACTIONS = ("b2-b4", "c9-c7", "b4-b5")


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    state = meeples.load("sparta").new(seed=1)
    for action in ACTIONS:
        state = state.play(action)
    path = tmp_path / "match.json"
    state.record().save(path)
    return path


def run_replay(screen: Screen, *words: str, script: Script | None = None) -> int:
    args = build_parser().parse_args(["replay", *words])
    return replay.run(args, console=screen.console, ask=script or Script([]))


def steps(text: str) -> list[str]:
    return [line.split(":")[0] for line in text.splitlines() if line.startswith("Step ")]


def test_replay_steps_forward_back_and_jumps(screen: Screen, saved: Path) -> None:
    script = Script(["", "n", "p", "3", "0", "q"])
    assert run_replay(screen, str(saved), script=script) == 0
    assert steps(screen.text) == [
        "Step 0 of 3", "Step 1 of 3", "Step 2 of 3", "Step 1 of 3", "Step 3 of 3", "Step 0 of 3",
    ]


def test_replay_shows_the_action_that_led_to_each_step(screen: Screen, saved: Path) -> None:
    run_replay(screen, str(saved), script=Script(["n", "n"]))
    assert "Step 1 of 3: South played b2-b4: warrior b2 to b4" in screen.text
    assert "Step 2 of 3: North played c9-c7" in screen.text


def test_replay_refuses_to_step_beyond_the_end(screen: Screen, saved: Path) -> None:
    run_replay(screen, str(saved), script=Script(["9", "f", "n"]))
    assert screen.text.count("That is beyond the end: steps go from 0 to 3.") == 2


def test_replay_final_prints_the_last_board(screen: Screen, saved: Path) -> None:
    assert run_replay(screen, str(saved), "--final") == 0
    assert steps(screen.text) == ["Step 3 of 3"]
    assert "South played b4-b5: warrior b4 to b5, becomes a hero" in screen.text


def test_replay_tells_the_effects_of_each_step(screen: Screen, saved: Path) -> None:
    assert run_replay(screen, str(saved), "--final") == 0
    assert "  > the warrior on b5 becomes a hero: 7 heroes left in South's reserve" in screen.text


def test_replay_final_shows_the_outcome_of_a_finished_match(screen: Screen, tmp_path: Path) -> None:
    near_end = "w9/10/10/10/10/3Ww5/10/5W4/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"
    path = tmp_path / "won.json"
    meeples.load("sparta").parse(near_end).play("f3-f5").record().save(path)
    run_replay(screen, str(path), "--final")
    assert "Game over: South wins" in screen.text


def test_replay_to_prints_one_step(screen: Screen, saved: Path) -> None:
    assert run_replay(screen, str(saved), "--to", "1") == 0
    assert steps(screen.text) == ["Step 1 of 3"]


def test_replay_to_beyond_the_match_is_an_error(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(saved), "--to", "7"]) == 2
    assert "--to 7: the match has steps 0 to 3" in capsys.readouterr().err


def test_replay_of_a_corrupt_file_names_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "meeples-match/1", "game": "sparta"}')
    assert main(["replay", str(path), "--final"]) == 2
    assert "field 'players' must be a whole number" in capsys.readouterr().err


def test_replay_of_actions_that_do_not_apply_names_the_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = meeples.load("sparta").new().play("b2-b4").record()
    path = tmp_path / "bad.json"
    path.write_text(record.dumps().replace("b2-b4", "b2-b7"))
    assert main(["replay", str(path), "--final"]) == 2
    assert "action 1 ('b2-b7') does not apply" in capsys.readouterr().err


def test_replay_of_a_missing_file_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nowhere.json")]) == 2
    assert "nowhere.json" in capsys.readouterr().err


def test_replay_as_a_player_shows_that_players_view(screen: Screen, saved: Path) -> None:
    run_replay(screen, str(saved), "--to", "1", "--player", "2")
    assert "North to move (you)" in screen.text


def test_replay_player_numbers_count_from_1_as_the_names_do(
    screen: Screen, saved: Path
) -> None:
    """Issue 28: --player 1 was North, the second player; the first is player 1."""
    run_replay(screen, str(saved), "--to", "1", "--player", "1")
    assert "North to move" in screen.text and "North to move (you)" not in screen.text


def test_replay_as_a_seat_that_does_not_exist_is_an_error(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(saved), "--final", "--player", "3"]) == 2
    assert "--player 3: the match has players 1 to 2" in capsys.readouterr().err
    assert main(["replay", str(saved), "--final", "--player", "0"]) == 2
    assert "--player 0: the match has players 1 to 2" in capsys.readouterr().err
