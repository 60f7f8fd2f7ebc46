"""``meeples bench``: rules and search speed per game, against OpenSpiel when installed."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.markup import escape
from rich.table import Table

import meeples
from meeples.ai import bench
from meeples.commands._checks import number, output_file, whole_number, write_output
from meeples.terminal import output

LABELS = {
    "random_play_actions_per_s": "random play, actions/s",
    "legal_generations_per_s": "legal-action generations/s",
    "legal_actions_per_s": "generated legal actions/s",
    "mcts_simulations_per_s": "MCTS simulations/s",
    "mcts_move_seconds": "MCTS move time, s",
    "env_steps_per_s": "environment steps/s (meeples.env)",
    "env_actions_per_s": "actions/s through the environment (two-step choices)",
    "env_random_play_actions_per_s": "random play of the same games, actions/s",
    "gym_steps_per_s": "Gymnasium env vs random, learner steps/s",
    "vector_steps_per_s": f"vector env of {bench.VECTOR_GAMES} games vs random, steps/s",
    "sync_vector_steps_per_s": f"Gymnasium SyncVectorEnv of {bench.VECTOR_GAMES}, steps/s",
    "batch_env_steps_per_s": f"batch engine env (meeples.env.fast) of {bench.BATCH_GAMES}"
                             " games, self-play steps/s with masks",
    "batch_random_play_actions_per_s": f"batch engine alone, {bench.BATCH_GAMES} games, random"
                                       " play actions/s with masks",
}


def register(subparsers: Any) -> None:
    """Add the ``bench`` subcommand."""
    parser = subparsers.add_parser(
        "bench",
        help="measure rules and search speed (OpenSpiel ratios when installed)",
        description=(
            "Measure, per game, random-play actions/s, legal-action generations/s, generated "
            "legal actions/s, MCTS simulations/s and the time of an MCTS move, and, for games "
            "with a learning environment (pip install 'meeples[rl]'), environment steps/s and "
            "their ratio to random play of the same games. With open_spiel installed (pip install "
            "'meeples[bench]'), measure OpenSpiel too and print ratios."
        ),
    )
    parser.add_argument("--game", action="append", help="a game, repeatable (default: all)")
    parser.add_argument(
        "--seconds", type=number(positive=True), default=2.0,
        help="CPU seconds per measurement (default: 2)",
    )
    parser.add_argument(
        "--simulations", type=whole_number(1), default=1000,
        help="simulations of the MCTS move (default: 1000)",
    )
    parser.add_argument(
        "--rounds", type=whole_number(1), default=3,
        help="rounds, ours and OpenSpiel's in turn; each figure keeps its best (default: 3)",
    )
    parser.add_argument("--no-open-spiel", action="store_true", help="skip OpenSpiel")
    parser.add_argument("--json", metavar="FILE", help="write the figures here")
    parser.set_defaults(func=run)


def _fmt(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if value < 100 else f"{value:,.0f}"


def run(args: argparse.Namespace) -> int:
    """Measure and print the table."""
    console = output.console()
    names = list(dict.fromkeys(args.game or meeples.game_names()))
    for name in names:
        meeples.load(name)
    report_path = output_file(args.json) if args.json is not None else None
    spiel_wanted = not args.no_open_spiel and bench.has_open_spiel()
    rounds: dict[str, list[dict[str, float]]] = {name: [] for name in [*names, "open_spiel"]}
    for round_number in range(1, args.rounds + 1):
        # Ours and OpenSpiel's in turn, so that both meet the same load on a shared machine.
        for name in names:
            with console.status(f"round {round_number}: measuring {name}"):
                rounds[name].append(bench.ours(name, args.seconds, args.simulations))
        if spiel_wanted:
            with console.status(f"round {round_number}: measuring OpenSpiel"):
                rounds["open_spiel"].append(bench.open_spiel(args.seconds, args.simulations))
    figures = {name: bench.best(rounds[name]) for name in names}
    table = Table(title=f"meeples bench (best of {args.rounds} rounds of {args.seconds:g} CPU s "
                        f"per figure, {args.simulations}-simulation move)")
    table.add_column("figure")
    for name in names:
        table.add_column(name, justify="right")
    for key, label in LABELS.items():
        if key == "mcts_move_seconds":
            label = f"{args.simulations}-simulation MCTS move, s"
        table.add_row(label, *(_fmt(figures[name].get(key)) for name in names))
    env_ratios = {name: bench.env_ratio(figures[name]) for name in names}
    if any(ratio is not None for ratio in env_ratios.values()):
        table.add_row(
            "environment / random play, same games (target >= 0.5)",
            *(_fmt(env_ratios[name]) for name in names),
        )
    vector_ratios = {name: bench.vector_ratio(figures[name]) for name in names}
    if any(ratio is not None for ratio in vector_ratios.values()):
        table.add_row(
            "vector env / single env, same run",
            *(_fmt(vector_ratios[name]) for name in names),
        )
    console.print(table)
    report: dict[str, Any] = {"seconds": args.seconds, "simulations": args.simulations,
                              "rounds": args.rounds, "games": figures}
    if any(ratio is not None for ratio in vector_ratios.values()):
        report["vector_ratios"] = {k: v for k, v in vector_ratios.items() if v is not None}
    if any(ratio is not None for ratio in env_ratios.values()):
        report["env_ratios"] = {k: v for k, v in env_ratios.items() if v is not None}
    if spiel_wanted:
        spiel = bench.best(rounds["open_spiel"])
        report["open_spiel"] = spiel
        theirs = Table(title="OpenSpiel 2.0.2 from Python")
        theirs.add_column("figure")
        theirs.add_column("value", justify="right")
        for key, value in spiel.items():
            theirs.add_row(key.replace("_", " "), _fmt(value))
        console.print(theirs)
        targets = Table(title="ratios (>= 1 meets the target)")
        for column in ("game", "ours", "OpenSpiel", "ratio", "target"):
            targets.add_column(column, justify="right" if column == "ratio" else "left")
        report["ratios"] = []
        for name in names:
            for mine, other, ratio, met in bench.ratios(name, figures[name], spiel):
                targets.add_row(name, mine, other, f"{ratio:.2f}", "met" if met else "NOT met")
                report["ratios"].append(
                    {"game": name, "ours": mine, "theirs": other, "ratio": ratio, "met": met}
                )
        console.print(targets)
    elif not args.no_open_spiel:
        console.print(
            escape("open_spiel is not installed: pip install 'meeples[bench]' for the ratios")
        )
    if report_path is not None:
        write_output(report_path, json.dumps(report, indent=1) + "\n")
    return 0
