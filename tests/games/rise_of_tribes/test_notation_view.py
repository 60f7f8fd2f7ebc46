"""Notation (action grammar, position text round trip) and the views (view.py: nothing is
secret; the decks are unseen multisets with counts plus the cards known under them)."""

from __future__ import annotations

import dataclasses
import random

import pytest

import meeples
from meeples.games.rise_of_tribes import data, notation, view
from meeples.games.rise_of_tribes.state import Phase, State
from tests.games.rise_of_tribes.helpers import B, S, play, turn

GAME = meeples.load("rise_of_tribes")


def random_state(players: int, seed: int, plies: int,
                 **options: object) -> meeples.State[State, str]:
    rng = random.Random(seed)
    state = GAME.new(players=players, seed=seed, **options)
    for _ in range(plies):
        if state.outcome:
            break
        state = state.deal() if state.is_chance else state.play(rng.choice(state.legal()))
    return state


def test_notation_malformed_action_is_refused() -> None:
    for bad in ["grow X", "a-z", "goal D9", "village", "bid 0"]:
        with pytest.raises(meeples.IllegalAction):
            notation.parse_action(bad)


def test_notation_illegal_action_explained() -> None:
    state = GAME.new(players=2, seed=0)
    with pytest.raises(meeples.IllegalAction, match="place the starting tribe"):
        state.play("done")


def test_notation_describe_action_in_words() -> None:
    state = GAME.wrap(turn(members={"a": (1, 0)}, hand=(S, B)))
    assert state.describe("grow S") == \
        "GROW with a die showing sun (sun power: add up to 4 members)"


def test_position_text_round_trips_with_the_unseen_decks() -> None:
    state = random_state(3, 4, 150, leaders=True, elders=True, scenario_tiles=True)
    text = state.position()
    again = GAME.parse(text)
    assert again.inner == state.inner and "rng=" not in text and " bottoms=" in text


def test_position_text_round_trips_at_a_chance_node() -> None:
    state = GAME.new(players=4, seed=3, deal=False, scenario_tiles=True)
    for _ in range(20):
        assert GAME.parse(state.position()).inner == state.inner
        state = state.deal()


def test_position_text_of_the_engine_before_chance_nodes_is_refused() -> None:
    old = GAME.new(players=2).position().replace(" winner=", " rng=12345 winner=")
    with pytest.raises(meeples.BadPosition, match="before chance nodes"):
        GAME.parse(old)


def test_position_text_unseen_cards_out_of_order_are_refused() -> None:
    text = GAME.new(players=2).position().replace("ev_deck=0,1,2,", "ev_deck=1,0,2,")
    with pytest.raises(meeples.BadPosition, match="increasing order"):
        GAME.parse(text)


def test_position_text_power_out_of_range_is_refused() -> None:
    # Fuzzing found a GATHER of power 200: its legal actions took 200 resources from a hex,
    # which the grammar (1 to 4) refused when played.
    text = GAME.new(players=2).position().replace(" power=0 ", " power=200 ")
    with pytest.raises(meeples.BadPosition, match="'power'"):
        GAME.parse(text)


def test_position_text_a_card_twice_in_a_deck_is_refused() -> None:
    text = GAME.new(players=2).position().replace("ev_deck=0,1,2,", "ev_deck=0,1,1,2,")
    with pytest.raises(meeples.BadPosition, match="once each"):
        GAME.parse(text)


def test_position_text_undealt_map_after_setup_is_refused() -> None:
    text = GAME.new(players=2).position()
    terrain = text.split("terrain=")[1].split(" ")[0]
    with pytest.raises(meeples.BadPosition, match="dealt before play"):
        GAME.parse(text.replace(f"terrain={terrain}", "terrain=-1" + terrain[1:]))


def test_position_text_bad_is_refused() -> None:
    text = GAME.new(players=2).position()
    with pytest.raises(meeples.BadPosition):
        GAME.parse(text.replace("n=2", "n=5"))
    with pytest.raises(meeples.BadPosition):
        GAME.parse(text + " extra=1")


