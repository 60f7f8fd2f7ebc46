"""Rise of Tribes' features for trained policies (``rise_of_tribes.forms/1``): each legal id is
marked with the grammar form that writes it, and a policy file over them plays as a bot."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

import meeples
from meeples.ai.levels import get_bot
from meeples.games.rise_of_tribes import action_table
from meeples.games.rise_of_tribes.policy import FEATURE_SETS, FORM_NAMES

FORMS = FEATURE_SETS["rise_of_tribes.forms/1"]


def test_each_legal_id_is_marked_with_the_form_that_writes_it() -> None:
    state = meeples.load("rise_of_tribes").new(players=2, seed=3).settle()
    for _ in range(60):
        ids = np.array(action_table.ids(state.game.rules.legal_actions(state.inner)))
        rows = FORMS.compute(np.zeros(1), ids, 0)
        assert rows.shape == (len(ids), len(FORM_NAMES)) and (rows.sum(axis=1) == 1).all()
        space = action_table.TABLE.decisions
        for number, row in zip(ids.tolist(), rows, strict=True):
            assert space.forms[int(row.argmax())] is space.form(number)
        state = state.play(random.Random(len(ids)).choice(state.legal())).settle()
        if state.outcome is not None:
            break


def test_a_form_policy_plays_as_a_bot(tmp_path: Path) -> None:
    weights = [0.0] * len(FORM_NAMES)
    weights[FORM_NAMES.index("done")] = -5.0  # never end a turn while something else is legal
    path = tmp_path / "rot.json"
    path.write_text(json.dumps({"format": "meeples-policy/1", "game": "rise_of_tribes",
                                "features": "rise_of_tribes.forms/1", "weights": weights}))
    bot = get_bot("rise_of_tribes", f"policy:{path}")
    state = meeples.load("rise_of_tribes").new(players=2, seed=1).settle()
    for _ in range(40):
        if state.outcome is not None:
            break
        chosen = bot.act(state, random.Random(0))
        assert chosen in state.legal()
        if len(state.legal()) > 1:
            assert not chosen.startswith("done")
        state = state.play(chosen).settle()
