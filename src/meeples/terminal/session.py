"""The interactive game loop of ``meeples play``, for any game and 1 to n human seats.

Input and output are injected (an ``ask(prompt) -> str`` callable and a rich ``Console``), so
tests script whole sessions without a terminal. Each human sees only ``state.view(player)``; in
a game with hidden information, human seats sharing the keyboard get a hand-over screen between
turns so nobody sees another player's view.

Turn flow: a decision that exists only because the person to move may use something "at any
time" (``state.anytime_skip()`` names the action declining it) is asked or passed for them by
their setting, ``anytime`` ask / own (ask on my own turn only, the default) / never; a passed
decision is played as an ordinary recorded action. ``undo`` takes back the asking person's own
decisions and the bots' replies after them, never another person's. ``resign`` gives up, as
on the server (:mod:`meeples.core.resign`): with two players the other wins; with more, a random
bot plays the seat to the end and it ranks last (no undo goes back past a resignation; both
live in :mod:`meeples.terminal.takeback`). Once the game is over the prompt stays open (save,
undo, hint, replay, quit).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from meeples.core.chance import CHANCE
from meeples.core.errors import MeeplesError
from meeples.core.game import Outcome, State
from meeples.core.resign import outcome_after_resignations
from meeples.core.text import Message, msg
from meeples.core.text import render as render_message
from meeples.core.tutorial import Tutorial
from meeples.terminal import Renderer, prompt, renderer_for, takeback
from meeples.terminal.help import ANYTIME, DEFAULT_ANYTIME
from meeples.terminal.prompt import load_match
from meeples.terminal.seats import Seat
from meeples.terminal.summary import describe_outcome, summary_table

__all__ = ["Ask", "Session", "describe_outcome", "load_match"]

Ask = Callable[[str], str]

#: Up to this many, the legal actions are listed under the board without asking...
FEW_ACTIONS = 8
#: ...and up to this many, each with its description.
DESCRIBED_ACTIONS = 5


class Session:
    """One terminal match: the states played so far, who sits where and who decided what."""

    def __init__(
        self,
        state: State[Any, Any],
        seats: Sequence[Seat],
        *,
        console: Console,
        ask: Ask,
        rng: random.Random | None = None,
        history: Sequence[State[Any, Any]] | None = None,
        anytime: str = DEFAULT_ANYTIME,
        resigned: Sequence[tuple[int, int]] = (),
        lessons: Tutorial | None = None,
    ) -> None:
        if len(seats) != state.players:
            raise ValueError(f"{len(seats)} seats for a {state.players}-player game")
        if anytime not in ANYTIME:
            raise ValueError(f"anytime is one of {', '.join(ANYTIME)}, not {anytime!r}")
        self.states: list[State[Any, Any]] = list(history) if history else [state]
        self.table = list(seats)  # who sat where before anyone resigned
        self.seats = list(seats)
        self.console = console
        self.ask = ask
        self.rng = rng if rng is not None else random.Random(0)
        self.renderer: Renderer = renderer_for(state.game.name)
        self.humans = [p for p, seat in enumerate(self.seats) if seat.is_human]
        #: Whether players see different things: declared by the game.
        self.hidden: bool = state.game.capabilities.hidden_information
        self.viewer: int | None = None
        self.anytime_default = anytime
        self.anytime = {p: anytime for p in self.humans}
        #: The humans who typed ``use``: their next "at any time" decision is asked, once.
        self.armed: set[int] = set()
        #: The humans told once what they hold and how to use it.
        self.told_held: set[int] = set()
        self.layout = "auto"
        # Who decided each action (states[i] -> states[i + 1]): a human seat when that person
        # typed it, CHANCE for chance's outcome (undo never crosses it), None for a bot or an
        # action passed for a person by their anytime setting.
        # Undo takes back only the asking person's decisions. A loaded match's actions count
        # as typed by the human seats that were to move.
        self.deciders: list[int | None] = [self.seat_decider(s) for s in self.states[:-1]]
        self.passed: set[int] = set()  # indices of the actions passed by an anytime setting
        # How many actions each human has seen, to report what happened since their last turn.
        # A loaded match is not news: report only what is played from here on.
        self.seen: dict[int, int] = {p: len(self.states) - 1 for p in self.humans}
        # Where the match was last saved or loaded from, with how many actions it held then:
        # what a person stopped by Ctrl-C is told to resume from.
        self.saved: tuple[str, int] | None = None
        # The resignations in order, as the record keeps them: (seat, actions played then).
        self.resignations: list[tuple[int, int]] = []
        takeback.restore_resignations(self, resigned)
        #: A guided first game (``meeples learn``): its script, from the first state on.
        self.lessons = lessons
        self.lesson_shown = -1

    @property
    def state(self) -> State[Any, Any]:
        """The current state."""
        return self.states[-1]

    @property
    def resigned(self) -> list[int]:
        """The seats that resigned, in order."""
        return [seat for seat, _ in self.resignations]

    @property
    def resigned_at(self) -> int:
        """The index in ``states`` of the last resignation: no undo goes back past it."""
        if not self.resignations:
            return 0
        return self.resignations[-1][1] - len(self.states[0].history)

    @property
    def ended_by_resignation(self) -> bool:
        """Whether resignations, not the rules, ended the game."""
        return self.state.outcome is None and self.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, resignations counted (None: it goes on)."""
        return outcome_after_resignations(self.state.outcome, self.state.players, self.resigned)

    def name(self, player: int) -> str:
        """Return a seat's name, with its bot when a bot plays it."""
        seat = self.seats[player]
        base = self.renderer.player_name(player)
        return base if seat.is_human else f"{base} ({seat.label})"

    def run(self) -> State[Any, Any]:
        """Play until a human quits (the prompt stays open once the game is over, for saving,
        undoing, hints and replays); return the last state. Bots alone stop at the end."""
        self._greet()
        while True:
            state = self.state
            outcome = self.outcome
            if outcome is not None:
                self._finish(outcome)
                if not self.humans or not self._after_game():
                    return self.state
                continue
            if state.is_chance:  # drawn by the match's own seed, recorded like any action
                scripted = self.scripted()  # a lesson's draw, as the lesson was written
                self._push(state.play(scripted) if scripted else state.deal(), CHANCE)
                if not self.humans:
                    self._report(len(self.states) - 2, len(self.states) - 1)
                continue
            player = state.to_move
            assert player is not None
            seat = self.seats[player]
            skip = self.skip_for(state)
            if skip is not None:
                self._push(state.play(skip), None)
                self.passed.add(len(self.states) - 2)
            elif seat.bot is not None:
                self._bot_turn(seat, player)
            elif not self._human_turn(player):
                self.console.print("Bye.")
                return self.state

    # -- turns -------------------------------------------------------------------------------

    def seat_decider(self, state: State[Any, Any]) -> int | None:
        """Return the human seat to move in a state (who decided a loaded action), CHANCE at a
        chance node, else None."""
        player = state.to_move
        if player == CHANCE:
            return CHANCE
        return player if player is not None and self.seats[player].is_human else None

    def _push(self, after: State[Any, Any], decider: int | None) -> None:
        self.states.append(after)
        self.deciders.append(decider)

    def skip_for(self, state: State[Any, Any]) -> str | None:
        """Return the action to pass for the person to move by their anytime setting, or None
        (:meth:`meeples.State.anytime_pass`: "own" passes the "at any time" decisions that come
        on another player's turn, "never" passes them all, "ask" none)."""
        player = state.to_move
        setting = self.anytime.get(player) if player is not None else None
        if setting is not None and (scripted := self.scripted()) is not None:
            return scripted  # a lesson passes for the learner what the default settings pass
        return None if setting is None else state.anytime_pass(setting, player in self.armed)

    def scripted(self) -> str | None:
        """Return the action a lesson's script plays now (chance's, a bot's, or one the
        learner's default settings pass), or None."""
        if self.lessons is None:
            return None
        return self.lessons.scripted(len(self.state.history))

    def _bot_turn(self, seat: Seat, player: int) -> None:
        state = self.state
        legal = state.legal()
        assert seat.bot is not None
        action = self.scripted()  # a lesson's reply, as the lesson was written
        if action is None:
            with self.thinking(f"{self.name(player)} is thinking"):
                action = seat.bot.choose(state.view(player), legal, self.rng)
        try:
            after = state.play(action)
        except MeeplesError as error:
            self.console.print(
                f"[red]{escape(self.name(player))} chose badly: {escape(str(error))};"
                " playing a random action instead[/red]"
            )
            after = state.play(self.rng.choice(legal))
        self._push(after, None)
        if not self.humans:
            self._report(len(self.states) - 2, len(self.states) - 1)

    def _human_turn(self, player: int) -> bool:
        """Show the player's view and read commands until an action is played; False on quit."""
        self._hand_over(player)
        self._show_news(player)
        self.show(player)
        self._lesson()
        while True:
            try:
                line = self.ask(f"{self.renderer.player_name(player)}> ").strip()
            except EOFError:
                return False
            if not line:
                continue
            outcome = self._command(line, player)
            if outcome is not None:
                return outcome

    def _after_game(self) -> bool:
        """Keep the prompt open once the game is over: True when an undo resumes play."""
        # A resignation stands (undo refuses to go back past it), so neither undo nor a hint
        # at the last decision is offered then.
        offer = "save FILE, replay" if self.ended_by_resignation else (
            "save FILE, undo, hint, replay")
        self.console.print(f"[dim]The game is over: {offer}, board, info, help or quit.[/dim]")
        while True:
            try:
                line = self.ask("game over> ").strip()
            except EOFError:
                return False
            if not line:
                continue
            outcome = self._command(line, None)
            if outcome is not None:
                return outcome

    def _command(self, line: str, player: int | None) -> bool | None:
        """Run one line typed by a human (None: after the game): True when the turn is over
        (or play resumes), False to quit, None to read another line."""
        state = self.state
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if player is not None and line in state.legal():
            return self._play(line, player)
        command = word.lower()
        if command in ("quit", "exit", "q"):
            return False
        if command in ("moves", "?", "legal") and player is not None:
            prompt.list_moves(self, rest)
        elif command == "help":
            prompt.show_help(self, over=player is None)
        elif command in ("board", "show"):
            self.show(player)
        elif command in ("info", "legend"):
            prompt.info(self, rest)
        elif command == "set":
            return prompt.change_setting(self, rest, player)
        elif command == "rules":
            prompt.rules(self, rest)
        elif command == "use" and player is not None:
            self.arm(player, rest.lower() != "off")
        elif command == "undo":
            return takeback.undo(self, player)
        elif command == "resign" and player is not None:
            return takeback.resign(self, player)
        elif command == "save":
            prompt.save(self, rest)
        elif command == "load" and player is not None:
            return prompt.load(self, rest)
        elif command == "hint":
            prompt.hint(self, player)
        elif command == "replay":
            prompt.replay(self, player)
        elif player is None:
            self.console.print("The game is over: type help for what you can do now.")
        else:
            return self._play(line, player)
        return None

    def arm(self, player: int, on: bool) -> None:
        """Ask (or no longer ask) the player at their next "at any time" decision: the way to
        use what they hold (Meeple War's Tree, a power) when they are not asked at every phase."""
        held = [self.words(m) for m in self.state.anytime_held(player)]
        if not on:
            self.armed.discard(player)
            self.console.print("You will not be asked about what you hold.")
        elif not held:
            self.console.print("You hold nothing that may be used at any time.")
        else:
            self.armed.add(player)
            things = escape(", ".join(held))
            self.console.print(f"You will be asked at the next chance to use {things}"
                               " ('use off' to cancel).")

    def _lesson(self) -> None:
        """Print the lesson awaiting the learner, once per step; once over, say so."""
        if self.lessons is None:
            return
        ply = len(self.state.history)
        index = self.lessons.current(ply)
        if index == self.lesson_shown:
            return
        self.lesson_shown = index
        if index >= len(self.lessons.steps):
            self.console.print(f"[bold green]{escape(self.words(msg('core.tutorial.done')))}"
                               "[/bold green]")
            return
        step = self.lessons.steps[index]
        title = f"Lesson {index + 1} of {len(self.lessons.steps)}"
        rule = f"  (rules {step.rule})" if step.rule else ""
        self.console.print(f"[bold green]{title}[/bold green][dim]{rule}[/dim]")
        for key in step.say:
            self.console.print(escape(self.words(msg(key))))
        if step.expect:  # what the browser's board alone offers, as the text to type
            self.console.print(f"[dim]Type: {escape(' or '.join(step.expect))}[/dim]")

    def _play(self, action: str, player: int) -> bool | None:
        refused = None if self.lessons is None or action not in self.state.legal() else (
            self.lessons.refusal(len(self.state.history), action))
        if refused is not None:
            self.console.print(f"[yellow]{escape(self.words(refused))}[/yellow]")
            return None
        if player in self.armed and self.state.anytime_skip() is not None:
            self.armed.discard(player)  # asked once, as they wanted
        try:
            after = self.state.play(action)
        except MeeplesError as error:
            self.console.print(f"[red]{escape(self.words(error.message))}[/red]")
            prompt.refer(self, error.message)
            self.console.print(
                "[dim]Type 'moves' to list the legal actions, 'help' for commands.[/dim]"
            )
            return None
        self._push(after, player)
        self.seen[player] = len(self.states) - 1
        self._tell_effects(self.states[-2], after)
        return True

    def _tell_effects(self, before: State[Any, Any], after: State[Any, Any]) -> None:
        """Print what the action from before to after caused beyond itself (a battle and its
        losses, points, an event...), one line each under the action; effects are public."""
        for effect in before.effects_to(after):
            self.console.print(f"  [yellow]> {escape(self.words(effect))}[/yellow]")

    # -- commands ----------------------------------------------------------------------------

    def reset_bots(self) -> None:
        """Make bots forget what they kept from the abandoned line of play (search trees)."""
        for seat in self.seats:
            reset = getattr(seat.bot, "reset", None)
            if callable(reset):
                reset()

    # -- display -----------------------------------------------------------------------------

    def _greet(self) -> None:
        game = self.state.game
        alone = len(self.humans) == 1
        who = ", ".join(
            f"{self.renderer.player_name(p)}: {'you' if alone and s.is_human else s.label}"
            for p, s in enumerate(self.seats)
        )
        self.console.print(f"[bold]{escape(game.title)}[/bold]  {escape(who)}")
        example = self.renderer.notation[0][0] if self.renderer.notation else (
            self.state.legal()[0] if self.state.legal() else "")
        self.console.print(
            f"[dim]Type an action (e.g. {escape(example)}), 'moves' to list them, "
            "'info NAME' for a code of the board, 'help' for commands.[/dim]"
        )

    def thinking(self, what: str) -> AbstractContextManager[Any]:
        """Return a spinner on a real terminal, nothing in tests and pipes."""
        if self.console.is_terminal:
            return self.console.status(f"{escape(what)}...")
        return nullcontext()

    def is_hidden(self) -> bool:
        """Return whether players see different things (the game's declared
        ``hidden_information``)."""
        return self.hidden

    def _hand_over(self, player: int) -> None:
        """Between different humans of a hidden-information game, clear and wait for Enter."""
        if len(self.humans) < 2 or self.viewer == player:
            self.viewer = player
            return
        if self.is_hidden():
            name = self.renderer.player_name(player)
            self.console.clear()
            self.console.print(Panel(
                f"Pass the keyboard to [bold]{escape(name)}[/bold].\n"
                "Everyone else: please look away.",
                title="Hand over", expand=False,
            ))
            try:
                self.ask(f"{name}, press Enter when ready ")
            except EOFError:
                pass
            self.console.clear()
        self.viewer = player

    def _show_news(self, player: int) -> None:
        """Report the actions played since this human last decided (bots' and others')."""
        start = self.seen.get(player, 0)
        self._report(start, len(self.states) - 1)
        self.seen[player] = len(self.states) - 1

    def _report(self, start: int, end: int) -> None:
        """Print the actions that led from states[start] to states[end]; the ones passed by an
        anytime setting are counted, not listed."""
        passed: dict[int, list[str]] = {}
        for i in range(start, end):
            before, action = self.states[i], self.states[i + 1].history[-1]
            mover = before.to_move
            if i in self.passed and mover is not None:
                passed.setdefault(mover, []).append(action)
                # What followed the pass is news all the same: the last pass of a phase start
                # lets the phase go on (the bot's tower points, the battles of its resolution).
                self._tell_effects(before, self.states[i + 1])
                continue
            name = "Chance" if mover == CHANCE else self.name(mover) if mover is not None else "?"
            text = f"{escape(name)} played [bold]{escape(action)}[/bold]"
            if not self.is_hidden():
                words = self.describe(before, action)
                text += f": {escape(words)}" if words else ""
            self.console.print(text)
            self._tell_effects(before, self.states[i + 1])
        for mover, actions in passed.items():
            kinds = ", ".join(f"{a} x{actions.count(a)}" for a in sorted(set(actions)))
            setting = self.anytime.get(mover, DEFAULT_ANYTIME)
            if setting == DEFAULT_ANYTIME:  # the default says nothing at every phase: 'use' does
                continue
            self.console.print(
                f"[dim]Passed for {escape(self.name(mover))} (anytime {setting}): "
                f"{escape(kinds)}. 'set anytime ask' to be asked.[/dim]"
            )

    def describe(self, state: State[Any, Any], action: str) -> str:
        """Return what an action does in words ("" when the game cannot say)."""
        try:
            return self.words(state.describe_message(action))
        except (MeeplesError, NotImplementedError, AttributeError):
            return ""

    def words(self, message: Message) -> str:
        """Return a message in English, players named as this table names them."""
        names = {p: self.renderer.player_name(p) for p in range(len(self.seats))}
        return render_message(message, names=names)

    def show(self, player: int | None) -> None:
        """Print the board as a player (None: a spectator) sees it, with what they must decide
        and, when few, their options."""
        state = self.state
        last = state.history[-1] if state.history else None
        legal = state.legal() if player is not None and player == state.to_move else []
        self.console.print(
            self.renderer.render(state.view(player), legal, last=last, layout=self.layout)
        )
        if player is not None and legal:
            question = self.words(state.prompt())
            if question:
                self.console.print(f"[bold]{escape(question)}[/bold]")
            held = [self.words(m) for m in state.anytime_held(player)]
            if held and player not in self.told_held and player not in self.armed:
                self.told_held.add(player)
                self.console.print(
                    f"[dim]You hold {escape(', '.join(held))}: you are not asked about it at every"
                    " phase; type 'use' to be asked at the next chance.[/dim]")
        # Descriptions come from the full state: not shown inline when views differ.
        if legal and len(legal) <= DESCRIBED_ACTIONS and not self.is_hidden():
            self.console.print("Your options:")
            self.console.print(prompt.described(self, legal))
        elif legal and len(legal) <= FEW_ACTIONS:
            self.console.print("Your options: " + escape(", ".join(legal)))

    def _finish(self, outcome: Outcome) -> None:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if viewer is not None:
            self._show_news(viewer)
        self.show(viewer)
        self.console.print(describe_outcome(outcome, self.renderer.player_name))
        sheet = self.state.score_sheet()
        if sheet is not None:
            self.console.print(summary_table(sheet, self.renderer.player_name, outcome.winners))
