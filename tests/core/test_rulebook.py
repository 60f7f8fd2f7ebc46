"""Every refusal, prompt, action, effect, end and hint reason links to a numbered rule of its game,
which every language's catalogue words; the rules have the same ids in the same order in every
language (the Rules page is built from them)."""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import pytest

import meeples
from meeples.ai.hint import hint
from meeples.core.rulebook import rule_for, rule_table
from meeples.core.text import LANGUAGES, Message, catalogue, render

#: The games whose rules are written as numbered rules (the others still show their summary).
WRITTEN = [name for name in meeples.game_names() if rule_table(meeples.load(name))]


def rules_of(name: str, lang: str) -> list[dict[str, Any]]:
    path = resources.files(f"meeples.games.{name}").joinpath("text", f"{lang}.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return list(data.get("rules", []))


def assert_linked(message: Message) -> None:
    rule = rule_for(message)
    assert rule is not None, f"{message.key} names no rule"
    for lang in LANGUAGES:
        entry = catalogue(lang).components.get(rule.kind, {}).get(str(rule.id))
        assert entry is not None and entry["effect"], (message.key, rule, lang)


def test_sparta_has_its_rules_written() -> None:
    assert "sparta" in WRITTEN


@pytest.mark.parametrize("name", WRITTEN)
def test_rules_have_the_same_ids_in_the_same_order_in_every_language(name: str) -> None:
    ids = [rule["id"] for rule in rules_of(name, "en")]
    assert ids and len(set(ids)) == len(ids)
    for lang in LANGUAGES:
        rules = rules_of(name, lang)
        assert [rule["id"] for rule in rules] == ids, lang
        assert all(rule["title"].strip() and rule["text"].strip() for rule in rules), lang


@pytest.mark.parametrize("name", WRITTEN)
def test_every_rule_the_table_names_exists(name: str) -> None:
    ids = {rule["id"] for rule in rules_of(name, "en")}
    assert set(rule_table(meeples.load(name)).values()) <= ids


@pytest.mark.parametrize("name", WRITTEN)
def test_every_refusal_prompt_effect_and_end_of_random_games_names_its_rule(name: str) -> None:
    game = meeples.load(name)
    for players in range(game.min_players, game.max_players + 1):
        state, rng = game.new(players=players, seed=players), random.Random(players)
        elsewhere: list[str] = []
        while state.outcome is None and len(state.history) < 400:
            assert_linked(state.prompt())
            legal = state.legal()
            for action in elsewhere[-6:]:
                if action not in legal:
                    try:
                        state.play(action)
                    except meeples.IllegalAction as error:
                        assert_linked(error.message)
            action = rng.choice(legal)
            elsewhere.append(action)
            after, told = state.play_told(action)
            for effect in told:
                if effect.key != "core.fx.end":
                    assert_linked(effect)
            state = after
        if state.outcome is not None and state.outcome.message is not None:
            assert_linked(state.outcome.message)


#: The search's own reason when no term of a game's evaluation names the action ("the best line
#: the search found"): it comes from no rule of the game.
SEARCH_REASON = "core.hint.best_found"


@pytest.mark.parametrize("name", WRITTEN)
def test_every_legal_action_of_random_games_names_its_rule(name: str) -> None:
    game = meeples.load(name)
    state, rng = game.new(players=game.max_players, seed=3), random.Random(3)
    while state.outcome is None and len(state.history) < 200:
        for action in state.legal():
            assert_linked(state.describe_message(action))
        state = state.play(rng.choice(state.legal()))


@pytest.mark.parametrize("name", WRITTEN)
def test_every_hint_reason_names_its_rule(name: str) -> None:
    """The game's own reasons for hints, from the first decision after 30 random actions
    where some are given (a Rise of Tribes MOVE step changes no term of its evaluation)."""
    game = meeples.load(name)
    state, rng = game.new(players=game.min_players, seed=2), random.Random(2)
    for _ in range(30):
        state = state.play(rng.choice(state.legal()))
    reasons: list[Message] = []
    while not reasons and state.outcome is None and len(state.history) < 120:
        if not state.is_chance:
            reasons = [e.reason for e in hint(state, n=5)
                       if e.reason is not None and e.reason.key != SEARCH_REASON]
        state = state.play(rng.choice(state.legal()))
    assert reasons
    for reason in reasons:
        assert_linked(reason)


def test_a_rule_is_named_with_its_number_in_every_language() -> None:
    message = Message("core.named", {"name": rule_for(Message("sp.why.pass"))})
    assert render(message, "en") == "§5 Passing"
    assert render(message, "fr") == "§5 Passer"
    assert render(message, "es") == "§5 Pasar"
