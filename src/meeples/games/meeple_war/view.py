"""What each player sees of a Meeple War game: the whole state, the same for every seat.

Nothing is secret: the face-down pile is the set of tiles not yet seen (its contents follow from
the tiles in play), and the tile it yields next is not decided until chance draws it (a
``draw:T..`` outcome). The view is the position's data plus what a board draws from it.
"""

from __future__ import annotations

from typing import Any

from meeples.games.meeple_war import notation
from meeples.games.meeple_war.board import FOREST, hex_name
from meeples.games.meeple_war.cards import changed_cards
from meeples.games.meeple_war.data import TILES
from meeples.games.meeple_war.describe import card_changes
from meeples.games.meeple_war.rules import to_move
from meeples.games.meeple_war.state import State
from meeples.games.meeple_war.work import Work


def view(state: State, player: int | None) -> dict[str, Any]:
    """Return the JSON-ready view of a state for a player (None: a spectator)."""
    data = notation.to_json(state)
    data["position"] = notation.format_state(state)  # public: bots search from it
    data["player"] = player
    data["to_move"] = to_move(state)
    data["pile_count"] = len(state.pile)
    data["unseen_tiles"] = [TILES[t].id for t in state.pile]  # sorted, as the pile
    w = Work(state)
    data["vp"] = [w.vp(p) for p in range(state.players)]
    data["map"] = [
        {"hex": hex_name(h), "tile": TILES[t].id, "kind": TILES[t].kind, "rotation": r,
         "forest": [d for d in range(6) if FOREST[t][r] >> d & 1], "vp": TILES[t].vp,
         "bonus": w.bonus(h)}
        for h, t, r in state.tiles
    ]
    data["capacity"] = [
        [None if slot is None else w.slot_capacity(slot) for slot in seat.slots]
        for seat in state.seats
    ]
    if len(state.drawn) == 2:
        # The drawn tile is on the table, face up: its forest in each rotation lets a board
        # preview every way of laying it without knowing the tiles (directions 0 E .. 5 SE).
        h, t = state.drawn
        data["drawn_tile"] = {
            "hex": hex_name(h), "tile": TILES[t].id, "kind": TILES[t].kind,
            "forest": [[d for d in range(6) if FOREST[t][r] >> d & 1] for r in range(6)],
        }
    data["gates"] = [hex_name(h) for h in w.gate]
    data["villages"] = [
        [hex_name(h) for h, (p, _) in sorted(w.village.items(), key=lambda kv: kv[1])
         if p == q]
        for q in range(state.players)
    ]
    changed = changed_cards(state.options)
    if changed:
        # The cards this match's setup changes, as it plays them: a board draws their paths
        # from here rather than from the printed ones, and says what changed.
        data["cards"] = {
            code: {"path": {node: list(ways) for node, ways in b.path.items()},
                   "leaves": {leaf: list(action) for leaf, action in b.leaves.items()},
                   "changes": _changes(code, state.options)}
            for code, b in changed.items()
        }
    return data


def _changes(code: str, options: tuple[str, ...]) -> dict[str, Any]:
    words = card_changes(code, options)
    assert words is not None
    return words.to_json()
