"""Policy/value networks as bots: ``net:FILE`` in every bot spec, searched by PUCT (AlphaZero).

A network file is NumPy's ``.npz`` (read with ``allow_pickle=False``): the weights as float32
arrays, and ``meta``, a JSON text (``"format": "meeples-network/1"``) naming the game, its
observation planes and action count (``meeples.env``'s, checked against the game's), the
sizes of the layers and what its training measured. The network (:class:`Network`):

- a trunk of ``layers`` 3x3 convolutions of ``channels`` each, with zero padding and ReLU, over
  the player's observation planes (the environments' ``from_state``);
- a policy head: a 1x1 convolution to ``cell_actions`` logits per cell, read as the ids
  ``cell * cell_actions + k`` (a fixed table whose ids start at a square, as Sparta's 49 slots
  per square), and a dense layer from the trunk's mean over the cells for the ids beyond
  (Sparta's pass); the ids are the player's own (``EnvSpec.relative``: North's board and ids
  turned half a turn), so one network plays both seats;
- a value head: a 1x1 convolution to ``value_channels``, a dense hidden layer with ReLU and one
  output through tanh: the expected result of the player to move, -1 a loss to 1 a win.

The bot (:class:`NetworkBot`) runs PUCT over the game's pure rules (Silver et al., "A general
reinforcement learning algorithm that masters chess, shogi, and Go through self-play", 2018):
each simulation descends by ``Q + c P sqrt(N) / (1 + n)``, the priors ``P`` the policy head's
softmax over the legal ids, expands one new position and values it by the value head (an ended
game by its result), without rollouts; it plays the most visited move. ``net:FILE,s64`` runs 64
simulations (the default, :data:`DEFAULT_SIMULATIONS`); ``net:FILE,s0`` plays the policy's
likeliest legal move. Two-player games with an environment only.

Inference is NumPy alone (the ``rl`` extra); ``examples/alphazero_sparta.py`` trains one with
PyTorch (the ``az`` extra) and saves it in this format.
"""

from __future__ import annotations

import json
import math
import random
import re
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from meeples.ai.bot import Budget, SearchBot
from meeples.core.errors import MeeplesError
from meeples.core.files import shorten

FORMAT = "meeples-network/1"
PREFIX = "net:"
#: Simulations a move when the spec names none.
DEFAULT_SIMULATIONS = 64
#: PUCT's exploration constant, for values in [-1, 1] (AlphaZero's c_init, about 1.25).
EXPLORATION = 1.5
#: The whole numbers the metadata gives the layers' sizes with, each at least 1.
SIZES = ("layers", "channels", "cell_actions", "value_channels", "value_hidden")

Floats = npt.NDArray[np.float32]


class BadNetwork(MeeplesError):
    """A network file that cannot be used: missing, malformed, or of another game."""


def shapes(meta: dict[str, Any], planes: int, cells: int, count: int) -> dict[str, tuple[int, ...]]:
    """Return the shape of every array a network of these sizes holds, by name."""
    layers, channels, per_cell = meta["layers"], meta["channels"], meta["cell_actions"]
    value_channels, hidden = meta["value_channels"], meta["value_hidden"]
    out: dict[str, tuple[int, ...]] = {}
    for layer in range(layers):
        out[f"trunk.{layer}.weight"] = (channels, planes if layer == 0 else channels, 3, 3)
        out[f"trunk.{layer}.bias"] = (channels,)
    out["policy.cells.weight"] = (per_cell, channels)
    out["policy.cells.bias"] = (per_cell,)
    out["policy.rest.weight"] = (count - cells * per_cell, channels)
    out["policy.rest.bias"] = (count - cells * per_cell,)
    out["value.cells.weight"] = (value_channels, channels)
    out["value.cells.bias"] = (value_channels,)
    out["value.hidden.weight"] = (hidden, value_channels * cells)
    out["value.hidden.bias"] = (hidden,)
    out["value.out.weight"] = (1, hidden)
    out["value.out.bias"] = (1,)
    return out


