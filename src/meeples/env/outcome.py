"""How an environment's game ended, for ``info["outcome"]``: winners, ranking, reason, score sheet.

Every environment puts the same JSON-ready mapping in the info of the step that ends a game
(Gymnasium's final step, every PettingZoo agent's ``infos``, the vector environments' batched
infos), so a training loop can log why games end, not only the reward:

- ``winners``: the seats that won (none in a draw);
- ``ranking``: groups of tied seats, best first;
- ``reason``: ``{"key", "params", "text"}``, the message of the rules' reason (its key and
  parameters, as every client gets it, :mod:`meeples.core.text`) and its English wording;
- ``score_sheet``: the game's score sheet at the end (:mod:`meeples.core.score`, each line's
  label with its English ``text``), or None for a game that reports none;
- ``returns``: each seat's reward of the end, as the environment gave it;
- ``illegal_action``: the seat that ended the game with an illegal id (``illegal="lose"``),
  else None: then the others share the win, the offender is ranked last, and the reason is
  ``core.outcome.illegal_action``.
"""

from __future__ import annotations

from typing import Any

from meeples.core.game import Game, Outcome
from meeples.core.text import Message, msg, player, render


def returns_of(outcome: Outcome | None, players: int) -> list[float]:
    """Return each player's reward at the end of a game (0 each while it goes on).

    Two players: +1 the winner, -1 the other, 0 both in a draw. Three or four: the ranking
    scaled to [-1, 1], first +1 and last -1, tied players sharing the mean of their places
    (so the rewards sum to 0, and a draw of all is 0 each).
    """
    if outcome is None:
        return [0.0] * players
    if players > 2 and outcome.ranking:
        rewards = [0.0] * players
        place = 0
        last = players - 1
        for group in outcome.ranking:
            mean = place + (len(group) - 1) / 2
            for p in group:
                rewards[p] = 1.0 - 2.0 * mean / last
            place += len(group)
        return rewards
    if not outcome.winners:
        return [0.0] * players
    return [1.0 if p in outcome.winners else -1.0 for p in range(players)]


def _message(message: Message | None, english: str) -> dict[str, Any]:
    if message is None:
        return {"key": None, "params": {}, "text": english}
    return {**message.to_json(), "text": render(message)}


def score_sheet(game: Game[Any, Any], inner: Any) -> dict[str, Any] | None:
    """Return a state's score sheet as JSON-ready data, each label with its English text."""
    sheet = game.rules.score_sheet(inner)
    if sheet is None:
        return None
    data: dict[str, Any] = sheet.to_json()
    for line, source in zip(data["lines"], sheet.lines, strict=True):
        line["label"]["text"] = render(source.label)
    if data["total"] is not None and sheet.total is not None:
        data["total"]["label"]["text"] = render(sheet.total)
    return data


def outcome_info(game: Game[Any, Any], inner: Any, outcome: Outcome | None, players: int,
                 returns: list[float], offender: int | None = None) -> dict[str, Any] | None:
    """Return the mapping of ``info["outcome"]`` (see the module), None while the game goes on
    and nobody played an illegal id."""
    if offender is not None:
        others = [p for p in range(players) if p != offender]
        reason = msg("core.outcome.illegal_action", player=player(offender))
        winners, ranking = others, [others, [offender]]
        text = _message(reason, "")
    elif outcome is not None:
        winners = list(outcome.winners)
        ranking = [list(group) for group in outcome.ranking]
        text = _message(outcome.message, outcome.reason)
    else:
        return None
    return {
        "winners": winners,
        "ranking": ranking,
        "reason": text,
        "score_sheet": score_sheet(game, inner),
        "returns": list(returns),
        "illegal_action": offender,
    }
