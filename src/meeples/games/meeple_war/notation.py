"""Meeple War's notation: action strings and the one-line position text.

Hexes are written ``q,r`` (axial, see data.py). Actions (``s<n>`` names village slot n, 1-4):

- ``done``: end an optional step (token window, bonuses, actions, moves, an altar or tunnel);
- ``tree:q,r/d`` place your Tree on side d (0 E, 1 NE, 2 NW) of hex q,r;
  ``up:tok@q,r`` place upgrade token tok (asm, dep, nat, wpn, shd) on a blank tile;
- ``bonus:q,r`` take the Meeple Assembly bonus of that tile; ``bonus:q,r>q2,r2`` its Deploy One;
- ``w<n>>node`` move the worker of slot n to a branch (``a``, ``b``, ``c``, ``L1``..``L3``);
- ``s<n>:build:CODE@<m>``, ``s<n>:asm:k``, ``s<n>:dep:k``, ``s<n>:rei:k@q,r``, ``s<n>:fly``,
  ``s<n>:stealth@q,r``, ``s<n>:fright``, ``s<n>:burn@q,r``, ``s<n>:bomb@P.m[<q,r]``,
  ``s<n>:conv@P.m.O[<q,r]`` (swap player O's meeple on player P's slot m), ``s<n>:prod@m>node``,
  ``s<n>:up:tok``; then ``fly@q,r`` (one Flying Troops meeple when the Depot is short) and
  ``fr:O@q,r>q2,r2`` (frighten one meeple of player O);
- ``q,r>q2,r2:k`` move k meeples (also a tunnel jump after an exploration or a battle);
- ``kill:O@q,r`` altar kill; ``vp@q,r`` the map meeple that goes to the Reputation Mountain
  for a bravery VP when stock and Depot are empty (A11); ``explore@q,r``; ``rot:r`` tile
  rotation; ``battle@q,r``.

Position text: the whole state as one line of compact JSON (keys in a fixed order, hexes as
``q,r`` strings, tiles as ``T01``..``T36``). It includes the hidden parts (``pile``, ``rng``)
so a position is a full serialization; views never show them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from meeples.core.errors import BadPosition, IllegalAction
from meeples.games.meeple_war.board import hex_name, parse_hex
from meeples.games.meeple_war.data import BUILDINGS, TILE_INDEX, TILES
from meeples.games.meeple_war.state import Seat, Slot, State

_H = r"-?\d{1,2},-?\d{1,2}"
_TOK = r"(?:asm|dep|nat|wpn|shd)"
_NODE = r"(?:S|a|b|c|L[1-3]|c\d)"
_CODES = "|".join(BUILDINGS)
_ACTION = re.compile(
    "^(?:"
    + "|".join([
        r"done",
        rf"tree:{_H}/[0-2]",
        rf"up:{_TOK}@{_H}",
        rf"bonus:{_H}(?:>{_H})?",
        rf"w[1-4]>{_NODE}",
        rf"s[1-4]:build:(?:{_CODES})@[1-4]",
        r"s[1-4]:(?:asm|dep):\d{1,2}",
        rf"s[1-4]:rei:\d{{1,2}}@{_H}",
        r"s[1-4]:(?:fly|fright)",
        rf"s[1-4]:(?:stealth|burn)@{_H}",
        rf"s[1-4]:bomb@[0-3]\.[1-4](?:<{_H})?",
        rf"s[1-4]:conv@[0-3]\.[1-4]\.[0-3](?:<{_H})?",
        rf"s[1-4]:prod@[1-4]>{_NODE}",
        rf"s[1-4]:up:{_TOK}",
        rf"fly@{_H}",
        rf"fr:[0-3]@{_H}>{_H}",
        rf"{_H}>{_H}:\d{{1,2}}",
        rf"kill:[0-3]@{_H}",
        rf"vp@{_H}",
        rf"(?:explore|battle)@{_H}",
        r"rot:[0-5]",
    ])
    + ")$"
)


def format_action(action: str) -> str:
    """Return the canonical text of an action (actions are kept as their text)."""
    return action


def parse_action(text: str) -> str:
    """Return the action a text names.

    Raises:
        IllegalAction: the text is not a Meeple War action.
    """
    if not isinstance(text, str) or not _ACTION.match(text):
        raise IllegalAction(
            f"{text!r} is not a Meeple War action (e.g. done, w1>L2, s2:dep:2, 1,-1>2,-2:3)"
        )
    return text


# --- position text ---------------------------------------------------------------------------


def _slot_json(slot: Slot | None) -> Any:
    if slot is None:
        return None
    return [slot.building, slot.built, slot.node, list(slot.defense)]


def _seat_json(s: Seat) -> dict[str, Any]:
    return {
        "stock": s.stock, "depot": s.depot, "ladder": s.ladder, "mountain": s.mountain,
        "extra_vp": s.extra_vp, "tree": s.tree, "tokens": list(s.tokens), "shields": s.shields,
        "available": list(s.available), "boxed": list(s.boxed),
        "slots": [_slot_json(x) for x in s.slots],
    }


def _sub_json(sub: tuple[Any, ...]) -> list[Any]:
    if not sub:
        return []
    if sub[0] == "fly":
        return ["fly", [hex_name(h) for h in sub[1]]]
    return ["fright", sub[1], [[hex_name(h), p] for h, p in sub[2]]]


def to_json(state: State) -> dict[str, Any]:
    """Return the full state as JSON-ready data (hidden parts included)."""
    result: list[Any] = []
    if state.result:
        winners, ranking, reason = state.result
        result = [list(winners), [list(g) for g in ranking], reason]
    return {
        "game": "meeple_war",
        "players": state.players,
        "options": list(state.options),
        "rng": state.rng,
        "first": state.first,
        "active": state.active,
        "turn": state.turn,
        "phase": state.phase,
        "step": state.step,
        "window": list(state.window),
        "bonuses": [[hex_name(h), k] for h, k in state.bonuses],
        "temp_vp": state.temp_vp,
        "weapons": state.weapons,
        "nature": state.nature,
        "workers": list(state.workers),
        "pending": list(state.pending),
        "sub": _sub_json(state.sub),
        "frozen": [[hex_name(h), k] for h, k in state.frozen],
        "explore": [[hex_name(h), [hex_name(o) for o in origins]]
                    for h, origins in state.explore],
        "drawn": [hex_name(state.drawn[0]), TILES[state.drawn[1]].id] if state.drawn else [],
        "altars_used": [[hex_name(h), p] for h, p in state.altars_used],
        "effects": [[k, p, hex_name(h)] for k, p, h in state.effects],
        "pile": [TILES[t].id for t in state.pile],
        "tiles": [[hex_name(h), TILES[t].id, r] for h, t, r in state.tiles],
        "upgrades": [[hex_name(h), tok] for h, tok in state.upgrades],
        "trees": [f"{hex_name(key // 8)}/{key % 8}" for key in state.trees],
        "pool": list(state.pool),
        "troops": [[hex_name(h), p, c] for h, p, c in state.troops],
        "seats": [_seat_json(s) for s in state.seats],
        "result": result,
    }


def format_state(state: State) -> str:
    """Return the one-line position text of a state."""
    return json.dumps(to_json(state), separators=(",", ":"))


def _tree_key(text: str) -> int:
    spot, _, d = text.partition("/")
    return parse_hex(spot) * 8 + int(d)


def from_json(data: dict[str, Any]) -> State:
    """Return the state of JSON data made by :func:`to_json`.

    Raises:
        BadPosition: a field is missing or malformed.
    """
    try:
        players = int(data["players"])
        if not 2 <= players <= 4:
            raise ValueError("players must be 2 to 4")
        sub_data = data["sub"]
        sub: tuple[Any, ...] = ()
        if sub_data and sub_data[0] == "fly":
            sub = ("fly", tuple(parse_hex(h) for h in sub_data[1]))
        elif sub_data:
            sub = ("fright", int(sub_data[1]),
                   tuple((parse_hex(h), int(p)) for h, p in sub_data[2]))
        seats = tuple(
            Seat(int(s["stock"]), int(s["depot"]), int(s["ladder"]), int(s["mountain"]),
                 int(s["extra_vp"]), bool(s["tree"]), tuple(str(t) for t in s["tokens"]),
                 int(s["shields"]), tuple(str(b) for b in s["available"]),
                 tuple(str(b) for b in s["boxed"]),
                 tuple(None if x is None else Slot(str(x[0]), bool(x[1]), str(x[2]),
                                                   tuple(int(p) for p in x[3]))
                       for x in s["slots"]))
            for s in data["seats"]
        )
        if len(seats) != players:
            raise ValueError("one seat per player")
        result: tuple[Any, ...] = ()
        if data["result"]:
            winners, ranking, reason = data["result"]
            result = (tuple(winners), tuple(tuple(g) for g in ranking), str(reason))
        drawn = data["drawn"]
        return State(
            players=players,
            options=tuple(str(o) for o in data["options"]),
            rng=int(data["rng"]),
            first=int(data["first"]),
            active=int(data["active"]),
            turn=int(data["turn"]),
            phase=int(data["phase"]),
            step=str(data["step"]),
            window=tuple(int(p) for p in data["window"]),
            bonuses=tuple((parse_hex(h), str(k)) for h, k in data["bonuses"]),
            temp_vp=int(data["temp_vp"]),
            weapons=int(data["weapons"]),
            nature=bool(data["nature"]),
            workers=tuple(int(i) for i in data["workers"]),
            pending=tuple(int(i) for i in data["pending"]),
            sub=sub,
            frozen=tuple((parse_hex(h), int(k)) for h, k in data["frozen"]),
            explore=tuple((parse_hex(h), tuple(parse_hex(o) for o in origins))
                          for h, origins in data["explore"]),
            drawn=(parse_hex(drawn[0]), TILE_INDEX[drawn[1]]) if drawn else (),
            altars_used=tuple((parse_hex(h), int(p)) for h, p in data["altars_used"]),
            effects=tuple((str(k), int(p), parse_hex(h)) for k, p, h in data["effects"]),
            pile=tuple(TILE_INDEX[t] for t in data["pile"]),
            tiles=tuple((parse_hex(h), TILE_INDEX[t], int(r)) for h, t, r in data["tiles"]),
            upgrades=tuple((parse_hex(h), str(tok)) for h, tok in data["upgrades"]),
            trees=tuple(_tree_key(t) for t in data["trees"]),
            pool=tuple(str(t) for t in data["pool"]),
            troops=tuple((parse_hex(h), int(p), int(c)) for h, p, c in data["troops"]),
            seats=seats,
            result=result,
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadPosition(f"not a Meeple War position: {exc}") from exc


def parse_state(text: str) -> State:
    """Return the state a position text describes.

    Raises:
        BadPosition: the text is not a Meeple War position.
    """
    if not isinstance(text, str):
        raise BadPosition("a position is a text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadPosition(f"a Meeple War position is one line of JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("game") != "meeple_war":
        raise BadPosition("not a Meeple War position (no \"game\": \"meeple_war\")")
    return from_json(data)