def test_scenario_from_position_text() -> None:
    text = notation.format_state(turn(members={"a": (2, 0), "e": (0, 3)}, hand=(S, B)))
    state = GAME.parse(text).play("grow S").play("add a").play("add a").play("stop")
    assert state.inner.pop[0] == (4, 0) and state.inner.phase == Phase.ACT


def test_view_carries_the_public_position_text() -> None:
    state = random_state(3, 1, 120)
    for player in [0, 1, 2, None]:
        assert state.view(player)["position"] == state.position()
    assert GAME.parse(state.view(None)["position"]) == state


def test_view_shows_the_decks_as_unseen_counts_and_the_known_bottom() -> None:
    inner = dataclasses.replace(
        turn(members={"a": (1, 0)}, hand=(S, B)), decks=((data.BOW, data.RAID), ()),
        bottoms=((data.OXEN, data.SPEAR), ()), ev_deck=(data.ALTAR, data.VOLCANO))
    v = view.view(inner, 1)
    assert v["table"][0]["deck_unseen"] == {"D1": 1, "A8": 1}
    assert v["table"][0]["deck_bottom"] == ["D4", "D6"]  # next to come first
    assert v["table"][0]["deck_size"] == 4 and v["deck_sizes"] == [4, 0]
    assert v["event_deck"] == {"AL": 1, "VO": 1} and v["event_deck_size"] == 2


def test_view_at_a_chance_node_names_chance_to_move() -> None:
    state = GAME.new(players=2, seed=0, deal=False)
    v = state.view(None)
    assert v["to_move"] == meeples.CHANCE and v["chance"] is True
    assert all(h["terrain"] is None for h in v["hexes"])
    assert all(p["tribe"] is None and p["powers"] == [] for p in v["table"])


def test_view_shows_every_players_goals_face_up() -> None:
    state = random_state(4, 2, 200)
    v = state.view(0)
    for p in range(4):
        assert v["table"][p]["in_progress"] == [data.GOAL_IDS[c] for c in state.inner.progress[p]]
        assert v["table"][p]["completed"] == [data.GOAL_IDS[c] for c in state.inner.completed[p]]


def test_view_same_for_every_player_and_spectator() -> None:
    # A view is the whole state: only the viewer's seat differs.
    state = random_state(2, 3, 80)
    views = [state.view(0), state.view(1), state.view(None)]
    assert [v.pop("player") for v in views] == [0, 1, None]
    assert views[0] == views[1] == views[2]


def test_scenario_game_plays_through_facade() -> None:
    state = GAME.wrap(turn(members={"a": (2, 0)}, hand=(S, B)))
    state = state.play("lead S")
    assert state.to_move == 0 and "grow B" in state.legal()
    assert play(state.inner, "grow B", "stop").phase == Phase.GOALS


def test_evaluate_in_unit_interval_and_prefers_points() -> None:
    from meeples.games.rise_of_tribes.evaluate import evaluate
    state = turn(members={"a": (2, 0), "e": (0, 2)}, score=(6, 2))
    assert 0.5 < evaluate(state, 0) <= 1 and 0 <= evaluate(state, 1) < 0.5
    final = random_state(2, 7, 5000).inner
    assert evaluate(final, final.winner) == 1.0
    assert evaluate(final, 1 - final.winner) == 0.0


def test_notation_illegal_goal_and_action_explained() -> None:
    from tests.games.rise_of_tribes.helpers import goals_step
    state = GAME.wrap(goals_step(members={"a": (1, 0)}, progress=((data.BOW,), ())))
    with pytest.raises(meeples.IllegalAction, match="Bow costs 2 wood and 1 stone"):
        state.play("goal D1")
    with pytest.raises(meeples.IllegalAction, match="not one of your goals"):
        state.play("goal A3")
    acting = GAME.wrap(turn(members={"a": (1, 0)}, hand=(S, B), used=(data.GROW,)))
    with pytest.raises(meeples.IllegalAction, match="already took GROW"):
        acting.play("grow S")
    with pytest.raises(meeples.IllegalAction, match="no die showing moon"):
        acting.play("move M")


