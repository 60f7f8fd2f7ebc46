"""Rise of Tribes' fixed action table: one id per action text, from the grammar's forms.

One block per form of :data:`meeples.games.rise_of_tribes.grammar.FORMS` (built by
:mod:`meeples.core.actiontable`); a form with an optional part is one block per shape. Every
domain is the whole of what the grammar allows, so every text the notation accepts has an id:
hexes ``a``-``o``, resources ``w f s``, faces ``S M B``, seats 0-3, volcano slots 0-8, goals
``D1``-``D7`` and ``A1``-``A8``, the events, the leader powers, the action rows, a gather's
resources (1 to 4 letters, in any order: 120 texts) and a Chieftain bid (1 to 9999).

Chance outcomes, numbered apart (OpenSpiel's chance outcome ids): the terrain of the next hex,
the hex of a scenario tile, a seat's tribe, the start player, a die's face, a hand of goal cards and
the top event card.
"""

from __future__ import annotations

from meeples.core.actiontable import Table
from meeples.games.rise_of_tribes import grammar

TABLE = Table("Rise of Tribes", grammar.FORMS)

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
#: No names of places that depend on the state: ids are the same in every position.
LABELS = None
