"""Rise of Tribes in words, as messages (:mod:`meeples.core.text`): ``describe_action`` for a
legal action, ``explain_illegal`` for one that is not (the reason, as precisely as the rule
sheet gives it), ``prompt`` for the decision at hand, and ``anytime_skip``.

This is the one place of wording logic: it reads an action through its parts
(``notation.action_parts``), never by slicing its text, and names components by reference
(``Ref("rot.goal", "D1")``...), so each client words them in its language from the catalogues
``text/{en,fr,es}.json``. Action messages read both as a button label and after a player's name
in the log ("Alice — gather 2 wood from hex c"): no "you" in them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from meeples.core.text import Message, Ref, msg, player
from meeples.games.rise_of_tribes import data, rules

# isort: split
# rules first: it imports the step modules in the order their cycle needs.
from meeples.games.rise_of_tribes import actions, goals
from meeples.games.rise_of_tribes.notation import action_parts
from meeples.games.rise_of_tribes.state import Flag, Phase, State

RES = data.RESOURCE_LETTERS
FACES = data.FACE_LETTERS
_DEVELOPMENTS = len(data.DEVELOPMENTS)


# --- components and amounts -----------------------------------------------------------------------

def goal(card: int | str) -> Ref:
    """Return a reference to a goal card (index or id)."""
    return Ref("rot.goal", card if isinstance(card, str) else data.GOAL_IDS[card])


def event(ev: int | str) -> Ref:
    """Return a reference to an event (index or id)."""
    return Ref("rot.event", ev if isinstance(ev, str) else data.EVENT_IDS[ev])


def power(pw: int | str) -> Ref:
    """Return a reference to a leader power (index or code)."""
    return Ref("rot.power", pw if isinstance(pw, str) else data.LEADER_POWER_CODES[pw])


def tribe(index: int) -> Ref:
    return Ref("rot.tribe", data.TRIBE_NAMES[index])


def face(letter: str) -> Ref:
    return Ref("rot.face", letter)


def action_ref(name: str) -> Ref:
    return Ref("rot.action", name)


def amount(letter: str, n: int = 1) -> Message:
    """Return "n wood" (its plural form in every language)."""
    return msg(f"rot.res.{letter}", n=n)


def listing(items: Sequence[Message | Ref | str]) -> Message | Ref | str:
    """Return items as one list: "a", "a and b", "a, b and c"."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return msg("rot.list.two", first=items[0], second=items[1])
    return msg("rot.list.more", first=items[0], rest=listing(items[1:]))


def amounts(counts: Sequence[int]) -> Message | Ref | str:
    """Return resource counts in wood/food/stone order as a list ("2 wood and 1 stone")."""
    items = [amount(RES[r], counts[r]) for r in range(3) if counts[r]]
    return listing(items) if items else msg("rot.nothing")


def letters(taken: Sequence[str]) -> Message | Ref | str:
    """Return resources named by letters as counted amounts ("wwf": 2 wood and 1 food)."""
    return amounts([sum(1 for x in taken if x == RES[r]) for r in range(3)])


def hexes(names: Sequence[str]) -> Message | Ref | str:
    return listing(list(names))


# --- the decision at hand -------------------------------------------------------------------------

