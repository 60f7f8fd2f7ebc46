"""Rise of Tribes' fixed action table: one id per action text, from the notation's forms.

One line per form of :data:`meeples.games.rise_of_tribes.notation.FORMS` (built by
:mod:`meeples.core.actiontable`); a form with an optional part is one line per shape. Every
domain is the whole of what the notation allows, so every text the notation accepts has an id:
hexes ``a``-``o``, resources ``w f s``, faces ``S M B``, seats 0-3, volcano slots 0-8, goals
``D1``-``D7`` and ``A1``-``A8``, the events, the leader powers, the action rows, a gather's
resources (1 to 4 letters, in any order: 120 texts) and a Chieftain bid (1 to 9999).

Chance outcomes, numbered apart (OpenSpiel's chance outcome ids): the terrain of the next hex,
the hex of a scenario tile, a seat's tribe, the start player, a die's face, a hand of goal cards and
the top event card. They join the table when the notation has them (the explicit chance of
issue 13).
"""

from __future__ import annotations

from itertools import combinations, product

from meeples.core.actiontable import Form, Seats, Table, Values
from meeples.games.rise_of_tribes import data, notation

HEXES = Values("abcdefghijklmno", "[a-o]")
RESOURCES = Values(data.RESOURCE_LETTERS, "[wfs]")
FACES = Values("SMB", "[SMB]")
SEATS = Seats(4, "[0-3]")
SLOTS = Values(range(9), "[0-8]")
GOALS = Values(data.GOAL_IDS, "[DA][1-8]")
#: A hand of goal cards drawn at once (a LEAD, Shared Knowledge): any non-empty set of the 15
#: goal cards, written in card order as the notation does; by size, then in combination order
#: (32,767 ids).
HANDS = Values(
    (" ".join(hand) for size in range(1, len(data.GOAL_IDS) + 1)
     for hand in combinations(data.GOAL_IDS, size)),
    "[DA][1-8](?: [DA][1-8])*",
)
DEVELOPMENTS = Values((goal for goal in data.GOAL_IDS if goal.startswith("D")), "D[1-7]")
EVENTS = Values(data.EVENT_IDS, "[A-Z]{2}")
POWERS = Values(data.LEADER_POWER_CODES, "[a-z_]+")
ROWS = Values(data.ACTION_NAMES, "[a-z]+")
GATHERED = Values(("".join(letters) for size in range(1, 5)
                   for letters in product(data.RESOURCE_LETTERS, repeat=size)), "[wfs]{1,4}")
PAYMENTS = Values((*data.RESOURCE_LETTERS, "wfs"), "[wfs]{1,3}")
BIDS = Values(range(1, 10_000), r"\d{1,4}")
TERRAINS = Values(data.TERRAIN_NAMES, "[a-z]+")
TILES = Values(data.TILE_IDS[1:], "[A-Z]{2}")
TRIBES = Values(data.TRIBE_NAMES, "[A-Za-z]+")

#: The forms, in the notation's order (chance outcomes last); a new form is one more line.
FORMS = (
    Form("power", "power {power}", POWERS),
    Form("start", "start {hex}", HEXES),
    Form("start", "start {hex}+{second}", HEXES, HEXES),
    Form("take", "take {resource}", RESOURCES),
    Form("keep", "keep"),
    Form("reroll", "reroll {face}", FACES),
    Form("place", "{row} {face}", ROWS, FACES),
    Form("place", "{row} {face}!", ROWS, FACES),
    Form("hunt", "hunt {face}", FACES),
    Form("tame", "tame {face}", FACES),
    Form("tiger", "tiger {face}", FACES),
    Form("light", "light {resource}", RESOURCES),
    Form("add", "add {hex}", HEXES),
    Form("move", "{from}-{to}", HEXES, HEXES),
    Form("find", "find {resource}", RESOURCES),
    Form("gather", "{hex}={resources}", HEXES, GATHERED),
    Form("basket", "basket {resource}", RESOURCES),
    Form("trade", "trade {give}>{take}", RESOURCES, RESOURCES),
    Form("recycle", "recycle {goal}", GOALS),
    Form("draw", "draw"),
    Form("bottom", "bottom {goal}", GOALS),
    Form("fight", "fight {hex}", HEXES),
    Form("evade", "evade {from}-{to}", HEXES, HEXES),
    Form("stay", "stay"),
    Form("bow", "bow {seat}", SEATS),
    Form("bow", "bow i"),
    Form("pass", "pass"),
    Form("site", "site {hex}", HEXES),
    Form("vent", "vent {slot}", SLOTS),
    Form("lose", "lose {hex}", HEXES),
    Form("settle", "settle {hex}", HEXES),
    Form("bid", "bid {amount}", BIDS),
    Form("give", "give {seat} {resource}", SEATS, RESOURCES),
    Form("goal", "goal {goal}", GOALS),
    Form("village", "village {hex}", HEXES),
    Form("village", "village {hex} -{discount}", HEXES, RESOURCES),
    Form("village", "village {hex} e", HEXES),
    Form("village", "village {hex} -{discount} e", HEXES, RESOURCES),
    Form("buy", "buy {event}", EVENTS),
    Form("altar", "altar {hex} {pay}", HEXES, PAYMENTS),
    Form("share", "share {resource}", RESOURCES),
    Form("pottery", "pottery {give}>{take}", RESOURCES, RESOURCES),
    Form("elder", "elder {seat} {resource} {goal}", SEATS, RESOURCES, DEVELOPMENTS),
    Form("stop", "stop"),
    Form("done", "done"),
    Form("terrain", "terrain {terrain}", TERRAINS, chance=True),
    Form("tile", "tile {tile} {hex}", TILES, HEXES, chance=True),
    Form("tribe", "tribe {tribe}", TRIBES, chance=True),
    Form("first", "first {seat}", SEATS, chance=True),
    Form("roll", "roll {face}", FACES, chance=True),
    Form("cards", "cards {goals}", HANDS, chance=True),
    Form("event", "event {event}", EVENTS, chance=True),
)

TABLE = Table("Rise of Tribes", FORMS, (form.verb for form in notation.FORMS))

#: The number of action ids, and of chance outcome ids (0 until the notation has them).
COUNT = TABLE.COUNT
CHANCE_COUNT = TABLE.CHANCE_COUNT
action_id = TABLE.action_id
action_text = TABLE.action_text
chance_id = TABLE.chance_id
chance_text = TABLE.chance_text
texts = TABLE.texts
ids = TABLE.ids
action = TABLE.action
#: For each id, the id of the same action as a player numbers seats (itself 0, the next 1...).
seat_relative = TABLE.seat_relative
