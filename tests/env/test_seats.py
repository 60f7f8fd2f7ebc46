"""Seat-relative play (issue 27): every observation says whose seat it is, and with
``relative_actions=True`` every player's ids are relative to its seat, as its observation is."""

from __future__ import annotations

import numpy as np
import pytest

import meeples
from meeples.env import aec, batch, env_games, env_spec, gym, vector
from meeples.games.sparta import actions

PLAYERS = {"sparta": 2, "rise_of_tribes": 4, "meeple_war": 4}


def seat_of(game: str, planes: np.ndarray) -> int:
    """Return the seat an observation says it belongs to."""
    spec = env_spec(game)
    if game == "sparta":
        plane = planes[spec.planes.index("seat")]
        assert plane.min() == plane.max()
        return int(plane[0, 0])
    at = spec.planes.index("observer seat 0")
    one_hot = planes[at: at + 4]
    assert sorted(one_hot.tolist()) == [0.0, 0.0, 0.0, 1.0]
    return int(np.argmax(one_hot))


@pytest.mark.parametrize("game", env_games())
def test_every_observation_says_whose_seat_it_is(game: str) -> None:
    env = aec(game, players=PLAYERS[game], checked=True)  # from the view and from the state
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    for _ in env.agent_iter(max_iter=60):
        for seat, agent in enumerate(env.possible_agents):
            assert seat_of(game, env.observe(agent)["observation"]) == seat
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    assert steps > 10


# --- relative action ids ------------------------------------------------------------------------

SCRIPT = ("b2-a4", "a4-c6", "c6-e6", "e6-g6", "g6-i6")  # one warrior takes North's four cities


@pytest.mark.parametrize("game", env_games())
def test_relative_ids_are_a_permutation_that_round_trips_and_is_the_identity_for_seat_0(
        game: str) -> None:
    spec = env_spec(game)
    assert spec.relative is not None
    count = aec(game).episode.count
    for players in ((2,) if game == "sparta" else (2, 3, 4)):
        assert list(spec.relative(0, players)) == list(range(count))
        for player in range(players):
            forward = np.array(spec.relative(player, players))
            assert sorted(forward.tolist()) == list(range(count))
            backward = np.empty_like(forward)
            backward[forward] = np.arange(count)
            assert np.array_equal(forward[backward], np.arange(count))


def test_sparta_relative_ids_of_north_are_the_mirrored_ids() -> None:
    relative = env_spec("sparta").relative
    assert relative is not None
    for number in range(actions.COUNT):
        try:
            mirrored = actions.mirror(number)
        except meeples.IllegalAction:  # a move off the board: its mirror is one too
            assert actions.TEXTS[relative(1, 2)[number]] is None
            continue
        assert relative(1, 2)[number] == mirrored


@pytest.mark.parametrize(("game", "absolute", "player", "players", "relative"), [
    ("rise_of_tribes", "give 0 w", 2, 3, "give 1 w"),
    ("rise_of_tribes", "bow 1", 1, 2, "bow 0"),
    ("rise_of_tribes", "elder 3 f D2", 1, 4, "elder 2 f D2"),
    ("rise_of_tribes", "bow 3", 1, 2, "bow 3"),  # no seat 3 at 2 players: never legal, kept
])
def test_rise_of_tribes_relative_ids_count_seats_from_the_player(
        game: str, absolute: str, player: int, players: int, relative: str) -> None:
    from meeples.games.rise_of_tribes import action_table

    turned = action_table.seat_relative(player, players)
    assert action_table.action_text(turned[action_table.action_id(absolute)]) == relative


@pytest.mark.parametrize(("absolute", "player", "players", "relative"), [
    ("kill:0@?", 1, 2, "kill:1@?"),
    ("s1:conv@2.3.0<?", 1, 4, "s1:conv@1.3.3<?"),
    ("s2:bomb@0.1", 3, 4, "s2:bomb@1.1"),
    ("fr:2@T05>?", 2, 3, "fr:0@T05>?"),
])
def test_meeple_war_relative_choices_count_seats_from_the_player(
        absolute: str, player: int, players: int, relative: str) -> None:
    from meeples.games.meeple_war import choices

    turned = choices.seat_relative(player, players)
    assert choices.FIRST.text(turned[choices.FIRST.number(absolute)]) == relative
    place = choices.FIRST_COUNT + 7
    assert turned[place] == place  # places are the board's, as the observation's


