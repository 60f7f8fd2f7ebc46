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
  rotation; ``battle@q,r``;
- chance's outcomes: ``first:P`` (seat P plays first, B3) and ``draw:Tnn`` (the tile turned up
  for the hex being explored).

Position text: the whole state as one line of compact JSON (keys in a fixed order, hexes as
``q,r`` strings, tiles as ``T01``..``T36``). Nothing in it is secret: the ``pile`` lists the
face-down tiles sorted, since their order is not decided until chance draws one. Position texts
of earlier versions, with a generator state (``rng``) and the pile in drawing order, still
parse: the generator is dropped and the pile sorted (the tiles drawn next are then chance's).
A seat's ``bravery_vp`` (its VP from bravery, for the score sheet) is written only once
non-zero, so texts written before it existed read as before.
"""

from __future__ import annotations

import json
import re
from typing import Any

from meeples.core.errors import BadPosition, IllegalAction
from meeples.core.text import msg, shown
from meeples.games.meeple_war import grammar
from meeples.games.meeple_war.board import hex_name, parse_hex
from meeples.games.meeple_war.data import (
    BRAVERY_PER_VP,
    BUILDING_CODES,
    BUILDINGS,
    MEEPLES_PER_PLAYER,
    TILE_INDEX,
    TILES,
    UPGRADE_TOKENS,
    VILLAGE_SLOTS,
)
from meeples.games.meeple_war.state import Seat, Slot, State

_H = r"-?\d{1,2},-?\d{1,2}"


def format_action(action: str) -> str:
    """Return the canonical text of an action (actions are kept as their text)."""
    return action


def parse_action(text: str) -> str:
    """Return the action a text names.

    Raises:
        IllegalAction: the text is not a Meeple War action.
    """
    if not isinstance(text, str) or grammar.action(text) is None:
        raise IllegalAction(msg("core.not_an_action", action=shown(str(text)), game="Meeple War",
                                hint=msg("mw.notation_hint")))
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
        # written only once scored, so positions without bravery VP read as they always did
        **({"bravery_vp": s.bravery_vp} if s.bravery_vp else {}),
    }


def _sub_json(sub: tuple[Any, ...]) -> list[Any]:
    if not sub:
        return []
    if sub[0] == "fly":
        return ["fly", [hex_name(h) for h in sub[1]]]
    return ["fright", sub[1], [[hex_name(h), p] for h, p in sub[2]]]


def _drawn_json(drawn: tuple[int, ...]) -> list[str]:
    if not drawn:
        return []
    if len(drawn) == 1:
        return [hex_name(drawn[0])]
    return [hex_name(drawn[0]), TILES[drawn[1]].id]


def to_json(state: State) -> dict[str, Any]:
    """Return the whole state as JSON-ready data."""
    result: list[Any] = []
    if state.result:
        winners, ranking, reason = state.result
        result = [list(winners), [list(g) for g in ranking], reason]
    return {
        "game": "meeple_war",
        "players": state.players,
        "options": list(state.options),
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
        "drawn": _drawn_json(state.drawn),
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


# --- reading a position: every field checked for its type and range, named when wrong --------

_BIG = 10**6
_STEPS = ("first", "window", "bonus", "worker", "action", "fly", "fright", "move", "explore",
          "draw", "rotate", "battle", "over")
_EFFECTS = ("kill", "jump", "vp")
_SEAT_KEYS = ("stock", "depot", "ladder", "mountain", "extra_vp", "tree", "tokens", "shields",
              "available", "boxed", "slots")


def _bad(key: str, **params: Any) -> BadPosition:
    """Return the refusal of a position, as a message (``core.bad.*`` or ``mw.bad.*``)."""
    return BadPosition(msg(key, **params))


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad("core.bad.int", field=name, value=_short(value))
    if not low <= value <= high:
        raise _bad("core.bad.range", field=name, low=low, high=high, value=_short(value))
    return value


def _bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise _bad("core.bad.bool", field=name, value=_short(value))
    return value


def _str(value: Any, name: str, allowed: tuple[str, ...] | None = None) -> str:
    if not isinstance(value, str):
        raise _bad("core.bad.text", field=name, value=_short(value))
    if allowed is not None and value not in allowed:
        raise _bad("core.bad.choice", field=name, choices=", ".join(allowed),
                   value=_short(value))
    return value


def _list(value: Any, name: str, size: int | None = None, most: int = 200) -> list[Any]:
    if not isinstance(value, list):
        raise _bad("core.bad.list", field=name, value=_short(value))
    if size is not None and len(value) != size:
        raise _bad("core.bad.size", field=name, n=size, count=len(value))
    if len(value) > most:
        raise _bad("core.bad.too_long", field=name, count=len(value), n=most)
    return value


def _hex(value: Any, name: str) -> int:
    text = _str(value, name)
    if not re.fullmatch(_H, text):
        raise _bad("mw.bad.hex", field=name, value=_short(value))
    return parse_hex(text)


#: A bravery-VP effect names no hex: it is stored as hex code 0, written as this text.
_NO_HEX = hex_name(0)


def _effect_hex(kind: Any, value: Any) -> int:
    if kind == "vp" and value == _NO_HEX:
        return 0
    return _hex(value, "effects hex")


def _tile(value: Any, name: str) -> int:
    if not isinstance(value, str) or value not in TILE_INDEX:
        raise _bad("mw.bad.tile", field=name, last=f"T{len(TILES):02}", value=_short(value))
    return TILE_INDEX[value]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _tree_key(value: Any, name: str) -> int:
    spot, _, d = _str(value, name).partition("/")
    if d not in ("0", "1", "2"):
        raise _bad("mw.bad.tree_edge", field=name, value=repr(value))
    return _hex(spot, name) * 8 + int(d)


def _player(value: Any, name: str, players: int) -> int:
    return _int(value, name, 0, players - 1)


def _slot(value: Any, name: str, players: int) -> Slot | None:
    if value is None:
        return None
    building, built, node, defense = _list(value, name, 4)
    code = _str(building, f"{name} building", BUILDING_CODES)
    spec = BUILDINGS[code]
    built = _bool(built, f"{name} built")
    node = _str(node, f"{name} worker")
    if built:
        nodes = {"S", *spec.path, *(n for exits in spec.path.values() for n in exits)}
    else:
        nodes = {f"c{i}" for i in range(spec.construction_length)}
    if node not in nodes:
        raise _bad("mw.bad.worker", field=name, nodes=", ".join(sorted(nodes)),
                   value=_short(node))
    owners = tuple(_player(p, f"{name} defense", players)
                   for p in _list(defense, f"{name} defense", most=8))
    capacity = spec.defense if built else spec.construction_defense
    if len(owners) > capacity:
        raise _bad("mw.bad.defenders", field=name, count=len(owners), n=capacity)
    return Slot(code, built, node, owners)


def _seat(value: Any, name: str, players: int) -> Seat:
    if not isinstance(value, dict):
        raise _bad("core.bad.object", field=name, value=_short(value))
    missing = [k for k in _SEAT_KEYS if k not in value]
    if missing:
        raise _bad("core.bad.misses", field=name, keys=", ".join(missing))
    slots = _list(value["slots"], f"{name} slots", VILLAGE_SLOTS)
    mountain = _int(value["mountain"], f"{name} mountain", 0, MEEPLES_PER_PLAYER)
    extra_vp = _int(value["extra_vp"], f"{name} extra_vp", 0, _BIG)
    # optional: positions written before the score sheet have no bravery_vp
    bravery_vp = _int(value.get("bravery_vp", 0), f"{name} bravery_vp", 0, mountain + extra_vp)
    return Seat(
        stock=_int(value["stock"], f"{name} stock", 0, MEEPLES_PER_PLAYER),
        depot=_int(value["depot"], f"{name} depot", 0, MEEPLES_PER_PLAYER),
        ladder=_int(value["ladder"], f"{name} ladder", 0, BRAVERY_PER_VP - 1),
        mountain=mountain,
        extra_vp=extra_vp,
        tree=_bool(value["tree"], f"{name} tree"),
        tokens=tuple(_str(t, f"{name} tokens", UPGRADE_TOKENS)
                     for t in _list(value["tokens"], f"{name} tokens", most=10)),
        shields=_int(value["shields"], f"{name} shields", 0, _BIG),
        available=tuple(_str(b, f"{name} available", BUILDING_CODES)
                        for b in _list(value["available"], f"{name} available", most=20)),
        boxed=tuple(_str(b, f"{name} boxed", BUILDING_CODES)
                    for b in _list(value["boxed"], f"{name} boxed", most=20)),
        slots=tuple(_slot(x, f"{name} V{i + 1}", players) for i, x in enumerate(slots)),
        bravery_vp=bravery_vp,
    )


def _sub(value: Any, players: int) -> tuple[Any, ...]:
    sub = _list(value, "sub", most=3)
    if not sub:
        return ()
    kind = _str(sub[0], "sub kind", ("fly", "fright"))
    if kind == "fly":
        _, hexes = _list(sub, "sub", 2)
        return ("fly", tuple(_hex(h, "sub hex") for h in _list(hexes, "sub hexes")))
    _, left, arrivals = _list(sub, "sub", 3)
    pairs = [_list(x, "sub arrival", 2) for x in _list(arrivals, "sub arrivals")]
    return ("fright", _int(left, "sub count", 0, _BIG),
            tuple((_hex(h, "sub arrival hex"), _player(p, "sub arrival player", players))
                  for h, p in pairs))


def _result(value: Any, players: int) -> tuple[Any, ...]:
    if not _list(value, "result", most=3):
        return ()
    winners, ranking, reason = _list(value, "result", 3)
    return (
        tuple(_player(p, "result winner", players)
              for p in _list(winners, "result winners", most=players)),
        tuple(tuple(_player(p, "result ranking", players)
                    for p in _list(g, "result ranking group", most=players))
              for g in _list(ranking, "result ranking", most=players)),
        _str(reason, "result reason"),
    )


def _pairs(data: dict[str, Any], name: str, size: int) -> list[list[Any]]:
    return [_list(x, f"{name} entry", size) for x in _list(data[name], name)]


def from_json(data: dict[str, Any]) -> State:
    """Return the state of JSON data made by :func:`to_json`.

    Raises:
        BadPosition: a field is missing, of the wrong type, out of range or names something
            that does not exist (a tile, a building, a player, a token).
    """
    missing = [key for key in _FIELDS if key not in data]
    if missing:
        raise _bad("mw.bad.missing", fields=", ".join(missing))
    extra = sorted(set(data) - set(_FIELDS) - {"game", "rng"})
    if extra:
        raise _bad("mw.bad.unknown_field", field=repr(extra[0]))
    n = _int(data["players"], "players", 2, 4)
    seats = tuple(_seat(x, f"seat {i}", n)
                  for i, x in enumerate(_list(data["seats"], "seats", n)))
    if "rng" in data:  # an earlier version's generator state: chance is drawn outside now
        _int(data["rng"], "rng", 0, 2**64 - 1)
    drawn = _list(data["drawn"], "drawn", most=2)
    from meeples.games.meeple_war.rules import OPTION_NAMES, SETUP_FLAGS

    step = _str(data["step"], "step", _STEPS)
    names = OPTION_NAMES + SETUP_FLAGS
    options = tuple(_str(o, "options", names)
                    for o in _list(data["options"], "options", most=len(OPTION_NAMES) + 1))
    setups = [o for o in options if o in SETUP_FLAGS]
    if len(setups) > 1 or (setups and "quickstart" not in options):
        raise _bad("mw.bad.setup", value=setups[-1])
    state = State(
        players=n,
        options=options,
        first=_player(data["first"], "first", n),
        active=_player(data["active"], "active", n),
        turn=_int(data["turn"], "turn", 0, _BIG),
        phase=_int(data["phase"], "phase", 0, 5),
        step=step,
        window=tuple(_player(p, "window", n) for p in _list(data["window"], "window", most=n)),
        bonuses=tuple((_hex(h, "bonuses hex"), _str(k, "bonuses kind", ("asm", "dep")))
                      for h, k in _pairs(data, "bonuses", 2)),
        temp_vp=_int(data["temp_vp"], "temp_vp", 0, _BIG),
        weapons=_int(data["weapons"], "weapons", 0, _BIG),
        nature=_bool(data["nature"], "nature"),
        workers=tuple(_int(i, "workers", 0, VILLAGE_SLOTS - 1)
                      for i in _list(data["workers"], "workers", most=VILLAGE_SLOTS)),
        pending=tuple(_int(i, "pending", 0, VILLAGE_SLOTS - 1)
                      for i in _list(data["pending"], "pending", most=VILLAGE_SLOTS)),
        sub=_sub(data["sub"], n),
        frozen=tuple((_hex(h, "frozen hex"), _int(k, "frozen count", 0, _BIG))
                     for h, k in _pairs(data, "frozen", 2)),
        explore=tuple((_hex(h, "explore hex"),
                       tuple(_hex(o, "explore origin") for o in _list(origins, "explore origins")))
                      for h, origins in _pairs(data, "explore", 2)),
        drawn=(_hex(drawn[0], "drawn hex"),) + ((_tile(drawn[1], "drawn tile"),)
                                                  if len(drawn) == 2 else ()) if drawn else (),
        altars_used=tuple((_hex(h, "altars_used hex"), _int(p, "altars_used player", -1, n - 1))
                          for h, p in _pairs(data, "altars_used", 2)),
        effects=tuple((_str(k, "effects kind", _EFFECTS), _player(p, "effects player", n),
                       _effect_hex(k, h)) for k, p, h in _pairs(data, "effects", 3)),
        pile=tuple(sorted(_tile(t, "pile")
                          for t in _list(data["pile"], "pile", most=len(TILES)))),
        tiles=tuple((_hex(h, "tiles hex"), _tile(t, "tiles tile"), _int(r, "tiles rotation", 0, 5))
                    for h, t, r in _pairs(data, "tiles", 3)),
        upgrades=tuple((_hex(h, "upgrades hex"), _str(tok, "upgrades token", UPGRADE_TOKENS))
                       for h, tok in _pairs(data, "upgrades", 2)),
        trees=tuple(_tree_key(t, "trees") for t in _list(data["trees"], "trees")),
        pool=tuple(_str(t, "pool", UPGRADE_TOKENS) for t in _list(data["pool"], "pool", most=10)),
        troops=tuple((_hex(h, "troops hex"), _player(p, "troops player", n),
                      _int(c, "troops count", 1, MEEPLES_PER_PLAYER))
                     for h, p, c in _pairs(data, "troops", 3)),
        seats=seats,
        result=_result(data["result"], n),
    )
    _check(state)
    return state


_FIELDS = ("players", "options", "first", "active", "turn", "phase", "step", "window",
           "bonuses", "temp_vp", "weapons", "nature", "workers", "pending", "sub", "frozen",
           "explore", "drawn", "altars_used", "effects", "pile", "tiles", "upgrades", "trees",
           "pool", "troops", "seats", "result")


def _check(state: State) -> None:
    """Refuse positions whose fields fit one by one but not together."""
    hexes = [h for h, _, _ in state.tiles]
    if len(set(hexes)) != len(hexes):
        raise _bad("mw.bad.two_tiles")
    placed = [t for _, t, _ in state.tiles] + list(state.pile)
    tile_drawn = len(state.drawn) == 2
    if tile_drawn:
        placed.append(state.drawn[1])
    if len(set(placed)) != len(placed):
        raise _bad("mw.bad.tile_twice")
    if len(state.explore) > len(state.pile) + tile_drawn:
        raise _bad("mw.bad.explore_pile", n=len(state.explore), count=len(state.pile))
    if (state.step == "rotate") != tile_drawn:
        raise _bad("mw.bad.drawn_rotate")
    if state.step in ("fly", "fright") and (not state.sub or state.sub[0] != state.step):
        raise _bad("mw.bad.step_sub", step=repr(state.step))
    if (state.step == "draw") != (len(state.drawn) == 1):
        raise _bad("mw.bad.draw_step")
    if state.drawn and state.drawn[0] not in dict(state.explore):
        raise _bad("mw.bad.drawn_explore")
    keys = [(h, p) for h, p, _ in state.troops]
    if len(set(keys)) != len(keys):
        raise _bad("mw.bad.troops_twice")
    for p, seat in enumerate(state.seats):
        out = sum(c for _, q, c in state.troops if q == p)
        out += sum(slot.defense.count(p) for s in state.seats for slot in s.slots if slot)
        total = seat.stock + seat.depot + seat.mountain + out
        if total > MEEPLES_PER_PLAYER:
            raise _bad("mw.bad.meeples", seat=p + 1, count=total, n=MEEPLES_PER_PLAYER)
    for index in (*state.workers, *state.pending):
        if state.seats[state.active].slots[index] is None:
            raise _bad("mw.bad.empty_slot", slot=index + 1)
    for name, indexes in (("workers", state.workers), ("pending", state.pending)):
        if len(set(indexes)) != len(indexes):
            raise _bad("mw.bad.slot_twice", field=name)
    if any(not origins for _, origins in state.explore):
        raise _bad("mw.bad.explore_origins")
    for index in state.pending:
        slot = state.seats[state.active].slots[index]
        if slot is not None and slot.node not in BUILDINGS[slot.building].leaves:
            raise _bad("mw.bad.pending", slot=index + 1)
    if state.step == "window" and not state.window and not state.result:
        raise _bad("mw.bad.window")
    if (state.step == "over") != bool(state.result) or (state.phase == 0) != bool(state.result):
        raise _bad("mw.bad.over")
    _probe(state)


def _probe(state: State) -> None:
    """Refuse a position that passes the checks above but that the rules cannot work with.

    The decision in progress (step, sub, effects, explore...) has invariants that differ per
    step; rather than re-stating them all here, the position is asked for its legal actions and
    views once. A safety net behind the field checks, not a replacement for them.
    """
    from meeples.games.meeple_war import rules, view

    try:
        legal = rules.legal_actions(state)
        for player in (None, *range(state.players)):
            view.view(state, player)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, AssertionError,
            ZeroDivisionError, OverflowError, RecursionError) as exc:
        raise _bad("mw.bad.inconsistent", step=repr(state.step), phase=state.phase,
                   error=f"{type(exc).__name__}: {exc}") from None
    if not state.result and not legal:
        raise _bad("mw.bad.no_action", step=repr(state.step))


def parse_state(text: str) -> State:
    """Return the state a position text describes.

    Raises:
        BadPosition: the text is not a Meeple War position.
    """
    if not isinstance(text, str):
        raise _bad("core.bad.position_text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _bad("mw.bad.json", error=str(exc)) from exc
    except (RecursionError, ValueError) as exc:
        raise _bad("mw.bad.json", error=str(exc)) from None
    if not isinstance(data, dict) or data.get("game") != "meeple_war":
        raise _bad("mw.bad.not_game")
    try:
        return from_json(data)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        if isinstance(exc, BadPosition):
            raise
        raise _bad("mw.bad.not_position", error=f"{type(exc).__name__}: {exc}") from None
