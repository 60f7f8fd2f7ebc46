"""Rise of Tribes (Brooks, 2017): 2-4 players, hex map, dice queues, events, goals, villages.

``GAME`` is the only public entry: it adapts the pure modules to :class:`meeples.core.Game`.
Spec: ``rise_of_tribes.md`` (binding resolutions R1-R14, rules §2, data §3-4, Q1-Q20).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeples.core.errors import BadOptions
from meeples.core.game import Game, Option, Outcome
from meeples.games.rise_of_tribes import data, notation, rules, view
from meeples.games.rise_of_tribes.state import Phase, State


class TileOption(Option):
    """The scenario_tiles option: false, true (all 8, R7), or tile names/ids (list or a,b,c)."""

    __slots__ = ()

    def check(self, name: str, value: Any) -> Any:
        if isinstance(value, bool):
            return value
        if isinstance(value, (str, list, tuple)):
            try:
                rules.tile_codes(value)
            except (ValueError, AttributeError) as exc:
                raise BadOptions(f"option {name!r}: {exc}") from exc
            return list(value) if isinstance(value, tuple) else value
        raise BadOptions(f"option {name!r} takes true, false or a list of tile names")


PHASE_WORDS = {
    Phase.PLACE: "place the starting tribe", Phase.TAKE: "take a free resource",
    Phase.REROLL: "keep the roll or reroll one die (Cunning)",
    Phase.SITE: "choose the hex for the event", Phase.VENT: "choose the volcano slot",
    Phase.LOSE: "choose the hex to lose a member from (Volcano)",
    Phase.SETTLE: "build a village for 1 of each resource, or pass (Abandoned Village)",
    Phase.BID: "raise the bid or pass (Chieftain)", Phase.GIVE: "hand out the winning bid",
    Phase.ACT: "put a die on an action", Phase.LIGHT: "take one resource (Light in the Dark)",
    Phase.GROW: "add members (GROW) or stop", Phase.MOVE: "move members (MOVE) or stop",
    Phase.DISCOVER: "take a resource from Discovery",
    Phase.GATHER: "choose a hex to gather from, or stop",
    Phase.BONUS: "choose the gather bonus", Phase.RECYCLE: "recycle goals or draw (LEAD)",
    Phase.DREAM: "put a drawn goal at the bottom (Dreamtime)",
    Phase.ORDER: "choose the next conflict hex", Phase.EVADE: "evade or stay (Evasion)",
    Phase.BOW: "use the Bow or pass", Phase.GOALS: "complete goals, build villages, or done",
}

VERBS = {
    "start": "place the starting tribe on", "take": "take one", "keep": "keep",
    "reroll": "reroll a die showing", "grow": "GROW with a die showing",
    "move": "MOVE with a die showing", "gather": "GATHER with a die showing",
    "lead": "LEAD with a die showing", "hunt": "hunt the mammoth with a die showing",
    "tame": "tame the mammoth with a die showing", "tiger": "hunt the tiger with a die showing",
    "light": "take one", "add": "add a member to", "find": "take from Discovery one",
    "basket": "Basketry: take one", "trade": "Trader: take as", "recycle": "recycle goal",
    "draw": "draw goals", "bottom": "put at the bottom goal", "fight": "resolve the conflict in",
    "evade": "evade", "stay": "stay", "bow": "shoot with the Bow at player", "pass": "pass",
    "site": "put the event on", "vent": "put the volcano on slot", "lose": "lose a member in",
    "settle": "build an abandoned village in", "bid": "bid", "give": "give player",
    "goal": "complete goal", "village": "build a village in", "buy": "buy the event",
    "altar": "sacrifice at the Altar in", "share": "Shared Knowledge: pay one",
    "pottery": "Pottery: trade", "elder": "elder: pay player", "stop": "stop the action",
    "done": "end the turn",
}


class RiseOfTribesRules:
    """Rise of Tribes' implementation of the core protocol."""

    name = "rise_of_tribes"
    title = "Rise of Tribes"
    min_players = 2
    max_players = 4
    options: Mapping[str, Option] = {
        "events": Option("all16", "Event deck: all 16 events, or the classic 12 (R12)",
                         ("all16", "classic12")),
        "leaders": Option(False, "Advanced: both tribal leader powers of each tribe (§4.6)"),
        "scenario_tiles": TileOption(
            False, "Scenario terrain tiles: true for all 8, or a list of names (R7, §4.7)"),
        "elders": Option(False, "Tribal Elders (R5)"),
    }

    def __init__(self) -> None:
        self._cache: tuple[State | None, list[str]] = (None, [])

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        return rules.initial_state(players, seed, options)

    def to_move(self, state: State) -> int | None:
        return None if state.over else state.decider

    def legal_actions(self, state: State) -> list[str]:
        # One-entry cache by identity: the facade asks again for the state it just listed
        # (legal() then play()); states are immutable, and the entry keeps its state alive.
        cached = self._cache
        if cached[0] is state:
            return list(cached[1])
        legal = rules.legal_actions(state)
        self._cache = (state, legal)
        return list(legal)

    def apply(self, state: State, action: str) -> State:
        return rules.apply(state, action)

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome(state) if state.over else None

    def view(self, state: State, player: int | None) -> dict[str, Any]:
        return view.view(state, player)

    def format_action(self, action: str) -> str:
        return notation.format_action(action)

    def parse_action(self, text: str) -> str:
        return notation.parse_action(text)

    def format_state(self, state: State) -> str:
        return notation.format_state(state)

    def parse_state(self, text: str) -> State:
        return notation.parse_state(text)

    def players(self, state: State) -> int:
        return state.n

    def explain_illegal(self, state: State, action: str) -> str:
        """Return why an action is not legal, in words."""
        if state.over:
            return "the game is over"
        words = action.split(" ")
        p = state.active
        if state.phase == Phase.ACT and words[0] in data.ACTION_NAMES:
            if data.FACE_LETTERS.index(words[1]) not in state.hand:
                return f"you have no die showing {words[1]}"
            if data.ACTION_NAMES.index(words[0]) in state.used:
                return f"you already took {words[0].upper()} this turn (two different actions)"
        if state.phase == Phase.GOALS and words[0] == "goal":
            card = data.GOAL_IDS.index(words[1])
            if card not in state.progress[p]:
                return f"{words[1]} is not one of your goals in progress"
            if card < len(data.DEVELOPMENTS):
                cost = "/".join(map(str, data.DEV_COST[card]))
                return f"{data.GOAL_NAMES[card]} costs {cost} wood/food/stone"
            return f"the condition of {data.GOAL_NAMES[card]} is not met"
        if state.phase == Phase.GOALS and words[0] == "village":
            h = ord(words[1]) - 97
            if h >= len(state.pop) or not state.pop[h][p]:
                return "a village goes on a hex with your members"
            if state.villages[h] >= 0:
                return "that hex already has a village (one per hex)"
            if state.villages_left() <= 0:
                return "no village is left in the supply"
            cost = "/".join(map(str, data.VILLAGE_COST[state.tribe[p]]))
            return f"your village costs {cost} wood/food/stone"
        legal = rules.legal_actions(state)
        hint = ", ".join(legal[:4]) + (", ..." if len(legal) > 4 else "")
        return f"player {state.decider} must {PHASE_WORDS[Phase(state.phase)]} now (e.g. {hint})"

    def describe_action(self, state: State, action: str) -> str:
        """Return a short description in words of a legal action."""
        words = action.split(" ")
        if len(words) == 1 and "-" in action:
            return f"move a member from {action[0]} to {action[2]}"
        if len(words) == 1 and "=" in action:
            got = ", ".join(data.RESOURCE_NAMES[data.RESOURCE_LETTERS.index(c)]
                            for c in action[2:])
            return f"gather {got} from {action[0]}"
        rest = " ".join(words[1:])
        if rest.endswith("!"):
            face = data.FACE_NAMES[data.FACE_LETTERS.index(rest[0])]
            return f"{VERBS[words[0]]} {face}, with Focused Effort (default power)"
        for letter, face in zip(data.FACE_LETTERS, data.FACE_NAMES, strict=True):
            if rest == letter:
                rest = face
        for letter, res in zip(data.RESOURCE_LETTERS, data.RESOURCE_NAMES, strict=True):
            if rest == letter:
                rest = res
        return f"{VERBS.get(words[0], words[0])} {rest}".strip()


RULES = RiseOfTribesRules()
GAME: Game[State, str] = Game(RULES)

__all__ = ["GAME", "RULES"]
