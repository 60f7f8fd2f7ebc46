"""Pig against the game contract: the registry serves it like ours, and the conformance suite
(tests/core/test_conformance.py), run over the registry, passes over it too."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import meeples
from meeples.core import cow, registry
from meeples.core.text import LANGUAGES, catalogue, render
from tests.core import test_conformance as suite
from tests.toygame.conftest import PACKAGE

TEXT = Path(__file__).parent / "pig" / "text"

#: Every check of the conformance suite, as the suite itself defines it.
CHECKS = [check for name, check in sorted(vars(suite).items())
          if name.startswith("test_") and callable(check)]
#: The suite's own filters of its cases, for the checks that do not run on every game.
APPLIES: dict[Callable[..., None], Callable[[str], bool]] = {
    suite.test_sample_chance_draws_each_outcome_exactly_as_likely_as_listed:
        suite.draws_its_own_way,
}


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
def test_pig_passes_the_conformance_suite(pig: meeples.Game[Any, Any],
                                          check: Callable[..., None]) -> None:
    if not APPLIES.get(check, lambda name: True)("pig"):
        pytest.skip(f"{check.__name__} does not apply to pig, as to some of ours")
    wants = inspect.signature(check).parameters
    cases = [{"name": "pig", "players": players, "seed": seed}
             for players in suite.player_counts(pig) for seed in suite.PLAYOUT_SEEDS]
    with cow.checked():  # the suite's own fixture
        for case in cases if "seed" in wants else cases[:1]:
            check(**{key: value for key, value in case.items() if key in wants})


def test_pig_is_registered_only_while_a_test_asks_for_it(pig: meeples.Game[Any, Any]) -> None:
    assert "pig" in meeples.game_names() and meeples.load("pig") is pig
    registry.unregister("pig")
    assert "pig" not in meeples.game_names()
    assert registry.register(PACKAGE) is pig


def test_pig_declares_what_it_offers_in_one_place(pig: meeples.Game[Any, Any]) -> None:
    declared = pig.capabilities
    assert declared.chance and not declared.hidden_information
    assert declared.evaluate is not None and declared.environment is not None
    assert declared.openspiel is not None and set(declared.levels) == {"easy", "normal", "hard"}
    assert declared.terminal is None and declared.components is None  # the generic boards


def test_pig_speaks_every_language_with_the_same_keys(pig: meeples.Game[Any, Any]) -> None:
    keys = {lang: set(json.loads((TEXT / f"{lang}.json").read_text())["messages"])
            for lang in LANGUAGES}
    assert all(found == keys["en"] for found in keys.values())
    assert all(key in catalogue(lang).messages for lang in LANGUAGES for key in keys["en"])


def test_pig_words_its_turn_in_each_language(pig: meeples.Game[Any, Any]) -> None:
    state = pig.parse("goal=50 scores=12,30 turn=1 total=7 die=still turns=14")
    words = {lang: render(state.prompt(), lang) for lang in LANGUAGES}
    assert words == {
        "en": "player 2 to play: roll the die or hold your 7 points (30 of 50 banked)",
        "fr": "joueur 2 joue : lancer le dé ou garder ses 7 points (30 sur 50 en banque)",
        "es": "juega jugador 2: tira el dado o guarda tus 7 puntos (30 de 50 en el banco)",
    }


def test_pig_rules_are_numbered_and_every_rule_of_its_messages_exists(
    pig: meeples.Game[Any, Any],
) -> None:
    from meeples.core.rulebook import game_rules

    numbered = {ident for ident, _, _ in game_rules(pig)}
    assert numbered == {"1", "2", "3", "4", "5"}
    assert set(pig.rules.rule_of.values()) <= numbered


def test_a_one_loses_the_turns_points_and_passes_the_die(pig: meeples.Game[Any, Any]) -> None:
    state = pig.parse("goal=100 scores=10,20 turn=0 total=9 die=rolling turns=4")
    after, said = state.play_told("1")
    assert after.position() == "goal=100 scores=10,20 turn=1 total=0 die=still turns=5"
    assert [m.key for m in said] == ["pig.fx.bust"] and render(said[0]).endswith("loses 9 points")


def test_reaching_the_goal_by_a_roll_wins_at_once(pig: meeples.Game[Any, Any]) -> None:
    state = pig.parse("goal=20 scores=15,0 turn=0 total=3 die=rolling turns=2")
    after = state.play("2")
    assert after.outcome is not None and after.outcome.winners == (0,)
    assert render(after.prompt()) == "player 1 reaches the goal of 20 points and wins"


def test_hold_needs_points_to_bank(pig: meeples.Game[Any, Any]) -> None:
    state = pig.new(players=3)
    assert state.legal() == ["roll"]
    with pytest.raises(meeples.IllegalAction, match="nothing to hold yet"):
        state.play("hold")


def test_a_bad_position_is_refused_with_its_text(pig: meeples.Game[Any, Any]) -> None:
    with pytest.raises(meeples.BadPosition, match="not a Pig position"):
        pig.parse("goal=100 scores=0 turn=0 total=0 die=still turns=0")
