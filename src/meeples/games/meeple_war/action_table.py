"""Meeple War's fixed action table: one id per action text, from the grammar's forms.

One line per form of :data:`meeples.games.meeple_war.grammar.FORMS` (built by
:mod:`meeples.core.actiontable`). The fields' domains: seats 0-3, village slots and spots 1-4,
workers 1-4, sides 0-2, rotations 0-5, the five upgrade tokens, the ten building codes, the
nodes of the buildings' paths (``S``, ``a``-``c``, ``L1``-``L3``, construction ``c0``-``c9``),
counts of meeples 1-13 (a player has 13), the 36 tiles, and the hexes of the board.

The board has no edge in the rules (sheet, "Exploration limits": none but the pile): a tile is
explored next to another, so every tile lies within :data:`EXACT_RADIUS` hexes of the centre
(the largest setup's radius plus the tiles left in its pile). Numbering every hex that far
would make moves (``from>to:k``, any two hexes: the Mine tunnels join hexes anywhere) alone
13 x 3,169^2 = 130 million ids, which no mask or policy can carry. The table numbers the hexes
within :data:`RADIUS` of the centre, ring by ring (the centre, then each ring from its east hex
counter-clockwise), where every game measured stays (random games: the farthest tile was 14 hexes
out once in 900 games, 11 or less in all others); an action reaching further has no id, and
:func:`action_id` says so. :func:`table` builds the table of any radius (``table(EXACT_RADIUS)``:
every action of every game, 141,930,962 ids, computed on demand). The frightened meeple's step
(``fr:O@q,r>q2,r2``) is one of the six directions from its hex (0 E, 1 NE, 2 NW, 3 W, 4 SW,
5 SE).

Chance outcomes, numbered apart (OpenSpiel's chance outcome ids): the first player
(``first:P``) and the tile drawn for an explored hex (``draw:Tnn``). They join the table when the
grammar has them (the explicit chance of issue 13).
"""

from __future__ import annotations

import re

from meeples.core.actiontable import Form, Steps, Table, Values
from meeples.games.meeple_war import grammar
from meeples.games.meeple_war.board import coords, hex_of
from meeples.games.meeple_war.data import (
    BUILDING_CODES,
    DIRECTIONS,
    MEEPLES_PER_PLAYER,
    SEATS,
    SETUP_TILES,
    TILES,
    UPGRADE_TOKENS,
)

#: The hexes numbered: within this many of the centre (0,0).
RADIUS = 12


def _exact_radius() -> int:
    """Return the farthest any tile can lie: a setup's radius plus one hex per tile of its pile
    (the 4-player setup of 9 tiles leaves 27 in the pile, within 2 as well)."""
    out = 0
    for players, layout in SETUP_TILES.items():
        reach = max(max(abs(q), abs(r), abs(q + r)) for q, r in layout)
        pile = len(TILES) - len(layout) + (2 if players == 4 else 0)
        out = max(out, reach + pile)
    return out


#: Every tile lies within this many hexes of the centre: the radius of a complete table.
EXACT_RADIUS = _exact_radius()


def ring_hexes(radius: int) -> tuple[tuple[int, int], ...]:
    """Return the hexes within ``radius`` of the centre: the centre, then ring by ring, each
    ring from its east hex counter-clockwise (so a hex's place does not depend on the radius)."""
    out = [(0, 0)]
    for ring in range(1, radius + 1):
        q, r = ring, 0
        for side in range(2, 8):  # from the east hex, walk NW, W, SW, SE, E, NE
            dq, dr = DIRECTIONS[side % 6]
            for _ in range(ring):
                out.append((q, r))
                q, r = q + dq, r + dr
    return tuple(out)


_HEX = r"-?\d{1,2},-?\d{1,2}"
SEAT = Values(range(max(SEATS)), "[0-3]")
SLOTS = Values(range(1, 5), "[1-4]")
SIDES = Values(range(3), "[0-2]")
ROTATIONS = Values(range(6), "[0-5]")
TOKENS = Values(UPGRADE_TOKENS, "[a-z]{3}")
BUILDINGS = Values(BUILDING_CODES, "[A-Z]{2}")
NODES = Values(("S", "a", "b", "c", "L1", "L2", "L3", *(f"c{i}" for i in range(10))), r"\w{1,2}")
COUNTS = Values(range(1, MEEPLES_PER_PLAYER + 1), r"\d{1,2}")
TILE_IDS = Values((tile.id for tile in TILES), r"T\d\d")


def _code(name: str) -> int:
    q, _, r = name.partition(",")
    return hex_of(int(q), int(r))


def _direction(name: str, other: str) -> int | None:
    """Return the direction from a hex to a neighbour, None when it is not one."""
    q, r = coords(_code(name))
    q2, r2 = coords(_code(other))
    step = (q2 - q, r2 - r)
    return DIRECTIONS.index(step) if step in DIRECTIONS else None


