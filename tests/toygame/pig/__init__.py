"""Pig (folk dice game, described by John Scarne, 1945): 2-4 players race to a goal with one die.

The proof of the game contract (issue 26, point 7; docs/adding-a-game.md): a fourth game that
lives in this folder only and is served by every client, the bots, the terminal, the browser's
generic board, the learning environments and OpenSpiel, with no edit anywhere else. It is
registered only by the tests that ask for it (``tests/toygame/conftest.py``), through the same
function that registers ours (``meeples.core.registry.register``).

The rules (numbered as in the catalogues' ``"rules"``): on your turn (1) you roll the die as
often as you like (2): a 1 loses the points rolled this turn and ends it, any other face adds to
them; you may hold instead of rolling once you have rolled (3), banking the turn's points. The
first to have the goal banked, or reached by a roll, wins at once (4). A designed safety limit
ends the game after :data:`ROUND_LIMIT` rounds, the highest score winning (5).

Chance is a player (``meeples.core.chance``): after ``roll`` chance decides, its outcomes are
the faces ``1`` to ``6`` with probability 1/6 each, recorded as actions. Nothing is secret: the
state holds no die that has not been rolled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from meeples.core import cow
from meeples.core.capabilities import Capabilities, OpenSpielSpec
from meeples.core.chance import CHANCE
from meeples.core.errors import BadPosition, IllegalAction
from meeples.core.game import Game, Option, Outcome, Rules
from meeples.core.score import ScoreLine, ScoreSheet
from meeples.core.text import Message, msg, player, shown

if TYPE_CHECKING:
    from meeples.env.registry import EnvSpec

#: The goals a game may be played to (rule 4); 100 is Scarne's.
GOALS = (20, 50, 100)
#: The designed safety limit (rule 5): a run of busts could otherwise go on for ever, and
#: OpenSpiel asks for a bound on a game's length.
ROUND_LIMIT = 100
ROLL, HOLD = "roll", "hold"
FACES = ("1", "2", "3", "4", "5", "6")
SIXTH = Fraction(1, 6)


class Pig(NamedTuple):
    """A Pig position: all of it is public."""

    goal: int
    scores: tuple[int, ...]  # each player's banked points, seat 0 first
    turn: int  # the seat whose turn it is
    total: int  # the points rolled this turn, lost on a 1 (rule 2)
    rolling: bool  # the die is in the air: chance decides
    turns: int  # turns ended so far (rule 5)


def reached(state: Pig) -> bool:
    """Return whether a player has the goal (rule 4)."""
    return max(state.scores) >= state.goal


def is_over(state: Pig) -> bool:
    """Return whether the game is over: the goal reached, or the round limit (rule 5)."""
    return reached(state) or state.turns >= ROUND_LIMIT * len(state.scores)


def legal_actions(state: Pig) -> list[str]:
    """Return the legal actions: the faces where chance decides, else roll (and hold once
    something was rolled, rule 3)."""
    if is_over(state):
        return []
    if state.rolling:
        return list(FACES)
    return [ROLL, HOLD] if state.total else [ROLL]


def _next(state: Pig, scores: tuple[int, ...]) -> Pig:
    """Return the state after the turn ends with these scores: the next seat's turn."""
    return Pig(state.goal, scores, (state.turn + 1) % len(scores), 0, False, state.turns + 1)


def apply(state: Pig, action: str) -> Pig:
    """Return the state after a legal action."""
    if action == ROLL:
        return state._replace(rolling=True)
    p = state.turn
    if action == HOLD:  # rule 3
        return _next(state, _banked(state.scores, p, state.total))
    face = int(action)
    if face == 1:  # rule 2: the turn's points are lost
        return _next(state, state.scores)
    total = state.total + face
    if state.scores[p] + total >= state.goal:  # rule 4: reached by a roll, banked at once
        return state._replace(scores=_banked(state.scores, p, total), total=0, rolling=False)
    return state._replace(total=total, rolling=False)


def _banked(scores: tuple[int, ...], p: int, points: int) -> tuple[int, ...]:
    return (*scores[:p], scores[p] + points, *scores[p + 1:])


