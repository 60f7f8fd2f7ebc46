"""The interactive game loop of ``meeples play``, for any game and 1 to n human seats.

Input and output are injected (an ``ask(prompt) -> str`` callable and a rich ``Console``), so
tests script whole sessions without a terminal. Each human sees only ``state.view(player)``; in
a game with hidden information, human seats sharing the keyboard get a hand-over screen between
turns so nobody sees another player's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from meeples.core.errors import CorruptRecord, MeeplesError
from meeples.core.game import Outcome, State
from meeples.core.record import Match
from meeples.terminal import Renderer, renderer_for
from meeples.terminal.seats import Seat, hint_function

Ask = Callable[[str], str]

#: Up to this many legal actions, ``moves`` describes each; beyond, it lists them compactly.
DESCRIBE_LIMIT = 40
#: Up to this many, the legal actions are listed under the board without asking.
FEW_ACTIONS = 8

HELP = (
    ("ACTION", "play an action in the game's notation (e.g. b2-b4)"),
    ("moves or ?", "list the legal actions; 'moves b2' lists those starting with b2"),
    ("undo", "take back your last decision (and the bots' replies)"),
    ("save FILE", "save the match as JSON (step through it: meeples replay FILE)"),
    ("load FILE", "continue a saved match of this game"),
    ("hint", "ask a bot for the best actions"),
    ("board", "show the board again"),
    ("help", "this list"),
    ("quit", "leave (unsaved actions are lost)"),
)


class Session:
    """One terminal match: the states played so far and who sits where."""

    def __init__(
        self,
        state: State[Any, Any],
        seats: Sequence[Seat],
        *,
        console: Console,
        ask: Ask,
        rng: random.Random | None = None,
        history: Sequence[State[Any, Any]] | None = None,
    ) -> None:
        if len(seats) != state.players:
            raise ValueError(f"{len(seats)} seats for a {state.players}-player game")
        self.states: list[State[Any, Any]] = list(history) if history else [state]
        self.seats = list(seats)
        self.console = console
        self.ask = ask
        self.rng = rng if rng is not None else random.Random(0)
        self.renderer: Renderer = renderer_for(state.game.name)
        self.humans = [p for p, seat in enumerate(self.seats) if seat.is_human]
        rules_hidden = getattr(state.game.rules, "hidden_information", None)
        self.hidden: bool = bool(rules_hidden)
        self.hidden_known = isinstance(rules_hidden, bool)
        self.viewer: int | None = None
        # How many actions each human has seen, to report what happened since their last turn.
        # A loaded match is not news: report only what is played from here on.
        self.seen: dict[int, int] = {p: len(self.states) - 1 for p in self.humans}

    @property
    def state(self) -> State[Any, Any]:
        """The current state."""
        return self.states[-1]

    def name(self, player: int) -> str:
        """Return a seat's name, with its bot when a bot plays it."""
        seat = self.seats[player]
        base = self.renderer.player_name(player)
        return base if seat.is_human else f"{base} ({seat.label})"

    def run(self) -> State[Any, Any]:
        """Play until the game ends or a human quits; return the last state."""
        self._greet()
        while True:
            state = self.state
            if state.outcome is not None:
                self._finish(state.outcome)
                return state
            player = state.to_move
            assert player is not None
            seat = self.seats[player]
            if seat.bot is not None:
                self._bot_turn(seat, player)
            elif not self._human_turn(player):
                self.console.print("Bye.")
                return self.state

    # -- turns -------------------------------------------------------------------------------

    def _bot_turn(self, seat: Seat, player: int) -> None:
        state = self.state
        legal = state.legal()
        assert seat.bot is not None
        with self._thinking(f"{self.name(player)} is thinking"):
            action = seat.bot.choose(state.view(player), legal, self.rng)
        try:
            after = state.play(action)
        except MeeplesError as error:
            self.console.print(
                f"[red]{escape(self.name(player))} chose badly: {escape(str(error))};"
                " playing a random action instead[/red]"
            )
            after = state.play(self.rng.choice(legal))
        self.states.append(after)
        if not self.humans:
            self._report(len(self.states) - 2, len(self.states) - 1)

    def _human_turn(self, player: int) -> bool:
        """Show the player's view and read commands until an action is played; False on quit."""
        self._hand_over(player)
        self._show_news(player)
        self._render(player)
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

    def _command(self, line: str, player: int) -> bool | None:
        """Run one line typed by a human: True when the turn is over, False to quit."""
        state = self.state
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if line in state.legal():
            return self._play(line, player)
        command = word.lower()
        if command in ("quit", "exit", "q"):
            return False
        if command in ("moves", "?", "legal"):
            self._list_moves(rest)
        elif command == "help":
            table = Table(box=None, show_header=False, pad_edge=False)
            table.add_column(style="cyan")
            table.add_column()
            for words, meaning in HELP:
                table.add_row(words, meaning)
            self.console.print(table)
        elif command in ("board", "show"):
            self._render(player)
        elif command == "undo":
            return self._undo()
        elif command == "save":
            self._save(rest)
        elif command == "load":
            return self._load(rest)
        elif command == "hint":
            self._hint(player)
        else:
            return self._play(line, player)
        return None

    def _play(self, action: str, player: int) -> bool | None:
        try:
            after = self.state.play(action)
        except MeeplesError as error:
            self.console.print(f"[red]{escape(str(error))}[/red]")
            self.console.print(
                "[dim]Type 'moves' to list the legal actions, 'help' for commands.[/dim]"
            )
            return None
        self.states.append(after)
        self.seen[player] = len(self.states) - 1
        return True

    # -- commands ----------------------------------------------------------------------------

    def _list_moves(self, prefix: str) -> None:
        legal = [a for a in self.state.legal() if a.startswith(prefix)]
        if not legal:
            self.console.print(f"No legal action starts with {prefix!r}.")
            return
        if len(legal) > DESCRIBE_LIMIT:
            self.console.print(f"{len(legal)} legal actions:")
            self.console.print(Columns([escape(a) for a in legal], padding=(0, 2)))
            self.console.print(
                "[dim]Type 'moves PREFIX' (e.g. moves b2) to see what they do.[/dim]"
            )
            return
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column(style="cyan")
        table.add_column()
        for action in legal:
            table.add_row(escape(action), escape(self._describe(self.state, action)))
        self.console.print(f"{len(legal)} legal action(s):")
        self.console.print(table)

    def _undo(self) -> bool | None:
        """Go back to the previous decision of any human, undoing the bots' replies too."""
        current = len(self.states) - 1
        target = next(
            (i for i in range(current - 1, -1, -1) if self._is_human_turn(self.states[i])), None
        )
        if target is None:
            self.console.print("Nothing to undo.")
            return None
        undone = self.state.history[len(self.states[target].history):]
        del self.states[target + 1:]
        for player, seen in self.seen.items():
            self.seen[player] = min(seen, target)
        self._reset_bots()
        self.console.print(f"Took back: {escape(', '.join(undone))}")
        return True

    def _save(self, path: str) -> None:
        if not path:
            self.console.print("[red]save needs a file name: save FILE[/red]")
            return
        try:
            self.state.record().save(path)
        except OSError as error:
            self.console.print(f"[red]cannot save to {escape(path)}: {escape(str(error))}[/red]")
            return
        self.console.print(f"Saved {len(self.state.history)} action(s) to {escape(path)}.")

    def _load(self, path: str) -> bool | None:
        if not path:
            self.console.print("[red]load needs a file name: load FILE[/red]")
            return None
        try:
            match = load_match(path)
            if match.game != self.state.game.name or match.players != len(self.seats):
                raise MeeplesError(
                    f"{path} holds a {match.players}-player {match.game} match; this is a "
                    f"{len(self.seats)}-player {self.state.game.name} game"
                )
            states = match.states()
        except MeeplesError as error:
            self.console.print(f"[red]{escape(str(error))}[/red] (nothing changed)")
            return None
        self.states = states
        self.seen = {p: len(states) - 1 for p in self.humans}
        self.viewer = None
        self._reset_bots()
        self.console.print(f"Loaded {len(match.actions)} action(s) from {escape(path)}.")
        return True

    def _reset_bots(self) -> None:
        """Make bots forget what they kept from the abandoned line of play (search trees)."""
        for seat in self.seats:
            reset = getattr(seat.bot, "reset", None)
            if callable(reset):
                reset()

    def _hint(self, player: int) -> None:
        hint = hint_function()
        if hint is None:
            self.console.print("Hints are not available yet (they come with the bots).")
            return
        with self._thinking("Looking for a good action"):
            try:
                advice = hint(self.state, n=3)
            except MeeplesError as error:
                self.console.print(f"[red]no hint: {escape(str(error))}[/red]")
                return
        if not advice:
            self.console.print("No hint for this position.")
            return
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column(style="cyan")
        table.add_column(justify="right")
        table.add_column()
        for estimate in advice:
            words = self._describe(self.state, estimate.action)
            table.add_row(escape(estimate.action), f"{estimate.value:.0%}", escape(words))
        self.console.print("Suggested (with the bot's estimate of your chances):")
        self.console.print(table)

    # -- display -----------------------------------------------------------------------------

    def _greet(self) -> None:
        game = self.state.game
        alone = len(self.humans) == 1
        who = ", ".join(
            f"{self.renderer.player_name(p)}: {'you' if alone and s.is_human else s.label}"
            for p, s in enumerate(self.seats)
        )
        self.console.print(f"[bold]{escape(game.title)}[/bold]  {escape(who)}")
        self.console.print("[dim]Type an action, 'moves' to list them, 'help' for commands.[/dim]")

    def _is_human_turn(self, state: State[Any, Any]) -> bool:
        player = state.to_move
        return player is not None and self.seats[player].is_human

    def _thinking(self, what: str) -> AbstractContextManager[Any]:
        """Return a spinner on a real terminal, nothing in tests and pipes."""
        if self.console.is_terminal:
            return self.console.status(f"{escape(what)}...")
        return nullcontext()

    def _is_hidden(self) -> bool:
        """Return whether players see different things (sticky once seen, unless the rules say)."""
        if not self.hidden_known and not self.hidden:
            self.hidden = self._views_differ()
        return self.hidden

    def _views_differ(self) -> bool:
        def public(player: int) -> dict[str, Any]:
            view = dict(self.state.view(player))
            view.pop("player", None)
            return view

        first = public(0)
        return any(public(p) != first for p in range(1, len(self.seats)))

    def _hand_over(self, player: int) -> None:
        """Between different humans of a hidden-information game, clear and wait for Enter."""
        if len(self.humans) < 2 or self.viewer == player:
            self.viewer = player
            return
        if self._is_hidden():
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
        """Print the actions that led from states[start] to states[end]."""
        for i in range(start, end):
            before, action = self.states[i], self.states[i + 1].history[-1]
            mover = before.to_move
            name = self.name(mover) if mover is not None else "?"
            text = f"{escape(name)} played [bold]{escape(action)}[/bold]"
            if not self._is_hidden():
                words = self._describe(before, action)
                text += f": {escape(words)}" if words else ""
            self.console.print(text)

    def _describe(self, state: State[Any, Any], action: str) -> str:
        try:
            return state.describe(action)
        except (MeeplesError, NotImplementedError, AttributeError):
            return ""

    def _render(self, player: int | None) -> None:
        state = self.state
        last = state.history[-1] if state.history else None
        legal = state.legal() if player is not None and player == state.to_move else []
        self.console.print(self.renderer.render(state.view(player), legal, last=last))
        if legal and len(legal) <= FEW_ACTIONS:
            self.console.print("Your options: " + escape(", ".join(legal)))

    def _finish(self, outcome: Outcome) -> None:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if viewer is not None:
            self._show_news(viewer)
        self._render(viewer)
        self.console.print(describe_outcome(outcome, self.renderer.player_name))


def load_match(path: str) -> Match:
    """Return the match saved in a file.

    Raises:
        CorruptRecord: the file is unreadable, not a record, or does not replay; the message
            names the file.
    """
    try:
        return Match.load(path)
    except CorruptRecord as error:
        message = str(error)
        if path in message:
            raise
        raise CorruptRecord(f"{path}: {message}") from None


def describe_outcome(outcome: Outcome, name: Callable[[int], str]) -> str:
    """Return the end of the game in words: winners, reason and ranking (rich markup)."""
    if outcome.winners:
        names = " and ".join(name(p) for p in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "win"
        head = f"[bold]Game over: {escape(names)} {verb}[/bold]"
    else:
        head = "[bold]Game over: a draw, nobody wins[/bold]"
    lines = [head, f"Reason: {escape(outcome.reason)}"]
    places, rank = [], 1
    for group in outcome.ranking:
        places.append(f"{rank}. {' = '.join(name(p) for p in group)}")
        rank += len(group)
    if places:
        lines.append("Ranking: " + escape("   ".join(places)))
    return "\n".join(lines)