def load_network(path: str | Path, game: str | None = None) -> Network:
    """Return the network a file holds, checked: its format, game (``game``: the one expected),
    planes, action count and every array's shape.

    Raises:
        BadNetwork: the file cannot be read or is not a usable network (the reason in one line).
    """
    from meeples.core.registry import load
    from meeples.env.registry import env_spec

    shown = shorten(str(path))
    try:
        with np.load(path, allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
    except FileNotFoundError:
        raise BadNetwork(f"cannot read the network {shown}: no such file") from None
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as error:
        raise BadNetwork(f"cannot read the network {shown}: not a NumPy .npz file"
                         f" ({type(error).__name__})") from None
    text = arrays.pop("meta", None)
    try:
        meta = json.loads(str(text)) if text is not None and text.shape == () else None
    except (json.JSONDecodeError, RecursionError):
        meta = None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise BadNetwork(f"{shown} is not a network file (format {FORMAT})")
    name = meta.get("game")
    if game is not None and name != game:
        raise BadNetwork(f"{shown} is a network for {name!r}, not for {game}")
    try:
        load(str(name))
        spec = env_spec(str(name))
    except MeeplesError:
        raise BadNetwork(f"{shown} is a network for {name!r}, which is no game with an"
                         " environment") from None
    if spec.choices is not None or len(spec.shape) != 3:
        raise BadNetwork(f"{shown}: a network reads planes over a board and a table of ids,"
                         f" which {name} does not declare")
    if meta.get("planes") != list(spec.planes) or meta.get("count") != spec.table.COUNT:
        raise BadNetwork(f"{shown} reads other planes or ids than {name}'s environment"
                         f" ({len(spec.planes)} planes, {spec.table.COUNT} ids)")
    for size in SIZES:
        value = meta.get(size)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise BadNetwork(f"{shown}: {size} is not a whole number from 1 ({value!r})")
    cells = spec.shape[1] * spec.shape[2]
    if cells * meta["cell_actions"] > spec.table.COUNT:
        raise BadNetwork(f"{shown}: {meta['cell_actions']} ids a cell are more than"
                         f" {spec.table.COUNT} ids")
    expected = shapes(meta, spec.shape[0], cells, spec.table.COUNT)
    if set(arrays) != set(expected):
        missing = sorted(set(expected) - set(arrays)) or sorted(set(arrays) - set(expected))
        raise BadNetwork(f"{shown}: the arrays are not a network's (first odd one:"
                         f" {missing[0]})")
    for key, shape in expected.items():
        array = arrays[key]
        if array.shape != shape or array.dtype != np.float32:
            raise BadNetwork(f"{shown}: {key} is {array.dtype} {array.shape}, not float32"
                             f" {shape}")
        if not np.isfinite(array).all():
            raise BadNetwork(f"{shown}: {key} holds a number that is not finite")
    return Network(meta, arrays, spec.shape)


def save_network(path: str | Path, meta: dict[str, Any], arrays: dict[str, Floats]) -> None:
    """Write a network file (``meta`` gets the format name), then check it loads.

    Raises:
        BadNetwork: the arrays and metadata do not make a usable network (the file is left
            written, so that it can be looked at).
    """
    text = json.dumps({**meta, "format": FORMAT}, sort_keys=True)
    contents: dict[str, Any] = {"meta": np.array(text), **arrays}
    with open(path, "wb") as out:
        np.savez_compressed(out, allow_pickle=False, **contents)
    load_network(path, meta.get("game"))


def _conv3x3(x: Floats, weight: Floats, bias: Floats) -> Floats:
    """Return a 3x3 convolution with zero padding of ``x`` (N, C, H, W), as PyTorch's."""
    n, c, h, w = x.shape
    padded = np.zeros((n, c, h + 2, w + 2), np.float32)
    padded[:, :, 1:-1, 1:-1] = x
    patches = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(2, 3))
    # (N, C, H, W, 3, 3) -> (N, H, W, C * 9) against (out, C * 9)
    columns = patches.transpose(0, 2, 3, 1, 4, 5).reshape(n, h, w, c * 9)
    out = columns @ weight.reshape(weight.shape[0], -1).T + bias
    return np.ascontiguousarray(out.transpose(0, 3, 1, 2))


@dataclass(frozen=True)
class Network:
    """A policy/value network's weights and sizes (see the module for its layers)."""

    meta: dict[str, Any]
    arrays: dict[str, Floats]
    shape: tuple[int, ...]

    def forward(self, planes: npt.ArrayLike) -> tuple[Floats, Floats]:
        """Return the policy logits ``(N, count)`` over the player's own ids and the values
        ``(N,)`` in [-1, 1] of observation planes ``(N, *shape)``."""
        a = self.arrays
        x = np.asarray(planes, np.float32).reshape(-1, *self.shape)
        for layer in range(self.meta["layers"]):
            x = np.maximum(_conv3x3(x, a[f"trunk.{layer}.weight"], a[f"trunk.{layer}.bias"]), 0)
        n = x.shape[0]
        cells = x.reshape(n, x.shape[1], -1).transpose(0, 2, 1)  # (N, cells, channels)
        per_cell = cells @ a["policy.cells.weight"].T + a["policy.cells.bias"]
        rest = cells.mean(axis=1) @ a["policy.rest.weight"].T + a["policy.rest.bias"]
        logits = np.concatenate([per_cell.reshape(n, -1), rest], axis=1)
        value_cells = np.maximum(cells @ a["value.cells.weight"].T + a["value.cells.bias"], 0)
        # flattened channel-major, as PyTorch's flatten of (N, channels, H, W)
        flat = value_cells.transpose(0, 2, 1).reshape(n, -1)
        hidden = np.maximum(flat @ a["value.hidden.weight"].T + a["value.hidden.bias"], 0)
        value = np.tanh(hidden @ a["value.out.weight"].T + a["value.out.bias"])[:, 0]
        return logits.astype(np.float32), value.astype(np.float32)


def priors(logits: Floats, ids: npt.NDArray[np.intp]) -> Floats:
    """Return the softmax of the logits of some ids (the legal ones), summing to 1."""
    chosen = logits[ids].astype(np.float64)
    chosen = np.exp(chosen - chosen.max())
    out: Floats = (chosen / chosen.sum()).astype(np.float32)
    return out


