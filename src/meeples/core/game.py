"""The game protocol and the public facade built on it.

A game module provides :class:`Rules`: pure functions over its own immutable state. The core
wraps it in :class:`Game` and :class:`State`, the small stable facade that tests, bots, the
terminal, the server and RL environments use:

    game = meeples.load("sparta")
    state = game.new(players=2, seed=0)
    state = state.play(state.legal()[0])

Actions cross this boundary only as canonical strings; the internal action and state types stay
private to each game so they can be as fast as needed.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from random import Random
from typing import Any, Generic, TypeVar

from meeples.core.capabilities import NOTHING, Capabilities
from meeples.core.chance import CHANCE, SEED_BOUND, Dealer
from meeples.core.errors import BadOptions, IllegalAction
from meeples.core.score import ScoreSheet
from meeples.core.text import Message, msg, shown

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)

#: When to ask a person about a decision that exists only because something may be used "at any
#: time" (:meth:`State.anytime_skip`): at every opportunity, only on their own turn, or never.
#: Otherwise it is declined for them (:meth:`State.anytime_pass`). By default they are never
#: asked: whoever wants to use what they hold (:meth:`State.anytime_held`) arms it, and the next
#: such decision is put to them (``armed``).
ANYTIME_SETTINGS = ("ask", "own", "never")
DEFAULT_ANYTIME = "never"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``ranking`` lists groups of tied players, best first; ``winners`` is the first group, or
    empty for a draw where nobody wins.
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    reason: str
    #: The reason as a message for every client's language (``reason`` is its English wording).
    message: Message | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """Return the outcome as JSON-ready data."""
        data: dict[str, Any] = {
            "winners": list(self.winners),
            "ranking": [list(group) for group in self.ranking],
            "reason": self.reason,
        }
        if self.message is not None:
            data["msg"] = self.message.to_json()
        return data


@dataclass(frozen=True, slots=True)
class Option:
    """A rule option: its default and, when it is a choice, the allowed values."""

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    #: The value that a match recorded before this option existed, so naming no value for
    #: it, was played under, when that is not the default (None: the default): such records
    #: replay as they were played (:meth:`Game.recorded_options`) however the default changes.
    before: Any = None
    #: The yes/no option this one matters with only (None: it matters alone): a balance run
    #: tries its values with that option on (:func:`meeples.ai.balance.option_variants`).
    needs: str | None = None
    #: Values that stand for another by player count ({value: {players: value}}): a match
    #: given one (its default, say) takes the value of its player count, and its record keeps
    #: that value, so changing the table later never changes a recorded match.
    by_players: Mapping[Any, Mapping[int, Any]] | None = None

    def check(self, name: str, value: Any) -> Any:
        """Return value when it fits this option.

        Raises:
            BadOptions: the value has the wrong type or is not one of the choices.
        """
        expected = type(self.default)
        given = repr(value)
        if expected is bool and not isinstance(value, bool):
            raise BadOptions(msg("core.option_bool", option=name, value=given))
        if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise BadOptions(msg("core.option_int", option=name, value=given))
        if expected is str and not isinstance(value, str):
            raise BadOptions(msg("core.option_text", option=name, value=given))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise BadOptions(msg("core.option_choice", option=name, choices=allowed, value=given))
        return value


class Rules(Generic[S, A]):
    """What a game module implements: metadata and pure functions over its state.

    Words for people are messages (:mod:`meeples.core.text`): ``describe_action`` says what a
    legal action does, ``explain_illegal`` why an action is refused, ``prompt`` what the player
    to move must decide now. ``action_parts`` returns an action's structured parts, so that no
    client parses notation: ``{"verb": ..., <typed fields>}`` (hexes and squares as their names,
    seats, slots and counts as numbers, components by id). ``anytime_skip`` returns the action that
    declines the decision at hand when that decision exists only because the player to move may
    use something "at any time" (a token, a power), else None: clients may play it for the
    player, by the player's setting, as an ordinary recorded action. ``reveals`` says whether
    playing a legal action draws on hidden or chance information (a tile or card drawn, a die
    rolled, a deck shuffled): such an action cannot be taken back, since the player has seen what
    came out. It errs on the side of True: an action that merely might reveal counts.

    Chance (:mod:`meeples.core.chance`): where chance decides, ``to_move`` answers
    :data:`~meeples.core.chance.CHANCE`, ``legal_actions`` lists the outcomes, and a game with
    chance also implements ``chance_outcomes(state) -> Sequence[tuple[A, Fraction]]``: the same
    outcomes, in the same order, each with its exact probability (summing to 1), and declares
    ``Capabilities.chance``. ``apply`` applies an outcome like any action. ``sample_chance``
    draws one outcome as likely as listed (a game may draw faster without listing them).
    ``initial_state`` of a game with a random setup returns a chance node and draws nothing
    from ``seed``.

    ``score_sheet`` (:mod:`meeples.core.score`) breaks each player's score down by source (the
    source labels are keys of the game's catalogue): its counted lines add up to the totals the
    game ranks by; a game without points shows the facts that decided it instead (total None).

    ``rounds`` returns the rounds begun (every player has had a turn in each but the last), or
    None for a game that keeps no round count (Sparta counts plies without progress only).
    ``limit_endings`` names, by their message keys, the endings that are a designed safety limit
    (a round limit, a run of plies without progress) rather than a decision of the game: reports
    count them as games that dragged.

    ``anytime_held(state, player)`` names what a player holds that such a
    decision would offer (a token, a power), as messages: clients show it as a button that arms
    it (the next such decision is then asked), so that nobody is asked at every phase by default.

    ``effects(state, action, after)`` says what playing a legal action caused beyond
    itself, as messages of the game's catalogue: each battle or conflict with both sides'
    strength and losses, pieces or members removed and by what, points and other counters won or
    lost and why, tokens and resources, events, promotions, conquests. ``after`` is
    ``apply(state, action)``, already computed by the caller (the server applies each action
    once). Effects are public: everyone sees them in the log, so they say nothing a player may
    not know. The facade adds the end of the game itself (``core.fx.end``).

    ``rules_version`` numbers the rules the engine plays, from 1: a change that could make a
    recorded match replay differently (a rule, the order of the legal actions or of chance's
    outcomes, an index inside the position text: docs/notation.md, "Rules versions") bumps it.
    Records carry it, and a record of another version is refused
    (:class:`~meeples.core.errors.OtherRules`).
    """

    name: str
    title: str
    rules_version: int
    min_players: int
    max_players: int
    options: Mapping[str, Option] = {}
    limit_endings: frozenset[str] = frozenset()
    #: Which numbered rule of the catalogues (``"rules"``) each message key prefix comes from
    #: (:mod:`meeples.core.rulebook`).
    rule_of: Mapping[str, str] = {}
    #: What the game offers the tools (:mod:`meeples.core.capabilities`).
    capabilities: Capabilities = NOTHING

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> S:
        raise NotImplementedError

    def to_move(self, state: S) -> int | None:
        raise NotImplementedError

    def legal_actions(self, state: S) -> Sequence[A]:
        raise NotImplementedError

    def apply(self, state: S, action: A) -> S:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def view(self, state: S, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def format_action(self, action: A) -> str:
        raise NotImplementedError

    def parse_action(self, text: str) -> A:
        raise NotImplementedError

    def format_state(self, state: S) -> str:
        raise NotImplementedError

    def parse_state(self, text: str) -> S:
        raise NotImplementedError

    def players(self, state: S) -> int:
        raise NotImplementedError

    def explain_illegal(self, state: S, action: A) -> Message | str:
        raise NotImplementedError

    def describe_action(self, state: S, action: A) -> Message | str:
        raise NotImplementedError

    def action_parts(self, action: A) -> dict[str, Any]:
        raise NotImplementedError

    def prompt(self, state: S) -> Message | str:
        raise NotImplementedError

    # -- optional parts, with their defaults ------------------------------------------------

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, Fraction]]:
        """Return the outcomes of a chance node with their probabilities (none by default: a
        game without chance)."""
        return ()

    def sample_chance(self, state: S, rng: Random) -> A:
        """Return an outcome of a chance node drawn by its probability with ``rng`` (from the
        list of outcomes by default; a game may draw without listing them)."""
        outcomes = self.chance_outcomes(state)
        ticket = rng.random()
        for action, p in outcomes:
            ticket -= float(p)
            if ticket < 0:
                return action
        return outcomes[-1][0]

    def effects(self, state: S, action: A, after: S) -> Sequence[Message | str]:
        """Return what a legal action caused beyond itself (nothing by default)."""
        return ()

    def anytime_skip(self, state: S) -> A | None:
        """Return the action that declines an "at any time" decision (None by default: a game
        without such decisions)."""
        return None

    def anytime_held(self, state: S, player: int) -> Sequence[Message | str]:
        """Return what a player holds that an "at any time" decision would offer (nothing by
        default)."""
        return ()

    def reveals(self, state: S, action: A) -> bool:
        """Return whether a legal action draws on hidden information (by default: any action
        of a game that declares hidden information; the facade counts chance's outcomes)."""
        return self.capabilities.hidden_information

    def score_sheet(self, state: S) -> ScoreSheet | None:
        """Return each player's score by source (None by default: no sheet)."""
        return None

    def rounds(self, state: S) -> int | None:
        """Return the rounds begun (None by default: no round count)."""
        return None

    def chance_actions_v1(self, players: int, seed: int | None,
                          options: Mapping[str, Any] | None, position: str | None,
                          actions: Sequence[str]) -> list[str]:
        """Return the actions of a ``meeples-match/1`` record with the chance outcomes its
        game's old generator drew put in (unchanged by default: a game that had no hidden
        generator before its chance was explicit)."""
        return list(actions)


class Game(Generic[S, A]):
    """A registered game: metadata plus the constructors of the facade :class:`State`."""

    def __init__(self, rules: Rules[S, A]) -> None:
        self.rules = rules
        self.name = rules.name
        self.title = rules.title
        self.min_players = rules.min_players
        self.max_players = rules.max_players
        self.options: Mapping[str, Option] = rules.options
        self.rules_version = rules.rules_version
        #: What the game offers the tools (:mod:`meeples.core.capabilities`).
        self.capabilities: Capabilities = rules.capabilities

    def __repr__(self) -> str:
        return f"meeples.load({self.name!r})"

    def check_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Return the full option set (defaults filled in, and a value that stands for another
        by player count, :attr:`Option.by_players`, replaced by that count's).

        Raises:
            BadOptions: an unknown option, a bad value, or an unsupported player count.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(msg("core.players_int", value=repr(players)))
        if not self.min_players <= players <= self.max_players:
            key = "core.players_exact" if self.min_players == self.max_players else (
                "core.players_range"
            )
            raise BadOptions(
                msg(key, game=self.name, low=self.min_players, high=self.max_players, n=players)
            )
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "-"
            raise BadOptions(
                msg("core.option_unknown", game=self.name, option=unknown[0], options=known)
            )
        full = {name: opt.default for name, opt in self.options.items()}
        for name, value in options.items():
            full[name] = self.options[name].check(name, value)
        for name, option in self.options.items():
            if option.by_players and full[name] in option.by_players and (
                    option.needs is None or full[option.needs]):  # else it plays no part
                full[name] = option.by_players[full[name]].get(players, full[name])
        return full

    def recorded_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Return the options of a record with those it names no value for set as they were
        when it was made: an option added later that declares its earlier value
        (:attr:`Option.before`) takes it, any other its default (in :meth:`check_options`)."""
        earlier = {name: option.before for name, option in self.options.items()
                   if option.before is not None and name not in options}
        return {**earlier, **options}

    def new(self, players: int = 2, seed: int = 0, *, deal: bool = True, **options: Any
            ) -> State[S, A]:
        """Return the opening state of a new match.

        A random setup is a run of chance nodes: with ``deal`` (the default) they are drawn
        from ``seed`` (:meth:`State.settle`) and recorded in the history, so the state returned
        has a player to move; ``deal=False`` returns the undealt start (records replay from it).

        Raises:
            BadOptions: see :meth:`check_options`.
        """
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptions(msg("core.seed_int", value=repr(seed)))
        full = self.check_options(players, options)
        inner = self.rules.initial_state(players, seed, full)
        start = Start(players=players, seed=seed, options=full, position=None)
        state = State(self, inner, start, ())
        return state.settle() if deal else state

    def parse(self, position_text: str) -> State[S, A]:
        """Return the state a position text describes.

        Raises:
            BadPosition: the text is malformed or describes an impossible position.
        """
        inner = self.rules.parse_state(position_text)
        start = Start(
            players=self.rules.players(inner), seed=None, options=None, position=position_text
        )
        return State(self, inner, start, ())

    def wrap(self, inner: S) -> State[S, A]:
        """Return a facade state around an internal state (for bots and tools)."""
        text = self.rules.format_state(inner)
        start = Start(players=self.rules.players(inner), seed=None, options=None, position=text)
        return State(self, inner, start, ())


@dataclass(frozen=True, slots=True)
class Start:
    """Where a match began: a seeded setup, or a position text."""

    players: int
    seed: int | None
    options: Mapping[str, Any] | None
    position: str | None


@dataclass(frozen=True, slots=True, eq=False)
class State(Generic[S, A]):
    """An immutable game state with the history that led to it.

    Equality compares the game and the position, not the history.
    """

    game: Game[S, A]
    inner: S
    start: Start
    history: tuple[str, ...] = field(default=())

    def __repr__(self) -> str:
        return f"meeples.load({self.game.name!r}).parse({self.position()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game is other.game and self.inner == other.inner

    def __hash__(self) -> int:
        return hash((self.game.name, self.inner))

    @property
    def to_move(self) -> int | None:
        """The player who decides next, :data:`~meeples.core.chance.CHANCE` (-1) where chance
        decides, or None when the game is over."""
        return self.game.rules.to_move(self.inner)

    @property
    def is_chance(self) -> bool:
        """Whether chance decides next (:meth:`chance_outcomes`, :meth:`deal`)."""
        return self.game.rules.to_move(self.inner) == CHANCE

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """Return each outcome of the chance node with its exact probability, in the order of
        :meth:`legal` (empty where a player decides or the game is over)."""
        if not self.is_chance:
            return []
        rules = self.game.rules
        fmt = rules.format_action
        return [(fmt(action), p) for action, p in rules.chance_outcomes(self.inner)]

    def dealer(self) -> Dealer:
        """Return the dealer of this match's own seed (seed 0 for a match from a position)."""
        return Dealer((self.start.seed or 0) % SEED_BOUND)

    def deal(self, dealer: Dealer | None = None) -> State[S, A]:
        """Return the state after the outcome drawn at a chance node (this state elsewhere).

        The draw is the dealer's (by default :meth:`dealer`) at index ``len(history)``: the same
        seed and record always give the same outcome.
        """
        if not self.is_chance:
            return self
        chosen = (dealer or self.dealer()).pick(self.chance_outcomes(), len(self.history))
        return self.play(chosen)

    def settle(self, dealer: Dealer | None = None) -> State[S, A]:
        """Return the state after drawing every chance node in a row, up to a player's decision
        or the end."""
        state = self
        while state.is_chance:
            state = state.deal(dealer)
        return state

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self.game.rules.outcome(self.inner)

    @property
    def players(self) -> int:
        """The number of players."""
        return self.start.players

    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        return self.game.rules.outcome(self.inner) is not None

    def legal(self) -> list[str]:
        """Return the legal actions as canonical strings (empty when the game is over)."""
        fmt = self.game.rules.format_action
        return [fmt(a) for a in self.game.rules.legal_actions(self.inner)]

    def parse_action(self, action: str) -> A:
        """Return the internal action for a legal action string.

        Raises:
            IllegalAction: the string is malformed or the action is not legal here, with why.
        """
        rules = self.game.rules
        if not isinstance(action, str):
            raise IllegalAction(msg("core.action_not_text", type=type(action).__name__))
        if rules.outcome(self.inner) is not None:
            raise IllegalAction(msg("core.game_over_action", action=shown(action)))
        parsed = rules.parse_action(action)
        if parsed not in rules.legal_actions(self.inner):
            why = _message(rules.explain_illegal(self.inner, parsed))
            raise IllegalAction(msg("core.not_legal", action=shown(action), why=why))
        return parsed

    def play(self, action: str) -> State[S, A]:
        """Return the state after a legal action; this state is left unchanged.

        Raises:
            IllegalAction: the string is malformed or the action is not legal here.
        """
        parsed = self.parse_action(action)
        inner = self.game.rules.apply(self.inner, parsed)
        history = self.history + (self.game.rules.format_action(parsed),)
        return State(self.game, inner, self.start, history)

    def effects(self, action: str) -> list[Message]:
        """Return what playing a legal action causes beyond itself, as messages: battles and
        conflicts with both sides' strength and losses, pieces removed, points, tokens and
        resources won or lost, events, and the end of the game.

        Raises:
            IllegalAction: the string is malformed or the action is not legal here.
        """
        return self.play_told(action)[1]

    def play_told(self, action: str) -> tuple[State[S, A], list[Message]]:
        """Return the state after a legal action and the action's :meth:`effects`, applying
        it once.

        Raises:
            IllegalAction: the string is malformed or the action is not legal here.
        """
        after = self.play(action)
        return after, self.effects_to(after)

    def effects_to(self, after: State[S, A]) -> list[Message]:
        """Return the effects of the action that led from this state to ``after`` (this state
        played its last action: ``after.history[-1]``)."""
        rules = self.game.rules
        said = [
            _message(m) for m in rules.effects(self.inner, rules.parse_action(after.history[-1]),
                                               after.inner)
        ]
        ending = None if self.outcome is not None else after.outcome
        if ending is not None:
            said.append(msg("core.fx.end", result=ending.message or msg(
                "core.text", text=ending.reason)))
        return said

    def describe(self, action: str) -> str:
        """Return a short description of a legal action, in English words."""
        return str(self.describe_message(action))

    def describe_message(self, action: str) -> Message:
        """Return the message that describes a legal action (every client words it)."""
        return _message(self.game.rules.describe_action(self.inner, self.parse_action(action)))

    def legal_described(self) -> list[tuple[str, dict[str, Any], Message]]:
        """Return each legal action with its parts and its message, generating the list once
        (describing each action string would parse it and check its legality again)."""
        rules, inner = self.game.rules, self.inner
        return [
            (
                rules.format_action(action),
                dict(rules.action_parts(action)),
                _message(rules.describe_action(inner, action)),
            )
            for action in rules.legal_actions(inner)
        ]

    def parts(self, action: str) -> dict[str, Any]:
        """Return the structured parts of an action: ``{"verb": ..., <typed fields>}``.

        Raises:
            IllegalAction: the string is not an action of this game.
        """
        rules = self.game.rules
        return dict(rules.action_parts(rules.parse_action(action)))

    def prompt(self) -> Message:
        """Return what the player to move must decide now (how the game ended, once over)."""
        outcome = self.outcome
        if outcome is not None:
            return outcome.message or msg("core.text", text=outcome.reason)
        return _message(self.game.rules.prompt(self.inner))

    def anytime_skip(self) -> str | None:
        """Return the action that declines an "at any time" decision, when the one at hand is
        only that (a client may play it for the player, by their setting); else None."""
        if self.outcome is not None:
            return None
        skip = self.game.rules.anytime_skip(self.inner)
        return None if skip is None else self.game.rules.format_action(skip)

    def is_own_turn(self, player: int) -> bool:
        """Return whether it is player's own turn: the view's ``active`` seat is theirs (in a game
        whose views have no ``active`` field, every decision is on one's own turn)."""
        active = self.view(player).get("active")
        return not isinstance(active, int) or isinstance(active, bool) or active == player

    def anytime_pass(self, setting: str, armed: bool = False) -> str | None:
        """Return the action that declines the decision at hand for the player to move, when
        their anytime setting (:data:`ANYTIME_SETTINGS`) says not to ask them; else None.

        "ask" asks at every opportunity; "own" declines the "at any time" decisions that come
        on another player's turn (:meth:`is_own_turn`); "never" declines them all. ``armed``:
        the player asked to use what they hold (:meth:`anytime_held`), so this one is asked.

        Raises:
            ValueError: the setting is not one of :data:`ANYTIME_SETTINGS`.
        """
        if setting not in ANYTIME_SETTINGS:
            raise ValueError(f"anytime is one of {', '.join(ANYTIME_SETTINGS)}, not {setting!r}")
        player = self.to_move
        if setting == "ask" or armed or player is None:
            return None
        skip = self.anytime_skip()
        if skip is None or setting == "never" or not self.is_own_turn(player):
            return skip
        return None

    def anytime_held(self, player: int) -> list[Message]:
        """Return what a player holds that an "at any time" decision would offer them (a token,
        a power), named; empty when nothing, or once the game is over."""
        if self.outcome is not None:
            return []
        return [_message(m) for m in self.game.rules.anytime_held(self.inner, player)]

    def reveals(self, action: str) -> bool:
        """Return whether playing a legal action draws on hidden or chance information (then
        it cannot be taken back: its player has seen what came out).

        Raises:
            IllegalAction: the string is malformed or the action is not legal here.
        """
        parsed = self.parse_action(action)
        if self.is_chance:  # chance's outcome is seen once drawn: it stands
            return True
        return bool(self.game.rules.reveals(self.inner, parsed))

    def score_sheet(self) -> ScoreSheet | None:
        """Return each player's score broken down by source (None for a game that does not
        report one)."""
        return self.game.rules.score_sheet(self.inner)

    def rounds(self) -> int | None:
        """Return the rounds begun, or None for a game that keeps no round count."""
        return self.game.rules.rounds(self.inner)

    def ended_at_limit(self) -> bool:
        """Return True when the game is over by one of its rules' safety limits (a round limit, a
        run of plies without progress) rather than decided by play."""
        outcome = self.outcome
        limits = self.game.rules.limit_endings
        # The limit may be the reason inside the ending's message: Sparta's quiet plies end the
        # game by cities ("sp.end.cities_draw" whose ``why`` is "sp.end.quiet").
        waiting = [] if outcome is None or outcome.message is None else [outcome.message]
        while waiting:
            message = waiting.pop()
            if message.key in limits:
                return True
            waiting.extend(v for v in message.params.values() if isinstance(v, Message))
        return False

    def position(self) -> str:
        """Return the position text (``game.parse`` reads it back)."""
        return self.game.rules.format_state(self.inner)

    def view(self, player: int | None) -> dict[str, Any]:
        """Return what a player (None: a spectator) may see, as JSON-ready data."""
        if player is not None and not 0 <= player < self.start.players:
            players = self.start.players
            raise IllegalAction(msg("core.no_such_player", player=player, n=players))
        return self.game.rules.view(self.inner, player)

    def record(self) -> Any:
        """Return the match record (setup, seed and actions) that replays to this state."""
        from meeples.core.record import Match

        return Match.of(self)

    def to_json(self) -> str:
        """Return the match record as JSON text."""
        return json.dumps(self.record().to_json())


def _message(words: Message | str) -> Message:
    """Return a game's words as a message (a plain text is shown as it is)."""
    return words if isinstance(words, Message) else msg("core.text", text=words)
