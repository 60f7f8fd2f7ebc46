"""Trained policies as bots (``policy:FILE``, issue 27 point 5): the file is checked, the bot
plays as the policy was evaluated in the environment, and every tool takes the spec."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import meeples
from meeples.ai.levels import get_bot
from meeples.ai.policy import BadPolicy, PolicyBot
from meeples.cli import main
from meeples.env import gym
from meeples.games.sparta.policy import FEATURE_SETS

REACH = FEATURE_SETS["sparta.reach/1"]


def write_policy(path: Path, weights: list[float] | None = None, **changes: Any) -> Path:
    data: dict[str, Any] = {
        "format": "meeples-policy/1", "game": "sparta", "features": "sparta.reach/1",
        "weights": weights if weights is not None else [
            float(n) for n in np.random.default_rng(3).normal(size=len(REACH.names))]}
    data.update(changes)
    path.write_text(json.dumps(data))
    return path


def test_a_policy_bot_plays_the_environments_greedy_choice(tmp_path: Path) -> None:
    path = write_policy(tmp_path / "p.json")
    weights = np.array(json.loads(path.read_text())["weights"])
    bot = get_bot("sparta", f"policy:{path}")
    assert isinstance(bot, PolicyBot)
    for seat in (0, 1):
        env = gym("sparta", seat=seat, opponents="random")
        observation, info = env.reset(seed=seat)
        for _ in range(20):
            ids = np.flatnonzero(info["action_mask"])
            scores = REACH.compute(observation, ids, seat) @ weights
            best = ids[int(np.argmax(scores))]
            episode = env.unwrapped.episode
            chosen = bot.act(meeples.load("sparta").wrap(episode.inner), random.Random(0))
            # The bot's choice scores the best (moves alike in every feature tie).
            chosen_id = episode.table.action_id(chosen)
            assert scores[list(ids).index(chosen_id)] == scores.max()
            observation, _, terminated, _, info = env.step(best)
            if terminated:
                break


def test_a_policy_bot_ranks_every_legal_action_by_its_probability(tmp_path: Path) -> None:
    bot = get_bot("sparta", f"policy:{write_policy(tmp_path / 'p.json')}")
    state = meeples.load("sparta").new(seed=0)
    ranked = bot.estimates(state.inner, random.Random(0))
    assert sorted(e.action for e in ranked) == sorted(state.legal())
    values = [e.value for e in ranked]
    assert values == sorted(values, reverse=True) and sum(values) == pytest.approx(1.0)


@pytest.mark.parametrize(("changes", "says"), [
    ({"format": "other"}, "not a policy file"),
    ({"game": "rise_of_tribes"}, "not for sparta"),
    ({"features": "sparta.sight/9"}, "does not declare"),
    ({"weights": [1.0, 2.0]}, "16 finite weights"),
    ({"weights": [float("nan")] * 16}, "16 finite weights"),
    ({"weights": [True] * 16}, "16 finite weights"),
])
def test_a_policy_file_that_cannot_play_is_refused_with_its_reason(
        tmp_path: Path, changes: dict[str, Any], says: str) -> None:
    path = tmp_path / "p.json"
    write_policy(path, **changes)
    with pytest.raises(BadPolicy, match=says):
        get_bot("sparta", f"policy:{path}")


def test_a_missing_or_special_policy_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BadPolicy, match="cannot read"):
        get_bot("sparta", f"policy:{tmp_path / 'none.json'}")
    with pytest.raises(BadPolicy, match="cannot read"):
        get_bot("sparta", f"policy:{tmp_path}")


def test_the_arena_seats_a_policy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_policy(tmp_path / "p.json")
    assert main(["arena", "--game", "sparta", "--games", "2", "--jobs", "1",
                 "--gauntlet", f"policy:{path}", "random"]) == 0
    assert "policy" in capsys.readouterr().out


def test_a_bad_policy_spec_is_one_line_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "sparta", "--games", "2", "--gauntlet",
                 f"policy:{tmp_path / 'none.json'}", "random"]) == 2
    err = capsys.readouterr().err
    assert "cannot read the policy" in err and "Traceback" not in err


def test_the_shipped_sparta_policy_loads_as_a_bot() -> None:
    shipped = Path(__file__).resolve().parents[2] / "examples" / "policies" / "sparta_cem.json"
    bot = get_bot("sparta", f"policy:{shipped}")
    assert isinstance(bot, PolicyBot) and len(bot.weights) == len(REACH.names)
    state = meeples.load("sparta").new(seed=0)
    assert bot.act(state, random.Random(0)) in state.legal()


def test_meeples_play_seats_a_policy_against_a_person(tmp_path: Path) -> None:
    import subprocess
    import sys

    write_policy(tmp_path / "p.json")
    done = subprocess.run(  # a short name: the board's lines are 80 columns wide
        [sys.executable, "-m", "meeples", "play", "sparta", "--vs", "policy:p.json"],
        input="c2-c3\nquit\n", capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "North (policy:p.json) played" in done.stdout
