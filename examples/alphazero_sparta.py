"""Train an AlphaZero-style policy/value network for Sparta by self-play on the batch engine.

    python examples/alphazero_sparta.py train --minutes 35 --out runs/az
    python examples/alphazero_sparta.py evaluate runs/az/checkpoint-?.npz \\
        --json docs/alphazero/curve.json --curve docs/alphazero/curve.png
    meeples play sparta --vs net:runs/az/network.npz,s64   # the network as a bot, PUCT

Self-play (Silver et al. 2018, at a small scale): ``--games`` games (default 128) are played
at once in one ``meeples.games.sparta.batch.Batch``. For each move of all of them, a PUCT
search of ``--simulations`` simulations (default 16) per game: each simulation descends every
game's tree by ``Q + c P sqrt(N) / (1 + n)`` (Python, one game after the other), then the new
leaves of all games are made at once, their parents' states taken from a pool of tree states
(``Batch.take``, ``batch.step`` with relative ids, ``Batch.put``), and valued in one batch by
the network (PyTorch, no gradient), priors over the legal ids (``batch.legal_mask(...,
relative=True)``) and a value, without rollouts; an ended game is valued by its result. The
root's priors get Dirichlet noise (0.3, a quarter of the prior). The move played is drawn by
the visits for the first ``--sampled`` plies (default 30) of a game, then the most visited.
Each position is kept with the visits' distribution (the policy target) and, once its game
ends, the result from its mover's side (the value target: 1, -1, 0 a draw).

Training (PyTorch on the CPU, one thread): after each block of moves, minibatches of 256
positions from the last ``--buffer`` positions, as many as make every new position drawn about
``--reuse`` times; the loss is the cross-entropy of the masked policy with the visits plus the
squared error of the value (AlphaZero's, with weight decay by AdamW). Every
``--checkpoint-minutes`` the network is saved in the bot's format (``meeples.ai.network``,
``net:FILE``), with what was measured so far; ``network.npz`` is the last.

``evaluate`` plays each checkpoint, as ``net:FILE,s<--eval-simulations>`` (NumPy inference,
the bot's own PUCT over the pure rules), against ``random``, ``easy``, ``normal`` and ``hard``
(``--games random=10,easy=20,normal=20,hard=10``), with ``meeples.ai.arena``: half the games
in each seat, 95% Wilson intervals; it writes the figures as JSON and the curve as a PNG
(``draw_win_curve``). See docs/learning.md for a run's figures.

Needs the ``az`` extra (``pip install 'meeples[az]'``): PyTorch, NumPy and Numba.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from meeples.ai import arena
from meeples.ai.network import save_network
from meeples.ai.policy import draw_win_curve
from meeples.env.registry import env_spec
from meeples.games.sparta import batch

GAME = "sparta"
SPEC = env_spec(GAME)
CELLS = SPEC.shape[1] * SPEC.shape[2]
#: Ids a cell: Sparta's ids are ``square * 49 + slot`` (``meeples.games.sparta.actions``), so
#: the policy is 49 planes over the board plus pass.
CELL_ACTIONS = batch.SLOTS
#: Network sizes (``meeples.ai.network``): 46,165 weights, 184 kB compressed.
SIZES = {"layers": 4, "channels": 32, "cell_actions": CELL_ACTIONS, "value_channels": 2,
         "value_hidden": 64}
C_PUCT = 1.5
DIRICHLET = 0.3
NOISE = 0.25


class Net(nn.Module):
    """The network of ``meeples.ai.network`` in PyTorch, its parameters named as the file's."""

    def __init__(self) -> None:
        super().__init__()
        planes, channels = SPEC.shape[0], SIZES["channels"]
        self.trunk = nn.ModuleList(
            nn.Conv2d(planes if layer == 0 else channels, channels, 3, padding=1)
            for layer in range(SIZES["layers"]))
        self.policy_cells = nn.Conv2d(channels, CELL_ACTIONS, 1)
        self.policy_rest = nn.Linear(channels, SPEC.table.COUNT - CELLS * CELL_ACTIONS)
        self.value_cells = nn.Conv2d(channels, SIZES["value_channels"], 1)
        self.value_hidden = nn.Linear(SIZES["value_channels"] * CELLS, SIZES["value_hidden"])
        self.value_out = nn.Linear(SIZES["value_hidden"], 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Return the logits over the player's ids and the value of a batch of planes."""
        for conv in self.trunk:
            x = torch.relu(conv(x))
        n = x.shape[0]
        cells = self.policy_cells(x).permute(0, 2, 3, 1).reshape(n, -1)  # id = cell * 49 + k
        rest = self.policy_rest(x.mean(dim=(2, 3)))
        value = torch.relu(self.value_cells(x)).flatten(1)
        value = torch.tanh(self.value_out(torch.relu(self.value_hidden(value))))
        return torch.cat([cells, rest], dim=1), value[:, 0]

    def arrays(self) -> dict[str, npt.NDArray[np.float32]]:
        """Return the weights as the network file names and shapes them."""
        out: dict[str, npt.NDArray[np.float32]] = {}
        for layer, conv in enumerate(self.trunk):
            out[f"trunk.{layer}.weight"] = _array(conv.weight)
            out[f"trunk.{layer}.bias"] = _array(conv.bias)
        for name, module in (("policy.cells", self.policy_cells),
                             ("value.cells", self.value_cells)):
            out[f"{name}.weight"] = _array(module.weight)[:, :, 0, 0].copy()
            out[f"{name}.bias"] = _array(module.bias)
        for name, linear in (("policy.rest", self.policy_rest), ("value.hidden", self.value_hidden),
                             ("value.out", self.value_out)):
            out[f"{name}.weight"] = _array(linear.weight)
            out[f"{name}.bias"] = _array(linear.bias)
        return out


def _array(tensor: Any) -> npt.NDArray[np.float32]:
    return tensor.detach().numpy().astype(np.float32)


def save(net: Net, path: Path, figures: dict[str, Any]) -> None:
    """Write the network in the bot's format (``net:FILE``)."""
    meta = {"game": GAME, "planes": list(SPEC.planes), "count": SPEC.table.COUNT, **SIZES,
            "training": figures}
    save_network(path, meta, net.arrays())


class Node:
    """A tree position: its row in the pool of states, its mover, its legal relative ids with
    their priors, visits and value totals (the mover's), and its children (None: not made;
    an array of each player's result: an ended game)."""

    __slots__ = ("children", "ids", "mover", "priors", "row", "totals", "visits")

    def __init__(self, row: int, mover: int, ids: npt.NDArray[np.intp],
                 priors: npt.NDArray[np.float64]) -> None:
        self.row = row
        self.mover = mover
        self.ids = ids
        self.priors = priors
        self.visits = np.zeros(len(ids))
        self.totals = np.zeros(len(ids))
        self.children: list[Node | npt.NDArray[np.float32] | None] = [None] * len(ids)

    def select(self) -> int:
        """Return the index of the child PUCT descends to."""
        spread = C_PUCT * math.sqrt(max(self.visits.sum(), 1.0))
        means = np.divide(self.totals, self.visits, out=np.zeros_like(self.totals),
                          where=self.visits > 0)
        return int(np.argmax(means + spread * self.priors / (1 + self.visits)))


def evaluate_batch(net: Net, games: batch.Batch) -> tuple[Any, Any, Any, Any]:
    """Return the planes, the legal masks over relative ids, the logits and the values of
    every game for its player to move."""
    planes = batch.observe(games)
    mask = batch.legal_mask(games, relative=True)
    with torch.no_grad():
        logits, values = net(torch.from_numpy(planes))
    return planes, mask, logits.numpy(), values.numpy()


def _priors(logits: npt.NDArray[np.float32], ids: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    chosen = logits[ids].astype(np.float64)
    chosen = np.exp(chosen - chosen.max())
    out: npt.NDArray[np.float64] = chosen / chosen.sum()
    return out


def search(net: Net, games: batch.Batch, simulations: int, rng: np.random.Generator
           ) -> tuple[list[Node], npt.NDArray[np.float32]]:
    """Run PUCT in every game at once; return the roots and the root planes."""
    n = len(games)
    pool = batch.init(n * (simulations + 1))
    pool.put(np.arange(n), games)
    planes, mask, logits, _ = evaluate_batch(net, games)
    roots = []
    for g in range(n):
        ids = np.flatnonzero(mask[g])
        priors = _priors(logits[g], ids)
        noise = rng.dirichlet([DIRICHLET] * len(ids))
        roots.append(Node(g, int(games.to_move[g]), ids, (1 - NOISE) * priors + NOISE * noise))
    free = n
    for _ in range(simulations):
        paths: list[list[tuple[Node, int]]] = []
        pending: list[int] = []
        for g in range(n):
            node = roots[g]
            path: list[tuple[Node, int]] = []
            while True:
                index = node.select()
                path.append((node, index))
                child = node.children[index]
                if not isinstance(child, Node):
                    break
                node = child
            paths.append(path)
            if child is None:
                pending.append(g)
            else:
                _back_up(path, child)
        if not pending:
            continue
        parents = [paths[g][-1] for g in pending]
        leaves = pool.take([node.row for node, _ in parents])
        ids = np.array([node.ids[index] for node, index in parents], np.int64)
        leaves, rewards, ended = batch.step(leaves, ids, relative=True, checked=False)
        rows = np.arange(free, free + len(pending))
        free += len(pending)
        pool.put(rows, leaves)
        _, mask, logits, values = evaluate_batch(net, leaves)
        for i, g in enumerate(pending):
            node, index = parents[i]
            if ended[i]:
                result = rewards[i]
                node.children[index] = result
                _back_up(paths[g], result)
                continue
            legal = np.flatnonzero(mask[i])
            mover = int(leaves.to_move[i])
            node.children[index] = Node(int(rows[i]), mover, legal, _priors(logits[i], legal))
            value = float(values[i])
            _back_up(paths[g], np.array([value, -value] if mover == 0 else [-value, value]))
    return roots, planes


def _back_up(path: list[tuple[Node, int]], results: Any) -> None:
    for node, index in path:
        node.visits[index] += 1
        node.totals[index] += results[node.mover]


@dataclass
class Buffer:
    """The last positions of self-play: planes (float16: the planes are eighths, 200ths and
    halves, exact), legal masks (bits), visit distributions and results."""

    size: int
    planes: npt.NDArray[np.float16] = field(init=False)
    masks: npt.NDArray[np.uint8] = field(init=False)
    targets: npt.NDArray[np.float16] = field(init=False)
    results: npt.NDArray[np.float32] = field(init=False)
    count: int = 0
    added: int = 0

    def __post_init__(self) -> None:
        self.planes = np.zeros((self.size, *SPEC.shape), np.float16)
        self.masks = np.zeros((self.size, (SPEC.table.COUNT + 7) // 8), np.uint8)
        self.targets = np.zeros((self.size, SPEC.table.COUNT), np.float16)
        self.results = np.zeros(self.size, np.float32)

    def add(self, planes: Any, ids: Any, visits: Any, result: float) -> None:
        """Keep one position, replacing the oldest when full."""
        at = self.added % self.size
        self.planes[at] = planes
        mask = np.zeros(SPEC.table.COUNT, np.bool_)
        mask[ids] = True
        self.masks[at] = np.packbits(mask)
        self.targets[at] = 0
        self.targets[at, ids] = visits / visits.sum()
        self.results[at] = result
        self.added += 1
        self.count = min(self.count + 1, self.size)

    def sample(self, rows: Any) -> tuple[torch.Tensor, ...]:
        """Return the tensors of some positions."""
        masks = np.unpackbits(self.masks[rows], axis=1, count=SPEC.table.COUNT).astype(np.bool_)
        return (torch.from_numpy(self.planes[rows].astype(np.float32)), torch.from_numpy(masks),
                torch.from_numpy(self.targets[rows].astype(np.float32)),
                torch.from_numpy(self.results[rows]))


def train_steps(net: Net, optimiser: torch.optim.Optimizer, buffer: Buffer, steps: int,
                rng: np.random.Generator, size: int = 256) -> tuple[float, float]:
    """Take some gradient steps on minibatches of the buffer; return the mean policy and value
    losses."""
    policy_total = value_total = 0.0
    for _ in range(steps):
        planes, masks, targets, results = buffer.sample(rng.integers(0, buffer.count, size))
        logits, values = net(planes)
        logits = logits.masked_fill(~masks, -1e9)
        policy_loss = -(targets * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
        value_loss = ((values - results) ** 2).mean()
        optimiser.zero_grad()
        (policy_loss + value_loss).backward()
        optimiser.step()
        policy_total += policy_loss.item()
        value_total += value_loss.item()
    return policy_total / max(steps, 1), value_total / max(steps, 1)


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Self-play and train for ``args.minutes``; return the figures (checkpoints included)."""
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    net = Net()
    optimiser = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    buffer = Buffer(args.buffer)
    games = batch.init(args.games)
    plies = np.zeros(args.games, np.int64)
    records: list[list[tuple[Any, Any, Any, int]]] = [[] for _ in range(args.games)]
    started = time.monotonic()
    figures: dict[str, Any] = {
        "games_at_once": args.games, "simulations": args.simulations, "sizes": SIZES,
        "seed": args.seed, "ply_cap": args.ply_cap, "checkpoints": [], "finished_games": 0,
        "positions": 0,
        "self_play_seconds": 0.0, "training_seconds": 0.0, "gradient_steps": 0,
        "results": {"south": 0, "north": 0, "draws": 0}, "losses": []}
    next_checkpoint = args.checkpoint_minutes * 60
    trained_until = 0
    blocks = 0
    while blocks == 0 or time.monotonic() - started < args.minutes * 60:  # one block at least
        blocks += 1
        clock = time.monotonic()
        for _ in range(args.block):
            roots, planes = search(net, games, args.simulations, rng)
            chosen = np.empty(args.games, np.int64)
            for g, root in enumerate(roots):
                if plies[g] < args.sampled:
                    index = int(rng.choice(len(root.ids), p=root.visits / root.visits.sum()))
                else:
                    index = int(np.argmax(root.visits))
                chosen[g] = root.ids[index]
                records[g].append((planes[g], root.ids, root.visits, root.mover))
            batch.step(games, chosen, relative=True, checked=False)
            plies += 1
            for g in np.flatnonzero(games.ended | (plies >= args.ply_cap)):
                winner = int(games.winner[g])
                for g_planes, ids, visits, mover in records[g]:
                    buffer.add(g_planes, ids, visits, 0.0 if winner not in (0, 1)
                               else 1.0 if winner == mover else -1.0)
                figures["finished_games"] += 1
                figures["positions"] += len(records[g])
                key = {0: "south", 1: "north"}.get(winner, "draws")
                figures["results"][key] += 1
                records[g] = []
                plies[g] = 0
                games.put([g], batch.init(1))
        figures["self_play_seconds"] += time.monotonic() - clock
        clock = time.monotonic()
        steps = (buffer.added - trained_until) * args.reuse // 256
        if buffer.count >= args.min_positions and steps > 0:
            trained_until = buffer.added
            policy_loss, value_loss = train_steps(net, optimiser, buffer, steps, rng)
            figures["gradient_steps"] += steps
            figures["losses"].append({"positions": buffer.added, "policy": round(policy_loss, 4),
                                      "value": round(value_loss, 4)})
            print(f"{(time.monotonic() - started) / 60:5.1f} min: {buffer.added} positions,"
                  f" {figures['finished_games']} games, losses policy {policy_loss:.3f}"
                  f" value {value_loss:.3f}", flush=True)
        figures["training_seconds"] += time.monotonic() - clock
        elapsed = time.monotonic() - started
        if next_checkpoint <= elapsed < args.minutes * 60:
            next_checkpoint += args.checkpoint_minutes * 60
            _checkpoint(net, out, figures, elapsed)
    figures["positions_per_second"] = round(
        figures["positions"] / max(figures["self_play_seconds"], 1e-9), 1)
    _checkpoint(net, out, figures, time.monotonic() - started)
    save(net, out / "network.npz", _rounded(figures))
    (out / "training.json").write_text(json.dumps(_rounded(figures), indent=1) + "\n")
    return figures


def _checkpoint(net: Net, out: Path, figures: dict[str, Any], elapsed: float) -> None:
    index = len(figures["checkpoints"])
    path = out / f"checkpoint-{index}.npz"
    figures["checkpoints"].append({"file": path.name, "minutes": round(elapsed / 60, 2),
                                   "finished_games": figures["finished_games"],
                                   "positions": figures["positions"]})
    save(net, path, _rounded(figures))
    print(f"checkpoint {path} after {elapsed / 60:.1f} min", flush=True)


def _rounded(figures: dict[str, Any]) -> dict[str, Any]:
    return {key: round(value, 1) if isinstance(value, float) else value
            for key, value in figures.items()}


def evaluate(args: argparse.Namespace) -> dict[str, Any]:
    """Play the checkpoints against the levels; write the figures and the curve."""
    counts = {name: int(count) for name, _, count in
              (part.partition("=") for part in args.games.split(",")) if int(count) > 0}
    rows: list[dict[str, Any]] = []
    if args.resume and args.json and Path(args.json).exists():
        rows = json.loads(Path(args.json).read_text())["checks"]
    for path in args.files:
        if any(row["file"] == Path(path).name for row in rows):
            continue  # measured by an earlier call (--resume)
        training = json.loads(str(np.load(path, allow_pickle=False)["meta"]))["training"]
        done = training["checkpoints"][-1] if training["checkpoints"] else {}
        row: dict[str, Any] = {"file": Path(path).name, "games": done.get("finished_games", 0),
                               "positions": done.get("positions", 0),
                               "minutes": done.get("minutes", 0.0)}
        spec = f"net:{path},s{args.eval_simulations}"
        for opponent, count in counts.items():
            clock = time.monotonic()
            report = arena.run(GAME, [spec, opponent], count, [2], gauntlet=True,
                               seed=args.seed, jobs=args.jobs)
            result = report["pairings"][0]
            row[opponent] = result["win_rate"]
            row[f"{opponent}_detail"] = {key: result[key] for key in (
                "games", "wins", "losses", "others", "ci95", "mean_plies", "max_seconds_a")}
            row[f"{opponent}_detail"]["seconds"] = round(time.monotonic() - clock, 1)
            print(f"{row['file']} against {opponent}: {result['wins']} wins, {result['others']}"
                  f" draws, {result['losses']} losses in {result['games']} games"
                  f" ({result['win_rate']:.0%}, 95% {result['ci95']}), mean"
                  f" {result['mean_plies']} plies, {time.monotonic() - clock:.0f} s", flush=True)
        rows.append(row)
        rows.sort(key=lambda row: row["positions"])
        if args.json:  # after each checkpoint: a long evaluation keeps what it measured
            Path(args.json).write_text(json.dumps(
                {"spec": f"net:FILE,s{args.eval_simulations}", "seed": args.seed,
                 "checks": rows}, indent=1) + "\n")
    figures = {"spec": f"net:FILE,s{args.eval_simulations}", "seed": args.seed, "checks": rows}
    if args.curve:
        colours = {"random": (120, 120, 120), "easy": (40, 150, 60), "normal": (40, 90, 200),
                   "hard": (200, 60, 40)}
        shown = [name for name in counts if name in colours]
        names = {"random": "grey", "easy": "green", "normal": "blue", "hard": "red"}
        draw_win_curve(rows, [(name, colours[name]) for name in shown], [
            f"score of net:FILE,s{args.eval_simulations} by finished self-play games",
            ", ".join(f"{name} {names[name]} ({counts[name]} games)" for name in shown)],
            args.curve)
    return figures


def main() -> None:
    """Train or evaluate, as the command line says."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    learn = commands.add_parser("train", help="self-play and train")
    learn.add_argument("--minutes", type=float, default=35.0, help="self-play and training time")
    learn.add_argument("--games", type=int, default=128, help="self-play games at once")
    learn.add_argument("--simulations", type=int, default=16, help="PUCT simulations a move")
    learn.add_argument("--sampled", type=int, default=30,
                       help="plies of a game whose move is drawn by the visits")
    learn.add_argument("--block", type=int, default=8, help="moves of all games between trainings")
    learn.add_argument("--reuse", type=int, default=4, help="draws of each position in training")
    learn.add_argument("--buffer", type=int, default=100_000, help="positions kept")
    learn.add_argument("--min-positions", type=int, default=2_000,
                       help="positions before the first training")
    learn.add_argument("--ply-cap", type=int, default=1000,
                       help="a self-play game still going after this many plies is stopped, its"
                       " positions counted as drawn (the rules end a game after 200 quiet plies,"
                       " but captures restart the count)")
    learn.add_argument("--lr", type=float, default=2e-3)
    learn.add_argument("--checkpoint-minutes", type=float, default=7.0)
    learn.add_argument("--seed", type=int, default=0)
    learn.add_argument("--out", default="runs/alphazero", help="folder for the networks")
    check = commands.add_parser("evaluate", help="play checkpoints against the levels")
    check.add_argument("files", nargs="+", help="network files, in training order")
    check.add_argument("--games", default="random=10,easy=20,normal=20,hard=10",
                       help="games against each bot (half in each seat), bot=count,...")
    check.add_argument("--eval-simulations", type=int, default=64)
    check.add_argument("--jobs", type=int, default=1)
    check.add_argument("--seed", type=int, default=0)
    check.add_argument("--json", help="write the figures to this JSON file")
    check.add_argument("--resume", action="store_true",
                       help="keep the files the JSON file already measured, play the others")
    check.add_argument("--curve", help="draw the curve into this PNG file")
    args = parser.parse_args()
    if args.command == "train":
        figures = train(args)
        print(json.dumps(_rounded({k: v for k, v in figures.items() if k != "losses"}),
                         indent=1))
    else:
        evaluate(args)


if __name__ == "__main__":
    main()
