"""``meeples balance``: self-play per setting, its JSON and Markdown, and its checks."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import meeples
from meeples.ai import balance
from meeples.cli import main


def test_tiny_balance_run_writes_valid_json_and_markdown(tmp_path: Path) -> None:
    report, page = tmp_path / "balance.json", tmp_path / "balance.md"
    status = main(["balance", "meeple_war", "--bot", "easy", "--games", "2", "--players", "2",
                   "--setting", "default", "--setting", "quickstart", "--jobs", "1",
                   "--json", str(report), "--markdown", str(page)])
    assert status == 0
    data = json.loads(report.read_text())
    assert data["format"] == "meeples-balance/1" and data["complete"]
    assert [row["name"] for row in data["settings"]] == ["2p", "2p quickstart"]
    assert all(row["games"] == 2 for row in data["settings"])
    row = data["settings"][0]
    assert sum(rate["score"] for rate in row["seats"]) == pytest.approx(2.0)
    assert sum(rate["score"] for rate in row["turn_order"]) == pytest.approx(2.0)
    assert row["rounds"]["mean"] > 0
    assert row["distinct_games"] == 2
    assert any(line["counted"] and line["share_of_points"] is not None for line in row["points"])
    text = page.read_text()
    assert text.startswith("## meeple_war: `easy` against itself")
    assert "| 2p quickstart | 2 |" in text
    assert "mw.source." not in text  # sources named in words, not by their keys


def test_balance_refuses_an_unwritable_report_before_playing(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    start = time.perf_counter()
    status = main(["balance", "sparta", "--bot", "hard", "--games", "200",
                   "--json", str(tmp_path / "missing" / "out.json")])
    assert status == 2
    assert time.perf_counter() - start < 10  # refused before hundreds of hard games
    err = capsys.readouterr().err
    assert "does not exist" in err and "\n" not in err.strip()


def test_default_settings_change_one_option_at_a_time() -> None:
    variants = balance.option_variants(meeples.load("sparta"))
    assert variants == [(), (("first", 1),), (("heroes_conquer", False),)]


def test_default_settings_try_an_option_that_needs_another_with_that_one_on() -> None:
    variants = balance.option_variants(meeples.load("meeple_war"))
    setups = [v for v in variants if any(key == "quickstart_setup" for key, _ in v)]
    assert setups[0] == (("quickstart", True), ("quickstart_setup", "rulebook"))
    assert len(setups) == len(meeples.load("meeple_war").options["quickstart_setup"].choices) - 1
    assert all(("quickstart", True) in v for v in setups)
    assert len(variants) == len(set(variants)) == 1 + 8 + len(setups)


def test_setting_options_are_checked_by_the_game() -> None:
    game = meeples.load("rise_of_tribes")
    assert balance.parse_setting_options(game, "events=classic12,elders") == (
        ("elders", True), ("events", "classic12"))
    with pytest.raises(meeples.MeeplesError, match="classic12"):
        balance.parse_setting_options(game, "events=classic13")


def test_partial_runs_have_as_many_games_in_every_setting() -> None:
    settings = [balance.Setting(2), balance.Setting(3)]
    tasks = balance.schedule("meeple_war", "easy", settings, games=3)
    assert [t.setting for t in tasks[:4]] == [0, 1, 0, 1]


def record(first: int, winners: list[int], players: int = 2) -> dict[str, object]:
    shares = [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]
    return {"setting": 0, "index": 0, "first": first, "winners": winners, "shares": shares,
            "reason": "r", "at_limit": False, "rounds": 10, "seconds": 0.1,
            "max_seconds_per_move": 0.01,
            "score_sheet": {"lines": [], "total": None}}


def test_a_first_player_who_wins_clearly_more_is_a_finding() -> None:
    # 80 of 100 games won by whoever moved first, seats alternating.
    records = [record(i % 2, [i % 2] if i < 80 else [1 - i % 2]) for i in range(100)]
    row = balance.summarise_setting(balance.Setting(2), records)
    assert row["turn_order"][0]["clear"] == 1 and row["turn_order"][1]["clear"] == -1
    assert row["seats"][0]["clear"] == 0
    found = balance.findings({"settings": [row]})
    assert len(found) == 2 and "turn-order place 0 wins 80.0%" in found[0]


def test_games_at_the_round_limit_are_a_finding() -> None:
    records = [dict(record(0, [0]), at_limit=i < 30) for i in range(100)]
    row = balance.summarise_setting(balance.Setting(2), records)
    assert row["at_limit"]["games"] == 30
    assert any("end at the designed limit" in item for item in balance.findings(
        {"settings": [row]}))


def test_arena_report_is_complete_and_leaves_no_partial_file(tmp_path: Path) -> None:
    report = tmp_path / "arena.json"
    status = main(["arena", "--game", "meeple_war", "--players", "2", "--games", "2",
                   "--jobs", "1", "--json", str(report), "easy", "normal"])
    assert status == 0
    data = json.loads(report.read_text())
    assert data["complete"] and len(data["games"]) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["arena.json"]


def _balance(tmp_path: Path, games: int, *extra: str) -> int:
    return main(["balance", "sparta", "--bot", "random", "--games", str(games), "--setting",
                 "default", "--setting", "first=1", "--jobs", "1",
                 "--json", str(tmp_path / "run.json"), *extra])


def test_resumed_balance_run_plays_only_the_missing_games(tmp_path: Path) -> None:
    """A run stopped early (here: its report cut to 3 of 8 games) goes on with --resume, and
    ends with the games an unbroken run plays."""
    assert _balance(tmp_path, 4) == 0
    whole = json.loads((tmp_path / "run.json").read_text())
    cut = dict(whole, games=[g for g in whole["games"] if (g["setting"], g["index"]) in
                             {(0, 0), (1, 0), (0, 2)}], complete=False)
    (tmp_path / "run.json").write_text(json.dumps(cut))
    assert _balance(tmp_path, 4, "--resume") == 0
    resumed = json.loads((tmp_path / "run.json").read_text())
    assert resumed["complete"] and resumed["games_played"] == 8
    digests = {(g["setting"], g["index"]): g["digest"] for g in resumed["games"]}
    assert digests == {(g["setting"], g["index"]): g["digest"] for g in whole["games"]}
    assert resumed["seconds"] >= cut["seconds"]


def test_resumed_balance_run_with_more_games_extends_it(tmp_path: Path) -> None:
    """A screening goes on to a longer run: --resume with more games per setting keeps the
    games played and adds the missing ones, as an unbroken run of that length plays them."""
    assert _balance(tmp_path, 3) == 0
    whole = json.loads((tmp_path / "run.json").read_text())
    assert _balance(tmp_path, 2) == 0
    assert _balance(tmp_path, 3, "--resume") == 0
    extended = json.loads((tmp_path / "run.json").read_text())
    assert extended["complete"] and extended["games_per_setting"] == 3
    assert [g["digest"] for g in extended["games"]] == [g["digest"] for g in whole["games"]]


@pytest.mark.parametrize(("change", "said"), [
    (("--games", "1"), "games per setting"),  # fewer: the report's other games would go
    (("--bot", "easy"), "bot"),
    (("--setting", "heroes_conquer=false"), "settings"),
])
def test_resume_refuses_the_report_of_another_run(tmp_path: Path, change: tuple[str, str],
                                                  said: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert _balance(tmp_path, 2) == 0
    before = (tmp_path / "run.json").read_text()
    args = ["balance", "sparta", "--bot", "random", "--games", "2", "--setting", "default",
            "--setting", "first=1", "--jobs", "1", "--json", str(tmp_path / "run.json"),
            "--resume"]
    flag, value = change
    if flag == "--setting":
        args[args.index("first=1")] = value
    else:
        args[args.index(flag) + 1] = value
    capsys.readouterr()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "cannot resume" in err and said in err
    assert (tmp_path / "run.json").read_text() == before


def test_resume_needs_a_report_to_go_on_from(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "sparta", "--bot", "random", "--games", "1", "--resume"]) == 2
    assert "give --json" in capsys.readouterr().err
    (tmp_path / "run.json").write_text("{not json")
    assert _balance(tmp_path, 1, "--resume") == 2
    assert "not JSON" in capsys.readouterr().err


def test_ctrl_c_stops_a_balance_run_keeping_its_report(tmp_path: Path) -> None:
    """A Ctrl-C reaches the whole process group: the workers leave it to the main process,
    which writes the report of the games played and says how to go on (no worker traceback)."""
    import os
    import signal
    import subprocess
    import sys

    report = tmp_path / "run.json"
    # As from a terminal's foreground: Ctrl-C handled, even when the tests run where SIGINT is
    # ignored (a background job of a shell without job control ignores it, and hands that on).
    handled = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler);"
               " from meeples.cli import main; sys.exit(main())")
    process = subprocess.Popen(
        [sys.executable, "-c", handled, "balance", "sparta", "--bot", "hard", "--games", "50",
         "--setting", "default", "--jobs", "2", "--json", str(report)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while not report.exists() and time.monotonic() < deadline:  # written before the games
        time.sleep(0.1)
    time.sleep(2)  # the pool's workers are up and playing
    os.killpg(process.pid, signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "the same command with --resume goes on" in out
    assert "Traceback" not in out and "SpawnPoolWorker" not in out
    data = json.loads(report.read_text())
    assert data["complete"] is False and data["games_played"] == len(data["games"])


def test_default_settings_play_a_variant_that_is_the_same_game_once_per_player_count() -> None:
    from meeples.commands.balance import settings_of
    from meeples.games.meeple_war.data import QUICKSTART_BALANCED

    settings = settings_of("meeple_war", "2,3,4", None)
    names = {(s.players, s.options) for s in settings}
    for count in (2, 3, 4):
        # the quick start's default is played; the setup it stands for, named, is the same game
        assert (count, (("quickstart", True),)) in names
        same = (("quickstart", True), ("quickstart_setup", QUICKSTART_BALANCED[count]))
        assert (count, same) not in names
    rulebook = (("quickstart", True), ("quickstart_setup", "rulebook"))
    assert (2, rulebook) in names and (3, rulebook) not in names
    assert len(settings) == 3 * len(balance.option_variants(meeples.load("meeple_war"))) - 3
    # a setting named on the command line is played as named
    named = settings_of("meeple_war", "3", ["quickstart", "quickstart,quickstart_setup=rulebook"])
    assert len(named) == 2
