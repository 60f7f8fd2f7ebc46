"""Meeple War's factored choices for the learning environments: every action in one or two ids.

The fixed action table (:mod:`action_table`, OpenSpiel's ids) names hexes from the tiles and
numbers 153,698 actions, most of them moves (origin tile x destination place x count): a mask
and a policy head that wide on every step would cost more than the game. The environments split
every action that names a hex **and** something else into two decisions of the same player, the
hex last, with ids from one ``Discrete(COUNT)`` space (16,351 ids, the same at every player count):

- **first ids** (``0`` to ``FIRST_COUNT - 1``): a whole action (one with no hex: ``done``,
  ``w1>a``, ``s2:build:FA@3``, ``rot:4``; or a hex alone: ``explore@1,0``, ``battle@q,r``,
  ``fly@q,r``, ``vp@q,r``, ``bonus:q,r``), or the **head** of a two-step action, its text with
  its last hex written ``?``:

  =========  =============================  =========================================
  verb       head (first id)                its hex (second id)
  =========  =============================  =========================================
  move       ``q,r>?:k`` (origin, count)     the destination
  frighten   ``fr:O@q,r>?`` (whose, from)    the hex next to it the meeple flees to
  tree       ``tree:?/d`` (side)             the hex whose side d gets the Tree
  upgrade    ``up:tok@?`` (token)            the blank tile
  bonus      ``bonus:q,r>?`` (structure)     where the Deploy One meeple goes
  rei        ``s<n>:rei:k@?`` (slot, count)  the hex reinforced
  stealth    ``s<n>:stealth@?``              the hex
  burn       ``s<n>:burn@?``                 the hex
  bomb       ``s<n>:bomb@P.m<?``             the territory the meeple comes from
  conv       ``s<n>:conv@P.m.O<?``           the territory the meeple comes from
  kill       ``kill:O@?`` (whose)            the altar's hex
  =========  =============================  =========================================

- **second ids** (``FIRST_COUNT`` to ``COUNT - 1``): a hex, ``FIRST_COUNT + cell`` where
  ``cell = (q + 12) * 25 + (r + 12)`` is its cell in the 25x25 axial grid of the observation
  planes (:data:`GRID`); legal only after a head, which it completes.

So every legal action has exactly one path of ids: ``(id,)`` for a whole one, ``(head, hex)``
for a two-step one; :func:`path` gives it and :func:`text` reads it back. Hexes are those with
``|q|, |r| <= 12`` (the grid, which holds the action table's radius-12 hexes and more): an
action naming a hex outside has no path (:func:`path` returns None; no game measured went that
far, see :mod:`action_table`). The first ids are built by :mod:`meeples.core.actiontable` from
the action table's domains, in its order of forms."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from meeples.core.actiontable import Form, Space, Values
from meeples.games.meeple_war.action_table import (
    BUILDINGS,
    COUNTS,
    NODES,
    ROTATIONS,
    SEAT,
    SIDES,
    SLOTS,
    TOKENS,
)

#: The grid's half width: hexes with |q| and |r| up to this many.
HALF = 12
GRID = 2 * HALF + 1
CELLS = GRID * GRID
_HEX = r"-?\d{1,2},-?\d{1,2}"
#: The hexes of the grid, by cell: cell (q + 12) * 25 + (r + 12).
HEX_NAMES = tuple(f"{q},{r}" for q in range(-HALF, HALF + 1) for r in range(-HALF, HALF + 1))
HEXES = Values(HEX_NAMES, _HEX)
CELL = HEXES.index

_HEX_RE = re.compile(_HEX)
#: The actions that name a hex and nothing else: whole first ids (the head would be all).
_WHOLE = frozenset({"bonus:?", "fly@?", "vp@?", "explore@?", "battle@?"})
#: The verbs whose actions may take two decisions (a head, then its hex).
TWO_STEP = ("tree", "upgrade", "bonus", "rei", "stealth", "burn", "bomb", "conv", "frighten",
            "move", "kill")

FORMS: tuple[Form, ...] = (
    Form("done", "done"),
    Form("tree", "tree:?/{side}", SIDES),
    Form("upgrade", "up:{token}@?", TOKENS),
    Form("bonus", "bonus:{hex}", HEXES),
    Form("bonus", "bonus:{hex}>?", HEXES),
    Form("worker", "w{slot}>{node}", SLOTS, NODES),
    Form("build", "s{slot}:build:{building}@{spot}", SLOTS, BUILDINGS, SLOTS),
    Form("asm", "s{slot}:asm:{count}", SLOTS, COUNTS),
    Form("dep", "s{slot}:dep:{count}", SLOTS, COUNTS),
    Form("rei", "s{slot}:rei:{count}@?", SLOTS, COUNTS),
    Form("fly", "s{slot}:fly", SLOTS),
    Form("fright", "s{slot}:fright", SLOTS),
    Form("stealth", "s{slot}:stealth@?", SLOTS),
    Form("burn", "s{slot}:burn@?", SLOTS),
    Form("bomb", "s{slot}:bomb@{owner}.{spot}", SLOTS, SEAT, SLOTS),
    Form("bomb", "s{slot}:bomb@{owner}.{spot}<?", SLOTS, SEAT, SLOTS),
    Form("conv", "s{slot}:conv@{owner}.{spot}.{player}", SLOTS, SEAT, SLOTS, SEAT),
    Form("conv", "s{slot}:conv@{owner}.{spot}.{player}<?", SLOTS, SEAT, SLOTS, SEAT),
    Form("prod", "s{slot}:prod@{worker}>{node}", SLOTS, SLOTS, NODES),
    Form("up", "s{slot}:up:{token}", SLOTS, TOKENS),
    Form("fly_to", "fly@{hex}", HEXES),
    Form("frighten", "fr:{player}@{from}>?", SEAT, HEXES),
    Form("move", "{from}>?:{count}", HEXES, COUNTS),
    Form("kill", "kill:{player}@?", SEAT),
    Form("vp", "vp@{hex}", HEXES),
    Form("explore", "explore@{hex}", HEXES),
    Form("battle", "battle@{hex}", HEXES),
    Form("rotate", "rot:{rotation}", ROTATIONS),
)

FIRST = Space(FORMS)
#: The first ids: complete actions and heads.
FIRST_COUNT = FIRST.count
#: All ids: the first ids, then one second id per cell of the grid.
COUNT = FIRST_COUNT + CELLS

#: The ids that choose an action: one (a whole action) or two (a head, then its hex).
Path = tuple[int, ...]

#: Each action text met -> its path (None: a hex off the grid), kept bounded.
_PATHS: dict[str, Path | None] = {}
_CACHE_LIMIT = 1 << 17


def split(text: str) -> tuple[str, str | None]:
    """Return an action text's head and its last hex when it takes two decisions, else
    ``(text, None)``: the head is the text with its last hex written ``?``.

    ``2,0>3,0:2`` is ``("2,0>?:2", "3,0")``, ``tree:1,0/2`` is ``("tree:?/2", "1,0")``;
    ``explore@1,0`` (a hex alone) and ``w1>a`` (no hex) are whole.
    """
    found = _HEX_RE.findall(text)
    if not found:
        return text, None
    last = _HEX_RE.search(text, text.rindex(found[-1]))
    if last is None:
        return text, None
    head = f"{text[:last.start()]}?{text[last.end():]}"
    if head in _WHOLE:
        return text, None
    return head, last.group()


def path(text: str) -> Path | None:
    """Return the ids that choose an action text, or None when it names a hex off the grid (or
    is not an action)."""
    if text in _PATHS:
        return _PATHS[text]
    head, target = split(text)
    first = FIRST.number(head)
    out: Path | None
    if first is None:
        out = None
    elif target is None:
        out = (first,)
    else:
        cell = CELL.get(target)
        out = None if cell is None else (first, FIRST_COUNT + cell)
    if len(_PATHS) >= _CACHE_LIMIT:
        _PATHS.clear()
    _PATHS[text] = out
    return out


def is_head(number: int) -> bool:
    """Return whether a first id is the head of a two-step action."""
    return 0 <= number < FIRST_COUNT and "?" in FIRST.form(number).template


def text(ids: Sequence[int]) -> str:
    """Return the action text of a path of ids (the inverse of :func:`path`).

    Raises:
        ValueError: not a path: a hole, a head without its hex, a hex without a head.
    """
    if not ids or not 0 <= ids[0] < FIRST_COUNT:
        raise ValueError(f"{list(ids)!r} does not start with a first id (0 to {FIRST_COUNT - 1})")
    first = FIRST.text(ids[0])
    if first is None:
        raise ValueError(f"{ids[0]} names no Meeple War action or head")
    if not is_head(ids[0]):
        if len(ids) != 1:
            raise ValueError(f"{ids[0]} ({first}) is a whole action: it takes no second id")
        return first
    if len(ids) != 2 or not FIRST_COUNT <= ids[1] < COUNT:
        raise ValueError(f"{ids[0]} ({first}) takes a second id, a hex ({FIRST_COUNT} to"
                         f" {COUNT - 1})")
    return first.replace("?", HEX_NAMES[ids[1] - FIRST_COUNT])


def paths(actions: Iterable[str]) -> list[Path]:
    """Return the paths of action texts, leaving out those with no path."""
    out: list[Path] = []
    known = _PATHS
    for action in actions:
        found = known[action] if action in known else path(action)
        if found is not None:
            out.append(found)
    return out


def choices(legal: Sequence[Path], pending: int | None) -> list[int]:
    """Return the ids to choose from, ascending: the first ids of the legal paths, or after a
    head (``pending``), the second ids that complete it."""
    if pending is None:
        return sorted({p[0] for p in legal})
    return sorted([p[1] for p in legal if p[0] == pending and len(p) == 2])
