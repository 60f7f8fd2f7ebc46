"""Meeple War's words for people, as messages (keys ``mw.*`` worded by ``text/<lang>.json``):
what an action does, why an action is refused, what the player to move must decide now.

The one place of wording logic: actions are read through their parts (:mod:`grammar`), never
sliced here; buildings, tile kinds, tokens and building actions are named by the catalogues'
components (``mw.building``, ``mw.kind``, ``mw.token``, ``mw.action``), players by seat.
"""

from __future__ import annotations

from typing import Any

from meeples.core.chance import CHANCE
from meeples.core.text import Message, Ref, msg, player
from meeples.games.meeple_war import board, grammar, rules
from meeples.games.meeple_war.battle import rotations
from meeples.games.meeple_war.board import FOREST, distance, parse_hex
from meeples.games.meeple_war.buildings import own_territories
from meeples.games.meeple_war.cards import card as building_card
from meeples.games.meeple_war.data import BUILDINGS, TILE_INDEX, TILES
from meeples.games.meeple_war.grammar import DONE, Tree, Upgrade, action_parts
from meeples.games.meeple_war.movement import destinations
from meeples.games.meeple_war.state import Slot, State
from meeples.games.meeple_war.work import Work

#: The decision steps of a turn and the key of the task each asks for (``mw.task.<step>``; the
#: window, worker, rotate and effect tasks have their own wording, see :func:`task`).
STEP_WORDS = {
    step: f"mw.task.{step}"
    for step in ("window", "bonus", "worker", "action", "fly", "fright", "move", "explore",
                 "rotate", "battle", "over")
}


def building(code: str) -> Ref:
    """Return a reference to a building card."""
    return Ref("mw.building", code)


def action_name(verb: str) -> Ref:
    """Return a reference to a building action (a leaf of an action path)."""
    return Ref("mw.action", verb)


def token(code: str) -> Ref:
    """Return a reference to an upgrade token (or ``tree``, the Tree Hiding the Forest)."""
    return Ref("mw.token", code)


def kind(name: str) -> Ref:
    """Return a reference to a kind of territory tile."""
    return Ref("mw.kind", name)


def listing(items: list[Any], last: str = "mw.list_last") -> Any:
    """Return items as one message: "a", "a and b", "a, b and c" (``last`` joins the last two:
    ``mw.list_or`` for "a, b or c")."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return msg(last, first=items[0], then=items[1])
    return msg("mw.list", first=items[0], then=listing(items[1:], last))


def _then(first: Message, detail: str, **params: Any) -> Message:
    return msg("mw.then", first=first, then=msg(detail, **params))


# --- what an action does ---------------------------------------------------------------------


def describe_action(state: State, action: str) -> Message:
    """Return the message that describes an action of the player to move."""
    if action == DONE:
        step = state.effects[0][0] if state.effects else state.step
        return msg(f"mw.done.{step}") if step in _DONE_STEPS else msg("mw.done.any")
    parts = action_parts(action)
    verb = parts["verb"]
    if verb == "move":
        return _describe_move(state, parts)
    if "slot" in parts and verb != "worker":
        return _describe_building_action(state, parts)
    describe = _SIMPLE.get(verb)
    if describe is not None:
        return describe(state, parts)
    return msg("core.text", text=action)  # pragma: no cover - every verb is listed


_DONE_STEPS = ("window", "bonus", "action", "fly", "fright", "move", "kill", "jump")


def _slot_at(state: State, seat: int, number: int) -> Slot | None:
    slots = state.seats[seat].slots
    return slots[number - 1] if 1 <= number <= len(slots) else None


def _building_at(state: State, seat: int, number: int) -> Any:
    slot = _slot_at(state, seat, number)
    return building(slot.building) if slot is not None else msg("mw.ui.empty_slot", n=number)


def _worker_words(state: State, number: int, node: str) -> Message:
    """Say where the worker of a slot of the player to move goes, and what that leads to: the
    action of a leaf, the actions still ahead of a branch node, the construction's progress."""
    slot = _slot_at(state, state.active, number)
    if slot is None:
        return msg("mw.worker.empty", slot=number, node=node)
    card = building_card(slot.building, state.options)
    where = {"slot": number, "building": building(slot.building), "node": node}
    if not slot.built:
        done = int(node[1:])
        if done >= card.construction_length:  # A5: the building is finished on arrival
            return msg("mw.worker.site_end", **where)
        return msg("mw.worker.site", step=done, n=card.construction_length, **where)
    if node == "S":
        return msg("mw.worker.start", slot=number, building=building(slot.building))
    leaf = card.leaves.get(node)
    if leaf is None:
        goals = [_goal(card.leaves[end]) for end in ahead(card.path, node)]
        return msg("mw.worker.path", actions=listing(goals, "mw.list_or"), **where)
    verb, x = leaf
    if x:
        return msg("mw.worker.leaf_x", action=action_name(verb), n=x, **where)
    return msg("mw.worker.leaf", action=action_name(verb), **where)