def step(s: State) -> Message:
    """Return what the player to decide must do now, without their name (infinitive)."""
    phase = Phase(s.phase)
    p = s.active
    if phase == Phase.PLACE:
        return msg("rot.step.place", n=data.START_SEATS[s.pend[0]][0])
    if phase == Phase.TAKE:
        return msg("rot.step.take", n=s.pend[1])
    if phase == Phase.REROLL:
        return msg("rot.step.reroll", power=power(data.CUNNING))
    if phase == Phase.SITE:
        return msg("rot.step.site", event=event(s.pend[0]))
    if phase in (Phase.VENT, Phase.LOSE, Phase.SETTLE, Phase.DISCOVER):
        ev = {Phase.VENT: data.VOLCANO, Phase.LOSE: data.VOLCANO, Phase.SETTLE: data.ABANDONED,
              Phase.DISCOVER: data.DISCOVERY}[phase]
        n = s.pend[0] if phase == Phase.LOSE else 0
        return msg(f"rot.step.{phase.name.lower()}", event=event(ev), n=n)
    if phase == Phase.BID:
        return msg("rot.step.bid", event=event(data.CHIEFTAIN), n=s.pend[0])
    if phase == Phase.GIVE:
        return msg("rot.step.give", event=event(data.CHIEFTAIN), n=s.pend[2])
    if phase == Phase.ACT:
        return msg("rot.step.act", n=len(s.hand))
    if phase == Phase.LIGHT:
        return msg("rot.step.light", power=power(data.LIGHT_IN_THE_DARK))
    if phase == Phase.GROW:
        return msg("rot.step.grow", action=action_ref("grow"), n=min(s.left, s.supply(p)))
    if phase == Phase.MOVE:
        return msg("rot.step.move", action=action_ref("move"), n=s.left)
    if phase == Phase.GATHER:
        return msg("rot.step.gather", action=action_ref("gather"), n=s.left)
    if phase == Phase.BONUS:
        if s.queue[0] == 1:
            return msg("rot.step.basket", goal=goal(data.BASKETRY))
        return msg("rot.step.trade", power=power(data.TRADER))
    if phase == Phase.RECYCLE:
        return msg("rot.step.recycle", action=action_ref("lead"),
                   n=s.villages_of(p) - s.pend[0])
    if phase == Phase.DREAM:
        return msg("rot.step.dream", power=power(data.DREAMTIME))
    if phase == Phase.ORDER:
        return msg("rot.step.order", n=len(s.queue))
    if phase == Phase.EVADE:
        return msg("rot.step.evade", power=power(data.EVASION), hex=rules.hex_name(s.pend[0]),
                   n=data.EVASION_MEMBERS - s.pend[2])
    if phase == Phase.BOW:
        return msg("rot.step.bow", goal=goal(data.BOW), hex=rules.hex_name(s.pend[0]))
    if phase == Phase.GOALS:
        return msg("rot.step.goals")
    return msg("rot.step.pick")


def chance_step(s: State) -> Message:
    """Return what chance decides now (a chance node's banner)."""
    phase = Phase(s.phase)
    if phase == Phase.TERRAIN:
        return msg("rot.chance.terrain", hex=rules.hex_name(s.terrain.index(-1)))
    if phase == Phase.TILE:
        return msg("rot.chance.tile", tile=Ref("rot.tile", data.TILE_IDS[rules.next_tile(s)]))
    if phase == Phase.TRIBE:
        return msg("rot.chance.tribe", player=player(s.tribe.index(-1)))
    if phase == Phase.FIRST:
        return msg("rot.chance.first")
    if phase == Phase.ROLL:
        return msg("rot.chance.roll", player=player(s.active))
    if phase == Phase.CARD:
        return msg("rot.chance.cards", player=player(s.active), n=s.to_draw)
    return msg("rot.chance.event")


def prompt(s: State) -> Message:
    """Return what the player to decide must decide now (the step banner), or what chance
    decides at a chance node."""
    if s.over:
        return msg("core.game_over")
    if rules.is_chance(s):
        return chance_step(s)
    return msg("rot.prompt", player=player(s.decider), step=step(s))


def anytime_skip(s: State) -> str | None:
    """Return the action declining the decision at hand when only an optional power or
    development asks it, else None.

    Such a decision interrupts play to offer a player something they may always refuse at no
    cost the rules impose: Cunning's reroll (keep), Evasion on another player's turn (stay), the
    Bow before a conflict (pass), and Trader's exchange after a GATHER (keep). Light in the Dark,
    Basketry and Dreamtime are not: they have no refusal (a free resource, a forced card).
    """
    if s.over:
        return None
    phase = s.phase
    if phase == Phase.REROLL:
        return "keep"
    if phase == Phase.EVADE:
        return "stay"
    if phase == Phase.BOW:
        return "pass"
    if phase == Phase.BONUS and s.queue and s.queue[0] == 2:
        return "keep"
    return None


