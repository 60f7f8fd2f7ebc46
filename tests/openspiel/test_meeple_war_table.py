"""Meeple War's fixed action table: hexes are named by places (a tile, a village slot, a side of a
tile), so every legal action of every state has an id that round-trips through that state, even
far beyond any fixed radius, and distinct legal actions have distinct ids."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeples
from meeples.games.meeple_war import action_table as table
from meeples.games.meeple_war import grammar
from meeples.games.meeple_war.board import SLOT_HEXES, coords, hex_name


def sample_ids(space: object, per_form: int, seed: int = 0) -> list[int]:
    """Return each form's first and last ids and some drawn between them."""
    rng = random.Random(seed)
    out = []
    for offset, form in zip(space.offsets, space.forms, strict=True):  # type: ignore[attr-defined]
        out += [offset, offset + form.size - 1]
        out += [offset + rng.randrange(form.size) for _ in range(min(per_form, form.size))]
    return out


def check_state(inner: Any, legal: list[str]) -> None:
    """Assert that a decision's legal actions have distinct ids that round-trip in its state,
    each in the block of its verb's forms."""
    numbers = table.ids(legal, inner)
    assert table.texts(numbers, inner) == list(legal)
    assert len(set(numbers)) == len(numbers)
    for text, number in zip(legal, numbers, strict=True):
        assert table.TABLE.decisions.form(number).verb == grammar.action_parts(text)["verb"]


def reach(inner: Any) -> int:
    """Return how far from the centre the farthest placed tile lies."""
    return max(max(abs(q), abs(r), abs(q + r)) for q, r in (coords(h) for h, _, _ in inner.tiles))


def eastward(legal: list[str]) -> str | None:
    """Return the exploration, else the move whose destination lies farthest east, if any."""
    def east(text: str) -> int:
        if text.startswith("explore@"):
            return 1_000
        if grammar.action_parts(text)["verb"] != "move":
            return -1_000
        q, r = (int(part) for part in text.split(">")[1].split(":")[0].split(","))
        return 2 * q + r
    best = max(legal, key=east)
    return best if east(best) > -1_000 else None


def test_every_grammar_form_has_a_table_form() -> None:
    assert table.TABLE.missing == ()


def test_count_is_the_forms_over_36_tiles_216_tile_sides_and_27_village_slots() -> None:
    assert len(table.TILE_PLACES) == 36
    assert len(table.EMPTY_PLACES) == 36 * 6
    assert len(table.VILLAGE_HEXES) == len({h for seats in SLOT_HEXES.values()
                                             for seat in seats for h in seat}) == 27
    assert table.COUNT == 153_698
    assert table.CHANCE_COUNT == 40


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_of_random_games_has_an_id_that_round_trips(players: int) -> None:
    game = meeples.load("meeple_war")
    rules = game.rules
    states = 0
    for seed in range(20):
        inner = game.new(players, seed).inner
        rng = random.Random(seed)
        while rules.outcome(inner) is None:
            legal = rules.legal_actions(inner)
            if rules.to_move(inner) == meeples.CHANCE:  # outcomes: the table's chance part
                numbers = [table.chance_id(outcome) for outcome in legal]
                assert [table.chance_text(n) for n in numbers] == list(legal)
                assert len(set(numbers)) == len(numbers)
            else:
                check_state(inner, legal)
            states += 1
            inner = rules.apply(inner, rng.choice(legal))
    assert states > 5_000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_far_beyond_radius_12_has_an_id_that_round_trips(players: int
                                                                            ) -> None:
    # Games that explore eastwards whenever they can: tiles lie 14 to 22 hexes out.
    game = meeples.load("meeple_war")
    rules = game.rules
    farthest = 0
    for seed in range(3):
        inner = game.new(players, seed).inner
        rng = random.Random(seed)
        while rules.outcome(inner) is None:
            legal = rules.legal_actions(inner)
            choice = rng.choice(legal)
            if rules.to_move(inner) != meeples.CHANCE:
                check_state(inner, legal)
                east = eastward(legal)
                if east is not None and rng.random() < 0.9:
                    choice = east
            inner = rules.apply(inner, choice)
            farthest = max(farthest, reach(inner))
    assert farthest > 13


def test_a_hex_is_its_tile_a_village_slot_or_the_side_of_the_lowest_tile_next_to_it() -> None:
    inner = meeples.load("meeple_war").new(2, 0).inner  # T01 at 0,0, T07 at 0,-1, T10 at 1,-1
    places = table.places(inner)
    assert places["0,0"] == "T01" and places["1,-1"] == "T10"
    assert places["1,0"] == "T01+0"  # next to T01 (its east) and T10 (its south-east)
    assert places["2,-1"] == "T10+0"
    assert all(places[hex_name(h)] == hex_name(h) for seat in SLOT_HEXES[2] for h in seat)
    assert len(set(places.values())) == len(places)


def test_same_move_text_has_the_id_of_its_places_in_each_state() -> None:
    inner = meeples.load("meeple_war").new(2, 0).inner
    number = table.action_id("0,0>1,0:2", inner)
    assert table.TABLE.decisions.text(number) == "T01>T01+0:2"
    assert table.action_text(number, inner) == "0,0>1,0:2"


def test_text_naming_no_hex_needs_no_state() -> None:
    for text in ("done", "w1>a", "s2:asm:3", "rot:4", "s1:bomb@2.3"):
        assert table.action_text(table.action_id(text)) == text


def test_text_naming_a_hex_without_its_state_is_refused_with_the_reason() -> None:
    with pytest.raises(meeples.IllegalAction, match="needs its state"):
        table.action_id("0,0>1,0:2")


def test_hex_no_action_can_name_is_refused_with_the_reason() -> None:
    inner = meeples.load("meeple_war").new(2, 0).inner
    with pytest.raises(meeples.IllegalAction, match="neither a tile, a village slot nor next"):
        table.action_id("explore@40,0", inner)


def test_id_of_a_place_this_state_lacks_names_no_action_here() -> None:
    inner = meeples.load("meeple_war").new(2, 0).inner  # T36 is still in the pile
    number = table.action_id("explore@T36+0")
    with pytest.raises(meeples.IllegalAction, match="names no Meeple War action in this state"):
        table.action_text(number, inner)
    assert table.action_text(number) == "explore@T36+0"


def test_ids_and_texts_round_trip() -> None:
    for number in sample_ids(table.TABLE.decisions, 300):
        assert table.action_id(table.action_text(number)) == number


def test_chance_outcomes_are_numbered_apart() -> None:
    assert {form.verb for form in table.TABLE.outcomes.forms} == {"first", "draw"}
    assert table.chance_id("first:0") == 0 and table.chance_id("draw:T01") == 4
    for number in range(table.CHANCE_COUNT):
        assert table.chance_id(table.chance_text(number)) == number


@pytest.mark.parametrize("number", [-1, table.COUNT, "3", 1.0, None])
def test_not_an_id_is_refused(number: object) -> None:
    with pytest.raises(meeples.IllegalAction):
        table.action_text(number)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "done ", "s5:fly", "fly", 3, "explore@T37+0"])
def test_not_an_action_is_refused(text: object) -> None:
    with pytest.raises(meeples.IllegalAction):
        table.action_id(text)  # type: ignore[arg-type]
