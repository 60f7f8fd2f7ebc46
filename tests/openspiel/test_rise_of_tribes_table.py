"""Rise of Tribes' fixed action table: every legal action and chance outcome of seeded random
games has an id, every id and text round-trip, and each text is the notation's with the same
fields."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeples
from meeples.games.rise_of_tribes import action_table as table
from meeples.games.rise_of_tribes import notation


def shown(name: str, value: Any) -> str:
    """Return a part's value as its text shows it: a list of resources as its letters, and an
    altar's payment of four of one resource as that letter."""
    if name == "pay":
        return "".join(sorted(set(value), key="wfs".index))
    return "".join(value) if isinstance(value, list) else str(value)


def test_every_notation_form_has_a_table_form() -> None:
    assert table.TABLE.missing == ()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_of_random_games_has_an_id_that_round_trips(players: int) -> None:
    game = meeples.load("rise_of_tribes")
    rules = game.rules
    states = 0
    for seed in range(30):
        inner = game.new(players, seed).inner
        rng = random.Random(seed)
        while rules.outcome(inner) is None:
            legal = rules.legal_actions(inner)
            if rules.to_move(inner) == meeples.CHANCE:  # outcomes: the table's chance part
                numbers = [table.chance_id(outcome) for outcome in legal]
                assert [table.chance_text(n) for n in numbers] == list(legal)
            else:
                numbers = table.ids(legal)
                assert table.texts(numbers) == list(legal)
            assert len(set(numbers)) == len(numbers)
            states += 1
            inner = rules.apply(inner, rng.choice(legal))
    assert states > 3000


def test_every_id_and_its_text_round_trip() -> None:
    assert [table.action_id(table.action_text(n)) for n in range(table.COUNT)] == list(
        range(table.COUNT))


def test_every_text_is_the_notations_with_the_same_fields() -> None:
    for number in range(table.COUNT):
        text = table.action_text(number)
        parts = notation.action_parts(text)
        form = table.TABLE.decisions.form(number)
        fields = form.regex.fullmatch(text).groupdict()  # type: ignore[union-attr]
        assert parts["verb"] == form.verb, text
        # a field named as a Python keyword ("from_") is its part without the "_" ("from")
        assert {name: shown(name, parts[name.rstrip("_")]) for name in fields} == fields, text


def test_chance_outcomes_are_numbered_once_the_notation_has_them() -> None:
    numbered = {form.verb for form in table.TABLE.outcomes.forms}
    assert numbered | set(table.TABLE.waiting) == {
        "terrain", "tile", "tribe", "first", "roll", "cards", "event"}
    for number in range(table.CHANCE_COUNT):
        text = table.chance_text(number)
        assert table.chance_id(text) == number
        notation.parse_action(text)


@pytest.mark.parametrize("number", [-1, table.COUNT, "3", 1.0, None])
def test_not_an_id_is_refused(number: object) -> None:
    with pytest.raises(meeples.IllegalAction):
        table.action_text(number)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "bid 0", "bid 10000", "p-a", "c=wwwww", "village c e -w"])
def test_not_an_action_is_refused(text: str) -> None:
    with pytest.raises(meeples.IllegalAction):
        table.action_id(text)
