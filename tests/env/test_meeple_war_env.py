"""Meeple War's environments: factored choices (a head, then its place) that map every legal
action to one path of ids and back, on every map however far it grows, masks equal to the legal
set, PettingZoo's api_test and seed_test at 2-4 players, Gymnasium's check_env, the observation
from the view (places, not a fixed grid), rewards, rendering."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import meeples
from meeples.core.chance import CHANCE
from meeples.env import aec, batch, gym, meeple_war, vector
from meeples.env.episode import Episode
from meeples.env.meeple_war import (
    FEATURES,
    KINDS,
    PLACE_BLOCK,
    ROW,
    ROWS,
    SHAPE,
    Observer,
    from_state,
    from_view,
    mark,
)
from meeples.games.meeple_war import action_table, choices
from meeples.games.meeple_war.board import DELTA, FOREST, coords, hex_name
from meeples.games.meeple_war.data import TILES
from meeples.games.meeple_war.rules import to_move as rules_to_move
from meeples.games.meeple_war.view import view as rules_view
from tests.env.test_pettingzoo import DICT_OBSERVATION
from tests.openspiel.test_meeple_war_table import eastward

GAME = "meeple_war"


def positions(players: int, games: int, seed: int = 0) -> Iterator[Any]:
    """Yield the states of seeded random games where a player decides."""
    game = meeples.load(GAME)
    for number in range(games):
        state = game.new(players, seed + number)
        rng = random.Random(seed + number)
        while not state.is_terminal():
            if state.is_chance:
                state = state.settle()
                continue
            yield state
            state = state.play(rng.choice(state.legal()))


def far_positions(players: int, games: int, seed: int = 0) -> Iterator[Any]:
    """Yield the internal states of seeded games that explore eastwards whenever they can (as
    the action table's tests do): their tiles reach 14 to 22 hexes out."""
    rules = meeples.load(GAME).rules
    for number in range(seed, seed + games):
        inner = meeples.load(GAME).new(players, number).inner
        rng = random.Random(number)
        while rules.outcome(inner) is None:
            legal = rules.legal_actions(inner)
            choice = rng.choice(legal)
            if rules.to_move(inner) != meeples.CHANCE:
                yield inner
                east = eastward(legal)
                if east is not None and rng.random() < 0.9:
                    choice = east
            inner = rules.apply(inner, choice)


def off_grid(inner: Any) -> int:
    """Return the largest |q| or |r| of a placed tile (the 25x25 grid held 12)."""
    return max(max(abs(q), abs(r)) for q, r in (coords(h) for h, _, _ in inner.tiles))


def check_paths(inner: Any) -> tuple[int, int]:
    """Assert that a decision's legal actions each have one path of ids, distinct, that reads
    back to it in its state, heads exactly where two ids are needed, and that the options of the
    environment are exactly those paths; return the paths' and the heads' counts."""
    rules = meeples.load(GAME).rules
    legal = list(rules.legal_actions(inner))
    paths = choices.paths(legal, inner)
    assert len(paths) == len(legal) and len(set(paths)) == len(paths)
    for text, path in zip(legal, paths, strict=True):
        assert choices.text(path, inner) == text
        assert choices.path(text, inner) == path
        assert 0 <= path[0] < choices.FIRST_COUNT
        assert choices.is_head(path[0]) == (len(path) == 2)
        if len(path) == 2:
            assert choices.FIRST_COUNT <= path[1] < choices.COUNT
    options = choices.options(legal, inner)
    tree: dict[int, Any] = {}
    for text, path in zip(legal, paths, strict=True):
        if len(path) == 1:
            tree[path[0]] = text
        else:
            tree.setdefault(path[0], {})[path[1]] = text
    assert options == tree
    return len(paths), sum(len(path) == 2 for path in paths)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_has_one_path_of_ids_and_back(players: int) -> None:
    heads = 0
    for state in positions(players, 2, seed=10 * players):
        heads += check_paths(state.inner)[1]
    assert heads  # moves were met, each in two decisions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_far_beyond_radius_12_has_one_path_of_ids_and_back(
    players: int
) -> None:
    farthest = 0
    for inner in far_positions(players, 3):
        check_paths(inner)
        farthest = max(farthest, off_grid(inner))
    assert farthest > 12  # beyond the 25x25 grid the ids once had


