"""What a Meeple War action causes beyond itself (``state.effects``): battles with both sides'
strength, the forges, losses and bravery; meeples destroyed by altars and burns; buildings that
fall, are replaced or finished; explorations; the bonuses of a turn; turns with nothing to do.
In scenario positions, then against the board before and after in seeded random games."""

from __future__ import annotations

import random
from typing import Any

import meeples
from meeples.core.text import Message, Ref, msg, player, render
from meeples.games.meeple_war import GAME
from meeples.games.meeple_war.data import MAX_ROUNDS
from meeples.games.meeple_war.recorder import record
from tests.games.meeple_war.scenario import position

VS = ["VS", True, "S", []]
ABBEY_RECYCLING = ["AB", True, "L1", []]  # a worker on the Abbey's Recycling space
BRAVERY = 7


def strength(n: int, forge: str | None = None) -> Message:
    if forge is None:
        return msg("mw.fx.strength", n=n)
    return msg("mw.fx.strength_forge", n=n, forge=Ref("mw.token", forge))


def loses(p: int, n: int, where: str = "stock") -> Message:
    return msg("mw.fx.loses", player=player(p), n=n, place=msg(f"mw.fx.place.{where}"))


def both(first: Message, then: Message) -> Message:
    return msg("mw.list_last", first=first, then=then)


def bravery(p: int, n: int, why: Message, ladder: int) -> Message:
    return msg("mw.fx.bravery", player=player(p), n=n, why=why, ladder=ladder, top=BRAVERY)


def battle(att: int, dfn: int, **kw: Any) -> meeples.State[Any, str]:
    """Player 1 (seat 0) attacks with att meeples player 2's dfn on the Stone Tower 0,0."""
    return position(step="battle", troops=(("0,0", 0, att), ("0,0", 1, dfn)), **kw)


def test_effects_battle_three_against_two_tells_strengths_losses_and_bravery() -> None:
    # Battles: one for one until one side is left; the attacker scores 1 bravery per kill,
    # the defender 1 per 2 (E1).
    told = battle(3, 2).effects("battle@0,0")
    assert told == [
        msg("mw.fx.battle", hex="0,0", attacker=player(0), a=strength(3), defender=player(1),
            d=strength(2)),
        msg("mw.fx.battle_won", player=player(0), hex="0,0", n=1,
            losses=both(loses(0, 2), loses(1, 2))),
        bravery(0, 2, msg("mw.fx.why.attack", n=2), ladder=2),
        bravery(1, 1, msg("mw.fx.why.defence", n=2), ladder=1),
    ]
    assert [render(m) for m in told[:2]] == [
        "battle on 0,0: player 1 attacks with 3 meeples, player 2 defends with 2 meeples",
        "player 1 wins the battle on 0,0 with 1 meeple left: player 1 loses 2 meeples (back to "
        "the stock) and player 2 loses 2 meeples (back to the stock)",
    ]
    assert render(told[1], "fr") == (
        "joueur 1 remporte le combat en 0,0 avec 1 Meeple restant : joueur 1 perd 2 Meeples "
        "(retour au stock) et joueur 2 perd 2 Meeples (retour au stock)")


def test_effects_battle_bravery_that_tops_the_ladder_scores_a_victory_point() -> None:
    # D11: 7 bravery points make 1 VP, its meeple from the stock to the Reputation Mountain.
    told = battle(3, 2, seats={0: {"ladder": 6}}).effects("battle@0,0")
    assert told[2:4] == [
        bravery(0, 2, msg("mw.fx.why.attack", n=2), ladder=1),
        msg("mw.fx.bravery_vp", player=player(0), n=1,
            source=msg("mw.fx.vp_from.stock"), vp=1),
    ]
    assert render(told[3]) == ("player 1 reaches the top of the bravery ladder: 1 victory point,"
                               " a meeple of the stock goes to the Reputation Mountain (1 VP)")


def test_effects_battle_equal_sides_both_wiped() -> None:
    told = battle(2, 2).effects("battle@0,0")
    assert told[1:] == [
        msg("mw.fx.battle_wiped", hex="0,0", losses=both(loses(0, 2), loses(1, 2))),
        bravery(0, 2, msg("mw.fx.why.attack", n=2), ladder=2),
        bravery(1, 1, msg("mw.fx.why.defence", n=2), ladder=1),
    ]


