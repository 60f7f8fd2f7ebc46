"""The shapes of printed components that a board draws (Meeple War's building paths and
defense spaces), per game.

Display data only, declared by each game (``Capabilities.components``) and read from its own
data, so the browser never keeps a copy that could drift: the JavaScript asks
``GET /api/games/{name}/components``. Names and effects are not here: they are words, in each
language's catalogue (``meeples.core.text``). Games that declare none answer an empty object.
"""

from __future__ import annotations

from typing import Any

from meeples.core.registry import load


def components(game: str) -> dict[str, Any]:
    """Return the component data of a game's board (empty when it needs none).

    Raises:
        UnknownGame: no game has that name.
    """
    builder = load(game).capabilities.components
    return builder() if builder is not None else {}