def test_notation_describe_focused_effort() -> None:
    from tests.games.rise_of_tribes.helpers import M
    inner: State = turn(members={"a": (1, 0)}, hand=(M, M), rows=((M, M, B),) * 4,
                        options={"leaders": True}, tribe=(data.KAHA, data.DABA))
    assert GAME.wrap(inner).describe("grow M!") == \
        "GROW with a die showing moon, with Focused Effort (default power: add up to 3 members)"


def describe_in(inner: State, action: str) -> str:
    return str(GAME.rules.describe_action(inner, action))


def test_describe_hex_f_is_a_hex_not_food() -> None:
    inner = turn(members={"a": (6, 0), "f": (4, 3)}, hand=(S, B), phase=Phase.ORDER,
                 queue=(0, 5))
    assert describe_in(inner, "fight f") == \
        "resolve the conflict in hex f (7 members over its population limit of 5)"
    assert describe_in(inner, "add f") == "add a member to hex f"
    assert describe_in(inner, "village f") == ("build a village in hex f for 2 wood, 1 food "
                                               "and 3 stone: a victory point at the start of "
                                               "each turn")


def test_describe_exchanges_name_both_resources() -> None:
    inner = turn(members={"a": (1, 0)}, hand=(S, B))
    assert describe_in(inner, "trade w>s") == "take 1 stone instead of 1 wood (Trader)"
    assert describe_in(inner, "pottery f>w") == "Pottery: trade 2 food for 1 wood"
    assert describe_in(inner, "give 1 s") == "give 1 stone to player 2"
    assert describe_in(inner, "altar c wfs") == ("sacrifice a member in hex c and 1 wood, 1 food "
                                                 "and 1 stone at the Altar for 1 victory point")
    assert describe_in(inner, "altar c s") == ("sacrifice a member in hex c and 4 stone at the "
                                               "Altar for 1 victory point")
    assert describe_in(inner, "elder 1 w D4") == \
        "elder: give 1 wood to player 2 and use their Oxen this turn"


def test_describe_bow_invader_volcano_and_village_options() -> None:
    inner = turn(members={"a": (1, 0)}, hand=(S, B))
    assert describe_in(inner, "bow i") == "Bow: shoot an invader"
    assert describe_in(inner, "bow 1") == "Bow: shoot a member of player 2"
    assert describe_in(inner, "vent 0") == "put the volcano next to hexes a and d"
    assert describe_in(inner, "village c -w e") == (
        "build a village in hex c for 1 wood, 1 food and 3 stone: a victory point at the start "
        "of each turn (1 wood less: Crafty Builders), with the elder on it")
    assert describe_in(inner, "buy DC") == "buy Dugout Canoe for 3 wood"


def test_conflict_prompt_says_each_hex_is_over_its_population_limit_s2_7() -> None:
    # A hex holding only the active player's tribe is a conflict too (§2.7): the prompt says
    # why, with the count and the limit, for it as for a fight between tribes.
    inner = turn(members={"a": (3, 3), "i": (6, 0)}, hand=(), phase=Phase.ORDER, queue=(0, 8))
    assert str(GAME.wrap(inner).prompt()) == (
        "player 1: choose which conflict comes next: hex a (6 members over its population "
        "limit of 5) and hex i (6 members of player 1 alone, over its population limit of 5)")
    assert describe_in(inner, "fight i") == ("resolve the conflict in hex i (6 members of "
                                             "player 1 alone, over its population limit of 5)")


def test_conflict_prompt_names_the_drought_limit_and_the_invaders_r4() -> None:
    inner = turn(members={"a": (5, 0)}, hand=(), phase=Phase.ORDER, queue=(0, 8), inv_hex=8,
                 inv=5, slots=(data.DROUGHT, data.INVADERS))
    assert describe_in(inner, "fight a") == ("resolve the conflict in hex a (5 members of "
                                             "player 1 alone, over its population limit of 4)")
    assert describe_in(inner, "fight i") == \
        "resolve the conflict in hex i (5 invaders alone, over its population limit of 4)"


