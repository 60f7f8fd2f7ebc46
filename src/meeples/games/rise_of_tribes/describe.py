"""Rise of Tribes actions in words: ``describe_action`` for a legal action, ``explain_illegal``
for one that is not (the reason, as precisely as the rule sheet gives it).

The English phrases are also matched by the browser's French and Spanish tables
(``web/boards/rise_of_tribes.js``): change a phrase here, then update those tables.
"""

from __future__ import annotations

from meeples.games.rise_of_tribes import data, rules

# isort: split
# rules first: it imports the step modules in the order their cycle needs.
from meeples.games.rise_of_tribes import actions, goals
from meeples.games.rise_of_tribes.state import Flag, Phase, State

RES = data.RESOURCE_LETTERS
FACES = data.FACE_LETTERS

PHASE_WORDS = {
    Phase.PICK: "choose a leader power for the whole game",
    Phase.PLACE: "place the starting tribe", Phase.TAKE: "take a free resource",
    Phase.REROLL: "keep the roll or reroll one die (Cunning)",
    Phase.SITE: "choose the hex for the event", Phase.VENT: "choose where the volcano goes",
    Phase.LOSE: "choose the hex to lose a member from (Volcano)",
    Phase.SETTLE: "build a village for 1 of each resource, or pass (Abandoned Village)",
    Phase.BID: "raise the bid or pass (Chieftain)", Phase.GIVE: "hand out the winning bid",
    Phase.ACT: "put a die on an action", Phase.LIGHT: "take one resource (Light in the Dark)",
    Phase.GROW: "add members (GROW) or stop", Phase.MOVE: "move members (MOVE) or stop",
    Phase.DISCOVER: "take a resource from Discovery",
    Phase.GATHER: "choose a hex to gather from, or stop",
    Phase.BONUS: "choose the gather bonus", Phase.RECYCLE: "recycle goals or draw (LEAD)",
    Phase.DREAM: "put a drawn goal at the bottom of the deck (Dreamtime)",
    Phase.ORDER: "choose the next conflict hex", Phase.EVADE: "evade or stay (Evasion)",
    Phase.BOW: "use the Bow or pass",
    Phase.GOALS: "complete goals, build villages, or end the turn",
}

#: Verbs whose description is a fixed phrase followed by the rest of the action.
PLAIN = {
    "fight": "resolve the conflict in", "lose": "lose a member in", "add": "add a member to",
    "settle": "build an abandoned village in", "bid": "bid", "goal": "complete goal",
    "recycle": "recycle goal", "site": "put the event on",
}
FIXED = {
    "draw": "draw goals", "pass": "pass", "stop": "stop the action", "done": "end the turn",
    "stay": "stay: evade no more members",
}


def res_name(letter: str) -> str:
    return data.RESOURCE_NAMES[RES.index(letter)]


def face_name(letter: str) -> str:
    return data.FACE_NAMES[FACES.index(letter)]


def power_name(code: str) -> str:
    return data.LEADER_POWER_NAMES[data.LEADER_POWER_CODES.index(code)]


def goal_name(goal_id: str) -> str:
    return data.GOAL_NAMES[data.GOAL_IDS.index(goal_id)]