def anytime_held(s: State, p: int) -> list[Message]:
    """Return what player p holds that :func:`anytime_skip` would offer: the leader powers
    Cunning, Evasion and Trader, and the Bow."""
    held = [msg("core.named", name=power(pw)) for pw in (data.CUNNING, data.EVASION, data.TRADER)
            if s.has_power(p, pw)]
    if s.has_dev(p, data.BOW):
        held.append(msg("core.named", name=goal(data.BOW)))
    return held


# --- legal actions --------------------------------------------------------------------------------

def describe_action(s: State, action: str) -> Message:
    """Return the message that says what a legal action does."""
    parts = action_parts(action)
    verb = parts["verb"]
    describe = _DESCRIBE.get(verb)
    if describe is not None:
        return describe(s, parts)
    return msg(f"rot.act.{verb}")


def _power(s: State, p: dict[str, Any]) -> Message:
    return msg("rot.act.power", power=power(p["power"]))


def _start(s: State, p: dict[str, Any]) -> Message:
    members = data.START_SEATS[s.pend[0]][0] if s.phase == Phase.PLACE else 3
    if p["second"] is None:
        return msg("rot.act.start", hex=p["hex"], n=members)
    return msg("rot.act.start_split", hex=p["hex"], second=p["second"], n=members - 1)


def _keep(s: State, p: dict[str, Any]) -> Message:
    if s.phase == Phase.REROLL:
        return msg("rot.act.keep_roll")
    return msg("rot.act.keep_gather", power=power(data.TRADER))


def _place(s: State, p: dict[str, Any]) -> Message:
    placed = msg("rot.act.place", action=action_ref(p["row"]), face=face(p["face"]))
    act = data.ACTION_NAMES.index(p["row"])
    die = FACES.index(p["face"])
    power_read = actions.read_power((die, *s.rows[act][:2]))
    if p["focus"]:
        return msg("rot.act.focus", first=placed, power=power(data.FOCUSED_EFFORT))
    return msg("rot.and_power", first=placed, level=msg(f"rot.level.{power_read}"))


def _spend(s: State, p: dict[str, Any]) -> Message:
    return msg(f"rot.act.{p['verb']}", event=event(p["event"]), face=face(p["face"]))


def _stop(s: State, p: dict[str, Any]) -> Message:
    name = {Phase.GROW: "grow", Phase.MOVE: "move", Phase.GATHER: "gather"}.get(Phase(s.phase))
    return msg("rot.act.stop", action=action_ref(name)) if name else msg("rot.act.stop_any")


def _draw(s: State, p: dict[str, Any]) -> Message:
    deck = len(s.decks[s.active]) + len(s.bottoms[s.active])
    n = min(s.left + (s.pend[0] if s.pend else 0), deck)
    return msg("rot.act.draw", n=n)


def _roll(s: State, p: dict[str, Any]) -> Message:
    return msg("rot.act.roll", player=player(s.active), face=face(p["face"]))


def _cards(s: State, p: dict[str, Any]) -> Message:
    return msg("rot.act.cards", player=player(s.active),
               goals=listing([goal(g) for g in p["goals"]]))


def _tribe(s: State, p: dict[str, Any]) -> Message:
    seat = s.tribe.index(-1) if -1 in s.tribe else 0
    return msg("rot.act.tribe", player=player(seat), tribe=Ref("rot.tribe", p["tribe"]))


