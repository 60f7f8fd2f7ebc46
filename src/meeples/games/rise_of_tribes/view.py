"""What each player may see of a Rise of Tribes game: the whole hidden-information policy.

Everything on the table is public (§2.8: goals in progress lie face up): the map, members,
villages, resources, scores, the action rows, every player's goals in progress and completed,
the event slots and discard pile, and every deck's *size*. Hidden from everyone (players and
spectators alike): the order of every goal deck and of the event deck (hence the next event) and
the generator state. :func:`sample_state` builds a full state consistent with a view for bots.
"""

from __future__ import annotations

from typing import Any

from meeples.core import rng as rngmod
from meeples.games.rise_of_tribes import data, describe, rules
from meeples.games.rise_of_tribes.state import FIELDS, Phase, State

#: The fields no view contains (their sizes are shown instead).
HIDDEN = ("decks", "ev_deck", "rng")
RES = data.RESOURCE_LETTERS


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def view(state: State, player: int | None) -> dict[str, Any]:
    """Return the JSON-ready view of a state for a player (None: a spectator)."""
    s = state
    out = rules.outcome(s)
    coords = data.MAPS[s.n]
    hexes = []
    for h, (q, r) in enumerate(coords):
        hexes.append({
            "name": rules.hex_name(h), "q": q, "r": r,
            "terrain": data.TERRAIN_NAMES[s.terrain[h]],
            "tile": data.TILE_NAMES[s.special[h]] or None,
            "tile_id": data.TILE_IDS[s.special[h]] or None,
            "members": list(s.pop[h]), "village": s.villages[h] if s.villages[h] >= 0 else None,
            "elder": next((p for p in range(s.n) if s.elder_at[p] == h), None),
            "invaders": s.invaders_at(h), "mammoth": s.mammoth == h, "tiger": s.tiger == h,
            "limit": s.limit(h),
        })
    players = []
    for p in range(s.n):
        players.append({
            "seat": p, "tribe": data.TRIBE_NAMES[s.tribe[p]],
            "village_cost": dict(
                zip(data.RESOURCE_NAMES, data.VILLAGE_COST[s.tribe[p]], strict=True)),
            "leader_powers": _powers_in_force(s, p),
            # Option leader_powers="pick" (Q18): the power picked, public; None until then.
            "leader_choice": data.LEADER_POWER_NAMES[chosen]
            if (chosen := s.chosen_power(p)) >= 0 else None,
            "score": s.score[p], "resources": dict(zip(data.RESOURCE_NAMES, s.res[p], strict=True)),
            "supply": s.supply(p), "on_board": s.on_board(p), "villages": s.villages_of(p),
            "in_progress": [data.GOAL_IDS[c] for c in s.progress[p]],
            "completed": [data.GOAL_IDS[c] for c in s.completed[p]],
            "deck_size": len(s.decks[p]),
            "acquired": [data.EVENT_IDS[e] for e in s.acquired[p]],
            "tamed_mammoth": bool(s.tamed[p]),
            "elder": rules.hex_name(s.elder_at[p]) if s.elder_at[p] >= 0 else None,
            # The same by component id, for the catalogues (rot.power, rot.goal...).
            "powers": [data.LEADER_POWER_CODES[power] for power in _power_indices(s, p)],
            "power_choice": data.LEADER_POWER_CODES[chosen] if chosen >= 0 else None,
            "goals": _goals(s, p, mine=p == player),
        })
    return {
        "game": "rise_of_tribes",
        "player": player,
        "players": s.n,
        "to_move": None if out else s.decider,
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
        "event_discard": [data.EVENT_IDS[e] for e in s.ev_discard],
        "outcome": out.to_json() if out else None,
        # The public fields in raw form (for bots' determinization, sample_state).
        "public": {name: _plain(getattr(s, name)) for name, _ in FIELDS if name not in HIDDEN},
        "deck_sizes": [len(d) for d in s.decks],
    }


def _power_indices(s: State, p: int) -> list[int]:
    """Return the leader powers p may use (none while still to pick)."""
    tribe = s.tribe[p]
    return [power for power in (2 * tribe, 2 * tribe + 1) if s.has_power(p, power)]


def _powers_in_force(s: State, p: int) -> list[str]:
    """Return the names of the leader powers p may use (none while still to pick)."""
    return [data.LEADER_POWER_NAMES[power] for power in _power_indices(s, p)]


def _goals(s: State, p: int, mine: bool) -> list[dict[str, Any]]:
    """Return p's goals in progress then completed, with what each asks and rewards; for the
    viewing player's own goals in progress, also how far they are and whether it can be
    completed now (all public facts: goals lie face up, §2.8)."""
    out = []
    developments = len(data.DEVELOPMENTS)
    for card, done in [(c, False) for c in s.progress[p]] + [(c, True) for c in s.completed[p]]:
        dev = card < developments
        entry: dict[str, Any] = {
            "id": data.GOAL_IDS[card], "kind": "development" if dev else "achievement",
            "done": done,
            "vp": data.DEVELOPMENT_VP if dev else data.ACHIEVEMENT_VP[card - developments],
            "requirement": describe.requirement(card).to_json(),
            "progress": None, "ready": None,
        }
        if mine and not done:
            entry["progress"] = describe.progress(s, p, card).to_json()
            entry["ready"] = describe.is_ready(s, p, card)
        out.append(entry)
    return out


def sample_state(view_data: dict[str, Any], seed: int) -> State:
    """Return a full state consistent with a view: hidden deck orders shuffled, a fresh rng.

    Only the view is read: each goal deck holds the cards of the player's full deck that are
    neither in progress nor completed, and the event deck holds the events of the game that are
    in no slot, no discard pile and no player's area.
    """
    pub = view_data["public"]
    values: dict[str, Any] = {}
    for name, depth in FIELDS:
        if name in HIDDEN:
            continue
        raw = pub[name]
        if depth == 1:
            raw = tuple(raw)
        elif depth == 2:
            raw = tuple(tuple(v) for v in raw)
        values[name] = raw
    n = values["n"]
    r = rngmod.seed_state(seed)
    decks = []
    for p in range(n):
        seen = set(values["progress"][p]) | set(values["completed"][p])
        deck, r = rngmod.shuffled(r, [c for c in data.goal_deck(n) if c not in seen])
        decks.append(deck)
    pool = [e for e in range(len(data.EVENTS))
            if not (values["classic"] and e in data.CLASSIC12_DROPPED)]
    gone = set(values["slots"]) | set(values["ev_discard"]) | {
        e for acq in values["acquired"] for e in acq}
    ev_deck, r = rngmod.shuffled(r, [e for e in pool if e not in gone])
    values.update(decks=tuple(decks), ev_deck=ev_deck, rng=r)
    return State(**values)
