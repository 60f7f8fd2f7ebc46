"""Rules versions: every game declares the version of the rules its engine plays, every record
carries the version it was played under, a record without one reads as version 1, and a record
of another version is refused, never replayed under rules it was not played under."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import meeples
from meeples.cli import main
from meeples.core.record import Match

GAMES = meeples.game_names()


def finished_record(name: str) -> dict[str, Any]:
    game = meeples.load(name)
    state = game.new(players=game.min_players, seed=3)
    for _ in range(12):
        state = state.play(state.legal()[0])
    data: dict[str, Any] = state.record().to_json()
    return data


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_a_rules_version_from_1(name: str) -> None:
    game = meeples.load(name)
    assert isinstance(game.rules_version, int) and game.rules_version >= 1
    assert game.rules_version == game.rules.rules_version


@pytest.mark.parametrize("name", GAMES)
def test_record_carries_the_rules_version_and_reads_it_back(name: str) -> None:
    data = finished_record(name)
    assert data["rules_version"] == meeples.load(name).rules_version
    assert Match.loads(json.dumps(data)).rules_version == data["rules_version"]


@pytest.mark.parametrize("name", GAMES)
def test_record_without_a_rules_version_reads_as_version_1(name: str) -> None:
    data = finished_record(name)
    del data["rules_version"]
    match = Match.loads(json.dumps(data))
    assert match.rules_version == 1
    assert match.to_json()["rules_version"] == 1


@pytest.mark.parametrize("name", GAMES)
def test_record_of_another_rules_version_is_refused_naming_both(name: str) -> None:
    game = meeples.load(name)
    data = finished_record(name)
    data["rules_version"] = game.rules_version + 1
    with pytest.raises(meeples.OtherRules) as refused:
        Match.loads(json.dumps(data))
    assert str(refused.value) == (
        f"this {game.title} match was played under version {game.rules_version + 1} of its "
        f"rules; this Meeples plays version {game.rules_version}, so it cannot replay the match")
    assert isinstance(refused.value, meeples.CorruptRecord)
    with pytest.raises(meeples.OtherRules):
        Match.from_json(data).replay()


@pytest.mark.parametrize("bad", [0, -1, "1", 1.5, True, None])
def test_record_with_a_bad_rules_version_is_refused(bad: object) -> None:
    data = finished_record("sparta")
    data["rules_version"] = bad
    with pytest.raises(meeples.CorruptRecord, match="'rules_version'"):
        Match.from_json(data)


def test_saved_file_keeps_the_rules_version(tmp_path: Path) -> None:
    state = meeples.load("sparta").new().play("b2-b4")
    state.record().save(tmp_path / "m.json")
    assert json.loads((tmp_path / "m.json").read_text())["rules_version"] == 1
    assert Match.load(tmp_path / "m.json").replay() == state


def test_replay_command_refuses_another_rules_version(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = finished_record("rise_of_tribes")
    data["rules_version"] = 2
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--final"]) == 2
    assert "played under version 2 of its rules" in capsys.readouterr().err


def test_rules_version_names_each_language() -> None:
    from meeples.core.text import msg, render

    refused = meeples.OtherRules(msg(
        "core.record_rules", game="Sparta", played=2, plays=1))
    for lang in ("en", "fr", "es"):
        words = render(refused.message, lang)
        assert "2" in words and "1" in words and "Sparta" in words


def test_option_added_later_replays_records_without_it_as_they_were_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A record made before an option existed names no value for it: it starts with the
    option's earlier value (``Option.before``), not with today's default, so a new default
    needs no new rules version (the golden quick-start playthroughs are such records)."""
    from dataclasses import replace

    game = meeples.load("meeple_war")
    path = Path(__file__).resolve().parents[1] / "data" / "meeple_war" / "playthroughs"
    data = json.loads((path / "3p_quickstart.json").read_text(encoding="utf-8"))
    assert "quickstart_setup" not in data["options"]
    option = game.options["quickstart_setup"]
    changed = {**game.options, "quickstart_setup": replace(option, default="shift",
                                                           before="rulebook")}
    monkeypatch.setattr(game, "options", changed)
    assert game.new(players=3, seed=9, quickstart=True).inner.options == (
        "quickstart", "quickstart_shift")
    match = Match.from_json(data)
    assert match.start().inner.options == ("quickstart",)
    assert match.replay().position() == data["final_position"]
    data["options"]["quickstart_setup"] = "shift"  # a record that names it plays what it names
    assert Match.from_json(data).start().inner.options == ("quickstart", "quickstart_shift")


def test_a_value_that_stands_for_one_per_player_count_is_recorded_as_that_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``Option.by_players``: a default that depends on the player count resolves when the
    match begins and its record names what it resolved to, so a later change of the table (a
    fairer setup found) leaves every recorded match as it was played."""
    from dataclasses import replace

    game = meeples.load("meeple_war")
    option = game.options["quickstart_setup"]
    changed = {**game.options, "quickstart_setup": replace(
        option, by_players={"balanced": {2: "shift", 3: "reversed"}})}
    monkeypatch.setattr(game, "options", changed)
    assert game.check_options(2, {"quickstart": True})["quickstart_setup"] == "shift"
    assert game.check_options(3, {"quickstart": True, "quickstart_setup": "balanced"})[
        "quickstart_setup"] == (
        "reversed")
    assert game.check_options(4, {"quickstart": True})["quickstart_setup"] == "balanced"
    assert game.check_options(2, {})["quickstart_setup"] == "balanced"  # no quick start
    record = game.new(players=2, seed=9, quickstart=True).record().to_json()
    assert record["options"]["quickstart_setup"] == "shift"
    monkeypatch.setattr(game, "options", {**game.options, "quickstart_setup": replace(
        option, by_players={"balanced": {2: "reversed"}})})
    assert Match.from_json(record).start().inner.options == ("quickstart", "quickstart_shift")
