"""``meeples verify`` (issue 13): a record's seed matches its commitment and every chance
outcome is the draw of the seed's dealer; any tampering is found."""

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
from meeples.core.verify import verify

SEED = Dealer(2**255 + 12345).seed


def finished_record(seed: int = SEED, plies: int = 400) -> dict[str, Any]:
    """Return the record of a Meeple War game played at random, chance dealt from its seed."""
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


def test_verify_a_record_from_a_position_cannot_be_checked() -> None:
    game = meeples.load("meeple_war")
    state = game.parse(game.new(players=2, seed=3).position())
    assert not verify(Match.of(state)).ok


def test_verify_command_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = finished_record(plies=150)
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
    good.write_text(json.dumps(finished_record(plies=100)), encoding="utf-8")
    assert main(["verify", str(good), "--commitment", commitment(SEED)]) == 0
    assert main(["verify", str(good), "--commitment", commitment(SEED + 2)]) == 1
    assert main(["verify", str(good), "--commitment", "xyz"]) == 2


def test_verify_old_format_record_is_not_verified() -> None:
    # the first format's chance came from the old generator, not from a dealer
    path = Path(__file__).resolve().parents[1] / "data" / "meeple_war" / "records_v1"
    data = json.loads((path / "2p_full.json").read_text(encoding="utf-8"))
    assert not verify(Match.from_json(data)).ok