def ahead(path: dict[str, tuple[str, ...]], node: str) -> list[str]:
    """Return the leaves a worker on a path node may still reach, in the path's order."""
    out: list[str] = []
    for exit_ in path.get(node, ()):
        for leaf in ahead(path, exit_) if exit_ in path else [exit_]:
            if leaf not in out:
                out.append(leaf)
    return out


def _goal(leaf: tuple[str, int]) -> Message | Ref:
    """Return a leaf's action, with its X when it has one."""
    verb, x = leaf
    if x:
        return msg("mw.worker.goal_x", action=action_name(verb), n=x)
    return action_name(verb)


def card_changes(code: str, options: tuple[str, ...]) -> Message | None:
    """Say how the setup in ``options`` changes a building's card (None: it plays as printed):
    the nodes whose ways on differ and the leaves whose action differs, in the card's order."""
    printed, played = BUILDINGS[code], building_card(code, options)
    if played is printed:
        return None
    changes: list[Message] = []
    for node, exits in played.path.items():
        if printed.path.get(node) != exits:
            ways = [msg("mw.card.way", node=n, action=_goal(played.leaves[n]))
                    if n in played.leaves else n for n in exits]
            changes.append(msg("mw.card.exits", node=node, ways=listing(ways, "mw.list_or")))
    for leaf, action in played.leaves.items():
        if printed.leaves.get(leaf) != action:
            changes.append(msg("mw.card.leaf", node=leaf, action=_goal(action),
                               printed=_goal(printed.leaves[leaf])))
    return msg("mw.card.changed", building=building(code), changes=listing(changes))


def _describe_worker(state: State, parts: dict[str, Any]) -> Message:
    return _worker_words(state, parts["slot"], parts["node"])


def _describe_tree(state: State, parts: dict[str, Any]) -> Message:
    return msg("mw.tree", token=token("tree"), hex=parts["hex"], other=parts["other"])


def _describe_upgrade(state: State, parts: dict[str, Any]) -> Message:
    return msg("mw.upgrade", token=token(parts["token"]), hex=parts["hex"])


def _describe_bonus(state: State, parts: dict[str, Any]) -> Message:
    if parts["bonus"] == "asm":
        return msg("mw.bonus.asm", bonus=token("asm"), hex=parts["hex"])
    return msg("mw.bonus.dep", bonus=token("dep"), hex=parts["hex"], dest=parts["to"])


def _describe_fly_to(state: State, parts: dict[str, Any]) -> Message:
    return msg("mw.fly_to", action=action_name("fly"), hex=parts["hex"])


def _describe_frighten(state: State, parts: dict[str, Any]) -> Message:
    words = msg("mw.frighten", player=player(parts["player"]), src=parts["from"],
                dest=parts["to"])
    w = Work(state)
    if w.has_opponent(parse_hex(parts["to"]), parts["player"]):
        return _then(words, "mw.battles")
    return words


def _describe_kill(state: State, parts: dict[str, Any]) -> Message:
    return msg("mw.kill", altar=kind("altar"), player=player(parts["player"]), hex=parts["hex"])


def _describe_vp(state: State, parts: dict[str, Any]) -> Message:
    return msg("mw.to_mountain", hex=parts["hex"])


def _describe_explore(state: State, parts: dict[str, Any]) -> Message:
    return msg("mw.explore", hex=parts["hex"])


