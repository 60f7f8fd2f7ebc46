"""Bad input to `meeples play`: a clear error naming the problem, exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeples.cli import main


def error_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    return capsys.readouterr().err


def test_unknown_game_names_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert "unknown game 'chess' (games: " in error_of(["play", "chess"], capsys)


def test_unknown_option_names_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    err = error_of(["play", "sparta", "--option", "speed=3"], capsys)
    assert "sparta has no option 'speed' (options: first, heroes_conquer)" in err


def test_option_value_of_the_wrong_kind(capsys: pytest.CaptureFixture[str]) -> None:
    err = error_of(["play", "sparta", "--option", "heroes_conquer=maybe"], capsys)
    assert "option 'heroes_conquer' takes true or false, not 'maybe'" in err


def test_option_value_out_of_its_choices(capsys: pytest.CaptureFixture[str]) -> None:
    err = error_of(["play", "sparta", "--option", "first=2"], capsys)
    assert "option 'first' must be one of 0, 1, not 2" in err


def test_option_without_a_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--option takes NAME=VALUE, not 'first'" in error_of(
        ["play", "sparta", "--option", "first"], capsys
    )


def test_unsupported_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert "sparta is played by 2 players, not 3" in error_of(
        ["play", "sparta", "--players", "3"], capsys
    )


def test_unknown_bot_names_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    err = error_of(["play", "sparta", "--vs", "genius"], capsys)
    assert "'genius'" in err and "random" in err


def test_seats_not_matching_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--seats names 3 seats for 2 players" in error_of(
        ["play", "sparta", "--players", "2", "--seats", "human,random,random"], capsys
    )


def test_corrupt_save_file_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text("[1, 2")
    err = error_of(["play", "sparta", "--load", str(path)], capsys)
    assert f"{path}: not valid JSON" in err


def test_save_file_of_another_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import meeples

    path = tmp_path / "match.json"
    meeples.load("sparta").new().record().save(path)
    err = error_of(["play", "chess", "--load", str(path)], capsys)
    assert "holds a sparta match, not chess" in err


def test_option_scenario_tiles_takes_tile_names_as_the_readme_says() -> None:
    """Issue 28: ``--option scenario_tiles=Jungle,GL`` was refused ("takes true or false")."""
    import meeples
    from meeples.commands.play import parse_options

    game = meeples.load("rise_of_tribes")
    options = parse_options(game, ["scenario_tiles=Jungle,GL"])
    assert options == {"scenario_tiles": "Jungle,GL"}
    assert game.new(players=2, seed=1, **options).to_move is not None
    assert parse_options(game, ["scenario_tiles=true"]) == {"scenario_tiles": True}


def test_option_given_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = error_of(["play", "sparta", "--option", "first=1", "--option", "first=0"], capsys)
    assert "--option first is given twice" in err
