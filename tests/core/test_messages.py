"""Messages, not prose: every key in every language, every component named and explained, and
every message the engines emit in seeded random games worded without a missing key or parameter.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import meeples
from meeples.core import text
from meeples.core.text import LANGUAGES, Message, Ref, catalogue, msg, placeholders, render

PLURAL_FORMS = {"zero", "one", "two", "few", "many", "other"}


def test_every_key_is_in_every_language() -> None:
    english = set(catalogue("en").messages)
    for lang in LANGUAGES:
        assert set(catalogue(lang).messages) == english, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_templates_use_the_same_parameters_in_every_language(lang: str) -> None:
    english = catalogue("en").messages
    wrong = [
        key for key, template in catalogue(lang).messages.items()
        if placeholders(template) != placeholders(english[key])
    ]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_templates_have_an_other_form_and_use_n(lang: str) -> None:
    for key, template in catalogue(lang).messages.items():
        if isinstance(template, dict):
            assert set(template) <= PLURAL_FORMS and "other" in template, key
            assert "n" in placeholders(template) or key.endswith(".title"), key


def test_every_component_has_a_name_and_an_effect_in_every_language() -> None:
    english = catalogue("en").components
    for lang in LANGUAGES:
        components = catalogue(lang).components
        assert set(components) == set(english), lang
        for kind, entries in english.items():
            assert set(components[kind]) == set(entries), (lang, kind)
            for ident, entry in components[kind].items():
                assert entry.get("name"), (lang, kind, ident)
                assert entry.get("effect"), (lang, kind, ident)


def test_plural_form_follows_each_language() -> None:
    one = msg("sp.defeats_enemy", n=0)
    assert render(one, "en") == "defeats 0 enemy pieces"
    assert render(one, "fr") == "bat 0 pièce adverse"
    assert render(msg("sp.defeats_enemy", n=1), "es") == "vence 1 pieza rival"


def test_references_are_named_in_the_language() -> None:
    assert render(msg("sp.prompt", player=Ref("sp.side", 1)), "es").startswith("Turno de Norte")
    assert render(msg("core.text", text="x")) == "x"
    assert render(msg("core.not_legal", action="a", why=msg("core.game_over")), "fr") == (
        "« a » n'est pas permis : la partie est terminée"
    )


def test_players_are_numbered_from_one_unless_named() -> None:
    assert render(msg("core.no_such_player", player=text.player(0), n=2)).startswith(
        "there is no player player 1"
    )
    assert render(msg("core.no_such_player", player=text.player(0), n=2), names={0: "Ann"}) == (
        "there is no player Ann in a 2-player game"
    )


def test_a_missing_key_shows_itself() -> None:
    assert render(Message("nowhere.at_all")) == "nowhere.at_all"


def test_message_json_round_trips() -> None:
    message = msg("core.not_legal", action="x", why=msg("sp.why.empty", square="a1"),
                  who=Ref("sp.side", 0))
    assert text.message_from_json(json.loads(json.dumps(message.to_json()))) == message


def _messages(value: Any) -> Iterator[Message]:
    yield value
    for param in value.params.values():
        if isinstance(param, Message):
            yield from _messages(param)


def _check(message: Message) -> None:
    """Fail when a message or a nested one has no key, misses a parameter, or names nothing."""
    english = catalogue("en")
    for each in _messages(message):
        assert each.key in english.messages, each.key
        assert placeholders(english.messages[each.key]) <= set(each.params), each
        for param in each.params.values():
            if isinstance(param, Ref) and param.kind != "player":
                assert str(param.id) in english.components.get(param.kind, {}), param
            else:
                assert isinstance(param, int | str | Message | Ref), param


@pytest.mark.parametrize("name", meeples.game_names())
def test_every_message_of_random_games_is_worded(name: str) -> None:
    game = meeples.load(name)
    for players in range(game.min_players, game.max_players + 1):
        state = game.new(players=players, seed=players)
        rng = random.Random(players)
        for _ in range(120):
            if state.outcome is not None:
                _check(state.prompt())
                break
            _check(state.prompt())
            legal = state.legal()
            for action in rng.sample(legal, min(5, len(legal))):
                _check(state.describe_message(action))
            try:
                state.play("a1-a9" if "a1-a9" not in legal else "pass")
            except meeples.IllegalAction as error:
                _check(error.message)
            state = state.play(rng.choice(legal))


@pytest.mark.parametrize("name", meeples.game_names())
def test_every_legal_action_has_json_parts_that_tell_it_apart(name: str) -> None:
    game = meeples.load(name)
    for players in range(game.min_players, game.max_players + 1):
        state = game.new(players=players, seed=7)
        rng = random.Random(7)
        for _ in range(80):
            if state.outcome is not None:
                break
            legal = state.legal()
            parts = [state.parts(action) for action in legal]
            assert all(isinstance(p.get("verb"), str) for p in parts)
            encoded = [json.dumps(p, sort_keys=True) for p in parts]
            assert len(set(encoded)) == len(encoded)
            state = state.play(rng.choice(legal))