def test_effects_battle_shields_forge_counts_for_the_defender() -> None:
    # D4, E2: the defender's Shields Forge kills 1 attacker first, and that kill counts for the
    # defender's bravery (2 attackers destroyed: 1 point).
    told = battle(2, 2, seats={1: {"shields": 1}}).effects("battle@0,0")
    assert told == [
        msg("mw.fx.battle", hex="0,0", attacker=player(0), a=strength(2), defender=player(1),
            d=strength(2, "shd")),
        msg("mw.fx.forge_kill", forge=Ref("mw.token", "shd"),
            holder=player(1), player=player(0), n=1, place=msg("mw.fx.place.stock")),
        msg("mw.fx.battle_won", player=player(1), hex="0,0", n=1,
            losses=both(loses(0, 1), loses(1, 1))),
        bravery(0, 1, msg("mw.fx.why.attack", n=1), ladder=1),
        bravery(1, 1, msg("mw.fx.why.defence", n=2), ladder=1),
    ]


def test_effects_battle_weapons_forge_kills_before_the_fight() -> None:
    # B4: the active player's Weapons Forge destroys 1 defender before the fight.
    told = battle(2, 2, weapons=1).effects("battle@0,0")
    assert told == [
        msg("mw.fx.battle", hex="0,0", attacker=player(0), a=strength(2, "wpn"),
            defender=player(1), d=strength(2)),
        msg("mw.fx.forge_kill", forge=Ref("mw.token", "wpn"),
            holder=player(0), player=player(1), n=1, place=msg("mw.fx.place.stock")),
        msg("mw.fx.battle_won", player=player(0), hex="0,0", n=1,
            losses=both(loses(0, 1), loses(1, 1))),
        bravery(0, 2, msg("mw.fx.why.attack", n=2), ladder=2),
    ]
    assert render(told[0]) == ("battle on 0,0: player 1 attacks with 2 meeples and the Weapons "
                               "Forge bonus, player 2 defends with 2 meeples")


def test_effects_battle_forge_that_empties_a_side_leaves_no_fight() -> None:
    # B4: if a forge empties a side there is no battle.
    told = battle(2, 1, weapons=1).effects("battle@0,0")
    assert told[2] == msg("mw.fx.battle_unfought", player=player(0), hex="0,0", n=2)


def test_effects_battle_recycling_sends_losses_to_the_depot() -> None:
    told = battle(3, 2, seats={1: {"slots": [ABBEY_RECYCLING, VS, None, None]}}).effects(
        "battle@0,0")
    assert told[1].params["losses"] == both(loses(0, 2), loses(1, 2, "depot"))


def test_effects_frightened_meeples_attack_where_they_are_pushed() -> None:
    # D15: the frightened meeples' owner is the attacker of the battle they cause.
    state = position(step="action", pending=[0], troops=(("0,0", 1, 2), ("1,-1", 0, 1)),
                     seats={0: {"slots": [["EG", True, "L2", []], VS, None, None]}})
    state = state.play("s1:fright").play("fr:1@0,0>1,-1")
    told = state.effects("fr:1@0,0>1,-1")
    assert told[0] == msg("mw.fx.battle", hex="1,-1", attacker=player(1), a=strength(2),
                          defender=player(0), d=strength(1))
    assert told[2] == bravery(1, 1, msg("mw.fx.why.attack", n=1), ladder=1)


def test_effects_burn_an_opponents_army_tells_the_meeples_burnt_and_the_bravery() -> None:
    state = position(step="action", pending=[0], troops=(("0,0", 1, 3),),
                     seats={0: {"slots": [["CA", True, "L2", []], VS, None, None]}})
    assert state.effects("s1:burn@0,0") == [
        msg("mw.fx.burnt", player=player(1), hex="0,0", n=3,
            action=Ref("mw.action", "burn"), place=msg("mw.fx.place.stock")),
        bravery(0, 3, msg("mw.fx.why.burn", n=3), ladder=3),
    ]


def test_effects_altar_sacrifice_then_kill() -> None:
    # A13: entering an altar sacrifices 1 meeple; the kill that may follow scores 1 bravery.
    state = position(tiles=(("1,0", "T35", 0),), troops=(("1,-1", 0, 2), ("-1,1", 1, 2)))
    altar = Ref("mw.kind", "altar")
    assert state.effects("1,-1>1,0:2") == [
        msg("mw.fx.sacrifice", player=player(0), hex="1,0", n=1, altar=altar,
            place=msg("mw.fx.place.stock")),
    ]
    state = state.play("1,-1>1,0:2")
    assert state.effects("kill:1@-1,1") == [
        msg("mw.fx.killed", player=player(1), hex="-1,1", n=1, altar=altar,
            place=msg("mw.fx.place.stock")),
        bravery(0, 1, msg("mw.fx.why.altar"), ladder=1),
    ]


