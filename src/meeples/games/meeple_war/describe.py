"""Short English words for Meeple War actions, and why an action is not legal."""

from __future__ import annotations

from meeples.games.meeple_war import board, rules
from meeples.games.meeple_war.board import distance, parse_hex
from meeples.games.meeple_war.data import ACTION_NAMES, BUILDINGS, TOKEN_NAMES
from meeples.games.meeple_war.movement import destinations
from meeples.games.meeple_war.notation import MOVE
from meeples.games.meeple_war.state import State
from meeples.games.meeple_war.work import Work

STEP_WORDS = {
    "window": "place a Tree or upgrade token, or done",
    "bonus": "take a territory bonus, or done",
    "worker": "choose the branch of a worker",
    "action": "carry out a building action, or done",
    "fly": "choose a territory for a Flying Troops meeple, or done",
    "fright": "frighten an opponent's meeple to an adjacent territory, or done",
    "move": "move meeples, or done",
    "explore": "choose the next hex to explore",
    "rotate": "choose the rotation of the explored tile",
    "battle": "choose the next battle",
    "over": "nothing: the game is over",
}


def _count(k: str, word: str = "meeple") -> str:
    return f"{k} {word}{'' if k == '1' else 's'}"


def _player(index: int | str) -> str:
    """Name a player as the clients do: seat 0 is player 1 (action texts keep 0-3)."""
    return f"player {int(index) + 1}"


def describe_action(state: State, action: str) -> str:
    """Return a short description in words of an action."""
    if action == "done":
        return "done (end this step)"
    head, _, rest = action.partition(":")
    if head == "tree":
        return f"place your Tree on side {rest} (forest cleared)"
    if head == "up" and "@" in rest:
        tok, _, spot = rest.partition("@")
        return f"upgrade the blank tile {spot} with {TOKEN_NAMES[tok]}"
    if head == "bonus":
        src, _, target = rest.partition(">")
        if target:
            return f"Deploy One Meeple bonus of {src}: 1 meeple to {target}"
        return f"Meeple Assembly bonus of {src}: 1 meeple to the Depot"
    if action.startswith("w"):
        node = action.partition(">")[2]
        words = f"worker of slot {action[1]} goes to {node}"
        slot = state.seats[state.active].slots[int(action[1]) - 1]
        if slot is not None:
            b = BUILDINGS[slot.building]
            leaf = b.leaves.get(node)
            if leaf is None:
                words += f" ({b.name})"
            else:
                up_to = f", up to {leaf[1]}" if leaf[1] else ""
                words += f" ({b.name}: {ACTION_NAMES[leaf[0]]}{up_to})"
        return words
    if action.startswith("s") and len(head) == 2:
        verb, _, arg = rest.partition(":")
        verb, _, target = verb.partition("@")
        name = ACTION_NAMES.get(verb, verb)
        if verb == "build":
            code, _, spot = arg.partition("@")
            return f"build the {BUILDINGS[code].name} on slot {spot}"
        if verb in ("asm", "dep"):
            return f"{name}: {_count(arg)}"
        if verb == "rei":
            k, _, spot = arg.partition("@")
            return f"{name}: {_count(k)} to {spot}"
        if verb == "up":
            return f"{name}: take the {TOKEN_NAMES[arg]} token"
        if verb == "prod":
            which, _, node = target.partition(">")
            return f"{name}: worker of slot {which} one extra step to {node}"
        if verb in ("bomb", "conv"):
            spot, _, source = target.partition("<")
            parts = spot.split(".")
            words = f"{name} on {_player(parts[0])}'s slot {parts[1]}"
            if verb == "conv":
                words += f", replacing {_player(parts[2])}'s meeple"
            return words + (f" (meeple from {source})" if source else "")
        return f"{name}" + (f" on {target}" if target else "")
    if head == "fly" or action.startswith("fly@"):
        return f"Flying Troops: 1 meeple to {action[4:]}"
    if action.startswith("fr:"):
        who, _, route = action[3:].partition("@")
        src, _, dest = route.partition(">")
        return f"frighten 1 meeple of {_player(who)} from {src} to {dest}"
    if action.startswith("kill:"):
        who, _, spot = action[5:].partition("@")
        return f"altar: destroy 1 meeple of {_player(who)} on {spot}"
    if action.startswith("vp@"):
        return f"bravery VP: the meeple on {action[3:]} goes to your Reputation Mountain"
    if action.startswith("explore@"):
        return f"explore {action[8:]} (draw a tile)"
    if action.startswith("battle@"):
        return f"resolve the battle on {action[7:]}"
    if action.startswith("rot:"):
        return f"rotate the new tile by {action[4:]} sixth(s) of a turn"
    route, _, k = action.rpartition(":")
    src, _, dest = route.partition(">")
    words = f"move {_count(k)} from {src} to {dest}"
    w = Work(state)
    h = parse_hex(dest)
    s_hex = parse_hex(src)
    if state.effects or (w.kind(h) == "mine" and distance(s_hex, h) > 1
                         and w.kind(s_hex) != "cavern"):
        words += " through the tunnel"
    elif w.kind(s_hex) == "cavern" and distance(s_hex, h) > 1:
        words += " through the cavern"
    if h in w.village:
        owner, index = w.village[h]
        slot = w.seats[owner].slots[index]
        name = BUILDINGS[slot.building].name if slot is not None else "building"
        return words + f" (attack {_player(owner)}'s {name})"
    if h not in w.tiles:
        return words + " (explore)"
    if w.has_opponent(h, w.active):
        return words + " (battle)"
    return words