def describe_action(state: State, action: str) -> str:
    """Return a short description in words of a legal action."""
    words = action.split(" ")
    verb = words[0]
    if len(words) == 1 and "-" in action:
        return f"move a member from {action[0]} to {action[2]}"
    if len(words) == 1 and "=" in action:
        return f"gather {', '.join(res_name(c) for c in action[2:])} from {action[0]}"
    if verb in FIXED:
        return FIXED[verb]
    if verb in PLAIN:
        return f"{PLAIN[verb]} {words[1]}"
    arg = words[1] if len(words) > 1 else ""
    if verb in data.ACTION_NAMES:
        text = f"{verb.upper()} with a die showing {face_name(arg[0])}"
        return text + (", with Focused Effort (default power)" if arg.endswith("!") else "")
    if verb in ("hunt", "tame"):
        return f"{verb} the mammoth with a die showing {face_name(arg)}"
    if verb == "tiger":
        return f"hunt the tiger with a die showing {face_name(arg)}"
    if verb == "power":
        return f"keep the leader power {power_name(arg)} for the whole game"
    if verb == "start":
        spots = arg.split("+")
        if len(spots) == 1:
            return f"place the starting tribe on {arg}"
        return f"place the starting tribe: 2 members on {spots[0]} and 1 on {spots[1]}"
    if verb in ("take", "light"):
        return f"take one {res_name(arg)}"
    if verb == "keep":
        return "keep the roll" if state.phase == Phase.REROLL else "keep the resources gathered"
    if verb == "reroll":
        return f"reroll a die showing {face_name(arg)}"
    if verb == "find":
        return f"take one {res_name(arg)} from Discovery"
    if verb == "basket":
        return f"Basketry: take one {res_name(arg)}"
    if verb == "trade":
        return f"Trader: take one {res_name(arg[2])} instead of one {res_name(arg[0])}"
    if verb == "pottery":
        return f"Pottery: trade two {res_name(arg[0])} for one {res_name(arg[2])}"
    if verb == "bottom":
        return f"put goal {arg} at the bottom of your deck"
    if verb == "evade":
        return f"evade a member from {arg[0]} to {arg[2]}"
    if verb == "bow":
        target = "an invader" if arg == "i" else f"player {int(arg) + 1}"
        return f"shoot with the Bow at {target}"
    if verb == "vent":
        near = data.VOLCANO_ADJACENT[state.n][int(arg)]
        return f"put the volcano next to {' and '.join(rules.hex_name(h) for h in near)}"
    if verb == "give":
        return f"give player {int(arg) + 1} {res_name(words[2])}"
    if verb == "village":
        text = f"build a village in {arg}"
        for word in words[2:]:
            if word.startswith("-"):
                text += f", paying one {res_name(word[1])} less (Crafty Builders)"
            else:
                text += ", with your elder on it"
        return text
    if verb == "buy":
        return f"buy the event {data.EVENT_NAMES[data.EVENT_IDS.index(arg)]}"
    if verb == "altar":
        pay = ("one wood, one food and one stone" if words[2] == "wfs"
               else f"four {res_name(words[2])}")
        return f"sacrifice a member in {arg} and {pay} at the Altar"
    if verb == "share":
        return f"Shared Knowledge: pay one {res_name(arg)}"
    if verb == "elder":
        dev = words[3]
        return (f"elder: give player {int(arg) + 1} one {res_name(words[2])} and use their "
                f"{goal_name(dev)} ({dev}) this turn")
    return action


def explain_illegal(state: State, action: str) -> str:
    """Return why an action is not legal, in words."""
    s = state
    if s.over:
        return "the game is over"
    words = action.split(" ")
    verb = words[0]
    p = s.active
    reason = None
    if verb == "power":
        reason = _explain_pick(s, words[1])
    elif s.phase == Phase.ACT and verb in data.ACTION_NAMES + ("hunt", "tame", "tiger"):
        reason = _explain_die(s, words)
    elif s.phase == Phase.GOALS and verb == "goal":
        card = data.GOAL_IDS.index(words[1])
        if card not in s.progress[p]:
            reason = f"{words[1]} is not one of your goals in progress"
        elif card < len(data.DEVELOPMENTS):
            price = "/".join(map(str, data.DEV_COST[card]))
            reason = f"{data.GOAL_NAMES[card]} costs {price} wood/food/stone"
        else:
            reason = f"the condition of {data.GOAL_NAMES[card]} is not met"
    elif s.phase == Phase.GOALS and verb == "village":
        reason = _explain_village(s, words)
    elif s.phase == Phase.GOALS and verb == "buy":
        event = data.EVENT_IDS.index(words[1])
        name = data.EVENT_NAMES[event]
        if event not in data.ACQUIRE:
            reason = f"{name} cannot be bought"
        elif s.slot_of(event) < 0:
            reason = f"{name} is not in an event slot"
        else:
            kind = data.ACQUIRE[event]
            cost = data.ACQUIRE_BASE - s.tokens[s.slot_of(event)][kind]
            reason = f"{name} costs {cost} {data.RESOURCE_NAMES[kind]} now"
    if reason:
        return reason
    legal = rules.legal_actions(s)
    hint = ", ".join(legal[:4]) + (", ..." if len(legal) > 4 else "")
    return f"player {s.decider + 1} must {PHASE_WORDS[Phase(s.phase)]} now (e.g. {hint})"


