"""Our games inside OpenSpiel: each game registered as a pyspiel Python game, over the facade.

    import pyspiel
    import meeples.openspiel

    meeples.openspiel.register()                       # every game whose pieces are ready
    game = pyspiel.load_game("meeples_sparta")
    game = pyspiel.load_game("meeples_meeple_war(players=3,quickstart=True)")

One OpenSpiel game per game of ours (``meeples_<name>``), with its player count and its rule
options as game parameters (``players`` defaults to the game's least). It wraps the facade
(:class:`meeples.core.game.State`) and nothing else, so any game whose capabilities declare its
fixed action table and bounds (``Capabilities.openspiel``) plugs in:

- a decision's actions are the ids of the game's fixed action table (``COUNT`` ids, e.g.
  ``meeples.games.sparta.actions``), sorted as OpenSpiel wants them; a chance node's outcomes
  are the ids of the table's chance part (``CHANCE_COUNT`` ids, ``chance_id``/``chance_text``)
  with the exact probabilities of ``state.chance_outcomes()`` as floats. OpenSpiel numbers chance
  outcomes apart from the players' actions, and so do our tables;
- a table may name places through the state (its module's ``LABELS``, Meeple War: hexes as
  tiles and tiles' sides, see ``meeples.games.meeple_war.action_table``): the bridge then passes
  the state to ``ids``, ``action_id`` and ``action_text``, so an id means one action in each state
  and distinct legal actions have distinct ids;
- an action is applied as its canonical text, so records, replays and OpenSpiel agree;
  ``action_to_string`` is our notation (for an id that is not legal in a state with labels, the
  table's text with its places when no action of the state has it);
- the game type is ``PERFECT_INFORMATION`` (with explicit chance nodes nothing in a state is
  secret: issue 13), ``EXPLICIT_STOCHASTIC`` for a game with chance and ``DETERMINISTIC`` for
  Sparta, ``ZERO_SUM`` for a game of two players only (Sparta) and ``GENERAL_SUM`` for the
  games of 2 to 4 (a 2-player game of theirs still sums to 0), rewards at the end only;
- returns: +1 to each winner, -1 to the others, 0 to all when nobody or everybody wins (a draw),
  as the learning environments;
- the observation tensor is the game's planes of ``meeples.env`` (from the player's view) when
  the game declares some there (Sparta: thirteen 10x10 planes), else none (the observation string,
  the public position text, is always there);
- the game parameter ``relative_actions=True`` numbers each player's ids from its own seat, as
  its observation is (``meeples.env.relative``; the table's ``seat_relative``): Sparta's North
  gets the mirrored ids, a seat named by an id is counted from the player. Chance outcomes keep
  theirs. Seat 0's ids are the same either way; by default every player gets the board's ids.

The start is the undealt one (``game.new(..., deal=False)``): a random setup is a run of chance
nodes, as in a record. A state holds one immutable node (the facade state and its legal ids,
made once): OpenSpiel's ``clone`` shares it, and ``serialize`` writes the game's action texts,
replayed on load.

A game is registered only once its pieces are there (:func:`unavailable` says what each one
waits for): its action table, with a chance part for a game that declares chance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as error:
    raise ImportError(
        f"meeples.openspiel needs OpenSpiel (the openspiel extra): pip install"
        f" 'meeples[openspiel]' ({error})", name=error.name,
    ) from error

from meeples.core.capabilities import missing_table_parts
from meeples.core.chance import CHANCE
from meeples.core.errors import IllegalAction, UnknownGame
from meeples.core.game import Game, Outcome, State
from meeples.core.registry import game_names
from meeples.core.registry import load as load_game

#: OpenSpiel names our games ``meeples_<name>``.
PREFIX = "meeples_"


def openspiel_name(game: str) -> str:
    """Return the OpenSpiel name of one of our games (``meeples_sparta``)."""
    return PREFIX + game


class Unavailable(UnknownGame):
    """A game that cannot be registered with OpenSpiel yet (its table or chance nodes)."""


@dataclass(frozen=True)
class Bridge:
    """One of our games as OpenSpiel sees it: the game, its action table, its bounds."""

    game: Game[Any, Any]
    table: Any
    chance: bool
    max_game_length: Mapping[int, int]

    @property
    def name(self) -> str:
        """The OpenSpiel short name."""
        return openspiel_name(self.game.name)

    @property
    def labels(self) -> bool:
        """Whether the table names places through the state (its ``LABELS``)."""
        return self.table.LABELS is not None

    @property
    def chance_count(self) -> int:
        """The number of chance outcome ids (0 for a game without chance)."""
        return int(self.table.CHANCE_COUNT)

    def game_type(self) -> Any:
        """Return the pyspiel game type: players, chance, information, utility, parameters."""
        two_only = self.game.max_players == 2
        parameters: dict[str, Any] = {"players": self.game.min_players, "relative_actions": False}
        parameters.update({name: option.default for name, option in self.game.options.items()})
        return pyspiel.GameType(
            short_name=self.name,
            long_name=f"Meeples {self.game.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if self.chance
                         else pyspiel.GameType.ChanceMode.DETERMINISTIC),
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=(pyspiel.GameType.Utility.ZERO_SUM if two_only
                     else pyspiel.GameType.Utility.GENERAL_SUM),
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=self.game.max_players,
            min_num_players=self.game.min_players,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=self.observation() is not None,
            parameter_specification=parameters,
        )

    def observation(self) -> Any:
        """Return the game's observation planes of ``meeples.env`` (an ``EnvSpec``), or None."""
        try:
            from meeples.env.registry import env_spec
        except ImportError:  # without the rl extra: no planes, the observation string only
            return None
        try:
            return env_spec(self.game.name)
        except UnknownGame:  # no environment yet (NoEnvironment), or a game not registered
            return None


