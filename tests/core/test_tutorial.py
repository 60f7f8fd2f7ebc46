"""Learn to play: every game's guided first game is data the engine checks: each step's
expected actions are legal where they are asked for, every reply is legal where it comes, the
learner decides at each step, every text exists in every language, and the lessons end in a
real position the game goes on from."""

from __future__ import annotations

import pytest

import meeples
from meeples.core.rulebook import game_rules
from meeples.core.text import LANGUAGES, catalogue
from meeples.core.tutorial import ANY, Step, Tutorial, tutorial

WITH_TUTORIAL = [name for name in meeples.game_names() if tutorial(name) is not None]


def test_sparta_has_a_tutorial() -> None:
    assert "sparta" in WITH_TUTORIAL


@pytest.mark.parametrize("name", WITH_TUTORIAL)
def test_tutorial_steps_are_legal_in_their_positions(name: str) -> None:
    found = tutorial(name)
    assert found is not None
    states = found.walk(meeples.load(name))
    assert len(states) == len(found.steps) + 1
    assert 12 <= len(found.steps) <= 25


@pytest.mark.parametrize("name", WITH_TUTORIAL)
def test_tutorial_ends_in_a_position_the_game_goes_on_from(name: str) -> None:
    found = tutorial(name)
    assert found is not None
    assert found.walk(meeples.load(name))[-1].outcome is None
    assert found.then in ("random", "easy", "normal", "hard")


@pytest.mark.parametrize("name", WITH_TUTORIAL)
def test_tutorial_texts_exist_in_every_language_and_rules_exist(name: str) -> None:
    found = tutorial(name)
    assert found is not None
    rules = {ident for ident, _, _ in game_rules(meeples.load(name))}
    for step in found.steps:
        keys = [*step.say, *([step.hint] if step.hint else [])]
        for lang in LANGUAGES:
            for key in keys:
                assert key in catalogue(lang).messages, (lang, key)
        assert step.rule is None or step.rule in rules, step.rule
        assert step.expect is None or step.hint, "a step that asks for an action says how"


def test_free_choice_is_read_from_any() -> None:
    found = tutorial("sparta")
    assert found is not None and found.steps[-1].expect is None and ANY == "any"


def toy() -> Tutorial:
    step = Step(say=("x",), expect=("a",), hint="h", reply=("b", "c"), rule=None)
    free = Step(say=("y",), expect=None, hint=None, reply=(), rule=None)
    return Tutorial(game="toy", seat=0, position="", then="easy", steps=(step, free))


def test_where_a_tutorial_stands_follows_from_the_actions_played() -> None:
    lessons = toy()
    assert lessons.plies() == [0, 3, 4]
    assert [lessons.step_at(p) for p in range(5)] == [0, None, None, 1, None]
    assert [lessons.scripted(p) for p in range(5)] == [None, "b", "c", None, None]
    assert [lessons.current(p) for p in range(5)] == [0, 0, 0, 1, 2]
    assert [lessons.over(p) for p in range(5)] == [False] * 4 + [True]


def test_another_legal_action_than_the_one_asked_for_is_refused_with_the_steps_hint() -> None:
    lessons = toy()
    assert lessons.refusal(0, "a") is None
    refused = lessons.refusal(0, "z")
    assert refused is not None and refused.key == "core.tutorial.not_now"
    assert refused.params["hint"].key == "h"
    assert lessons.refusal(3, "anything") is None  # a free choice
