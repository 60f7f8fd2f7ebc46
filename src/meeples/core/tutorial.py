"""Learn to play: a guided first game of a game, as data the server, the browser and the terminal
all run (issue 24).

A game's tutorial lives in its folder, ``games/<game>/tutorial.json``, language-neutral: where it
starts (a position text, so every step's position is known), the learner's seat, the level of
the bots the game goes on against once the lessons are over, and its steps. A step is:

- ``say``: the message keys of what it explains (pages of the game's catalogue, keys
  ``<prefix>.tut.*``), shown before the learner acts;
- ``expect``: the actions the learner is asked to play (the board offers only those), or
  ``"any"``: a free choice where it does not matter (such a step has no replies, and every step
  after it must hold whatever the learner chose);
- ``hint``: the message key said when the learner plays another legal action;
- ``reply``: the actions played after the learner's, in order, until the learner decides again:
  the other seats' decisions, chance's outcomes (a tile turned up, dice rolled) and the learner's
  own decisions the default settings pass (a token window); scripted, so that every lesson
  meets the position it was written for;
- ``rule``: the rule it teaches (an id of the game's numbered rules), shown as a link.

A match is its setup and its actions, so where a tutorial stands follows from the number of
actions played: nothing of it is stored besides the game it teaches. After the last step the
match is an ordinary one against the bots.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from meeples.core.errors import BadPosition
from meeples.core.game import Game, State
from meeples.core.text import Message, Ref, msg

#: Free choice: any legal action, where the choice does not matter to the lessons after it.
ANY = "any"


@dataclass(frozen=True, slots=True)
class Step:
    """One lesson: what it explains, what the learner is asked to do, what follows."""

    say: tuple[str, ...]
    expect: tuple[str, ...] | None  # None: any legal action (free choice)
    hint: str | None
    reply: tuple[str, ...]
    rule: str | None


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A game's guided first game (see the module)."""

    game: str
    seat: int
    position: str
    then: str
    steps: tuple[Step, ...]

    def start(self, game: Game[Any, Any]) -> State[Any, Any]:
        """Return the state the tutorial starts from."""
        return game.parse(self.position)

    def plies(self) -> list[int]:
        """Return the ply (actions played since the start) at which each step awaits the
        learner, and then the ply at which the lessons are over."""
        at, out = 0, []
        for step in self.steps:
            out.append(at)
            at += 1 + len(step.reply)
        out.append(at)
        return out

    def step_at(self, ply: int) -> int | None:
        """Return the step awaiting the learner after ``ply`` actions, or None (a scripted
        action is due, or the lessons are over)."""
        starts = self.plies()
        for index, start in enumerate(starts[:-1]):
            if ply == start:
                return index
        return None

    def scripted(self, ply: int) -> str | None:
        """Return the scripted action due after ``ply`` actions, or None (the learner decides,
        or the lessons are over)."""
        starts = self.plies()
        for index, start in enumerate(starts[:-1]):
            offset = ply - start - 1
            if 0 <= offset < len(self.steps[index].reply):
                return self.steps[index].reply[offset]
        return None

    def over(self, ply: int) -> bool:
        """Return whether the lessons are over after ``ply`` actions (the game goes on)."""
        return ply >= self.plies()[-1]

    def current(self, ply: int) -> int:
        """Return the step shown after ``ply`` actions: the one awaiting the learner, the one
        whose replies are being played, or, once over, the number of steps."""
        starts = self.plies()
        for index in range(len(self.steps)):
            if ply < starts[index + 1]:
                return index
        return len(self.steps)

    def refusal(self, ply: int, action: str) -> Message | None:
        """Return why the learner may not play a legal action now (another is asked for), or
        None when it is the one (or any will do)."""
        index = self.step_at(ply)
        if index is None:
            return None
        step = self.steps[index]
        if step.expect is None or action in step.expect:
            return None
        return msg("core.tutorial.not_now", hint=msg(step.hint) if step.hint else msg(
            "core.tutorial.follow"))

    def words(self, index: int, prefix: str) -> dict[str, Any]:
        """Return a step as clients show it: its pages, its rule, where it stands."""
        if index >= len(self.steps):
            return {"step": index, "of": len(self.steps), "say": [
                msg("core.tutorial.done").to_json()], "rule": None, "done": True}
        step = self.steps[index]
        rule = None if step.rule is None else Ref(f"{prefix}.rule", step.rule).to_json()
        return {"step": index, "of": len(self.steps), "say": [msg(k).to_json() for k in step.say],
                "rule": rule, "done": False}

    def walk(self, game: Game[Any, Any]) -> list[State[Any, Any]]:
        """Return the state at which each step awaits the learner, then the state once the
        lessons are over, each expected action played (the first, where several are).

        Raises:
            BadPosition: the start is not a position of the game, an expected action or a reply
                is not legal where it comes, or the learner is not the one to decide.
        """
        state = self.start(game)
        out = []
        for number, step in enumerate(self.steps, 1):
            if state.to_move != self.seat:
                raise BadPosition(msg("core.text", text=f"step {number}: the learner (seat "
                                      f"{self.seat}) is not to move"))
            out.append(state)
            legal = state.legal()
            wanted = legal[:1] if step.expect is None else list(step.expect)
            for action in wanted:
                if action not in legal:
                    raise BadPosition(msg("core.text", text=f"step {number}: {action!r} is not "
                                          "legal where it is asked for"))
            if step.expect is None and step.reply:
                raise BadPosition(msg("core.text", text=f"step {number}: a free choice has no "
                                      "replies"))
            state = state.play(wanted[0])
            for action in step.reply:
                if action not in state.legal():
                    raise BadPosition(msg("core.text", text=f"step {number}: the reply "
                                          f"{action!r} is not legal where it comes"))
                state = state.play(action)
        out.append(state)
        return out


def parse(game: str, data: Mapping[str, Any]) -> Tutorial:
    """Return the tutorial a JSON document describes."""
    steps = []
    for entry in data["steps"]:
        expect = entry.get("expect")
        steps.append(Step(
            say=tuple(entry["say"]),
            expect=None if expect == ANY else tuple(expect),
            hint=entry.get("hint"),
            reply=tuple(entry.get("reply", ())),
            rule=entry.get("rule"),
        ))
    return Tutorial(game=game, seat=int(data["seat"]), position=str(data["position"]),
                    then=str(data.get("then", "easy")), steps=tuple(steps))


@cache
def tutorial(game: str) -> Tutorial | None:
    """Return a game's tutorial, or None for a game that has none."""
    from meeples.core.errors import UnknownGame
    from meeples.core.registry import load

    try:
        package = load(game).capabilities.package
    except UnknownGame:
        return None
    if package is None:
        return None
    path = resources.files(package).joinpath("tutorial.json")
    if not path.is_file():
        return None
    return parse(game, json.loads(path.read_text(encoding="utf-8")))


def tutorials(names: Sequence[str]) -> dict[str, Tutorial]:
    """Return the tutorials of the games named that have one."""
    return {name: found for name in names if (found := tutorial(name)) is not None}
