"""``meeples learn GAME``: the same lessons as the browser's, in the terminal: each lesson is
shown before the learner acts, another legal action gets the lesson's hint, the replies follow
the script, and the game goes on against a bot afterwards."""

from __future__ import annotations

import argparse

import pytest

import meeples
from meeples.cli import main
from meeples.commands import learn
from meeples.core.tutorial import tutorial
from tests.terminal.conftest import Screen, Script

TAUGHT = [name for name in meeples.game_names() if tutorial(name) is not None]


@pytest.mark.parametrize("name", TAUGHT)
def test_learn_plays_every_lesson_then_the_game_goes_on(screen: Screen, name: str) -> None:
    lessons = tutorial(name)
    assert lessons is not None
    states = lessons.walk(meeples.load(name))
    lines = [step.expect[0] if step.expect else states[-2].legal()[0] for step in lessons.steps]
    code = learn.run(argparse.Namespace(game=name), console=screen.console,
                     ask=Script([*lines, "quit"]))
    assert code == 0
    for number in range(1, len(lessons.steps) + 1):
        assert f"Lesson {number} of {len(lessons.steps)}" in screen.text
    assert "You have finished the lessons: the game goes on against a bot." in screen.text


def test_learn_tells_what_followed_the_learners_passed_decisions(screen: Screen) -> None:
    # Meeple War's bot takes its tower points when the learner's token window, passed for
    # them by the script, closes its first phase: the point is news all the same.
    lessons = tutorial("meeple_war")
    assert lessons is not None
    lines = [step.expect[0] for step in lessons.steps[:6] if step.expect]
    learn.run(argparse.Namespace(game="meeple_war"), console=screen.console,
              ask=Script([*lines, "quit"]))
    assert "Lesson 7 of" in screen.text
    assert "Blue (player 2) holds towers worth 1 VP this turn" in " ".join(screen.text.split())


def test_learn_refuses_another_legal_action_with_the_lessons_hint(screen: Screen) -> None:
    learn.run(argparse.Namespace(game="sparta"), console=screen.console,
              ask=Script(["b2-b3", "quit"]))
    assert "not now: choose the warrior on b2, then b4" in screen.text


def test_learn_names_the_text_to_type_for_the_action_a_lesson_asks_for(screen: Screen) -> None:
    learn.run(argparse.Namespace(game="sparta"), console=screen.console, ask=Script(["quit"]))
    assert "Type: b2-b4" in screen.text  # the browser's board offers that action alone


def test_learn_of_an_unknown_game_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meeples learn: ") and err.count("\n") == 1
