"""What a Rise of Tribes goal card asks and how far a player is from it, as messages (the views
show them beside each goal in progress, ``view.py``): a development's cost, an achievement's
condition (§4.4), what the player has of it now.
"""

from __future__ import annotations

from meeples.core.text import Message, msg
from meeples.games.rise_of_tribes import data, rules  # noqa: F401 - rules first (import cycle)

# isort: split
from meeples.games.rise_of_tribes import goals
from meeples.games.rise_of_tribes.describe import amounts
from meeples.games.rise_of_tribes.state import State

_DEVELOPMENTS = len(data.DEVELOPMENTS)

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
