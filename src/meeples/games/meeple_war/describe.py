"""Short English words for Meeple War actions, and why an action is not legal."""

from __future__ import annotations

from meeples.games.meeple_war import rules
from meeples.games.meeple_war.board import parse_hex
from meeples.games.meeple_war.data import ACTION_NAMES, BUILDINGS, TOKEN_NAMES
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
        return f"worker of slot {action[1]} goes to {action.partition('>')[2]}"
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
            words = f"{name} on player {parts[0]}'s slot {parts[1]}"
            if verb == "conv":
                words += f", replacing player {parts[2]}'s meeple"
            return words + (f" (meeple from {source})" if source else "")
        return f"{name}" + (f" on {target}" if target else "")
    if head == "fly" or action.startswith("fly@"):
        return f"Flying Troops: 1 meeple to {action[4:]}"
    if action.startswith("fr:"):
        who, _, route = action[3:].partition("@")
        src, _, dest = route.partition(">")
        return f"frighten 1 meeple of player {who} from {src} to {dest}"
    if action.startswith("kill:"):
        who, _, spot = action[5:].partition("@")
        return f"altar: destroy 1 meeple of player {who} on {spot}"
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
    if h in w.village:
        owner, index = w.village[h]
        slot = w.seats[owner].slots[index]
        name = BUILDINGS[slot.building].name if slot is not None else "building"
        return words + f" (attack player {owner}'s {name})"
    if h not in w.tiles:
        return words + " (explore)"
    if w.has_opponent(h, w.active):
        return words + " (battle)"
    return words


def explain_illegal(state: State, action: str) -> str:
    """Return why an action is not legal here, in words."""
    if state.result:
        return "the game is over"
    who = rules.to_move(state)
    if state.effects:
        kind = state.effects[0][0]
        task = {"kill": "choose an altar kill, or done", "jump": "jump through the tunnel, or done",
                "vp": "choose the meeple for the Reputation Mountain"}[kind]
    else:
        task = STEP_WORDS.get(state.step, state.step)
    legal = rules.legal_actions(state)
    sample = ", ".join(legal[:4]) + (", ..." if len(legal) > 4 else "")
    return f"player {who} must now {task} (legal: {sample})"