def _describe_first(state: State, parts: dict[str, Any]) -> Message:
    return msg("mw.first", player=player(parts["player"]))


def _describe_draw(state: State, parts: dict[str, Any]) -> Message:
    tile = TILES[TILE_INDEX[parts["tile"]]]
    where = board.hex_name(state.drawn[0]) if state.drawn else "?"
    return msg("mw.draw", tile=tile.id, kind=kind(tile.kind), hex=where)


def _describe_battle(state: State, parts: dict[str, Any]) -> Message:
    return msg("mw.battle", hex=parts["hex"])


def _describe_rotate(state: State, parts: dict[str, Any]) -> Message:
    if len(state.drawn) != 2:
        return msg("mw.rotate_any", n=parts["rotation"])
    h, tile = state.drawn
    mask = FOREST[tile][parts["rotation"]]
    sides = [msg(f"mw.dir.{d}") for d in range(6) if mask >> d & 1]
    place = {"kind": kind(TILES[tile].kind), "hex": board.hex_name(h)}
    if not sides:
        return msg("mw.rotate_plain", **place)
    return msg("mw.rotate", n=len(sides), sides=listing(sides), **place)


_SIMPLE = {
    "worker": _describe_worker,
    "tree": _describe_tree,
    "upgrade": _describe_upgrade,
    "bonus": _describe_bonus,
    "fly_to": _describe_fly_to,
    "frighten": _describe_frighten,
    "kill": _describe_kill,
    "vp": _describe_vp,
    "explore": _describe_explore,
    "battle": _describe_battle,
    "rotate": _describe_rotate,
    "first": _describe_first,
    "draw": _describe_draw,
}


def _describe_building_action(state: State, parts: dict[str, Any]) -> Message:
    verb = parts["verb"]
    act = action_name(verb)
    a = state.active
    if verb == "build":
        old = _slot_at(state, a, parts["spot"])
        if old is not None:
            return msg("mw.build_over", building=building(parts["building"]), slot=parts["spot"],
                       old=building(old.building))
        return msg("mw.build", building=building(parts["building"]), slot=parts["spot"])
    if verb == "asm":
        return msg("mw.act.asm", action=act, n=parts["count"])
    if verb in ("dep", "rei"):
        hex_ = parts.get("hex") or board.hex_name(Work(state).gate[a])
        return msg(f"mw.act.{verb}", action=act, n=parts["count"], hex=hex_)
    if verb == "fly":
        return msg("mw.act.fly", action=act, n=len(own_territories(Work(state), a)))
    if verb == "stealth":
        return msg("mw.act.stealth", action=act, hex=parts["hex"])
    if verb == "fright":
        x = _leaf_x(state, parts["slot"])
        return msg("mw.act.fright", action=act, n=x)
    if verb == "burn":
        w = Work(state)
        h = parse_hex(parts["hex"])
        killed = sum(w.count(h, o) for o in w.present(h) if o != a)
        return msg("mw.act.burn", action=act, hex=parts["hex"], n=killed)
    if verb in ("bomb", "conv"):
        target = {"owner": player(parts["owner"]), "slot": parts["spot"],
                  "building": _building_at(state, parts["owner"], parts["spot"])}
        if verb == "bomb":
            words = msg("mw.act.bomb", action=act, **target)
        else:
            words = msg("mw.act.conv", action=act, victim=player(parts["player"]), **target)
        if "from" in parts:
            return _then(words, "mw.meeple_from", hex=parts["from"])
        return words
    if verb == "prod":
        return msg("mw.act.prod", action=act,
                   worker=_worker_words(state, parts["worker"], parts["node"]))
    return msg("mw.act.up", action=act, token=token(parts["token"]))


def _leaf_x(state: State, number: int) -> int:
    slot = _slot_at(state, state.active, number)
    if slot is None or not slot.built:
        return 0
    leaf = building_card(slot.building, state.options).leaves.get(slot.node)
    return leaf[1] if leaf else 0


