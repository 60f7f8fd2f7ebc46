"""Rise of Tribes' features for trained policies (``meeples.ai.policy``, ``policy:FILE`` bots).

The set ``rise_of_tribes.forms/1`` is the simplest a linear policy can read: for each legal id,
which form of the grammar (:mod:`meeples.games.rise_of_tribes.grammar`) writes it, one column
per form of the fixed action table (a verb, and a shape of its text). A policy over it learns
which kinds of decision to prefer where several are legal (to gather or to move, to build a
village, to take a goal...), not yet where on the board: a first baseline, as issue 27 asks of
the games beside Sparta.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from meeples.core.capabilities import PolicyFeatures
from meeples.games.rise_of_tribes import action_table

_SPACE = action_table.TABLE.decisions
#: Each form's name (its verb, numbered when a verb has several shapes) and first id.
FORM_NAMES = tuple(
    form.verb if [f.verb for f in _SPACE.forms].count(form.verb) == 1
    else f"{form.verb} {[f for f in _SPACE.forms if f.verb == form.verb].index(form) + 1}"
    for form in _SPACE.forms)
_STARTS = np.array(_SPACE.offsets, dtype=np.int64)


def form_features(planes: npt.NDArray[np.float32], ids: npt.NDArray[np.int64],
                  player: int) -> npt.NDArray[np.float64]:
    """Return one row per legal id, a 1 in the column of the form that writes it."""
    forms = np.searchsorted(_STARTS, ids, side="right") - 1
    out = np.zeros((len(ids), len(FORM_NAMES)))
    out[np.arange(len(ids)), forms] = 1.0
    return out


#: The feature sets a policy file may name (``meeples.ai.policy``).
FEATURE_SETS = {"rise_of_tribes.forms/1": PolicyFeatures(FORM_NAMES, form_features)}
