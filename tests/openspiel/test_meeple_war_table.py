"""Meeple War's fixed action table: every legal action and chance outcome of seeded random games
has an id, ids and texts round-trip, each text is the grammar's with the same fields, and what
lies beyond the table's hexes is refused with the reason."""

from __future__ import annotations

import random

import pytest

import meeples
from meeples.games.meeple_war import action_table as table
from meeples.games.meeple_war import grammar


def sample_ids(space: object, per_form: int, seed: int = 0) -> list[int]:
    """Return each form's first and last ids and some drawn between them."""
    rng = random.Random(seed)
    out = []
    for offset, form in zip(space.offsets, space.forms, strict=True):  # type: ignore[attr-defined]
        out += [offset, offset + form.size - 1]
        out += [offset + rng.randrange(form.size) for _ in range(min(per_form, form.size))]
    return out


def test_every_grammar_form_has_a_table_form() -> None:
    assert table.TABLE.missing == ()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_of_random_games_has_an_id_that_round_trips(players: int) -> None:
    game = meeples.load("meeple_war")
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
    assert states > 10_000


def test_ids_and_texts_round_trip() -> None:
    space = table.TABLE.decisions
    first, size = space.block("frighten")
    for number in sample_ids(space, 300):
        if space.text(number) is None:  # a hole: only a frightened meeple's step off the table
            assert first <= number < first + size
            continue
        assert table.action_id(table.action_text(number)) == number


def test_every_text_is_the_grammars_with_the_same_fields() -> None:
    for number in sample_ids(table.TABLE.decisions, 100, seed=1):
        text = table.TABLE.decisions.text(number)
        if text is None:
            continue
        parts = grammar.action_parts(text)
        form = table.TABLE.decisions.form(number)
        fields = form.regex.fullmatch(text).groupdict()  # type: ignore[union-attr]
        assert parts["verb"] == form.verb
        for name, value in fields.items():
            assert str(parts[name]) == value, (text, name)


def test_chance_outcomes_are_numbered_once_the_grammar_has_them() -> None:
    numbered = {form.verb for form in table.TABLE.outcomes.forms}
    assert numbered | set(table.TABLE.waiting) == {"first", "draw"}
    for number in range(table.CHANCE_COUNT):
        assert table.chance_id(table.chance_text(number)) == number


def test_hexes_are_numbered_ring_by_ring_whatever_the_radius() -> None:
    small, large = table.ring_hexes(3), table.ring_hexes(table.RADIUS)
    assert large[:len(small)] == small
    assert len(set(large)) == len(large) == 3 * table.RADIUS * (table.RADIUS + 1) + 1
    assert max(max(abs(q), abs(r), abs(q + r)) for q, r in large) == table.RADIUS


def test_exact_radius_is_the_2_player_setup_and_its_whole_pile() -> None:
    # 2 players: 5 setup tiles within 1 of the centre, 31 in the pile.
    assert table.EXACT_RADIUS == 1 + 31


def test_action_beyond_the_tables_hexes_is_refused_with_the_radius() -> None:
    far = f"explore@{table.RADIUS + 1},0"
    grammar.action_parts(far)  # an action of the grammar all the same
    with pytest.raises(meeples.IllegalAction, match=f"within {table.RADIUS}"):
        table.action_id(far)


def test_frightened_meeple_steps_to_a_neighbour_only() -> None:
    assert table.action_text(table.action_id("fr:1@0,0>1,0")) == "fr:1@0,0>1,0"
    with pytest.raises(meeples.IllegalAction):
        table.action_id("fr:1@0,0>2,0")


@pytest.mark.parametrize("number", [-1, table.COUNT, "3", 1.0, None])
def test_not_an_id_is_refused(number: object) -> None:
    with pytest.raises(meeples.IllegalAction):
        table.action_text(number)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "done ", "s5:fly", "fly", 3])
def test_not_an_action_is_refused(text: object) -> None:
    with pytest.raises(meeples.IllegalAction):
        table.action_id(text)  # type: ignore[arg-type]


def test_step_off_the_tables_hexes_names_no_action() -> None:
    edge = f"{table.RADIUS},0"
    start, _ = table.TABLE.decisions.block("frighten")
    form = table.TABLE.decisions.forms[table.TABLE.decisions.offsets.index(start)]
    east = start + table.HEX_NAMES.index(edge) * 6  # seat 0, direction 0 (east): off the table
    assert form.text(east - start) is None
    with pytest.raises(meeples.IllegalAction):
        table.action_text(east)


def test_exact_table_numbers_an_action_as_far_out_as_a_tile_can_lie() -> None:
    exact = table.table(table.EXACT_RADIUS)
    far = f"{table.EXACT_RADIUS},0>-{table.EXACT_RADIUS - 1},0:13"  # a tunnel across the board
    assert exact.action_text(exact.action_id(far)) == far
    with pytest.raises(meeples.IllegalAction):
        table.action_id(far)


def test_module_table_is_the_table_of_its_radius() -> None:
    assert table.table(table.RADIUS).COUNT == table.COUNT == 3_277_862
    assert table.table(table.EXACT_RADIUS).COUNT == 141_930_962