def hexes(radius: int) -> Values:
    """Return the domain of the hexes within ``radius`` of the centre, ring by ring."""
    return Values((f"{q},{r}" for q, r in ring_hexes(radius)), _HEX)


def steps(numbered: Values) -> Steps:
    """Return the domain of a step to a neighbour among the numbered hexes."""

    def step(name: str, direction: int) -> str | None:
        q, r = (int(part) for part in name.split(","))
        dq, dr = DIRECTIONS[direction]
        found = f"{q + dq},{r + dr}"
        return found if found in numbered.index else None

    return Steps(len(DIRECTIONS), step, _direction, _HEX)


def forms(radius: int = RADIUS) -> tuple[Form, ...]:
    """Return the forms, in the grammar's order (chance outcomes last), with the hexes within
    ``radius`` of the centre; a new form is one more line."""
    hex_ = hexes(radius)
    return (
        Form("done", "done"),
        Form("tree", "tree:{hex}/{side}", hex_, SIDES),
        Form("upgrade", "up:{token}@{hex}", TOKENS, hex_),
        Form("bonus", "bonus:{hex}", hex_),
        Form("bonus", "bonus:{hex}>{to}", hex_, hex_),
        Form("worker", "w{slot}>{node}", SLOTS, NODES),
        Form("build", "s{slot}:build:{building}@{spot}", SLOTS, BUILDINGS, SLOTS),
        Form("asm", "s{slot}:asm:{count}", SLOTS, COUNTS),
        Form("dep", "s{slot}:dep:{count}", SLOTS, COUNTS),
        Form("rei", "s{slot}:rei:{count}@{hex}", SLOTS, COUNTS, hex_),
        Form("fly", "s{slot}:fly", SLOTS),
        Form("fright", "s{slot}:fright", SLOTS),
        Form("stealth", "s{slot}:stealth@{hex}", SLOTS, hex_),
        Form("burn", "s{slot}:burn@{hex}", SLOTS, hex_),
        Form("bomb", "s{slot}:bomb@{owner}.{spot}", SLOTS, SEAT, SLOTS),
        Form("bomb", "s{slot}:bomb@{owner}.{spot}<{from}", SLOTS, SEAT, SLOTS, hex_),
        Form("conv", "s{slot}:conv@{owner}.{spot}.{player}", SLOTS, SEAT, SLOTS, SEAT),
        Form("conv", "s{slot}:conv@{owner}.{spot}.{player}<{from}", SLOTS, SEAT, SLOTS, SEAT,
             hex_),
        Form("prod", "s{slot}:prod@{worker}>{node}", SLOTS, SLOTS, NODES),
        Form("up", "s{slot}:up:{token}", SLOTS, TOKENS),
        Form("fly_to", "fly@{hex}", hex_),
        Form("frighten", "fr:{player}@{from}>{to}", SEAT, hex_, steps(hex_)),
        Form("move", "{from}>{to}:{count}", hex_, hex_, COUNTS),
        Form("kill", "kill:{player}@{hex}", SEAT, hex_),
        Form("vp", "vp@{hex}", hex_),
        Form("explore", "explore@{hex}", hex_),
        Form("battle", "battle@{hex}", hex_),
        Form("rotate", "rot:{rotation}", ROTATIONS),
        Form("first", "first:{player}", SEAT, chance=True),
        Form("draw", "draw:{tile}", TILE_IDS, chance=True),
    )


def grammar_verbs() -> set[str]:
    """Return the verbs of the grammar's forms (a form whose text names the verb gives each of
    its alternatives)."""
    verbs: set[str] = set()
    for form in grammar.FORMS:
        named = re.search(r"\(\?P<verb>([^)]*)\)", form.pattern)
        verbs.update(named.group(1).split("|") if named else [form.verb])
    return verbs


def table(radius: int = RADIUS) -> Table:
    """Return the action table numbering the hexes within ``radius`` of the centre: the
    module's own is :data:`RADIUS`; :data:`EXACT_RADIUS` gives every action of every game
    (142 million ids, computed, never stored)."""
    return Table("Meeple War", forms(radius), grammar_verbs(),
                 hint=f" (its hexes are within {radius} of the centre)")


FORMS = forms()
TABLE = table()
#: The hexes the module's table numbers, ring by ring.
HEX_NAMES = tuple(f"{q},{r}" for q, r in ring_hexes(RADIUS))

#: The number of action ids, and of chance outcome ids (0 until the grammar has them).
COUNT = TABLE.COUNT
CHANCE_COUNT = TABLE.CHANCE_COUNT
action_id = TABLE.action_id
action_text = TABLE.action_text
chance_id = TABLE.chance_id
chance_text = TABLE.chance_text
texts = TABLE.texts
ids = TABLE.ids
action = TABLE.action
