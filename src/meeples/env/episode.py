"""One game inside an environment: the state, its legal ids and mask, observations, returns.

Both environments (PettingZoo's and Gymnasium's) keep their game here. It works on the
internal rules, as the bots do (``game.rules.legal_actions`` / ``apply`` on ``state.inner``),
and crosses to ids through the game's declared action table; the legal ids of a state are
computed once, for its mask and for the legality of the next step (and once per list of legal
actions met: the game's episodes share them). Chance nodes never reach
an agent: the episode draws them itself, by the dealer of its seed (the same draws as
``State.deal`` would make from the same seed and history).

A game whose table is too wide for a mask declares factored **choices** instead (Meeple War):
its ids are those of the choices, an action is one id or two (a head, then its place), and after
a head the episode records it (:attr:`Episode.pending`) and asks the same player for the place,
without moving the game. The episode keeps a state's legal actions by **code** (a whole
action's id, or ``head * COUNT + place``) and a flag per id of the level awaited: a step is one
lookup of its code, the mask a copy of the flags.
"""

from __future__ import annotations

import io
import operator
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from meeples.core.chance import CHANCE, SEED_BOUND, Dealer
from meeples.core.errors import IllegalAction
from meeples.core.game import Game, Outcome
from meeples.core.registry import load
from meeples.env.registry import EnvSpec, Planes, env_spec

Mask = npt.NDArray[np.int8]

#: What an environment does with an action that is not legal (not an id, or not in the mask):
#: "lose" ends the game, the offender getting -1 and the others 0 (PettingZoo's
#: ``TerminateIllegalWrapper``; Gymnasium's ``check_env`` steps unmasked samples), "raise"
#: raises :class:`~meeples.IllegalAction`.
ILLEGAL = ("lose", "raise")

#: The most lists of legal actions kept with their ids per game (emptied when full).
LEGAL_SETS = 4096

#: The legal actions of a position: by id, their ids ascending, and those as an array (the
#: first and last None for a list longer than ``LEGAL_KEPT``, neither kept nor hashed).
Legal = tuple[dict[int, Any] | None, list[int], npt.NDArray[np.intp] | None]
LEGAL_KEPT = 32

#: Each game's lists of legal actions met, with their ids (shared by its episodes).
_LEGAL_SETS: dict[str, dict[tuple[Any, ...], Legal]] = {}


#: No action (a dictionary's default where None could be one).
_NONE = object()


class ObservationMismatch(AssertionError):
    """``checked=True``: the fast observation differs from the one built from the view."""