def outcome(state: Pig) -> Outcome | None:
    """Return how the game ended: the goal reached (rule 4), else the highest score at the
    round limit (rule 5); ties share their place."""
    if not is_over(state):
        return None
    ranking = tuple(
        tuple(p for p, s in enumerate(state.scores) if s == score)
        for score in sorted(set(state.scores), reverse=True)
    )
    winners = ranking[0]
    if reached(state):
        return Outcome(winners, ranking, f"goal of {state.goal} reached",
                       msg("pig.end.goal", winner=player(winners[0]), goal=state.goal))
    if len(winners) > 1:  # ranked by the scores at the limit: a shared win
        return Outcome(winners, ranking, f"{ROUND_LIMIT} rounds played, tied",
                       msg("pig.end.rounds_tie", n=ROUND_LIMIT, score=state.scores[winners[0]]))
    return Outcome(winners, ranking, f"{ROUND_LIMIT} rounds played",
                   msg("pig.end.rounds", n=ROUND_LIMIT, winner=player(winners[0])))


def format_state(state: Pig) -> str:
    """Return the position text: ``goal=100 scores=12,30 turn=1 total=7 die=still turns=14``."""
    die = "rolling" if state.rolling else "still"
    scores = ",".join(map(str, state.scores))
    return (f"goal={state.goal} scores={scores} turn={state.turn} total={state.total} "
            f"die={die} turns={state.turns}")


def parse_state(text: str) -> Pig:
    """Return the state a position text describes.

    Raises:
        BadPosition: the text is not a Pig position, or describes one no game reaches.
    """
    bad = BadPosition(msg("pig.bad.position", text=shown(text)))
    fields = dict(part.partition("=")[::2] for part in text.split(" "))
    if list(fields) != ["goal", "scores", "turn", "total", "die", "turns"]:
        raise bad
    try:
        goal, turn, total, turns = (int(fields[k]) for k in ("goal", "turn", "total", "turns"))
        scores = tuple(int(s) for s in fields["scores"].split(","))
    except ValueError:
        raise bad from None
    state = Pig(goal, scores, turn, total, fields["die"] == "rolling", turns)
    fits = (goal in GOALS and 2 <= len(scores) <= 4 and fields["die"] in ("rolling", "still")
            and 0 <= turn < len(scores) and min(scores) >= 0 and total >= 0
            and 0 <= turns <= ROUND_LIMIT * len(scores) and sum(s >= goal for s in scores) <= 1)
    # Rule 4: a turn ends the game as its points reach the goal, banked at once.
    if not fits or (total or state.rolling) and (is_over(state) or scores[turn] + total >= goal):
        raise bad
    return state


def evaluate(state: Pig, player: int) -> float:
    """Return the share ``player`` may expect: the lead (points at risk counted for the player
    whose turn it is) over the best of the others, as a fraction of the goal, squashed into
    [0, 1]."""
    points = [s + (state.total if p == state.turn else 0) for p, s in enumerate(state.scores)]
    lead = points[player] - max(s for p, s in enumerate(points) if p != player)
    return min(1.0, max(0.0, 0.5 + lead / (2 * state.goal)))


def reason(before: Pig, after: Pig, player: int) -> Message | None:
    """Return why an action is good for a hint: the points it banks, if any."""
    banked = after.scores[player] - before.scores[player]
    return msg("pig.hint.banks", n=banked) if banked > 0 else None


def _actions() -> ModuleType:
    from tests.toygame.pig import actions

    return actions


def _environment() -> EnvSpec:
    """Return Pig's learning environment: its two action ids and its observation vector."""
    from meeples.env.registry import EnvSpec
    from tests.toygame.pig import actions, observer

    return EnvSpec(game="pig", table=actions, planes=observer.FEATURES, shape=observer.SHAPE,
                   from_view=observer.from_view, ids_in_rules_order=True)