class _Node:
    """A position of the search: its legal actions with their priors, visits and value totals
    (from the mover's side), and the child reached by each."""

    __slots__ = ("actions", "children", "mover", "priors", "state", "totals", "visits")

    def __init__(self, state: Any, mover: int, actions: list[Any], prior: Floats) -> None:
        self.state = state
        self.mover = mover
        self.actions = actions
        self.priors = prior.astype(np.float64)
        self.visits = np.zeros(len(actions), np.float64)
        self.totals = np.zeros(len(actions), np.float64)
        self.children: list[_Node | tuple[float, ...] | None] = [None] * len(actions)


class NetworkBot(SearchBot):
    """PUCT over the pure rules, guided by a policy/value network (see the module)."""

    name = "net"

    def __init__(self, game: str, path: str | Path, budget: Budget | None = None,
                 exploration: float = EXPLORATION) -> None:
        from meeples.env.registry import env_spec

        super().__init__(game, budget)
        rules = self.model.rules
        self.network = load_network(path, rules.name)
        self.path = str(path)
        self.spec = env_spec(rules.name)
        self.exploration = exploration
        relative = self.spec.relative
        self._relative = ([np.array(relative(p, 2), np.intp) for p in range(2)]
                          if relative is not None else None)
        self.last_simulations = 0

    def _expand(self, state: Any) -> tuple[_Node | tuple[float, ...], float]:
        """Return a new node and the network's value for its mover, or an ended game's returns
        (each player's, in [-1, 1]) twice."""
        rules = self.model.rules
        mover = rules.to_move(state)
        if mover is None:
            values = tuple(2 * share - 1 for share in self.model.values(state))
            return values, 0.0
        actions = list(rules.legal_actions(state))
        planes = (self.spec.from_state(state, mover) if self.spec.from_state is not None
                  else self.spec.from_view(rules.view(state, mover)))
        logits, value = self.network.forward(planes[None])
        ids = np.array(self.spec.table.ids(actions), np.intp)
        if self._relative is not None:
            ids = self._relative[mover][ids]
        return _Node(state, mover, actions, priors(logits[0], ids)), float(value[0])

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Search from ``state``; return (action, the mover's mean share in [0, 1], visits),
        most visited first (the priors break ties; with no simulation, the priors alone)."""
        if self.model.rules.players(state) != 2:
            raise ValueError("a network bot plays two-player games only")
        root, _ = self._expand(state)
        assert isinstance(root, _Node)  # the player to move has a move
        limit = budget.iterations if budget.iterations is not None else DEFAULT_SIMULATIONS
        deadline = budget.deadline()
        done = 0
        while done < limit and (deadline is None or time.perf_counter() < deadline):
            self._simulate(root)
            done += 1
        self.last_simulations = done
        visited = root.visits > 0
        shares = np.where(visited, (root.totals / np.maximum(root.visits, 1) + 1) / 2,
                          root.priors)
        order = sorted(range(len(root.actions)), key=lambda i: (root.visits[i], root.priors[i],
                                                                rng.random()), reverse=True)
        return [(root.actions[i], float(shares[i]), int(root.visits[i])) for i in order]

    def _simulate(self, root: _Node) -> None:
        """Descend once by PUCT, expand one position and back its value up."""
        rules = self.model.rules
        node = root
        path: list[tuple[_Node, int]] = []
        while True:
            spread = self.exploration * math.sqrt(max(node.visits.sum(), 1.0))
            means = np.divide(node.totals, node.visits, out=np.zeros_like(node.totals),
                              where=node.visits > 0)
            index = int(np.argmax(means + spread * node.priors / (1 + node.visits)))
            path.append((node, index))
            child = node.children[index]
            if child is None:
                child, value = self._expand(rules.apply(node.state, node.actions[index]))
                node.children[index] = child
                break
            if not isinstance(child, _Node):
                break
            node = child
        if isinstance(child, _Node):
            mover = child.mover
            values = tuple(value if p == mover else -value for p in range(2))
        else:
            values = child
        for visited, index in path:
            visited.visits[index] += 1
            visited.totals[index] += values[visited.mover]


def parse_spec(spec: str) -> tuple[str, Budget]:
    """Return the file and the budget of a ``net:FILE`` or ``net:FILE,s64`` spec.

    Raises:
        ValueError: no file, or simulations that are not a whole number from 0.
    """
    text = spec[len(PREFIX):] if spec.startswith(PREFIX) else spec
    path, comma, tail = text.rpartition(",")
    if not comma or not tail.startswith("s"):
        path, tail = text, ""
    if not path:
        raise ValueError(f"{spec!r}: a network bot needs a file (net:FILE or net:FILE,s64)")
    if not tail:
        return path, Budget(iterations=DEFAULT_SIMULATIONS)
    if re.fullmatch("[0-9]+", tail[1:]) is None:
        raise ValueError(f"{spec!r}: {tail!r} is not s<simulations>, a whole number from 0")
    return path, Budget(iterations=int(tail[1:]))
