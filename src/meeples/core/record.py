"""Match records: a game is its setup, its seed and its list of action strings.

A record replays to the identical state and saves as JSON:

    {"format": "meeples-match/2", "game": "meeple_war", "players": 2, "seed": "1234...",
     "commitment": "9f2c...", "options": {...}, "position": null,
     "actions": ["first:1", "w2>L2", ..., "explore@1,0", "draw:T17", ...],
     "rules_version": 1}

The actions include chance's outcomes (:mod:`meeples.core.chance`), each drawn by the dealer of
the seed at its index, so ``meeples verify`` can check them against the seed, and the seed
against its ``commitment`` (SHA-256, published before the game). The seed is written as decimal
text: it may have 256 bits, more than JSON numbers carry safely.
``position`` is set instead of ``options`` when the match started from a position text; its
``seed`` is then the seed of the chance drawn after that position (a server's match: null when
unknown), and the start is the position alone.

Records of the first format (``meeples-match/1``: the seed a number, no commitment, chance kept
inside the engine) still load: a game whose chance became explicit since converts their actions
(its rules' ``chance_actions_v1``, putting in the outcomes its old generator drew), and they are
written back in the current format.
An optional ``"seats"`` lists who sat where, in seat order: ``"human"`` or a bot spec
(``"normal"``, ``"mcts:800"``...), so ``meeples play --load`` seats the same players again;
records without it (older files, the server's) load as before.
An optional ``"resigned"`` lists the resignations in the order they came, each as
``{"seat": 1, "ply": 12}``: the seat, and the number of actions played when it resigned
(:mod:`meeples.core.resign` says how they end the match); records without it have none.

``"rules_version"`` is the version of the game's rules the match was played under
(``Rules.rules_version``). A record without it was written before games declared one, when
every game was at version 1: it reads as version 1. Replaying a record of another version than
the engine's is refused (:class:`~meeples.core.errors.OtherRules`): the engines keep only their
current rules, and a match replayed under rules it was not played under would silently become
another match (PGN's headers, for the same reason, say which variant a game was played in).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeples.core import files
from meeples.core.chance import SEED_BOUND, commitment
from meeples.core.errors import BadFile, CorruptRecord, MeeplesError, OtherRules
from meeples.core.game import Outcome, State
from meeples.core.resign import outcome_after_resignations
from meeples.core.text import msg

FORMAT = "meeples-match/2"
#: The first format: still read, converted on loading (see the module docstring).
FORMAT_V1 = "meeples-match/1"
#: The rules version of a record that names none (written before games declared theirs).
UNVERSIONED_RULES = 1


@dataclass(frozen=True, slots=True)
class Match:
    """A replayable match record."""

    game: str
    players: int
    seed: int | None
    options: dict[str, Any] | None
    position: str | None
    actions: tuple[str, ...] = field(default=())
    seats: tuple[str, ...] | None = None
    #: SHA-256 of the seed (hex), as published before the match; None when unknown.
    commitment: str | None = None
    #: The resignations in order: (seat, number of actions played when it resigned).
    resigned: tuple[tuple[int, int], ...] = ()
    #: The version of the game's rules the match was played under (``Rules.rules_version``);
    #: a record that does not say was played under version 1 (see the module docstring).
    rules_version: int = UNVERSIONED_RULES

    @classmethod
    def of(cls, state: State[Any, Any]) -> Match:
        """Return the record of a facade state."""
        start = state.start
        return cls(
            game=state.game.name,
            players=start.players,
            seed=start.seed,
            options=dict(start.options) if start.options is not None else None,
            position=start.position,
            actions=state.history,
            commitment=seed_commitment(start.seed),
            rules_version=state.game.rules_version,
        )

    def start(self) -> State[Any, Any]:
        """Return the state the match started from.

        Raises:
            OtherRules: the match was played under another version of its game's rules.
            MeeplesError: an unknown game, bad options or a bad position.
        """
        from meeples.core.registry import load

        game = load(self.game)
        if self.rules_version != game.rules_version:
            raise OtherRules(msg("core.record_rules", game=game.title, played=self.rules_version,
                                 plays=game.rules_version))
        if self.position is not None:
            return game.parse(self.position)
        return game.new(players=self.players, seed=self.seed or 0, deal=False,
                        **game.recorded_options(self.options or {}))

    def states(self) -> list[State[Any, Any]]:
        """Return every state of the match, the start first.

        Raises:
            CorruptRecord: an action does not apply, with its index.
        """
        state = self.start()
        out = [state]
        for index, action in enumerate(self.actions):
            try:
                state = state.play(action)
            except MeeplesError as error:
                raise CorruptRecord(
                    f"action {index + 1} ({action!r}) does not apply: {error}"
                ) from None
            out.append(state)
        return out

    def replay(self) -> State[Any, Any]:
        """Return the final state of the match."""
        return self.states()[-1]

    def resigned_by(self, ply: int) -> list[int]:
        """Return the seats that had resigned once ``ply`` actions were played, in order."""
        return [seat for seat, at in self.resigned if at <= ply]

    def outcome(self, state: State[Any, Any]) -> Outcome | None:
        """Return how the match stands at one of its states, resignations counted (None: it
        goes on)."""
        seats = self.resigned_by(len(state.history))
        return outcome_after_resignations(state.outcome, self.players, seats)

    def check_resignations(self, states: list[State[Any, Any]]) -> None:
        """Refuse resignations that do not fit the match: by a seat out of turn, or followed by
        actions although they ended it.

        Raises:
            CorruptRecord: a resignation the match cannot have had.
        """
        for index, (seat, ply) in enumerate(self.resigned):
            before = [s for s, _ in self.resigned[:index]]
            if outcome_after_resignations(states[ply].outcome, self.players, before) is not None:
                raise CorruptRecord(f"field 'resigned': seat {seat} resigned after the end")
        last = len(states) - 1
        for ply in range(last):
            if outcome_after_resignations(
                    states[ply].outcome, self.players, self.resigned_by(ply)) is not None:
                raise CorruptRecord(f"action {ply + 1} comes after the match ended by "
                                    "resignation")

    def to_json(self) -> dict[str, Any]:
        """Return the record as JSON-ready data (``seats`` only when known)."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": None if self.seed is None else str(self.seed),
            "commitment": self.commitment,
            "options": self.options,
            "position": self.position,
            "actions": list(self.actions),
            "rules_version": self.rules_version,
        }
        if self.seats is not None:
            data["seats"] = list(self.seats)
        if self.resigned:
            data["resigned"] = [{"seat": seat, "ply": ply} for seat, ply in self.resigned]
        return data

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Return the record JSON data describes.

        Raises:
            CorruptRecord: missing or mistyped fields.
        """
        if not isinstance(data, dict):
            raise CorruptRecord("a match record is a JSON object")
        version = data.get("format")
        if version not in (FORMAT, FORMAT_V1):
            raise CorruptRecord(f"not a Meeples match record (format {version!r})")
        game, players, seed = data.get("game"), data.get("players"), data.get("seed")
        options, position, actions = data.get("options"), data.get("position"), data.get("actions")
        if not isinstance(game, str):
            raise CorruptRecord("field 'game' must be a game name")
        if not isinstance(players, int) or isinstance(players, bool):
            raise CorruptRecord("field 'players' must be a whole number")
        _check_players(game, players)
        if version == FORMAT and isinstance(seed, str):
            if not seed.isascii() or not seed.isdigit() or len(seed) > 80:
                raise CorruptRecord("field 'seed' must be a whole number in decimal text or null")
            seed = int(seed)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise CorruptRecord("field 'seed' must be a whole number or null")
        commitment = data.get("commitment") if version == FORMAT else None
        if commitment is not None and (
            not isinstance(commitment, str) or len(commitment) != 64
            or any(c not in "0123456789abcdef" for c in commitment)
        ):
            raise CorruptRecord("field 'commitment' must be 64 lowercase hex digits or null")
        if options is not None and not isinstance(options, dict):
            raise CorruptRecord("field 'options' must be an object or null")
        if position is not None and not isinstance(position, str):
            raise CorruptRecord("field 'position' must be a text or null")
        if seed is None and position is None:
            raise CorruptRecord("a record has either a seed or a start position (or both: the"
                                " seed of the chance after that position)")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise CorruptRecord("field 'actions' must be a list of action strings")
        seats = data.get("seats")
        if seats is not None and (
            not isinstance(seats, list) or len(seats) != players
            or not all(isinstance(s, str) and s for s in seats)
        ):
            raise CorruptRecord(f"field 'seats' must list {players} seats (human or a bot)")
        rules = data.get("rules_version", UNVERSIONED_RULES)
        if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
            raise CorruptRecord("field 'rules_version' must be a whole number from 1")
        if version == FORMAT_V1:
            actions = _convert_v1(game, players, seed, options, position, actions)
            commitment = seed_commitment(seed)
        resigned = _resignations(data.get("resigned"), players, len(actions))
        return cls(game, players, seed, options, position, tuple(actions),
                   tuple(seats) if seats is not None else None, commitment, resigned, rules)

    def check_seed(self) -> None:
        """Refuse a record whose seed is not the one its commitment was made to (a seed edited
        by hand would deal other tiles and dice than the match had; ``meeples verify`` tells
        more).

        Raises:
            CorruptRecord: both are given and the seed's SHA-256 is not the commitment.
        """
        if self.seed is None or self.commitment is None:
            return
        if seed_commitment(self.seed) != self.commitment:
            raise CorruptRecord("the seed does not match its commitment (the record was "
                                "altered): meeples verify tells more")

    def dumps(self) -> str:
        """Return the record as JSON text."""
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def loads(cls, text: str) -> Match:
        """Return the record in JSON text, checked by replaying it.

        Raises:
            CorruptRecord: not JSON, wrong fields, or actions that do not replay.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise CorruptRecord(f"not valid JSON: {error}") from None
        except RecursionError:
            raise CorruptRecord("not a match record: JSON nested too deeply") from None
        match = cls.from_json(data)
        match.check_seed()
        try:
            match.check_resignations(match.states())
        except CorruptRecord:
            raise
        except MeeplesError as error:
            raise CorruptRecord(str(error)) from None
        return match

    def save(self, path: str | Path) -> None:
        """Write the record to a regular file, through a symlink to its target, atomically (a
        crash never leaves half a file).

        Raises:
            BadFile: the path names a folder, a device, a FIFO or a socket (nothing is
                written), or the write failed (the file is unchanged).
        """
        files.write_text(path, self.dumps() + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Match:
        """Return the record saved in a file (a regular file of at most
        :data:`~meeples.core.files.MAX_INPUT_BYTES`: a device or a FIFO is never opened).

        Raises:
            CorruptRecord: unreadable, not a regular file, not a record, or does not replay.
        """
        try:
            text = files.read_text(path)
        except BadFile as error:
            raise CorruptRecord(str(error)) from None
        return cls.loads(text)


def _check_players(game: str, players: int) -> None:
    """Refuse a player count the game does not allow, in the game's words (an unknown game is
    named when the record is replayed).

    Raises:
        CorruptRecord: the game is known and is not played by that many.
    """
    from meeples.core.registry import game_names, load

    if game not in game_names():
        return
    try:
        load(game).check_options(players, {})
    except MeeplesError as error:
        raise CorruptRecord(f"field 'players': {error}") from None


def _resignations(data: Any, players: int, actions: int) -> tuple[tuple[int, int], ...]:
    """Return the resignations a record's ``resigned`` field lists (none when absent).

    Raises:
        CorruptRecord: not a list of ``{"seat", "ply"}`` objects with seats of the match, each
            once, at plies of the match in order.
    """
    if data is None:
        return ()
    shape = "field 'resigned' must list {\"seat\": S, \"ply\": N} objects"
    if not isinstance(data, list):
        raise CorruptRecord(shape)
    out: list[tuple[int, int]] = []
    for entry in data:
        if not isinstance(entry, dict) or set(entry) != {"seat", "ply"}:
            raise CorruptRecord(shape)
        seat, ply = entry["seat"], entry["ply"]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (seat, ply)):
            raise CorruptRecord(shape)
        if not 0 <= seat < players or any(seat == s for s, _ in out):
            raise CorruptRecord(f"field 'resigned': seat {seat} is not a seat of the match "
                                "that had not resigned")
        if not (out[-1][1] if out else 0) <= ply <= actions:
            raise CorruptRecord(f"field 'resigned': ply {ply} is not 0 to {actions} in order")
        out.append((seat, ply))
    return tuple(out)


def seed_commitment(seed: int | None) -> str | None:
    """Return the commitment of a match's seed (None without a seed or out of the dealer's
    range)."""
    if seed is None or not 0 <= seed < SEED_BOUND:
        return None
    return commitment(seed)


def _convert_v1(game: str, players: int, seed: int | None, options: dict[str, Any] | None,
                position: str | None, actions: list[str]) -> list[str]:
    """Return a first-format record's actions with the chance outcomes its game's old generator
    drew put in (unchanged for a game that had no chance, or that keeps its generator)."""
    from meeples.core.registry import load

    try:
        rules = load(game).rules
    except MeeplesError:
        return actions  # an unknown game: replaying says so
    try:
        return list(rules.chance_actions_v1(players, seed, options, position, actions))
    except CorruptRecord:
        raise
    except (MeeplesError, KeyError, ValueError, TypeError) as error:
        raise CorruptRecord(f"an old record that does not convert: {error}") from None
