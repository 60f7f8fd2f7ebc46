"""Speed benchmarks of the rules and the search, with OpenSpiel as the yardstick when present.

Per game: random-play actions/s (legal actions + apply on internal states), legal-action
generations/s and generated legal actions/s (over positions collected from random games),
MCTS simulations/s (IS-MCTS from the view in hidden-information games) and the time of a
1000-simulation move from the opening. For games with a learning environment (``meeples.env``,
the ``rl`` extra installed), environment steps/s: random legal ids through the PettingZoo AEC
environment, each step with its observation planes and mask, beside random play of the same
games; and learner steps/s against the random bot of one Gymnasium environment, of the vector
environment of 16 games (``meeples.env.vector``) and of Gymnasium's ``SyncVectorEnv`` of 16,
measured in turn in the same run. For Sparta with the ``fast`` extra, its batch engine's
self-play environment steps/s and random-play actions/s, 512 games at once (the size that
keeps their arrays in the cache: see docs/batch.md). With
``open_spiel`` importable (``pip install 'meeples[bench]'``), the same figures for OpenSpiel's
C++ breakthrough 10x10 driven from Python, its pure-Python tic-tac-toe, and its Python MCTS on
breakthrough. Times are CPU seconds of the benchmarking process.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import meeples
from meeples.ai.bot import Budget
from meeples.ai.ismcts import ISMCTSBot
from meeples.ai.mcts import MCTSBot
from meeples.ai.model import GameModel, model
from meeples.core.chance import CHANCE, SEED_BOUND, Dealer

Figures = dict[str, float]


#: Every figure is timed in CPU seconds of this process, not wall-clock seconds: on a shared
#: machine another process's load then slows both libraries' figures alike instead of whichever
#: happened to run during a spike, so the ratios hold (both libraries run single-threaded here).
_clock = time.process_time

#: Each figure is the best of this many equal slices of its time (like ``timeit``'s best of
#: repeats): on a shared machine the best slice is the least disturbed one.
SLICES = 20


def _timed(seconds: float, step: Callable[[], int]) -> float:
    """Return units per second of ``step`` (which returns the units it did): best slice."""
    best = 0.0
    for _ in range(SLICES):
        done = 0
        start = _clock()
        while True:
            done += step()
            elapsed = _clock() - start
            if elapsed >= seconds / SLICES:
                break
        best = max(best, done / elapsed)
    return best


def _random_step(searched: GameModel, state: Any, rng: random.Random) -> Any:
    """Return the state after a random action, or after chance's outcome drawn by its
    probability at a chance node."""
    rules = searched.game.rules
    if rules.to_move(state) == CHANCE:
        return rules.apply(state, searched.sample_chance(state, rng))
    actions = rules.legal_actions(state)
    return rules.apply(state, actions[rng.randrange(len(actions))])


def random_play(name: str, seconds: float, seed: int = 0, players: int | None = None) -> float:
    """Return random-play actions per second on internal states (new games as they end)."""
    game = meeples.load(name)
    rules = game.rules
    rng = random.Random(seed)
    count = players or game.min_players
    games = [0]
    searched = model(name)

    def one_game() -> int:
        state = rules.initial_state(count, seed + games[0], game.check_options(count, {}))
        games[0] += 1
        plies = 0
        while rules.outcome(state) is None and plies < 5000:
            state = _random_step(searched, state, rng)
            plies += 1
        return plies

    return _timed(seconds, one_game)


def sample_positions(name: str, count: int, seed: int = 0) -> list[Any]:
    """Return internal states met in seeded random games (every third ply)."""
    game = meeples.load(name)
    rules = game.rules
    rng = random.Random(seed)
    out: list[Any] = []
    g = 0
    searched = model(name)
    while len(out) < count:
        options = game.check_options(game.min_players, {})
        state = rules.initial_state(game.min_players, seed + g, options)
        g += 1
        plies = 0
        while rules.outcome(state) is None and len(out) < count and plies < 5000:
            if plies % 3 == 0:
                out.append(state)
            state = _random_step(searched, state, rng)
            plies += 1
    return out


def generation(name: str, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Return (legal-action generations/s, generated legal actions/s) over sampled positions."""
    rules = meeples.load(name).rules
    positions = sample_positions(name, 300, seed)
    per_sweep = sum(len(rules.legal_actions(state)) for state in positions)

    def sweep() -> int:
        for state in positions:
            rules.legal_actions(state)
        return len(positions)

    calls_per_second = _timed(seconds, sweep)
    return calls_per_second, calls_per_second * per_sweep / len(positions)


