"""meeples selfplay: games between bots over processes or a Ray cluster, saved as records."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meeples.ai import selfplay
from meeples.cli import main
from meeples.core.game import State
from meeples.core.record import Match


def selfplay_args(out: Path, *extra: str, games: int = 4, bots: str = "random,heuristic"
                  ) -> list[str]:
    return ["selfplay", "sparta", "--games", str(games), "--bots", bots, "--out", str(out),
            *extra]


def summary_of(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / "summary.json").read_text())
    return data


def check_records(out: Path, summary: dict[str, Any]) -> None:
    """Every game of the summary has a record that replays to the winners it reports."""
    assert summary["status"] == "done" and summary["games"] == summary["games_planned"]
    for line in summary["records"]:
        match = Match.load(out / line["file"])
        assert list(match.seats or ()) == line["seats"]
        final = match.replay()
        assert final.outcome is not None and list(final.outcome.winners) == line["winners"]
        assert len(match.actions) == line["plies"]


def test_selfplay_saves_records_that_replay_with_a_summary(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert main(selfplay_args(out, "--processes", "2", "--seed", "7")) == 0
    summary = summary_of(out)
    check_records(out, summary)
    assert sorted(path.name for path in out.iterdir()) == [
        "game-000000.json", "game-000001.json", "game-000002.json", "game-000003.json",
        "summary.json",
    ]
    assert [line["seed"] for line in summary["records"]] == [7, 8, 9, 10]
    assert sum(summary["wins"].values()) + summary["draws"] == 4
    assert {line["pid"] for line in summary["records"]}.isdisjoint({os.getpid()})
    assert main(["replay", str(out / "game-000001.json"), "--final"]) == 0


def test_selfplay_rotates_the_bots_through_the_seats() -> None:
    tasks = selfplay.schedule("sparta", ["random", "heuristic"], 3, 2, seed=5)
    assert [task.seats for task in tasks] == [
        ("random", "heuristic"), ("heuristic", "random"), ("random", "heuristic"),
    ]
    assert [task.seed for task in tasks] == [5, 6, 7]
    assert selfplay.schedule("sparta", ["easy"], 1, 2)[0].seats == ("easy", "easy")


def test_selfplay_game_is_the_same_from_the_same_seed() -> None:
    task = selfplay.schedule("sparta", ["random"], 1, 2, seed=3)[0]
    assert selfplay.play(task).record == selfplay.play(task).record


def test_selfplay_splits_bot_specs_whose_budgets_hold_commas() -> None:
    assert selfplay.split_bots("alphabeta:d4,3s,mcts:800,c0.3,r20") == [
        "alphabeta:d4,3s", "mcts:800,c0.3,r20",
    ]
    assert selfplay.split_bots(" random , normal") == ["random", "normal"]
    with pytest.raises(ValueError, match="empty"):
        selfplay.split_bots("random,,normal")
    with pytest.raises(ValueError, match="starts with"):
        selfplay.split_bots("3s,random")


def test_selfplay_settles_chance_after_every_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settled: list[int] = []
    settle = State.settle

    def counting(state: State[Any, Any], dealer: Any = None) -> State[Any, Any]:
        settled.append(len(state.history))
        return settle(state, dealer)

    monkeypatch.setattr(State, "settle", counting)
    played = selfplay.play(selfplay.schedule("sparta", ["random"], 1, 2)[0])
    # Once for the deal of the setup (game.new), then after each of the game's plies.
    assert settled == list(range(played.summary["plies"] + 1))


def test_selfplay_writes_the_summary_before_the_first_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "run"
    seen: list[dict[str, Any]] = []
    play = selfplay.play

    def watching(task: selfplay.Task) -> selfplay.Played:
        seen.append(summary_of(out))
        return play(task)

    monkeypatch.setattr(selfplay, "play", watching)
    assert main(selfplay_args(out, "--processes", "1", games=2)) == 0
    assert seen[0]["status"] == "running" and seen[0]["games"] == 0
    assert seen[0]["games_planned"] == 2 and seen[0]["bots"] == ["random", "heuristic"]
    assert summary_of(out)["games"] == 2


def test_selfplay_summary_says_a_run_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "run"

    def failing(tasks: Any, processes: int) -> Iterator[selfplay.Played]:
        yield selfplay.play(tasks[0])
        raise OSError("a worker died")

    monkeypatch.setattr(selfplay, "run_local", failing)
    with pytest.raises(OSError, match="worker died"):
        main(selfplay_args(out, games=3))
    summary = summary_of(out)
    assert summary["status"] == "failed" and "worker died" in summary["error"]
    assert summary["games"] == 1 and (out / summary["records"][0]["file"]).is_file()


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("file.txt", "is not a folder"),
        ("missing/run", "does not exist"),
        ("done", "already holds a self-play run"),
        ("", "needs a folder name"),
    ],
)
def test_selfplay_bad_out_fails_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    out: str, message: str,
) -> None:
    (tmp_path / "file.txt").write_text("kept")
    (tmp_path / "done").mkdir()
    (tmp_path / "done" / "summary.json").write_text("{}")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(selfplay, "play", lambda task: pytest.fail("a game was played"))
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    assert main(["selfplay", "sparta", "--games", "2", "--bots", "random", "--out", out,
                 "--processes", "1"]) == 2
    assert message in capsys.readouterr().err
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before
    assert (tmp_path / "done" / "summary.json").read_text() == "{}"


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("random,nobody", "unknown bot 'nobody'"),
        ("random,random,random", "3 bots for 2 seats"),
        ("mcts:0", "iterations must be 1 to 10,000,000"),
    ],
)
def test_selfplay_bad_bots_fail_before_the_folder_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bots: str, message: str
) -> None:
    out = tmp_path / "run"
    assert main(selfplay_args(out, bots=bots)) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_selfplay_bad_ray_address_fails_before_the_folder_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(address: str) -> Any:
        raise ConnectionError(f"Failed to connect to Ray cluster at {address}")

    monkeypatch.setattr(selfplay, "connect_ray", refused)
    out = tmp_path / "run"
    assert main(selfplay_args(out, "--ray", "127.0.0.1:1")) == 2
    assert "--ray 127.0.0.1:1: cannot connect" in capsys.readouterr().err
    assert not out.exists()


#: A Ray head on loopback, started by the test as a process of its own (so that Ray never
#: loads into the test process) and stopped when its standard input closes. Ray turns
#: 127.0.0.1 into the machine's address unless RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 (its switch
#: for single-machine clusters); token authentication is off for this loopback-only cluster.
RAY_HEAD = """
import sys, ray
context = ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
print(context.address_info["gcs_address"], ray.get_runtime_context().get_node_id(), flush=True)
sys.stdin.read()
ray.shutdown()
"""
RAY_ENVIRONMENT = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_AUTH_MODE": "disabled"}


def nice() -> None:
    """Lower the priority of a process of the Ray test (inherited by Ray's own processes): a
    cluster starting up runs half a dozen processes, and the suite runs on two cores beside
    tests that time a server (tests/server/test_loadtest_smoke.py)."""
    os.nice(10)


@pytest.mark.slow
def test_selfplay_runs_its_games_on_a_ray_cluster(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="ray is not installed (pip install 'meeples[ray]')")
    environment = {**os.environ, **RAY_ENVIRONMENT}
    head = subprocess.Popen(
        [sys.executable, "-c", RAY_HEAD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, env=environment, preexec_fn=nice,
    )
    try:
        assert head.stdout is not None
        # Bounded: a head that never starts fails the test instead of hanging it.
        ready, _, _ = select.select([head.stdout], [], [], 120)
        assert ready, "the Ray head did not start within 120 s"
        started_line = head.stdout.readline().split()
        assert len(started_line) == 2, f"the Ray head did not start (exit {head.poll()})"
        address, node = started_line
        assert address.startswith("127.0.0.1:"), address
        out = tmp_path / "run"
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "meeples", *selfplay_args(out, "--ray", address, games=6)],
            capture_output=True, text=True, env=environment, timeout=180, preexec_fn=nice,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        assert time.monotonic() - started < 180
        summary = summary_of(out)
        check_records(out, summary)
        assert summary["ray"] == address and summary["processes"] is None
        # The games ran in the workers of the cluster's one node, not in the driver.
        assert {line["node"] for line in summary["records"]} == {node}
    finally:
        if head.stdin is not None:
            head.stdin.close()
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
