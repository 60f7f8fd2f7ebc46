"""Sparta (Holtkamp, 2011): two players, warriors and heroes, cities, line captures.

``GAME`` is the only public entry: it adapts the pure modules to :class:`meeples.core.Game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from meeples.core import cow
from meeples.core.capabilities import Capabilities, OpenSpielSpec, PolicyFeatures
from meeples.core.game import Game, Option, Outcome, Rules
from meeples.core.score import ScoreLine, ScoreSheet
from meeples.core.text import Message, msg
from meeples.games.sparta import effects, evaluate, notation, reasons, rules, setup, view
from meeples.games.sparta.rules import side
from meeples.games.sparta.state import IS_HERO, NO_CITY, OWNER, PASS, Action, State

if TYPE_CHECKING:
    from meeples.env.registry import EnvSpec


def lands_on_a_city(state: State, action: Action) -> int:
    """Return alpha-beta's ordering bonus of a move: 1 when it lands on a city (a conquest or a
    promotion may follow, rules 3.1 and 3.2), else 0."""
    target = action[1]
    return 1 if target >= 0 and state.cities[target] != NO_CITY else 0


def _environment() -> EnvSpec:
    """Return Sparta's learning environment: its fixed action table and twelve 10x10 planes."""
    from meeples.env import sparta as observer
    from meeples.env import sparta_image
    from meeples.env.registry import EnvSpec
    from meeples.games.sparta import actions

    return EnvSpec(
        game="sparta",
        table=actions,
        planes=observer.PLANES,
        shape=observer.SHAPE,
        from_view=observer.from_view,
        from_state=observer.from_state,
        ids_in_rules_order=True,
        relative=actions.seat_relative,
        drawing=sparta_image.DRAWING,
        batch=_batch,
        fast=_fast,
    )


def _batch() -> ModuleType:
    from meeples.games.sparta import batch  # NumPy (and Numba, with the fast extra)

    return batch


def _fast() -> type:
    from meeples.env.sparta_batch import SpartaFast

    return SpartaFast


def _action_table() -> ModuleType:
    from meeples.games.sparta import actions

    return actions


def _terminal() -> ModuleType:
    from meeples.terminal import sparta as renderer

    return renderer


def _bots() -> Mapping[str, Any]:
    """Sparta's own bot: MCTS valuing its leaves by random playouts on the batch engine,
    many at a time (``playouts:1s,p64``, with the ``fast`` extra)."""
    from meeples.ai.sparta_playouts import BatchRolloutMCTSBot

    return {"playouts": BatchRolloutMCTSBot}


def _policy_features() -> Mapping[str, PolicyFeatures]:
    from meeples.games.sparta.policy import FEATURE_SETS  # NumPy: only for trained policies

    return FEATURE_SETS


#: What Sparta offers the tools: nothing hidden, no chance; its evaluation and reasons, the
#: city bonus of alpha-beta's move ordering, its levels, its environment and OpenSpiel bridge.
CAPABILITIES = Capabilities(
    evaluate=evaluate.evaluate,
    reason=reasons.reason,
    move_priority=lands_on_a_city,
    levels={
        "easy": "mcts:150",
        "normal": "alphabeta:d2,2s",
        # Capped below the promised 5 seconds a move: the search stops on its clock, but
        # building the search state, a garbage collection of a big table and a busy machine
        # come on top (worst move measured under load 11-16: 5.6 s with a 3 s cap;
        # docs/strength.md).
        "hard": "alphabeta:d4,2.5s",
    },
    environment=_environment,
    # No designed cap on the plies (200 quiet plies end it, but captures, promotions and
    # conquests start the count again): 20,000 is far above the longest game measured (1,535
    # plies in 40 random games, which play the longest games), and OpenSpiel's random
    # simulation test checks it in every game it plays.
    openspiel=OpenSpielSpec(table=_action_table, max_game_length={2: 20_000}),
    # A fixed board, two players, no chance, moves as from-to: OpenSpiel's C++ Breakthrough on
    # 10x10 is the anchor of its speed (issue 30: the batch engine at 1.5x its random play).
    bench_anchors=(
        ("legal_actions_per_s", "breakthrough10_legal_actions_per_s", "higher"),
        ("batch_env_steps_per_s", "breakthrough10_random_play_actions_per_s", "higher"),
        ("mcts_move_seconds", "breakthrough8_mcts_move_seconds", "lower"),
    ),
    terminal=_terminal,
    bots=_bots,
    policy_features=_policy_features,
    board="sparta",
    package=__name__,
)