def _search_bot(name: str, budget: Budget) -> MCTSBot:
    return ISMCTSBot(name, budget) if model(name).hidden else MCTSBot(name, budget, reuse=False)


def mcts_move(name: str, simulations: int, seed: int = 0) -> tuple[float, float]:
    """Return (simulations/s, seconds) of one ``simulations``-iteration move from the opening."""
    game = meeples.load(name)
    state = game.new(players=game.min_players, seed=seed)
    bot = _search_bot(name, Budget(iterations=simulations))
    start = _clock()
    bot.act(state, random.Random(seed))
    elapsed = _clock() - start
    return bot.last_iterations / elapsed, elapsed


def ours(name: str, seconds: float = 2.0, simulations: int = 1000) -> Figures:
    """Return every figure for one of our games."""
    calls, moves = generation(name, seconds)
    sims_per_second, move_seconds = mcts_move(name, simulations)
    figures = {
        "random_play_actions_per_s": random_play(name, seconds),
        "legal_generations_per_s": calls,
        "legal_actions_per_s": moves,
        "mcts_simulations_per_s": sims_per_second,
        "mcts_move_seconds": move_seconds,
    }
    if name in environment_games():
        from meeples.env import env_spec

        if env_spec(name).choices is not None:
            env, raw, acted = env_choice_steps(name, seconds)
            figures["env_actions_per_s"] = acted
        else:
            env, raw = env_steps(name, seconds)
        figures["env_steps_per_s"] = env
        figures["env_random_play_actions_per_s"] = raw
        # Paired: both ways played the same games one after the other in this round.
        figures["env_ratio"] = figures.get("env_actions_per_s", env) / raw
        single, batched, sync = vector_steps(name, seconds)
        figures["gym_steps_per_s"] = single
        figures["vector_steps_per_s"] = batched
        figures["sync_vector_steps_per_s"] = sync
    if has_batch_engine(name):
        env, raw = batch_steps(name, seconds)
        figures["batch_env_steps_per_s"] = env
        figures["batch_random_play_actions_per_s"] = raw
    return figures


#: Games stepped at once by the batch engine's figures (``meeples.env.fast``).
#: Measured best per CPU-second among 256-4,096: larger batches spill the masks and planes
#: (10 kB a game) out of the caches (docs/batch.md).
BATCH_GAMES = 512


def has_batch_engine(name: str) -> bool:
    """Return whether a game declares a batch engine (``EnvSpec.batch``) that runs compiled
    (the ``fast`` extra) and its environment can be built (the ``rl`` extra): as Python it
    would take hours to measure."""
    if name not in environment_games() or importlib.util.find_spec("numba") is None:
        return False
    from meeples.env import env_spec

    spec = env_spec(name)
    return spec.batch is not None and spec.fast is not None and bool(spec.batch().COMPILED)


def batch_steps(name: str, seconds: float, games: int = BATCH_GAMES, seed: int = 0
                ) -> tuple[float, float]:
    """Return a game on its batch engine (``EnvSpec.batch``), ``games`` at once: (self-play
    environment steps/s of ``meeples.env.fast``, each step one action with its observation
    planes and the next mask, the ids drawn by the environment's ``random_actions``; random-play
    actions/s of the engine alone, each a legal mask with its list of ids, a random pick and a
    step). Counted in actions of single games, so comparable with random-play actions/s; CPU
    seconds of every thread of the process."""
    import numpy as np

    from meeples.env import env_spec, fast

    declared = env_spec(name).batch
    assert declared is not None
    batch = declared()
    rng = np.random.default_rng(seed)
    env: Any = fast(name, games, seat=None)
    env.reset(seed=seed)

    def env_step() -> int:
        env.step(env.random_actions(rng))
        return games

    played = batch.init(games)
    mask = np.empty((games, batch.COUNT), np.bool_)
    ids = np.empty((games, batch.MOST_LEGAL), np.int16)
    counts = np.empty(games, np.int32)
    fresh = batch.init(games)

    def engine_step() -> int:
        batch.legal_mask(played, out=mask, ids=ids, counts=counts)
        going = int(np.count_nonzero(counts))
        batch.step(played, batch.pick(ids, counts, rng), checked=False)
        ended = played.ended
        if ended.any():
            played.put(ended, fresh.take(ended))
        return going

    env_step(), engine_step()  # compiled kernels loaded before the clock starts
    return _timed(seconds, env_step), _timed(seconds, engine_step)


