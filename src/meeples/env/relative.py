"""Relative action ids: each player's ids numbered from its own seat, as its observation is.

Observations are seat-relative (Sparta's North sees the board turned half a turn; in Meeple War
and Rise of Tribes seat slot 0 is the observer), but the fixed action ids are the board's. With
``relative_actions=True`` an environment speaks to each player in ids relative to its seat
too, so one policy can play every seat: Sparta's North's ids are the mirrored ids
(:func:`meeples.games.sparta.actions.mirror`), and a seat named by an id of the other games
(a Rise of Tribes bow or gift, a Meeple War Bomb's or Conversion's owner, a frightened or
killed meeple's player) is numbered from the player, itself 0 and the next one 1, as the seat
slots of its observation are; hexes and places keep the board's numbers, as the observation's
hexes and places do. Seat 0's relative ids are its absolute ones.

Each game declares the permutation (``EnvSpec.relative``: for a player, the relative id of
every absolute id). A :class:`RelativeEpisode` turns the ids at its boundary, the mask, the
check and the step, and nothing inside: its legal ids, records and texts stay absolute.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from meeples.core.errors import IllegalAction
from meeples.env.episode import Episode, Mask


class RelativeEpisode(Episode):
    """An episode whose ids are relative to the player to move (see the module)."""

    def __init__(self, game: str, players: int | None, options: Mapping[str, Any],
                 illegal: str = "lose", checked: bool = False) -> None:
        super().__init__(game, players, options, illegal, checked)
        relative = self.spec.relative
        count = self.count
        #: Per player: the relative id of each absolute id, and the absolute id of each relative
        #: one (as arrays for the masks, as lists for one id).
        self.to_relative: list[npt.NDArray[np.intp]] = []
        self.to_absolute: list[npt.NDArray[np.intp]] = []
        for player in range(self.players):
            forward = np.array(range(count) if relative is None else relative(player,
                                                                                self.players),
                               dtype=np.intp)
            backward = np.empty_like(forward)
            backward[forward] = np.arange(count)
            self.to_relative.append(forward)
            self.to_absolute.append(backward)
        self._absolute_lists = [ids.tolist() for ids in self.to_absolute]

    def absolute(self, action: Any) -> Any:
        """Return the absolute id of the player to move's relative id (anything that is not an
        id as it is: it stays illegal)."""
        player = self.to_move
        try:
            number = operator.index(action)
        except TypeError:
            return action
        if player is None or not 0 <= number < self.count:
            return action
        return self._absolute_lists[player][number]

    def relative_ids(self) -> list[int]:
        """Return the legal ids of the player to move as it numbers them, ascending."""
        player = self.to_move
        ids = self.legal_ids()
        if player is None:
            return list(ids)
        forward = self.to_relative[player]
        return sorted(int(forward[number]) for number in ids)

    def mask(self) -> Mask:
        """Return the mask of the player to move over its relative ids."""
        mask = super().mask()
        player = self.to_move
        return mask if player is None else mask[self.to_absolute[player]]

    def write_mask(self, row: Mask) -> None:
        """Write :meth:`mask` into a row."""
        row[:] = self.mask()

    def check(self, action: Any) -> int | None:
        """Return the absolute id of a legal relative id, None when it is not one.

        Raises:
            IllegalAction: ``illegal="raise"`` and the id is not legal here.
        """
        try:
            return super().check(self.absolute(action))
        except IllegalAction:
            raise IllegalAction(f"{action!r} is not the relative id of a legal action of player"
                                f" {self.to_move} here") from None

    def step(self, action: Any) -> bool:
        """Play a relative id (see :meth:`Episode.step`).

        Raises:
            IllegalAction: ``illegal="raise"`` and the id is not legal here.
        """
        try:
            return super().step(self.absolute(action))
        except IllegalAction:
            raise IllegalAction(f"{action!r} is not the relative id of a legal action of player"
                                f" {self.to_move} here") from None


def make_episode(game: str, players: int | None, options: Mapping[str, Any],
                 illegal: str = "lose", checked: bool = False,
                 relative_actions: bool = False) -> Episode:
    """Return an environment's episode: with absolute ids, or with ids relative to the player
    to move (``relative_actions``)."""
    if not isinstance(relative_actions, bool):
        raise ValueError(f"relative_actions must be True or False, not {relative_actions!r}")
    kind = RelativeEpisode if relative_actions else Episode
    return kind(game, players, options, illegal, checked)
