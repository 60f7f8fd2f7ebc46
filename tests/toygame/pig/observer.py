"""Pig's observation for the learning environments (``Capabilities.environment``): a vector of
numbers in [0, 1] from a player's view, the seats counted from the viewer's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from meeples.env.registry import Planes

SEATS = 4
FEATURES = (
    *(f"seat {k} score" for k in range(SEATS)),
    *(f"seat {k} to play" for k in range(SEATS)),
    "turn points", "die rolling", "players",
)
SHAPE = (len(FEATURES),)


def from_view(view: Mapping[str, Any]) -> Planes:
    """Return the observation of the player whose view this is (the definition)."""
    players: int = view["players"]
    me: int = view["player"] or 0
    goal: int = view["goal"]
    out = np.zeros(SHAPE, dtype=np.float32)
    for k in range(players):
        seat = (me + k) % players
        out[k] = min(1.0, view["scores"][seat] / goal)
        out[SEATS + k] = seat == view["turn"]
    out[2 * SEATS] = min(1.0, view["total"] / goal)
    out[2 * SEATS + 1] = view["die"] == "rolling"
    out[2 * SEATS + 2] = players / SEATS
    return out
