"""The match record stores the seats, so `meeples play --load` seats the same players."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

import meeples
from meeples.cli import build_parser
from meeples.commands import play
from meeples.core.errors import CorruptRecord
from meeples.core.record import Match
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SPARTA = meeples.load("sparta")


def save_from_session(screen: Screen, path: Path, seats: list[str], moves: list[str]) -> None:
    state = SPARTA.new(seed=3)
    script = Script([*moves, f"save {path}", "quit"])
    Session(state, make_seats(seats, state.game), console=screen.console, ask=script,
            rng=random.Random(1)).run()


def test_save_stores_who_sits_where(screen: Screen, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    save_from_session(screen, path, ["human", "random"], ["b2-b4"])
    assert json.loads(path.read_text())["seats"] == ["human", "random"]


def saved_with_a_bot_to_move(path: Path) -> None:
    """Save a fresh match whose South, to move, is a bot."""
    replace(SPARTA.new(seed=3).record(), seats=("random", "human")).save(path)


def test_load_resumes_the_saved_seats(screen: Screen, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_with_a_bot_to_move(path)
    script = Script(["quit"])
    args = build_parser().parse_args(["play", "--load", str(path)])
    assert play.run(args, console=screen.console, ask=script) == 0
    assert "South: random, North: you" in screen.text
    assert script.prompts == ["North> "]  # the bot South moved first, as saved


def test_seats_on_the_command_line_override_the_saved_ones(
    screen: Screen, tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    saved_with_a_bot_to_move(path)
    script = Script(["quit"])
    args = build_parser().parse_args(["play", "--load", str(path), "--seats", "human,human"])
    play.run(args, console=screen.console, ask=script)
    assert script.prompts == ["South> "]


def test_a_record_without_seats_still_loads() -> None:
    old = SPARTA.new(seed=1).play("b2-b4").record().to_json()
    assert "seats" not in old
    assert Match.from_json(old).seats is None


def test_a_record_with_the_wrong_number_of_seats_is_refused() -> None:
    data = SPARTA.new(seed=1).record().to_json()
    data["seats"] = ["human"]
    with pytest.raises(CorruptRecord, match="field 'seats' must list 2 seats"):
        Match.from_json(data)


def test_a_bot_file_whose_path_has_capitals_is_seated_and_saved_as_written(
        screen: Screen, tmp_path: Path) -> None:
    # the seat's label was lowercased whole, so net:/.../Nets/Sparta.npz named no file
    shipped = Path(__file__).resolve().parents[2] / "examples" / "policies"
    folder = tmp_path / "Nets"
    folder.mkdir()
    (folder / "Sparta.npz").write_bytes((shipped / "sparta_alphazero.npz").read_bytes())
    label = f"net:{folder / 'Sparta.npz'},s0"
    path = tmp_path / "match.json"
    save_from_session(screen, path, ["human", label], ["b2-b4"])
    assert json.loads(path.read_text())["seats"] == ["human", label]


def test_a_level_typed_in_capitals_is_seated() -> None:
    seats = make_seats(["HUMAN", "Hard", "MCTS:50"], SPARTA.new(seed=3).game)
    assert seats[0].is_human
    assert not seats[1].is_human and not seats[2].is_human