_REGISTERED: dict[str, Bridge] = {}


def _declared(name: str) -> Bridge:
    """Return the bridge of a game that declares one (``Capabilities.openspiel``).

    Raises:
        UnknownGame: no game has that name.
        Unavailable: the game declares no bridge, or its table or chance nodes are not there
            yet, with which.
    """
    game = load_game(name)
    declared = game.capabilities
    if declared.openspiel is None:
        raise Unavailable(f"{name!r} declares no OpenSpiel bridge (Capabilities.openspiel)")
    try:
        table = declared.openspiel.table()
    except ModuleNotFoundError as error:
        raise Unavailable(f"{name!r} has no fixed action table yet ({error.name})") from error
    missing = missing_table_parts(table)
    if missing:
        raise Unavailable(f"{name!r}: its action table declares no {', '.join(missing)}"
                          " (None or 0 where the game has no such part: TABLE_PARTS)")
    if declared.chance and not table.CHANCE_COUNT:
        raise Unavailable(f"{name!r}: its action table has no chance outcomes yet")
    return Bridge(game, table, declared.chance, declared.openspiel.max_game_length)


def declared_games() -> list[str]:
    """Return the registered games that declare an OpenSpiel bridge, sorted."""
    return [name for name in game_names() if load_game(name).capabilities.openspiel is not None]


def unavailable() -> dict[str, str]:
    """Return the declared games that cannot be registered yet, each with the reason."""
    out = {}
    for name in declared_games():
        try:
            _declared(name)
        except Unavailable as error:
            out[name] = str(error)
    return out


def register_bridge(bridge: Bridge) -> str:
    """Register one bridge with OpenSpiel (once) and return its OpenSpiel name."""
    if bridge.name not in _REGISTERED:
        # A class of its own per game, not a partial: OpenSpiel's registry drops its creator
        # after Python has shut down, which frees a partial without the interpreter (a crash at
        # exit), while a class lives on (its own ``__mro__`` refers to it).
        creator = type(f"MeeplesGame_{bridge.game.name}", (MeeplesGame,), {"bridge": bridge})
        pyspiel.register_game(bridge.game_type(), creator)
        _REGISTERED[bridge.name] = bridge
    return bridge.name


def register(games: Iterable[str] | None = None) -> list[str]:
    """Register our games with OpenSpiel (by default every declared game that is ready) and
    return their OpenSpiel names.

    Raises:
        UnknownGame: a game named that does not exist.
        Unavailable: a game named that is not ready (see :func:`unavailable`).
    """
    if games is None:
        games = [name for name in declared_games() if name not in unavailable()]
    return [register_bridge(_declared(name)) for name in games]