#: What Pig offers the tools, all in one place: chance, nothing hidden, its evaluation and
#: reason, its levels, its environment and its OpenSpiel bridge. It declares no terminal
#: renderer and no components: the terminal and the browser draw it with their generic boards.
CAPABILITIES = Capabilities(
    chance=True,
    evaluate=evaluate,
    reason=reason,
    levels={"easy": "heuristic", "normal": "mcts:200it", "hard": "mcts:1000it,2s"},
    environment=_environment,
    # A turn makes at most goal / 2 rolls that do not end it (each adds 2 or more) and one more
    # roll or a hold: goal / 2 + 2 decisions, in ROUND_LIMIT rounds of every player.
    openspiel=OpenSpielSpec(
        table=_actions,
        max_game_length={n: ROUND_LIMIT * n * (max(GOALS) // 2 + 2) for n in (2, 3, 4)},
    ),
    package=__name__,
)


class PigRules(Rules[Pig, str]):
    """Pig's implementation of the core protocol."""

    name = "pig"
    title = "Pig"
    rules_version = 1
    min_players = 2
    max_players = 4
    options: Mapping[str, Option] = {
        "goal": Option(100, "The points to reach to win (rule 4)", GOALS),
    }
    limit_endings = frozenset({"pig.end.rounds", "pig.end.rounds_tie"})
    rule_of = {
        "pig.prompt": "1", "pig.roll": "2", "pig.face": "2", "pig.fx.bust": "2",
        "pig.why.rolling": "2", "pig.why.still": "2", "pig.hold": "3", "pig.fx.banked": "3",
        "pig.why.nothing_to_hold": "3", "pig.hint.banks": "3", "pig.fx.reached": "4",
        "pig.end.goal": "4", "pig.end.rounds": "5", "pig.end.rounds_tie": "5",
    }
    capabilities = CAPABILITIES

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> Pig:
        return Pig(int(options["goal"]), (0,) * players, 0, 0, False, 0)

    def to_move(self, state: Pig) -> int | None:
        if is_over(state):
            return None
        return CHANCE if state.rolling else state.turn

    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    outcome = staticmethod(outcome)

    def chance_outcomes(self, state: Pig) -> Sequence[tuple[str, Fraction]]:
        """Return the faces of the die in the air, 1/6 each (none while it is still)."""
        return [(face, SIXTH) for face in FACES] if state.rolling and not is_over(state) else []

    def view(self, state: Pig, player: int | None) -> dict[str, Any]:
        """Return what anyone sees: everything (nothing in Pig is secret)."""
        return {
            "player": player,
            "players": len(state.scores),
            "goal": state.goal,
            "scores": list(state.scores),
            "turn": state.turn,
            "total": state.total,
            "die": "rolling" if state.rolling else "still",
            "rounds": self.rounds(state),
            "position": format_state(state),
        }

    def format_action(self, action: str) -> str:
        return action

    def parse_action(self, text: str) -> str:
        if text in (ROLL, HOLD, *FACES):
            return text
        raise IllegalAction(msg("core.not_an_action", action=shown(text), game="Pig",
                                hint=msg("pig.notation_hint")))

    format_state = staticmethod(format_state)
    parse_state = staticmethod(parse_state)

    def players(self, state: Pig) -> int:
        return len(state.scores)

    def explain_illegal(self, state: Pig, action: str) -> Message:
        """Return why an action is not legal now."""
        if state.rolling:
            return msg("pig.why.rolling")
        if action in FACES:
            return msg("pig.why.still")
        return msg("pig.why.nothing_to_hold")

    def describe_action(self, state: Pig, action: str) -> Message:
        """Return what a legal action does."""
        if action == ROLL:
            return msg("pig.roll", n=state.total)
        if action == HOLD:
            return msg("pig.hold", n=state.total)
        return msg("pig.face", face=int(action))

    def action_parts(self, action: str) -> dict[str, Any]:
        """Return the parts of an action: roll, hold, or the face the die shows."""
        return {"verb": action} if action in (ROLL, HOLD) else {"verb": "face", "face": int(action)}

    def prompt(self, state: Pig) -> Message:
        """Return what the player whose turn it is must decide."""
        if state.rolling:
            return msg("pig.prompt_die")
        return msg("pig.prompt", player=player(state.turn), n=state.total,
                   score=state.scores[state.turn], goal=state.goal)

    def effects(self, state: Pig, action: str, after: Pig) -> list[Message]:
        """Return the points lost on a 1 (rule 2), banked by a hold (rule 3) or by reaching the
        goal (rule 4)."""
        p = state.turn
        if action == "1":
            return [msg("pig.fx.bust", player=player(p), n=state.total)]
        if action == HOLD:
            return [msg("pig.fx.banked", player=player(p), n=state.total,
                        score=after.scores[p])]
        if action in FACES and reached(after):
            return [msg("pig.fx.reached", player=player(p), score=after.scores[p])]
        return []

    def rounds(self, state: Pig) -> int:
        """Return the rounds begun (rule 5)."""
        return min(state.turns // len(state.scores) + 1, ROUND_LIMIT)

    def score_sheet(self, state: Pig) -> ScoreSheet:
        """Return each player's banked points (the points at risk are not counted)."""
        return ScoreSheet(lines=(ScoreLine(msg("pig.sheet.banked"), state.scores),),
                          total=msg("pig.sheet.total"), totals=state.scores, target=state.goal)


RULES = PigRules()
GAME: Game[Pig, str] = Game(RULES)
# The checked copy-on-write mode (the conformance suite) refuses a state holding a mutable part.
cow.register(RULES, lambda state: cow.check_frozen(state, "a Pig state"))

__all__ = ["GAME", "RULES", "Pig"]
