"""The toy game Pig, registered for the tests that ask for it (``pig``), as ours are registered:
by :func:`meeples.core.registry.register` of its package. No other test sees a fourth game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from meeples.core import registry
from meeples.core.game import Game

PACKAGE = "tests.toygame.pig"


@pytest.fixture
def pig() -> Iterator[Game[Any, Any]]:
    """Pig in the registry while the test runs."""
    from meeples.ai.model import model

    game = registry.register(PACKAGE)
    try:
        yield game
    finally:
        registry.unregister(game.name)
        model.cache_clear()