def load(game: str, players: int | None = None, **options: Any) -> Any:
    """Return one of our games as a ``pyspiel.Game`` (registering it first).

    Raises:
        UnknownGame, Unavailable: as :func:`register`.
        BadOptions: an unknown option, a bad value, or an unsupported player count.
    """
    name = register([game])[0]
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(name, params)


class Node:
    """An immutable point of a game for OpenSpiel: the facade state and its legal ids.

    Shared by every OpenSpiel state that clones it (``copy.deepcopy`` returns it), pickled as
    the game's setup and action texts (``serialize``).
    """

    def __init__(self, bridge: Bridge, state: State[Any, Any]) -> None:
        self.bridge = bridge
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        start = self.state.start
        return _replay, (self.bridge.game.name, start.players, dict(start.options or {}),
                         self.state.history)

    @cached_property
    def player(self) -> int | None:
        """The player to move, CHANCE, or None once the game is over."""
        if self.outcome is not None:
            return None
        player: int | None = self.state.to_move
        return player

    @cached_property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self.state.outcome

    @cached_property
    def moves(self) -> dict[int, Any]:
        """Each legal id with its internal action, by ascending id."""
        rules = self.state.game.rules
        table = self.bridge.table
        if self.player is None:
            return {}
        if self.player == CHANCE:
            outcomes = self.state.chance_outcomes()
            return dict(sorted((table.chance_id(text), rules.parse_action(text))
                               for text, _ in outcomes))
        inner = self.state.inner
        actions = rules.legal_actions(inner)
        labels = self.bridge.labels
        ids = table.ids  # the ids of internal actions at once, when it can
        if ids is not None:
            numbers = ids(actions, inner) if labels else ids(actions)
        elif labels:
            numbers = [table.action_id(rules.format_action(action), inner) for action in actions]
        else:
            numbers = [table.action_id(rules.format_action(action)) for action in actions]
        return dict(sorted(zip(numbers, actions, strict=True)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return each chance outcome's id and probability, by ascending id."""
        if self.player != CHANCE:
            return []
        chance_id = self.bridge.table.chance_id
        return sorted((chance_id(text), float(p)) for text, p in self.state.chance_outcomes())

    def child(self, number: int) -> Node:
        """Return the node after a legal id.

        Raises:
            IllegalAction: the id is not legal here.
        """
        if number not in self.moves:
            raise IllegalAction(f"{number!r} is not the id of a legal action here")
        action = self.moves[number]
        state = self.state
        rules = state.game.rules
        history = state.history + (rules.format_action(action),)
        return Node(self.bridge, State(state.game, rules.apply(state.inner, action), state.start,
                                       history))

    def text(self, player: int, number: int) -> str:
        """Return the text of an id for a player (CHANCE: an outcome id)."""
        if number in self.moves:
            return str(self.state.game.rules.format_action(self.moves[number]))
        table = self.bridge.table
        if player == CHANCE:
            return str(table.chance_text(number))
        if self.bridge.labels:
            try:
                return str(table.action_text(number, self.state.inner))
            except IllegalAction:  # a place this state does not have: the table's own text
                pass
        return str(table.action_text(number))

    def returns(self) -> list[float]:
        """Return each player's return: +1 a winner, -1 the others, 0 all in a draw."""
        players = self.state.players
        outcome = self.outcome
        if outcome is None or len(outcome.winners) in (0, players):
            return [0.0] * players
        return [1.0 if p in outcome.winners else -1.0 for p in range(players)]


def _replay(game: str, players: int, options: dict[str, Any], history: Sequence[str]) -> Node:
    """Return the node a pickled one names: the undealt start, then its action texts."""
    bridge = _REGISTERED.get(openspiel_name(game))
    if bridge is None:  # unpickled in a process that has not registered it yet
        bridge = _REGISTERED[register_bridge(_declared(game))]
    state = bridge.game.new(players, 0, deal=False, **options)
    for text in history:
        state = state.play(text)
    return Node(bridge, state)


class RelativeIds:
    """Per player, the relative id of each absolute id of a table and the absolute id of each
    relative one; shared, never copied (a state's ``clone`` deep-copies its attributes, and
    Meeple War's tables hold 153,698 ids a player)."""

    def __init__(self, table: Any, players: int) -> None:
        turn = table.seat_relative
        count = table.COUNT
        self.to_relative = tuple(range(count) if turn is None else turn(player, players)
                                 for player in range(players))
        backwards = []
        for forward in self.to_relative:
            backward = [0] * count
            for number, turned in enumerate(forward):
                backward[turned] = number
            backwards.append(tuple(backward))
        self.to_absolute = tuple(backwards)

    def __deepcopy__(self, memo: dict[int, Any]) -> RelativeIds:
        return self

    def absolute(self, player: int, number: int) -> int:
        """Return the absolute id of a player's relative id (anything else as it is)."""
        if not 0 <= player < len(self.to_absolute):
            return number
        ids = self.to_absolute[player]
        return ids[number] if 0 <= number < len(ids) else number


@cache
def _relative_ids(table: Any, players: int) -> RelativeIds:
    """Return a table's relative ids (kept: OpenSpiel makes the game again for every state it
    deserializes)."""
    return RelativeIds(table, players)


class MeeplesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """One of our games with its parameters (players and rule options), for OpenSpiel."""

    #: Set by each game's own subclass (:func:`register_bridge`).
    bridge: Bridge

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        bridge = self.bridge
        given = dict(params or {})
        players = given.pop("players", bridge.game.min_players)
        relative = given.pop("relative_actions", False)
        options = bridge.game.check_options(players, given)
        two = players == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=bridge.table.COUNT,
            max_chance_outcomes=bridge.chance_count,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if two and bridge.game.max_players == 2 else None,
            max_game_length=bridge.max_game_length[players],
        )
        super().__init__(bridge.game_type(), info, dict(params or {}))
        self.start = Node(bridge, bridge.game.new(players, 0, deal=False, **options))
        self.planes = bridge.observation()
        #: With relative_actions: per player, the relative id of each absolute id and the
        #: absolute id of each relative one; None: the board's ids for every player.
        self.relative = _relative_ids(bridge.table, players) if relative else None

    def new_initial_state(self) -> MeeplesState:
        """Return the undealt start of a game."""
        return MeeplesState(self, self.start)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """Return the observer of this game (every player sees the whole state)."""
        return Observer(self, params)


class MeeplesState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A state of one of our games, for OpenSpiel: one node (see :class:`Node`)."""

    def __init__(self, game: MeeplesGame, node: Node) -> None:
        super().__init__(game)
        self.node = node
        self.relative = game.relative

    def current_player(self) -> int:
        """Return the player to move, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        player = self.node.player
        if player is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if player == CHANCE else player

    def _legal_actions(self, player: int) -> list[int]:
        """Return the legal ids of the player to move, ascending (none for the others)."""
        mover = self.node.player
        if mover is None or player != (pyspiel.PlayerId.CHANCE if mover == CHANCE else mover):
            return []
        if self.relative is None or mover == CHANCE:
            return list(self.node.moves)
        forward = self.relative.to_relative[mover]
        return sorted(forward[number] for number in self.node.moves)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return each chance outcome's id and probability."""
        return self.node.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        """Play the action of a legal id, as its canonical text."""
        mover = self.node.player
        if self.relative is not None and mover is not None and mover != CHANCE:
            action = self.relative.absolute(mover, action)
        self.node = self.node.child(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the action text of an id (our notation)."""
        if self.relative is not None and player >= 0:
            action = self.relative.absolute(player, action)
        return self.node.text(player, action)

    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        return self.node.player is None

    def returns(self) -> list[float]:
        """Return each player's return (0 until the end)."""
        return self.node.returns()

    def __str__(self) -> str:
        return self.node.state.position()


class Observer:
    """OpenSpiel's observer: the game's planes of ``meeples.env`` for a player, and the
    position text."""

    def __init__(self, game: MeeplesGame, params: Any = None) -> None:
        if params:
            raise ValueError(f"the observation takes no parameters, not {params!r}")
        self.planes = game.planes
        shape = tuple(self.planes.shape) if self.planes is not None else (0,)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)} if self.planes is not None else {}

    def set_from(self, state: MeeplesState, player: int) -> None:
        """Fill the tensor with the planes of a player's view."""
        if self.planes is None:
            return
        facade = state.node.state
        fast = self.planes.from_state
        planes = (fast(facade.inner, player) if fast is not None
                  else self.planes.from_view(facade.view(player)))
        self.dict["observation"][...] = planes

    def string_from(self, state: MeeplesState, player: int) -> str:
        """Return the position text (every player may see the whole state)."""
        return str(state.node.state.position())
