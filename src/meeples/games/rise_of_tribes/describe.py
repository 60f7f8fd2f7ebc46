"""Rise of Tribes in words, as messages (:mod:`meeples.core.text`): ``describe_action`` for a
legal action, ``prompt`` for the decision at hand, and ``anytime_skip``; why an action is
refused is ``refusals.py``, what a goal asks and how far a player is from it
``requirements.py``, what an action caused ``effects.py``.

This is the one place of action wording logic: it reads an action through its typed action
(``grammar``) and its parts (``notation.action_parts``), never by slicing its text, and names
components by reference (``Ref("rot.goal", "D1")``...), so each client words them in its
language from the catalogues ``text/{en,fr,es}.json``. Action messages read both as a button
label and after a player's name in the log ("Alice — gather 2 wood from hex c"): no "you" in
them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from meeples.core.text import Message, Ref, msg, player
from meeples.games.rise_of_tribes import data, rules

# isort: split
# rules first: it imports the step modules in the order their cycle needs.
from meeples.games.rise_of_tribes import actions, goals, grammar
from meeples.games.rise_of_tribes.grammar import (
    Add,
    Altar,
    Basket,
    Bid,
    Bottom,
    Bow,
    Buy,
    Cards,
    Draw,
    Elder,
    Evade,
    Event,
    Fight,
    Find,
    First,
    Gather,
    Give,
    Goal,
    Hunt,
    Keep,
    Light,
    Lose,
    Move,
    Pass,
    Place,
    Pottery,
    Power,
    Recycle,
    Reroll,
    Roll,
    Settle,
    Share,
    Site,
    Start,
    Stay,
    Stop,
    Take,
    Tame,
    Terrain,
    Tiger,
    Tile,
    Trade,
    Tribe,
    Vent,
    Village,
    text,
)
from meeples.games.rise_of_tribes.notation import action_parts
from meeples.games.rise_of_tribes.state import Phase, State

RES = data.RESOURCE_LETTERS
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
        return msg("rot.step.order", hexes=listing([conflict_hex(s, h) for h in s.queue]))
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
        return _KEEP
    if phase == Phase.EVADE:
        return _STAY
    if phase == Phase.BOW:
        return _PASS
    if phase == Phase.BONUS and s.queue and s.queue[0] == 2:
        return _KEEP
    return None


_KEEP, _STAY, _PASS = text(Keep()), text(Stay()), text(Pass())


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
    typed = grammar.action(action)
    describe = _DESCRIBE.get(type(typed))
    if describe is not None:
        return describe(s, typed, parts)
    return msg(f"rot.act.{parts['verb']}")


def _power(s: State, a: Any, p: dict[str, Any]) -> Message:
    return msg("rot.act.power", power=power(p["power"]))


def _start(s: State, a: Any, p: dict[str, Any]) -> Message:
    members = data.START_SEATS[s.pend[0]][0] if s.phase == Phase.PLACE else 3
    if p["second"] is None:
        return msg("rot.act.start", hex=p["hex"], n=members)
    return msg("rot.act.start_split", hex=p["hex"], second=p["second"], n=members - 1)


def _keep(s: State, a: Any, p: dict[str, Any]) -> Message:
    if s.phase == Phase.REROLL:
        return msg("rot.act.keep_roll")
    return msg("rot.act.keep_gather", power=power(data.TRADER))


def _place(s: State, a: Any, p: dict[str, Any]) -> Message:
    placed = msg("rot.act.place", action=action_ref(p["row"]), face=face(p["face"]))
    power_read = actions.read_power((a.face, *s.rows[a.row][:2]))
    effect = power_effect(s, a)
    if p["focus"]:
        return msg("rot.act.focus", first=placed, power=power(data.FOCUSED_EFFORT),
                   effect=effect)
    return msg("rot.and_power", first=placed, level=msg(f"rot.level.{power_read}"),
               effect=effect)


def power_effect(s: State, action: Place) -> Message:
    """Return what placing a die lets the player do: the action's size with every development,
    leader power and event that adds to it (§4.1, §4.4, §4.6, §3.6), read off the state the
    placement leads to, so that no count of the rules is written here a second time."""
    after = rules.apply(s, text(action))
    if after.phase == Phase.LIGHT:  # Light in the Dark: a free resource, then the action
        after = rules.apply(after, text(Light(data.WOOD)))
    p, row = s.active, action.row
    if row == data.GROW and after.phase == Phase.GROW:
        return msg("rot.power.grow", n=min(after.left, after.supply(p)))
    if row == data.MOVE and after.phase == Phase.MOVE:
        if after.power > 1:  # Oxen, Wayfarers
            return msg("rot.power.move_far", n=after.left, distance=after.power)
        return msg("rot.power.move", n=after.left)
    if row == data.GATHER and after.phase == Phase.GATHER:
        return msg("rot.power.gather", n=after.left, each=msg("rot.power.each", n=after.power))
    if row == data.LEAD:
        if after.phase == Phase.RECYCLE:
            drawn = after.left
        elif after.phase == Phase.CARD:
            drawn = after.to_draw
        else:  # the deck held no more than that: drawn at once
            drawn = len(after.progress[p]) - len(s.progress[p])
        if drawn:
            return msg("rot.power.lead", n=drawn)
    return msg("rot.power.idle")


def _spend(s: State, a: Any, p: dict[str, Any]) -> Message:
    """Return a die spent on the Mammoth or the Sabertooth Tiger, with what it brings (§4.5)."""
    ev, die = event(p["event"]), face(p["face"])
    if isinstance(a, Hunt):
        return msg("rot.act.hunt", event=ev, face=die, food=amount("f", data.MAMMOTH_HUNT[0]),
                   n=data.MAMMOTH_HUNT[1])
    if isinstance(a, Tame):
        return msg("rot.act.tame", event=ev, face=die, cost=amount("f", data.MAMMOTH_TAME[0]),
                   n=data.MAMMOTH_TAME[1])
    return msg("rot.act.tiger", event=ev, face=die, n=data.SABERTOOTH_VP)


def conflict_hex(s: State, h: int) -> Message:
    """Return a conflict hex with why it is one (§2.7): its members over its population limit,
    and whose they are when one tribe, or the invaders, hold it alone (R4, Q7)."""
    name, count, cap = rules.hex_name(h), s.total(h), s.limit(h)
    tribes = [q for q in range(s.n) if s.pop[h][q]]
    if not s.invaders_at(h) and len(tribes) == 1:
        return msg("rot.step.conflict_alone", hex=name, count=count, limit=cap,
                   owner=player(tribes[0]))
    if not tribes:
        return msg("rot.step.conflict_invaders", hex=name, count=count, limit=cap)
    return msg("rot.step.conflict_hex", hex=name, count=count, limit=cap)


def _stop(s: State, a: Any, p: dict[str, Any]) -> Message:
    name = {Phase.GROW: "grow", Phase.MOVE: "move", Phase.GATHER: "gather"}.get(Phase(s.phase))
    return msg("rot.act.stop", action=action_ref(name)) if name else msg("rot.act.stop_any")


def _draw(s: State, a: Any, p: dict[str, Any]) -> Message:
    deck = len(s.decks[s.active]) + len(s.bottoms[s.active])
    n = min(s.left + (s.pend[0] if s.pend else 0), deck)
    return msg("rot.act.draw", n=n)


def _roll(s: State, a: Any, p: dict[str, Any]) -> Message:
    return msg("rot.act.roll", player=player(s.active), face=face(p["face"]))


def _cards(s: State, a: Any, p: dict[str, Any]) -> Message:
    return msg("rot.act.cards", player=player(s.active),
               goals=listing([goal(g) for g in p["goals"]]))


def _tribe(s: State, a: Any, p: dict[str, Any]) -> Message:
    seat = s.tribe.index(-1) if -1 in s.tribe else 0
    return msg("rot.act.tribe", player=player(seat), tribe=Ref("rot.tribe", p["tribe"]))


def _terrain(s: State, a: Any, p: dict[str, Any]) -> Message:
    h = s.terrain.index(-1) if -1 in s.terrain else 0
    return msg("rot.act.terrain", hex=rules.hex_name(h), terrain=Ref("rot.terrain", p["terrain"]))


def _bow(s: State, a: Any, p: dict[str, Any]) -> Message:
    if p["invader"]:
        return msg("rot.act.bow_invader", goal=goal(data.BOW))
    return msg("rot.act.bow", goal=goal(data.BOW), player=player(p["seat"]))


def _pass(s: State, a: Any, p: dict[str, Any]) -> Message:
    if s.phase == Phase.SETTLE:
        return msg("rot.act.pass_settle", event=event(data.ABANDONED))
    if s.phase == Phase.BID:
        return msg("rot.act.pass_bid", event=event(data.CHIEFTAIN))
    if s.phase == Phase.BOW:
        return msg("rot.act.pass_bow", goal=goal(data.BOW))
    return msg("rot.act.pass")


def _site(s: State, a: Any, p: dict[str, Any]) -> Message:
    ev = s.pend[0] if s.phase == Phase.SITE else data.INVADERS
    h = a.hex
    tribes = [player(q) for q in range(s.n) if s.pop[h][q]]
    if ev == data.SABERTOOTH and tribes:  # §3.6: every tribe there loses a member
        return msg("rot.act.site_tiger", event=event(ev), hex=p["hex"], n=len(tribes),
                   losers=listing(tribes))
    return msg("rot.act.site", event=event(ev), hex=p["hex"])


def _vent(s: State, a: Any, p: dict[str, Any]) -> Message:
    near = data.VOLCANO_ADJACENT[s.n][p["slot"]]
    return msg("rot.act.vent", hexes=hexes([rules.hex_name(h) for h in near]))


def _goal(s: State, a: Any, p: dict[str, Any]) -> Message:
    card = a.goal
    if card < _DEVELOPMENTS:
        return msg("rot.act.goal_dev", goal=goal(card), cost=amounts(data.DEV_COST[card]),
                   n=data.DEVELOPMENT_VP)
    return msg("rot.act.goal_ach", goal=goal(card),
               n=data.ACHIEVEMENT_VP[card - _DEVELOPMENTS])


def _village(s: State, a: Any, p: dict[str, Any]) -> Message:
    cost = list(goals.village_cost(s, s.active))
    if a.discount is not None:  # Crafty Builders
        cost[a.discount] -= 1
    text = msg("rot.act.village", hex=p["hex"], cost=amounts(cost))
    if p["discount"]:
        text = msg("rot.and_discount", first=text, amount=amount(p["discount"]),
                   power=power(data.CRAFTY_BUILDERS))
    if p["elder"]:
        text = msg("rot.and_elder", first=text)
    return text


def _buy(s: State, a: Any, p: dict[str, Any]) -> Message:
    ev = a.event
    slot = s.slot_of(ev)
    kind = data.ACQUIRE[ev]
    tokens = s.tokens[slot][kind] if slot >= 0 else 0
    return msg("rot.act.buy", event=event(ev), cost=amount(RES[kind], data.ACQUIRE_BASE - tokens))


def _give(s: State, a: Any, p: dict[str, Any]) -> Message:
    return msg("rot.act.give", amount=amount(p["resource"]), player=player(p["seat"]))


def _elder(s: State, a: Any, p: dict[str, Any]) -> Message:
    return msg("rot.act.elder", amount=amount(p["resource"]), player=player(p["seat"]),
               goal=goal(p["goal"]))


#: What each typed action's message says, by its class (a class left out is "rot.act.<verb>").
_DESCRIBE: dict[type, Callable[[State, Any, dict[str, Any]], Message]] = {
    Power: _power,
    Start: _start,
    Take: lambda s, a, p: msg("rot.act.take", amount=amount(p["resource"])),
    Keep: _keep,
    Reroll: lambda s, a, p: msg("rot.act.reroll", face=face(p["face"]),
                                power=power(data.CUNNING)),
    Place: _place,
    Hunt: _spend,
    Tame: _spend,
    Tiger: _spend,
    Light: lambda s, a, p: msg("rot.act.light", amount=amount(p["resource"]),
                               power=power(data.LIGHT_IN_THE_DARK)),
    Add: lambda s, a, p: msg("rot.act.add", hex=p["hex"]),
    Move: lambda s, a, p: msg("rot.act.move", src=p["from"], dest=p["to"]),
    Find: lambda s, a, p: msg("rot.act.find", amount=amount(p["resource"]),
                              event=event(data.DISCOVERY)),
    Gather: lambda s, a, p: msg("rot.act.gather", amounts=letters(p["resources"]),
                                hex=p["hex"]),
    Basket: lambda s, a, p: msg("rot.act.basket", amount=amount(p["resource"]),
                                goal=goal(data.BASKETRY)),
    Trade: lambda s, a, p: msg("rot.act.trade", give=amount(p["give"]),
                               take=amount(p["take"]), power=power(data.TRADER)),
    Recycle: lambda s, a, p: msg("rot.act.recycle", goal=goal(p["goal"])),
    Draw: _draw,
    Bottom: lambda s, a, p: msg("rot.act.bottom", goal=goal(p["goal"]),
                                power=power(data.DREAMTIME)),
    Fight: lambda s, a, p: msg("rot.act.fight", where=conflict_hex(s, a.hex)),
    Evade: lambda s, a, p: msg("rot.act.evade", src=p["from"], dest=p["to"],
                               power=power(data.EVASION)),
    Bow: _bow,
    Pass: _pass,
    Site: _site,
    Vent: _vent,
    Lose: lambda s, a, p: msg("rot.act.lose", hex=p["hex"], event=event(data.VOLCANO)),
    Settle: lambda s, a, p: msg("rot.act.settle", hex=p["hex"],
                                cost=amounts(data.ABANDONED_COST), event=event(data.ABANDONED)),
    Bid: lambda s, a, p: msg("rot.act.bid", n=p["amount"]),
    Give: _give,
    Goal: _goal,
    Village: _village,
    Buy: _buy,
    Altar: lambda s, a, p: msg("rot.act.altar", hex=p["hex"], cost=letters(p["pay"]),
                               event=event(data.ALTAR)),
    Share: lambda s, a, p: msg("rot.act.share", amount=amount(p["resource"]),
                               event=event(data.SHARED)),
    Pottery: lambda s, a, p: msg("rot.act.pottery", give=amount(p["give"], 2),
                                 take=amount(p["take"]), goal=goal(data.POTTERY)),
    Elder: _elder,
    Stop: _stop,
    # chance outcomes
    Terrain: _terrain,
    Tile: lambda s, a, p: msg("rot.act.tile", tile=Ref("rot.tile", p["tile"]), hex=p["hex"]),
    Tribe: _tribe,
    First: lambda s, a, p: msg("rot.act.first", player=player(p["seat"])),
    Roll: _roll,
    Cards: _cards,
    Event: lambda s, a, p: msg("rot.act.event", event=event(p["event"])),
}
