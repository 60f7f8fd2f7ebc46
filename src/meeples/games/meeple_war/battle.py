"""Phase 5, resolution: explorations, then battles (rulebook "Resolution", "Bravery"; sheet B1,
B4, B10, E1, E2, A12, A13, A16, A20, D4, D15, D19).
"""

from __future__ import annotations

from meeples.games.meeple_war import board, grammar
from meeples.games.meeple_war.data import TILES
from meeples.games.meeple_war.grammar import Battle, Draw, Explore, Rotate
from meeples.games.meeple_war.movement import mines, trigger_altar
from meeples.games.meeple_war.work import Work, without

#: The text of a typed action, and of each rotation.
text = grammar.text
ROTATE = grammar.texts(Rotate)

# --- exploration -----------------------------------------------------------------------------


def explore_options(w: Work) -> list[str]:
    return [text(Explore(h)) for h in w.explore]


def rotations(w: Work, h: int, tile: int, origins: list[int]) -> list[int]:
    """Return the rotations, one per distinct forest layout, opening an edge to an origin."""
    if not TILES[tile].forest:
        return [0]
    seen, out = set(), []
    for rot in range(6):
        mask = board.FOREST[tile][rot]
        if mask in seen:
            continue
        for o in origins:
            d = board.direction_between(h, o)
            if not mask >> d & 1 or board.edge_key(h, d) in w.trees:
                seen.add(mask)
                out.append(rot)
                break
    return out


def apply_explore(w: Work, action: Explore) -> None:
    """Choose the hex explored next: chance then turns up its tile (step ``draw``)."""
    w.drawn = (action.hex,)
    w.step = "draw"


def apply_draw(w: Work, action: Draw) -> None:
    """Turn up the tile chance drew for the hex explored; place it at once when its rotation
    is forced."""
    h = w.drawn[0]
    tile = action.tile
    w.pile = without(w.pile, tile)
    rots = rotations(w, h, tile, w.explore[h])
    if len(rots) == 1:
        w.drawn = ()
        w.step = "explore"
        lay_tile(w, h, tile, rots[0])
    else:
        w.drawn = (h, tile)
        w.step = "rotate"


def rotate_options(w: Work) -> list[str]:
    h, tile = w.drawn
    return [ROTATE[r] for r in rotations(w, h, tile, w.explore[h])]


def apply_rotate(w: Work, action: Rotate) -> None:
    h, tile = w.drawn
    w.drawn = ()
    w.step = "explore"
    lay_tile(w, h, tile, action.rotation)


def lay_tile(w: Work, h: int, tile: int, rot: int) -> None:
    """Place an explored tile under the explorers; an altar or a mine acts at once (A12, A13)."""
    w.set_tile(h, tile, rot)
    del w.explore[h]
    a = w.active
    kind = TILES[tile].kind
    if kind == "altar":
        trigger_altar(w, a, h)
    elif kind == "mine" and len(mines(w)) > 1 and w.count(h, a):
        w.effects += (("jump", a, h),)


# --- battles ---------------------------------------------------------------------------------


def battle_hexes(w: Work) -> list[int]:
    troops = w.troops
    return [h for h in sorted(troops) if len(troops[h]) - troops[h].count(0) > 1]


def battle_options(w: Work) -> list[str]:
    return [text(Battle(h)) for h in battle_hexes(w)]


def apply_battle(w: Work, action: Battle) -> None:
    """Resolve the chosen battle, then the hex's altar or mine for the surviving attacker."""
    h = action.hex
    a = w.active
    resolve(w, h, a)
    after_arrival(w, a, h, jump=True)


def after_arrival(w: Work, p: int, h: int, jump: bool) -> None:
    """Apply the altar (and, when allowed, the mine) of a hex p now holds alone."""
    if not w.count(h, p) or w.has_opponent(h, p):
        return
    kind = w.kind(h)
    if kind == "altar":
        trigger_altar(w, p, h)
    elif kind == "mine" and jump and len(mines(w)) > 1:
        w.effects += (("jump", p, h),)


def resolve(w: Work, h: int, attacker: int) -> None:
    """Fight on h until one player is left; the attacker meets each other player in turn (A20)."""
    while True:
        present = w.present(h)
        if len(present) < 2:
            return
        att = attacker if attacker in present else present[-1]
        dfn = next(p for p in present if p != att)
        fight(w, h, att, dfn)


def fight(w: Work, h: int, att: int, dfn: int) -> None:
    """One battle: forge kills (B4), then simultaneous attrition; bravery per E1 and D15."""
    killed_by_att = killed_by_dfn = 0
    active = w.active
    if w.weapons and (att == active or (dfn == active
                                        and not w.option("weapons_forge_attack_only"))):
        victim = dfn if att == active else att
        k = min(w.weapons, w.count(h, victim))
        w.destroy(h, victim, k)
        if victim == dfn:
            killed_by_att += k
        else:
            killed_by_dfn += k
    shields = w.seats[dfn].shields
    if shields and dfn != active:
        k = min(shields, w.count(h, att))
        w.destroy(h, att, k)
        killed_by_dfn += k
    k = min(w.count(h, att), w.count(h, dfn))
    w.destroy(h, att, k)
    w.destroy(h, dfn, k)
    killed_by_att += k
    killed_by_dfn += k
    w.gain_bravery(att, killed_by_att)
    w.gain_bravery(dfn, killed_by_dfn // 2)
