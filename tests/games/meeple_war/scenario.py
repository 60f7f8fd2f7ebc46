"""Scenario positions for Meeple War tests, written as position text.

``position(...)`` starts from the 2-player (or n-player) opening with player 0 first, puts the
requested meeples and tiles on the map (meeples come from stock, tiles from the pile, so the
accounting of 13 meeples and 36 tiles still holds) and returns the parsed facade state.
"""

from __future__ import annotations

import json
from typing import Any

import meeples
from meeples.games.meeple_war import GAME
from meeples.games.meeple_war.state import State

PHASE_OF_STEP = {"window": 1, "bonus": 1, "worker": 2, "action": 3, "fly": 3, "fright": 3,
                 "move": 4, "explore": 5, "rotate": 5, "battle": 5}


def opening(players: int = 2, **options: Any) -> dict[str, Any]:
    """Return the JSON of a seeded opening with player 0 first, between turns."""
    data: dict[str, Any] = json.loads(GAME.new(players=players, seed=0, **options).position())
    if data["first"] != 0:
        # Reseat so that player 0 is first: the village layout follows turn order (B3).
        seats = data["seats"]
        shift = data["first"]
        data["seats"] = seats[shift:] + seats[:shift]
    data.update(first=0, active=0, turn=1, window=[], bonuses=[], workers=[], pending=[])
    return data


def position(
    players: int = 2,
    step: str = "move",
    troops: tuple[tuple[str, int, int], ...] = (),
    tiles: tuple[tuple[str, str, int], ...] = (),
    seats: dict[int, dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> meeples.State[State, str]:
    """Return a facade state for a scenario (see the module docstring)."""
    data = opening(players, **(options or {}))
    data["step"] = step
    data["phase"] = PHASE_OF_STEP.get(step, 1)
    for spot, tile, rot in tiles:
        data["pile"].remove(tile)
        data["tiles"] = [t for t in data["tiles"] if t[0] != spot] + [[spot, tile, rot]]
    for spot, player, count in troops:
        data["troops"].append([spot, player, count])
        data["seats"][player]["stock"] -= count
    for player, changes in (seats or {}).items():
        data["seats"][player].update(changes)
    data.update(fields)
    return GAME.parse(json.dumps(data, separators=(",", ":")))


def on(state: meeples.State[State, str], spot: str, player: int) -> int:
    """Return how many meeples of player stand on hex spot."""
    for h, p, c in json.loads(state.position())["troops"]:
        if h == spot and p == player:
            return int(c)
    return 0


def seat(state: meeples.State[State, str], player: int) -> dict[str, Any]:
    """Return the JSON of a player's seat."""
    return dict(json.loads(state.position())["seats"][player])


def field(state: meeples.State[State, str], name: str) -> Any:
    """Return a top-level field of the position JSON."""
    return json.loads(state.position())[name]


def skip(state: meeples.State[State, str], until: str, active: int | None = None,
         ) -> meeples.State[State, str]:
    """Play ``done`` (or the first legal action when ``done`` is not legal) until the awaited
    step is ``until`` (and, if given, ``active`` is the active player)."""
    for _ in range(200):
        inner = state.inner
        if inner.step == until and (active is None or inner.active == active):
            return state
        legal = state.legal()
        state = state.play("done" if "done" in legal else legal[0])
    raise AssertionError(f"never reached step {until}")
