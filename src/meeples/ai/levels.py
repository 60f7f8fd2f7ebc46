"""Difficulty levels and the bot lookup that the terminal, the server and the arena use.

A level is a bot kind and a budget, chosen per game for a human opponent; ``hard`` answers
within 5 seconds on a 2-core machine. A game declares its levels as bot specs in its
capabilities (``Capabilities.levels``); a game that declares none gets the generic table: the
heuristic, then (IS-)MCTS with more and more time.

Bot specs read ``kind[:budget]``: ``random``, ``heuristic``, ``mcts:800`` (iterations),
``mcts:2s`` (seconds), ``alphabeta:d3`` (depth), ``alphabeta:d4,3s``, or a level name. MCTS
specs also take ``c0.3`` (exploration constant) and ``r20`` (random plies before evaluating),
and Sparta's own ``playouts:1s,p64`` is MCTS whose leaves are valued 64 at a time by random
playouts on its batch engine (:mod:`meeples.ai.sparta_playouts`);
``attack:g0.3`` hands a share 0.3 of the attacking bot's decisions to the evaluation and
``attack:b0.3`` plays a share 0.3 of them at random, ``attack:w1`` moves workers by rule;
``turns:200,h6`` searches whole turns with rollouts of 6 turns; ``policy:FILE`` plays a trained
policy (:mod:`meeples.ai.policy`) and ``net:FILE,s64`` a trained policy/value network searched by
PUCT with 64 simulations a move (:mod:`meeples.ai.network`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from meeples.ai.alphabeta import AlphaBetaBot
from meeples.ai.bot import Bot, Budget
from meeples.ai.heuristic import HeuristicBot
from meeples.ai.ismcts import ISMCTSBot
from meeples.ai.lookahead import LookaheadBot
from meeples.ai.mcts import MCTSBot
from meeples.ai.model import model
from meeples.ai.random_bot import RandomBot

LEVEL_NAMES = ("easy", "normal", "hard")
#: A trained policy's spec: ``policy:FILE`` (:mod:`meeples.ai.policy`).
POLICY = "policy:"
#: A trained network's spec: ``net:FILE`` or ``net:FILE,s64`` (:mod:`meeples.ai.network`).
NETWORK = "net:"

#: The bot kinds of every game; a game adds its own (``Capabilities.bots``: Meeple War's
#: ``attack`` and ``turns``), see :func:`kinds`.
KINDS: dict[str, Any] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "mcts": MCTSBot,
    "ismcts": ISMCTSBot,
    "alphabeta": AlphaBetaBot,
    "lookahead": LookaheadBot,
}


def _declaring(kind: str) -> list[str]:
    """Return the titles of the games that declare a bot kind of their own."""
    from meeples.core.registry import game_names, load

    return [game.title for game in map(load, game_names())
            if game.capabilities.bots is not None and kind in game.capabilities.bots()]


def kinds(game: str) -> dict[str, Any]:
    """Return the bot kinds a registered game can seat: the generic ones and its own.

    Raises:
        UnknownGame: no such game.
    """
    declared = model(game).game.capabilities.bots
    return {**KINDS, **(declared() if declared is not None else {})}


#: The spec letter of each bot option: ``mcts:800,c0.3,r20``, ``attack:g0.3,b0.2``.
OPTION_LETTERS = {
    "exploration": "c", "rollout": "r", "greedy": "g", "blunder": "b", "horizon": "h",
    "workers": "w", "playouts": "p",
}


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty level: the bot kind and its budget."""

    kind: str
    budget: Budget
    options: tuple[tuple[str, Any], ...] = ()

    def spec(self) -> str:
        """Return the bot spec text of this level, its options included (``attack:g1,b0.4``)."""
        parts = [] if self.budget == Budget() else [self.budget.describe()]
        parts += [f"{OPTION_LETTERS[name]}{value:g}" for name, value in self.options]
        return f"{self.kind}:{','.join(parts)}" if parts else self.kind


#: The time cap of the generic ``hard``, below the promised 5 seconds a move: the search stops
#: on its clock, but building the search state, a garbage collection of a big table and a busy
#: machine come on top (docs/strength.md). A game's own levels are its declared capabilities.
HARD_SECONDS = 3.0


def generic_levels(game: str) -> dict[str, Level]:
    """Return the levels of a game that declares none."""
    search = "ismcts" if model(game).hidden else "mcts"
    return {
        "easy": Level("heuristic", Budget()),
        "normal": Level(search, Budget(iterations=300, seconds=1.5)),
        "hard": Level(search, Budget(iterations=1500, seconds=HARD_SECONDS)),
    }


def levels(game: str) -> dict[str, Level]:
    """Return the easy, normal and hard levels of a registered game: those its capabilities
    declare (``Capabilities.levels``, bot specs), else the generic ones."""
    declared = model(game).game.capabilities.levels  # model() raises UnknownGame
    if not declared:
        return generic_levels(game)
    return {name: parse_level(spec, kinds(game)) for name, spec in declared.items()}


