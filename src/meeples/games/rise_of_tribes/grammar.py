"""Rise of Tribes' action grammar: one typed action per verb and the forms that write it.

Every verb is stated here once: a small NamedTuple (its typed fields: hexes, resources, faces,
seats... as the rules number them) and one :class:`~meeples.core.actiontable.Form` per shape of
its text, with the domain of each field (the texts, typed values and parts of its values). From
:data:`FORMS` come the text of a typed action (:func:`text`), the typed action of a text
(:func:`action`), the parts a client draws (:func:`parts`, ``notation``) and the fixed action
ids (``action_table``). The rules build and read these typed actions; their texts are the
notation of ``notation.py`` (the table of every form, with its parts, is there).

Typed values: hexes, resources (``data.RESOURCE_LETTERS``), faces (``data.FACE_LETTERS``),
action rows, goals (``data.GOAL_IDS``), events (``data.EVENT_IDS``), leader powers, terrains and
tribes are their indices; seats, slots and bids are numbers; a tile is its code (1-8); a gather's
resources, an altar's payment and a hand of goal cards are tuples of indices.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any, NamedTuple

from meeples.core.actiontable import Form, Grammar, Seats, Values
from meeples.games.rise_of_tribes import data

# --- the typed actions, one per verb ------------------------------------------------------------


class Power(NamedTuple):
    """Pick a leader power for the game (option leader_powers="pick", Q18)."""

    power: int


class Start(NamedTuple):
    """Place the starting members on a hex (seat 4: one of its three on ``second``)."""

    hex: int
    second: int | None = None


class Take(NamedTuple):
    """Take a free starting resource."""

    resource: int


class Keep(NamedTuple):
    """Cunning keeps the roll; after a GATHER, no Trader exchange."""


class Reroll(NamedTuple):
    """Cunning rerolls a die showing ``face``."""

    face: int


class Place(NamedTuple):
    """Place a die on an action row (``focus``: Focused Effort, the default power)."""

    row: int
    face: int
    focus: bool = False


class Hunt(NamedTuple):
    """Spend a die on hunting the Mammoth."""

    face: int


class Tame(NamedTuple):
    """Spend a die on taming the Mammoth."""

    face: int


class Tiger(NamedTuple):
    """Spend a die on the Sabertooth Tiger."""

    face: int


class Light(NamedTuple):
    """Light in the Dark: take a resource."""

    resource: int


class Add(NamedTuple):
    """GROW adds a member on a hex."""

    hex: int


class Move(NamedTuple):
    """MOVE one member from a hex to another."""

    from_: int
    to: int


class Find(NamedTuple):
    """Take a resource from the Discovery card."""

    resource: int


class Gather(NamedTuple):
    """GATHER a hex: the resources taken, one index each."""

    hex: int
    resources: tuple[int, ...]


class Basket(NamedTuple):
    """Basketry's extra resource."""

    resource: int


class Trade(NamedTuple):
    """Trader: one resource for another."""

    give: int
    take: int


class Recycle(NamedTuple):
    """LEAD recycles a goal in progress."""

    goal: int


class Draw(NamedTuple):
    """LEAD draws."""


class Bottom(NamedTuple):
    """Dreamtime puts a drawn card at the bottom of the deck."""

    goal: int


class Fight(NamedTuple):
    """Resolve the conflict of a hex next."""

    hex: int


class Evade(NamedTuple):
    """Evasion: one member leaves the conflict hex."""

    from_: int
    to: int


class Stay(NamedTuple):
    """Evasion ends."""


class Bow(NamedTuple):
    """The Bow removes a defender: a seat's member, or an invader."""

    seat: int | None = None
    invader: bool = False


class Pass(NamedTuple):
    """No Bow shot, no abandoned village, or out of the bidding."""


class Site(NamedTuple):
    """Put the event's token on a hex."""

    hex: int


class Vent(NamedTuple):
    """Put the volcano in a slot."""

    slot: int


class Lose(NamedTuple):
    """Volcano: lose a member on a hex."""

    hex: int


class Settle(NamedTuple):
    """Abandoned Village: build on a hex."""

    hex: int


class Bid(NamedTuple):
    """Chieftain: bid an amount of resources."""

    amount: int


class Give(NamedTuple):
    """Chieftain: hand a resource of the winning bid to a seat."""

    seat: int
    resource: int


class Goal(NamedTuple):
    """Complete a goal."""

    goal: int


class Village(NamedTuple):
    """Build a village (``discount``: Crafty Builders; ``elder``: the elder goes on it)."""

    hex: int
    discount: int | None = None
    elder: bool = False


class Buy(NamedTuple):
    """Buy an event."""

    event: int