def test_choices_places_are_the_action_tables_on_every_map() -> None:
    for inner in far_positions(3, 1, seed=5):
        numbered = choices.places(inner)
        assert {hex_name(h): choices.PLACES[p] for h, p in numbered.items()} == \
            action_table.places(inner)


def test_choices_count_is_the_same_at_every_player_count_and_modest() -> None:
    assert choices.COUNT == choices.FIRST_COUNT + len(choices.PLACES) == 3_124
    assert len(choices.PLACES) == 36 + 216 + 27
    assert SHAPE == (len(FEATURES),) == (
        36 * 40 + 216 * 17 + 27 * 25 + 4 * 168 + 41 + 36  # the places, seats, turn, head
        + 6 + 12 + 36 + 2 * 5 + 2 + 4 + 5 + 1 + 4 + 1 + 1  # the decision in progress
        + 4,)  # the observer's seat
    assert PLACE_BLOCK == ROW[-1] + len(ROWS[-1])
    for players in (2, 3, 4):
        assert aec(GAME, players=players).action_space("player_0").n == choices.COUNT


def opening() -> Any:
    """Return the 2-player setup (T01 at 0,0, T07 at 0,-1, T08 at 0,1, T10 at 1,-1, T11 at
    -1,1; V1 of seat 0 at 2,-2)."""
    return meeples.load(GAME).new(2, 0).inner


@pytest.mark.parametrize(("text", "path_texts"), [
    ("done", ("done",)),
    ("w1>a", ("w1>a",)),
    ("explore@1,0", ("explore@T01+0",)),
    ("0,-1>1,0:4", ("T07>?:4", "T01+0")),
    ("0,0>2,-2:1", ("T01>?:1", "2,-2")),
    ("fr:1@0,0>1,-1", ("fr:1@T01>?", "T10")),
    ("tree:1,0/2", ("tree:?/2", "T01+0")),
    ("s2:rei:3@-1,1", ("s2:rei:3@?", "T11")),
    ("bonus:0,0>0,1", ("bonus:T01>?", "T08")),
    ("bonus:0,0", ("bonus:T01",)),
    ("s1:conv@2.3.0<0,1", ("s1:conv@2.3.0<?", "T08")),
    ("kill:3@0,-1", ("kill:3@?", "T07")),
])
def test_a_two_step_action_is_its_head_then_its_last_place(
    text: str, path_texts: tuple[str, ...]
) -> None:
    inner = opening()
    path = choices.path(text, inner)
    assert path is not None
    assert choices.FIRST.text(path[0]) == path_texts[0]
    if len(path_texts) == 2:
        assert choices.PLACES[path[1] - choices.FIRST_COUNT] == path_texts[1]
    assert choices.text(path, inner) == text
    assert choices.head_text(path) == action_table.TABLE.decisions.text(
        action_table.action_id(text, inner))  # the table's names, its places


def test_hexes_that_are_no_place_and_bad_paths_are_refused() -> None:
    inner = opening()
    assert choices.path("0,0>9,0:1", inner) is None  # 9,0 is next to no tile
    assert choices.path("explore@0,0", inner) is None  # a tile, not an empty hex
    assert choices.path("1,0>0,0:1", inner) is None  # a move starts on a tile
    head = choices.path("0,0>1,0:1", inner)
    assert head is not None
    with pytest.raises(ValueError):
        choices.text(head[:1], inner)  # a head without its place
    with pytest.raises(ValueError):
        choices.text((head[1],), inner)  # a place without a head
    with pytest.raises(ValueError):
        choices.text((choices.path("done", inner)[0], head[1]), inner)  # type: ignore[index]
    with pytest.raises(ValueError):
        choices.text((choices.COUNT,), inner)
    upgrade = choices.path("up:asm@-1,1", inner)
    assert upgrade is not None
    with pytest.raises(ValueError, match="takes a place of T01"):
        choices.text((upgrade[0], head[1]), inner)  # an empty hex for a tile's field
    with pytest.raises(ValueError, match="not on this state's map"):
        choices.text((head[0], choices.FIRST_COUNT + choices.PLACE_INDEX["T36+0"]), inner)
    with pytest.raises(ValueError, match="names a hex that is no place"):
        choices.options(["0,0>9,0:1"], inner)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_masks_are_the_legal_set_in_each_of_the_two_steps(players: int) -> None:
    env = aec(GAME, players=players, checked=True)
    episode: Episode = env.unwrapped.episode
    rng = random.Random(players)
    env.reset(seed=players)
    heads = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert episode.to_move not in (None, CHANCE) and agent == f"player_{episode.to_move}"
        paths = choices.paths(episode.rules.legal_actions(episode.inner), episode.inner)
        if episode.pending is None:
            expected = {path[0] for path in paths}
        else:
            expected = {path[1] for path in paths if path[0] == episode.pending}
            heads += 1
        ids = np.flatnonzero(observation["action_mask"])
        assert set(ids.tolist()) == expected and len(ids) == len(expected)
        planes = observation["observation"]
        assert planes.shape == SHAPE and planes.min() >= 0.0 and planes.max() <= 1.0
        env.step(int(ids[rng.randrange(len(ids))]))
    assert heads