def _describe_move(state: State, parts: dict[str, Any]) -> Message:
    src_name, dest_name, k = parts["from"], parts["to"], parts["count"]
    if state.effects:
        return msg("mw.jump", n=k, src=src_name, dest=dest_name)
    words = msg("mw.move", n=k, src=src_name, dest=dest_name)
    w = Work(state)
    src, dest = parse_hex(src_name), parse_hex(dest_name)
    far = distance(src, dest) > 1
    if far and w.kind(dest) == "mine" and w.kind(src) != "cavern":
        words = _then(words, "mw.via_tunnel")
    elif far and w.kind(src) == "cavern":
        words = _then(words, "mw.via_cavern")
    if dest in w.village:
        owner, index = w.village[dest]
        return _then(words, "mw.attacks", owner=player(owner),
                     building=_building_at(state, owner, index + 1))
    if dest not in w.tiles:
        return _then(words, "mw.explores")
    if w.has_opponent(dest, w.active):
        return _then(words, "mw.battles")
    return words


# --- what the player to move must decide -----------------------------------------------------


def prompt(state: State) -> Message:
    """Return what the player to move must decide now, with the phase of the turn."""
    end = rules.outcome(state)
    if end is not None:
        return end.message or msg("core.text", text=end.reason)
    who = rules.to_move(state)
    # The task before the phase: a prompt links to the rule of its first nested message that
    # has one (meeples.core.rulebook.rule_for), and the task says which rule is at work.
    what = {"task": task(state), "phase": msg(f"mw.phase.{state.phase}")}
    if who == CHANCE:
        return msg("mw.prompt_chance", **what)
    if who is not None and who != state.active:
        return msg("mw.prompt_other", player=player(who), active=player(state.active), **what)
    return msg("mw.prompt", player=player(state.active), **what)


def task(state: State) -> Message:
    """Return the decision awaited, as a phrase that follows "must now" or a player's name."""
    if state.result:
        return msg("mw.task.over")
    if state.effects:
        effect, _, h = state.effects[0]
        if effect == "kill":
            return msg("mw.task.kill", altar=kind("altar"), hex=board.hex_name(h))
        if effect == "jump":
            return msg("mw.task.jump", hex=board.hex_name(h))
        return msg("mw.task.vp")
    step = state.step
    if step == "first":
        return msg("mw.task.first")
    if step == "draw" and state.drawn:
        return msg("mw.task.draw", hex=board.hex_name(state.drawn[0]))
    if step == "window":
        legal = rules.legal_actions(state)
        played = {type(grammar.action(a)) for a in legal}
        trees, tokens = Tree in played, Upgrade in played
        which = "both" if trees and tokens else "tree" if trees else "token"
        return msg(f"mw.task.window_{which}", tree=token("tree"))
    if step == "worker" and state.workers:
        number = state.workers[0] + 1
        slot = _slot_at(state, state.active, number)
        code = slot.building if slot is not None else "VS"
        return msg("mw.task.worker", slot=number, building=building(code))
    if step == "action" and state.pending:
        due = []
        for index in sorted(state.pending):
            slot = state.seats[state.active].slots[index]
            if slot is None:
                continue
            leaf = building_card(slot.building, state.options).leaves.get(slot.node)
            if leaf is not None:
                due.append(action_name(leaf[0]))
        if due:
            return msg("mw.task.action_due", actions=listing(due))
    if step == "fly":
        return msg("mw.task.fly", action=action_name("fly"),
                   n=state.seats[state.active].depot)
    if step == "fright" and state.sub:
        return msg("mw.task.fright", action=action_name("fright"), n=state.sub[1])
    if step == "rotate" and len(state.drawn) == 2:
        h, tile = state.drawn
        return msg("mw.task.rotate", kind=kind(TILES[tile].kind), hex=board.hex_name(h))
    return msg(STEP_WORDS.get(step, "mw.task.move"))


# --- why an action is refused ----------------------------------------------------------------


def explain_illegal(state: State, action: str) -> Message:
    """Return why an action is not legal here: the precise reason when the action is of the
    awaited kind, then what the player to move must do now."""
    if state.result:
        return msg("core.game_over")
    who = rules.to_move(state)
    reason = None if state.effects else _reason(state, action)
    legal = rules.legal_actions(state)
    sample = ", ".join(legal[:4]) + (", ..." if len(legal) > 4 else "")
    params = {"player": player(who if who is not None and who >= 0 else state.active),
              "task": task(state),
              "legal": sample}
    if reason is None:
        return msg("mw.why.must_now", **params)
    return msg("mw.why.because", reason=reason, **params)


