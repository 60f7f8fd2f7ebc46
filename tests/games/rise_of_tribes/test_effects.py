"""What a Rise of Tribes action causes beyond itself (``state.effects``): conflicts (§2.7, R3,
R4, R14, Q7), villages, VP and why, events, in scenario positions read from their position text,
and against the states before and after in seeded random games."""

from __future__ import annotations

from typing import Any

import pytest

import meeples
from meeples.core.text import Message, Ref, msg, player, render
from meeples.games.rise_of_tribes import data, notation, witness
from meeples.games.rise_of_tribes.state import Phase, State
from tests.games.rise_of_tribes.games import GAMES, played
from tests.games.rise_of_tribes.helpers import GAME, S, goals_step, turn

#: The effects that tell members of a player removed, each with ``player`` and ``n``.
LOSSES = {"rot.fx.lost", "rot.fx.defence", "rot.fx.lost_in_conflict", "rot.fx.over_limit"}


def position(state: State) -> meeples.State[State, str]:
    """Return the facade state of a scenario, through its position text (docs/notation.md)."""
    return GAME.parse(notation.format_state(state))


def keys(told: list[Message]) -> list[str]:
    return [m.key for m in told]


def nested(told: list[Message]) -> list[Message]:
    """Return the effects and every message nested in them."""
    out: list[Message] = []
    for message in told:
        out.append(message)
        out += nested([v for v in message.params.values() if isinstance(v, Message)])
    return out


def conflict_turn(members: dict[str, tuple[int, ...]], n: int = 2, **kw: Any) -> State:
    """Return player 0's turn with one die left: 'lead S' draws nothing from an empty deck and
    starts step 4, the conflicts."""
    return turn(n, members=members, hand=(S,), used=(data.GROW,), decks=((),) * n, **kw)


def side(seat: int, n: int) -> Message:
    return msg("rot.fx.side", player=player(seat), n=n)


def test_effects_conflict_4_vs_2_each_loses_2_and_the_stronger_wins_s2_7() -> None:
    state = position(conflict_turn({"e": (4, 2)}))
    assert state.effects("lead S") == [
        msg("rot.fx.conflict", hex="e", sides=msg("rot.list.two", first=side(0, 4),
                                                  second=side(1, 2))),
        msg("rot.fx.outcome", losses=msg(
            "rot.list.two", first=msg("rot.fx.lost_in_conflict", player=player(0), n=2),
            second=msg("rot.fx.lost_in_conflict", player=player(1), n=2)),
            result=msg("rot.fx.holds", player=player(0), hex="e", n=2)),
    ]


def test_effects_conflict_4_vs_2_scores_no_vp_and_reads_in_spanish() -> None:
    told = position(conflict_turn({"e": (4, 2)})).effects("lead S")
    assert not [k for k in keys(told) if k.startswith("rot.fx.vp")]
    assert [render(m, "es") for m in told] == [
        "conflicto en el hexágono e: jugador 1 con 4 miembros y jugador 2 con 2 miembros",
        "jugador 1 pierde 2 miembros y jugador 2 pierde 2 miembros: jugador 1 gana el hexágono "
        "e con 2 miembros en pie",
    ]


def test_effects_conflict_tie_leaves_nobody_r14() -> None:
    told = position(conflict_turn({"e": (3, 3)})).effects("lead S")
    assert told[-1].params["result"] == msg("rot.fx.tie", hex="e")


def test_effects_conflict_of_three_players_counts_every_side_r14() -> None:
    told = position(conflict_turn({"e": (4, 2, 1)}, n=3)).effects("lead S")
    lost = {m.params["player"].id: m.params["n"] for m in nested(told)
            if m.key == "rot.fx.lost_in_conflict"}
    assert lost == {0: 2, 1: 2, 2: 1}
    assert told[-1].params["result"] == msg("rot.fx.holds", player=player(0), hex="e", n=2)


def test_effects_conflict_destroys_the_deserted_village_s2_9() -> None:
    villages = (-1,) * 4 + (1,) + (-1,) * 4
    told = position(conflict_turn({"e": (4, 2)}, villages=villages)).effects("lead S")
    assert told[-1] == msg("rot.fx.razed", player=player(1), hex="e")
    assert keys(told) == ["rot.fx.conflict", "rot.fx.outcome", "rot.fx.razed"]


def test_effects_lone_tribe_over_the_limit_returns_the_excess_q7() -> None:
    told = position(conflict_turn({"e": (7, 0)})).effects("lead S")
    assert told == [msg("rot.fx.over_limit", player=player(0), hex="e", count=7, limit=5, n=2)]


