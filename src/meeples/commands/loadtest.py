"""``meeples loadtest``: load, fault and attack scenarios against a local ``meeples serve``.

Each run starts ``meeples serve`` on 127.0.0.1 with a fresh SQLite file in a temporary folder
(``--bot-delay 0``), or uses a server already listening on a loopback address (``--url``),
drives it with WebSocket and HTTP clients for a bounded time and prints the figures: the
latency of a move from its ``act`` to the state of the new version (p50, p95, p99, max), and
what each attack achieved. See ``docs/reliability.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pstats
from typing import Any

from meeples.commands._checks import number, output_file, shorten, whole_number, write_output
from meeples.core.errors import BadOptions

DEFAULT_COUNTS = {
    "spectators": "spectator sockets (1000)",
    "nonreaders": "sockets that never read (40)",
    "hello-flood": "sockets saying hello 10 times a second (40)",
    "bot-flood": "creations of bot-only games tried (100)",
    "replay-loop": "loops asking for a replay, each from its own address (4)",
    "forwarded": "creations with a forged X-Forwarded-For, the first 100 in a burst (300)",
    "cross-seat": "attempts with another match's or seat's token (1200)",
    "fuzz": "fuzzed WebSocket messages (100000)",
    "hint-flood": "games whose players ask a hint at every turn (20)",
    "move-flood": "games of one address played as fast as the server allows (20)",
}
#: The scenarios of :data:`meeples.loadtest.SCENARIOS` (named here: the parser of every
#: ``meeples`` command is built without importing the suite).
SCENARIO_NAMES = ["load", *DEFAULT_COUNTS]


def register(subparsers: Any) -> None:
    """Add the ``loadtest`` subcommand."""
    parser = subparsers.add_parser(
        "loadtest",
        help="load, fault and attack scenarios against a local server (127.0.0.1 only)",
        description=(
            "Run one scenario against meeples serve on 127.0.0.1 (started here, on a fresh "
            "database) and print the latency of moves and what the attack achieved. Counts "
            "(--count): " + "; ".join(f"{k}: {v}" for k, v in DEFAULT_COUNTS.items()) + "."
        ),
    )
    parser.add_argument("scenario", choices=SCENARIO_NAMES, help="what to run")
    parser.add_argument(
        "--games", type=whole_number(1, 5000), default=50, help="load: live games (50)"
    )
    parser.add_argument(
        "--rate", type=number(positive=True), default=1.0,
        help="moves a second in each game (1)",
    )
    parser.add_argument(
        "--duration", type=number(positive=True), default=30.0,
        help="seconds measured (30); an attack runs this long",
    )
    parser.add_argument(
        "--count", type=whole_number(1, 10_000_000), default=None,
        help="the size of the scenario (see above)",
    )
    parser.add_argument(
        "--background", type=whole_number(1, 1000), default=12,
        help="attacks: games played and measured while the attack runs (12)",
    )
    parser.add_argument(
        "--baseline", type=number(positive=False), default=10.0,
        help="attacks: seconds the background games are measured before the attack (10)",
    )
    parser.add_argument(
        "--http", type=whole_number(0, 10_000_000), default=None,
        help="fuzz: fuzzed HTTP requests besides the messages (12000)",
    )
    parser.add_argument(
        "--pace", type=number(positive=True), default=1000.0,
        help="fuzz: messages and requests a second at most, in all (1000)",
    )
    parser.add_argument(
        "--level", choices=["random", "easy", "normal", "hard"], default="hard",
        help="bot-flood: the level of the bots (hard)",
    )
    parser.add_argument(
        "--history", type=whole_number(0, 2000), default=0,
        help="load, spectators: moves played in each game before the measure (0); a longer "
        "log makes bigger states",
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed of the clients (1)")
    parser.add_argument(
        "--url", default=None,
        help="use a server already running at http://127.0.0.1:PORT instead of starting one",
    )
    parser.add_argument(
        "--profile", metavar="FILE", default=None,
        help="run the server under cProfile, write its statistics to FILE, print the top",
    )
    parser.add_argument("--json", metavar="FILE", help="write the result here as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the scenario and print its figures."""
    from meeples.loadtest.harness import NotLoopback, parse_url
    from meeples.loadtest.scenarios import Options, run_scenario

    try:
        import httpx  # the HTTP client of the suite, not a dependency of a plain install
    except ImportError:
        raise BadOptions(
            "meeples loadtest needs httpx, which is not installed: pip install httpx (or "
            "pip install 'meeples[dev]', which brings it)"
        ) from None
    if args.url is not None:
        try:
            target = parse_url(args.url)
        except NotLoopback as problem:
            raise BadOptions(f"--url: {problem}") from None
        if not 1 <= target.port <= 65535:
            raise BadOptions(f"--url {shorten(args.url)}: the port must be 1 to 65535, not "
                             f"{target.port}")
        if args.profile is not None:
            raise BadOptions("--profile profiles a server started here; it cannot go with --url")
        try:  # before any client starts: each would fail alone, in a traceback
            httpx.get(args.url.rstrip("/") + "/", timeout=10.0)
        except (httpx.HTTPError, httpx.InvalidURL) as error:
            raise BadOptions(f"--url {shorten(args.url)}: no server answers there "
                             f"({error or type(error).__name__})") from None
    report = output_file(args.json) if args.json is not None else None
    profile = output_file(args.profile, "--profile") if args.profile is not None else None
    options = Options(
        games=args.games, rate=args.rate, duration=args.duration, count=args.count,
        background=args.background, baseline=args.baseline, http=args.http, level=args.level,
        history=args.history, pace=args.pace, seed=args.seed,
    )
    # The players' side tunes its collector as the server does (``meeples serve``): on one
    # machine with the server, its full collections of a thousand clients' messages paused the
    # players' event loop for tens of milliseconds, counted in every latency it measured.
    from meeples.commands.serve import quiet_collector

    quiet_collector()
    result = asyncio.run(run_scenario(args.scenario, options, args.url, profile))
    print(f"meeples loadtest {args.scenario}")
    for key, value in flatten(result.figures).items():
        print(f"  {key:36} {value}")
    for note in result.notes:
        print(f"  note: {note}")
    shown = result.machine
    print(
        f"  machine: {shown['cores']} cores, {shown['cpu']}, Python {shown['python']}, "
        f"load average {' '.join(str(x) for x in shown['load_average'])}, {shown['date']}"
    )
    if profile is not None and profile.exists():
        print(f"\nThe server's top functions (cProfile, {profile}):")
        stats = pstats.Stats(str(profile))
        stats.sort_stats("tottime").print_stats(25)
    if report is not None:
        write_output(report, json.dumps(result.to_json(), indent=2) + "\n")
    return 0


def flatten(figures: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Return nested figures as one level of dotted names."""
    out: dict[str, Any] = {}
    for key, value in figures.items():
        if isinstance(value, dict) and value and len(value) <= 12 and not prefix:
            out.update(flatten(value, f"{key}."))
        else:
            out[prefix + key] = value
    return out