def _terrain(s: State, p: dict[str, Any]) -> Message:
    h = s.terrain.index(-1) if -1 in s.terrain else 0
    return msg("rot.act.terrain", hex=rules.hex_name(h), terrain=Ref("rot.terrain", p["terrain"]))


def _bow(s: State, p: dict[str, Any]) -> Message:
    if p["invader"]:
        return msg("rot.act.bow_invader", goal=goal(data.BOW))
    return msg("rot.act.bow", goal=goal(data.BOW), player=player(p["seat"]))


def _pass(s: State, p: dict[str, Any]) -> Message:
    if s.phase == Phase.SETTLE:
        return msg("rot.act.pass_settle", event=event(data.ABANDONED))
    if s.phase == Phase.BID:
        return msg("rot.act.pass_bid", event=event(data.CHIEFTAIN))
    if s.phase == Phase.BOW:
        return msg("rot.act.pass_bow", goal=goal(data.BOW))
    return msg("rot.act.pass")


def _site(s: State, p: dict[str, Any]) -> Message:
    return msg("rot.act.site", event=event(s.pend[0]) if s.phase == Phase.SITE else
               event(data.INVADERS), hex=p["hex"])


def _vent(s: State, p: dict[str, Any]) -> Message:
    near = data.VOLCANO_ADJACENT[s.n][p["slot"]]
    return msg("rot.act.vent", hexes=hexes([rules.hex_name(h) for h in near]))


def _goal(s: State, p: dict[str, Any]) -> Message:
    card = data.GOAL_IDS.index(p["goal"])
    if card < _DEVELOPMENTS:
        return msg("rot.act.goal_dev", goal=goal(card), cost=amounts(data.DEV_COST[card]))
    return msg("rot.act.goal_ach", goal=goal(card),
               n=data.ACHIEVEMENT_VP[card - _DEVELOPMENTS])


def _village(s: State, p: dict[str, Any]) -> Message:
    cost = list(goals.village_cost(s, s.active))
    if p["discount"]:
        cost[RES.index(p["discount"])] -= 1
    text = msg("rot.act.village", hex=p["hex"], cost=amounts(cost))
    if p["discount"]:
        text = msg("rot.and_discount", first=text, amount=amount(p["discount"]),
                   power=power(data.CRAFTY_BUILDERS))
    if p["elder"]:
        text = msg("rot.and_elder", first=text)
    return text


def _buy(s: State, p: dict[str, Any]) -> Message:
    ev = data.EVENT_IDS.index(p["event"])
    slot = s.slot_of(ev)
    kind = data.ACQUIRE[ev]
    tokens = s.tokens[slot][kind] if slot >= 0 else 0
    return msg("rot.act.buy", event=event(ev), cost=amount(RES[kind], data.ACQUIRE_BASE - tokens))


def _give(s: State, p: dict[str, Any]) -> Message:
    return msg("rot.act.give", amount=amount(p["resource"]), player=player(p["seat"]))


def _elder(s: State, p: dict[str, Any]) -> Message:
    return msg("rot.act.elder", amount=amount(p["resource"]), player=player(p["seat"]),
               goal=goal(p["goal"]))


