"""Rulebook "Game Components" and "Territories & Buildings Description"; sheet F1-F21,
section 3 and the designed data of section 5 (data.py)."""

from __future__ import annotations

from collections import Counter

from meeples.games.meeple_war import data


def test_components_ten_buildings_same_for_everyone() -> None:
    assert len(data.BUILDINGS) == 10
    assert data.CONSTRUCTIBLE == tuple(c for c in data.BUILDINGS if c != "VS")


def test_components_village_square_six_defenses_no_construction_side() -> None:
    square = data.BUILDINGS["VS"]
    assert square.defense == 6
    assert square.construction_defense == 0
    assert [b.code for b in data.BUILDINGS.values() if b.defense == 6] == ["VS"]


def test_components_village_square_path_three_branches() -> None:
    square = data.BUILDINGS["VS"]
    assert square.path == {"S": ("L1", "L2", "L3")}
    assert square.leaves == {"L1": ("build", 0), "L2": ("asm", 2), "L3": ("dep", 2)}


def test_components_designed_buildings_match_the_sheet() -> None:
    table = {code: (b.defense, b.construction_defense, b.construction_length)
             for code, b in data.BUILDINGS.items()}
    assert table == {
        "VS": (6, 0, 0), "FA": (4, 2, 3), "PS": (3, 2, 3), "MA": (5, 3, 4), "AC": (3, 2, 4),
        "EG": (3, 2, 3), "UN": (3, 2, 3), "AB": (4, 2, 3), "CA": (3, 2, 4), "LG": (3, 2, 2),
    }


def test_components_every_path_node_reaches_a_leaf() -> None:
    for b in data.BUILDINGS.values():
        nodes = set(b.path) | {n for exits in b.path.values() for n in exits}
        assert set(b.leaves) <= nodes
        for node in nodes - set(b.leaves):
            assert node in b.path, (b.code, node)


def test_components_every_action_on_some_building() -> None:
    used = {leaf[0] for b in data.BUILDINGS.values() for leaf in b.leaves.values()}
    assert used == set(data.ACTION_NAMES)
    builders = [b.code for b in data.BUILDINGS.values()
                if any(a == "build" for a, _ in b.leaves.values())]
    assert builders == ["VS"]


def test_components_thirty_six_tiles_by_kind() -> None:
    kinds = Counter(t.kind for t in data.TILES)
    assert len(data.TILES) == 36
    assert kinds == {"stone_tower": 1, "wooden_tower": 5, "mine": 3, "blank": 12,
                     "shields_forge": 1, "weapons_forge": 1, "workshop": 4, "village": 3,
                     "druid_hut": 2, "cavern": 2, "altar": 2}


def test_components_eleven_setup_tiles() -> None:
    assert [t.id for t in data.TILES if t.setup] == [
        "T01", "T02", "T03", "T04", "T05", "T07", "T08", "T10", "T11", "T12", "T13"]


def test_components_forests_only_on_blank_tiles() -> None:
    assert all(t.kind == "blank" for t in data.TILES if t.forest)
    assert {t.id: t.forest for t in data.TILES if t.forest} == {
        "T16": (0,), "T17": (0, 1), "T18": (0, 1), "T19": (0, 3), "T20": (0, 1, 2),
        "T21": (0, 2, 4)}


def test_components_tower_values() -> None:
    assert {t.id: t.vp for t in data.TILES if t.vp} == {
        "T01": 2, "T02": 1, "T03": 1, "T04": 1, "T05": 1, "T06": 1}


def test_components_structure_bonuses() -> None:
    bonus = {t.kind: t.bonus for t in data.TILES if t.bonus}
    assert bonus == {"shields_forge": "shd", "weapons_forge": "wpn", "workshop": "asm",
                     "village": "dep", "druid_hut": "nat"}


def test_components_five_upgrade_tokens() -> None:
    assert data.UPGRADE_TOKENS == ("asm", "dep", "nat", "wpn", "shd")


def test_components_meta_numbers() -> None:
    assert (data.VP_TO_WIN, data.BRAVERY_PER_VP, data.MEEPLES_PER_PLAYER,
            data.WORKERS_PER_PLAYER, data.START_DEPOT, data.VILLAGE_SLOTS) == (6, 7, 13, 4, 2, 4)


def test_components_villages_are_rhombi_next_to_their_gate() -> None:
    from meeples.games.meeple_war import board
    for seats in data.SEATS.values():
        for seat in seats:
            gate = board.hex_of(*seat.gate)
            v1, v2, v3, v4 = (board.hex_of(*s) for s in seat.slots)
            assert board.distance(gate, v1) == 1
            assert board.distance(v1, v2) == board.distance(v1, v3) == 1
            assert board.distance(v2, v4) == board.distance(v3, v4) == 1


def test_components_villages_equidistant_from_the_centre() -> None:
    from meeples.games.meeple_war import board
    centre = board.hex_of(0, 0)
    for seats in data.SEATS.values():
        gaps = {board.distance(centre, board.hex_of(*seat.slots[0])) for seat in seats}
        assert len(gaps) == 1


