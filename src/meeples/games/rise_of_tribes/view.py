"""What each player sees of a Rise of Tribes game: everything, since nothing is secret.

Everything on the table is public (§2.8: goals in progress lie face up): the map, members,
villages, resources, scores, the action rows, every player's goals in progress and completed,
the event slots and discard pile. The order of the decks is not hidden, it is not decided: a
deck is the multiset of its unseen cards (shown with their counts) plus the cards known to lie
under them, in order (recycled, or put back by Dreamtime); the next card is drawn at a chance
node. So every view is the whole state, and carries its position text.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from meeples.core.chance import CHANCE
from meeples.games.rise_of_tribes import data, notation, requirements, rules
from meeples.games.rise_of_tribes.state import Phase, State

RES = data.RESOURCE_LETTERS


def _counts(cards: tuple[int, ...], ids: tuple[str, ...]) -> dict[str, int]:
    """Return a multiset of cards as {id: count}, in id order of the data."""
    counted = Counter(cards)
    return {ids[c]: counted[c] for c in sorted(counted)}


def view(state: State, player: int | None) -> dict[str, Any]:
    """Return the JSON-ready view of a state for a player (None: a spectator)."""
    s = state
    out = rules.outcome(s)
    coords = data.MAPS[s.n]
    hexes = []
    for h, (q, r) in enumerate(coords):
        hexes.append({
            "name": rules.hex_name(h), "q": q, "r": r,
            # None while the layout is being dealt (setup chance nodes)
            "terrain": data.TERRAIN_NAMES[s.terrain[h]] if s.terrain[h] >= 0 else None,
            "tile": data.TILE_NAMES[s.special[h]] or None,
            "tile_id": data.TILE_IDS[s.special[h]] or None,
            "members": list(s.pop[h]), "village": s.villages[h] if s.villages[h] >= 0 else None,
            "elder": next((p for p in range(s.n) if s.elder_at[p] == h), None),
            "invaders": s.invaders_at(h), "mammoth": s.mammoth == h, "tiger": s.tiger == h,
            "limit": s.limit(h),
        })
    players = []
    for p in range(s.n):
        dealt = s.tribe[p] >= 0  # no tribe yet while the setup is dealt
        players.append({
            "seat": p, "tribe": data.TRIBE_NAMES[s.tribe[p]] if dealt else None,
            "village_cost": dict(
                zip(data.RESOURCE_NAMES, data.VILLAGE_COST[s.tribe[p]], strict=True))
            if dealt else None,
            "leader_powers": _powers_in_force(s, p),
            # Option leader_powers="pick" (Q18): the power picked, public; None until then.
            "leader_choice": data.LEADER_POWER_NAMES[chosen]
            if (chosen := s.chosen_power(p)) >= 0 else None,
            "score": s.score[p], "resources": dict(zip(data.RESOURCE_NAMES, s.res[p], strict=True)),
            "supply": s.supply(p), "on_board": s.on_board(p), "villages": s.villages_of(p),
            "in_progress": [data.GOAL_IDS[c] for c in s.progress[p]],
            "completed": [data.GOAL_IDS[c] for c in s.completed[p]],
            "deck_size": len(s.decks[p]) + len(s.bottoms[p]),
            # The goal deck: unseen cards with their counts (drawn in no known order), then
            # the cards known to lie under them, the next to come first.
            "deck_unseen": _counts(s.decks[p], data.GOAL_IDS),
            "deck_bottom": [data.GOAL_IDS[c] for c in s.bottoms[p]],
            "acquired": [data.EVENT_IDS[e] for e in s.acquired[p]],
            "tamed_mammoth": bool(s.tamed[p]),
            "elder": rules.hex_name(s.elder_at[p]) if s.elder_at[p] >= 0 else None,
            # The same by component id, for the catalogues (rot.power, rot.goal...).
            "powers": [data.LEADER_POWER_CODES[power] for power in _power_indices(s, p)],
            "power_choice": data.LEADER_POWER_CODES[chosen] if chosen >= 0 else None,
            "goals": _goals(s, p),
        })
    chance = rules.is_chance(s)
    return {
        "game": "rise_of_tribes",
        "player": player,
        "players": s.n,
        "to_move": None if out else (CHANCE if chance else s.decider),
        "chance": chance,
        "active": s.active,
        "phase": Phase(s.phase).name.lower(),
        "leader_mode": ("off", "both", "pick")[min(s.leaders, 2)],
        "round": s.rnd + 1,
        "hexes": hexes,
        "volcano": list(data.VOLCANO_SLOTS[s.n][s.volcano]) if s.volcano >= 0 else None,
        # Where the volcano may go on this map (``vent 3``: slot 3), axial coordinates.
        "volcano_slots": [list(c) for c in data.VOLCANO_SLOTS[s.n]],
        "rows": {data.ACTION_NAMES[a]: [data.FACE_NAMES[f] for f in s.rows[a]] for a in range(4)},
        "hand": [data.FACE_NAMES[f] for f in s.hand],
        "table": [{**pl} for pl in players],
        "events": [
            {"slot": i, "event": data.EVENT_NAMES[e] if e >= 0 else None,
             "id": data.EVENT_IDS[e] if e >= 0 else None,
             "tokens": dict(zip(data.RESOURCE_NAMES, s.tokens[i], strict=True))}
            for i, e in enumerate(s.slots)
        ],
        "event_deck_size": len(s.ev_deck),
        "event_deck": _counts(s.ev_deck, data.EVENT_IDS),
        "event_discard": [data.EVENT_IDS[e] for e in s.ev_discard],
        "outcome": out.to_json() if out else None,
        "deck_sizes": [len(d) + len(b) for d, b in zip(s.decks, s.bottoms, strict=True)],
        # The whole state (public): what bots search from.
        "position": notation.format_state(s),
    }


def _power_indices(s: State, p: int) -> list[int]:
    """Return the leader powers p may use (none while still to pick)."""
    tribe = s.tribe[p]
    if tribe < 0:
        return []
    return [power for power in (2 * tribe, 2 * tribe + 1) if s.has_power(p, power)]


def _powers_in_force(s: State, p: int) -> list[str]:
    """Return the names of the leader powers p may use (none while still to pick)."""
    return [data.LEADER_POWER_NAMES[power] for power in _power_indices(s, p)]


def _goals(s: State, p: int) -> list[dict[str, Any]]:
    """Return p's goals in progress then completed, with what each asks and rewards, and for
    those in progress how far they are and whether they can be completed now: public facts
    (goals lie face up, §2.8), in every view alike, since a view is the whole state."""
    out = []
    developments = len(data.DEVELOPMENTS)
    for card, done in [(c, False) for c in s.progress[p]] + [(c, True) for c in s.completed[p]]:
        dev = card < developments
        entry: dict[str, Any] = {
            "id": data.GOAL_IDS[card], "kind": "development" if dev else "achievement",
            "done": done,
            "vp": data.DEVELOPMENT_VP if dev else data.ACHIEVEMENT_VP[card - developments],
            "requirement": requirements.requirement(card).to_json(),
            "progress": None, "ready": None,
        }
        if not done:
            entry["progress"] = requirements.progress(s, p, card).to_json()
            entry["ready"] = requirements.is_ready(s, p, card)
        out.append(entry)
    return out
