"""Once the game is over the prompt stays open: save, undo, hint, replay, quit."""

from __future__ import annotations

import json
import random
from pathlib import Path

import meeples
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SPARTA = meeples.load("sparta")
# South (W) to move can capture e5 with f3-f5, leaving North one piece: a win in one.
NEAR_END = "w9/10/10/10/10/3Ww5/10/5W4/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"


def finish(screen: Screen, *lines: str) -> tuple[Session, Script]:
    script = Script(["f3-f5", *lines])
    state = SPARTA.parse(NEAR_END)
    game = Session(state, make_seats(["human", "random"], state.game), console=screen.console,
                   ask=script, rng=random.Random(7))
    game.run()
    return game, script


def test_prompt_stays_open_after_the_game(screen: Screen) -> None:
    _, script = finish(screen, "quit")
    assert script.prompts == ["South> ", "game over> "]
    assert "The game is over: save FILE, undo, hint, replay" in screen.text


def test_save_after_the_game_writes_the_whole_match(screen: Screen, tmp_path: Path) -> None:
    path = tmp_path / "won.json"
    finish(screen, f"save {path}", "quit")
    assert json.loads(path.read_text())["actions"] == ["f3-f5"]


def test_undo_after_the_game_resumes_play(screen: Screen) -> None:
    game, script = finish(screen, "undo", "quit")
    assert game.state.history == () and game.state.outcome is None
    assert script.prompts == ["South> ", "game over> ", "South> "]


def test_replay_after_the_game_steps_through_the_match(screen: Screen) -> None:
    _, script = finish(screen, "replay", "p", "q", "quit")
    assert "Step 1 of 1: South played f3-f5" in screen.text
    assert "Step 0 of 1: the start" in screen.text
    assert script.prompts[-1] == "game over> "


def test_hint_after_the_game_says_where_hints_help(screen: Screen) -> None:
    finish(screen, "hint", "quit")
    assert "No hint once the game is over" in screen.text


def test_an_action_after_the_game_is_refused_politely(screen: Screen) -> None:
    finish(screen, "b2-b4", "quit")
    assert "The game is over: type help for what you can do now." in screen.text


def test_end_of_input_after_the_game_leaves(screen: Screen) -> None:
    _, script = finish(screen)
    assert script.prompts == ["South> ", "game over> "]
