"""Rise of Tribes component data: every FACT, FACT-2, INFERENCE and DESIGNED value in one place.

Reference: ``rise_of_tribes.md`` sections 3 and 4 (maps §3.4, action powers §4.1, dice §4.2,
goal deck §4.4, events §4.5, tribes §4.6, scenario tiles §4.7). Change values here, not in rules.
"""

from __future__ import annotations

# Constants (sheet §4, FACT).
WIN_VP = 15
POP_LIMIT = 5
DROUGHT_LIMIT = 4
MEMBERS = 20
VILLAGES = 12
EVENT_SLOTS = 2
#: DESIGNED safety end (not in the sheet): after this many full rounds the highest score wins.
ROUND_LIMIT = 60

# Resources, in the sheet's wood/food/stone order (Q11). A basic terrain's code is the resource
# it produces: forest -> wood, lake -> food, mountain -> stone.
WOOD, FOOD, STONE = 0, 1, 2
RESOURCE_LETTERS = "wfs"
RESOURCE_NAMES = ("wood", "food", "stone")
TERRAIN_NAMES = ("forest", "lake", "mountain")

# Dice faces (§4.2, DESIGNED 2/2/2): a die shows each face with probability 1/3.
SUN, MOON, BLANK = 0, 1, 2
FACE_LETTERS = "SMB"
FACE_NAMES = ("sun", "moon", "blank")
DIE_FACES = (SUN, SUN, MOON, MOON, BLANK, BLANK)
#: Starting dice of every action row, slot 1..3 (§2.2 step 6, INFERENCE).
START_ROW = (SUN, MOON, BLANK)

# Actions and their powers (§4.1, DESIGNED). Power index: 0 moon, 1 default, 2 sun.
GROW, MOVE, GATHER, LEAD = 0, 1, 2, 3
ACTION_NAMES = ("grow", "move", "gather", "lead")
POWER_MOON, POWER_DEFAULT, POWER_SUN = 0, 1, 2
POWER_NAMES = ("moon", "default", "sun")
GROW_POWER = (2, 3, 4)  # members added (up to)
MOVE_POWER = (2, 3, 5)  # members moved (up to)
GATHER_POWER = ((2, 1), (2, 2), (3, 2))  # (hexes, resources per hex)
LEAD_POWER = (1, 2, 3)  # goal cards drawn