def test_effects_survivor_over_the_limit_drops_to_it_after_the_conflict_q7() -> None:
    told = position(conflict_turn({"e": (9, 1)})).effects("lead S")
    assert told[-2].params["result"] == msg("rot.fx.holds", player=player(0), hex="e", n=8)
    assert told[-1] == msg("rot.fx.over_limit", player=player(0), hex="e", count=8, limit=5,
                           n=3)


def test_effects_spear_costs_the_attacker_a_member_before_the_conflict_r3() -> None:
    state = position(conflict_turn({"e": (4, 2)}, completed=((), (data.SPEAR,))))
    told = state.effects("lead S")
    assert told[0] == msg("rot.fx.defence", player=player(0), n=1, hex="e",
                          defence=Ref("rot.goal", "D6"))
    assert told[1].params["sides"].params["first"] == side(0, 3)


def test_effects_invaders_fight_and_their_defeat_scores_r4() -> None:
    state = position(conflict_turn({"e": (4, 0)}, inv_hex=4, inv=3,
                                   slots=(data.INVADERS, -1)))
    told = state.effects("lead S")
    assert told[0].params["sides"].params["second"] == msg("rot.fx.side_invaders", n=3)
    assert msg("rot.fx.invaders_fall", n=3) in nested(told)
    assert told[-2:] == [
        msg("rot.fx.invaders_gone", hex="e", event=Ref("rot.event", "IN")),
        msg("rot.fx.vp_invaders", player=player(0), n=2, hex="e", total=2, target=15),
    ]


def test_effects_invaders_arrive_on_the_only_least_populated_hex() -> None:
    members = {h: (1, 0) for h in "abcdefgh"}
    state = position(turn(members=members, phase=Phase.EVENT, hand=(S, S), evface=data.SUN,
                          evstep=4, ev_deck=(data.INVADERS, data.WALLS)))
    assert state.effects("event IN") == [msg("rot.fx.invaders_arrive", n=3, hex="i")]


def test_effects_a_double_tells_the_invaders_joining() -> None:
    state = position(turn(members={"a": (2, 0)}, phase=Phase.ROLL, hand=(S,),
                          slots=(data.INVADERS, -1), inv_hex=4, inv=3))
    assert state.effects("roll S") == [
        msg("rot.fx.double", face=Ref("rot.face", "S")),
        msg("rot.fx.invaders_join", n=4, hex="e"),
    ]


def test_effects_drought_leaving_on_a_double_restores_the_limit_s3_6() -> None:
    state = position(turn(members={"a": (2, 0)}, phase=Phase.ROLL, hand=(S,),
                          slots=(data.DROUGHT, -1)))
    assert state.effects("roll S")[1:] == [
        msg("rot.fx.leaves", event=Ref("rot.event", "DR")),
        msg("rot.fx.limit", n=5),
    ]


def test_effects_volcano_erupts_on_blanks_each_tribe_gains_stone_and_loses_one_r9() -> None:
    # Volcano slot 0 touches hexes a and d; a later draw erupts at once (R9).
    state = position(turn(members={"a": (2, 0), "d": (0, 1)}, phase=Phase.EVENT,
                          hand=(data.BLANK, data.BLANK), evface=data.BLANK, evstep=4,
                          volcano=0, ev_deck=(data.VOLCANO,)))
    stone, volcano = msg("rot.res.s", n=1), Ref("rot.event", "VO")
    assert state.effects("event VO") == [
        msg("rot.fx.eruption", face=Ref("rot.face", "B"), n=1, stone=stone),
        msg("rot.fx.gain", player=player(0), amount=stone, cause=volcano),
        msg("rot.fx.gain", player=player(1), amount=stone, cause=volcano),
        msg("rot.fx.lost", player=player(0), n=1, hex="a", cause=volcano),
        msg("rot.fx.lost", player=player(1), n=1, hex="d", cause=volcano),
        msg("rot.fx.back_to_deck", event=volcano),
    ]


def test_effects_sabertooth_costs_each_tribe_there_a_member() -> None:
    state = position(turn(members={"c": (2, 1)}, phase=Phase.SITE, hand=(S, S),
                          pend=(data.SABERTOOTH, 2, 5, 8), slots=(data.SABERTOOTH, -1),
                          evface=data.SUN, evstep=4))
    tiger = Ref("rot.event", "ST")
    assert state.effects("site c") == [
        msg("rot.fx.lost", player=player(0), n=1, hex="c", cause=tiger),
        msg("rot.fx.lost", player=player(1), n=1, hex="c", cause=tiger),
    ]