def _reason(state: State, action: str) -> Message | None:
    """Return the precise reason an action of the awaited kind is illegal, or None."""
    parts = action_parts(action)
    verb = parts["verb"]
    step = state.step
    w = Work(state)
    if step == "move" and verb == "move":
        return _move_reason(w, parts)
    if step == "action" and "slot" in parts and verb != "worker":
        return _action_reason(w, parts)
    if step == "worker" and verb == "worker":
        number = parts["slot"]
        if not w.workers or w.workers[0] != number - 1:
            return msg("mw.why.not_this_worker", slot=number)
        return msg("mw.why.worker_cannot", slot=number, node=parts["node"])
    if step == "window" and verb in ("tree", "upgrade"):
        seat = w.seats[state.window[0]]
        if verb == "tree":
            if not seat.tree:
                return msg("mw.why.tree_used", tree=token("tree"))
            return msg("mw.why.no_forest", hex=parts["hex"], other=parts["other"])
        if parts["token"] not in seat.tokens:
            return msg("mw.why.no_token", token=token(parts["token"]))
        return msg("mw.why.not_blank", hex=parts["hex"])
    if step == "rotate" and verb == "rotate" and len(state.drawn) == 2:
        h, tile = state.drawn
        mask = FOREST[tile][parts["rotation"]]
        for rot in rotations(w, h, tile, w.explore[h]):
            if FOREST[tile][rot] == mask:
                return msg("mw.why.same_rotation", rotation=rot)
        return msg("mw.why.rotation")
    return None


def _action_reason(w: Work, parts: dict[str, Any]) -> Message:
    seat = w.seats[w.active]
    number = parts["slot"]
    slot = seat.slots[number - 1]
    if number - 1 not in w.pending or slot is None:
        return msg("mw.why.no_action_due", slot=number)
    verb, x = building_card(slot.building, w.options).leaves[slot.node]
    if parts["verb"] != verb:
        return msg("mw.why.other_action", slot=number, action=action_name(verb))
    count = parts.get("count")
    if verb in ("asm", "dep", "rei") and count is not None:
        if count > x:
            return msg("mw.why.at_most", action=action_name(verb), n=x)
        if verb == "asm" and count > seat.stock:
            return msg("mw.why.stock_short", n=seat.stock)
        if count > seat.depot and verb != "asm":
            return msg("mw.why.depot_short", n=seat.depot)
    return msg("mw.why.target_closed", action=action_name(verb))


def _move_reason(w: Work, parts: dict[str, Any]) -> Message:
    src_text, dest_text, count = parts["from"], parts["to"], parts["count"]
    src, dest = parse_hex(src_text), parse_hex(dest_text)
    a = w.active
    if src not in w.tiles or not w.count(src, a):
        return msg("mw.why.no_meeple", hex=src_text)
    movable = w.count(src, a) - w.frozen.get(src, 0)
    if movable <= 0:
        return msg("mw.why.all_moved", hex=src_text)
    if count < 1:
        return msg("mw.why.zero")
    if count > movable:
        return msg("mw.why.too_many", n=movable, hex=src_text)
    reach = {n: cap for n, cap, _ in destinations(w, src, a)}
    if dest in reach:
        return msg("mw.why.no_room", hex=dest_text, n=reach[dest])
    if dest in w.village:
        owner, index = w.village[dest]
        if w.seats[owner].slots[index] is None:
            return msg("mw.why.empty_village_space")
        if owner == a:
            return msg("mw.why.own_building")
    d = board.direction_between(src, dest)
    if d < 0:
        return msg("mw.why.not_adjacent", src=src_text, dest=dest_text)
    if w.blocked(src, d, w.nature):
        return msg("mw.why.forest", src=src_text, dest=dest_text)
    if dest not in w.tiles:
        return msg("mw.why.pile_short")
    return msg("mw.why.unreachable", src=src_text, dest=dest_text)
