"""The checked copy-on-write mode (``meeples.core.cow``): on, every game's ``apply`` seals the
states it starts from and returns; off, nothing stands between the facade and the rules."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import meeples
from meeples.core import cow

GAMES = meeples.game_names()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_registers_a_sealer(name: str) -> None:
    assert meeples.load(name).rules in [rules for rules, _ in cow.games()]


@pytest.mark.parametrize("name", GAMES)
def test_checked_mode_off_leaves_the_rules_own_apply(name: str) -> None:
    # Zero cost when off: the facade calls the function the rules class holds, as before.
    rules = meeples.load(name).rules
    if cow.is_checked():
        pytest.skip(f"the process runs checked ({cow.ENVIRONMENT})")
    assert "apply" not in vars(rules)
    with cow.checked():
        assert rules.apply is not type(rules).apply
        with cow.checked():  # nested: still on after the inner block
            pass
        assert "apply" in vars(rules)
    assert "apply" not in vars(rules)


def test_environment_turns_the_checked_mode_on_for_a_process() -> None:
    code = ("import meeples; from meeples.core import cow; "
            "print(cow.is_checked(), 'apply' in vars(meeples.load('sparta').rules))")
    env = {**os.environ, cow.ENVIRONMENT: "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["True", "True"]


def test_read_only_containers_refuse_writes_and_copy_to_plain_ones() -> None:
    table, items, raw = cow.ReadOnlyDict({1: 2}), cow.ReadOnlyList([1]), cow.ReadOnlyBytes(b"\0")
    for write in (lambda: table.__setitem__(1, 3), lambda: table.pop(1), lambda: table.update(),
                  lambda: items.append(2), lambda: items.__setitem__(0, 2), lambda: items.sort(),
                  lambda: raw.__setitem__(0, 1), lambda: raw.extend(b"1")):
        with pytest.raises(cow.SharedWrite):
            write()
    assert (table, items, raw) == ({1: 2}, [1], bytearray(b"\0"))
    assert type(table.copy()) is dict and type(items.copy()) is list
    assert type(items[:]) is list and type(raw.copy()) is bytearray


def test_check_frozen_names_the_field_holding_a_mutable_container() -> None:
    cow.check_frozen((1, ("a", (None, 2.5)), frozenset({3})), "fine")
    with pytest.raises(cow.SharedWrite, match="the field 'x' holds a list"):
        cow.check_frozen((1, (2, [3])), "the field 'x'")


def test_sparta_sealed_state_refuses_a_write_to_its_byte_tables() -> None:
    game = meeples.load("sparta")
    with cow.checked():
        state = game.new().play("b2-b4")
        south = state.inner.aux[1]
        with pytest.raises(cow.SharedWrite, match="byte table"):
            south[0] = 1
        assert state.play("c9-c7").play("b4-b5").position() == (
            game.new().play("b2-b4").play("c9-c7").play("b4-b5").position())