# Maps (§3.4, FACT-2): axial coordinates by hex index, and volcano slots.
MAPS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    3: ((0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (2, 1), (-1, 2), (0, 2), (1, 2),
        (-1, 3), (0, 3)),
    4: ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-2, 2), (-1, 2), (0, 2), (1, 2), (-3, 3),
        (-2, 3), (-1, 3), (0, 3), (-3, 4), (-2, 4)),
}
VOLCANO_SLOTS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((-1, 1), (-1, 2), (0, 3), (1, -1), (1, 3), (2, -1), (3, 0), (3, 1)),
    3: ((-2, 2), (-2, 3), (-1, 0), (-1, 4), (1, -1), (1, 3), (2, -1), (2, 2), (3, 0)),
    4: ((-4, 4), (-3, 2), (-3, 5), (-2, 1), (-1, 0), (1, -1), (1, 3), (2, 0), (2, 1)),
}
HEX_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def neighbours(coords: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """Return, for each hex index, the indices of the adjacent hexes of the same map."""
    index = {c: i for i, c in enumerate(coords)}
    return tuple(
        tuple(sorted(index[(q + dq, r + dr)] for dq, dr in HEX_DIRECTIONS
                     if (q + dq, r + dr) in index))
        for q, r in coords
    )


ADJACENT = {n: neighbours(coords) for n, coords in MAPS.items()}
#: For each map and volcano slot, the board hexes next to it.
VOLCANO_ADJACENT = {
    n: tuple(
        tuple(sorted(i for i, (q, r) in enumerate(MAPS[n])
                     if (q - vq, r - vr) in HEX_DIRECTIONS))
        for vq, vr in slots
    )
    for n, slots in VOLCANO_SLOTS.items()
}

# Goal deck (§4.4). Developments: (id, name, cost W/F/S). Achievements: (id, name, VP).
DEVELOPMENTS = (
    ("D1", "Bow", (2, 0, 1)),
    ("D2", "Pottery", (0, 1, 2)),
    ("D3", "Basketry", (2, 1, 0)),
    ("D4", "Oxen", (1, 3, 0)),
    ("D5", "Shelter", (2, 0, 2)),
    ("D6", "Spear", (1, 0, 2)),
    ("D7", "Cave Painting", (0, 2, 1)),
)
ACHIEVEMENTS = (
    ("A1", "Gather 6 Resources", 2),
    ("A2", "Majority in Neighbouring Lands", 3),
    ("A3", "Control the Waters", 2),
    ("A4", "Masters of the Land", 3),
    ("A5", "Expansion", 3),
    ("A6", "Great Tribe", 2),
    ("A7", "Settlers", 4),
    ("A8", "Raid", 4),
)
BOW, POTTERY, BASKETRY, OXEN, SHELTER, SPEAR, CAVE_PAINTING = range(7)
(GATHER6, NEIGHBOURS, WATERS, MASTERS, EXPANSION, GREAT_TRIBE, SETTLERS, RAID) = range(7, 15)
GOAL_IDS = tuple(d[0] for d in DEVELOPMENTS) + tuple(a[0] for a in ACHIEVEMENTS)
GOAL_NAMES = tuple(d[1] for d in DEVELOPMENTS) + tuple(a[1] for a in ACHIEVEMENTS)
DEV_COST = tuple(d[2] for d in DEVELOPMENTS)
ACHIEVEMENT_VP = tuple(a[2] for a in ACHIEVEMENTS)
DEVELOPMENT_VP = 1
GATHER6_AMOUNT = 6
WATERS_LAKES = 2
EXPANSION_HEXES = 5
GREAT_TRIBE_MEMBERS = 15
SETTLERS_VILLAGES = 3
NEIGHBOURS_GROUP = 3


def goal_deck(players: int) -> tuple[int, ...]:
    """Return the goal cards of one player's deck (2 players: without Pottery, §2.2 step 3)."""
    return tuple(c for c in range(15) if not (players == 2 and c == POTTERY))


# Events (§3.6 / §4.5): (id, name). Order = index.
EVENTS = (
    ("AV", "Abandoned Village"),
    ("AL", "Altar"),
    ("CH", "Chieftain"),
    ("DI", "Discovery"),
    ("DR", "Drought"),
    ("DC", "Dugout Canoe"),
    ("IN", "Invaders"),
    ("MA", "Mammoth"),
    ("MW", "Mild Winter"),
    ("PF", "Plentiful Food"),
    ("PW", "Plentiful Wood"),
    ("PS", "Plentiful Stone"),
    ("ST", "Sabertooth Tiger"),
    ("SK", "Shared Knowledge"),
    ("VO", "Volcano"),
    ("WA", "Walls"),
)
(ABANDONED, ALTAR, CHIEFTAIN, DISCOVERY, DROUGHT, CANOE, INVADERS, MAMMOTH, MILD_WINTER,
 PLENTIFUL_FOOD, PLENTIFUL_WOOD, PLENTIFUL_STONE, SABERTOOTH, SHARED, VOLCANO, WALLS) = range(16)
EVENT_IDS = tuple(e[0] for e in EVENTS)
EVENT_NAMES = tuple(e[1] for e in EVENTS)
#: R12: the classic 12 drop these four (DESIGNED).
CLASSIC12_DROPPED = (ABANDONED, CHIEFTAIN, MAMMOTH, SABERTOOTH)
#: Acquirable events: the resource paid, and the base cost (cost = base - tokens on the card).
ACQUIRE = {ALTAR: FOOD, CANOE: WOOD, WALLS: STONE}
ACQUIRE_BASE = 3
PLENTIFUL = {PLENTIFUL_FOOD: FOOD, PLENTIFUL_WOOD: WOOD, PLENTIFUL_STONE: STONE}
PLENTIFUL_TOKENS = 6
PLENTIFUL_BONUS = 2
DISCOVERY_TOKENS = (2, 2, 2)
SHARED_LIMIT = 3
MILD_WINTER_BONUS = 2
INVADERS_START = 3
INVADERS_MAX = 5
INVADERS_VP = 2
MAMMOTH_MEMBERS = 4
MAMMOTH_HUNT = (3, 1)  # food gained, VP
MAMMOTH_TAME = (3, 3)  # food paid, VP
SABERTOOTH_MEMBERS = 1
SABERTOOTH_VP = 1
ABANDONED_COST = (1, 1, 1)
CHIEFTAIN_HIGH_BID = 5  # a winning bid of at least this scores 2 VP, else 1
ALTAR_VP = 1

#: Where VP come from, for the score sheet (``State.scored`` counts each, in this order):
#: villages at turn start (§2.9), completed developments and achievements (§2.8), the Altar,
#: the Mammoth (hunted or tamed), the Sabertooth Tiger, the Invaders, the Chieftain (§3.6) and
#: an opponent's elder's village destroyed on one's turn (R5).
VP_SOURCES = ("villages", "developments", "achievements", "altar", "mammoth", "sabertooth",
              "invaders", "chieftain", "elder")
(VP_VILLAGES, VP_DEVELOPMENTS, VP_ACHIEVEMENTS, VP_ALTAR, VP_MAMMOTH, VP_SABERTOOTH, VP_INVADERS,
 VP_CHIEFTAIN, VP_ELDER) = range(len(VP_SOURCES))
#: The Altar's price besides the member: this many of one resource, or one of each (§3.6).
ALTAR_SAME = 4
VOLCANO_LOSSES = {SUN: 0, BLANK: 1, MOON: 2}  # members lost by each nearby tribe (§3.6)
VOLCANO_STONE = 1

# Tribes (§4.6): name, village cost W/F/S, two leader powers.
TRIBES = (
    ("Daba", (2, 1, 3), ("Trader", "Crafty Builders")),
    ("Dananu", (4, 1, 1), ("Cunning", "Agriculture")),
    ("Indartsu", (1, 2, 3), ("Farming", "Exogamy")),
    ("Kaha", (3, 2, 1), ("Wayfarers", "Focused Effort")),
    ("KiaKia", (1, 4, 1), ("Ambush", "Dreamtime")),
    ("Kiror", (1, 3, 2), ("Pathfinder", "Evasion")),
    ("Mukaan", (3, 1, 2), ("Shared Bounty", "Intimidate")),
    ("Tunga", (2, 3, 1), ("Hidden Village", "Light in the Dark")),
)
DABA, DANANU, INDARTSU, KAHA, KIAKIA, KIROR, MUKAAN, TUNGA = range(8)
TRIBE_NAMES = tuple(t[0] for t in TRIBES)
#: Leader powers (§4.6), numbered tribe * 2 + side: power >> 1 is the tribe, power & 1 the side.
(TRADER, CRAFTY_BUILDERS, CUNNING, AGRICULTURE, FARMING, EXOGAMY, WAYFARERS, FOCUSED_EFFORT,
 AMBUSH, DREAMTIME, PATHFINDER, EVASION, SHARED_BOUNTY, INTIMIDATE, HIDDEN_VILLAGE,
 LIGHT_IN_THE_DARK) = range(16)
LEADER_POWER_NAMES = tuple(name for t in TRIBES for name in t[2])
#: A power's code in the notation ("power light_in_the_dark"): its name in lower case, "_" for
#: spaces.
LEADER_POWER_CODES = tuple(name.lower().replace(" ", "_") for name in LEADER_POWER_NAMES)
VILLAGE_COST = tuple(t[1] for t in TRIBES)
EVASION_MEMBERS = 2

# Scenario tiles (§4.7 / R7). Code 0 = a basic tile. (name, short id, basic type replaced).
ANY = -1
SCENARIO_TILES = (
    ("Great Lake", "GL", FOOD),
    ("Great Forest", "GF", WOOD),
    ("Great Mountain", "GM", STONE),
    ("Wild Land", "WL", ANY),
    ("Jungle", "JU", WOOD),
    ("Desert Oasis", "DO", FOOD),
    ("Flood Plain", "FP", FOOD),
    ("Rockslide Slope", "RS", STONE),
)
GREAT_LAKE, GREAT_FOREST, GREAT_MOUNTAIN, WILD_LAND, JUNGLE, OASIS, FLOOD, ROCKSLIDE = range(1, 9)
TILE_NAMES = ("",) + tuple(t[0] for t in SCENARIO_TILES)
TILE_IDS = ("",) + tuple(t[1] for t in SCENARIO_TILES)
TILE_REPLACES = (0,) + tuple(t[2] for t in SCENARIO_TILES)
GREAT_BONUS = 1
OASIS_LIMIT = 4
#: Hazard tiles: the double that removes one member of each player there.
HAZARD_FACE = {FLOOD: MOON, ROCKSLIDE: BLANK}

# Starting placements by seat (§2.2 step 7): (members, hexes, free resources).
START_SEATS = ((2, 1, 0), (3, 1, 0), (3, 1, 2), (3, 2, 2))