def test_effects_goal_completed_scores_its_points_s2_8() -> None:
    state = position(goals_step(members={h: (1, 0) for h in "abcde"},
                                progress=((data.EXPANSION,), ()), score=(6, 0)))
    assert state.effects("goal A5") == [
        msg("rot.fx.vp_goal", player=player(0), n=3, goal=Ref("rot.goal", "A5"), total=9,
            target=15),
    ]


def test_effects_raid_completed_after_a_village_destroyed_r6() -> None:
    villages = (-1,) * 4 + (1,) + (-1,) * 4
    state = position(conflict_turn({"e": (4, 2)}, villages=villages,
                                   progress=((data.RAID,), ()))).play("lead S")
    assert state.effects("goal A8")[0].params["n"] == 4


def test_effects_village_built_counts_the_villages_s2_9() -> None:
    state = position(goals_step(members={"a": (1, 0), "b": (1, 0)},
                                villages=(-1, 0) + (-1,) * 7, res=((2, 1, 3), (0, 0, 0))))
    assert state.effects("village a") == [msg("rot.fx.villages", player=player(0), n=2)]


def test_effects_villages_score_at_the_next_turn_start_s2_3() -> None:
    state = position(goals_step(members={"a": (1, 0), "h": (0, 1), "i": (0, 1)},
                                villages=(-1,) * 7 + (1, 1), score=(0, 3)))
    assert state.effects("done") == [
        msg("rot.fx.vp_villages", player=player(1), n=2, total=5, target=15),
    ]


def test_effects_great_forest_bonus_is_named_s4_7() -> None:
    special = (data.GREAT_FOREST,) + (0,) * 8
    state = position(turn(members={"a": (1, 0)}, hand=(S, S), special=special,
                          tiles_on=(data.GREAT_FOREST,))).play("gather S")
    assert state.effects("a=ww") == [
        msg("rot.fx.gain", player=player(0), amount=msg("rot.res.w", n=1),
            cause=Ref("rot.tile", "GF")),
    ]


def test_effects_of_the_action_itself_are_not_told() -> None:
    state = position(turn(members={"a": (2, 0)}, hand=(S, S)))
    assert state.effects("grow S") == []


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_effects_agree_with_the_states_in_random_games(
        players: int, seed: int, options: str) -> None:
    """The watched replay reaches the same state as ``apply``; every member removed is told
    (but those the action itself names: the one lost to the Volcano, sacrificed, shot or
    spent on the tiger); every VP scored is told with its amount, and every invader gone."""
    states = played(players, seed, options)
    for before, after in zip(states, states[1:], strict=False):
        action = after.history[-1]
        b, a = before.inner, after.inner
        assert witness.replay(b, action)[1] == a, action
        told = nested(before.effects_to(after))
        parts = GAME.rules.action_parts(action)
        for p in range(b.n):
            scored = sum(m.params["n"] for m in told
                         if m.key.startswith("rot.fx.vp_") and m.params["player"].id == p)
            assert scored == a.score[p] - b.score[p], (action, p)
            lost = sum(m.params["n"] for m in told
                       if m.key in LOSSES and m.params["player"].id == p)
            own = int(parts["verb"] in ("lose", "altar") and p == b.decider
                      or parts["verb"] == "tiger" and p == b.active
                      or parts["verb"] == "bow" and parts["seat"] == p)
            added = (parts["verb"] == "add" and p == b.active) + (
                data.START_SEATS[b.pend[0]][0] if parts["verb"] == "start" and p == b.decider
                else 0)
            assert b.on_board(p) - a.on_board(p) == lost + own - added, (action, p)
        fallen = sum(m.params["n"] for m in told
                     if m.key in ("rot.fx.invaders_fall", "rot.fx.invaders_over_limit"))
        shot = int(parts["verb"] == "bow" and parts["invader"])
        gone = b.inv - a.inv if a.inv_hex == b.inv_hex else b.inv * (a.inv_hex < 0)
        assert max(gone, 0) == fallen + shot, action


def test_effects_of_a_turn_read_in_french() -> None:
    state = position(conflict_turn({"e": (4, 2)}))
    assert render(state.effects("lead S")[0], "fr") == \
        "conflit sur l'hexagone e : joueur 1 avec 4 membres et joueur 2 avec 2 membres"


def test_effects_replay_is_the_rules_apply() -> None:
    base = conflict_turn({"e": (4, 2)})
    notes, reached = witness.replay(base, "lead S")
    assert reached == GAME.rules.apply(base, "lead S")
    assert [n.data[0] for n in notes if n.what == "check"] == [
        "turn_order", "turn_order", "has_power", "has_power", "limit", "check_villages"]
