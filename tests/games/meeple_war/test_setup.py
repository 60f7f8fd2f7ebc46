"""Rulebook "Setup" and "Quickstart game"; sheet B3, B8, B11, D1, D3."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

import meeples
from meeples.games.meeple_war import GAME
from meeples.games.meeple_war.data import TILES


def opening(players: int, seed: int = 0, **options: bool) -> dict:
    return json.loads(GAME.new(players=players, seed=seed, **options).position())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_every_player_starts_with_depot_two_and_stock_ten(players: int) -> None:
    for seat in opening(players)["seats"]:
        assert (seat["stock"], seat["depot"], seat["ladder"], seat["mountain"]) == (10, 2, 0, 0)
        assert seat["tree"] is True


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_only_village_square_built_with_worker_on_start(players: int) -> None:
    for seat in opening(players)["seats"]:
        assert seat["slots"] == [None, ["VS", True, "S", []], None, None]
        assert len(seat["available"]) == 9


@pytest.mark.parametrize(("players", "placed"), [(2, 5), (3, 7), (4, 11)])
def test_setup_tiles_placed_and_rest_in_pile(players: int, placed: int) -> None:
    data = opening(players)
    assert len(data["tiles"]) == placed
    assert len(data["pile"]) == 36 - placed
    assert sorted(data["pile"] + [t[1] for t in data["tiles"]]) == [t.id for t in TILES]


def test_setup_unused_setup_tiles_shuffled_into_pile() -> None:
    data = opening(2)
    assert {"T02", "T03", "T04", "T05", "T12", "T13"} <= set(data["pile"])


def test_setup_pile_has_no_order() -> None:
    # issue 13: the pile is the sorted set of unseen tiles; chance draws from it at each
    # exploration, so no seed decides its order in advance
    assert opening(2, seed=1)["pile"] == opening(2, seed=2)["pile"] == sorted(opening(2)["pile"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_first_player_is_a_chance_node(players: int) -> None:
    start = GAME.new(players=players, seed=0, deal=False)
    assert start.is_chance and start.to_move == meeples.CHANCE
    assert start.chance_outcomes() == [(f"first:{p}", Fraction(1, players))
                                       for p in range(players)]
    dealt = GAME.new(players=players, seed=0)
    assert dealt.history[0].startswith("first:") and dealt == start.play(dealt.history[0])


def test_setup_first_player_drawn_from_seed() -> None:
    firsts = {opening(4, seed=s)["first"] for s in range(20)}
    assert firsts == {0, 1, 2, 3}


def test_setup_first_player_is_active() -> None:
    for s in range(5):
        data = opening(3, seed=s)
        assert data["active"] == data["first"]


def test_setup_tiles_9_leaves_mines_empty_in_4p() -> None:
    data = opening(4, setup_tiles_9=True)
    spots = {t[0] for t in data["tiles"]}
    assert "1,0" not in spots and "-1,0" not in spots
    assert {"T07", "T08"} <= set(data["pile"])
    assert len(data["tiles"]) == 9


def test_setup_tiles_9_changes_nothing_in_2p() -> None:
    a, b = opening(2), opening(2, setup_tiles_9=True)
    assert a["tiles"] == b["tiles"]


def test_quickstart_pairs_follow_turn_order() -> None:
    from meeples.games.meeple_war.data import QUICKSTART_BALANCED, QUICKSTART_SETUPS

    data = opening(4, seed=3, quickstart=True)  # the default setup: its workers from the table
    ahead = dict(QUICKSTART_SETUPS[QUICKSTART_BALANCED[4]].ahead)
    first = data["first"]
    pairs = [("PS", "FA"), ("CA", "EG"), ("MA", "AB"), ("LG", "UN")]
    for p, seat in enumerate(data["seats"]):
        slots = seat["slots"]
        expected = pairs[(p - first) % 4]
        assert (slots[2][0], slots[3][0]) == expected
        assert slots[2][1] and slots[3][1]
        assert [slots[2][2], slots[3][2]] == [ahead.get(code, "S") for code in expected]
        assert len(seat["available"]) == 7


def test_setup_hammer_goes_around_clockwise() -> None:
    state = GAME.new(players=3, seed=5)
    first = state.inner.first
    seen = [state.inner.active]
    while len(seen) < 3:
        state = state.play(state.legal()[-1])
        if state.inner.active != seen[-1]:
            seen.append(state.inner.active)
    assert seen == [first, (first + 1) % 3, (first + 2) % 3]


def test_setup_seats_follow_turn_order_not_player_index() -> None:
    seed = next(s for s in range(50) if GAME.new(players=4, seed=s).inner.first == 2)
    state = GAME.new(players=4, seed=seed)
    view = state.view(None)
    assert view["gates"][2] == "2,-2"  # the first player takes seat P1 (B3)
    assert view["gates"][3] == "0,2"
    assert view["villages"][2][1] == "4,-4"  # P1's Village Square


def test_setup_shared_by_every_game_and_never_changed_by_play() -> None:
    """The setup and its first turns are made once per player count and options, and every
    game starts from them: playing a game leaves them as a setup made anew."""
    import random

    from meeples.core.chance import CHANCE
    from meeples.games.meeple_war import RULES, rules

    first = RULES.initial_state(3, 1, {})
    assert RULES.initial_state(3, 2, {}) is first
    turn = RULES.apply(first, "first:2")
    assert RULES.apply(RULES.initial_state(3, 3, {}), "first:2") is turn
    before = RULES.format_state(first), RULES.format_state(turn)
    rng, state = random.Random(5), turn
    for _ in range(300):
        if RULES.outcome(state) is not None:
            break
        state = RULES.apply(state, RULES.sample_chance(state, rng)
                            if RULES.to_move(state) == CHANCE
                            else rng.choice(RULES.legal_actions(state)))
    assert (RULES.format_state(first), RULES.format_state(turn)) == before
    rules._OPENINGS.clear()
    rules._FIRST_TURNS.clear()
    fresh = RULES.initial_state(3, 1, {})
    assert fresh is not first
    assert RULES.format_state(fresh) == before[0]
    assert RULES.format_state(RULES.apply(fresh, "first:2")) == before[1]


PAIRS = [("PS", "FA"), ("CA", "EG"), ("MA", "AB"), ("LG", "UN")]


def by_turn_order(data: dict) -> list[dict]:
    """Return the seats of a position in turn order (the first player first)."""
    n, first = data["players"], data["first"]
    return [data["seats"][(first + k) % n] for k in range(n)]


def test_quickstart_setup_rulebook_is_the_quick_start_as_printed() -> None:
    rulebook = opening(4, seed=3, quickstart=True, quickstart_setup="rulebook")
    assert rulebook["options"] == ["quickstart"]  # the position text of the quick start before
    for order, seat in enumerate(by_turn_order(rulebook)):
        assert [s[:3] for s in seat["slots"][2:]] == [[c, True, "S"] for c in PAIRS[order]]
        assert (seat["stock"], seat["depot"]) == (10, 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quickstart_setup_shift_puts_later_players_workers_one_step_along(players: int) -> None:
    data = opening(players, seed=3, quickstart=True, quickstart_setup="shift")
    assert data["options"] == ["quickstart", "quickstart_shift"]
    ahead = {"CA", "EG", "LG", "UN"}  # the second and fourth players' pairs (data table)
    for order, seat in enumerate(by_turn_order(data)):
        for slot, code in zip(seat["slots"][2:], PAIRS[order], strict=True):
            assert slot[:3] == [code, True, "a" if code in ahead else "S"]
        assert (seat["stock"], seat["depot"]) == (10, 2)


def second_players_worker_choices(setup: str) -> list[str]:
    """Return the choices of the second player's first worker that has a choice on their
    first turn (2 players, the Catapult on V3)."""
    state = GAME.new(players=2, seed=4, quickstart=True, quickstart_setup=setup)
    second = 1 - state.inner.first
    while not (state.inner.active == second and any(
            a.startswith("w3>") for a in state.legal())):
        legal = state.legal()
        state = state.play("done" if "done" in legal else legal[0]).settle()
    assert state.inner.turn == 2
    return state.legal()


def test_quickstart_setup_shift_starts_the_catapult_one_step_along() -> None:
    # on its first turn the worker goes from a to b or c, and to Bomb or Burn on its second
    assert second_players_worker_choices("shift") == ["w3>b", "w3>c"]


def test_quickstart_setup_shift_catapult_shortens_the_catapults_cycle_to_three() -> None:
    # from a straight to Bomb (L1) or Burn (L2) on its first turn: S -> a -> leaf -> S, a
    # cycle of three turns, not four
    assert second_players_worker_choices("shift_catapult") == ["w3>L1", "w3>L2"]
    data = opening(2, seed=4, quickstart=True, quickstart_setup="shift_catapult")
    assert data["options"] == ["quickstart", "quickstart_shift_catapult"]


def test_quickstart_setup_factory_site_starts_the_factory_construction_side_up() -> None:
    data = opening(3, seed=3, quickstart=True, quickstart_setup="factory_site")
    seats = by_turn_order(data)
    assert [s[:3] for s in seats[0]["slots"][2:]] == [["PS", True, "S"], ["FA", False, "c0"]]
    for order, seat in enumerate(seats[1:], 1):
        assert [s[:3] for s in seat["slots"][2:]] == [[c, True, "S"] for c in PAIRS[order]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quickstart_setup_reversed_deals_the_pairs_in_reverse_turn_order(players: int) -> None:
    data = opening(players, seed=3, quickstart=True, quickstart_setup="reversed")
    assert data["options"] == ["quickstart", "quickstart_reversed"]
    for order, seat in enumerate(by_turn_order(data)):
        code3, code4 = PAIRS[players - 1 - order]
        assert [s[:3] for s in seat["slots"][2:]] == [[code3, True, "S"], [code4, True, "S"]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quickstart_setup_meeple_gives_every_later_player_a_depot_meeple(players: int) -> None:
    data = opening(players, seed=3, quickstart=True, quickstart_setup="meeple")
    assert data["options"] == ["quickstart", "quickstart_meeple"]
    seats = by_turn_order(data)
    assert (seats[0]["stock"], seats[0]["depot"]) == (10, 2)
    for order, seat in enumerate(seats):
        assert [s[0] for s in seat["slots"][2:]] == list(PAIRS[order])
        if order:
            assert (seat["stock"], seat["depot"]) == (9, 3)


def test_quickstart_setup_shift_meeple_does_both() -> None:
    data = opening(4, seed=3, quickstart=True, quickstart_setup="shift_meeple")
    seats = by_turn_order(data)
    assert [s[2] for s in seats[1]["slots"][2:]] == ["a", "a"]
    assert [s[2] for s in seats[3]["slots"][2:]] == ["a", "a"]
    assert [(s["stock"], s["depot"]) for s in seats] == [(10, 2), (9, 3), (9, 3), (9, 3)]


@pytest.mark.parametrize(("setup", "sites"), [("shift_catapult_site", ["FA"]),
                                              ("shift_catapult_sites", ["PS", "FA"])])
def test_quickstart_setup_shift_catapult_with_the_first_pair_still_to_build(
        setup: str, sites: list[str]) -> None:
    data = opening(2, seed=4, quickstart=True, quickstart_setup=setup)
    first, second = by_turn_order(data)
    assert [s[:3] for s in first["slots"][2:]] == [
        [code, False, "c0"] if code in sites else [code, True, "S"] for code in PAIRS[0]]
    assert [s[:3] for s in second["slots"][2:]] == [["CA", True, "a"], ["EG", True, "a"]]
    assert second_players_worker_choices(setup) == ["w3>L1", "w3>L2"]


def test_quickstart_setup_shift_catapult_meeple_adds_the_depot_meeple() -> None:
    data = opening(3, seed=4, quickstart=True, quickstart_setup="shift_catapult_meeple")
    assert data["options"] == ["quickstart", "quickstart_shift_catapult_meeple"]
    seats = by_turn_order(data)
    assert [(s["stock"], s["depot"]) for s in seats] == [(10, 2), (9, 3), (9, 3)]
    assert [s[:3] for s in seats[1]["slots"][2:]] == [["CA", True, "a"], ["EG", True, "a"]]
    assert second_players_worker_choices("shift_catapult_meeple") == ["w3>L1", "w3>L2"]


def test_quickstart_setup_without_the_quick_start_changes_nothing() -> None:
    assert opening(3, seed=4, quickstart_setup="shift") == opening(3, seed=4)


def test_quickstart_setup_waits_in_the_position_for_the_first_player() -> None:
    state = GAME.new(players=3, seed=1, deal=False, quickstart=True, quickstart_setup="shift")
    parsed = GAME.parse(state.position())  # the undealt setup, before B3's draw
    assert json.loads(parsed.play("first:1").position()) == json.loads(
        state.play("first:1").position())


def test_quickstart_setup_unknown_value_refused() -> None:
    with pytest.raises(meeples.BadOptions):
        GAME.new(players=2, quickstart=True, quickstart_setup="mirror")


@pytest.mark.parametrize("names", [["quickstart_shift"], ["quickstart", "quickstart_meeple",
                                                          "quickstart_shift"]])
def test_quickstart_setup_position_needs_the_quick_start_and_one_setup(names: list[str]) -> None:
    data = json.loads(GAME.new(players=2, seed=0, deal=False).position())
    data["options"] = names
    with pytest.raises(meeples.BadPosition, match="sets up the quick start"):
        GAME.parse(json.dumps(data))


@pytest.mark.parametrize(("players", "setup"), [
    (2, "shift_catapult_sites_meeples3"), (3, "rulebook"), (4, "fourth_reinforce_second_assembly")])
def test_quickstart_default_is_balanced_and_a_match_records_the_setup_of_its_player_count(
        players: int, setup: str) -> None:
    """Issue 24, point 5: a new quick start takes the setup measured fairest for its player
    count (at 2 players the first player won 52% of 200 hard games, docs/balance/findings.md),
    and its record names that setup, so a later change of the table changes no record."""
    state = GAME.new(players=players, seed=3, quickstart=True)
    assert state.start.options["quickstart_setup"] == setup
    same = GAME.new(players=players, seed=3, quickstart=True, quickstart_setup="balanced")
    named = GAME.new(players=players, seed=3, quickstart=True, quickstart_setup=setup)
    assert state.position() == same.position() == named.position()
    assert state.record().to_json()["options"]["quickstart_setup"] == setup


def test_quickstart_records_made_before_the_option_replay_with_the_rulebooks_setup() -> None:
    """A record made before the option names none and replays with the rulebook's whatever the
    default (the golden quick-start playthroughs are such records), and a record of another
    setup names it."""
    from pathlib import Path

    from meeples.core.record import Match

    option = GAME.options["quickstart_setup"]
    assert (option.default, option.before) == ("balanced", "rulebook")
    path = Path(__file__).resolve().parents[2] / "data" / "meeple_war" / "playthroughs"
    old = json.loads((path / "4p_quickstart_french.json").read_text(encoding="utf-8"))
    assert "quickstart_setup" not in old["options"]
    match = Match.from_json(old)
    assert match.start().inner.options == ("altar_once_per_player", "cavern_range_exactly_2",
                                           "quickstart", "reinforce_gate_only_if_none",
                                           "setup_tiles_9")
    assert match.replay().position() == old["final_position"]
    new = json.loads((path / "2p_quickstart_shift_catapult.json").read_text(encoding="utf-8"))
    assert new["options"]["quickstart_setup"] == "shift_catapult"
    assert Match.from_json(new).replay().position() == new["final_position"]


@pytest.mark.parametrize(("setup", "extra"), [("shift_catapult_meeples2", 2),
                                              ("shift_catapult_meeples3", 3),
                                              ("shift_catapult_meeples4", 4),
                                              ("shift_catapult_meeples5", 5)])
def test_quickstart_setup_with_a_larger_depot_compensation(setup: str, extra: int) -> None:
    data = opening(3, seed=4, quickstart=True, quickstart_setup=setup)
    assert data["options"] == ["quickstart", f"quickstart_{setup}"]
    seats = by_turn_order(data)
    first = (seats[0]["stock"], seats[0]["depot"])
    assert [(s["stock"], s["depot"]) for s in seats[1:]] == [
        (first[0] - extra, first[1] + extra)] * 2
    assert [s[:3] for s in seats[1]["slots"][2:]] == [["CA", True, "a"], ["EG", True, "a"]]
    assert second_players_worker_choices(setup) == ["w3>L1", "w3>L2"]


@pytest.mark.parametrize(("setup", "sites", "extra"), [
    ("shift_catapult_site_meeples3", ["FA"], 3),
    ("shift_catapult_sites_meeples2", ["PS", "FA"], 2),
    ("shift_catapult_sites_meeples3", ["PS", "FA"], 3),
    ("shift_catapult_sites_meeples4", ["PS", "FA"], 4),
])
def test_quickstart_setup_with_the_first_pair_to_build_and_a_depot_compensation(
        setup: str, sites: list[str], extra: int) -> None:
    data = opening(3, seed=4, quickstart=True, quickstart_setup=setup)
    assert data["options"] == ["quickstart", f"quickstart_{setup}"]
    seats = by_turn_order(data)
    assert [s[0] for s in seats[0]["slots"][2:] if not s[1]] == sites
    assert all(s[2] == "c0" for s in seats[0]["slots"][2:] if not s[1])
    first = (seats[0]["stock"], seats[0]["depot"])
    assert [(s["stock"], s["depot"]) for s in seats[1:]] == [
        (first[0] - extra, first[1] + extra)] * 2
    assert [s[:3] for s in seats[1]["slots"][2:]] == [["CA", True, "a"], ["EG", True, "a"]]
    assert second_players_worker_choices(setup) == ["w3>L1", "w3>L2"]


def test_quickstart_setup_sites_meeples3_keeps_the_later_pairs_as_printed() -> None:
    data = opening(4, seed=4, quickstart=True, quickstart_setup="sites_meeples3")
    assert data["options"] == ["quickstart", "quickstart_sites_meeples3"]
    seats = by_turn_order(data)
    assert [s[:3] for s in seats[0]["slots"][2:]] == [["PS", False, "c0"], ["FA", False, "c0"]]
    first = (seats[0]["stock"], seats[0]["depot"])
    assert [(s["stock"], s["depot"]) for s in seats[1:]] == [(first[0] - 3, first[1] + 3)] * 3
    assert [[s[:3] for s in seat["slots"][2:]] for seat in seats[1:]] == [
        [[code, True, "S"] for code in pair] for pair in PAIRS[1:]]
    # the Catapult keeps its four-turn cycle: S to a on the second player's first turn, then
    # b or c, not straight to Bomb or Burn
    state = GAME.new(players=2, seed=4, quickstart=True, quickstart_setup="sites_meeples3")
    second = 1 - state.inner.first
    while not (state.inner.active == second and any(
            a.startswith("w3>") for a in state.legal())):
        legal = state.legal()
        state = state.play("done" if "done" in legal else legal[0]).settle()
    assert (state.inner.turn, state.legal()) == (4, ["w3>b", "w3>c"])


@pytest.mark.parametrize(("setup", "ahead"), [("fourth_meeples3", "S"),
                                              ("fourth_shift_meeples3", "a")])
def test_quickstart_setup_fourth_compensates_the_fourth_player_alone(setup: str,
                                                                      ahead: str) -> None:
    """The Looters Guild and University pair has no leaf that adds meeples to the map: these
    setups give its holder, the fourth player, three Depot meeples (and, with shift, both its
    workers one step along); the other players start as printed."""
    data = opening(4, seed=4, quickstart=True, quickstart_setup=setup)
    assert data["options"] == ["quickstart", f"quickstart_{setup}"]
    seats = by_turn_order(data)
    assert [(s["stock"], s["depot"]) for s in seats] == [(10, 2)] * 3 + [(7, 5)]
    assert [[s[:3] for s in seat["slots"][2:]] for seat in seats] == [
        [[code, True, "S"] for code in pair] for pair in PAIRS[:3]] + [
        [["LG", True, ahead], ["UN", True, ahead]]]
    # at 3 players no one holds the fourth pair: the printed setup
    three = opening(3, seed=4, quickstart=True, quickstart_setup=setup)
    assert [(s["stock"], s["depot"]) for s in three["seats"]] == [(10, 2)] * 3


def test_quickstart_setup_army_sites_starts_the_first_and_third_pairs_as_sites() -> None:
    """The pairs that assemble, deploy and reinforce (Pilot School and Factory, Military Academy
    and Abbey) start construction side up, their workers on the first space; the others built."""
    data = opening(4, seed=4, quickstart=True, quickstart_setup="army_sites")
    assert data["options"] == ["quickstart", "quickstart_army_sites"]
    seats = by_turn_order(data)
    assert [[s[:3] for s in seat["slots"][2:]] for seat in seats] == [
        [[code, order % 2 == 1, "S" if order % 2 else "c0"] for code in pair]
        for order, pair in enumerate(PAIRS)]
    assert [(s["stock"], s["depot"]) for s in seats] == [(10, 2)] * 4


@pytest.mark.parametrize(("setup", "extra"), [("fourth_airship", 0),
                                              ("fourth_airship_meeples3", 3)])
def test_quickstart_setup_fourth_airship_builds_a_third_building_for_the_fourth_player(
        setup: str, extra: int) -> None:
    """The Airship Company, which no pair holds, stands built on the fourth player's free slot
    (V1) with a worker on its start: its fourth worker, so none is left to build with (A4)."""
    data = opening(4, seed=4, quickstart=True, quickstart_setup=setup)
    seats = by_turn_order(data)
    assert [seat["slots"][0] for seat in seats] == [None, None, None, ["AC", True, "S", []]]
    assert "AC" not in seats[3]["available"] and "AC" in seats[0]["available"]
    assert [(s["stock"], s["depot"]) for s in seats] == [(10, 2)] * 3 + [(10 - extra, 2 + extra)]
    state = GAME.new(players=4, seed=4, quickstart=True, quickstart_setup=setup)
    fourth = (state.inner.first + 3) % 4
    while not (state.inner.active == fourth and state.inner.step == "worker"):
        legal = state.legal()
        state = state.play("done" if "done" in legal else legal[0]).settle()
    assert state.inner.seats[fourth].slots[0].node == "a"  # moved with the others (S -> a)


def test_quickstart_setup_fourth_cycle3_lets_the_fourth_pair_reach_either_leaf_from_a() -> None:
    """The Looters Guild and the University go from a to either leaf (every 3 turns, not 4),
    as the 3-turn Catapult; the other buildings keep their paths."""
    from meeples.games.meeple_war.phases import worker_exits
    from meeples.games.meeple_war.state import Slot

    options = ("quickstart", "quickstart_fourth_cycle3")
    for code in ("LG", "UN"):
        assert worker_exits(Slot(code, True, "a", ()), options) == ("L1", "L2")
        assert worker_exits(Slot(code, True, "a", ()), ("quickstart",)) == ("L1", "b")
    assert worker_exits(Slot("AB", True, "a", ()), options) == ("L1", "b")
    data = opening(4, seed=4, quickstart=True, quickstart_setup="fourth_cycle3_airship_meeples3")
    fourth = by_turn_order(data)[3]
    assert (fourth["slots"][0][0], fourth["stock"], fourth["depot"]) == ("AC", 7, 5)


def fourth_players_worker_choice(setup: str, move: str) -> Any:
    """Return the first position of a 4-player quick start (seed 4) where the fourth player
    may make this worker move, every earlier decision its first choice (or ``done``)."""
    state = GAME.new(players=4, seed=4, quickstart=True, quickstart_setup=setup)
    fourth = (state.inner.first + 3) % 4
    while not (state.inner.active == fourth and move in state.legal()):
        legal = state.legal()
        state = state.play("done" if "done" in legal else legal[0]).settle()
    return state


def test_quickstart_setup_fourth_army_gives_the_fourth_pair_deploy_and_assembly_on_l1() -> None:
    """The Looters Guild's first leaf deploys (up to 3) and the University's assembles (up to
    2) instead of Stealth Flying Troops and Productivity; their second leaves stay."""
    state = fourth_players_worker_choice("fourth_army", "w3>L1")
    assert state.describe("w3>L1").endswith("to L1: Deploy Troops, up to 3")
    state = state.play("w3>L1").settle()
    assert state.describe("w4>L1").endswith("to L1: Meeple Assembly, up to 2")
    state = state.play("w4>L1").settle()
    # the Depot holds 2, so Deploy Troops 3 places at most 2 ("do what you can", D12)
    assert state.legal() == ["s3:dep:1", "s3:dep:2", "s4:asm:1", "s4:asm:2", "done"]


def test_quickstart_setup_fourth_first_leaves_gives_the_fourth_pair_the_first_pairs_actions(
) -> None:
    """The Looters Guild plays as the Pilot School (the same path, the same leaves) and the
    University's leaves assemble 2 and 4 meeples, as the Factory's; the paths stay printed."""
    from meeples.games.meeple_war.cards import card
    from meeples.games.meeple_war.data import BUILDINGS

    options = ("quickstart", "quickstart_fourth_first_leaves")
    assert card("LG", options).leaves == BUILDINGS["PS"].leaves
    assert card("LG", options).path == BUILDINGS["PS"].path == BUILDINGS["LG"].path
    assert card("UN", options).leaves == {"L1": ("asm", 2), "L2": ("asm", 4)}
    assert card("UN", options).path == BUILDINGS["UN"].path
    assert card("CA", options) is BUILDINGS["CA"]
    assert card("CA", ("quickstart", "quickstart_fourth_first_leaves_catapult")).path["a"] == (
        "L1", "L2")


def test_quickstart_setup_fourth_reinforce_keeps_the_universitys_territory_upgrade() -> None:
    """The Looters Guild plays as the Pilot School; the University's Productivity (DESIGNED)
    becomes Meeple Assembly 2 and its Territory Upgrade (a FACT, sheet F17) stays."""
    from meeples.games.meeple_war.cards import card
    from meeples.games.meeple_war.data import BUILDINGS

    options = ("quickstart", "quickstart_fourth_reinforce")
    assert card("LG", options).leaves == BUILDINGS["PS"].leaves
    assert card("UN", options).leaves == {"L1": ("asm", 2), "L2": ("up", 0)}
    state = fourth_players_worker_choice("fourth_reinforce", "w3>b")
    assert state.describe("w3>b").endswith("on the way to Reinforcement (up to 3)")


def test_quickstart_setup_fourth_reinforce_second_helps_the_second_player_alone() -> None:
    """With the fourth pair's cards of fourth_reinforce, the second player gets one more Depot
    meeple (second_meeple) or the Catapult's and Entrepreneurs Guild's workers on a
    (second_shift); every other player starts as with fourth_reinforce."""
    base = by_turn_order(opening(4, seed=4, quickstart=True, quickstart_setup="fourth_reinforce"))
    meeple = by_turn_order(opening(4, seed=4, quickstart=True,
                                   quickstart_setup="fourth_reinforce_second_meeple"))
    shift = by_turn_order(opening(4, seed=4, quickstart=True,
                                  quickstart_setup="fourth_reinforce_second_shift"))
    assert [(s["stock"], s["depot"]) for s in meeple] == [
        (s["stock"] - (i == 1), s["depot"] + (i == 1)) for i, s in enumerate(base)]
    assert [s["slots"][2:] for s in shift] == [
        [["CA", True, "a", []], ["EG", True, "a", []]] if i == 1 else s["slots"][2:]
        for i, s in enumerate(base)]
    assert meeple[0] == base[0] and shift[3] == base[3]


def test_quickstart_setup_fourth_reinforce_burn3_lets_the_catapult_burn_every_three_turns() -> None:
    """Beside fourth_reinforce's fourth pair, the Catapult's worker goes from a to b (Bomb, every
    4 turns) or straight to L2 (Burn, every 3 turns); c, which no worker can reach now, is not on
    the card the match plays."""
    from meeples.games.meeple_war.cards import card
    from meeples.games.meeple_war.data import BUILDINGS

    options = ("quickstart", "quickstart_fourth_reinforce_burn3")
    assert card("CA", options).path == {"S": ("a",), "a": ("b", "L2"), "b": ("L1",)}
    assert card("CA", options).leaves == BUILDINGS["CA"].leaves
    assert card("LG", options) == card("LG", ("quickstart", "quickstart_fourth_reinforce"))
    assert card("UN", options) == card("UN", ("quickstart", "quickstart_fourth_reinforce"))
    view = GAME.new(players=4, seed=4, quickstart=True,
                    quickstart_setup="fourth_reinforce_burn3").view(None)
    assert view["cards"]["CA"]["path"] == {"S": ["a"], "a": ["b", "L2"], "b": ["L1"]}


def test_quickstart_setup_fourth_reinforce_bomb3_lets_the_catapult_bomb_every_three_turns() -> None:
    """The other way round from burn3: from a, straight to L1 (Bomb, every 3 turns) or to c
    (Burn, every 4); b, which no worker can reach now, is not on the card."""
    from meeples.core.text import message_from_json, render
    from meeples.games.meeple_war.cards import card

    options = ("quickstart", "quickstart_fourth_reinforce_bomb3")
    assert card("CA", options).path == {"S": ("a",), "a": ("L1", "c"), "c": ("L2",)}
    assert card("LG", options) == card("LG", ("quickstart", "quickstart_fourth_reinforce"))
    state = GAME.new(players=4, seed=4, quickstart=True, quickstart_setup="fourth_reinforce_bomb3")
    assert render(message_from_json(state.view(None)["cards"]["CA"]["changes"])) == (
        "This match's setup changes the Catapult card: a worker on a goes on to L1 (Bomb a "
        "Building) or c.")


def test_quickstart_setup_fourth_reinforce_second_assembly_makes_the_guilds_first_action_assemble(
        ) -> None:
    """Beside fourth_reinforce's fourth pair, the Entrepreneurs Guild's L1 (Frightened Opponent
    Troops 2, DESIGNED) gives Meeple Assembly 2; its L2 and path stay as printed."""
    from meeples.games.meeple_war.cards import card
    from meeples.games.meeple_war.data import BUILDINGS

    options = ("quickstart", "quickstart_fourth_reinforce_second_assembly")
    assert card("EG", options).leaves == {"L1": ("asm", 2), "L2": BUILDINGS["EG"].leaves["L2"]}
    assert card("EG", options).path == BUILDINGS["EG"].path
    assert card("UN", options) == card("UN", ("quickstart", "quickstart_fourth_reinforce"))
    assert card("CA", options) is BUILDINGS["CA"]


def test_a_quick_start_setup_changes_a_card_for_the_whole_game_and_no_other_card() -> None:
    from meeples.games.meeple_war.cards import card
    from meeples.games.meeple_war.data import BUILDINGS

    options = ("quickstart", "quickstart_fourth_army_catapult")
    assert card("LG", options).leaves == {"L1": ("dep", 3), "L2": ("conv", 0)}
    assert card("UN", options).leaves == {"L1": ("asm", 2), "L2": ("up", 0)}
    assert card("CA", options).path["a"] == ("L1", "L2")
    assert card("CA", options).leaves == BUILDINGS["CA"].leaves
    assert all(card(code, options) is BUILDINGS[code] for code in BUILDINGS
               if code not in ("LG", "UN", "CA"))
    assert all(card(code, ("quickstart",)) is BUILDINGS[code] for code in BUILDINGS)


def test_the_view_carries_the_cards_the_setup_changes_with_what_changed() -> None:
    from meeples.core.text import message_from_json, render

    view = GAME.new(players=2, seed=4, quickstart=True,
                    quickstart_setup="shift_catapult_sites_meeples3").view(0)
    assert list(view["cards"]) == ["CA"]
    assert view["cards"]["CA"]["path"]["a"] == ["L1", "L2"]
    assert render(message_from_json(view["cards"]["CA"]["changes"]), "fr") == (
        "La mise en place de cette partie change la carte Catapulte : un ouvrier sur a va "
        "ensuite à L1 (Bombarder un bâtiment) ou L2 (Brûler une armée adverse).")
    view = GAME.new(players=4, seed=4, quickstart=True, quickstart_setup="fourth_army").view(None)
    assert render(message_from_json(view["cards"]["UN"]["changes"])) == (
        "This match's setup changes the University card: L1 gives Meeple Assembly (up to 2) "
        "instead of Productivity.")
    assert "cards" not in GAME.new(players=4, seed=4, quickstart=True,
                                   quickstart_setup="rulebook").view(0)
    assert "cards" not in GAME.new(players=2, seed=4).view(0)


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_quickstart_every_setup_is_described_on_the_rules_page(lang: str) -> None:
    """The lobby's help for the quick-start setup is a few lines; the Rules page carries the
    setups: 2.3 the default and the printed one, 2.4 every part a setup's name is made of."""
    from meeples.core.text import game_catalogue
    from meeples.games.meeple_war.data import QUICKSTART_SETUPS

    rules = {rule["id"]: rule["text"] for rule in game_catalogue("meeple_war", lang)["rules"]}
    assert "balanced" in rules["2.3"] and "rulebook" in rules["2.3"]
    missing = {part for name in QUICKSTART_SETUPS if name not in ("balanced", "rulebook")
               for part in name.split("_") if part not in rules["2.4"]}
    assert not missing, f"rule 2.4 ({lang}) does not say what these parts change: {missing}"
