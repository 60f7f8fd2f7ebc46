"""Sparta's fixed action table: every legal action has an id, ids round-trip, the scheme holds."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeples
from meeples.games.sparta import actions, notation
from meeples.games.sparta.state import Action

GAME = meeples.load("sparta")
RULES = GAME.rules


def random_states(seed: int) -> list[Any]:
    """Return the internal states of a seeded random game, to its end."""
    rng = random.Random(seed)
    state = RULES.initial_state(2, seed, GAME.check_options(2, {}))
    states = [state]
    while RULES.outcome(state) is None:
        legal = RULES.legal_actions(state)
        state = RULES.apply(state, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(4))
def test_action_table_every_legal_action_has_a_distinct_id(seed: int) -> None:
    for state in random_states(seed):
        legal = RULES.legal_actions(state)
        texts = [notation.format_action(a) for a in legal]
        numbers = [actions.action_id(text) for text in texts]
        assert len(set(numbers)) == len(numbers)
        assert all(0 <= n < actions.COUNT for n in numbers)
        assert [actions.action_text(n) for n in numbers] == texts == actions.texts(numbers)
        assert actions.ids(legal) == numbers
        assert [actions.action(n) for n in numbers] == list(legal)


def test_action_table_every_id_round_trips() -> None:
    named = [n for n in range(actions.COUNT) if actions.TEXTS[n] is not None]
    assert len(named) == 3264 + 100 + 1
    for number in named:
        text = actions.action_text(number)
        assert actions.action_id(text) == number
        assert notation.format_action(notation.parse_action(text)) == text
    assert len({actions.TEXTS[n] for n in named}) == len(named)


def test_action_table_scheme_origin_slot_and_pass() -> None:
    # b2 is square 11; b4 is two ranks up: box index (2 + 3) * 7 + 3 = 38, slot 38.
    assert actions.action_id("b2-b4") == 11 * 49 + 38
    assert actions.action_id("a1-d4") == 48  # 3 up and 3 right of a1: the last slot
    assert actions.action_id("d4-a1") == 33 * 49 + 1  # 3 down and 3 left: the first move slot
    assert actions.action_id("e5-d5") == 44 * 49 + 24
    assert actions.action_id("e5-f5") == 44 * 49 + 25
    assert actions.action_id("a1=H") == 0
    assert actions.action_id("e5=H") == 44 * 49
    assert actions.action_id("j10=H") == 99 * 49 == 4851
    assert actions.action_id("pass") == 4900 == actions.COUNT - 1


@pytest.mark.parametrize("seed", range(2))
def test_action_table_ids_ascend_in_the_rules_order(seed: int) -> None:
    for state in random_states(seed):
        numbers = actions.ids(RULES.legal_actions(state))
        assert numbers == sorted(numbers)


def test_action_table_mirror_turns_the_board_half_a_turn() -> None:
    assert actions.action_text(actions.mirror(actions.action_id("b2-b4"))) == "i9-i7"
    assert actions.action_text(actions.mirror(actions.action_id("e5=H"))) == "f6=H"
    assert actions.mirror(actions.PASS_ID) == actions.PASS_ID
    for number in range(actions.COUNT):
        if actions.TEXTS[number] is not None:
            assert actions.mirror(actions.mirror(number)) == number
            if number < actions.PASS_ID:
                assert actions.mirror(number) % 49 == (49 - number % 49) % 49


@pytest.mark.parametrize("text", ["a1-a5", "b2-f6", "b2-b2", "z9-a1", "", "Pass", "b2-b4 "])
def test_action_table_refuses_texts_without_an_id(text: str) -> None:
    with pytest.raises(meeples.IllegalAction):
        actions.action_id(text)


@pytest.mark.parametrize("number", [-1, 4901, 1, 47 * 49 + 48, 9 * 49 + 48, "1", 1.0])
def test_action_table_refuses_ids_without_an_action(number: Any) -> None:
    with pytest.raises(meeples.IllegalAction):
        actions.action_text(number)
    if isinstance(number, int):
        with pytest.raises(meeples.IllegalAction):
            actions.action(number)


def test_action_table_internal_actions_are_the_rules_own() -> None:
    assert actions.action(actions.action_id("b2-b4")) == Action(11, 31)
    assert actions.IDS[Action(-1, -1)] == actions.PASS_ID


def test_every_table_declared_in_the_rules_order_ascends_in_it() -> None:
    from meeples.env import action_table, env_games, env_spec

    for name in env_games():
        if not env_spec(name).ids_in_rules_order:
            continue  # Rise of Tribes: the environments sort its legal ids
        game = meeples.load(name)
        table = action_table(name)
        rng = random.Random(0)
        state = game.new()
        for _ in range(200):
            if state.outcome is not None:
                break
            numbers = [table.action_id(text) for text in state.legal()]
            assert numbers == sorted(numbers)
            state = state.play(rng.choice(state.legal()))
