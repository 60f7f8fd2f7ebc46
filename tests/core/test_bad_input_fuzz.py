"""Bad input gets a clear error and changes nothing, for every registered game.

``game.parse`` either returns a usable state (its position, legal actions and views work) or
raises :class:`meeples.BadPosition`; ``state.play`` raises only :class:`meeples.IllegalAction`;
``Match.loads`` raises only :class:`meeples.CorruptRecord`. The inputs are real position texts
and records from seeded random playouts, damaged by a deterministic list of mutations (characters
deleted, duplicated, swapped; truncation; numbers made huge or negative; JSON values of the wrong
type, keys missing or added, lists emptied; odd characters; very long input), plus hypothesis
examples with a fixed derandomized search so CI runs are repeatable.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeples
from meeples.core.record import Match

GAMES = meeples.game_names()
SEEDS = (0, 1)
MAX_PLIES = 120
#: Mutants tried per sampled position (on top of the structural JSON/field mutations).
TEXT_MUTANTS = 40
#: Legal actions played from each damaged position that parses.
PLAYED = 8
FUZZ = settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

WRONG_VALUES: tuple[Any, ...] = (None, True, -1, 10**30, -(10**30), 1.5, "x", "", [], {}, [[]],
                                 ["x"], [None], [-1], [10**30])
ODD_TEXT = ("\x00", "\ufffd", "\udc80", "\u00e9", "\u202e", "\n", "\t", " ", "\\", '"', "{", "[",
            "]", "}", ",", "/", "=", ".", "-", "+", "e9", "NaN", "Infinity", "1e400", "0x10")
NUMBER = re.compile(r"-?\d+")
HUGE_NUMBERS = ("99999999999999999999999", "-1", "-99999", "0", "1" + "0" * 5000, "007")


def player_counts(name: str) -> range:
    game = meeples.load(name)
    return range(game.min_players, game.max_players + 1)


def other_options(name: str) -> dict[str, Any]:
    """Return every option switched away from its default (true, or another choice)."""
    out: dict[str, Any] = {}
    for key, option in meeples.load(name).options.items():
        if isinstance(option.default, bool):
            out[key] = not option.default
        elif option.choices:
            out[key] = next(c for c in option.choices if c != option.default)
    return out


@cache
def playout(name: str, players: int, seed: int,
            options: bool = False) -> tuple[meeples.State[Any, Any], ...]:
    """Return the states of a seeded random playout (cut after MAX_PLIES)."""
    rng = random.Random(seed)
    chosen = other_options(name) if options else {}
    state = meeples.load(name).new(players=players, seed=seed, **chosen)
    states = [state]
    while state.outcome is None and len(states) <= MAX_PLIES:
        state = state.play(rng.choice(state.legal()))
        states.append(state)
    return tuple(states)


@cache
def samples(name: str) -> tuple[meeples.State[Any, Any], ...]:
    """Return a few real states of each player count (the start, the middle and the end), and
    two of a playout with every option switched."""
    out: list[meeples.State[Any, Any]] = []
    for players in player_counts(name):
        for seed in SEEDS:
            states = playout(name, players, seed)
            out.extend({0: states[0], 1: states[len(states) // 2], 2: states[-1]}.values())
    states = playout(name, player_counts(name)[-1], 0, options=True)
    out.extend((states[0], states[-1]))
    return tuple(out)


# --- mutations -------------------------------------------------------------------------------


def text_mutants(text: str, rng: random.Random) -> Iterator[str]:
    """Yield character-level damage to a text."""
    yield ""
    yield " "
    yield text * 2
    yield text + text[:50]
    yield text + "x" * 200_000
    yield "[" * 100_000 + "]" * 100_000
    yield "{" * 5000
    yield text.upper()
    yield text.replace(" ", "  ")
    yield text.encode("utf-8").decode("latin-1")
    for _ in range(TEXT_MUTANTS):
        if not text:
            break
        i = rng.randrange(len(text))
        j = rng.randrange(len(text))
        kind = rng.randrange(7)
        if kind == 0:
            yield text[:i] + text[i + 1:]
        elif kind == 1:
            yield text[:i] + text[i] + text[i:]
        elif kind == 2 and i != j:
            chars = list(text)
            chars[i], chars[j] = chars[j], chars[i]
            yield "".join(chars)
        elif kind == 3:
            yield text[:i]
        elif kind == 4:
            yield text[:i] + rng.choice(ODD_TEXT) + text[i:]
        elif kind == 5:
            yield text[:i] + rng.choice(ODD_TEXT) + text[i + 1:]
        else:
            numbers = list(NUMBER.finditer(text))
            if numbers:
                m = rng.choice(numbers)
                yield text[:m.start()] + rng.choice(HUGE_NUMBERS) + text[m.end():]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, path + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, path + (index,))


def _replaced(data: Any, path: tuple[Any, ...], new: Callable[[Any], Any]) -> Any:
    if not path:
        return new(data)
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], new)
    return copy


def _constant(value: Any) -> Callable[[Any], Any]:
    return lambda _old: value


def json_mutants(data: Any, rng: random.Random) -> Iterator[Any]:
    """Yield structural damage to JSON data: wrong types, missing/extra keys, odd lists."""
    if isinstance(data, dict):
        for key in data:
            yield {k: v for k, v in data.items() if k != key}
            for wrong in WRONG_VALUES:
                yield {**data, key: wrong}
        yield {**data, "extra": 1}
    paths = list(_paths(data))
    for _ in range(60):
        path = rng.choice(paths)
        choice = rng.randrange(5)
        if choice == 0:
            yield _replaced(data, path, _constant(rng.choice(WRONG_VALUES)))
        elif choice == 1:
            yield _replaced(data, path, lambda v: [] if isinstance(v, list) else v)
        elif choice == 2:
            yield _replaced(data, path, lambda v: v + v[:1] if isinstance(v, list) else v)
        elif choice == 3:
            yield _replaced(data, path, lambda v: v[1:] if isinstance(v, list) else v)
        else:
            yield _replaced(data, path,
                            lambda v: -v - 1 if isinstance(v, int) else [v] if v else 10**6)


def field_mutants(text: str, rng: random.Random) -> Iterator[str]:
    """Yield damage to space-separated ``name=value`` or plain fields (one field at a time)."""
    parts = text.split(" ")
    if len(parts) < 2:
        return
    for index, part in enumerate(parts):
        name, sep, _ = part.rpartition("=")
        prefix = name + sep
        for value in (".", "-1", "99999999", "1,2/3", "x", "", "-", "0/0", ",", "/", ".,.",
                      "1,", "/1", "-1,-1/-1", "0," * 50 + "0"):
            yield " ".join(parts[:index] + [prefix + value] + parts[index + 1:])
        yield " ".join(parts[:index] + parts[index + 1:])
        yield " ".join(parts[:index] + [part, part] + parts[index + 1:])
    for _ in range(20):
        i, j = rng.randrange(len(parts)), rng.randrange(len(parts))
        swapped = list(parts)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        yield " ".join(swapped)


def position_mutants(text: str, seed: int) -> Iterator[str]:
    """Yield every deterministic mutant of a position text."""
    rng = random.Random(seed)
    yield from text_mutants(text, rng)
    yield from field_mutants(text, rng)
    try:
        data = json.loads(text)
    except ValueError:
        return
    for mutant in json_mutants(data, rng):
        yield json.dumps(mutant, separators=(",", ":"))


# --- the contract ----------------------------------------------------------------------------


def check_parse(game: meeples.Game[Any, Any], text: str) -> None:
    """Parse a text: BadPosition, or a state whose position, actions and views all work (and
    its first few legal actions play)."""
    try:
        state = game.parse(text)
    except meeples.BadPosition as error:
        assert str(error), "a BadPosition names the problem"
        return
    again = game.parse(state.position())
    assert again == state
    assert (state.outcome is None) == bool(state.legal())
    state.to_move  # noqa: B018 - the property must not crash
    for player in [None, *range(state.players)]:
        json.dumps(state.view(player))
    for action in state.legal()[:PLAYED]:
        state.play(action).legal()


def describe_failure(text: str, error: BaseException) -> str:
    shown = text if len(text) < 160 else text[:160] + "..."
    return f"{type(error).__name__}: {str(error)[:200]} <- {shown!r}"


def failures(check: Callable[[str], None], texts: Iterator[str]) -> list[str]:
    out = []
    for text in texts:
        try:
            check(text)
        except Exception as error:  # noqa: BLE001 - collecting every crash is the point
            out.append(describe_failure(text, error))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_parse_damaged_positions_raises_only_bad_position(name: str) -> None:
    game = meeples.load(name)

    def texts() -> Iterator[str]:
        for index, state in enumerate(samples(name)):
            yield from position_mutants(state.position(), index)

    found = failures(lambda text: check_parse(game, text), texts())
    assert not found, f"{len(found)} crashes, e.g.:\n" + "\n".join(found[:15])


@pytest.mark.parametrize("name", GAMES)
def test_parse_non_text_raises_bad_position(name: str) -> None:
    game = meeples.load(name)
    for value in (None, 3, b"abc", ["x"], {"game": name}):
        with pytest.raises(meeples.BadPosition):
            game.parse(value)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(text=st.text(max_size=300))
def test_parse_any_text_raises_only_bad_position(name: str, text: str) -> None:
    check_parse(meeples.load(name), text)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_parse_hypothesis_mutants_raise_only_bad_position(name: str, data: st.DataObject) -> None:
    states = samples(name)
    text = states[data.draw(st.integers(0, len(states) - 1))].position()
    for _ in range(data.draw(st.integers(1, 4))):
        if not text:
            break
        i = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 3))
        text = text[:i] + data.draw(st.text(max_size=4)) + text[i + cut:]
    check_parse(meeples.load(name), text)


def action_mutants(state: meeples.State[Any, Any], rng: random.Random) -> Iterator[str]:
    legal = state.legal()
    yield from ("", " ", "\x00", "\udc80", "x" * 100_000, "done ", " pass", "None", "-1")
    for action in legal[:5]:
        yield action + " "
        yield action.upper()
        yield action + action
        for mutant in text_mutants(action, rng):
            if len(mutant) < 1000:
                yield mutant


@pytest.mark.parametrize("name", GAMES)
def test_play_damaged_actions_raises_only_illegal_action(name: str) -> None:
    found = []
    for index, state in enumerate(samples(name)):
        before = state.position()
        legal = set(state.legal())
        for action in action_mutants(state, random.Random(index)):
            try:
                state.play(action)
            except meeples.IllegalAction as error:
                assert str(error)
            except Exception as error:  # noqa: BLE001 - collecting every crash is the point
                found.append(describe_failure(action, error))
            else:
                assert action in legal, f"{action!r} was played but is not listed as legal"
        assert state.position() == before
    assert not found, f"{len(found)} crashes, e.g.:\n" + "\n".join(found[:15])


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(action=st.text(max_size=40))
def test_play_any_text_raises_only_illegal_action(name: str, action: str) -> None:
    state = samples(name)[1]
    try:
        state.play(action)
    except meeples.IllegalAction:
        pass


def record_mutants(name: str) -> Iterator[str]:
    rng = random.Random(7)
    for state in samples(name)[1:3]:
        record = state.record().to_json()
        yield from text_mutants(json.dumps(record), rng)
        yield from (json.dumps(m) for m in json_mutants(record, rng))
        from_position = state.game.parse(state.position()).record().to_json()
        yield from (json.dumps(m) for m in json_mutants(from_position, rng))
        for position in list(position_mutants(state.position(), 3))[::7]:
            yield json.dumps({**from_position, "position": position})


@pytest.mark.parametrize("name", GAMES)
def test_loads_damaged_records_raises_only_corrupt_record(name: str) -> None:
    found = []
    for text in record_mutants(name):
        try:
            Match.loads(text)
        except meeples.CorruptRecord as error:
            assert str(error)
        except Exception as error:  # noqa: BLE001 - collecting every crash is the point
            found.append(describe_failure(text, error))
    assert not found, f"{len(found)} crashes, e.g.:\n" + "\n".join(found[:15])


@FUZZ
@given(text=st.one_of(
    st.text(max_size=200),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=10),
        lambda inner: st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["format", "game", "players", "seed", "options",
                                           "position", "actions"]), inner, max_size=7),
        max_leaves=12,
    ).map(json.dumps),
))
def test_loads_any_text_raises_only_corrupt_record(text: str) -> None:
    try:
        Match.loads(text)
    except meeples.CorruptRecord:
        pass


def named_field_cases() -> Iterator[tuple[str, str, str]]:
    """Yield (game, damaged text, field name) where one named field was damaged."""
    for name in GAMES:
        states = playout(name, player_counts(name)[0], 0)
        text = states[len(states) // 2].position()
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if isinstance(data, dict):
            for key in data:
                if key == "game":
                    continue
                others = {k: v for k, v in data.items() if k != key}
                yield name, json.dumps(others), key
                yield name, json.dumps({**data, key: 10**30}), key
                yield name, json.dumps({**data, key: "x"}), key
        elif all("=" in part for part in text.split()):
            parts = text.split()
            for index, part in enumerate(parts):
                field = part.partition("=")[0]
                yield name, " ".join([*parts[:index], f"{field}=x", *parts[index + 1:]]), field


@pytest.mark.parametrize(("name", "text", "field"), list(named_field_cases()))
def test_parse_message_names_the_damaged_field(name: str, text: str, field: str) -> None:
    with pytest.raises(meeples.BadPosition, match=re.escape(field)):
        meeples.load(name).parse(text)


@pytest.mark.parametrize(("field", "value"), [("volcano", "99999999"), ("inv_hex", "40"),
                                              ("decider", "7"), ("mammoth", "-2")])
def test_parse_rise_of_tribes_hex_or_player_out_of_range_names_the_field(
    field: str, value: str
) -> None:
    game = meeples.load("rise_of_tribes")
    text = re.sub(rf"\b{field}=\S+", f"{field}={value}", game.new(players=2).position())
    with pytest.raises(meeples.BadPosition, match=field):
        game.parse(text)
