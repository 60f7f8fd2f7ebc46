"""Messages, not prose: every key Meeple War emits exists in the English, French and Spanish
catalogues with the same placeholders, and every component it refers to has a name and an
effect in the three languages (issue: messages with parameters, components as data)."""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources
from typing import Any

import pytest

import meeples
from meeples.core.text import LANGUAGES, Message, Ref, placeholders, render
from meeples.core.text import catalogue as merged
from meeples.games.meeple_war import GAME
from meeples.games.meeple_war.data import (
    ACTION_NAMES,
    BUILDINGS,
    KIND_NAMES,
    MAX_ROUNDS,
    TILES,
    UPGRADE_TOKENS,
    VP_TO_WIN,
)
from meeples.games.meeple_war.rules import end_message
from tests.games.meeple_war.scenario import position

#: Actions tried in every sampled state: most are refused there, for every kind of reason.
TRIED = ("done", "rot:1", "0,0>1,0:1", "0,0>1,0:9", "1,-1>2,-2:1", "s1:asm:3", "s2:dep:1",
         "s3:build:AB@1", "w1>a", "w2>L2", "tree:0,0/0", "up:asm@0,0", "explore@0,0",
         "battle@0,0", "kill:1@0,0", "fly@0,0", "fr:1@0,0>1,0", "bonus:0,0")


def catalogue(lang: str) -> dict[str, Any]:
    text = resources.files("meeples.games.meeple_war").joinpath("text", f"{lang}.json")
    data: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return data


def walk(message: Message, found: list[Message], refs: set[tuple[str, str]]) -> None:
    found.append(message)
    for value in message.params.values():
        if isinstance(value, Message):
            walk(value, found, refs)
        elif isinstance(value, Ref) and value.kind != "player":
            refs.add((value.kind, str(value.id)))


@cache
def emitted() -> tuple[tuple[Message, ...], frozenset[tuple[str, str]]]:
    """Return the messages of seeded random games (descriptions of legal actions, prompts,
    refusals and outcomes, nested ones included) and the components they refer to."""
    found: list[Message] = []
    refs: set[tuple[str, str]] = set()
    for players in (2, 3, 4):
        for quickstart in (False, True):
            rng = random.Random(players * 10 + quickstart)
            state = GAME.new(players=players, seed=players + 7 * quickstart, quickstart=quickstart)
            while state.outcome is None:
                legal = state.legal()
                for action in legal[:25] + rng.sample(legal, min(6, len(legal))):
                    walk(state.describe_message(action), found, refs)
                walk(state.prompt(), found, refs)
                for action in TRIED:
                    if action not in legal and rng.random() < 0.2:
                        with pytest.raises(meeples.IllegalAction) as refused:
                            state.play(action)
                        walk(refused.value.message, found, refs)
                state = state.play(rng.choice(legal))
            walk(state.prompt(), found, refs)
    return tuple(found), frozenset(refs)


def test_messages_every_emitted_key_is_in_every_language_with_its_placeholders() -> None:
    messages, _ = emitted()
    for lang in LANGUAGES:
        templates = merged(lang).messages
        for message in messages:
            assert message.key in templates, (lang, message.key)
            wanted = placeholders(templates[message.key])
            assert wanted <= set(message.params), (lang, message.key, wanted)


def test_messages_emitted_keys_cover_the_turn() -> None:
    keys = {m.key for m in emitted()[0]}
    for key in ("mw.move", "mw.build", "mw.worker.leaf_x", "mw.explore", "mw.prompt",
                "mw.task.move", "mw.task.worker", "mw.why.because", "mw.why.must_now",
                "mw.done.move", "mw.act.asm", "mw.act.dep", "mw.bonus.dep"):
        assert key in keys


def test_messages_render_with_no_placeholder_left() -> None:
    messages, _ = emitted()
    for lang in LANGUAGES:
        for message in {m.key: m for m in messages}.values():
            text = render(message, lang)
            assert "{" not in text and not text.startswith("mw."), (lang, text)


