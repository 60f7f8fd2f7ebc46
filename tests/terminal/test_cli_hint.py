"""``meeples hint`` reads positions of every game, inline or from a file, and saved matches,
told apart by their content rather than their name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import meeples
from meeples.cli import main
from meeples.commands.hint import load_state

MEEPLE_WAR = meeples.load("meeple_war").new(players=2, seed=1)


def hints(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["hint", *argv]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out.splitlines()


def test_hint_meeple_war_position_inline(capsys: pytest.CaptureFixture[str]) -> None:
    position = MEEPLE_WAR.position()
    assert len(position) > 1000  # longer than any file name may be
    lines = hints(["-n", "2", "--level", "easy", position], capsys)
    assert MEEPLE_WAR.to_move == 1
    assert lines[0] == "Meeple War, Blue (player 2) to move:"
    assert_legal(lines[1:], MEEPLE_WAR, 2)


def assert_legal(lines: list[str], state: meeples.State[Any, Any], count: int) -> None:
    """Assert that the hint lines (one per action) name ``count`` legal actions of ``state``."""
    found = [re.match(r"(\d+)\. (.+?) +\d+\.\d%  ", line) for line in lines]
    assert all(found) and len(found) == count, lines
    assert {m.group(2) for m in found if m} <= set(state.legal())


def test_hint_meeple_war_position_in_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "position.json"  # a JSON object, yet a position: no "format" field
    path.write_text(MEEPLE_WAR.position() + "\n")
    lines = hints(["-n", "1", "--level", "easy", str(path)], capsys)
    assert lines[0].startswith("Meeple War, Blue (player 2)")
    assert_legal(lines[1:], MEEPLE_WAR, 1)


def test_hint_meeple_war_match_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = MEEPLE_WAR.play(MEEPLE_WAR.legal()[0])
    path = tmp_path / "match.txt"  # the name says nothing; the content says match
    state.record().save(path)
    assert load_state(str(path)) == state
    lines = hints(["-n", "1", "--level", "easy", "--game", "meeple_war", str(path)], capsys)
    assert_legal(lines[1:], state, 1)


def test_hint_rise_of_tribes_position_inline(capsys: pytest.CaptureFixture[str]) -> None:
    state = meeples.load("rise_of_tribes").new(players=3, seed=2)
    lines = hints(["-n", "2", "--level", "easy", state.position()], capsys)
    assert state.to_move is not None
    name = ("Red", "Blue", "Green")[state.to_move]
    assert lines[0] == f"Rise of Tribes, {name} ({state.to_move + 1}) to move:"
    assert_legal(lines[1:], state, 2)


def test_hint_sparta_position_in_a_file_named_like_a_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = meeples.load("sparta").new()
    path = tmp_path / "match.json"
    path.write_text(state.position() + "\n")
    lines = hints(["-n", "1", "--level", "heuristic", str(path)], capsys)
    assert lines[0] == "Sparta, South to move:"


def test_hint_game_is_found_from_the_position() -> None:
    for name in meeples.game_names():
        state = meeples.load(name).new(players=2, seed=3)
        assert load_state(state.position()).game.name == name


def test_hint_finished_match_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    near_end = "w9/10/10/10/10/3Ww5/10/5W4/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"
    path = tmp_path / "won.json"
    meeples.load("sparta").parse(near_end).play("f3-f5").record().save(path)
    assert hints([str(path)], capsys) == ["the game is over: no hint"]


def test_hint_names_seat_0_player_1_as_the_board_does(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28: hint said "player 1 to move" for seat 1, whom the board calls player 2."""
    state = next(s for s in (meeples.load("meeple_war").new(players=2, seed=seed)
                             for seed in range(20)) if s.to_move == 0)
    lines = hints(["-n", "1", "--level", "easy", state.position()], capsys)
    assert lines[0] == "Meeple War, Red (player 1) to move:"


def test_hint_describes_a_seat_in_an_action_by_the_same_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An action naming a seat (Meeple War's kill:1) is described with the name the board gives
    that seat, "Blue (player 2)", not a bare number."""
    from meeples.core.game import State
    from meeples.core.text import msg, player

    monkeypatch.setattr(State, "describe_message", lambda self, action: msg(
        "mw.kill", altar="Altar", player=player(1), hex="0,0"))
    lines = hints(["-n", "1", "--level", "easy", MEEPLE_WAR.position()], capsys)
    assert "Altar: destroy 1 meeple of Blue (player 2) on 0,0" in lines[1]