@pytest.mark.parametrize("game", env_games())
def test_relative_environment_plays_the_absolute_game_through_the_permutation(game: str) -> None:
    # The same game stepped in both: each relative id is the absolute id the permutation names,
    # its mask the absolute mask permuted, and seat 0 sees the absolute ids themselves.
    players = PLAYERS[game] if game != "meeple_war" else 3
    relative = aec(game, players=players, relative_actions=True, checked=True)
    absolute = aec(game, players=players, checked=True)
    relative.reset(seed=9)
    absolute.reset(seed=9)
    turn = env_spec(game).relative
    assert turn is not None
    rng = np.random.default_rng(9)
    for _ in relative.agent_iter(max_iter=300):
        observation, _, terminated, truncated, _ = relative.last()
        if terminated or truncated:
            break
        seat = relative.possible_agents.index(relative.agent_selection)
        assert absolute.agent_selection == relative.agent_selection
        mask, plain = observation["action_mask"], absolute.last()[0]["action_mask"]
        forward = np.array(turn(seat, players))
        assert np.array_equal(mask[forward], plain)  # mask[rel(a)] == plain[a]
        if seat == 0:
            assert np.array_equal(mask, plain)
        chosen = int(rng.choice(np.flatnonzero(mask)))
        relative.step(chosen)
        absolute.step(int(np.flatnonzero(forward == chosen)[0]))
        assert relative.episode.last == absolute.episode.last
        assert relative.episode.rules.format_state(relative.episode.inner) == \
            absolute.episode.rules.format_state(absolute.episode.inner)


def scripted(observation: np.ndarray, mask: np.ndarray, done: list[int],
             rng: np.random.Generator) -> int:
    """South's opening script as ids (the next one when legal), else a random legal id: written
    for seat 0, it reads only the ids and the mask."""
    legal = np.flatnonzero(mask)
    for text in SCRIPT[len(done):]:
        number = actions.action_id(text)
        if mask[number]:
            done.append(number)
            return number
        break
    return int(rng.choice(legal))


@pytest.mark.parametrize("seat", [0, 1])
def test_a_policy_written_for_seat_0_plays_seat_1_through_relative_ids(seat: int) -> None:
    env = gym("sparta", seat=seat, opponents="random", relative_actions=True)
    rng = np.random.default_rng(seat)
    wins = 0
    for game in range(12):
        observation, info = env.reset(seed=100 + game)
        done: list[int] = []
        over, reward = False, 0.0
        while not over:
            chosen = scripted(observation, info["action_mask"], done, rng)
            observation, reward, over, _, info = env.step(chosen)
        assert "illegal_action" not in info
        wins += reward == 1.0
    assert wins >= 9  # the script beats random as either side (97 of 100 as South)
    if seat == 1:  # without relative ids, South's script is not North's: its first id is illegal
        plain = gym("sparta", seat=1, opponents="random")
        _, info = plain.reset(seed=100)
        assert not info["action_mask"][actions.action_id(SCRIPT[0])]


def test_vector_and_batch_take_relative_ids() -> None:
    envs = vector("sparta", 2, seat=1, opponents="random", relative_actions=True)
    envs.reset(seed=0)
    assert envs.action_masks()[:, actions.action_id("b2-b4")].all()  # North's i9-i7
    games = batch("sparta", 2, relative_actions=True)
    games.reset(seed=0)
    *_, info = games.step(np.full(2, actions.action_id("b2-b4")))
    assert info["to_move"].tolist() == [1, 1]
    assert games.action_masks()[:, actions.action_id("b2-b4")].all()
    games.step(np.full(2, actions.action_id("b2-b4")))  # North's own b2-b4 is i9-i7
    assert [episode.last for episode in games.episodes] == ["i9-i7", "i9-i7"]