def test_messages_french_and_spanish_differ_from_english() -> None:
    messages, _ = emitted()
    same = {"mw.list", "mw.then", "mw.explores", "mw.dir.0", "mw.dir.5", "mw.act.up"}
    for message in {m.key: m for m in messages}.values():
        if message.key in same or message.key.startswith("core."):
            continue
        english = render(message, "en")
        assert render(message, "fr") != english, message.key
        assert render(message, "es") != english, message.key


def test_messages_every_reference_names_a_component_in_every_language() -> None:
    _, refs = emitted()
    assert {kind for kind, _ in refs} == {"mw.building", "mw.action", "mw.kind", "mw.token"}
    for lang in LANGUAGES:
        components = merged(lang).components
        for kind, ident in refs:
            entry = components[kind][ident]
            assert entry["name"].strip() and entry["effect"].strip(), (lang, kind, ident)


def test_messages_every_component_of_the_game_has_a_name_and_an_effect() -> None:
    wanted = {
        "mw.building": set(BUILDINGS),
        "mw.kind": {tile.kind for tile in TILES} | set(KIND_NAMES),
        "mw.token": {*UPGRADE_TOKENS, "tree"},
        "mw.action": set(ACTION_NAMES),
    }
    for lang in LANGUAGES:
        components = catalogue(lang)["components"]
        assert set(components) == set(wanted)
        for kind, idents in wanted.items():
            assert set(components[kind]) == idents, (lang, kind)
            for entry in components[kind].values():
                assert entry["name"].strip() and len(entry["effect"]) > 20


def test_messages_catalogues_share_keys_and_placeholders() -> None:
    english = catalogue("en")["messages"]
    for lang in ("fr", "es"):
        other = catalogue(lang)["messages"]
        assert set(other) == set(english), lang
        for key, template in english.items():
            assert placeholders(other[key]) == placeholders(template), (lang, key)
            if isinstance(template, dict):
                assert set(other[key]) >= {"one", "other"}, (lang, key)


def test_messages_names_as_printed_in_the_french_and_spanish_rulebooks() -> None:
    names = {lang: catalogue(lang)["components"] for lang in ("fr", "es")}
    assert names["fr"]["mw.building"]["EG"]["name"] == "Confrérie des épouvanteurs"
    assert names["es"]["mw.building"]["EG"]["name"] == "Hermandad de los Fantasmas"
    assert names["es"]["mw.building"]["AC"]["name"] == "Aeropuerto"
    assert names["fr"]["mw.kind"]["wooden_tower"]["name"] == "Fortin de bois"
    assert names["fr"]["mw.token"]["tree"]["name"] == "Arbre-qui-cache-la-forêt"
    assert names["es"]["mw.action"]["fright"]["name"] == "Tropas Oponentes Asustadas"


def test_messages_outcomes_carry_their_message() -> None:
    assert end_message(f"{VP_TO_WIN} victory points").key == "mw.end.vp"
    assert str(end_message(f"round limit ({MAX_ROUNDS} rounds)")) == "round limit (60 rounds)"
    assert render(end_message(f"{VP_TO_WIN} victory points"), "fr") == (
        "un joueur a atteint 6 points de victoire")


def test_messages_prompt_names_the_player_phase_and_task() -> None:
    state = position(step="worker", workers=[1])
    prompt = state.prompt()
    assert prompt.key == "mw.prompt"
    assert str(prompt) == ("player 1, phase 2 (workers): choose where the worker of "
                           "slot 2 (Village Square) goes")
    assert render(prompt, "fr", {0: "Alice"}).startswith("Alice, phase 2 (ouvriers)")


def test_messages_malformed_action_names_the_notation() -> None:
    with pytest.raises(meeples.IllegalAction) as refused:
        GAME.new(players=2, seed=0).play("s9:fly")
    assert refused.value.message.key == "core.not_an_action"
    assert refused.value.message.params["hint"].key == "mw.notation_hint"
    assert "Meeple War" in str(refused.value)


def test_messages_refusal_in_french() -> None:
    state = position(troops=(("0,0", 0, 1),))
    with pytest.raises(meeples.IllegalAction) as refused:
        state.play("0,0>3,0:1")
    words = render(refused.value.message, "fr")
    assert "3,0 n'est pas adjacent à 0,0" in words and "joueur 1 doit maintenant" in words
