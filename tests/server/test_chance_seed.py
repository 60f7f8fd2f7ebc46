"""A fixed chance seed (meeples serve --chance-seed): the same text, the same matches' chance."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from meeples.commands.serve import chance_seed_of
from meeples.core.chance import SeedSource, commitment
from meeples.core.errors import BadOptions
from meeples.server.app import create_app
from tests.server.conftest import create

TEXT = "tests of the fixed chance seed"


def matches(db: Path, count: int, text: str | None = TEXT) -> list[tuple[str, str]]:
    """Create ``count`` Meeple War matches on a fresh app; return their ids and commitments."""
    with TestClient(create_app(str(db), bot_delay=0, chance_seed=text)) as client:
        made = [create(client, game="meeple_war", seats=[{"kind": "human"}] * 2)
                for _ in range(count)]
    return [(m["id"], m["chance"]["commitment"]) for m in made]


def test_the_same_text_gives_the_same_matches_chance(tmp_path: Path) -> None:
    first = matches(tmp_path / "a.db", 3)
    assert first == matches(tmp_path / "b.db", 3)
    assert len(set(first)) == 3


def test_each_match_s_seed_follows_from_the_text_and_its_id(tmp_path: Path) -> None:
    for match_id, published in matches(tmp_path / "a.db", 2):
        assert published == commitment(SeedSource(TEXT).seed(match_id))


def test_another_text_or_none_gives_other_chance(tmp_path: Path) -> None:
    ours = matches(tmp_path / "a.db", 2)
    assert not set(ours) & set(matches(tmp_path / "b.db", 2, "another text"))
    assert not set(ours) & set(matches(tmp_path / "c.db", 2, None))


def test_a_restart_on_the_same_database_skips_the_ids_it_has(tmp_path: Path) -> None:
    before = matches(tmp_path / "a.db", 2)
    after = matches(tmp_path / "a.db", 2)
    assert not {i for i, _ in before} & {i for i, _ in after}
    assert after == matches(tmp_path / "b.db", 4)[2:]  # the sequence goes on


def test_the_server_says_loudly_that_chance_is_not_secret(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="meeples.server"):
        matches(tmp_path / "a.db", 1)
    assert any("NOT SECRET" in r.getMessage() for r in caplog.records)


def args(chance_seed: str | None, workers: int = 1) -> argparse.Namespace:
    return argparse.Namespace(chance_seed=chance_seed, workers=workers)


def test_serve_takes_the_text_from_the_option_else_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MEEPLES_CHANCE_SEED", raising=False)
    assert chance_seed_of(args(None)) is None
    monkeypatch.setenv("MEEPLES_CHANCE_SEED", "from the environment")
    assert chance_seed_of(args(None)) == "from the environment"
    assert chance_seed_of(args("given")) == "given"


@pytest.mark.parametrize(("text", "workers"), [("", 1), ("  ", 1), ("x", 2)])
def test_serve_refuses_an_empty_chance_seed_or_several_workers(text: str, workers: int) -> None:
    with pytest.raises(BadOptions):
        chance_seed_of(args(text, workers))
