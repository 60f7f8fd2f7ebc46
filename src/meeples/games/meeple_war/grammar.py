"""Meeple War's action grammar: one table of forms from which the notation check and the
structured parts sent to clients are both derived (so no client parses an action text).

Each form is a verb, a pattern with named fields, and the fields that are numbers. An action's
parts are ``{"verb": ..., <fields>}``: hexes as their names (``"q,r"``), seats (0-3), village slots
(1-4), counts and rotations as numbers, components by id. An optional field that the text leaves
out is absent from the parts.

========  ==========================  ======================================================
verb      text                        fields
========  ==========================  ======================================================
done      ``done``                    (none): end the optional step at hand
tree      ``tree:q,r/d``              hex, side (0 E, 1 NE, 2 NW of hex), other (the hex across
                                      that side): the Tree clears the edge between hex and other
upgrade   ``up:tok@q,r``              token (asm, dep, nat, wpn, shd), hex (a blank tile)
bonus     ``bonus:q,r[>q2,r2]``       hex (the structure), bonus (asm; dep when ``to`` is
                                      given), to (where the Deploy One meeple goes)
worker    ``w<n>>node``               slot (1-4), node (``a``, ``b``, ``c``, ``L1``..``L3``, ``S``)
build     ``s<n>:build:CODE@<m>``     slot, building (code), spot (the village slot built on)
asm, dep  ``s<n>:asm:k``              slot, count
rei       ``s<n>:rei:k@q,r``          slot, count, hex
fly       ``s<n>:fly``                slot
fright    ``s<n>:fright``             slot
stealth   ``s<n>:stealth@q,r``        slot, hex
burn      ``s<n>:burn@q,r``           slot, hex
bomb      ``s<n>:bomb@P.m[<q,r]``     slot, owner (seat), spot (owner's village slot), from
                                      (the territory the meeple comes from; else stock/Depot)
conv      ``s<n>:conv@P.m.O[<q,r]``   slot, owner, spot, player (whose meeple is replaced), from
prod      ``s<n>:prod@m>node``        slot, worker (the slot whose worker steps on), node
up        ``s<n>:up:tok``             slot, token (taken from the pool)
fly_to    ``fly@q,r``                 hex (one Flying Troops meeple)
frighten  ``fr:O@q,r>q2,r2``          player (whose meeple), from, to
move      ``q,r>q2,r2:k``             from, to, count (also a tunnel jump)
kill      ``kill:O@q,r``              player, hex (an altar kill)
vp        ``vp@q,r``                  hex (the meeple sent to the Reputation Mountain)
explore   ``explore@q,r``             hex
battle    ``battle@q,r``              hex
rotate    ``rot:r``                   rotation (0-5, sixths of a turn)
first     ``first:P``                 player (the seat chance makes first player, B3)
draw      ``draw:Tnn``                tile (the tile chance turns up for the hex explored)
========  ==========================  ======================================================

``first`` and ``draw`` are chance's outcomes, never a player's choice (``meeples.core.chance``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from meeples.games.meeple_war.board import DELTA, hex_name, parse_hex
from meeples.games.meeple_war.data import BUILDINGS

_H = r"-?\d{1,2},-?\d{1,2}"
_TOK = r"(?:asm|dep|nat|wpn|shd)"
_NODE = r"(?:S|a|b|c|L[1-3]|c\d)"
_CODES = "(?:" + "|".join(BUILDINGS) + ")"
_COUNT = r"\d{1,2}"


class Form(NamedTuple):
    """One form of action text: its verb (unless a ``verb`` field names it), its pattern."""

    verb: str
    pattern: str


FORMS: tuple[Form, ...] = (
    Form("done", r"done"),
    Form("tree", rf"tree:(?P<hex>{_H})/(?P<side>[0-2])"),
    Form("upgrade", rf"up:(?P<token>{_TOK})@(?P<hex>{_H})"),
    Form("bonus", rf"bonus:(?P<hex>{_H})(?:>(?P<to>{_H}))?"),
    Form("worker", rf"w(?P<slot>[1-4])>(?P<node>{_NODE})"),
    Form("build", rf"s(?P<slot>[1-4]):build:(?P<building>{_CODES})@(?P<spot>[1-4])"),
    Form("", rf"s(?P<slot>[1-4]):(?P<verb>asm|dep):(?P<count>{_COUNT})"),
    Form("rei", rf"s(?P<slot>[1-4]):rei:(?P<count>{_COUNT})@(?P<hex>{_H})"),
    Form("", r"s(?P<slot>[1-4]):(?P<verb>fly|fright)"),
    Form("", rf"s(?P<slot>[1-4]):(?P<verb>stealth|burn)@(?P<hex>{_H})"),
    Form("bomb", rf"s(?P<slot>[1-4]):bomb@(?P<owner>[0-3])\.(?P<spot>[1-4])(?:<(?P<from>{_H}))?"),
    Form("conv", rf"s(?P<slot>[1-4]):conv@(?P<owner>[0-3])\.(?P<spot>[1-4])\.(?P<player>[0-3])"
                 rf"(?:<(?P<from>{_H}))?"),
    Form("prod", rf"s(?P<slot>[1-4]):prod@(?P<worker>[1-4])>(?P<node>{_NODE})"),
    Form("up", rf"s(?P<slot>[1-4]):up:(?P<token>{_TOK})"),
    Form("fly_to", rf"fly@(?P<hex>{_H})"),
    Form("frighten", rf"fr:(?P<player>[0-3])@(?P<from>{_H})>(?P<to>{_H})"),
    Form("move", rf"(?P<from>{_H})>(?P<to>{_H}):(?P<count>{_COUNT})"),
    Form("kill", rf"kill:(?P<player>[0-3])@(?P<hex>{_H})"),
    Form("vp", rf"vp@(?P<hex>{_H})"),
    Form("", rf"(?P<verb>explore|battle)@(?P<hex>{_H})"),
    Form("rotate", r"rot:(?P<rotation>[0-5])"),
    Form("first", r"first:(?P<player>[0-3])"),
    Form("draw", r"draw:(?P<tile>T(?:0[1-9]|[12]\d|3[0-6]))"),
)

#: The fields that are numbers; every other field is a text (a hex, a node, a code).
NUMBERS = frozenset({"side", "slot", "spot", "count", "owner", "player", "worker", "rotation"})

_COMPILED = tuple((form.verb, re.compile(f"^{form.pattern}$")) for form in FORMS)

#: Every action text, fields unnamed: the notation's check.
ACTION = re.compile(
    "^(?:" + "|".join(re.sub(r"\(\?P<\w+>", "(?:", form.pattern) for form in FORMS) + ")$"
)


@lru_cache(maxsize=65536)
def _parts(action: str) -> tuple[tuple[str, Any], ...]:
    for verb, pattern in _COMPILED:
        found = pattern.match(action)
        if found is None:
            continue
        fields: dict[str, Any] = {"verb": verb}
        for name, value in found.groupdict().items():
            if value is not None:
                fields[name] = int(value) if name in NUMBERS else value
        if fields["verb"] == "tree":
            fields["other"] = hex_name(parse_hex(fields["hex"]) + DELTA[fields["side"]])
        elif fields["verb"] == "bonus":
            fields["bonus"] = "dep" if "to" in fields else "asm"
        return tuple(fields.items())
    raise ValueError(f"not a Meeple War action: {action!r}")


def action_parts(action: str) -> dict[str, Any]:
    """Return the parts of an action text (see the table above).

    Raises:
        ValueError: the text is not a Meeple War action.
    """
    return dict(_parts(action))