def explain_illegal(state: State, action: str) -> str:
    """Return why an action is not legal here, in words: the precise reason when the action is
    of the awaited kind, then what the player to move must do now."""
    if state.result:
        return "the game is over"
    who = rules.to_move(state)
    if state.effects:
        kind = state.effects[0][0]
        task = {"kill": "choose an altar kill, or done", "jump": "jump through the tunnel, or done",
                "vp": "choose the meeple for the Reputation Mountain"}[kind]
        reason = ""
    else:
        task = STEP_WORDS.get(state.step, state.step)
        reason = _reason(state, action)
    legal = rules.legal_actions(state)
    sample = ", ".join(legal[:4]) + (", ..." if len(legal) > 4 else "")
    head = f"{reason}; " if reason else ""
    return f"{head}{_player(who if who is not None else 0)} must now {task} (legal: {sample})"


def _reason(state: State, action: str) -> str:
    """Return the precise reason an action of the awaited kind is illegal, or ""."""
    w = Work(state)
    seat = w.seats[w.active]
    step = state.step
    if step == "move" and MOVE.match(action):
        return _move_reason(w, action)
    if step == "action" and action.startswith("s") and action[1:2].isdigit():
        index = int(action[1]) - 1
        slot = seat.slots[index]
        if index not in w.pending or slot is None:
            return f"slot {index + 1} has no action due now"
        verb, x = BUILDINGS[slot.building].leaves[slot.node]
        asked = action[3:].partition(":")[0].partition("@")[0]
        if asked != verb:
            return f"the action due on slot {index + 1} is {ACTION_NAMES[verb]}"
        count = action[3:].partition(":")[2].partition("@")[0]
        if verb in ("asm", "dep", "rei") and count.isdigit():
            source = "stock" if verb == "asm" else "Depot"
            have = seat.stock if verb == "asm" else seat.depot
            if int(count) > x:
                return f"{ACTION_NAMES[verb]} places at most {x}"
            if int(count) > have:
                return f"your {source} holds only {have}"
        return f"that target is not open to {ACTION_NAMES[verb]}"
    if step == "worker" and action.startswith("w"):
        index = int(action[1]) - 1
        if not w.workers or w.workers[0] != index:
            return f"the worker of slot {index + 1} is not the one to move now"
        return f"the worker of slot {index + 1} cannot go to {action.partition('>')[2]}"
    return ""


def _move_reason(w: Work, action: str) -> str:
    route, _, k = action.rpartition(":")
    src_text, _, dest_text = route.partition(">")
    src, dest, count = parse_hex(src_text), parse_hex(dest_text), int(k)
    a = w.active
    if src not in w.tiles or not w.count(src, a):
        return f"you have no meeple on {src_text}"
    movable = w.count(src, a) - w.frozen.get(src, 0)
    if movable <= 0:
        return f"your meeples on {src_text} have moved or were placed among opponents this turn"
    if count < 1:
        return "a move takes at least 1 meeple"
    if count > movable:
        return f"only {movable} of your meeples on {src_text} may still move"
    reach = {n: cap for n, cap, _ in destinations(w, src, a)}
    if dest in reach:
        return f"{dest_text} has only {reach[dest]} free defense spaces"
    if dest in w.village:
        owner, index = w.village[dest]
        if w.seats[owner].slots[index] is None:
            return "meeples never enter an empty space inside a village"
        if owner == a:
            return "you never move onto your own buildings"
    d = board.direction_between(src, dest)
    if d < 0:
        return f"{dest_text} is not next to {src_text}"
    if w.blocked(src, d, w.nature):
        return f"forest closes the edge between {src_text} and {dest_text}"
    if dest not in w.tiles:
        return "the pile has no tile left for another exploration this turn"
    return f"{dest_text} cannot be reached from {src_text}"