def test_fight_log_uses_the_words_of_the_choice() -> None:
    inner = turn(members={"a": (3, 3), "i": (6, 0)}, hand=(), phase=Phase.ORDER, queue=(0, 8))
    choice = GAME.rules.describe_action(inner, "fight i")
    logged = meeples.core.text.Message(f"{choice.key}.log",
                                       {**choice.params, "player": meeples.core.text.player(0)})
    assert str(logged) == ("player 1 resolves the conflict in hex i (6 members of player 1 "
                           "alone, over its population limit of 5)")


def test_describe_die_placement_says_what_the_power_does_with_its_modifiers_s4_1() -> None:
    inner = turn(members={"a": (1, 0)}, hand=(S, B), decks=(data.goal_deck(2),) * 2,
                 completed=((data.SHELTER, data.OXEN, data.CAVE_PAINTING), ()))
    assert describe_in(inner, "grow S") == \
        "GROW with a die showing sun (sun power: add up to 5 members)"
    assert describe_in(inner, "move B") == \
        "MOVE with a die showing blank (default power: move up to 3 members, up to 2 hexes each)"
    assert describe_in(inner, "gather B") == ("GATHER with a die showing blank (default power: "
                                              "gather 2 resources from each of up to 2 hexes)")
    assert describe_in(inner, "lead S") == \
        "LEAD with a die showing sun (sun power: draw 4 goals)"


def test_describe_die_placement_with_nothing_to_do_says_so() -> None:
    inner = turn(members={"a": (1, 0)}, hand=(S, B))  # an empty goal deck
    assert describe_in(inner, "lead S") == \
        "LEAD with a die showing sun (sun power: nothing to do with it now)"


def test_describe_dice_spent_on_events_say_what_they_bring_s4_5() -> None:
    inner = turn(members={"b": (4, 0)}, hand=(S, B), slots=(data.MAMMOTH, data.SABERTOOTH),
                 mammoth=1, tiger=1, res=((0, 3, 0), (0, 0, 0)))
    assert describe_in(inner, "hunt S") == \
        "hunt the Mammoth with a die showing sun: gain 3 food and 1 VP"
    assert describe_in(inner, "tame S") == \
        "tame the Mammoth with a die showing sun: pay 3 food for 3 VP"
    assert describe_in(inner, "tiger S") == \
        "hunt the Sabertooth Tiger with a die showing sun: lose a member there for 1 VP"


def test_describe_tiger_site_names_the_tribes_that_lose_a_member_s3_6() -> None:
    inner = turn(members={"c": (2, 1)}, hand=(S, S), phase=Phase.SITE,
                 pend=(data.SABERTOOTH, 2, 5, 8), slots=(data.SABERTOOTH, -1))
    assert describe_in(inner, "site c") == ("put the Sabertooth Tiger on hex c: 2 tribes there "
                                            "lose a member each (player 1 and player 2)")
    assert describe_in(inner, "site f") == "put the Sabertooth Tiger on hex f"


def test_describe_development_says_its_points_s2_8() -> None:
    inner = turn(members={"a": (1, 0)}, hand=(S, B))
    assert describe_in(inner, "goal D1") == \
        "complete Bow for 2 wood and 1 stone: 1 victory point and its ability"


def test_explain_focused_effort_reasons() -> None:
    base = GAME.wrap(turn(members={"a": (1, 0)}, hand=(S, B)))
    with pytest.raises(meeples.IllegalAction, match="leader power of the Kaha"):
        base.play("grow S!")
    kaha = turn(members={"a": (1, 0)}, hand=(S, B), options={"leaders": True},
                tribe=(data.KAHA, data.DABA))
    with pytest.raises(meeples.IllegalAction, match="would not read moon"):
        GAME.wrap(kaha).play("grow S!")


def test_explain_mammoth_and_tiger_reasons() -> None:
    state = GAME.wrap(turn(members={"b": (3, 0)}, hand=(S, B), mammoth=1,
                           slots=(data.MAMMOTH, -1)))
    with pytest.raises(meeples.IllegalAction, match="needs 4 of your members"):
        state.play("hunt S")
    with pytest.raises(meeples.IllegalAction, match="Sabertooth Tiger is not on the board"):
        state.play("tiger S")