class Altar(NamedTuple):
    """Sacrifice a member on a hex at the Altar, paying ``pay`` (resource indices)."""

    hex: int
    pay: tuple[int, ...]


class Share(NamedTuple):
    """Shared Knowledge: give a resource to the card."""

    resource: int


class Pottery(NamedTuple):
    """Pottery: two of ``give`` for one of ``take``."""

    give: int
    take: int


class Elder(NamedTuple):
    """Tribal Elder: give a resource to a seat and borrow one of its developments (R5)."""

    seat: int
    resource: int
    goal: int


class Stop(NamedTuple):
    """End the action early."""


class Done(NamedTuple):
    """End the turn."""


class Terrain(NamedTuple):
    """Chance: the terrain of the next hex."""

    terrain: int


class Tile(NamedTuple):
    """Chance: the hex a scenario tile replaces."""

    tile: int
    hex: int


class Tribe(NamedTuple):
    """Chance: the next seat's tribe."""

    tribe: int


class First(NamedTuple):
    """Chance: the start player."""

    seat: int


class Roll(NamedTuple):
    """Chance: a die comes up."""

    face: int


class Cards(NamedTuple):
    """Chance: the hand of goal cards drawn, in card order."""

    goals: tuple[int, ...]


class Event(NamedTuple):
    """Chance: the top card of the event deck."""

    event: int


# --- the domains of the fields ------------------------------------------------------------------

RES = data.RESOURCE_LETTERS


def _indexed(texts: Any, pattern: str) -> Values:
    """Return a domain whose typed values are the indices of its texts (parts: the texts)."""
    texts = tuple(texts)
    return Values(texts, pattern, items=range(len(texts)))


def _letters(combos: Any, pattern: str) -> Values:
    """Return a domain of resource words (``wws``): typed, the tuple of their indices."""
    combos = tuple(combos)
    return Values(("".join(RES[r] for r in combo) for combo in combos), pattern, items=combos,
                  parts=(tuple(RES[r] for r in combo) for combo in combos))


HEXES = _indexed("abcdefghijklmno", "[a-o]")
RESOURCES = _indexed(RES, "[wfs]")
FACES = _indexed(data.FACE_LETTERS, "[SMB]")
SEATS = Seats(4, "[0-3]")
SLOTS = Values(range(9), "[0-8]")
GOALS = _indexed(data.GOAL_IDS, "[DA][1-8]")
#: A hand of goal cards drawn at once (a LEAD, Shared Knowledge): any non-empty set of the 15
#: goal cards, written in card order; by size, then in combination order (32,767 ids).
_HANDS = tuple(hand for size in range(1, len(data.GOAL_IDS) + 1)
               for hand in combinations(range(len(data.GOAL_IDS)), size))
HANDS = Values((" ".join(data.GOAL_IDS[c] for c in hand) for hand in _HANDS),
               "[DA][1-8](?: [DA][1-8])*", items=_HANDS,
               parts=(tuple(data.GOAL_IDS[c] for c in hand) for hand in _HANDS))
DEVELOPMENTS = Values((goal for goal in data.GOAL_IDS if goal.startswith("D")), "D[1-7]",
                      items=range(len(data.DEVELOPMENTS)))
EVENTS = _indexed(data.EVENT_IDS, "[A-Z]{2}")
POWERS = _indexed(data.LEADER_POWER_CODES, "[a-z_]+")
ROWS = _indexed(data.ACTION_NAMES, "[a-z]+")
#: A gather's resources: 1 to 4 letters, in any order (120 texts).
GATHERED = _letters((combo for size in range(1, 5) for combo in product(range(3), repeat=size)),
                    "[wfs]{1,4}")
#: An altar's payment: four of one resource (``w``), or one of each (``wfs``).
PAYMENTS = Values((*RES, "wfs"), "[wfs]{1,3}",
                  items=(*((r,) * data.ALTAR_SAME for r in range(3)), (0, 1, 2)),
                  parts=(*((letter,) * data.ALTAR_SAME for letter in RES), tuple(RES)))
BIDS = Values(range(1, 10_000), r"\d{1,4}")
TERRAINS = _indexed(data.TERRAIN_NAMES, "[a-z]+")
TILES = Values(data.TILE_IDS[1:], "[A-Z]{2}", items=range(1, len(data.TILE_IDS)))
TRIBES = _indexed(data.TRIBE_NAMES, "[A-Za-z]+")

# --- the forms ----------------------------------------------------------------------------------

