"""Printed component data the boards draw (names, building paths, tile kinds), per game.

Display data only, read from each game's own data module so the browser never keeps a copy
that could drift: the JavaScript asks ``GET /api/games/{name}/components``. Games without an
entry answer an empty object.
"""

from __future__ import annotations

from typing import Any


def _meeple_war() -> dict[str, Any]:
    from meeples.games.meeple_war import data

    return {
        "buildings": {
            code: {
                "name": b.name,
                "defense": b.defense,
                "construction_defense": b.construction_defense,
                "construction_length": b.construction_length,
                "path": {node: list(next_nodes) for node, next_nodes in b.path.items()},
                "leaves": {leaf: list(action) for leaf, action in b.leaves.items()},
            }
            for code, b in data.BUILDINGS.items()
        },
        "tiles": {t.id: {"kind": t.kind, "vp": t.vp, "bonus": t.bonus} for t in data.TILES},
        "kinds": dict(data.KIND_NAMES),
        "tokens": dict(data.TOKEN_NAMES),
        "actions": dict(data.ACTION_NAMES),
    }


def _rise_of_tribes() -> dict[str, Any]:
    from meeples.games.rise_of_tribes import data

    return {
        "goals": dict(zip(data.GOAL_IDS, data.GOAL_NAMES, strict=True)),
        "events": dict(zip(data.EVENT_IDS, data.EVENT_NAMES, strict=True)),
        # Where each volcano slot lies beside the map, by player count: "vent 3" is drawn there.
        "volcano_slots": {
            str(n): [list(slot) for slot in slots] for n, slots in data.VOLCANO_SLOTS.items()
        },
    }


BUILDERS = {"meeple_war": _meeple_war, "rise_of_tribes": _rise_of_tribes}


def components(game: str) -> dict[str, Any]:
    """Return the component data of a game's board (empty when it needs none)."""
    builder = BUILDERS.get(game)
    return builder() if builder is not None else {}
