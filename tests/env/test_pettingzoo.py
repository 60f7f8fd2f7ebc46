"""The PettingZoo AEC environment: PettingZoo's own api_test and seed_test, rewards, masks."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from dataclasses import replace

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import meeples
from meeples.env import NoEnvironment, aec
from meeples.env.sparta import from_view
from meeples.games.sparta import actions

#: South takes North's last city with i4-i6 (North keeps i6 only).
LAST_CITY = (
    "w1w1w5/10/10/10/10/10/8W1/10/10/W1W1W5 S "
    "b5:S,d5:S,f5:S,h5:S,c6:S,e6:S,g6:S,i6:N 8/8 0 0"
)
#: PettingZoo's api_test warns of every dict observation (the masks' standard form) and its
#: space except for its own environments, which it lists by name: those warnings alone are
#: expected.
DICT_OBSERVATION = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or"
    " gymnasium.spaces.discrete",
}


def test_aec_passes_pettingzoo_api_test() -> None:
    env = aec("sparta", checked=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000, verbose_progress=False)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION


def test_aec_passes_pettingzoo_seed_test() -> None:
    seed_test(lambda: aec("sparta"), num_cycles=300)


def test_aec_agents_spaces_and_first_observation() -> None:
    env = aec("sparta")
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.agent_selection == "player_0"
    assert env.action_space("player_1").n == actions.COUNT == 4901
    observation = env.observe("player_0")
    assert observation["observation"].shape == (13, 10, 10)
    assert observation["observation"].dtype == np.float32
    assert observation["action_mask"].dtype == np.int8
    legal = meeples.load("sparta").new().legal()
    assert sorted(np.flatnonzero(observation["action_mask"])) == sorted(
        actions.action_id(text) for text in legal
    )
    assert not env.observe("player_1")["action_mask"].any()


def test_aec_both_sides_see_the_opening_alike() -> None:
    env = aec("sparta")
    env.reset()
    south = env.observe("player_0")["observation"]
    north = env.observe("player_1")["observation"]
    assert south[10].all() and not north[10].any()  # the "to move" plane
    assert north[12].all() and not south[12].any()  # the "seat" plane
    assert np.array_equal(np.delete(south, [10, 12], axis=0), np.delete(north, [10, 12], axis=0))


def test_aec_observation_is_built_from_the_players_view() -> None:
    env = aec("sparta")
    env.reset()
    env.step(actions.action_id("b2-b4"))
    state = meeples.load("sparta").new().play("b2-b4")
    for seat in (0, 1):
        planes = env.observe(f"player_{seat}")["observation"]
        assert np.array_equal(planes, from_view(state.view(seat)))


def test_aec_winner_gets_plus_one_loser_minus_one() -> None:
    env = aec("sparta")
    env.reset(options={"position": LAST_CITY})
    env.step(actions.action_id("i4-i6"))
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert env.agent_selection == "player_1"
    _, reward, terminated, truncated, _ = env.last()
    assert (reward, terminated, truncated) == (-1.0, True, False)
    env.step(None)
    assert env.last()[1] == 1.0
    env.step(None)
    assert env.agents == []


def test_aec_illegal_action_loses_by_default() -> None:
    env = aec("sparta")
    env.reset()
    env.step(actions.action_id("b2-b5"))  # three steps: a warrior moves two
    assert env.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert env.infos["player_0"]["illegal_action"] is True
    for agent in env.agents:  # every agent is told how the game ended
        outcome = env.infos[agent]["outcome"]
        assert (outcome["winners"], outcome["ranking"], outcome["illegal_action"]) == (
            [1], [[1], [0]], 0)
        assert outcome["reason"]["key"] == "core.outcome.illegal_action"
        assert outcome["reason"]["text"] == "player 1 played an action that is not legal"
    assert all(env.terminations.values())
    assert not env.observe("player_0")["action_mask"].any()


@pytest.mark.parametrize("action", [actions.action_id("b2-b5"), 0, 4901, -1, 1.5, "b2-b4"])
def test_aec_illegal_action_raises_when_asked(action: object) -> None:
    env = aec("sparta", illegal="raise")
    env.reset()
    with pytest.raises(meeples.IllegalAction):
        env.step(action)  # type: ignore[arg-type]


def test_aec_accepts_numpy_integers() -> None:
    env = aec("sparta", illegal="raise")
    env.reset()
    env.step(np.int32(actions.action_id("b2-b4")))
    assert env.agent_selection == "player_1"


def test_aec_rule_options_and_first_player() -> None:
    env = aec("sparta", first=1, heroes_conquer=False)
    env.reset()
    assert env.agent_selection == "player_1"
    assert not env.observe("player_1")["observation"][11].any()


def test_aec_renders_the_terminal_board() -> None:
    env = aec("sparta", render_mode="ansi")
    env.reset()
    env.step(actions.action_id("b2-b4"))
    text = env.render()
    assert isinstance(text, str) and "North to move" in text and "last move" in text


def test_aec_refuses_games_without_environments(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeples.env import registry

    game = meeples.load("meeple_war")  # every game has one: take one away
    monkeypatch.setattr(game, "capabilities", replace(game.capabilities, environment=None))
    registry.env_spec.cache_clear()
    try:
        with pytest.raises(NoEnvironment):
            aec("meeple_war")
    finally:
        registry.env_spec.cache_clear()
    with pytest.raises(meeples.UnknownGame):
        aec("chess")
    with pytest.raises(meeples.BadOptions):
        aec("sparta", players=3)
    with pytest.raises(ValueError):
        aec("sparta", illegal="ignore")


def test_aec_random_games_end_with_opposite_rewards() -> None:
    env = aec("sparta")
    rng = random.Random(3)
    for seed in range(2):
        env.reset(seed=seed)
        totals = {agent: 0.0 for agent in env.possible_agents}
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_env_package_names_the_extra_when_it_is_missing() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "try:\n    import meeples.env\nexcept ImportError as error:\n    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'meeples[rl]'" in out.stdout