def test_effects_building_destroyed_scores_its_attackers() -> None:
    # Destroying Building: the last defense space filled, the attackers' meeples score as VP.
    state = position(troops=(("-1,1", 0, 1),),
                     seats={1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None]},
                            0: {"stock": 7}})
    pilot_school = Ref("mw.building", "PS")
    assert state.effects("-1,1>-2,2:1") == [
        msg("mw.fx.fell", building=pilot_school, owner=player(1), slot=1),
        msg("mw.fx.scores", player=player(0), n=3, building=pilot_school, vp=3),
    ]


def test_effects_building_replaced_scores_its_attackers() -> None:
    # E3: the replaced building goes back to those left to build, its attackers score.
    state = position(step="action", pending=[1], seats={
        0: {"slots": [["PS", True, "a", [1, 1]], ["VS", True, "L1", []], None, None]},
        1: {"stock": 8}})
    pilot_school = Ref("mw.building", "PS")
    assert state.effects("s2:build:FA@1") == [
        msg("mw.fx.replaced", building=pilot_school, owner=player(0)),
        msg("mw.fx.scores", player=player(1), n=2, building=pilot_school, vp=2),
    ]


def test_effects_construction_end_sends_attackers_home() -> None:
    # A5: the site is flipped; the meeples on its defenses go home without VP.
    state = position(step="bonus", seats={
        0: {"slots": [["LG", False, "c1", [1]], VS, None, None]}, 1: {"stock": 9}})
    looters = Ref("mw.building", "LG")
    assert state.effects("done") == [
        msg("mw.fx.finished", building=looters, owner=player(0), slot=1),
        msg("mw.fx.home", player=player(1), n=1, building=looters),
    ]


def test_effects_exploration_tells_the_tile_and_its_vp() -> None:
    state = position(step="explore", explore=[["1,0", ["0,0"]]], troops=(("1,0", 0, 2),),
                     pile=["T02"]).play("explore@1,0")
    told = state.effects("draw:T02")
    assert told == [msg("mw.fx.explored_vp", player=player(0), hex="1,0", n=1,
                        kind=Ref("mw.kind", "wooden_tower"))]
    assert render(told[0], "es") == (
        "jugador 1 explora 1,0: Torre de Madera, que vale 1 PV a quien lo controle")


def test_effects_turn_with_nothing_to_do_is_told() -> None:
    # Player 2 has no meeple out and a worker that can only go back to the start: their turn
    # passes by itself within player 1's last action.
    state = position(step="move", seats={1: {"slots": [None, ["VS", True, "L2", []], None,
                                                       None]}})
    after, told = state.play_told("done")
    assert told == [msg("mw.fx.nothing", player=player(1))]
    assert after.inner.active == 0 and after.inner.turn == 3
    assert render(told[0]) == "player 2 had nothing to do"


def test_effects_three_players_on_a_hex_fight_pairwise() -> None:
    # A20: the attacker meets each other player in turn, one battle told after the other.
    state = position(players=3, step="battle",
                     troops=(("0,0", 0, 3), ("0,0", 1, 1), ("0,0", 2, 1)))
    told = state.effects("battle@0,0")
    assert [m.key for m in told] == ["mw.fx.battle", "mw.fx.battle_won", "mw.fx.bravery",
                                     "mw.fx.battle", "mw.fx.battle_won", "mw.fx.bravery"]
    assert [(m.params["defender"], m.params["a"]) for m in told if m.key == "mw.fx.battle"] == [
        (player(1), strength(3)), (player(2), strength(2))]


def test_effects_turn_with_nothing_to_do_before_the_round_limit() -> None:
    # [DESIGNED] round limit: player 2's last turn passes with nothing to do, then the game ends
    # (the facade tells the end, once, last).
    state = position(step="move", turn=MAX_ROUNDS * 2 - 1,
                     seats={1: {"slots": [None, ["VS", True, "L2", []], None, None]}})
    told = state.effects("done")
    assert [m.key for m in told] == ["mw.fx.nothing", "core.fx.end"]
    assert told[0] == msg("mw.fx.nothing", player=player(1))


def test_effects_tower_vp_counted_at_turn_start_and_ended_with_it() -> None:
    # A1, A10: tower VP count from the start of their holder's turn to its end.
    state = position(step="move", troops=(("0,0", 1, 2),))
    told = state.effects("done")
    assert told == [msg("mw.fx.towers", player=player(1), n=2, vp=2)]
    state = position(step="move", troops=(("0,0", 0, 2),), temp_vp=2)
    assert state.effects("done")[0] == msg("mw.fx.towers_end", player=player(0), n=2, vp=0)


