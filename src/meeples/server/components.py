"""The shapes of printed components that a board draws (Meeple War's building paths and
defense spaces), per game.

Display data only, read from each game's own data module so the browser never keeps a copy
that could drift: the JavaScript asks ``GET /api/games/{name}/components``. Names and effects
are not here: they are words, in each language's catalogue (``meeples.core.text``). Games
without an entry answer an empty object.
"""

from __future__ import annotations

from typing import Any


def _meeple_war() -> dict[str, Any]:
    from meeples.games.meeple_war import data

    return {
        "buildings": {
            code: {
                "defense": b.defense,
                "construction_defense": b.construction_defense,
                "construction_length": b.construction_length,
                "path": {node: list(next_nodes) for node, next_nodes in b.path.items()},
                "leaves": {leaf: list(action) for leaf, action in b.leaves.items()},
            }
            for code, b in data.BUILDINGS.items()
        },
    }


BUILDERS = {"meeple_war": _meeple_war}


def components(game: str) -> dict[str, Any]:
    """Return the component data of a game's board (empty when it needs none)."""
    builder = BUILDERS.get(game)
    return builder() if builder is not None else {}
