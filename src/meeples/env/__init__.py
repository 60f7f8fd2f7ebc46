"""Learning environments over the rules: PettingZoo (every seat) and Gymnasium (one seat).

    from meeples.env import aec, gym
    env = aec("sparta")                            # a PettingZoo AECEnv: player_0, player_1
    env = parallel("sparta")                       # the same as a PettingZoo ParallelEnv
    env = gym("sparta", seat=0, opponents="random")  # a Gymnasium Env against our bots
    env = gymnasium.make("meeples/Sparta-v0", opponents="random")  # the same, registered
    envs = vector("sparta", num_envs=16, opponents="random")  # 16 games stepped as one batch
    envs = gymnasium.make_vec("meeples/Sparta-v0", num_envs=16, opponents="random")  # the same
    games = batch("sparta", num_envs=64)          # 64 self-play games as one batch, both seats
    envs = fast("sparta", num_envs=4096)          # Sparta on the compiled batch engine

Observations are a game's planes from the player's own view, actions the ids of its fixed
action table (:func:`action_table`), rewards +1/-1/0 at the end. They need the ``rl`` extra
(``pip install 'meeples[rl]'``: PettingZoo, Gymnasium, NumPy). See ``docs/learning.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:
    raise ImportError(
        f"meeples.env needs PettingZoo, Gymnasium and NumPy (the rl extra): pip install"
        f" 'meeples[rl]' ({error})", name=error.name,
    ) from error

from meeples.env.registry import (  # noqa: E402 - after the check of the extra
    ActionTable,
    EnvSpec,
    NoEnvironment,
    action_table,
    env_games,
    env_spec,
)


class SlowOpponentWarning(UserWarning):
    """A Gymnasium environment's opponent is one of our searching bots: a training run against
    it crawls (some hundreds of learner steps/s, against about 10,000 with ``"random"``)."""


if TYPE_CHECKING:
    from meeples.env.batch_env import MeeplesBatch
    from meeples.env.gymnasium_env import MeeplesGym, Opponent
    from meeples.env.parallel_env import MeeplesParallel
    from meeples.env.pettingzoo_env import MeeplesAEC
    from meeples.env.vector_env import MeeplesVector


def aec(
    game: str,
    players: int | None = None,
    *,
    render_mode: str | None = None,
    illegal: str = "lose",
    checked: bool = False,
    relative_actions: bool = False,
    flat: bool = False,
    max_cycles: int | None = None,
    **options: Any,
) -> MeeplesAEC:
    """Return a PettingZoo AEC environment of a game, with its rule options.

    ``illegal``: "lose" (an illegal id ends the game, -1 to the offender, 0 to the others) or
    "raise" (:class:`~meeples.IllegalAction`). ``checked``: build every observation from the
    view as well as from the state and compare them (slower; the tests run it).
    ``relative_actions``: each player's ids (actions and mask) relative to its own seat, as its
    observation is, so that one policy plays every seat (:mod:`meeples.env.relative`); by
    default the ids are the board's. ``flat``: observations are the planes flattened into one
    vector, the mask in each agent's ``info["action_mask"]`` and ``action_mask(agent)``
    (SuperSuit's wrappers, unmasked policies). ``max_cycles``: cut a game short (every agent
    truncated) after that many decisions of each player on average; None, the default: every
    game ends by its rules.

    Raises:
        UnknownGame, NoEnvironment: no such game, or no environment for it yet.
        BadOptions: an unknown option, a bad value, or an unsupported player count.
    """
    from meeples.env.pettingzoo_env import MeeplesAEC

    return MeeplesAEC(
        game, players, render_mode=render_mode, illegal=illegal, checked=checked,
        relative_actions=relative_actions, flat=flat, max_cycles=max_cycles, **options,
    )


def parallel(
    game: str,
    players: int | None = None,
    *,
    render_mode: str | None = None,
    illegal: str = "lose",
    checked: bool = False,
    relative_actions: bool = False,
    flat: bool = False,
    max_cycles: int | None = None,
    **options: Any,
) -> MeeplesParallel:
    """Return a PettingZoo parallel environment of a game: every agent observes at every step
    and gives an action, of which only the agent to move's is played (the others' are ignored).
    Options as for :func:`aec`.

    Raises:
        UnknownGame, NoEnvironment, BadOptions: as :func:`aec`.
        ValueError: a bad render mode, flag or max_cycles.
    """
    from meeples.env.parallel_env import MeeplesParallel

    return MeeplesParallel(
        game, players, render_mode=render_mode, illegal=illegal, checked=checked,
        relative_actions=relative_actions, flat=flat, max_cycles=max_cycles, **options,
    )


def gym(
    game: str,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "random",
    *,
    players: int | None = None,
    render_mode: str | None = None,
    illegal: str = "lose",
    checked: bool = False,
    relative_actions: bool = False,
    flat: bool = False,
    **options: Any,
) -> MeeplesGym:
    """Return a Gymnasium environment where the learner plays ``seat`` against bots.

    ``opponents``: a level or bot spec (``"random"``, the default, ``"easy"``, ``"mcts:200"``,
    ...) or a bot, for every other seat, or one per other seat in seat order; one of our
    searching bots (every level, ``"heuristic"``) costs the learner its speed, and says so once
    (:class:`SlowOpponentWarning`). ``illegal``, ``checked`` and
    ``relative_actions`` as for :func:`aec`.

    Raises:
        UnknownGame, NoEnvironment, BadOptions: as :func:`aec`.
        ValueError: a bad seat, or an unknown bot.
    """
    from meeples.env.gymnasium_env import MeeplesGym

    return MeeplesGym(
        game, seat, opponents, players=players, render_mode=render_mode, illegal=illegal,
        checked=checked, relative_actions=relative_actions, flat=flat, **options,
    )


def vector(
    game: str,
    num_envs: int = 8,
    seat: int = 0,
    opponents: str | Sequence[str] = "random",
    *,
    players: int | None = None,
    render_mode: str | None = None,
    illegal: str = "lose",
    checked: bool = False,
    relative_actions: bool = False,
    flat: bool = False,
    copy: bool = False,
    **options: Any,
) -> MeeplesVector:
    """Return a Gymnasium vector environment of ``num_envs`` games where the learner plays
    ``seat`` against bots (given as specs or levels), stepped as one batch in this process.

    Observations are ``(num_envs, *planes)``, ``action_masks()`` is ``(num_envs, COUNT)``;
    next-step autoreset, as Gymnasium's ``SyncVectorEnv`` of :func:`gym` environments.
    ``copy``: return copies of the batch arrays (by default the next step overwrites them).

    Raises:
        UnknownGame, NoEnvironment, BadOptions: as :func:`aec`.
        ValueError: a bad count or seat, an unknown bot, or a bot object instead of a spec.
    """
    from meeples.env.vector_env import MeeplesVector

    return MeeplesVector(
        game, num_envs, seat, opponents, players=players, render_mode=render_mode,
        illegal=illegal, checked=checked, relative_actions=relative_actions, flat=flat,
        copy=copy, **options,
    )


def batch(
    game: str,
    num_envs: int = 8,
    players: int | None = None,
    *,
    render_mode: str | None = None,
    illegal: str = "lose",
    checked: bool = False,
    relative_actions: bool = False,
    flat: bool = False,
    copy: bool = False,
    **options: Any,
) -> MeeplesBatch:
    """Return ``num_envs`` self-play games stepped as one batch: each step plays one id per
    game for its player to move, as the AEC environment's agents do, and returns the planes,
    masks and players to move next (``info["to_move"]``) and every player's rewards,
    ``(num_envs, players)``. Next-step autoreset; ``copy`` as for :func:`vector`.

    Raises:
        UnknownGame, NoEnvironment, BadOptions: as :func:`aec`.
        ValueError: a bad count.
    """
    from meeples.env.batch_env import MeeplesBatch

    return MeeplesBatch(
        game, num_envs, players, render_mode=render_mode, illegal=illegal, checked=checked,
        relative_actions=relative_actions, flat=flat, copy=copy, **options,
    )


def fast(
    game: str,
    num_envs: int = 1024,
    seat: int | None = 0,
    opponents: str = "random",
    *,
    illegal: str = "lose",
    relative_actions: bool = False,
    copy: bool = False,
    **options: Any,
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """Return a Gymnasium vector environment of ``num_envs`` games played by the game's batch
    engine (``EnvSpec.fast``; Sparta's: :mod:`meeples.env.sparta_batch`, compiled with the
    ``fast`` extra): the learner plays ``seat`` against the random player drawn inside the
    engine, or both seats (``seat=None``, self-play). The API of :func:`vector`, every game
    computed at once, with the game's options.

    Raises:
        NoEnvironment: a game that declares no batch engine.
        ValueError: a bad count, seat, opponent, flag or option.
    """
    declared = env_spec(game).fast
    if declared is None:
        raise NoEnvironment(f"{game!r} has no batch engine")
    environment: gymnasium.vector.VectorEnv[Any, Any, Any] = declared()(
        num_envs, seat, opponents, illegal=illegal, relative_actions=relative_actions,
        copy=copy, **options)
    return environment


def _register() -> None:
    """Register ``meeples/<Title>-v0`` (``meeples/Sparta-v0``, ``meeples/RiseOfTribes-v0``) with
    Gymnasium, for ``gymnasium.make`` and ``gymnasium.make_vec`` (our vector environment by
    default, Gymnasium's own with ``vectorization_mode="sync"`` or ``"async"``)."""
    from meeples.core.registry import load

    for name in env_games():
        # Each word capitalised: "Rise of Tribes" is meeples/RiseOfTribes-v0.
        title = "".join(word[:1].upper() + word[1:] for word in load(name).title.split())
        env_id = f"meeples/{title}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point="meeples.env.gymnasium_env:MeeplesGym",
                vector_entry_point="meeples.env.vector_env:MeeplesVector",
                kwargs={"game": name},
            )


_register()

__all__ = [
    "ActionTable", "EnvSpec", "NoEnvironment", "action_table", "aec", "batch", "env_games", "fast",
    "SlowOpponentWarning", "env_spec", "gym", "parallel", "vector",
]
