"""What each player may see of a Meeple War game: all hidden-information policy lives here.

Hidden: the order of the face-down territory pile and the generator state (which would reveal
future draws). Everything on the table is shown, including how many tiles are left and which
ones (the pile's contents follow from the tiles in play, its order does not).
"""

from __future__ import annotations

from typing import Any

from meeples.core.rng import seed_state, shuffled
from meeples.games.meeple_war import notation
from meeples.games.meeple_war.board import FOREST, hex_name
from meeples.games.meeple_war.data import TILES
from meeples.games.meeple_war.rules import to_move
from meeples.games.meeple_war.state import State
from meeples.games.meeple_war.work import Work

HIDDEN = ("rng", "pile")


def view(state: State, player: int | None) -> dict[str, Any]:
    """Return the JSON-ready view of a state for a player (None: a spectator)."""
    data = notation.to_json(state)
    for key in HIDDEN:
        del data[key]
    data["player"] = player
    data["to_move"] = to_move(state)
    data["pile_count"] = len(state.pile)
    data["unseen_tiles"] = sorted(TILES[t].id for t in state.pile)
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
    if state.drawn:
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
    return data


def sample_state(view_data: dict[str, Any], seed: int) -> State:
    """Return a full state consistent with a view: the pile order and generator are sampled.

    Only the view is read (a determinization for search bots): the unseen tiles are shuffled
    with a generator seeded from ``seed``, which also becomes the new generator state.
    """
    rng = seed_state(seed)
    pile, rng = shuffled(rng, list(view_data["unseen_tiles"]))
    data = {k: v for k, v in view_data.items()
            if k not in ("player", "to_move", "pile_count", "unseen_tiles", "vp", "gates",
                         "villages", "map", "capacity", "drawn_tile")}
    data["rng"] = rng
    data["pile"] = list(pile)
    return notation.from_json(data)