_DESCRIBE: dict[str, Callable[[State, dict[str, Any]], Message]] = {
    "power": _power,
    "start": _start,
    "take": lambda s, p: msg("rot.act.take", amount=amount(p["resource"])),
    "keep": _keep,
    "reroll": lambda s, p: msg("rot.act.reroll", face=face(p["face"]),
                               power=power(data.CUNNING)),
    "place": _place,
    "hunt": _spend,
    "tame": _spend,
    "tiger": _spend,
    "light": lambda s, p: msg("rot.act.light", amount=amount(p["resource"]),
                              power=power(data.LIGHT_IN_THE_DARK)),
    "add": lambda s, p: msg("rot.act.add", hex=p["hex"]),
    "move": lambda s, p: msg("rot.act.move", src=p["from"], dest=p["to"]),
    "find": lambda s, p: msg("rot.act.find", amount=amount(p["resource"]),
                             event=event(data.DISCOVERY)),
    "gather": lambda s, p: msg("rot.act.gather", amounts=letters(p["resources"]), hex=p["hex"]),
    "basket": lambda s, p: msg("rot.act.basket", amount=amount(p["resource"]),
                               goal=goal(data.BASKETRY)),
    "trade": lambda s, p: msg("rot.act.trade", give=amount(p["give"]), take=amount(p["take"]),
                              power=power(data.TRADER)),
    "recycle": lambda s, p: msg("rot.act.recycle", goal=goal(p["goal"])),
    "draw": _draw,
    "bottom": lambda s, p: msg("rot.act.bottom", goal=goal(p["goal"]),
                               power=power(data.DREAMTIME)),
    "fight": lambda s, p: msg("rot.act.fight", hex=p["hex"]),
    "evade": lambda s, p: msg("rot.act.evade", src=p["from"], dest=p["to"],
                              power=power(data.EVASION)),
    "bow": _bow,
    "pass": _pass,
    "site": _site,
    "vent": _vent,
    "lose": lambda s, p: msg("rot.act.lose", hex=p["hex"], event=event(data.VOLCANO)),
    "settle": lambda s, p: msg("rot.act.settle", hex=p["hex"],
                               cost=amounts(data.ABANDONED_COST), event=event(data.ABANDONED)),
    "bid": lambda s, p: msg("rot.act.bid", n=p["amount"]),
    "give": _give,
    "goal": _goal,
    "village": _village,
    "buy": _buy,
    "altar": lambda s, p: msg("rot.act.altar", hex=p["hex"], cost=letters(p["pay"]),
                              event=event(data.ALTAR)),
    "share": lambda s, p: msg("rot.act.share", amount=amount(p["resource"]),
                              event=event(data.SHARED)),
    "pottery": lambda s, p: msg("rot.act.pottery", give=amount(p["give"], 2),
                                take=amount(p["take"]), goal=goal(data.POTTERY)),
    "elder": _elder,
    "stop": _stop,
    # chance outcomes
    "terrain": _terrain,
    "tile": lambda s, p: msg("rot.act.tile", tile=Ref("rot.tile", p["tile"]), hex=p["hex"]),
    "tribe": _tribe,
    "first": lambda s, p: msg("rot.act.first", player=player(p["seat"])),
    "roll": _roll,
    "cards": _cards,
    "event": lambda s, p: msg("rot.act.event", event=event(p["event"])),
}


# --- why an action is refused ---------------------------------------------------------------------

def explain_illegal(s: State, action: str) -> Message:
    """Return the message that says why an action is not legal."""
    if s.over:
        return msg("core.game_over")
    p = action_parts(action)
    verb = p["verb"]
    reason: Message | None = None
    if verb == "power":
        reason = _explain_pick(s, p["power"])
    elif s.phase == Phase.ACT and verb in ("place", "hunt", "tame", "tiger"):
        reason = _explain_die(s, p)
    elif s.phase == Phase.GOALS and verb == "goal":
        reason = _explain_goal(s, data.GOAL_IDS.index(p["goal"]))
    elif s.phase == Phase.GOALS and verb == "village":
        reason = _explain_village(s, p)
    elif s.phase == Phase.GOALS and verb == "buy":
        reason = _explain_buy(s, data.EVENT_IDS.index(p["event"]))
    if reason is not None:
        return reason
    legal = rules.legal_actions(s)
    hint = ", ".join(legal[:4]) + (", ..." if len(legal) > 4 else "")
    if rules.is_chance(s):
        return msg("rot.why.chance_node", step=chance_step(s), examples=hint)
    if verb in CHANCE_VERBS:
        return msg("rot.why.chance_outcome", player=player(s.decider), step=step(s))
    return msg("rot.why.not_now", player=player(s.decider), step=step(s), examples=hint)


