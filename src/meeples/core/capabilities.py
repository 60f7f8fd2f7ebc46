"""What a game offers the tools beyond its rules, declared in one place (OpenSpiel's
``_GAME_TYPE``).

Each game's rules carry one :class:`Capabilities` (``Rules.capabilities``, read as
``game.capabilities``), and every tool reads it there and nowhere else: the bots (evaluation,
state sampling, move ordering, levels), the hints (reasons), the server's guard (hidden
information, chance), the terminal (its renderer), the server's board data (components), the
learning environments (observer) and the OpenSpiel bridge (action table, bounds). No tool finds
a game's parts by module path, guesses them from its views, or names a game.

Whatever needs an optional dependency (NumPy for an observer, a renderer for the terminal) is
declared as a function that loads it, called only by the tool that needs it, so that loading a
game never imports them.

Every field has a default that means "nothing to offer": a game that declares nothing is
still served by every client, through the generic parts (the generic levels of
:mod:`meeples.ai.levels`, the terminal's and the browser's generic boards); it has no learning
environment nor OpenSpiel bridge until it declares an action table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from meeples.core.text import Message

#: ``evaluate(state, player)``: the estimated share of ``player`` in [0, 1] of an internal state.
Evaluate = Callable[[Any, int], float]
#: ``sample_state(view, seed)``: an internal state consistent with a view (hidden information).
Sampler = Callable[[Mapping[str, Any], int], Any]
#: ``reason(before, after, player)``: why an action (or a whole turn) is good, as a message.
Reason = Callable[[Any, Any, int], Message | None]


#: The names every action table offered to OpenSpiel declares (:class:`OpenSpielSpec`).
TABLE_PARTS = ("COUNT", "action_id", "action_text", "CHANCE_COUNT", "LABELS", "ids",
               "seat_relative")


def missing_table_parts(table: Any) -> list[str]:
    """Return the names of :data:`TABLE_PARTS` an action table does not declare."""
    return [name for name in TABLE_PARTS if not hasattr(table, name)]


@dataclass(frozen=True, slots=True)
class OpenSpielSpec:
    """What a game declares for the OpenSpiel bridge (:mod:`meeples.openspiel`)."""

    #: Loads the game's fixed action table: a module (or object) with every name of
    #: :data:`TABLE_PARTS` (a part the game has not is declared None or 0, never left out:
    #: the bridge reads them all) and, for a game with chance, ``chance_id`` and
    #: ``chance_text``. ``COUNT`` ids; ``action_id`` and ``action_text``; ``CHANCE_COUNT``
    #: chance outcome ids (0: none); ``LABELS``, the names of places that depend on the state
    #: (None: none; else ``action_id``, ``action_text`` and ``ids`` take the game's inner state
    #: as their second argument); ``ids``, the ids of many internal actions at once (None: one
    #: by one through ``action_id``); ``seat_relative(player, players)``, each id as that player
    #: numbers seats (None: every player gets the board's ids).
    table: Callable[[], Any]
    #: An upper bound on the players' decisions in one game (chance outcomes not counted), per
    #: player count: OpenSpiel's ``max_game_length``.
    max_game_length: Mapping[int, int]


@dataclass(frozen=True, slots=True)
class PolicyFeatures:
    """A set of move features a trained linear policy reads (:mod:`meeples.ai.policy`): their
    names, and ``compute(planes, ids, player)``: an array of one row per legal id of the
    player's observation planes, a column per name."""

    names: tuple[str, ...]
    compute: Callable[[Any, Any, int], Any]


@dataclass(frozen=True, slots=True)
class Capabilities:
    """A game's declared capabilities: what each tool may use, and nothing it must guess."""

    #: Whether the state holds what some player may not see (a hand, a deck's order). Then a
    #: bot searches only states sampled from its view (``sample_state``), the server keeps the
    #: position to itself, and the terminal hands the keyboard over between people. With
    #: explicit chance nothing needs to be hidden: none of our games hides anything.
    hidden_information: bool = False
    #: Whether the game has chance nodes (``Rules.chance_outcomes``): its seed is then the
    #: server's secret, and OpenSpiel sees an explicit stochastic game.
    chance: bool = False
    #: The evaluation search uses at its leaves; None: a position is even until the end.
    evaluate: Evaluate | None = None
    #: Builds an internal state from a view; required with ``hidden_information``.
    sample_state: Sampler | None = None
    #: Why an action is good (``before``, ``after`` the action), for hints.
    reason: Reason | None = None
    #: Why a whole turn is good (``before``, the end of the turn), for hints of a turn search.
    turn_reason: Reason | None = None
    #: A static ordering bonus of an internal action in an internal state, for alpha-beta (the
    #: higher, the earlier searched); None: no bonus.
    move_priority: Callable[[Any, Any], int] | None = None
    #: The bot spec of each level (``easy``, ``normal``, ``hard``), as ``meeples.ai`` reads
    #: them (``mcts:150``, ``alphabeta:d4,2.5s``); empty: the generic levels.
    levels: Mapping[str, str] = field(default_factory=dict)
    #: Loads the game's learning environment (a ``meeples.env.registry.EnvSpec``: action table
    #: and observer); None: no environment.
    environment: Callable[[], Any] | None = None
    #: The OpenSpiel bridge's declaration; None: the game is not offered to OpenSpiel.
    openspiel: OpenSpielSpec | None = None
    #: The shapes of printed components a board draws (``GET /api/games/<name>/components``),
    #: as JSON-ready data; None: none.
    components: Callable[[], dict[str, Any]] | None = None
    #: Loads the game's terminal renderer (the contract of :mod:`meeples.terminal`); None: the
    #: generic one.
    terminal: Callable[[], ModuleType] | None = None
    #: The name of the browser's board module, ``web/boards/<board>.js`` (``/api/games`` tells
    #: the page which to load); None: the generic board, the view as panels and the legal
    #: actions as buttons.
    board: str | None = None
    #: Loads the feature sets a trained policy file may name (``policy:FILE`` bots,
    #: :mod:`meeples.ai.policy`), by name; None: the game has none.
    policy_features: Callable[[], Mapping[str, PolicyFeatures]] | None = None
    #: Loads the game's own bot kinds beyond the generic ones of ``meeples.ai`` (a bot spec's
    #: kind -> its bot class, called with the game, a budget and the spec's options), e.g. a
    #: scripted policy or a search made for this game; None: the generic kinds only.
    bots: Callable[[], Mapping[str, Any]] | None = None
    #: What ``meeples bench`` holds this game's figures against: (our figure, OpenSpiel's figure
    #: measured in the same run, "higher" or "lower" is better), e.g. Sparta against OpenSpiel's
    #: C++ Breakthrough; empty: random play against OpenSpiel's Python tic-tac-toe.
    bench_anchors: tuple[tuple[str, str, str], ...] = ()
    #: The package whose folder holds the game's files: its catalogues ``text/<lang>.json``
    #: and its guided first game ``tutorial.json``; None: no files (the core's words only).
    package: str | None = None


#: What a game that declares nothing offers.
NOTHING = Capabilities()