class Episode:
    """A game of an environment, from its declared spec, players and rule options."""

    def __init__(
        self,
        game: str,
        players: int | None,
        options: Mapping[str, Any],
        illegal: str = "lose",
        checked: bool = False,
    ) -> None:
        self.checked = checked
        self._direct: Any = None
        self.spec = env_spec(game)
        self.game: Game[Any, Any] = load(game)
        self.players = self.game.min_players if players is None else players
        self.options = self.game.check_options(self.players, options)
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        self.rules = self.game.rules
        self.table = self.spec.table
        #: The factored choices (Meeple War), or None: the ids are the table's.
        self.choices = self.spec.choices
        self.count = self.table.COUNT if self.choices is None else self.choices.COUNT
        self.inner: Any = None
        self._last: Any = None
        self._ids: list[int] | None = None
        #: Without choices: the legal actions of the state (by id, their ids ascending, the same
        #: as an array), and those of each list of legal actions met, shared by the game's
        #: episodes (positions often have the same list: their ids are found once).
        self._legal_now: Legal | None = None
        self._legal_sets = _LEGAL_SETS.setdefault(game, {})
        #: With choices: the head chosen, awaiting its place (None: none), the state's legal
        #: actions by code (the choices' ``state_coded``: a whole action's id, or ``head *
        #: COUNT + place``; found once per state), and which ids are legal at the level
        #: awaited (the first ids, or the pending head's places), a flag per id.
        self.pending: int | None = None
        self._coded: dict[int, Any] | None = None
        #: The game's own line of maps, passed back to the choices with each state (see
        #: ``choices.state_coded``): games stepped in turn do not lose each other's.
        self._lineage: list[Any] = []
        self._flags: bytearray | None = None
        #: The game's own observer, kept between steps (None: its fast twin, or the view).
        self._observer = self.spec.observer() if self.spec.observer is not None else None
        self._direct = self._fast_only()
        self.dealer = Dealer(0)
        #: The player who decides next, or None when the game is over (kept by the settling).
        self.to_move: int | None = None
        self.plies = 0  # actions played from the start, chance's included: the draw index

    @property
    def spec(self) -> EnvSpec:
        """The game's declared environment spec."""
        return self._spec

    @spec.setter
    def spec(self, spec: EnvSpec) -> None:
        self._spec = spec
        self._mark = spec.mark
        self._direct = self._fast_only()

    def _fast_only(self) -> Any:
        """Return the fast observation when it is not checked against the view's, called
        directly (a step's few lookups fewer), or None."""
        spec = self._spec
        if self.checked:
            return None
        observer = getattr(self, "_observer", None)
        return observer if observer is not None else spec.from_state

    def reset(self, seed: int, position: str | None = None) -> None:
        """Start a new game: seeded, or from a position text.

        Raises:
            BadPosition: the position text is malformed or is not of this game's players.
        """
        if position is None:
            state = self.game.new(self.players, seed, **self.options)
        else:
            state = self.game.parse(position)
        self.dealer = Dealer(seed % SEED_BOUND)
        self.inner = state.inner
        self.plies = len(state.history)
        self._last = self._ids = self._legal_now = self.pending = self._coded = None
        self._flags = None
        self._settle()

    def _settle(self) -> None:
        """Draw every chance node in a row, by the episode's dealer (after every change of the
        state: it also keeps the player to move)."""
        rules = self.rules
        while (player := rules.to_move(self.inner)) == CHANCE:
            outcomes = rules.chance_outcomes(self.inner)
            outcome = self.dealer.pick(outcomes, self.plies)
            self.inner = rules.apply(self.inner, outcome)
            self.plies += 1
        self.to_move = player

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        outcome: Outcome | None = self.rules.outcome(self.inner)
        return outcome

    def legal_ids(self) -> list[int]:
        """Return the ids of the legal actions of the player to move, ascending (a list the
        episode keeps: not to be changed)."""
        if self.choices is None:
            return self._legal()[1]
        if self._ids is None:
            coded, count = self._codes(), self.count
            if self.pending is None:
                self._ids = sorted({code if code < count else code // count for code in coded})
            else:
                base = self.pending * count
                self._ids = sorted(code - base for code in coded if base <= code < base + count)
        return self._ids

    def _legal(self) -> Legal:
        """Return the legal actions of the player to move by id (None for a long list), their
        ids ascending, and those as an array (None for a long list) (without choices)."""
        found = self._legal_now
        if found is None:
            actions = self.rules.legal_actions(self.inner)
            if len(actions) > LEGAL_KEPT:
                # A long list (Sparta's, about 120) seldom comes back whole, and hashing it and
                # keeping it cost more than finding its ids again (its ids ascend in the rules'
                # order: the sort is one pass).
                found = (None, sorted(self.table.ids(actions)), None)
                self._legal_now = found
                return found
            key: tuple[Any, ...] | None = tuple(actions)
            try:
                found = self._legal_sets.get(key)  # type: ignore[arg-type]
            except TypeError:  # unhashable internal actions: not kept
                key = None
            if found is None:
                ids = self.table.ids(actions)
                # Rise of Tribes' ids do not ascend in the rules' order.
                ascending = sorted(ids)
                where = np.array(ascending, dtype=np.intp)
                where.flags.writeable = False  # shared
                found = (dict(zip(ids, actions, strict=True)), ascending, where)
                if key is not None:
                    if len(self._legal_sets) >= LEGAL_SETS:
                        self._legal_sets.clear()
                    self._legal_sets[key] = found
            self._legal_now = found
        return found

    def _codes(self) -> dict[int, Any]:
        """Return the state's legal actions by code (choices)."""
        coded = self._coded
        if coded is None:
            assert self.choices is not None
            coded = self._coded = self.choices.state_coded(self.inner, self._lineage)
        return coded

    def _level(self) -> bytearray:
        """Return a flag per id, 1 for those legal at the level awaited: the state's first ids,
        or the places of the pending head (choices)."""
        flags = self._flags
        if flags is None:
            coded, count = self._codes(), self.count
            flags = self._flags = bytearray(count)
            if self.pending is None:
                for code in coded:
                    flags[code if code < count else code // count] = 1
            else:
                base = self.pending * count
                for code in coded:
                    if base <= code < base + count:
                        flags[code - base] = 1
        return flags

    def mask(self) -> Mask:
        """Return a new legal-action mask of the player to move: 1 for each legal id."""
        if self.choices is None:
            mask = np.zeros(self.count, dtype=np.int8)
            found = self._legal_now
            _, ascending, where = self._legal() if found is None else found
            if where is None:
                mask.put(ascending, 1)
            else:  # an index array: faster than put
                mask[where] = 1
            return mask
        flags = self._flags
        return np.frombuffer(bytearray(self._level() if flags is None else flags), np.int8)

    def write_mask(self, row: Mask) -> None:
        """Write the legal-action mask of the player to move into an int8 row of zeros (the
        vector environments' rows: no new array)."""
        if self.choices is None:
            found = self._legal_now
            _, ascending, where = self._legal() if found is None else found
            if where is None:
                row.put(ascending, 1)
            else:
                row[where] = 1
            return
        flags = self._flags
        row[:] = np.frombuffer(self._level() if flags is None else flags, np.int8)

    def legal_texts(self) -> list[str]:
        """Return the legal actions of the player to move as text."""
        if self.choices is not None:
            format_action = self.rules.format_action
            return [str(format_action(a)) for a in self.rules.legal_actions(self.inner)]
        return self.table.texts(self.legal_ids())

    def check(self, action: Any) -> int | None:
        """Return the id of a legal action, None when it is not one (``illegal="lose"``).

        Raises:
            IllegalAction: ``illegal="raise"`` and the action is not legal here.
        """
        try:
            number = operator.index(action)  # an int or a NumPy integer, not 1.0 or "1"
        except TypeError:
            number = -1
        if self.choices is not None:
            if 0 <= number < self.count and self._level()[number]:
                return number
            legal: Any = ()
        else:
            found = self._legal_now
            by_id, legal, _ = self._legal() if found is None else found
            legal = legal if by_id is None else by_id
        if number in legal:
            return number
        if self.illegal == "raise":
            raise IllegalAction(f"{action!r} is not the id of a legal action here")
        return None

    def step(self, action: Any) -> bool:
        """:meth:`check` an action, then :meth:`play` it; return False when it is not legal
        (``illegal="lose"``: nothing played). A kept list of legal actions (the common case
        without choices) takes one lookup for both.

        Raises:
            IllegalAction: ``illegal="raise"`` and the action is not legal here.
        """
        found = self._legal_now
        if found is not None and found[0] is not None:
            try:
                number = operator.index(action)
            except TypeError:
                number = -1
            chosen = found[0].get(number, _NONE)
            if chosen is not _NONE:
                self._last = chosen
                self.inner = self.rules.apply(self.inner, chosen)
                self.plies += 1
                self._legal_now = None
                self._settle()
                return True
        if self.choices is not None:
            return self._step_choice(action)
        # This class's own check (ids as they are), not a subclass's: a relative episode's
        # check turns its player's ids, which its step has already turned.
        checked = Episode.check(self, action)
        if checked is None:
            return False
        self.play(checked)
        return True

    def _step_choice(self, action: Any) -> bool:
        """:meth:`step` with choices: a whole action, or a head's place, is one lookup of its
        code; a head is its flag at the first level."""
        try:
            number = operator.index(action)
        except TypeError:
            number = -1
        count = self.count
        if 0 <= number < count:
            coded = self._coded
            if coded is None:
                coded = self._codes()
            pending = self.pending
            chosen = coded.get(number if pending is None else pending * count + number)
            if chosen is not None:
                self.pending = None
                self._last = chosen
                self.inner = self.rules.apply(self.inner, chosen)
                self.plies += 1
                self._ids = self._coded = self._flags = None
                self._settle()
                return True
            if pending is None:
                flags = self._flags
                if (self._level() if flags is None else flags)[number]:  # a head
                    self.pending = number
                    self._flags = self._ids = None
                    return True
        if self.illegal == "raise":
            raise IllegalAction(f"{action!r} is not the id of a legal action here")
        return False

    def play(self, number: int) -> None:
        """Play the action of a legal id (checked by :meth:`check`). With choices, a head only
        records it (:attr:`pending`): the same player then chooses its place."""
        if self.choices is not None:
            pending = self.pending
            chosen = self._codes().get(
                number if pending is None else pending * self.count + number)
            if chosen is None:  # a head: its place next
                self.pending = number
                self._flags = self._ids = None
                return
            self.pending = None
            self._coded = self._flags = None
            self._last = chosen
        else:
            found = self._legal_now
            by_id = (self._legal() if found is None else found)[0]
            self._last = self.table.action(number) if by_id is None else by_id[number]
        self.inner = self.rules.apply(self.inner, self._last)
        self.plies += 1
        self._ids = self._legal_now = None
        self._settle()

    @property
    def last(self) -> str | None:
        """The last action played, as text (None at the start)."""
        return None if self._last is None else str(self.rules.format_action(self._last))

    def play_text(self, text: str) -> None:
        """Play a legal action given as text (a bot's choice).

        Raises:
            IllegalAction: the text is not a legal action here (or a head awaits its place).
        """
        if self.choices is not None:
            if self.pending is not None or text not in self.rules.legal_actions(self.inner):
                raise IllegalAction(f"{text!r} is not legal here")
            self._last = text
            self.inner = self.rules.apply(self.inner, text)
            self.plies += 1
            self._ids = self._coded = self._flags = None
            self._settle()
            return
        number = self.table.action_id(text)
        if number not in self.legal_ids():
            raise IllegalAction(f"{text!r} is not legal here")
        self.play(number)

    def view(self, player: int | None) -> dict[str, Any]:
        """Return what a player (None: a spectator) may see."""
        view: dict[str, Any] = self.rules.view(self.inner, player)
        return view

    def observe(self, player: int) -> Planes:
        """Return a player's observation planes (a new array)."""
        direct = self._direct
        if direct is not None:
            planes: Planes = direct(self.inner, player)
            if self.pending is not None and self._mark is not None:
                self._mark(planes, self.pending, player, self.players)
            return planes
        fast = self._observer if self._observer is not None else self.spec.from_state
        planes = self.spec.from_view(self.view(player)) if fast is None else self._fast(
            fast, player)
        mark = self.spec.mark
        if self.pending is not None and mark is not None:
            mark(planes, self.pending, player, self.players)
        return planes

    def _fast(self, fast: Any, player: int) -> Planes:
        planes: Planes = fast(self.inner, player)
        if self.checked:
            slow = self.spec.from_view(self.view(player))
            if planes.dtype != slow.dtype or not np.array_equal(planes, slow):
                raise ObservationMismatch(
                    f"{self.spec.game}: the observation of player {player} from the state differs"
                    f" from the one from the view in {self.rules.format_state(self.inner)!r}"
                )
        return planes

    def returns(self) -> list[float]:
        """Return each player's reward at the end (:func:`meeples.env.outcome.returns_of`:
        two players +1, -1 or 0; three or four the ranking scaled to [-1, 1])."""
        from meeples.env.outcome import returns_of

        return returns_of(self.outcome, self.players)

    def outcome_info(self, offender: int | None = None) -> dict[str, Any] | None:
        """Return ``info["outcome"]`` of the game's end (:mod:`meeples.env.outcome`), None while
        it goes on; ``offender``: the player whose illegal id ended it."""
        from meeples.env.outcome import outcome_info

        returns = self.returns() if offender is None else [
            -1.0 if p == offender else 0.0 for p in range(self.players)]
        return outcome_info(self.game, self.inner, self.outcome, self.players, returns, offender)

    def render(self, mode: str | None, player: int | None = None) -> Any:
        """Return the terminal board ("ansi"), print it ("human"), or return the board drawn
        from a player's view as an ``(H, W, 3)`` uint8 image ("rgb_array")."""
        if mode == "rgb_array":
            from meeples.env.images import image

            outcome = self.outcome
            return image(self.spec.game, self.view(player), self.last,
                         None if outcome is None else outcome.to_json())
        from rich.console import Console

        from meeples.terminal import renderer_for

        board = renderer_for(self.spec.game).render(
            self.view(None), self.legal_texts() if self.outcome is None else [], self.last
        )
        if mode == "human":
            Console().print(board)
            return None
        out = io.StringIO()
        Console(file=out, width=100, force_terminal=True, color_system="standard").print(board)
        return out.getvalue()


class LazyView(Mapping[str, Any]):
    """A player's view built on first reading: a bot that never reads it (random) costs none."""

    def __init__(self, episode: Episode, player: int) -> None:
        self._episode = episode
        self._player = player
        self._view: dict[str, Any] | None = None

    def _built(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._episode.view(self._player)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._built()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._built())