#: The verbs of chance's outcomes (notation: the forms after "(chance)"), never a player's.
CHANCE_VERBS = frozenset({"terrain", "tile", "tribe", "first", "roll", "cards", "event"})


def _explain_goal(s: State, card: int) -> Message:
    p = s.active
    if card not in s.progress[p]:
        return msg("rot.why.not_in_progress", goal=goal(card))
    if card < _DEVELOPMENTS:
        return msg("rot.why.dev_cost", goal=goal(card), cost=amounts(data.DEV_COST[card]))
    return msg("rot.why.condition", goal=goal(card), requirement=requirement(card))


def _explain_buy(s: State, ev: int) -> Message:
    if ev not in data.ACQUIRE:
        return msg("rot.why.not_for_sale", event=event(ev))
    slot = s.slot_of(ev)
    if slot < 0:
        return msg("rot.why.not_in_slot", event=event(ev))
    kind = data.ACQUIRE[ev]
    cost = data.ACQUIRE_BASE - s.tokens[slot][kind]
    return msg("rot.why.event_cost", event=event(ev), cost=amount(RES[kind], cost))


def _explain_pick(s: State, code: str) -> Message:
    """Return why a leader power cannot be picked now (option leader_powers="pick", Q18)."""
    if s.leaders <= 1:
        return msg("rot.why.pick_off")
    if s.phase != Phase.PICK:
        return msg("rot.why.pick_done")
    t = s.tribe[s.decider]
    return msg("rot.why.pick_other", power=power(code), tribe=tribe(t), first=power(2 * t),
               second=power(2 * t + 1))


def _not_picked(s: State, p: int, pw: int) -> Message | None:
    """Return the reason a power of p's own tribe is off under the pick option, else None."""
    chosen = s.chosen_power(p)
    if chosen < 0 or chosen >> 1 != pw >> 1:
        return None
    return msg("rot.why.not_picked", chosen=power(chosen), power=power(pw))


def _explain_die(s: State, parts: dict[str, Any]) -> Message | None:
    verb, letter = parts["verb"], parts["face"]
    p = s.active
    if FACES.index(letter) not in s.hand:
        return msg("rot.why.no_die", face=face(letter))
    if verb in ("hunt", "tame"):
        mammoth = event(data.MAMMOTH)
        if s.mammoth < 0:
            return msg("rot.why.not_on_board", event=mammoth)
        if s.pop[s.mammoth][p] < data.MAMMOTH_MEMBERS:
            return msg("rot.why.mammoth_members", event=mammoth, n=data.MAMMOTH_MEMBERS)
        if verb == "tame":
            return msg("rot.why.tame_cost", event=mammoth,
                       cost=amount("f", data.MAMMOTH_TAME[0]))
        return None
    if verb == "tiger":
        tiger = event(data.SABERTOOTH)
        if s.tiger < 0:
            return msg("rot.why.not_on_board", event=tiger)
        return msg("rot.why.tiger_members", event=tiger, n=data.SABERTOOTH_MEMBERS)
    act = data.ACTION_NAMES.index(parts["row"])
    if act in s.used:
        return msg("rot.why.used", action=action_ref(parts["row"]))
    if parts["focus"]:
        focus = power(data.FOCUSED_EFFORT)
        if not s.has_power(p, data.FOCUSED_EFFORT):
            return _not_picked(s, p, data.FOCUSED_EFFORT) or \
                msg("rot.why.not_your_power", power=focus, tribe=tribe(data.KAHA))
        if s.flags[Flag.FOCUS]:
            return msg("rot.why.once_per_turn", power=focus)
        if actions.read_power((FACES.index(letter), *s.rows[act][:2])) != data.POWER_MOON:
            return msg("rot.why.not_moon", action=action_ref(parts["row"]), power=focus)
    return None


