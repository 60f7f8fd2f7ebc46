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