def test_components_rule_options_are_exactly_b6() -> None:
    from meeples.games.meeple_war import GAME
    b6 = {"cavern_range_exactly_2", "reinforce_gate_only_if_none", "deploy_one_any_village_tile",
          "altar_once_per_player", "first_to_6_wins", "weapons_forge_attack_only",
          "setup_tiles_9", "quickstart"}
    # plus the quick start's setup (issue 24: the balance proposals, a choice of the data table)
    assert set(GAME.options) == b6 | {"quickstart_setup"}
    assert all(GAME.options[name].default is False for name in b6)
    setup = GAME.options["quickstart_setup"]
    assert setup.choices == ("balanced", *data.QUICKSTART_SETUPS)
    assert setup.default == data.QUICKSTART_DEFAULT == "balanced"
    # balanced stands for one setup of each player count
    assert setup.by_players == {"balanced": data.QUICKSTART_BALANCED}
    assert set(data.QUICKSTART_BALANCED) == {2, 3, 4}
    assert set(data.QUICKSTART_BALANCED.values()) <= set(data.QUICKSTART_SETUPS)


def test_components_setup_layouts_follow_b11() -> None:
    assert data.SETUP_TILES[2] == {(0, 0): "T01", (1, -1): "T10", (-1, 1): "T11",
                                   (0, -1): "T07", (0, 1): "T08"}
    assert len(data.SETUP_TILES[3]) == 7
    assert len(data.SETUP_TILES[4]) == 11
    assert data.SETUP_TILES[4][(1, 0)] == "T07" and data.SETUP_TILES[4][(-1, 0)] == "T08"


def test_components_gates_hold_setup_tiles() -> None:
    for n, seats in data.SEATS.items():
        for seat in seats:
            assert seat.gate in data.SETUP_TILES[n]


def test_components_quickstart_pairs() -> None:
    assert data.QUICKSTART == (("PS", "FA"), ("CA", "EG"), ("MA", "AB"), ("LG", "UN"))


def test_components_every_action_path_and_leaf_as_the_sheet() -> None:
    # Sheet section 5 `buildings`, transcribed node by node (a path or an X typo fails here).
    expected = {
        "FA": ({"S": ("a",), "a": ("L1", "L2", "b"), "b": ("L3",)},
               {"L1": ("asm", 2), "L2": ("recycle", 0), "L3": ("asm", 4)}),
        "PS": ({"S": ("a",), "a": ("L1", "b"), "b": ("L2",)},
               {"L1": ("dep", 3), "L2": ("rei", 3)}),
        "MA": ({"S": ("a",), "a": ("L1", "b"), "b": ("L2", "L3")},
               {"L1": ("rei", 2), "L2": ("asm", 3), "L3": ("rei", 4)}),
        "AC": ({"S": ("a",), "a": ("L1", "b"), "b": ("L2",)},
               {"L1": ("stealth", 0), "L2": ("fly", 0)}),
        "EG": ({"S": ("a",), "a": ("L1", "b"), "b": ("L2",)},
               {"L1": ("fright", 2), "L2": ("fright", 4)}),
        "UN": ({"S": ("a",), "a": ("L1", "b"), "b": ("L2",)},
               {"L1": ("prod", 0), "L2": ("up", 0)}),
        "AB": ({"S": ("a",), "a": ("L1", "b"), "b": ("L2",)},
               {"L1": ("recycle", 0), "L2": ("conv", 0)}),
        "CA": ({"S": ("a",), "a": ("b", "c"), "b": ("L1",), "c": ("L2",)},
               {"L1": ("bomb", 0), "L2": ("burn", 0)}),
        "LG": ({"S": ("a",), "a": ("L1", "b"), "b": ("L2",)},
               {"L1": ("stealth", 0), "L2": ("conv", 0)}),
    }
    for code, (path, leaves) in expected.items():
        assert data.BUILDINGS[code].path == path, code
        assert data.BUILDINGS[code].leaves == leaves, code


def test_components_three_and_four_player_layouts_follow_b11() -> None:
    assert data.SETUP_TILES[3] == {(0, 0): "T01", (1, 0): "T02", (0, -1): "T03", (-1, 1): "T04",
                                   (2, 0): "T10", (-2, 2): "T11", (0, -2): "T12"}
    assert data.SETUP_TILES[4] == {
        (0, 0): "T01", (1, -1): "T02", (0, -1): "T03", (-1, 1): "T04", (0, 1): "T05",
        (1, 0): "T07", (-1, 0): "T08",
        (2, -2): "T10", (0, 2): "T11", (-2, 2): "T12", (0, -2): "T13"}
    assert data.SETUP_9_EMPTY == ((1, 0), (-1, 0))


def test_components_seats_gates_and_slots_as_the_sheet() -> None:
    # Sheet section 5 `setups`: gate territory, then V1, V2 (Village Square), V3, V4 per seat.
    assert data.SEATS == {
        2: (data.Seat((1, -1), ((2, -2), (3, -3), (2, -3), (3, -4))),
            data.Seat((-1, 1), ((-2, 2), (-3, 3), (-2, 3), (-3, 4)))),
        3: (data.Seat((2, 0), ((3, 0), (4, 0), (4, -1), (5, -1))),
            data.Seat((-2, 2), ((-3, 3), (-4, 4), (-3, 4), (-4, 5))),
            data.Seat((0, -2), ((0, -3), (0, -4), (-1, -3), (-1, -4)))),
        4: (data.Seat((2, -2), ((3, -3), (4, -4), (4, -3), (5, -4))),
            data.Seat((0, 2), ((0, 3), (0, 4), (1, 3), (1, 4))),
            data.Seat((-2, 2), ((-3, 3), (-4, 4), (-4, 3), (-5, 4))),
            data.Seat((0, -2), ((0, -3), (0, -4), (-1, -3), (-1, -4)))),
    }
    assert data.SQUARE_SLOT == 1 and data.QUICKSTART_SLOTS == (2, 3)
