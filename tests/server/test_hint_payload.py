"""What the server sends for a hint: the calibrated chance (or none) and the reason message."""

from __future__ import annotations

import meeples
from meeples.server import bots

#: South wins by moving i4-i6 onto the last city (as in tests/ai/test_bots.py).
LAST_CITY = (
    "w1w1w5/10/10/10/10/10/8W1/10/10/W1W1W5 S "
    "b5:S,d5:S,f5:S,h5:S,c6:S,e6:S,g6:S,i6:N 8/8 0 0"
)


def test_hint_payload_carries_the_chance_and_the_reason_as_a_message() -> None:
    state = meeples.load("sparta").parse(LAST_CITY)
    found = bots.hint(state, 1, seed=0)
    assert found is not None
    best = found[0]
    assert best["action"] == "i4-i6" and best["value"] == 1.0
    assert best["why"] == {"key": "sp.hint.conquers", "params": {"n": 1}}
