"""The effects of an action (``state.effects``), for every game: messages every language words,
the same however they are asked for, and the end of the game told exactly once, last."""

from __future__ import annotations

import random

import pytest

import meeples
from meeples.core.text import LANGUAGES, Message, Ref, catalogue, placeholders, render


def _worded(message: Message) -> None:
    """Fail when a message or a nested one has no key in a language, misses a parameter, or
    names a component no catalogue has."""
    for lang in LANGUAGES:
        words = catalogue(lang)
        assert message.key in words.messages, (lang, message.key)
        assert placeholders(words.messages[message.key]) <= set(message.params), message
        assert "{" not in render(message, lang), (lang, message)
    for param in message.params.values():
        if isinstance(param, Message):
            _worded(param)
        elif isinstance(param, Ref) and param.kind != "player":
            assert str(param.id) in catalogue("en").components.get(param.kind, {}), param


@pytest.mark.parametrize("name", meeples.game_names())
def test_effects_of_random_games_are_worded_and_end_once(name: str) -> None:
    game = meeples.load(name)
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(2):
            state, rng = game.new(players=players, seed=seed), random.Random(seed)
            while state.outcome is None and len(state.history) < 600:
                action = rng.choice(state.legal())
                after, told = state.play_told(action)
                for message in told:
                    _worded(message)
                ends = [i for i, m in enumerate(told) if m.key == "core.fx.end"]
                assert ends == ([len(told) - 1] if after.outcome is not None else [])
                state = after


@pytest.mark.parametrize("name", meeples.game_names())
def test_effects_asked_alone_are_those_of_playing(name: str) -> None:
    game = meeples.load(name)
    state, rng = game.new(players=game.min_players, seed=3), random.Random(3)
    for _ in range(150):
        if state.outcome is not None:
            break
        action = rng.choice(state.legal())
        after, told = state.play_told(action)
        assert state.effects(action) == told == state.effects_to(after)
        state = after


def test_effects_of_an_illegal_action_are_refused() -> None:
    state = meeples.load("sparta").new()
    with pytest.raises(meeples.IllegalAction):
        state.effects("a1-a9")
