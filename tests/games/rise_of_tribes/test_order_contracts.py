"""The order contracts of Rise of Tribes' position text (docs/notation.md, "Order contracts"):
numbers in the text index tables of the game's data, so each table's order is pinned here as the
stored positions and records of rules version 1 read it, and docs/notation.md must say the same.
A test failing here means a change of rules version (``RULES.rules_version``), not a new list."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from meeples.games.rise_of_tribes import RULES, data
from meeples.games.rise_of_tribes.state import Flag, Phase

DOC = re.sub(r"\s+", " ", (Path(__file__).resolve().parents[3] / "docs" / "notation.md")
             .read_text(encoding="utf-8"))

#: Each table as rules version 1 numbers it.
EVENTS = ("AV", "AL", "CH", "DI", "DR", "DC", "IN", "MA", "MW", "PF", "PW", "PS", "ST", "SK", "VO",
          "WA")
GOALS = ("D1", "D2", "D3", "D4", "D5", "D6", "D7", "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8")
TILES = ("", "GL", "GF", "GM", "WL", "JU", "DO", "FP", "RS")
TRIBES = ("Daba", "Dananu", "Indartsu", "Kaha", "KiaKia", "Kiror", "Mukaan", "Tunga")
POWERS = ("trader", "crafty_builders", "cunning", "agriculture", "farming", "exogamy", "wayfarers",
          "focused_effort", "ambush", "dreamtime", "pathfinder", "evasion", "shared_bounty",
          "intimidate", "hidden_village", "light_in_the_dark")
VP_SOURCES = ("villages", "developments", "achievements", "altar", "mammoth", "sabertooth",
              "invaders", "chieftain", "elder")
PHASES = ("PLACE", "TAKE", "REROLL", "SITE", "VENT", "LOSE", "SETTLE", "BID", "GIVE", "ACT",
          "LIGHT", "GROW", "MOVE", "DISCOVER", "GATHER", "BONUS", "RECYCLE", "DREAM", "ORDER",
          "EVADE", "BOW", "GOALS", "OVER", "PICK", "TERRAIN", "TILE", "TRIBE", "FIRST", "ROLL",
          "CARD", "EVENT")
FLAGS = ("POTTERY", "ELDER", "BORROWED", "ALTAR", "SHARED", "CUNNING", "FOCUS", "RAID", "GATHER6",
         "CONFLICT")
MAPS = {
    2: ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    3: ((0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (2, 1), (-1, 2), (0, 2), (1, 2),
        (-1, 3), (0, 3)),
    4: ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-2, 2), (-1, 2), (0, 2), (1, 2), (-3, 3),
        (-2, 3), (-1, 3), (0, 3), (-3, 4), (-2, 4)),
}

TABLES: list[tuple[str, Sequence[str], tuple[str, ...]]] = [
    ("events", data.EVENT_IDS, EVENTS),
    ("goal cards", data.GOAL_IDS, GOALS),
    ("scenario tiles", data.TILE_IDS, TILES),
    ("tribes", data.TRIBE_NAMES, TRIBES),
    ("leader powers", data.LEADER_POWER_CODES, POWERS),
    ("VP sources", data.VP_SOURCES, VP_SOURCES),
    ("terrain", data.TERRAIN_NAMES, ("forest", "lake", "mountain")),
    ("resources", data.RESOURCE_NAMES, ("wood", "food", "stone")),
    ("die faces", data.FACE_NAMES, ("sun", "moon", "blank")),
    ("action rows", data.ACTION_NAMES, ("grow", "move", "gather", "lead")),
    ("phases", tuple(p.name for p in sorted(Phase)), PHASES),
    ("flags", tuple(sorted((n for n in vars(Flag) if n.isupper()), key=lambda n: getattr(Flag, n))),
     FLAGS),
]


def numbered(names: Sequence[str], code: bool = False, first: int = 0) -> str:
    """Return a table as docs/notation.md writes it: ``0 `AV`, 1 `AL`, ...``."""
    return ", ".join(f"{i} `{n}`" if code else f"{i} {n}"
                     for i, n in enumerate(names) if i >= first)


def test_order_contracts_belong_to_rules_version_1() -> None:
    # The pinned orders are version 1's: a new version adds its own orders beside these.
    assert RULES.rules_version == 1


@pytest.mark.parametrize(("table", "data_order", "pinned"), TABLES, ids=[t[0] for t in TABLES])
def test_order_of_table_is_unchanged(table: str, data_order: Sequence[str],
                                     pinned: tuple[str, ...]) -> None:
    assert tuple(data_order) == pinned, f"the order of the {table} changed: a new rules version"


def test_flag_and_phase_numbers_are_unchanged() -> None:
    assert [getattr(Flag, name) for name in FLAGS] == list(range(len(FLAGS)))
    assert [Phase[name].value for name in PHASES] == list(range(len(PHASES)))


def test_map_hex_order_is_unchanged() -> None:
    assert data.MAPS == MAPS


@pytest.mark.parametrize(("words", "code", "first"), [
    (EVENTS, True, 0), (GOALS, True, 0), (TILES, True, 1), (TRIBES, False, 0),
    (POWERS, False, 0), (VP_SOURCES, False, 0), (PHASES, False, 0), (FLAGS, False, 0),
], ids=["events", "goals", "tiles", "tribes", "powers", "vp_sources", "phases", "flags"])
def test_notation_doc_states_each_order(words: tuple[str, ...], code: bool, first: int) -> None:
    assert numbered(words, code, first) in DOC


def test_notation_doc_states_terrain_resources_faces_and_rows() -> None:
    for line in ("0 forest, 1 lake, 2 mountain", "0 wood, 1 food, 2 stone",
                 "0 sun, 1 moon, 2 blank", "0 grow, 1 move, 2 gather, 3 lead"):
        assert line in DOC
