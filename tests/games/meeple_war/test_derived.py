"""Derived data kept for speed (work.py, battlefield.py) agrees with a fresh computation."""

from __future__ import annotations

import dataclasses
import random

import pytest

from meeples.games.meeple_war import RULES, movement, rules
from meeples.games.meeple_war.battlefield import Battlefield
from meeples.games.meeple_war.board import VILLAGE
from meeples.games.meeple_war.notation import format_state, parse_state
from meeples.games.meeple_war.state import Seat, State
from meeples.games.meeple_war.work import SeatW, Work, make_slot
from tests.games.meeple_war.playouts import CONFIGS, playout


def _fresh_battlefield(state: State) -> Battlefield:
    return Battlefield({h: (t, r) for h, t, r in state.tiles}, frozenset(state.trees),
                       dict(state.upgrades), VILLAGE[state.players, state.first],
                       "cavern_range_exactly_2" in state.options)


def _states(step: int = 7) -> list[State]:
    return [s for n, qs in CONFIGS for s, _ in playout(n, qs, 3)[::step]]


def test_derived_reach_kept_across_tiles_and_trees_equals_fresh() -> None:
    for state in _states(3):
        kept, fresh = state.aux[0], _fresh_battlefield(state)
        for h in {h for h, _, _ in state.troops} | set(kept.tiles):
            for nature in (False, True):
                assert kept.closed(h) == fresh.closed(h)
                assert kept.reach(h, nature)[:4] == fresh.reach(h, nature)[:4], (h, nature)


def test_derived_battlefield_fields_equal_state_fields() -> None:
    for state in _states():
        kept, fresh = state.aux[0], _fresh_battlefield(state)
        assert kept.fields == (state.tiles, state.trees, state.upgrades) == fresh.fields
        assert (kept.tiles, kept.kinds, kept.mines) == (fresh.tiles, fresh.kinds, fresh.mines)
        assert kept.open_forest_edges() == fresh.open_forest_edges()
        assert kept.upgradable() == fresh.upgradable()


def test_derived_troops_map_equals_troops_field() -> None:
    for state in _states():
        rows = {h: [0] * state.players for h, _, _ in state.troops}
        for h, p, c in state.troops:
            rows[h][p] = c
        assert state.aux[1] == {h: tuple(row) for h, row in rows.items()}


def test_derived_legal_actions_equal_a_fresh_working_copy() -> None:
    for state in _states():
        assert RULES.legal_actions(state) == rules.options(Work(dataclasses.replace(state)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_derived_move_texts_equal_destinations(players: int) -> None:
    for state, _ in playout(players, False, 5):
        if state.step != "move" or state.effects:
            continue
        w = Work(state)
        expected = []
        for h in sorted(w.troops):
            movable = w.troops[h][w.active] - w.frozen.get(h, 0)
            if movable > 0 and h in w.tiles:
                for _, cap, texts in movement.destinations(w, h, w.active):
                    expected += texts[:min(movable, cap)]
        assert movement.move_options(w) == expected


def test_derived_apply_from_parsed_position_equals_apply_from_state() -> None:
    for state, action in playout(3, True, 4)[::11]:
        if not action:
            continue
        parsed = parse_state(format_state(state))
        assert not parsed.aux
        assert RULES.apply(parsed, action) == RULES.apply(state, action)


def test_derived_seat_freeze_equals_seat() -> None:
    for state in _states(25):
        for seat in state.seats:
            frozen = SeatW(seat).freeze()
            assert frozen == seat and repr(frozen) == repr(seat) and hash(frozen) == hash(seat)


def test_derived_shared_slot_equals_new_slot() -> None:
    from meeples.games.meeple_war.state import Slot

    assert make_slot("FA", False, "c1", (0, 1)) == Slot("FA", False, "c1", (0, 1))
    assert make_slot("FA", False, "c1", (0, 1)) is make_slot("FA", False, "c1", (0, 1))


def test_derived_freeze_sets_exactly_the_state_fields() -> None:
    names = [f.name for f in dataclasses.fields(State)]
    for state in _states(50):
        # troops, seats and frozen may be left out until first read (state._Lazy)
        assert sorted({*vars(state), "troops", "seats", "frozen"}) == sorted(names)
        assert state.troops is vars(state)["troops"]
        assert state.seats is vars(state)["seats"]
        assert state.frozen is vars(state)["frozen"]


def _plain_troops(troops: dict[int, tuple[int, ...]]) -> tuple[tuple[int, int, int], ...]:
    return tuple((h, p, c) for h in sorted(troops) for p, c in enumerate(troops[h]) if c)


_SEAT_FIELDS = [f.name for f in dataclasses.fields(Seat)]


def _plain_seats(seats: list[Seat | SeatW]) -> list[list[object]]:
    return [[tuple(getattr(s, name)) if name == "slots" else getattr(s, name)
             for name in _SEAT_FIELDS] for s in seats]


def _lazy_playout(players: int) -> list[tuple[State, tuple[object, ...], list[list[object]],
                                              list[tuple[int, int]]]]:
    """Return each state with snapshots of its troops map, seats list and frozen map as it
    was made, the game and its siblings having gone on from it since."""
    rng = random.Random(players)
    state = RULES.initial_state(players, players, {})
    made = []
    while not state.result and len(made) < 400:
        made.append((state, _plain_troops(state.aux[1]), _plain_seats(state.aux[3]),
                     sorted((h, k) for h, k in state.aux[4].items() if k)))
        actions = RULES.legal_actions(state)
        for action in actions[:3]:  # siblings share the map and the seats too
            RULES.apply(state, action)
        state = RULES.apply(state, rng.choice(actions))
    return made


@pytest.mark.parametrize("players", [2, 3, 4])
def test_derived_lazy_troops_field_equals_the_map_when_made(players: int) -> None:
    made = _lazy_playout(players)
    assert any("troops" not in vars(s) for s, _, _, _ in made)
    for old, troops, _, _ in made:
        assert old.troops == troops


@pytest.mark.parametrize("players", [2, 3, 4])
def test_derived_lazy_seats_field_equals_the_seats_when_made(players: int) -> None:
    made = _lazy_playout(players)
    assert any("seats" not in vars(s) for s, _, _, _ in made)
    for old, _, seats, _ in made:
        assert all(type(seat) is Seat for seat in old.seats)
        assert _plain_seats(list(old.seats)) == seats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_derived_lazy_frozen_field_equals_the_frozen_map_when_made(players: int) -> None:
    made = _lazy_playout(players)
    assert any("frozen" not in vars(s) for s, _, _, _ in made)
    for old, _, _, frozen in made:
        assert list(old.frozen) == frozen