def has_environments() -> bool:
    """Return whether the learning environments' packages (the ``rl`` extra) can be imported."""
    return all(
        importlib.util.find_spec(name) is not None for name in ("numpy", "pettingzoo", "gymnasium")
    )


def environment_games() -> list[str]:
    """Return the games with a learning environment (none without the ``rl`` extra)."""
    if not has_environments():
        return []
    from meeples.env import env_games

    return env_games()


def env_steps(name: str, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Return (environment steps/s, random-play actions/s) over the same seeded random games.

    Each game is played twice from the same seed and generator, one after the other, so that
    both meet the same load: by the rules (legal actions, a random index, apply), and through
    the PettingZoo AEC environment, in PettingZoo's loop: ``last()`` (the observation planes and
    the mask of the agent to move), the same random index into the mask's ids, ``step(id)``.
    Both play the same game, move for move, so the comparison is of the same work: by the rules,
    chance nodes are drawn by the environment's dealer of the same seed, and where a game's ids
    do not ascend in the rules' order (Rise of Tribes), the random index is taken in the ids'
    order (a sort by id, counted in the rules' time). (Random play's own
    figure keeps its best time slice, which holds the positions with the fewest pieces and is
    faster than whole games; see docs/learning.md.)

    Raises:
        RuntimeError: the two ways played different games.
    """
    from meeples.env import aec, env_spec

    game = meeples.load(name)
    rules = game.rules
    count = game.min_players
    options = game.check_options(count, {})
    env = aec(name)
    spec = env_spec(name)
    table = None if spec.ids_in_rules_order else spec.table

    def by_rules(game_seed: int) -> int:
        rng = random.Random(game_seed)
        dealer = Dealer(game_seed % SEED_BOUND)
        state = rules.initial_state(count, game_seed, options)
        plies = drawn = 0
        while rules.outcome(state) is None and plies < 5000:
            if rules.to_move(state) == CHANCE:
                outcomes = rules.chance_outcomes(state)
                state = rules.apply(state, dealer.pick(outcomes, drawn))
                drawn += 1
                continue
            actions = rules.legal_actions(state)
            if table is not None:
                actions = sorted(actions, key=table.action_id)
            state = rules.apply(state, actions[rng.randrange(len(actions))])
            plies += 1
            drawn += 1
        return plies

    def by_environment(game_seed: int) -> int:
        rng = random.Random(game_seed)
        env.reset(seed=game_seed)
        steps = 0
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated or observation is None or steps >= 5000:
                break
            # The mask's ids through a boolean view: NumPy's nonzero takes five times as long
            # on int8 (the agent's cost, not the environment's).
            legal = observation["action_mask"].view(bool).nonzero()[0]
            env.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    plies = steps = 0
    rules_time = env_time = 0.0
    game_seed = seed
    while rules_time + env_time < seconds:
        start = _clock()
        played = by_rules(game_seed)
        middle = _clock()
        stepped = by_environment(game_seed)
        rules_time += middle - start
        env_time += _clock() - middle
        if played != stepped:
            raise RuntimeError(
                f"{name}: game {game_seed} lasted {played} plies by the rules but {stepped} steps"
                " in the environment: its action ids do not ascend in the rules' order"
            )
        plies += played
        steps += stepped
        game_seed += 1
    return steps / env_time, plies / rules_time


def replay(name: str, game_seed: int, played: Sequence[Any]) -> int:
    """Replay actions an environment played in a seeded game by the rules (the game's fewest
    players, default options): each position's legal actions generated, the action applied,
    chance drawn by the environment's dealer of the same seed; return how many were played.

    Raises:
        RuntimeError: an action is not legal by the rules where the environment played it.
    """
    game = meeples.load(name)
    rules = game.rules
    count = game.min_players
    dealer = Dealer(game_seed % SEED_BOUND)
    state = rules.initial_state(count, game_seed, game.check_options(count, {}))
    drawn = 0
    for action in played:
        while rules.to_move(state) == CHANCE:
            outcomes = rules.chance_outcomes(state)
            state = rules.apply(state, dealer.pick(outcomes, drawn))
            drawn += 1
        if action not in rules.legal_actions(state):
            raise RuntimeError(f"{name}: game {game_seed}: {action!r} is not legal by the"
                               " rules where the environment played it")
        state = rules.apply(state, action)
        drawn += 1
    return len(played)


def env_choice_steps(name: str, seconds: float, seed: int = 0) -> tuple[float, float, float]:
    """Return (environment steps/s, random-play actions/s, actions/s through the environment)
    over the same seeded games, for a game whose environment factors its actions into choices
    (Meeple War: a move is two steps, its head and its place).

    Each game is played through the PettingZoo AEC environment first, in PettingZoo's loop
    (``last()``, a random id of the mask, ``step``), and then by the rules, replaying the actions
    it chose: each position's legal actions generated (random play's work), the same action
    applied, chance drawn by the same dealer. A random index cannot pick the same action both
    ways (the choices group actions by head), so the rules replay the environment's game.

    Raises:
        RuntimeError: an action the environment played was not legal by the rules.
    """
    from meeples.env import aec

    env = aec(name)
    episode = env.episode

    def by_environment(game_seed: int) -> tuple[int, list[Any]]:
        rng = random.Random(game_seed)
        env.reset(seed=game_seed)
        steps = 0
        played: list[Any] = []
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated or observation is None or steps >= 10000:
                break
            legal = observation["action_mask"].view(bool).nonzero()[0]
            env.step(legal[rng.randrange(len(legal))])
            steps += 1
            if episode.pending is None:
                played.append(episode._last)
        return steps, played

    plies = steps = 0
    rules_time = env_time = 0.0
    game_seed = seed
    while rules_time + env_time < seconds:
        start = _clock()
        stepped, played = by_environment(game_seed)
        middle = _clock()
        plies += replay(name, game_seed, played)
        env_time += middle - start
        rules_time += _clock() - middle
        steps += stepped
        game_seed += 1
    return steps / env_time, plies / rules_time, plies / env_time


#: Games in the vector environments that ``meeples bench`` measures.
VECTOR_GAMES = 16


def vector_steps(
    name: str, seconds: float, games: int = VECTOR_GAMES, seed: int = 0
) -> tuple[float, float, float]:
    """Return learner steps/s against the random bot of (one Gymnasium environment, our vector
    environment of ``games`` games, Gymnasium's ``SyncVectorEnv`` of as many single ones).

    Each step is a random legal id from the mask the environment gave (``info["action_mask"]``)
    and the environment's step, the bot's reply included. The three are measured in turn, a
    slice each (``games`` x 8 learner steps), until ``seconds`` have passed: an A/B/C in the
    same run, each meeting the same load.
    """
    import numpy as np
    from gymnasium.vector import SyncVectorEnv

    from meeples.env import gym, vector

    rng = random.Random(seed)

    def pick(mask: Any) -> int:
        legal = mask.view(bool).nonzero()[0]
        return int(legal[rng.randrange(len(legal))]) if len(legal) else 0

    single = gym(name, opponents="random")
    single_info = [single.reset(seed=seed)[1]]
    ours = vector(name, games, opponents="random")
    sync = SyncVectorEnv([lambda: gym(name, opponents="random") for _ in range(games)])
    batch_infos = [ours.reset(seed=seed)[1], sync.reset(seed=seed)[1]]
    rounds = 8

    def step_single() -> None:
        for _ in range(games * rounds):
            *_, terminated, _, info = single.step(pick(single_info[0]["action_mask"]))
            single_info[0] = single.reset()[1] if terminated else info

    def step_batch(which: int) -> None:
        envs = (ours, sync)[which]
        for _ in range(rounds):
            masks = batch_infos[which]["action_mask"]
            chosen = [pick(row) for row in masks]
            batch_infos[which] = envs.step(np.array(chosen))[4]

    times = [0.0, 0.0, 0.0]
    work: tuple[Callable[[], None], ...] = (
        step_single, lambda: step_batch(0), lambda: step_batch(1)
    )
    slices = 0
    while sum(times) < seconds:
        for k, run in enumerate(work):
            start = _clock()
            run()
            times[k] += _clock() - start
        slices += 1
    steps = games * rounds * slices
    ours.close()
    sync.close()
    return steps / times[0], steps / times[1], steps / times[2]


def vector_ratio(figures: Figures) -> float | None:
    """Return the vector environment's learner steps/s over the single environment's, measured
    in the same run."""
    if "vector_steps_per_s" not in figures:
        return None
    return figures["vector_steps_per_s"] / figures["gym_steps_per_s"]


def env_ratio(figures: Figures) -> float | None:
    """Return environment steps/s over random-play actions/s on the same games (target 0.5);
    for a game with two-step choices, the actions played through the environment per second
    (so the ratio compares the same work: time per action)."""
    if "env_steps_per_s" not in figures:
        return None
    if "env_ratio" in figures:  # the median of the rounds' paired ratios (see best)
        return figures["env_ratio"]
    acted = figures.get("env_actions_per_s", figures["env_steps_per_s"])
    return acted / figures["env_random_play_actions_per_s"]


def has_open_spiel() -> bool:
    """Return whether OpenSpiel can be imported."""
    return importlib.util.find_spec("pyspiel") is not None


def _spiel_random_play(game: Any, seconds: float, seed: int) -> float:
    """Return transitions/s of random play (legal actions, then apply one)."""
    rng = random.Random(seed)

    def one_game() -> int:
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            plies += 1
        return plies

    return _timed(seconds, one_game)


def _spiel_generation(game: Any, seconds: float, seed: int) -> tuple[float, float]:
    """Return (legal generations/s, legal actions/s) over positions of random games."""
    rng = random.Random(seed)
    positions: list[Any] = []
    while len(positions) < 300:
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal() and len(positions) < 300:
            if plies % 3 == 0:
                positions.append(state.clone())
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            plies += 1
    per_sweep = sum(len(state.legal_actions()) for state in positions)

    def sweep() -> int:
        for state in positions:
            state.legal_actions()
        return len(positions)

    calls = _timed(seconds, sweep)
    return calls, calls * per_sweep / len(positions)


def open_spiel(seconds: float = 2.0, simulations: int = 1000) -> Figures:
    """Return OpenSpiel's reference figures (requires ``open_spiel``)."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.games import tic_tac_toe  # noqa: F401

    breakthrough = pyspiel.load_game("breakthrough(rows=10,columns=10)")
    transitions = _spiel_random_play(breakthrough, seconds, 0)
    calls, moves = _spiel_generation(breakthrough, seconds, 0)
    python_ttt = pyspiel.load_game("python_tic_tac_toe")
    ttt_transitions = _spiel_random_play(python_ttt, seconds, 0)
    figures: Figures = {
        "breakthrough10_random_play_actions_per_s": transitions,
        "breakthrough10_legal_generations_per_s": calls,
        "breakthrough10_legal_actions_per_s": moves,
        "python_tictactoe_random_play_actions_per_s": ttt_transitions,
    }
    for label, text in (("breakthrough8", "breakthrough"),
                        ("breakthrough10", "breakthrough(rows=10,columns=10)")):
        game = pyspiel.load_game(text)
        state = game.new_initial_state()
        rng = np.random.RandomState(0)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=False, random_state=rng)
        start = _clock()
        bot.step(state)
        elapsed = _clock() - start
        figures[f"{label}_mcts_move_seconds"] = elapsed
        figures[f"{label}_mcts_simulations_per_s"] = simulations / elapsed
    return figures


