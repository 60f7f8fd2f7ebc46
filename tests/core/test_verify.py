"""``meeples verify`` (issues 13 and 28): a record's seed matches its commitment, every chance
outcome is the draw of the seed's dealer, every decision is legal and the record reaches its
end; any tampering is found, an unfinished record is never verified."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import meeples
from meeples.cli import main
from meeples.core.chance import Dealer, commitment
from meeples.core.record import Match
from meeples.core.verify import verify, verify_json

SEED = Dealer(2**255 + 12345).seed


def finished_record(seed: int = SEED, plies: int = 10_000) -> dict[str, Any]:
    """Return the record of a Meeple War game played at random, chance dealt from its seed (to
    its end, or cut after plies actions)."""
    rng = random.Random(1)
    state = meeples.load("meeple_war").new(players=2, seed=seed)
    while not state.is_terminal() and len(state.history) < plies:
        state = state.deal() if state.is_chance else state.play(rng.choice(state.legal()))
    data: dict[str, Any] = state.record().to_json()
    return data


def draw_indexes(data: dict[str, Any]) -> list[int]:
    return [i for i, a in enumerate(data["actions"]) if a.startswith(("draw:", "first:"))]


def test_verify_a_dealt_record_is_verified() -> None:
    data = finished_record()
    verdict = verify(Match.from_json(data))
    assert verdict.ok, verdict.text()
    assert verdict.draws == len(draw_indexes(data)) > 5
    assert verdict.text().startswith("verified")


def test_verify_record_keeps_the_seed_as_text_and_its_commitment() -> None:
    data = finished_record()
    assert data["format"] == "meeples-match/2"
    assert data["seed"] == str(SEED) and data["commitment"] == commitment(SEED)


def test_verify_changed_seed_breaks_the_commitment() -> None:
    data = finished_record()
    data["seed"] = str(SEED + 1)
    verdict = verify(Match.from_json(data))
    assert not verdict.ok
    assert any("commitment" in p for p in verdict.problems)


def test_verify_changed_seed_and_commitment_breaks_the_draws() -> None:
    data = finished_record()
    data["seed"], data["commitment"] = str(SEED + 1), commitment(SEED + 1)
    verdict = verify(Match.from_json(data))
    assert not verdict.ok and any("draw" in p for p in verdict.problems)


def test_verify_changed_commitment_against_the_published_one() -> None:
    data = finished_record()
    data["seed"], data["commitment"] = str(SEED + 1), commitment(SEED + 1)
    verdict = verify(Match.from_json(data), published=commitment(SEED))
    assert not verdict.ok and any("published" in p for p in verdict.problems)


def test_verify_changed_outcome_is_found_with_its_index() -> None:
    data = finished_record()
    state = Match.from_json(data).start()
    for index, action in enumerate(data["actions"]):
        if state.is_chance and len(state.chance_outcomes()) > 1:
            other = next(a for a, _ in state.chance_outcomes() if a != action)
            data["actions"][index] = other
            break
        state = state.play(action)
    verdict = verify(Match.from_json(data))
    assert not verdict.ok
    assert f"action {index + 1} is {other!r}" in verdict.text()


def test_verify_command_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = finished_record()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(good)]) == 0
    assert "verified" in capsys.readouterr().out
    data["seed"] = str(SEED - 1)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    assert "NOT verified" in capsys.readouterr().out


def test_verify_command_with_the_published_commitment(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(finished_record()), encoding="utf-8")
    assert main(["verify", str(good), "--commitment", commitment(SEED)]) == 0
    assert main(["verify", str(good), "--commitment", commitment(SEED + 2)]) == 1
    assert main(["verify", str(good), "--commitment", "xyz"]) == 2


def test_verify_old_format_record_is_not_verified() -> None:
    # the first format's chance came from the old generator, not from a dealer
    path = Path(__file__).resolve().parents[1] / "data" / "meeple_war" / "records_v1"
    data = json.loads((path / "2p_full.json").read_text(encoding="utf-8"))
    assert not verify(Match.from_json(data)).ok


# --- the whole record (issue 28) ----------------------------------------------------------------


def test_verify_an_unfinished_record_is_reported_unfinished_not_verified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 28: a record cut in the middle of the game was "verified"
    data = finished_record(plies=150)
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    code = main(["verify", str(cut)])
    printed = capsys.readouterr().out
    state = Match.from_json(data).replay()
    assert code == 1 and not printed.startswith("verified")
    assert f"unfinished: 150 actions, player {state.to_move + 1} to move" in printed


def sparta_record(seed: int = 3) -> dict[str, Any]:
    """Return the record of a whole Sparta game of random moves, with its stored end."""
    rng = random.Random(seed)
    state = meeples.load("sparta").new(players=2, seed=0)
    while not state.is_terminal():
        state = state.play(rng.choice(state.legal()))
    data: dict[str, Any] = state.record().to_json()
    assert state.outcome is not None
    return {**data, "outcome": state.outcome.to_json(), "final": state.position()}


def test_verify_a_changed_decision_names_the_first_action_that_does_not_follow() -> None:
    # issue 28: a player's decision changed passed as long as the chance after it matched
    data = sparta_record()
    match = Match.from_json(data)
    states = match.states()
    for ply in range(10, len(match.actions) - 1):  # a decision after which the next is illegal
        later = match.actions[ply + 1]
        other = next((a for a in states[ply].legal() if a != match.actions[ply]
                      and later not in states[ply].play(a).legal()), None)
        if other is not None:
            break
    assert other is not None
    data["actions"][ply] = other
    verdict = verify_json(data)
    assert not verdict.ok and verdict.findings[0].key == "core.verify.illegal"
    assert f"action {ply + 2} ('{later}') is not legal" in verdict.text()


def test_verify_a_changed_decision_that_still_replays_misses_the_stored_end() -> None:
    data = sparta_record()
    match = Match.from_json(data)
    states = match.states()
    last = len(match.actions) - 1  # the winning move changed for another legal one
    data["actions"][last] = next(a for a in states[last].legal() if a != match.actions[last])
    verdict = verify_json(data)
    keys = [finding.key for finding in verdict.findings]
    assert not verdict.ok and ("core.verify.final" in keys or "core.verify.unfinished" in keys)


def test_verify_a_whole_record_with_its_stored_end_is_verified() -> None:
    verdict = verify_json(sparta_record())
    assert verdict.ok, verdict.text()
    assert verdict.text().startswith("verified:") and "no chance to check" in verdict.text()


def test_verify_a_stored_outcome_other_than_the_one_reached_is_found() -> None:
    data = sparta_record()
    data["outcome"] = {**data["outcome"], "winners": [1 - data["outcome"]["winners"][0]],
                       "ranking": list(reversed(data["outcome"]["ranking"]))}
    verdict = verify_json(data)
    assert [f.key for f in verdict.findings] == ["core.verify.outcome"]


def test_verify_an_action_after_the_end_is_found() -> None:
    data = sparta_record()
    data["actions"].append("b2-b4")
    verdict = verify_json(data)
    assert verdict.findings[0].key == "core.verify.after_end"
    assert f"action {len(data['actions'])} ('b2-b4') comes after the end" in verdict.text()


def test_verify_a_resignation_ends_the_record() -> None:
    data = finished_record(plies=150)
    resigned = {**data, "resigned": [{"seat": 1, "ply": 150}]}
    assert verify_json(resigned).ok and not verify_json(data).ok


def position_record(seed: int | None) -> dict[str, Any]:
    """Return a Meeple War record started from a position, played to its end at random with
    chance dealt from seed (the server's way: the position, then its seed's draws)."""
    game = meeples.load("meeple_war")
    start = game.parse(game.new(players=2, seed=3).position())
    dealer = Dealer(seed if seed is not None else 5)
    rng = random.Random(2)
    state = start
    while not state.is_terminal():
        if state.is_chance:
            state = state.play(dealer.pick(state.chance_outcomes(), len(state.history)))
        else:
            state = state.play(rng.choice(state.legal()))
    return {**Match.of(state).to_json(), "seed": None if seed is None else str(seed),
            "commitment": None if seed is None else commitment(seed)}


def test_verify_a_record_from_a_position_with_its_seed_is_verified() -> None:
    # issue 28: a match started from a position could never be verified
    verdict = verify_json(position_record(SEED))
    assert verdict.ok and verdict.draws > 0, verdict.text()


def test_verify_a_record_from_a_position_without_a_seed_says_why_not() -> None:
    verdict = verify_json(position_record(None))
    assert [f.key for f in verdict.findings] == ["core.verify.no_seed"]
    assert "has no seed" in verdict.text()