class SpartaRules(Rules[State, Action]):
    """Sparta's implementation of the core protocol."""

    name = "sparta"
    title = "Sparta"
    # The rules this engine plays (core.game.Rules): bumped by any change that could make a
    # recorded match replay differently, so that no record replays under rules it was not
    # played under (docs/notation.md, "Rules versions").
    rules_version = 1
    min_players = 2
    max_players = 2
    options: Mapping[str, Option] = {
        "heroes_conquer": Option(
            True,
            "Heroes conquer enemy cities too (off: only warriors conquer, as in the English text)",
        ),
        "first": Option(setup.FIRST_PLAYER, "Who moves first: 0 South, 1 North", (0, 1)),
    }
    limit_endings = frozenset({"sp.end.quiet"})
    capabilities = CAPABILITIES
    #: Which numbered rule of the catalogues (``"rules"``) each message comes from.
    rule_of = {
        "sp.prompt": "2", "sp.move_": "2", "sp.pass": "5", "sp.promote": "3.1",
        "sp.becomes_hero": "3.1", "sp.conquers": "3.2", "sp.defeats_": "4",
        "sp.why.pass": "5", "sp.why.empty": "2", "sp.why.not_yours": "2", "sp.why.occupied": "2",
        "sp.why.too_far": "2", "sp.why.no_path": "2", "sp.why.already_hero": "3.1",
        "sp.why.not_your_city": "3.1", "sp.why.no_reserve": "3.1",
        "sp.fx.promoted": "3.1", "sp.fx.conquered": "3.2", "sp.fx.captured": "4",
        "sp.end.all_cities": "6.1", "sp.end.one_piece": "6.2", "sp.end.two_pieces": "6.3",
        "sp.end.more_cities": "6.3", "sp.end.cities_draw": "6.3", "sp.end.passes": "6.4",
        "sp.end.repetition": "6.4", "sp.end.quiet": "6.4",
        "sp.hint.conquers": "3.2", "sp.hint.captures": "4", "sp.hint.promotes": "3.1",
        "sp.hint.threatens": "3.2", "sp.hint.guards": "3.2",
    }

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        return rules.initial_state(players, seed, options)

    def to_move(self, state: State) -> int | None:
        return None if state.outcome is not None else state.to_move

    # The rules' own functions, not wrappers around them: bots and the bench call these
    # millions of times, and a wrapper's extra call costs a tenth of a legal-action list.
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def view(self, state: State, player: int | None) -> dict[str, Any]:
        return view.view(state, player)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_state(self, state: State) -> str:
        return notation.format_state(state)

    def parse_state(self, text: str) -> State:
        return notation.parse_state(text)

    def players(self, state: State) -> int:
        return 2

    def explain_illegal(self, state: State, action: Action) -> Message:
        """Return why an action is not legal."""
        sq = notation.square_name
        if action == PASS:
            return msg("sp.why.pass")
        origin, target = action
        piece = state.board[origin]
        if not piece:
            return msg("sp.why.empty", square=sq(origin))
        if OWNER[piece] != state.to_move:
            return msg(
                "sp.why.not_yours", square=sq(origin), owner=side(OWNER[piece]),
                mover=side(state.to_move),
            )
        if origin == target:
            if IS_HERO[piece]:
                return msg("sp.why.already_hero", square=sq(origin))
            if state.cities[origin] != state.to_move:
                return msg("sp.why.not_your_city", square=sq(origin))
            return msg("sp.why.no_reserve")
        steps = rules.STEPS[piece]
        if state.board[target]:
            return msg("sp.why.occupied", square=sq(target))
        (r1, f1), (r2, f2) = divmod(origin, 10), divmod(target, 10)
        kind = "hero" if IS_HERO[piece] else "warrior"
        if max(abs(r1 - r2), abs(f1 - f2)) > steps:
            return msg(f"sp.why.too_far_{kind}", n=steps)
        return msg("sp.why.no_path", src=sq(origin), dest=sq(target), n=steps)

    def describe_action(self, state: State, action: Action) -> Message:
        """Return the message that describes a legal action and its consequences.

        The consequences are read off the board without playing the action (what ``apply``
        decides, in the same order: a promotion on arrival, else a conquest, then the pieces
        enclosed on the lines through the landing square). A full ``apply`` per legal action
        made describing the ~130 moves of a middle game cost 3.2 ms, three quarters of the
        server's time per move; ``tests/games/sparta/test_describe.py`` checks these words
        against the ones found by playing each action.
        """
        sq = notation.square_name
        if action == PASS:
            return msg("sp.pass")
        origin, target = action
        if origin == target:
            return msg("sp.promote", square=sq(origin))
        board = state.board
        piece = board[origin]
        player = state.to_move
        hero = IS_HERO[piece]
        move = msg("sp.move_hero" if hero else "sp.move_warrior", src=sq(origin), dest=sq(target))
        owner = state.cities[target]
        if owner == player and not hero and state.reserves[player] > 0:
            move = msg("sp.and", first=move, then=msg("sp.becomes_hero"))
        elif owner != NO_CITY and owner != player and (state.heroes_conquer or not hero):
            move = msg("sp.and", first=move, then=msg("sp.conquers"))
        landed = list(board)
        landed[origin] = 0
        landed[target] = piece
        lost = rules.captured_by(landed, target)
        if lost:
            own = sum(1 for s in lost if OWNER[landed[s]] == player)
            if len(lost) - own:
                move = msg("sp.and", first=move, then=msg("sp.defeats_enemy", n=len(lost) - own))
            if own:
                move = msg("sp.and", first=move, then=msg("sp.defeats_own", n=own))
        return move

    def effects(self, state: State, action: Action, after: State) -> list[Message]:
        """Return the promotion, conquest and captures of a legal action."""
        return effects.effects(state, action, after)

    def action_parts(self, action: Action) -> dict[str, Any]:
        """Return the parts of an action: pass, promote (square) or move (from, to)."""
        if action == PASS:
            return {"verb": "pass"}
        origin, target = action
        if origin == target:
            return {"verb": "promote", "square": notation.square_name(origin)}
        return {
            "verb": "move",
            "from": notation.square_name(origin),
            "to": notation.square_name(target),
        }

    def prompt(self, state: State) -> Message:
        """Return what the side to move must decide."""
        return msg("sp.prompt", player=side(state.to_move))

    def anytime_skip(self, state: State) -> Action | None:
        """Sparta has no decision "at any time"."""
        return None

    def reveals(self, state: State, action: Action) -> bool:
        """Sparta has neither chance nor hidden information: nothing is ever revealed."""
        return False

    def rounds(self, state: State) -> None:
        """Sparta keeps no round count (only the plies without progress)."""
        return None

    def score_sheet(self, state: State) -> ScoreSheet:
        """Return what decides a Sparta game, side by side: no points, but the cities held
        (end rules 1 and 3) and the pieces left and lost (end rules 2 and 3).

        A side starts with ``setup.WARRIORS`` pieces and a promotion swaps one for one, so
        the pieces lost are the starting ones less those on the board (captured by either
        side: a move may defeat its own pieces).
        """
        warriors, heroes = [0, 0], [0, 0]
        for piece in state.board:
            if OWNER[piece] >= 0:
                (heroes if IS_HERO[piece] else warriors)[OWNER[piece]] += 1
        cities = tuple(sum(1 for owner in state.cities if owner == p) for p in (0, 1))
        lost = tuple(max(0, setup.WARRIORS - warriors[p] - heroes[p]) for p in (0, 1))
        return ScoreSheet(
            lines=(
                ScoreLine(msg("sp.sheet.cities"), cities, counted=False),
                ScoreLine(msg("sp.sheet.warriors"), tuple(warriors), counted=False),
                ScoreLine(msg("sp.sheet.heroes"), tuple(heroes), counted=False),
                ScoreLine(msg("sp.sheet.lost"), lost, counted=False),
            ),
            total=None,
            totals=(),
        )


RULES = SpartaRules()
GAME: Game[State, Action] = Game(RULES)
# The checked copy-on-write mode makes the byte tables each state shares read-only.
cow.register(RULES, rules.seal)

__all__ = ["GAME", "NO_CITY", "RULES"]