@pytest.mark.parametrize("players", [2, 4])
def test_masks_are_the_legal_set_on_maps_far_beyond_radius_12(players: int) -> None:
    # The agent explores eastwards whenever it can (through its ids), as far_positions does.
    env = aec(GAME, players=players, checked=True)  # every observation also from the view
    episode: Episode = env.unwrapped.episode
    farthest = 0
    for seed in range(3):
        rng = random.Random(seed)
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            inner = episode.inner
            legal = list(episode.rules.legal_actions(inner))
            paths = choices.paths(legal, inner)
            assert len(paths) == len(legal)  # every legal action has ids
            if episode.pending is None:
                expected = {path[0] for path in paths}
            else:
                expected = {path[1] for path in paths if path[0] == episode.pending}
            ids = np.flatnonzero(observation["action_mask"])
            assert set(ids.tolist()) == expected and len(ids) == len(expected)
            assert observation["observation"].shape == SHAPE
            east = eastward(legal)
            path = None if east is None else choices.path(east, inner)
            chosen = int(ids[rng.randrange(len(ids))])
            if path is not None and episode.pending is None and rng.random() < 0.9:
                chosen = path[0]
            elif path is not None and episode.pending == path[0]:
                chosen = path[1]
            env.step(chosen)
            farthest = max(farthest, off_grid(episode.inner))
        if farthest > 12:
            break
    assert farthest > 12


def test_fast_observation_equals_the_views_far_out() -> None:
    rules = meeples.load(GAME).rules
    farthest = 0
    for count, inner in enumerate(far_positions(3, 1, seed=1)):
        farthest = max(farthest, off_grid(inner))
        if count % 5 == 0:
            for seat in range(3):
                assert np.array_equal(from_state(inner, seat), from_view(rules.view(inner, seat)))
    assert farthest > 12


def test_the_same_agent_chooses_the_hex_after_a_head_and_sees_it() -> None:
    env = aec(GAME, players=3)
    episode: Episode = env.unwrapped.episode
    env.reset(seed=1)
    rng = random.Random(0)
    origins = [ROW[p] + ROWS[p].index("pending origin") for p in range(len(choices.PLACES))]
    verb = FEATURES.index("head move")
    while True:
        agent = env.agent_selection
        ids = np.flatnonzero(env.observe(agent)["action_mask"])
        heads = [int(i) for i in ids if choices.FIRST.text(int(i)).endswith(
            tuple(f">?:{k}" for k in range(1, 14)))]
        if heads:
            break
        env.step(int(ids[rng.randrange(len(ids))]))
    before = env.observe(agent)["observation"]
    assert before[verb] == 0.0
    env.step(heads[0])
    assert env.agent_selection == agent and episode.pending == heads[0]
    after = env.observe(agent)["observation"]
    assert after[verb] == 1.0
    start = choices.FIRST.text(heads[0]).split(">")[0]
    assert after[FEATURES.index(f"{start} pending origin")] == 1.0
    assert after[origins].sum() == 1.0
    same = np.ones(SHAPE, dtype=bool)
    same[origins] = False
    same[FEATURES.index("head move"):] = False
    assert np.array_equal(before[same], after[same])  # the game has not moved
    hexes = np.flatnonzero(env.observe(agent)["action_mask"])
    assert hexes.min() >= choices.FIRST_COUNT
    plies, inner = episode.plies, episode.inner
    env.step(int(hexes[0]))
    assert episode.pending is None and episode.plies > plies
    assert episode.last == choices.text((heads[0], int(hexes[0])), inner)


