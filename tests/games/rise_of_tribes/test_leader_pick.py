"""Q18 "pick one": option leader_powers="pick" (with leaders). Before placing, each player in turn
order keeps one of their tribe's two leader powers; the other is off for the whole game."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from rich.console import Console

import meeples
from meeples.core.text import Message, component_name
from meeples.core.text import render as word
from meeples.games.rise_of_tribes import data, notation, rules
from meeples.games.rise_of_tribes.state import Phase, State, picking, with_pick
from meeples.terminal.rise_of_tribes import render
from tests.games.rise_of_tribes.helpers import B, S, legal, play, turn

GAME = meeples.load("rise_of_tribes")
PICK = {"leaders": True, "leader_powers": "pick"}


def code(power: int) -> str:
    return f"power {data.LEADER_POWER_CODES[power]}"


def picked_turn(tribe: int, power: int, **kw: object) -> State:
    """Player 0 of a tribe in step 3, having kept one power (player 1, Daba, kept Trader)."""
    other = data.DABA if tribe != data.DABA else data.DANANU
    leaders = with_pick(with_pick(picking(2), 2, 0, power), 2, 1, 2 * other)
    return turn(options=PICK, tribe=(tribe, other), leaders=leaders, **kw)  # type: ignore[arg-type]


def first_power(state: Any) -> str:
    return str(state.legal()[0])


def test_leader_pick_happens_in_turn_order_before_the_placements() -> None:
    state = GAME.new(players=4, seed=3, **PICK)
    first = state.inner.first
    order = [(first + i) % 4 for i in range(4)]
    deciders = []
    for _ in range(4):
        assert state.inner.phase == Phase.PICK and state.inner.pop == GAME.new(
            players=4, seed=3, **PICK).inner.pop
        deciders.append(state.to_move)
        state = state.play(first_power(state))
    assert deciders == order
    assert state.inner.phase == Phase.PLACE and state.to_move == first
    assert all(a.startswith("start ") for a in state.legal())


def test_leader_pick_offers_only_the_two_powers_of_the_own_tribe() -> None:
    state = GAME.new(players=3, seed=5, **PICK)
    tribe = state.inner.tribe[state.to_move]
    assert state.legal() == [code(2 * tribe), code(2 * tribe + 1)]
    stranger = next(p for p in range(16) if p >> 1 != tribe)
    with pytest.raises(meeples.IllegalAction, match="is not a leader power of the"):
        state.play(code(stranger))


def test_leader_pick_one_power_per_player_then_no_more_picks() -> None:
    state = GAME.new(players=2, seed=1, **PICK)
    state = state.play(first_power(state))
    state = state.play(state.legal()[1])
    assert not any(a.startswith("power ") for a in state.legal())
    with pytest.raises(meeples.IllegalAction, match="were picked before the starting tribes"):
        state.play(code(2 * state.inner.tribe[state.to_move]))


def test_leader_pick_unchosen_farming_adds_no_member() -> None:
    # Indartsu kept Exogamy: Farming (GROW +1) is off, a blank GROW adds up to 3, not 4.
    state = picked_turn(data.INDARTSU, data.EXOGAMY, members={"a": (1, 0)}, hand=(B, S))
    assert play(state, "grow B").left == 3


def test_leader_pick_chosen_farming_adds_one_member() -> None:
    state = picked_turn(data.INDARTSU, data.FARMING, members={"a": (1, 0)}, hand=(B, S))
    assert play(state, "grow B").left == 4


def test_leader_pick_unchosen_focused_effort_is_refused_with_the_reason() -> None:
    moon_rows = ((data.MOON, data.MOON, B),) * 4
    state = picked_turn(data.KAHA, data.WAYFARERS, members={"a": (1, 0)}, hand=(B, S),
                        rows=moon_rows)
    assert not any(a.endswith("!") for a in legal(state))
    assert play(state, "move B").power == 2  # Wayfarers: members move one hex further
    with pytest.raises(meeples.IllegalAction,
                       match="you picked Wayfarers: Focused Effort is off for the whole game"):
        GAME.wrap(state).play("grow B!")


def test_leader_pick_both_is_the_default_and_unchanged() -> None:
    both = GAME.new(players=3, seed=5, leaders=True, leader_powers="both").inner
    assert both == GAME.new(players=3, seed=5, leaders=True).inner
    assert both.leaders == 1 and both.phase == Phase.PLACE
    view = GAME.new(players=3, seed=5, leaders=True).view(0)
    assert view["leader_mode"] == "both"
    assert all(len(pl["leader_powers"]) == 2 and pl["leader_choice"] is None
               for pl in view["table"])


def test_leader_pick_refused_without_leaders_or_with_a_bad_value() -> None:
    with pytest.raises(meeples.BadOptions, match="'pick' needs the leader powers"):
        GAME.new(players=2, leader_powers="pick")
    with pytest.raises(meeples.BadOptions, match="must be one of"):
        GAME.new(players=2, leaders=True, leader_powers="one")
    # "both" without leaders is the plain default: no power at all.
    assert GAME.new(players=2, leader_powers="both").inner.leaders == 0


def test_leader_pick_position_text_round_trips_while_pending_and_after() -> None:
    state = GAME.new(players=3, seed=2, **PICK)
    pending = state.play(first_power(state))
    assert f"leaders={pending.inner.leaders}" in pending.position()
    assert GAME.parse(pending.position()).inner == pending.inner
    assert GAME.parse(pending.position()).legal() == pending.legal()
    done = pending.play(first_power(pending)).play("power " + data.LEADER_POWER_CODES[
        2 * pending.inner.tribe[(pending.inner.first + 2) % 3] + 1])
    assert str(done.inner.leaders).startswith("2") and "0" not in str(done.inner.leaders)
    assert GAME.parse(done.position()).inner == done.inner


@pytest.mark.parametrize("leaders", [3, 2300, 2010, 21, 200])
def test_leader_pick_position_text_with_impossible_picks_refused(leaders: int) -> None:
    # 3 players, start player 0, pick step of player 1: only "2100" is consistent.
    state = dataclasses.replace(GAME.new(players=3, seed=2, **PICK).inner, first=0, decider=0)
    state = rules.apply(state, legal(state)[0])
    assert state.leaders // 10 == 210
    assert GAME.parse(notation.format_state(state)).inner == state
    text = notation.format_state(dataclasses.replace(state, leaders=leaders))
    with pytest.raises(meeples.BadPosition):
        GAME.parse(text)


def test_leader_pick_view_shows_the_chosen_power_to_everyone() -> None:
    state = GAME.new(players=2, seed=4, **PICK)
    p = state.to_move
    chosen = state.legal()[1]
    state = state.play(chosen)
    name = data.LEADER_POWER_NAMES[data.LEADER_POWER_CODES.index(chosen.split()[1])]
    for who in (None, 0, 1):
        view = state.view(who)
        assert view["leader_mode"] == "pick" and view["phase"] == "pick"
        assert view["table"][p]["leader_choice"] == name
        assert view["table"][p]["leader_powers"] == [name]
        assert view["table"][1 - p]["leader_choice"] is None
        assert view["table"][1 - p]["leader_powers"] == []


def test_leader_pick_described_in_words() -> None:
    state = GAME.new(players=2, seed=0, **PICK)
    tribe = state.inner.tribe[state.to_move]
    name = data.LEADER_POWER_NAMES[2 * tribe]
    assert state.describe(state.legal()[0]) == \
        f"keep the leader power {name} for the whole game"
    with pytest.raises(meeples.IllegalAction, match="choose a leader power for the whole game"):
        state.play("start a")


def test_leader_pick_terminal_shows_the_pick() -> None:
    state = GAME.new(players=2, seed=4, **PICK)
    state = state.play(state.legal()[0])
    console = Console(record=True, width=160)
    console.print(render(state.view(0), state.legal()))
    text = console.export_text()
    chosen = state.view(0)["table"][1 - state.to_move]["leader_choice"]
    assert f"{chosen} (picked)" in text and "leader power to pick" in text
    assert "step: pick" in text


def test_leader_pick_random_games_replay_and_round_trip() -> None:
    rng = random.Random(7)
    for players in (2, 3, 4):
        state = GAME.new(players=players, seed=players, **PICK)
        for _ in range(150):
            if state.outcome is not None:
                break
            assert GAME.parse(state.position()).inner == state.inner
            state = state.play(rng.choice(state.legal()))
        assert all(state.inner.chosen_power(p) >= 0 for p in range(players))


def pick_texts() -> tuple[list[Message], list[Message]]:
    """Return the pick step's descriptions (every power) and refusal reasons (each kind)."""
    descriptions: list[Message] = []
    refusals: list[Message] = []

    def refuse(state: Any, action: str) -> None:
        with pytest.raises(meeples.IllegalAction) as error:
            state.play(action)
        refusals.append(error.value.message)

    for seed in range(29):  # the start players of these seeds lead all eight tribes
        state = GAME.new(players=4, seed=seed, **PICK)
        descriptions.extend(state.describe_message(a) for a in state.legal())
        refuse(state, "start a")
        refuse(state, next(code(p) for p in range(16) if p >> 1 != state.inner.tribe[
            state.to_move]))
    for _ in range(4):
        state = state.play(first_power(state))
    refuse(state, code(2 * state.inner.tribe[state.to_move]))
    refuse(GAME.new(players=2, seed=0, leaders=True), "power trader")
    kaha = picked_turn(data.KAHA, data.WAYFARERS, members={"a": (1, 0)}, hand=(B, S),
                       rows=((data.MOON, data.MOON, B),) * 4)
    refuse(GAME.wrap(kaha), "grow B!")
    with pytest.raises(meeples.BadOptions) as bad:
        GAME.new(players=2, leader_powers="pick")
    refusals.append(bad.value.message)
    return descriptions, refusals


def test_leader_pick_texts_worded_in_every_language() -> None:
    descriptions, refusals = pick_texts()
    assert len({str(m) for m in descriptions}) == 16 and len({str(m) for m in refusals}) >= 5
    for message in descriptions + refusals:
        english = word(message, "en")
        for lang in ("fr", "es"):
            text = word(message, lang)
            assert text != english and "rot." not in text and "{" not in text, (lang, text)
    for message in descriptions:
        power = message.params["power"]
        assert component_name(power.kind, power.id, "es") in word(message, "es")