def test_explain_village_reasons() -> None:
    from tests.games.rise_of_tribes.helpers import goals_step
    invaded = goals_step(members={"e": (1, 0)}, inv_hex=4, inv=3, slots=(data.INVADERS, -1),
                         res=((9, 9, 9), (0, 0, 0)))
    with pytest.raises(meeples.IllegalAction, match="Invaders forbid building"):
        GAME.wrap(invaded).play("village e")
    daba = goals_step(members={"a": (1, 0)}, options={"leaders": True},
                      tribe=(data.DABA, data.DANANU), res=((9, 9, 9), (0, 0, 0)))
    with pytest.raises(meeples.IllegalAction, match="name the resource you pay less"):
        GAME.wrap(daba).play("village a")
    with pytest.raises(meeples.IllegalAction, match="Tribal Elders are not in play"):
        GAME.wrap(daba).play("village a -w e")


#: Actions naming resources (there, the letter f is food; elsewhere it may be hex f).
RESOURCE_VERBS = {"take", "light", "find", "basket", "trade", "pottery", "give", "altar", "share",
                  "elder"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_describe_every_legal_action_in_words(players: int) -> None:
    # No description shows raw notation: no exchange arrow, no resource letter as a word.
    rng = random.Random(players)
    state = GAME.new(players=players, seed=players, leaders=True, elders=True,
                     scenario_tiles=True)
    for _ in range(400):
        if state.outcome:
            break
        legal = state.legal()
        for action in legal:
            text = state.describe(action)
            words = set(text.replace(",", " ").split())
            raw = {"w", "s", "wfs"} | ({"f"} if action.split(" ")[0] in RESOURCE_VERBS else set())
            assert text and ">" not in text and not raw & words, text
        state = state.play(rng.choice(legal))


def test_view_goals_show_requirement_points_and_progress() -> None:
    from tests.games.rise_of_tribes.helpers import goals_step
    inner = goals_step(members={"a": (2, 0), "b": (1, 0), "i": (0, 1)},
                       progress=((data.BOW, data.EXPANSION), (data.SETTLERS,)),
                       completed=((data.OXEN,), ()), res=((2, 0, 0), (0, 0, 0)))
    mine = view.view(inner, 0)["table"][0]["goals"]
    assert [(g["id"], g["kind"], g["done"], g["vp"]) for g in mine] == [
        ("D1", "development", False, 1), ("A5", "achievement", False, 3),
        ("D4", "development", True, 1)]
    bow, expansion, oxen = mine
    assert bow["requirement"]["key"] == "rot.req.cost"
    assert bow["progress"] == {"key": "rot.progress.missing",
                               "params": {"missing": {"key": "rot.res.s", "params": {"n": 1}}}}
    assert bow["ready"] is False
    assert expansion["progress"] == {"key": "rot.progress.count", "params": {"have": 2, "n": 5}}
    assert oxen["progress"] is None and oxen["ready"] is None  # completed
    assert view.view(inner, 1)["table"][0]["goals"] == mine  # public: the same for all


def test_view_names_components_by_id() -> None:
    state = random_state(3, 8, 200, leaders=True, scenario_tiles=True)
    v = state.view(0)
    for seat in v["table"]:
        assert all(code in data.LEADER_POWER_CODES for code in seat["powers"])
    assert {h["tile_id"] for h in v["hexes"]} - {None} <= set(data.TILE_IDS[1:])
    assert all(e["id"] in (None, *data.EVENT_IDS) for e in v["events"])
    assert v["volcano_slots"] == [list(c) for c in data.VOLCANO_SLOTS[3]]


def test_evaluate_counts_the_goal_cards_about_to_be_drawn() -> None:
    # A LEAD stops at a chance node before its cards come: how many come is certain, so the
    # bots' value of the LEAD must not wait for the draw (issue 13).
    from meeples.games.rise_of_tribes.evaluate import evaluate
    inner = turn(members={"a": (1, 0), "i": (0, 1)}, hand=(S, B),
                 decks=(data.goal_deck(2),) * 2)
    drawing = play(inner, "lead S")
    drawn = play(drawing, "cards D1 D3 D4")
    assert drawing.phase == Phase.CARD
    assert evaluate(drawing, 0) == evaluate(drawn, 0) > evaluate(inner, 0)