def best(rounds: list[Figures]) -> Figures:
    """Return the best value of each figure over rounds (highest rate, lowest time), and the
    median of each ratio: a ratio is measured within one round, its two sides on the same games
    under the same load, so the best of each side (from different rounds) would not be paired."""
    out: Figures = {}
    for figures in rounds:
        for key, value in figures.items():
            keep = min if key.endswith("_seconds") else max
            out[key] = keep(out[key], value) if key in out else value
    for key in out:
        if key.endswith("_ratio"):
            out[key] = statistics.median(f[key] for f in rounds if key in f)
    return out


#: Our figure and the OpenSpiel figure it is compared with, for a game that declares none
#: (``Capabilities.bench_anchors``).
ANCHORS = (("random_play_actions_per_s", "python_tictactoe_random_play_actions_per_s", "higher"),)


#: The ratio a figure must reach to meet its target, where it is not 1 (issue 30: Sparta's
#: batched environment steps at 1.5x OpenSpiel's C++ Breakthrough random play).
THRESHOLDS = {"batch_env_steps_per_s": 1.5}


def ratios(name: str, figures: Figures, spiel: Figures) -> list[tuple[str, str, float, bool]]:
    """Return (our figure, their figure, ratio ours/theirs or theirs/ours, target met), for
    the figures measured (the batch engine's only with the ``fast`` extra)."""
    out = []
    for mine, theirs, better in meeples.load(name).capabilities.bench_anchors or ANCHORS:
        if mine not in figures:
            continue
        if better == "higher":
            ratio = figures[mine] / spiel[theirs]
        else:
            ratio = spiel[theirs] / figures[mine]
        out.append((mine, theirs, ratio, ratio >= THRESHOLDS.get(mine, 1.0)))
    return out