#: Every form of action, in the order of the action ids (chance outcomes last); a form added at
#: the end of its part leaves every other id unchanged.
FORMS = (
    Form("power", "power {power}", POWERS, action=Power),
    Form("start", "start {hex}", HEXES, action=Start),
    Form("start", "start {hex}+{second}", HEXES, HEXES, action=Start),
    Form("take", "take {resource}", RESOURCES, action=Take),
    Form("keep", "keep", action=Keep),
    Form("reroll", "reroll {face}", FACES, action=Reroll),
    Form("place", "{row} {face}", ROWS, FACES, action=Place, fixed={"focus": False}),
    Form("place", "{row} {face}!", ROWS, FACES, action=Place, fixed={"focus": True}),
    Form("hunt", "hunt {face}", FACES, action=Hunt, extra={"event": "MA"}),
    Form("tame", "tame {face}", FACES, action=Tame, extra={"event": "MA"}),
    Form("tiger", "tiger {face}", FACES, action=Tiger, extra={"event": "ST"}),
    Form("light", "light {resource}", RESOURCES, action=Light),
    Form("add", "add {hex}", HEXES, action=Add),
    Form("move", "{from_}-{to}", HEXES, HEXES, action=Move),
    Form("find", "find {resource}", RESOURCES, action=Find),
    Form("gather", "{hex}={resources}", HEXES, GATHERED, action=Gather),
    Form("basket", "basket {resource}", RESOURCES, action=Basket),
    Form("trade", "trade {give}>{take}", RESOURCES, RESOURCES, action=Trade),
    Form("recycle", "recycle {goal}", GOALS, action=Recycle),
    Form("draw", "draw", action=Draw),
    Form("bottom", "bottom {goal}", GOALS, action=Bottom),
    Form("fight", "fight {hex}", HEXES, action=Fight),
    Form("evade", "evade {from_}-{to}", HEXES, HEXES, action=Evade),
    Form("stay", "stay", action=Stay),
    Form("bow", "bow {seat}", SEATS, action=Bow, fixed={"invader": False}),
    Form("bow", "bow i", action=Bow, fixed={"invader": True}),
    Form("pass", "pass", action=Pass),
    Form("site", "site {hex}", HEXES, action=Site),
    Form("vent", "vent {slot}", SLOTS, action=Vent),
    Form("lose", "lose {hex}", HEXES, action=Lose),
    Form("settle", "settle {hex}", HEXES, action=Settle),
    Form("bid", "bid {amount}", BIDS, action=Bid),
    Form("give", "give {seat} {resource}", SEATS, RESOURCES, action=Give),
    Form("goal", "goal {goal}", GOALS, action=Goal),
    Form("village", "village {hex}", HEXES, action=Village, fixed={"elder": False}),
    Form("village", "village {hex} -{discount}", HEXES, RESOURCES, action=Village,
         fixed={"elder": False}),
    Form("village", "village {hex} e", HEXES, action=Village, fixed={"elder": True}),
    Form("village", "village {hex} -{discount} e", HEXES, RESOURCES, action=Village,
         fixed={"elder": True}),
    Form("buy", "buy {event}", EVENTS, action=Buy),
    Form("altar", "altar {hex} {pay}", HEXES, PAYMENTS, action=Altar),
    Form("share", "share {resource}", RESOURCES, action=Share),
    Form("pottery", "pottery {give}>{take}", RESOURCES, RESOURCES, action=Pottery),
    Form("elder", "elder {seat} {resource} {goal}", SEATS, RESOURCES, DEVELOPMENTS,
         action=Elder),
    Form("stop", "stop", action=Stop),
    Form("done", "done", action=Done),
    Form("terrain", "terrain {terrain}", TERRAINS, chance=True, action=Terrain),
    Form("tile", "tile {tile} {hex}", TILES, HEXES, chance=True, action=Tile),
    Form("tribe", "tribe {tribe}", TRIBES, chance=True, action=Tribe),
    Form("first", "first {seat}", SEATS, chance=True, action=First),
    Form("roll", "roll {face}", FACES, chance=True, action=Roll),
    Form("cards", "cards {goals}", HANDS, chance=True, action=Cards),
    Form("event", "event {event}", EVENTS, chance=True, action=Event),
)

GRAMMAR = Grammar(FORMS)
#: The text of a typed action (raises ValueError for none), the typed action of a text (None
#: for none), the parts of a typed action, its verb.
text = GRAMMAR.text
action = GRAMMAR.action
parts = GRAMMAR.parts
verb = GRAMMAR.verb
#: The texts of a class's actions by field values (``texts(Site)[h]``), for hot paths.
texts = GRAMMAR.texts
#: The verbs of chance's outcomes, never a player's.
CHANCE_VERBS = frozenset(form.verb for form in FORMS if form.chance)
