"""reveals: Sparta has no chance and no hidden information, so every action may be undone."""

from __future__ import annotations

import random

import meeples


def test_sparta_never_reveals() -> None:
    state = meeples.load("sparta").new(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if state.outcome is not None:
            break
        assert not any(state.reveals(a) for a in state.legal())
        state = state.play(rng.choice(state.legal()))