def test_mark_writes_the_heads_fields_relative_to_the_observer() -> None:
    head = choices.path("s2:conv@3.1.0<0,0", opening())
    assert head is not None
    planes = mark(np.zeros(SHAPE, dtype=np.float32), head[0], 1, 4)
    assert planes[FEATURES.index("head conv")] == 1.0
    assert planes[FEATURES.index("head slot V2")] == 1.0
    assert planes[FEATURES.index("head owner 2")] == 1.0  # seat 3, two after seat 1
    assert planes[FEATURES.index("head spot 1")] == 1.0
    assert planes[FEATURES.index("head player 3")] == 1.0  # seat 0, three after seat 1
    assert mark(np.zeros(SHAPE, dtype=np.float32), None, 0, 2).sum() == 0.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_observation_equals_the_views_for_every_seat(players: int) -> None:
    for count, state in enumerate(positions(players, 1, seed=players)):
        if count % 7:
            continue
        for seat in range(players):
            assert np.array_equal(from_state(state.inner, seat), from_view(state.view(seat)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observer_patching_equals_the_fast_twin_in_any_order(players: int) -> None:
    # An observer per game, and one for both games interleaved, for every seat now and then:
    # each call patches from whatever it saw last for that seat (other moves, several tiles
    # laid since), or builds anew (another game).
    shared, owns = Observer(), (Observer(), Observer())
    games = [list(far_positions(players, 1, seed=players)),
             [state.inner for state in positions(players, 1, seed=7 * players)]]
    rng = random.Random(players)
    trees = upgrades = laid = 0
    for step in range(max(map(len, games))):
        for states, own in zip(games, owns, strict=True):
            inner = states[min(step, len(states) - 1)]
            seats = range(players) if step % 9 == 0 else [rng.randrange(players)]
            for seat in seats:
                expected = from_state(inner, seat)
                assert np.array_equal(own(inner, seat), expected)
                assert np.array_equal(shared(inner, seat), expected)
            trees += bool(inner.trees)
            upgrades += bool(inner.upgrades)
            laid = max(laid, len(inner.tiles))
    assert trees and upgrades and laid > 20  # Trees, upgrade tokens and tiles laid were met


def decisions(players: int, seed: int, **options: Any) -> Iterator[Any]:
    """Yield the internal states of a seeded random game where a player decides."""
    rules = meeples.load(GAME).rules
    inner = meeples.load(GAME).new(players, seed, **options).inner
    rng = random.Random(seed)
    while rules.outcome(inner) is None:
        legal = rules.legal_actions(inner)
        if rules.to_move(inner) != meeples.CHANCE:
            yield inner
        inner = rules.apply(inner, rng.choice(legal))


def observed(players: int, seed: int, wanted: Any, **options: Any
             ) -> Iterator[tuple[Any, int, Any]]:
    """Yield (state, the seat to move, its observation) where ``wanted(state)`` holds, in a
    seeded random game observed by one observer patching from state to state; every
    observation is checked against the twin's, and those yielded against the view's."""
    observer = Observer()
    for inner in decisions(players, seed, **options):
        seat = rules_to_move(inner)
        planes = observer(inner, seat)
        assert np.array_equal(planes, from_state(inner, seat))
        if wanted(inner):
            assert np.array_equal(planes, from_view(rules_view(inner, seat)))
            yield inner, seat, planes


def feature(planes: Any, name: str) -> float:
    return float(planes[FEATURES.index(name)])


def test_the_tile_drawn_is_observed_with_its_forest_in_each_rotation() -> None:
    # The rotation of a drawn tile is the player's choice (rot:r): the observation shows the
    # tile (its kind, VP and forest in each rotation) and the sides its explorers came from.
    forested = 0
    for inner in decisions(2, 0):
        if inner.step != "rotate":
            continue
        h, t = inner.drawn
        planes = from_state(inner, inner.active)
        assert np.array_equal(planes, from_view(rules_view(inner, inner.active)))
        tile = TILES[t]
        assert feature(planes, f"drawn kind {tile.kind}") == 1.0
        assert sum(feature(planes, f"drawn kind {k}") for k in KINDS) == 1.0
        assert feature(planes, "drawn vp") == tile.vp / 2
        for r in range(6):
            for d in range(6):
                assert feature(planes, f"drawn rotation {r} forest {d}") == FOREST[t][r] >> d & 1
        origins = dict(inner.explore)[h]
        sides = {DELTA.index(o - h) for o in origins}
        assert sides and all(feature(planes, f"exploring entered from {d}") == (d in sides)
                             for d in range(6))
        forested += bool(tile.forest)
    assert forested  # tiles whose rotations differ were met


@pytest.mark.parametrize(("players", "seed", "once_per_player"), [(2, 0, False), (4, 1, True)])
def test_altars_used_and_interrupts_are_observed(players: int, seed: int,
                                                 once_per_player: bool) -> None:
    # An altar acts once a turn (per player with the option), and its kill or a mine's jump
    # waits as an interrupt of one player: the observation shows both, from the view and from
    # the state alike, and the observer patching from state to state writes the same.
    options = {"altar_once_per_player": True} if once_per_player else {}
    met = set()
    for inner, seat, planes in observed(players, seed,
                                        lambda inner: inner.altars_used or inner.effects,
                                        **options):
        tile_at = {h: t for h, t, _ in inner.tiles}
        for h, p in inner.altars_used:
            name = TILES[tile_at[h]].id
            assert feature(planes, f"altar {name} used") == 1.0
            if p >= 0:
                assert feature(planes, f"altar {name} used by {(p - seat) % players}") == 1.0
            met.add("altar by player" if p >= 0 else "altar")
        if inner.effects:
            kind, p, h = inner.effects[0]
            assert feature(planes, f"interrupt {kind}") == 1.0
            assert feature(planes, f"interrupt player {(p - seat) % players}") == 1.0
            assert feature(planes, f"interrupt at {TILES[tile_at[h]].id}") == 1.0
            met.add(kind)
    assert met == {"altar by player" if once_per_player else "altar", "kill", "jump"}


@pytest.mark.parametrize("players", [2, 3])
def test_the_token_window_and_a_frightens_moves_left_are_observed(players: int) -> None:
    # At a phase start every token holder decides in turn: the observation shows who still
    # will; a Frighten moves its meeples one by one: it shows how many it may still move.
    met = set()
    for inner, seat, planes in observed(players, 0, lambda inner: inner.window or inner.sub):
        holders = {(p - seat) % players for p in inner.window}
        assert all(feature(planes, f"window {k}") == (k in holders) for k in range(4))
        met.update(["window"] if len(holders) > 1 else [])
        if inner.sub and inner.sub[0] == "fright":
            assert feature(planes, "fright left") == min(inner.sub[1], 4) / 4 > 0
            met.add("fright")
    assert met == ({"window", "fright"} if players == 3 else {"window"})


def test_observer_returns_a_new_array_each_time() -> None:
    observer = Observer()
    inner = opening()
    first = observer(inner, 0)
    first[:] = 1.0  # the agent's array: changing it changes nothing kept
    assert np.array_equal(observer(inner, 0), from_state(inner, 0))


def test_workers_and_actions_to_do_are_each_village_slots_own_feature() -> None:
    # V1 is slot index 0: it once landed on "pile" (workers) and "workers V4" (actions).
    state = next(s for s in positions(2, 1) if 0 in s.inner.workers)
    inner = state.inner
    for planes in (from_state(inner, 0), from_view(state.view(0))):
        assert planes[FEATURES.index("pile")] == pytest.approx(len(inner.pile) / 36)
        for m in range(4):
            assert planes[FEATURES.index(f"workers V{m + 1}")] == float(m in inner.workers)
            assert planes[FEATURES.index(f"pending V{m + 1}")] == float(m in inner.pending)


def test_observation_puts_the_observer_in_seat_slot_zero() -> None:
    state = meeples.load(GAME).new(3, 5).settle()
    mover = state.view(None)["to_move"]
    for seat in range(3):
        observation = from_view(state.view(seat))
        to_move = [observation[FEATURES.index(f"seat {k} to move")] for k in range(4)]
        assert to_move[(mover - seat) % 3] == 1.0 and sum(to_move) == 1.0
        assert observation[FEATURES.index("seat 3 at table")] == 0.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_aec_passes_pettingzoo_api_test(players: int) -> None:
    env = aec(GAME, players=players, checked=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=200, verbose_progress=False)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION


@pytest.mark.parametrize("players", [2, 4])
def test_aec_passes_pettingzoo_seed_test(players: int) -> None:
    seed_test(lambda: aec(GAME, players=players), num_cycles=200)


def test_gym_passes_gymnasium_check_env() -> None:
    env = gymnasium.make("meeples/MeepleWar-v0", opponents="random", checked=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("players", [3, 4])
def test_aec_random_games_rank_the_players_in_minus_one_to_one(players: int) -> None:
    env = aec(GAME, players=players)
    rng = random.Random(1)
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        ids = np.flatnonzero(observation["action_mask"])
        env.step(int(ids[rng.randrange(len(ids))]))
    assert max(totals.values()) == 1.0 and min(totals.values()) == -1.0
    assert sum(totals.values()) == pytest.approx(0.0)


def test_gym_plays_whole_games_against_random_from_the_seed() -> None:
    def play(seed: int) -> tuple[list[int], float]:
        env = gym(GAME, players=3, seat=1, opponents="random")
        rng = random.Random(seed)
        env.reset(seed=seed)
        chosen, reward, over = [], 0.0, False
        while not over:
            ids = np.flatnonzero(env.action_masks())
            chosen.append(int(ids[rng.randrange(len(ids))]))
            _, reward, over, _, _ = env.step(chosen[-1])
        return chosen, float(reward)

    first = play(4)
    assert first == play(4)
    assert -1.0 <= first[1] <= 1.0
    assert any(i >= choices.FIRST_COUNT for i in first[0])  # hexes chosen after heads


def test_vector_and_batch_environments_step_meeple_war() -> None:
    envs = vector(GAME, num_envs=2, opponents="random", players=2)
    observations, _ = envs.reset(seed=0)
    assert observations.shape == (2, *SHAPE)
    games = batch(GAME, num_envs=2, players=3)
    games.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(30):
        for stepper in (envs, games):
            masks = stepper.action_masks()
            assert masks.shape == (2, choices.COUNT)
            actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
            stepper.step(actions)


def test_aec_renders_the_terminal_board() -> None:
    env = aec(GAME, players=2, render_mode="ansi")
    env.reset(seed=0)
    observation = env.observe(env.agent_selection)
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    text = env.render()
    assert isinstance(text, str) and "Meeple War" in text


def episode_at_a_head(seed: int) -> Episode:
    """Return a 2-player episode played at random (seed) until a head is among its ids."""
    episode = Episode(GAME, 2, {})
    episode.reset(0)
    rng = random.Random(seed)
    while not any(choices.is_head(i) for i in episode.legal_ids()):
        ids = episode.legal_ids()
        episode.play(ids[rng.randrange(len(ids))])
    return episode


def test_bots_cannot_play_while_a_head_awaits_its_hex() -> None:
    episode = episode_at_a_head(2)
    head = next(i for i in episode.legal_ids() if choices.is_head(i))
    episode.play(head)
    text = episode.legal_texts()[0]
    with pytest.raises(meeples.IllegalAction):
        episode.play_text(text)
    assert episode.pending == head


def fresh_codes(inner: Any) -> dict[int, str]:
    """Return a decision's legal actions by code, from places numbered afresh (nothing kept)."""
    numbered = choices._number_places(inner.players, inner.tiles)
    out = {}
    for text in meeples.load(GAME).rules.legal_actions(inner):
        path = choices._path(text, numbered)
        assert path is not None
        out[path[0] if len(path) == 1 else path[0] * choices.COUNT + path[1]] = text
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_codes_kept_from_map_to_map_equal_codes_found_afresh(players: int) -> None:
    # Each game alone, so that each map's codes are handed on from the map before (one tile
    # more, or several at once), then both interleaved, so that they are found anew (the last
    # map was the other game's) or are those kept for the map.
    games = [list(far_positions(players, 1, seed=players)),
             [state.inner for state in positions(players, 1, seed=3 * players)]]
    laid = set()
    for states in games:
        for before, inner in zip(states, states[1:], strict=False):
            assert choices.state_coded(inner) == fresh_codes(inner)
            laid.add(len(inner.tiles) - len(before.tiles))
    assert {1, 2} <= laid  # maps grew by one tile and by two between decisions
    for step in range(max(map(len, games))):
        for states in games:
            inner = states[min(step, len(states) - 1)]
            assert choices.places(inner) == choices._number_places(players, inner.tiles)
            assert choices.state_coded(inner) == fresh_codes(inner)


def test_games_stepped_in_turn_each_grow_their_own_maps(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    # A vector environment steps its games in turn: each keeps its own lineage of maps, so a
    # new map follows from its game's map before (a few hexes renamed), not from the other
    # game's, which would number all its places and learn its codes anew; an observer follows
    # its own maps the same way.
    games = [list(far_positions(2, 1, seed=2)),
             [state.inner for state in positions(2, 1, seed=6)]]
    turns = [[states[min(step, len(states) - 1)] for states in games]
             for step in range(max(map(len, games)))]
    expected = [[(fresh_codes(inner), from_state(inner, step % 2)) for inner in both]
                for step, both in enumerate(turns)]
    # Nothing kept from building the expected ones: every map is met anew below.
    for module, name in ((choices, "_EPOCHS"), (meeple_war, "_maps")):
        monkeypatch.setattr(module, name, {})
    for module, name in ((choices, "_last"), (meeple_war, "_last_map")):
        monkeypatch.setattr(module, name, [])
    numbered = []
    number_places = choices._number_places
    monkeypatch.setattr(choices, "_number_places",
                        lambda *args: numbered.append(args) or number_places(*args))
    lineages: list[choices.Lineage] = [[], []]
    observers = [Observer(), Observer()]
    for step, both in enumerate(turns):
        for k, inner in enumerate(both):
            codes, planes = expected[step][k]
            if step % 3:  # the choices or the observer meeting a new map first
                assert choices.state_coded(inner, lineages[k]) == codes
            assert np.array_equal(observers[k](inner, step % 2), planes)
            assert choices.state_coded(inner, lineages[k]) == codes
    assert len({inner.tiles for both in turns for inner in both}) > 40  # many tiles laid
    assert len(numbered) <= 2  # each game's first map alone was numbered afresh


def test_episode_refuses_ids_of_the_wrong_level_and_codes_and_changes_nothing() -> None:
    episode = episode_at_a_head(3)
    first = episode.legal_ids()
    head = next(i for i in first if choices.is_head(i))
    inner, plies = episode.inner, episode.plies
    code = next(c for c in episode._codes() if c >= choices.COUNT)  # head * COUNT + place
    for bad in (-1, choices.COUNT, code, choices.FIRST_COUNT, code % choices.COUNT, "1", 1.0):
        assert episode.step(bad) is False and episode.check(bad) is None
    assert (episode.inner, episode.plies, episode.pending) == (inner, plies, None)
    assert episode.step(np.intp(head)) is True and episode.pending == head
    places = episode.legal_ids()
    assert min(places) >= choices.FIRST_COUNT
    for bad in (head, first[0], choices.COUNT + places[0], -places[0], places[0] - choices.COUNT):
        assert episode.step(bad) is False and episode.check(bad) is None
    assert (episode.inner, episode.pending) == (inner, head)
    raising = Episode(GAME, 2, {}, illegal="raise")
    raising.reset(0)
    with pytest.raises(meeples.IllegalAction):
        raising.step(choices.COUNT)
    assert episode.step(places[-1]) is True
    assert episode.pending is None and episode.plies > plies
    assert episode.last == choices.text((head, places[-1]), inner)


@pytest.mark.parametrize("text", [
    "", "x", "done!", "s9:fly", "s1:fly:2", "0,0>1,0", "0,0>1,0:99", "0,0>1,0:2:1", "0,0>>1,0:2",
    "w1>zz", "fr:1@0,0>1,0:2", "s1:asm:3:4", "explore@0,0,0", "tree:1,0/7", "up:gold@1,0",
])
def test_texts_like_actions_but_none_have_no_path(text: str) -> None:
    assert choices.path(text, opening()) is None


def test_a_bravery_vp_whose_meeple_comes_from_the_map_is_observed_as_an_interrupt() -> None:
    # A bravery VP earned with no meeple in stock or Depot waits for its player to choose the
    # meeple of the map that goes up (A11): an interrupt with no place, which the observation
    # once met with a KeyError ('vp'). Seed 87 at 3 players is the first seeded random game
    # (of 2-4 players, seeds from 0) that reaches one.
    met = 0
    for inner, seat, planes in observed(3, 87, lambda inner: inner.effects):
        kind, p, _ = inner.effects[0]
        if kind != "vp":
            continue
        assert feature(planes, "interrupt vp") == 1.0
        assert feature(planes, f"interrupt player {(p - seat) % 3}") == 1.0
        places = [name for name in FEATURES if name.startswith("interrupt at")]
        assert not any(feature(planes, name) for name in places)
        met += 1
    assert met
