"""Policy/value networks as bots (``net:FILE``, issue 30 point 4): the file is checked, the
NumPy forward pass gives priors over the legal ids and a value, PUCT uses the values, every
tool takes the spec, and the AlphaZero example's training loop runs (with PyTorch only)."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from meeples.ai.bot import Budget
from meeples.ai.levels import get_bot
from meeples.ai.network import (
    FORMAT,
    BadNetwork,
    NetworkBot,
    load_network,
    parse_spec,
    priors,
    save_network,
    shapes,
)
from meeples.cli import main
from meeples.env.registry import env_spec
from meeples.games.sparta import actions
from tests.ai.test_bots import LAST_CITY, SPARTA

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "examples" / "policies" / "sparta_alphazero.npz"
EXAMPLE = ROOT / "examples" / "alphazero_sparta.py"
SPEC = env_spec("sparta")
SIZES = {"layers": 1, "channels": 4, "cell_actions": actions.SLOTS, "value_channels": 1,
         "value_hidden": 2}
#: The slot of a move one rank up (``meeples.games.sparta.actions``: past the centre, the
#: slot is the index in the box): e1-e2, i4-i5.
ONE_UP = (1 + actions.REACH) * actions.BOX + actions.REACH


def meta(**changes: Any) -> dict[str, Any]:
    return {"format": FORMAT, "game": "sparta", "planes": list(SPEC.planes),
            "count": SPEC.table.COUNT, **SIZES, **changes}


def zeros(data: dict[str, Any]) -> dict[str, Any]:
    return {name: np.zeros(shape, np.float32) for name, shape in shapes(
        data, SPEC.shape[0], SPEC.shape[1] * SPEC.shape[2], SPEC.table.COUNT).items()}


def write(path: Path, data: dict[str, Any], arrays: dict[str, Any]) -> Path:
    with open(path, "wb") as out:
        np.savez(out, meta=np.array(json.dumps(data)), **arrays)
    return path


def favouring_one_rank_up(path: Path) -> Path:
    """Write a network that values every position as even and prefers moves one rank up."""
    arrays = zeros(meta())
    arrays["policy.cells.bias"][ONE_UP] = 2.0
    save_network(path, meta(), arrays)
    return path


def test_a_saved_network_loads_with_its_sizes(tmp_path: Path) -> None:
    network = load_network(favouring_one_rank_up(tmp_path / "n.npz"), "sparta")
    assert network.meta["channels"] == 4 and network.shape == SPEC.shape


@pytest.mark.parametrize(("change", "says"), [
    ({"format": "meeples-policy/1"}, "is not a network file"),
    ({"game": "pig"}, "network for 'pig', not for sparta"),
    ({"planes": ["own warriors"]}, "reads other planes or ids"),
    ({"count": 4900}, "reads other planes or ids"),
    ({"layers": 0}, "layers is not a whole number from 1"),
    ({"channels": True}, "channels is not a whole number from 1"),
])
def test_a_network_file_with_bad_metadata_is_refused(tmp_path: Path, change: dict[str, Any],
                                                      says: str) -> None:
    path = write(tmp_path / "n.npz", meta(**change), zeros(meta()))
    with pytest.raises(BadNetwork, match=says):
        load_network(path, "sparta")


def test_a_network_of_a_game_without_an_environment_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "n.npz", meta(game="chess"), zeros(meta()))
    with pytest.raises(BadNetwork, match="'chess', which is no game with an environment"):
        load_network(path)


def test_a_network_with_an_array_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    arrays = zeros(meta())
    arrays["trunk.0.weight"] = np.zeros((4, 13, 5, 5), np.float32)
    with pytest.raises(BadNetwork, match=r"trunk.0.weight is float32 \(4, 13, 5, 5\)"):
        load_network(write(tmp_path / "n.npz", meta(), arrays))


def test_a_network_with_a_missing_array_is_refused(tmp_path: Path) -> None:
    arrays = zeros(meta())
    del arrays["value.out.bias"]
    with pytest.raises(BadNetwork, match="first odd one: value.out.bias"):
        load_network(write(tmp_path / "n.npz", meta(), arrays))


def test_a_network_with_a_weight_not_finite_is_refused(tmp_path: Path) -> None:
    arrays = zeros(meta())
    arrays["value.out.weight"][0, 0] = np.nan
    with pytest.raises(BadNetwork, match="not finite"):
        load_network(write(tmp_path / "n.npz", meta(), arrays))


def test_a_file_that_is_no_npz_or_is_missing_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "n.npz"
    text.write_text("not a zip")
    with pytest.raises(BadNetwork, match="not a NumPy .npz file"):
        load_network(text)
    with pytest.raises(BadNetwork, match="no such file"):
        load_network(tmp_path / "missing.npz")


def test_a_pickled_array_is_never_loaded(tmp_path: Path) -> None:
    arrays: dict[str, Any] = zeros(meta())
    arrays["value.out.bias"] = np.array([{"a": 1}], dtype=object)
    with pytest.raises(BadNetwork, match="not a NumPy .npz file"):
        load_network(write(tmp_path / "n.npz", meta(), arrays))


def test_a_network_of_another_game_is_refused_by_the_bot(tmp_path: Path) -> None:
    path = favouring_one_rank_up(tmp_path / "n.npz")
    with pytest.raises(BadNetwork, match="is a network for 'sparta', not for rise_of_tribes"):
        get_bot("rise_of_tribes", f"net:{path}")


def test_the_committed_network_gives_priors_over_the_legal_ids_and_a_bounded_value() -> None:
    network = load_network(COMMITTED, "sparta")
    state = SPARTA.new()
    rng = random.Random(5)
    for _ in range(40):
        state = state.play(rng.choice(state.legal()))
    player = state.to_move
    legal = SPEC.table.ids(SPARTA.rules.legal_actions(state.inner))
    ids = np.array(SPEC.relative(player, 2) if SPEC.relative else range(SPEC.table.COUNT))[legal]
    logits, values = network.forward(SPEC.from_state(state.inner, player)[None])
    chances = priors(logits[0], ids)
    assert logits.shape == (1, SPEC.table.COUNT)
    assert np.isfinite(chances).all() and chances.sum() == pytest.approx(1.0, abs=1e-5)
    assert len(chances) == len(legal) and -1.0 <= values[0] <= 1.0


def test_the_committed_network_plays_only_legal_moves_over_a_whole_game() -> None:
    bot = get_bot("sparta", f"net:{COMMITTED},s4")
    opponent = get_bot("sparta", "random")
    state = SPARTA.new()
    rng = random.Random(2)
    while state.outcome is None:
        if state.to_move == 0:
            ranked = bot.estimates(state.inner, rng)  # every action the search ranks
            assert {estimate.action for estimate in ranked} == set(state.legal())
            state = state.play(ranked[0].action)
        else:
            state = state.play(opponent.act(state, rng))
    assert state.outcome is not None


def test_puct_finds_the_win_in_one_that_the_priors_miss(tmp_path: Path) -> None:
    path = favouring_one_rank_up(tmp_path / "n.npz")
    state = SPARTA.parse(LAST_CITY)
    raw = get_bot("sparta", f"net:{path},s0").act(state, random.Random(0))
    searched = get_bot("sparta", f"net:{path},s300").act(state, random.Random(0))
    assert raw in {"a1-a2", "c1-c2", "e1-e2", "i4-i5"}
    assert searched == "i4-i6"


def test_no_simulation_plays_the_likeliest_legal_move(tmp_path: Path) -> None:
    path = favouring_one_rank_up(tmp_path / "n.npz")
    bot = get_bot("sparta", f"net:{path},s0")
    assert isinstance(bot, NetworkBot)
    ranked = bot.estimates(SPARTA.parse(LAST_CITY).inner, random.Random(0))
    assert ranked[0].visits == 0 and ranked[0].action.endswith(("2", "5"))
    assert bot.last_simulations == 0


@pytest.mark.parametrize(("spec", "path", "simulations"), [
    ("net:a.npz", "a.npz", 64),
    ("net:a.npz,s0", "a.npz", 0),
    ("net:runs/b,c.npz,s128", "runs/b,c.npz", 128),
])
def test_a_network_spec_names_the_file_and_simulations(spec: str, path: str,
                                                      simulations: int) -> None:
    assert parse_spec(spec) == (path, Budget(iterations=simulations))


@pytest.mark.parametrize(("spec", "says"), [
    ("net:", "needs a file"),
    ("net:a.npz,s-1", "not s<simulations>"),
    ("net:a.npz,sx", "not s<simulations>"),
    ("net:a.npz,s", "not s<simulations>"),
])
def test_a_bad_network_spec_is_refused(spec: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        get_bot("sparta", spec)


def test_the_arena_seats_a_network(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = favouring_one_rank_up(tmp_path / "n.npz")
    assert main(["arena", "--game", "sparta", "--games", "2", "--jobs", "1",
                 "--gauntlet", f"net:{path},s2", "random"]) == 0
    assert "net:" in capsys.readouterr().out


def test_a_bad_network_file_is_one_line_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "sparta", "--games", "2", "--gauntlet",
                 f"net:{tmp_path / 'none.npz'}", "random"]) == 2
    err = capsys.readouterr().err
    assert "cannot read the network" in err and "Traceback" not in err


def test_meeples_play_seats_a_network_against_a_person(tmp_path: Path) -> None:
    import subprocess

    favouring_one_rank_up(tmp_path / "n.npz")
    done = subprocess.run(  # a short name: the board's lines are 80 columns wide
        [sys.executable, "-m", "meeples", "play", "sparta", "--vs", "net:n.npz,s8"],
        input="c2-c3\nquit\n", capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "North (net:n.npz,s8) played" in done.stdout


@pytest.fixture(scope="module")
def example() -> ModuleType:
    pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location("alphazero_sparta", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["alphazero_sparta"] = module
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_and_saves_a_network_the_bot_reads(example: ModuleType,
                                                               tmp_path: Path) -> None:
    import argparse

    import torch

    args = argparse.Namespace(
        minutes=0.001, games=4, simulations=2, sampled=2, block=8, reuse=64, buffer=1000,
        min_positions=16, ply_cap=8, lr=1e-3, checkpoint_minutes=10.0, seed=0,
        out=str(tmp_path))
    figures = example.train(args)
    assert figures["positions"] > 0 and figures["gradient_steps"] > 0
    saved = load_network(tmp_path / "network.npz", "sparta")
    assert saved.meta["training"]["positions"] == figures["positions"]
    net = example.Net()
    for name, parameter in net.named_parameters():
        key = name.replace("policy_", "policy.").replace("value_", "value.")
        array = saved.arrays[key]
        parameter.data = torch.from_numpy(array.reshape(parameter.shape).copy())
    planes = SPEC.from_state(SPARTA.new().inner, 0)[None]
    with torch.no_grad():
        logits, values = net(torch.from_numpy(planes))
    mine, value = saved.forward(planes)
    assert np.allclose(logits.numpy(), mine, atol=1e-4) and np.allclose(values.numpy(), value,
                                                                         atol=1e-5)
