"""Trained policies as bots: ``policy:FILE`` in every bot spec (``meeples play --vs``, ``meeples
arena``, ``meeples selfplay``).

A policy file is JSON (``"format": "meeples-policy/1"``): the game, the name of one of the
game's declared feature sets (``Capabilities.policy_features``), one weight per feature, and
what its training measured. The bot builds the player's observation planes as the learning
environments do (``meeples.env``), scores each legal id by ``w . features(planes, ids,
player)`` and plays the best (ties broken by the injected generator), so a policy trained in
``meeples.env`` plays exactly as it was evaluated greedily there. Its analysis gives every
legal action its softmax probability, best first (hints, the arena's reports).

Needs NumPy (the ``rl`` extra), as the environments do.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

from meeples.ai.bot import Budget, SearchBot
from meeples.core.errors import MeeplesError
from meeples.core.files import read_text, shorten

FORMAT = "meeples-policy/1"
PREFIX = "policy:"


class BadPolicy(MeeplesError):
    """A policy file that cannot be used: missing, malformed, or of another game."""


def load_policy(path: str | Path, game: str | None = None) -> dict[str, Any]:
    """Return a policy file's data, checked: its format, game (``game``: the one expected),
    feature set and weights.

    Raises:
        BadPolicy: the file cannot be read or is not a usable policy (the reason in one line).
    """
    from meeples.core.registry import load

    shown = shorten(str(path))
    try:
        data = json.loads(read_text(path))
    except (OSError, MeeplesError, UnicodeDecodeError, json.JSONDecodeError,
            RecursionError) as error:
        said = str(error)  # the file helpers already name the file: "cannot read F: why"
        raise BadPolicy(said.replace("cannot read ", "cannot read the policy ", 1)
                        if said.startswith("cannot read ") else
                        f"cannot read the policy {shown}: {said}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadPolicy(f"{shown} is not a policy file (format {FORMAT})")
    name = data.get("game")
    if game is not None and name != game:
        raise BadPolicy(f"{shown} is a policy for {name!r}, not for {game}")
    try:
        rules = load(str(name)).rules
    except MeeplesError:
        raise BadPolicy(f"{shown} is a policy for an unknown game {name!r}") from None
    declared = rules.capabilities.policy_features
    sets = declared() if declared is not None else {}
    features = data.get("features")
    if not isinstance(features, str) or features not in sets:
        raise BadPolicy(f"{shown} reads the features {features!r}, which {rules.title} does not"
                        f" declare ({', '.join(sets) or 'none'})")
    weights = data.get("weights")
    names = sets[features].names
    if not isinstance(weights, list) or len(weights) != len(names) or not all(
            isinstance(w, int | float) and not isinstance(w, bool) and math.isfinite(w)
            for w in weights):
        raise BadPolicy(f"{shown} needs {len(names)} finite weights for {features}")
    return data


class PolicyBot(SearchBot):
    """A trained linear policy over a game's declared move features, played greedily."""

    name = "policy"

    def __init__(self, game: str, path: str | Path, budget: Budget | None = None) -> None:
        import numpy as np

        from meeples.env.registry import env_spec

        super().__init__(game, budget)
        data = load_policy(path, self.model.rules.name)
        declared = self.model.rules.capabilities.policy_features
        assert declared is not None  # checked by load_policy
        self.features = declared()[data["features"]]
        self.weights = np.array(data["weights"], dtype=np.float64)
        self.path = str(path)
        self.spec = env_spec(self.model.rules.name)

    def _planes(self, state: Any, player: int) -> Any:
        spec = self.spec
        if spec.from_state is not None:
            return spec.from_state(state, player)
        return spec.from_view(self.model.rules.view(state, player))

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Return every legal action with its probability under the policy, best first."""
        import numpy as np

        rules = self.model.rules
        legal = rules.legal_actions(state)
        ids = np.array(self.spec.table.ids(legal), dtype=np.int64)
        scores = self.features.compute(self._planes(state, player), ids, player) @ self.weights
        scores = scores - scores.max()
        chances = np.exp(scores)
        chances /= chances.sum()
        ranked = sorted(zip(chances.tolist(), (rng.random() for _ in legal), legal,
                            strict=True), key=lambda item: (item[0], item[1]), reverse=True)
        return [(action, chance, 0) for chance, _, action in ranked]


def draw_win_curve(checks: list[dict[str, Any]], series: list[tuple[str, tuple[int, int, int]]],
                   captions: list[str], path: str, rates: tuple[float, ...] = (0.25, 0.5, 0.75,
                                                                                   1.0)) -> None:
    """Draw a training run's checks as a PNG (Pillow): for each ``(key, colour)`` of ``series``,
    the win rate ``check[key]`` against the training games ``check["games"]``, with a grid line
    at each of ``rates`` and the ``captions`` under the plot (the training examples' curves)."""
    from PIL import Image, ImageDraw  # only for the examples' curves

    width, margin = 720, 60
    height = 340 + 16 * len(captions)
    bottom = height - margin - 16 * (len(captions) - 1)
    image = Image.new("RGB", (width, height), "white")
    pen = ImageDraw.Draw(image)
    most = max([c["games"] for c in checks] + [1])
    pen.rectangle([margin, margin // 2, width - margin // 2, bottom], outline="black")

    def at(games: float, rate: float) -> tuple[float, float]:
        return (margin + (width - 1.5 * margin) * games / most,
                bottom - (bottom - margin // 2) * rate)

    for rate in rates:
        y = at(0, rate)[1]
        pen.line([margin, y, width - margin // 2, y], fill=(215, 215, 215))
        pen.text((8, y - 6), f"{rate:.0%}", fill="black")
    for key, colour in series:
        points = [at(c["games"], c[key]) for c in checks]
        if len(points) > 1:
            pen.line(points, fill=colour, width=2)
        for x, y in points:
            pen.ellipse([x - 2, y - 2, x + 2, y + 2], fill=colour)
    pen.text((margin, bottom + 8), f"training games (0 to {most})", fill="black")
    for line, caption in enumerate(captions):
        pen.text((margin, bottom + 24 + 16 * line), caption, fill="black")
    image.save(path)

