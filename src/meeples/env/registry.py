"""What a game declares for its learning environments: its action table and observer.

A game gets an environment when its capabilities declare one (``Capabilities.environment``, as
OpenSpiel's ``_GAME_TYPE``, not found by module path): a function returning its
:class:`EnvSpec`, with two things:

- its fixed **action table** (game data, kept in the game package, e.g.
  ``meeples.games.sparta.actions``): a stable integer id for every action text, whatever the
  state, and the internal action of each id (Sparta's ids ascend in the order of the rules'
  legal actions; Rise of Tribes' do not, so the environments sort the legal ids);
- its **observer** (ours are in ``meeples.env``, since they need numpy; the function that
  returns the spec imports them, so loading a game never does): the observation planes a
  player gets, defined on that player's view (``from_view``), and optionally a fast twin
  computing the same numbers from the internal state (``from_state``), allowed only where it
  reads nothing the view hides (Sparta hides nothing; Rise of Tribes' twin reads only the
  public board, counts, rows, hand and phase, never a deck's order). The environments'
  ``checked=True`` builds both and compares them.

Meeple War's table numbers 153,698 ids (moves from a tile to any place, hexes named through the
state), too many for a mask: its environments act
with its factored **choices** instead (``meeples.games.meeple_war.choices``: every action one
id, or two of the same player, a head and then a place; 3,124 ids), and its observer marks the
head awaiting its place. Nothing in Meeple War is secret, so its fast twin reads the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from meeples.core.errors import UnknownGame
from meeples.core.registry import game_names, load

Planes = npt.NDArray[np.float32]


class ActionTable(Protocol):
    """A game's fixed action ids (a module such as ``meeples.games.sparta.actions``)."""

    @property
    def COUNT(self) -> int:  # noqa: N802 - a module constant
        """The number of ids; ids run from 0 to COUNT - 1."""
        ...

    def action_id(self, text: str) -> int:
        """Return the id of an action text."""
        ...

    def action_text(self, number: int) -> str:
        """Return the action text of an id."""
        ...

    def texts(self, numbers: Iterable[int]) -> list[str]:
        """Return the action texts of ids of actions (unchecked)."""
        ...

    def ids(self, actions: Iterable[Any]) -> list[int]:
        """Return the ids of internal actions."""
        ...

    def action(self, number: int) -> Any:
        """Return the internal action of an id."""
        ...


class Choices(Protocol):
    """A game's factored choices (a module such as ``meeples.games.meeple_war.choices``)."""

    @property
    def COUNT(self) -> int:  # noqa: N802 - a module constant
        """The number of ids, first and second."""
        ...

    def path(self, text: str, state: Any) -> tuple[int, ...] | None:
        """Return the ids that choose an action text in an internal state, None when it has
        none."""
        ...

    def options(self, actions: Sequence[Any], state: Any) -> dict[int, Any]:
        """Return a state's legal actions as the tree of ids that choose them: each first id ->
        its action, or for a head, each of its second ids -> its action."""
        ...

    def state_coded(self, state: Any, lineage: list[Any] | None = None) -> dict[int, Any]:
        """Return an internal state's legal actions by code: a whole action's id, or ``head *
        COUNT + place`` for a two-step one (the same choices as :meth:`options`); ``lineage``
        is a list the caller keeps for one game, passed with each of its states (what the
        choices keep from one of its states for the next)."""
        ...

    def is_head(self, number: int) -> bool:
        """Return whether an id is the head of a two-step action."""
        ...

    def text(self, ids: Sequence[int], state: Any) -> str:
        """Return the action text of a path of ids in an internal state."""
        ...


@dataclass(frozen=True)
class Drawing:
    """A game's board image for ``render_mode="rgb_array"`` (:mod:`meeples.env.images`)."""

    #: The frame, (width, height) in pixels: one size for every frame of the game.
    size: tuple[int, int]
    #: ``draw(canvas, view, last, ended)``: draws a view on a Pillow ``ImageDraw`` of that size,
    #: ``last`` the last action's text, ``ended`` how the game ended (None while it goes on).
    draw: Callable[[Any, Mapping[str, Any], str | None, str | None], None]


@dataclass(frozen=True)
class EnvSpec:
    """What a game declares for its environments."""

    game: str
    table: ActionTable
    #: The name of each observation plane, in order; the planes are ``shape[1:]`` each.
    planes: tuple[str, ...]
    shape: tuple[int, ...]
    #: The observation of the player whose view this is: the definition.
    from_view: Callable[[Mapping[str, Any]], Planes]
    #: The same observation from the internal state and a player, faster; None to always build
    #: it from the view. It may read only what the view publishes.
    from_state: Callable[[Any, int], Planes] | None = None
    #: Makes a stateful ``from_state`` for one game (an episode makes its own): the same
    #: numbers, kept between calls and patched where the state changed; None to use
    #: ``from_state``.
    observer: Callable[[], Callable[[Any, int], Planes]] | None = None
    #: Whether the ids of the legal actions ascend in the rules' order (Sparta's do, Rise of
    #: Tribes' do not): ``meeples bench`` then plays random games by the rules without sorting.
    ids_in_rules_order: bool = False
    #: The game's factored choices (Meeple War's ``choices``), when its fixed table is too wide
    #: for a mask: every action one id or two (a head, then a place), from ``Discrete(COUNT)``
    #: of the choices; None to act with the table's ids.
    choices: Choices | None = None
    #: Writes the pending head into an observation (``mark(planes, head, player, players)``),
    #: with ``choices``.
    mark: Callable[[Planes, int | None, int, int], Planes] | None = None
    #: For a player and a player count, the id relative to that player of every id of the
    #: environments (the table's, or the choices'), as its observation is relative to it
    #: (``relative_actions=True``, :mod:`meeples.env.relative`); None: no id names a seat
    #: or a side, the relative ids are the absolute ones.
    relative: Callable[[int, int], Sequence[int]] | None = None
    #: The board image of ``render_mode="rgb_array"``; None: the terminal board, as text.
    drawing: Drawing | None = None
    #: Loads the game's batch engine, N games as arrays (a module such as
    #: ``meeples.games.sparta.batch``: ``COMPILED``, ``COUNT``, ``MOST_LEGAL``, ``init``,
    #: ``legal_mask``, ``pick``, ``step``), for ``meeples bench``; None: the game has none.
    batch: Callable[[], Any] | None = None
    #: Loads the vector environment over that engine (``meeples.env.fast``): a class taking
    #: ``(num_envs, seat, opponents, *, illegal, relative_actions, copy, **options)``.
    fast: Callable[[], Any] | None = None


class NoEnvironment(UnknownGame):
    """A registered game that has no learning environment yet."""


def env_games() -> list[str]:
    """Return the names of the registered games that declare an environment, sorted."""
    return [name for name in game_names() if load(name).capabilities.environment is not None]


@cache
def env_spec(game: str) -> EnvSpec:
    """Return the environment a game declares (``Capabilities.environment``).

    Raises:
        UnknownGame: no game has that name.
        NoEnvironment: the game has no environment yet.
    """
    declared = load(game).capabilities.environment
    if declared is None:
        raise NoEnvironment(
            f"{game!r} has no learning environment yet (environments: {', '.join(env_games())})"
        )
    spec: EnvSpec = declared()
    return spec


def action_table(game: str) -> ActionTable:
    """Return a game's fixed action table.

    Raises:
        UnknownGame, NoEnvironment: as :func:`env_spec`.
    """
    return env_spec(game).table