def _explain_village(s: State, parts: dict[str, Any]) -> Message | None:
    p = s.active
    h = ord(parts["hex"]) - 97
    if h >= len(s.pop) or not s.pop[h][p]:
        return msg("rot.why.village_members")
    if s.villages[h] >= 0:
        return msg("rot.why.village_taken")
    if s.invaders_at(h):
        return msg("rot.why.village_invaders", event=event(data.INVADERS))
    if s.villages_left() <= 0:
        return msg("rot.why.no_villages")
    if parts["elder"]:
        if not s.elders_on:
            return msg("rot.why.no_elders")
        if s.elder_at[p] >= 0:
            return msg("rot.why.elder_placed")
    crafty = power(data.CRAFTY_BUILDERS)
    if s.has_power(p, data.CRAFTY_BUILDERS) and not parts["discount"]:
        return msg("rot.why.name_discount", power=crafty, example=f"village {parts['hex']} -w")
    if parts["discount"] and not s.has_power(p, data.CRAFTY_BUILDERS):
        return _not_picked(s, p, data.CRAFTY_BUILDERS) or \
            msg("rot.why.not_your_power", power=crafty, tribe=tribe(data.DABA))
    return msg("rot.why.village_cost", cost=amounts(goals.village_cost(s, p)))


# --- goal requirements and progress (view.py shows them) ------------------------------------------

def requirement(card: int) -> Message:
    """Return what a goal card asks: a development's cost, an achievement's condition."""
    if card < _DEVELOPMENTS:
        return msg("rot.req.cost", cost=amounts(data.DEV_COST[card]))
    numbers = {
        data.GATHER6: data.GATHER6_AMOUNT, data.NEIGHBOURS: data.NEIGHBOURS_GROUP,
        data.WATERS: data.WATERS_LAKES, data.MASTERS: 3, data.EXPANSION: data.EXPANSION_HEXES,
        data.GREAT_TRIBE: data.GREAT_TRIBE_MEMBERS, data.SETTLERS: data.SETTLERS_VILLAGES,
        data.RAID: 1,
    }
    return msg(f"rot.req.{data.GOAL_IDS[card]}", n=numbers[card])


def progress(s: State, p: int, card: int) -> Message:
    """Return how far player p is from a goal card now (what they have of what it asks)."""
    if card < _DEVELOPMENTS:
        cost = data.DEV_COST[card]
        missing = [max(0, cost[r] - s.res[p][r]) for r in range(3)]
        if not any(missing):
            return msg("rot.progress.affordable")
        return msg("rot.progress.missing", missing=amounts(missing))
    if card in (data.GATHER6, data.RAID):
        key = "met" if goals.condition_met(s, p, card) else "this_turn"
        return msg(f"rot.progress.{key}")
    stand = goals.standing(s, p)
    have = {
        data.NEIGHBOURS: goals.largest_group(s.n, stand.majority),
        data.WATERS: stand.lakes,
        data.MASTERS: _types_held(s, stand.majority),
        data.EXPANSION: stand.occupied,
        data.GREAT_TRIBE: stand.members,
        data.SETTLERS: s.villages_of(p),
    }[card]
    need = requirement(card).params["n"]
    return msg("rot.progress.count", have=min(have, need), n=need)


def _types_held(s: State, hexes_held: list[int]) -> int:
    """Return how many of lake, forest and mountain distinct held hexes cover (R8)."""
    kinds, wild = set(), 0
    for h in hexes_held:
        if s.special[h] == data.WILD_LAND:
            wild += 1
        else:
            kinds.add(s.terrain[h])
    return min(3, len(kinds) + wild)


def is_ready(s: State, p: int, card: int) -> bool:
    """Return whether player p could complete a goal in progress now, in step 5 (its cost is at
    hand, or its condition holds)."""
    if card < _DEVELOPMENTS:
        return all(s.res[p][r] >= data.DEV_COST[card][r] for r in range(3))
    return goals.condition_met(s, p, card)
