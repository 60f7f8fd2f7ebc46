"""Shared fixtures: the registry's games, for the conformance suite; the toy game with private
information, registered for the tests that ask for it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from meeples.core.game import Game


@pytest.fixture
def with_hidden_cards() -> Iterator[Game[Any, Any]]:
    """The toy game with private information (tests/hidden_cards.py), registered for one test."""
    from tests.hidden_cards import registered

    with registered() as game:
        yield game


@pytest.fixture(autouse=True)
def _collector_of_the_test_process_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """``meeples serve`` freezes the garbage collector's heap and raises its threshold for the
    rest of its process: run in a test, it did so for every later test of that pytest worker
    (one whole run broke there: "I/O operation on closed file", then every test of the worker).
    Tests of that step put it back (``tests/server/test_collector.py``)."""
    from meeples.commands import serve

    monkeypatch.setattr(serve, "quiet_collector", lambda: None)