def test_effects_forge_held_for_the_turn() -> None:
    state = position(step="move", tiles=(("0,-1", "T23", 0),), troops=(("0,-1", 1, 2),))
    assert state.effects("done") == [
        msg("mw.fx.holds", player=player(1), n=1, bonus=Ref("mw.token", "wpn")),
    ]


def test_effects_conversion_sends_the_replaced_meeple_home() -> None:
    # D13: the converted meeple returns to its owner's stock; it is not destroyed.
    state = position(step="action", pending=[0], seats={
        0: {"slots": [["AB", True, "L2", [1]], VS, None, None]}, 1: {"stock": 9}})
    assert state.effects("s1:conv@0.1.1") == [
        msg("mw.fx.converted", player=player(1), n=1,
            building=Ref("mw.building", "AB")),
    ]


# --- against the board -------------------------------------------------------------------------

#: Told messages that put meeples back in a player's stock or Depot, and those that take one.
_HOME = ("mw.fx.loses", "mw.fx.forge_kill", "mw.fx.sacrifice", "mw.fx.killed", "mw.fx.burnt",
         "mw.fx.home", "mw.fx.converted")
_VP = {"mw.fx.bravery_vp": 1, "mw.fx.scores": 1, "mw.fx.towers": 1, "mw.fx.towers_end": -1}


def _all(told: list[Message]) -> list[Message]:
    """Return the messages told and every message nested in them."""
    out = []
    for m in told:
        out.append(m)
        out.extend(_all([v for v in m.params.values() if isinstance(v, Message)]))
    return out


def _seat(state: meeples.State[Any, str], p: int) -> Any:
    return state.inner.seats[p]


def _placed(state: meeples.State[Any, str], action: str) -> int:
    """Return the meeples the action itself takes from the acting player's stock or Depot."""
    parts = GAME.rules.action_parts(action)
    verb = parts["verb"]
    if verb in ("dep", "rei"):
        return int(parts["count"])
    if verb in ("stealth", "fly_to") or (verb == "bonus" and "to" in parts):
        return 1
    if verb in ("bomb", "conv"):
        return 0 if "from" in parts else 1
    if verb == "fly":
        a = state.inner.active
        tiles = {h for h, _, _ in state.inner.tiles}
        held = {h for h, p, _ in state.inner.troops if p == a and h in tiles}
        return len(held) if _seat(state, a).depot >= len(held) else 0
    return 0


def _check(state: meeples.State[Any, str], action: str) -> None:
    after, told = state.play_told(action)
    if state.inner.step != "first":
        assert record(state.inner, GAME.rules.parse_action(action))[1] == after.inner
    said = _all(told)
    before_vp, after_vp = state.view(None)["vp"], after.view(None)["vp"]
    for p in range(state.players):
        of_p = [m for m in said if m.params.get("player") == player(p)]
        # every VP change is told, with its amount
        vp = sum(_VP[m.key] * m.params["n"] for m in of_p if m.key in _VP)
        assert vp == after_vp[p] - before_vp[p], (action, p, told)
        # every bravery point is told
        b0, b1 = _seat(state, p), _seat(after, p)
        points = b1.ladder + BRAVERY * b1.bravery_vp - b0.ladder - BRAVERY * b0.bravery_vp
        assert points == sum(m.params["n"] for m in of_p if m.key == "mw.fx.bravery")
        # every meeple that comes back to the stock or the Depot is told
        home = sum(m.params["n"] for m in of_p if m.key in _HOME)
        taken = sum(1 for m in of_p if m.key == "mw.fx.bravery_vp"
                    and m.params["source"].key in ("mw.fx.vp_from.stock", "mw.fx.vp_from.depot"))
        if p == state.inner.active and state.to_move == p:
            taken += _placed(state, action)
        pool = b1.stock + b1.depot - b0.stock - b0.depot
        assert pool == home - taken, (action, p, told)
    # the turns in which nobody decided anything
    turns = after.inner.turn - state.inner.turn
    skipped = max(turns - 1, 0)
    if turns and after.outcome is not None and "round" in after.outcome.reason:
        skipped += 1
    assert [m.key for m in told].count("mw.fx.nothing") == skipped


def test_effects_agree_with_the_board_in_random_games() -> None:
    """Every meeple destroyed or sent home, every victory and bravery point and every turn
    with nothing to do is told, with its amount; the recorder replays the rules exactly."""
    for players, seed, options in ((2, 0, {}), (2, 1, {"quickstart": True}), (3, 2, {}),
                                   (4, 3, {"quickstart": True})):
        state, rng = GAME.new(players=players, seed=seed, **options), random.Random(seed)
        while state.outcome is None:
            action = rng.choice(state.legal())
            _check(state, action)
            state = state.play(action)