def parse_budget(text: str) -> Budget:
    """Return the budget of a spec such as ``800``, ``2s``, ``d3`` or ``d4,3s``.

    Raises:
        ValueError: the text is not a budget.
    """
    seconds = iterations = depth = None
    for part in text.split(","):
        part = part.strip()
        try:
            if part.endswith("s"):
                seconds = float(part[:-1])
            elif part.startswith("d"):
                depth = int(part[1:])
            elif part.endswith("it"):
                iterations = int(part[:-2])
            else:
                iterations = int(part)
        except ValueError:
            raise ValueError(f"{text!r} is not a budget (800, 800it, 2s, d3 or d4,3s)") from None
    return Budget(seconds=seconds, iterations=iterations, depth=depth)


def parse_level(spec: str, known_kinds: Mapping[str, Any] = KINDS) -> Level:
    """Return the level a bot spec describes (``mcts:800,c0.3``, ``attack:g1,b0.4``), its kind
    one of ``known_kinds`` (a game's: :func:`kinds`).

    Raises:
        ValueError: an unknown bot kind, a malformed budget or an option the kind does not take.
    """
    kind, _, budget_text = spec.partition(":")
    if kind not in known_kinds:
        known = ", ".join([*LEVEL_NAMES, *known_kinds])
        raise ValueError(f"unknown bot {spec!r} (bots: {known})")
    parts = budget_text.split(",") if budget_text else []
    tuning = [p.strip() for p in parts if p.strip()[:1] in ("c", "r", "g", "b", "h", "w", "p")]
    rest = ",".join(p for p in parts if p.strip() not in tuning)
    budget = parse_budget(rest) if rest else Budget()
    options: list[tuple[str, Any]] = []
    for part in tuning:
        letter = part[0]
        if letter in "gbw" and kind != "attack":
            raise ValueError(f"{spec!r}: only attack takes g (greedy), b (blunder share) or w")
        if letter == "r" and kind not in ("mcts", "ismcts"):
            raise ValueError(f"{spec!r}: only mcts and ismcts take r (rollout plies)")
        if letter == "p" and kind != "playouts":
            raise ValueError(f"{spec!r}: only playouts takes p (leaves played out at a time)")
        if letter == "c" and kind not in ("mcts", "ismcts", "turns"):
            raise ValueError(f"{spec!r}: only mcts, ismcts and turns take c (exploration)")
        if letter == "h" and kind != "turns":
            raise ValueError(f"{spec!r}: only turns takes h (rollout horizon in turns)")
        try:
            value = float(part[1:])
        except ValueError:
            raise ValueError(
                f"{spec!r}: {part!r} is not c<number>, r<plies>, g<share>, b<share> or h<turns>"
            ) from None
        if letter == "c":
            options.append(("exploration", value))
        elif letter == "r":
            options.append(("rollout", int(value)))
        elif letter in "hp":
            options.append(({"h": "horizon", "p": "playouts"}[letter], int(value)))
        else:
            options.append(({"g": "greedy", "b": "blunder", "w": "workers"}[letter], value))
    return Level(kind, budget, tuple(options))


def get_bot(game: str, spec: str = "normal") -> Bot:
    """Return a fresh bot for a game from a level name or a bot spec, in any case (``HARD``,
    ``MCTS:800``) but for the file of ``policy:FILE`` and ``net:FILE``, read as written.

    Raises:
        UnknownGame: no such game.
        ValueError: an unknown bot kind or a malformed budget.
        BadPolicy: ``policy:FILE`` names a file that is not a usable policy for the game.
        BadNetwork: ``net:FILE`` names a file that is not a usable network for the game.
    """
    folded = spec.lower()
    if folded.startswith(POLICY):
        from meeples.ai.policy import PolicyBot  # NumPy: only for trained policies

        return PolicyBot(game, spec[len(POLICY):])
    if folded.startswith(NETWORK):
        from meeples.ai.network import NetworkBot, parse_spec  # NumPy: only for networks

        path, budget = parse_spec(NETWORK + spec[len(NETWORK):])
        return NetworkBot(game, path, budget)
    spec = folded
    table = levels(game)
    known = kinds(game)
    kind = spec.partition(":")[0]
    if spec not in table and kind not in known and (owners := _declaring(kind)):
        raise ValueError(f"the {kind} bot plays {' and '.join(owners)} only")
    level = table[spec] if spec in table else parse_level(spec, known)
    kind, budget, options = level.kind, level.budget, dict(level.options)
    if kind == "ismcts" and not model(game).hidden:
        kind = "mcts"
    bot: Bot = known[kind](game, budget if budget != Budget() else None, **options)
    return bot
