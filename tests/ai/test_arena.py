"""Arena: JSON shape, Wilson intervals, ratings, seat alternation (tiny runs, one process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeples.ai import arena
from meeples.cli import main


def test_wilson_interval_known_value() -> None:
    low, high = arena.wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_sweep_stays_below_one() -> None:
    low, high = arena.wilson(20, 20)
    assert 0.8 < low < 1.0 and high == 1.0


def test_elo_equal_scores_equal_ratings() -> None:
    ratings = arena.elo(["a", "b"], [("a", "b", 5.0, 10)])
    assert ratings["a"] == pytest.approx(ratings["b"])


def test_elo_random_anchored_at_zero_and_winner_above() -> None:
    ratings = arena.elo(["x", "random"], [("x", "random", 9.0, 10)])
    assert ratings["random"] == 0.0 and ratings["x"] > 200


def test_pairwise_score_maps_baseline_to_half() -> None:
    assert arena.pairwise_score(0.25, 4) == pytest.approx(0.5)
    assert arena.pairwise_score(1.0, 3) == 1.0


def test_schedule_alternates_seats() -> None:
    _, tasks = arena.schedule("sparta", ["a", "b"], 4, [2])
    assert [t.seats for t in tasks] == [("a", "b"), ("b", "a")] * 2


def test_schedule_gauntlet_pairs_first_with_each() -> None:
    pairings, _ = arena.schedule("sparta", ["a", "b", "c"], 1, [2], gauntlet=True)
    assert pairings == [("a", "b", 2), ("a", "c", 2)]


def test_arena_report_shape() -> None:
    report = arena.run("sparta", ["heuristic", "random"], games_per_pairing=2, jobs=1)
    assert report["format"] == "meeples-arena/1"
    assert len(report["games"]) == 2
    (row,) = report["pairings"]
    assert row["games"] == 2 and row["wins"] + row["others"] + row["losses"] == 2
    low, high = row["ci95"]
    assert 0.0 <= low <= row["win_rate"] <= high <= 1.0
    assert set(report["elo"]) == {"heuristic", "random"}


def test_arena_command_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "arena.json"
    status = main(["arena", "--games", "2", "--jobs", "1", "--json", str(out),
                   "heuristic", "random"])
    assert status == 0
    report = json.loads(out.read_text())
    assert report["pairings"][0]["a"] == "heuristic"
    assert "Elo" in capsys.readouterr().out


def test_arena_unknown_bot_fails_before_playing() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        arena.run("sparta", ["random", "genius"], games_per_pairing=1, jobs=1)


def test_arena_game_records_longest_move_per_seat() -> None:
    report = arena.run("sparta", ["heuristic", "random"], games_per_pairing=1, jobs=1)
    (record,) = report["games"]
    longest, mean = record["max_seconds_per_move"], record["seconds_per_move"]
    assert len(longest) == 2 and all(m <= x for m, x in zip(mean, longest, strict=True))
    assert longest[0] > 0.0


def test_arena_pairing_longest_move_of_each_side() -> None:
    record = {"pairing": 0, "index": 1, "players": 3, "winners": [1], "plies": 9,
              "shares": [0.0, 1.0, 0.0], "max_seconds_per_move": [0.5, 4.0, 2.0]}
    row = arena.summarise([("a", "b", 3)], [record])["pairings"][0]
    assert (row["max_seconds_a"], row["max_seconds_b"]) == (4.0, 2.0)


def test_arena_command_prints_longest_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--games", "1", "--jobs", "1", "heuristic", "random"]) == 0
    assert "Longest move: heuristic" in capsys.readouterr().out


def test_report_text_is_the_same_json_with_one_line_per_game() -> None:
    from meeples.commands.arena import report_text

    games = [{"seed": 0, "winners": [1]}, {"seed": 1, "winners": []}]
    report = {"game": "sparta", "seats": [], "games": games}
    text = report_text(report)
    assert json.loads(text) == report
    lines = text.splitlines()
    assert '  {"seed":0,"winners":[1]},' in lines
    assert '  {"seed":1,"winners":[]}' in lines
    assert len(lines) == 8


def test_arena_json_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    """Issue 28: the report was renamed over the link, which became a plain file."""
    target = tmp_path / "kept.json"
    link = tmp_path / "arena.json"
    link.symlink_to(target)
    assert main(["arena", "--games", "1", "--jobs", "1", "--json", str(link),
                 "random", "heuristic"]) == 0
    assert link.is_symlink() and json.loads(target.read_text())["complete"] is True


def test_ctrl_c_in_arena_with_two_jobs_keeps_every_game_counted(tmp_path: Path) -> None:
    """Issue 28: a Ctrl-C printed a worker's traceback, and the JSON kept 10 games while the bar
    showed 15. Now the workers leave Ctrl-C to the main process, which writes every game it
    counted and says how many."""
    import os
    import re
    import signal
    import subprocess
    import sys
    import time

    report = tmp_path / "arena.json"
    # As from a terminal's foreground: Ctrl-C handled, even when the tests run where SIGINT is
    # ignored (a background job of a shell without job control ignores it, and hands that on).
    handled = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler);"
               " from meeples.cli import main; sys.exit(main())")
    process = subprocess.Popen(
        [sys.executable, "-c", handled, "arena", "hard", "random", "--games", "40",
         "--jobs", "2", "--json", str(report)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while not report.exists() and time.monotonic() < deadline:  # written before the games
        time.sleep(0.1)
    time.sleep(4)  # the pool's workers are up and playing
    os.killpg(process.pid, signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 130, out
    assert "Traceback" not in out and "SpawnPoolWorker" not in out, out
    stopped = re.search(r"stopped after (\d+) of (\d+) games, kept in", out)
    assert stopped is not None, out
    data = json.loads(report.read_text())
    assert data["complete"] is False
    assert data["games_played"] == len(data["games"]) == int(stopped.group(1))
