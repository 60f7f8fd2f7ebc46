"""Rise of Tribes' numbered rules (the catalogues' "rules") and the table that links its
messages to them (``rule_of``): every refusal, step, chance draw, action, effect, end, hint
reason and option error of the catalogue names the rule it comes from, rare ones included
(an elder's refusal, a leader pick), which random games seldom meet."""

from __future__ import annotations

import pytest

import meeples
from meeples.core.rulebook import rule_for
from meeples.core.text import Message, Ref, catalogue, render

#: The message families of the catalogue that a player reads as the game's own reasons.
FAMILIES = ("rot.why.", "rot.step.", "rot.chance.", "rot.act.", "rot.fx.", "rot.end.",
            "rot.hint.", "rot.option.")
#: Refusals that carry the step at hand: they name the rule of that step.
CARRY_THE_STEP = {"rot.why.not_now", "rot.why.chance_node", "rot.why.chance_outcome"}


def test_every_refusal_step_action_effect_end_and_hint_key_names_its_rule() -> None:
    keys = [key for key in catalogue("en").messages if key.startswith(FAMILIES)
            and not key.endswith(".log") and key not in CARRY_THE_STEP]
    assert len(keys) > 150
    assert [key for key in keys if rule_for(Message(key)) is None] == []


def test_refusal_of_another_step_names_the_rule_of_the_step_at_hand() -> None:
    state = meeples.load("rise_of_tribes").new(players=2, seed=1).settle()
    assert state.prompt().params["step"].key == "rot.step.place"
    with pytest.raises(meeples.IllegalAction) as refused:
        state.play("goal D1")
    assert refused.value.message.params["why"].key == "rot.why.not_now"
    assert rule_for(refused.value.message) == Ref("rot.rule", "2.2")


def test_a_conflict_effect_names_its_rule_in_every_language() -> None:
    rule = rule_for(Message("rot.fx.holds", {"n": 2}))
    named = Message("core.named", {"name": rule})
    assert [render(named, lang) for lang in ("en", "fr", "es")] == [
        "§5.2 The fighting", "§5.2 Le combat", "§5.2 La lucha"]
