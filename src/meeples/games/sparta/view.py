"""What each player may see of a Sparta game: everything (perfect information)."""

from __future__ import annotations

from typing import Any

from meeples.games.sparta import notation, rules
from meeples.games.sparta.state import IS_HERO, NO_CITY, OWNER, State


def view(state: State, player: int | None) -> dict[str, Any]:
    """Return the JSON-ready view of a state for a player (None: a spectator)."""
    pieces = {
        notation.square_name(sq): {"owner": OWNER[p], "kind": "hero" if IS_HERO[p] else "warrior"}
        for sq, p in enumerate(state.board)
        if p
    }
    cities = {
        notation.square_name(sq): owner
        for sq, owner in enumerate(state.cities)
        if owner != NO_CITY
    }
    outcome = state.outcome
    return {
        "game": "sparta",
        "player": player,
        "players": 2,
        "size": rules.SIZE,
        "to_move": None if outcome else state.to_move,
        "pieces": pieces,
        "cities": cities,
        "reserves": list(state.reserves),
        "on_board": list(rules.count_pieces(state.board)),
        "city_count": list(rules.count_cities(state.cities)),
        "quiet_plies": state.quiet_plies,
        "passes": state.passes,
        "heroes_conquer": state.heroes_conquer,
        "outcome": outcome.to_json() if outcome else None,
        "position": notation.format_state(state),
    }
