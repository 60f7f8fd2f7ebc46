"""render_mode="rgb_array": every environment draws the board from the observing player's view
as an (H, W, 3) uint8 image of one size, for Gymnasium's checks, SB3's defaults and videos."""

from __future__ import annotations

import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test

from meeples.env import aec, batch, env_games, env_spec, gym, vector
from meeples.env.images import SEATS

pytest.importorskip("PIL")

CITIES = "b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"
TITLES = {"sparta": "Sparta", "rise_of_tribes": "RiseOfTribes", "meeple_war": "MeepleWar"}


def shape(game: str) -> tuple[int, int, int]:
    drawing = env_spec(game).drawing
    assert drawing is not None
    width, height = drawing.size
    return height, width, 3


@pytest.mark.parametrize("game", env_games())
def test_gym_frames_are_images_of_one_size_that_follow_the_game(game: str) -> None:
    env = gym(game, opponents="random", render_mode="rgb_array")
    _, info = env.reset(seed=2)
    frames = [env.render()]
    for _ in range(6):
        _, _, over, _, info = env.step(env.action_space.sample(info["action_mask"]))
        frames.append(env.render())
        if over:
            break
    for frame in frames:
        assert isinstance(frame, np.ndarray)
        assert frame.dtype == np.uint8 and frame.shape == shape(game)
    assert any(not np.array_equal(frames[0], frame) for frame in frames[1:])


@pytest.mark.parametrize("game", env_games())
def test_registered_environment_passes_check_env_with_rgb_array(game: str) -> None:
    # SB3's make_vec_env("meeples/Sparta-v0") makes each environment this way.
    env = gymnasium.make(f"meeples/{TITLES[game]}-v0", render_mode="rgb_array",
                         opponents="random")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []
    env.reset(seed=0)
    assert env.render().shape == shape(game)


def test_sparta_frame_is_drawn_from_the_observer_side() -> None:
    # South sees a1 at the bottom left, North (turned half a turn) at the top right, as their
    # observations are turned.
    south = gym("sparta", seat=0, opponents="random", render_mode="rgb_array")
    north = gym("sparta", seat=1, opponents="random", render_mode="rgb_array")
    south.reset(seed=0, options={"position": "9w/10/10/10/10/10/10/10/10/W9 S " + CITIES})
    north.reset(seed=0, options={"position": "9w/10/10/10/10/10/10/10/10/W9 N " + CITIES})
    margin, cell = 20, 44
    near, far = margin + cell // 2, margin + 9 * cell + cell // 2
    assert tuple(south.render()[far, near]) == SEATS[0]  # a1: row of rank 1, column of file a
    assert tuple(north.render()[near, far]) == SEATS[0]
    assert tuple(south.render()[near, far]) == SEATS[1]  # j10
    assert tuple(north.render()[far, near]) == SEATS[1]


@pytest.mark.parametrize("game", env_games())
def test_aec_passes_pettingzoo_render_test(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode: aec(game, render_mode=render_mode))  # every mode it lists
    assert capsys.readouterr().out  # "human" printed the board


def test_aec_frame_is_the_selected_agent_view() -> None:
    env = aec("sparta", render_mode="rgb_array")
    env.reset(seed=0)
    first = env.render()
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert env.agent_selection == "player_1"
    second = env.render()
    assert first.shape == second.shape == shape("sparta")
    # The same position but one move, seen from the other side: most of the board turned.
    assert not np.array_equal(first, second)


def test_vector_and_batch_render_every_game() -> None:
    envs = gymnasium.make_vec("meeples/Sparta-v0", num_envs=3, opponents="random",
                              render_mode="rgb_array")
    envs.reset(seed=0)
    frames = envs.render()
    assert len(frames) == 3 and all(f.shape == shape("sparta") for f in frames)
    assert vector("sparta", 2, opponents="random").render() is None
    games = batch("sparta", 2, render_mode="rgb_array")
    games.reset(seed=0)
    assert [f.shape for f in games.render()] == [shape("sparta")] * 2


def test_record_video_writes_a_video(tmp_path: Path) -> None:
    pytest.importorskip("moviepy")
    from gymnasium.wrappers import RecordVideo

    single = gymnasium.make("meeples/Sparta-v0", render_mode="rgb_array", opponents="random")
    env = RecordVideo(single, str(tmp_path / "videos"), episode_trigger=lambda episode: True,
                      video_length=8, disable_logger=True)
    _, info = env.reset(seed=0)
    for _ in range(8):
        _, _, over, _, info = env.step(env.action_space.sample(info["action_mask"]))
        if over:
            break
    env.close()
    videos = list((tmp_path / "videos").glob("*.mp4"))
    assert videos and videos[0].stat().st_size > 0