def _explain_pick(s: State, code: str) -> str:
    """Return why a leader power cannot be picked now (option leader_powers="pick", Q18)."""
    if s.leaders <= 1:
        return "a leader power is picked only with the option leader_powers=pick"
    if s.phase != Phase.PICK:
        return "the leader powers were picked before the starting tribes were placed"
    tribe = s.tribe[s.decider]
    first, second = data.LEADER_POWER_NAMES[2 * tribe:2 * tribe + 2]
    return (f"{power_name(code)} is not a leader power of the {data.TRIBE_NAMES[tribe]} "
            f"(choose {first} or {second})")


def _not_picked(s: State, p: int, power: int) -> str | None:
    """Return the reason a power of p's own tribe is off under the pick option, else None."""
    chosen = s.chosen_power(p)
    if chosen < 0 or chosen >> 1 != power >> 1:
        return None
    names = data.LEADER_POWER_NAMES
    return f"you picked {names[chosen]}: {names[power]} is off for the whole game"


def _explain_die(s: State, words: list[str]) -> str | None:
    verb, arg = words[0], words[1]
    p = s.active
    if FACES.index(arg[0]) not in s.hand:
        return f"you have no die showing {face_name(arg[0])} ({arg[0]})"
    if verb in ("hunt", "tame"):
        if s.mammoth < 0:
            return "the Mammoth is not on the board"
        if s.pop[s.mammoth][p] < data.MAMMOTH_MEMBERS:
            return f"the Mammoth needs {data.MAMMOTH_MEMBERS} of your members in its hex"
        if verb == "tame":
            return f"taming the Mammoth costs {data.MAMMOTH_TAME[0]} food"
        return None
    if verb == "tiger":
        if s.tiger < 0:
            return "the Sabertooth Tiger is not on the board"
        return "hunting the tiger needs one of your members in its hex"
    act = data.ACTION_NAMES.index(verb)
    if act in s.used:
        return f"you already took {verb.upper()} this turn (two different actions)"
    if arg.endswith("!"):
        if not s.has_power(p, data.FOCUSED_EFFORT):
            return _not_picked(s, p, data.FOCUSED_EFFORT) or \
                "Focused Effort is a Kaha leader power (advanced game)"
        if s.flags[Flag.FOCUS]:
            return "Focused Effort is used once per turn"
        if actions.read_power((FACES.index(arg[0]), *s.rows[act][:2])) != data.POWER_MOON:
            return (f"the {verb.upper()} row would not read moon: Focused Effort only turns "
                    "a moon power into the default one")
    return None


def _explain_village(s: State, words: list[str]) -> str | None:
    p = s.active
    h = rules.hex_index(words[1], s.n) if ord(words[1]) - 97 < len(s.pop) else -1
    if h < 0 or not s.pop[h][p]:
        return "a village goes on a hex with your members"
    if s.villages[h] >= 0:
        return "that hex already has a village (one per hex)"
    if s.invaders_at(h):
        return "the invaders forbid building in their hex"
    if s.villages_left() <= 0:
        return "no village is left in the supply"
    if "e" in words[2:]:
        if not s.elders_on:
            return "Tribal Elders are not in play"
        if s.elder_at[p] >= 0:
            return "your elder is already on a village"
    discount = [w for w in words[2:] if w.startswith("-")]
    if s.has_power(p, data.CRAFTY_BUILDERS) and not discount:
        return "Crafty Builders: name the resource you pay less, e.g. 'village a -w'"
    if discount and not s.has_power(p, data.CRAFTY_BUILDERS):
        if reason := _not_picked(s, p, data.CRAFTY_BUILDERS):
            return reason
        return "only the Daba (Crafty Builders, advanced game) pay one resource less"
    cost = "/".join(map(str, goals.village_cost(s, p)))
    return f"your village costs {cost} wood/food/stone"
