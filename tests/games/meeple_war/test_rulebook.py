"""Meeple War's numbered rules (issue 24, point 3): every refusal, task, effect, ending and hint
reason its catalogue words links to one of them, those met in no random game included (the end
at 6 VP, rare refusals), and the rules state the designed numbers the game plays by.

The registry-wide checks (same ids in every language, every rule named exists, the messages of
random games linked) are in ``tests/core/test_rulebook.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

import meeples
from meeples.core.rulebook import game_rules, rule_for
from meeples.core.text import LANGUAGES, Message, catalogue, msg
from meeples.games.meeple_war import GAME
from meeples.games.meeple_war.data import BRAVERY_PER_VP, MAX_ROUNDS, VP_TO_WIN
from tests.games.meeple_war.scenario import position

VS = ["VS", True, "S", []]

#: The kinds of messages that link to a rule: refusals, tasks, effects, endings, hint reasons.
LINKED = ("mw.why.", "mw.task.", "mw.fx.", "mw.end.", "mw.hint.")
#: Messages that carry the one that names their rule (the reason, the task, what a turn does).
CARRIERS = {"mw.why.must_now", "mw.why.because", "mw.hint.turn"}


def rule_id(message: Message) -> str:
    rule = rule_for(message)
    assert rule is not None, message.key
    return str(rule.id)


def refusal(state: Any, action: str) -> Message:
    with pytest.raises(meeples.IllegalAction) as caught:
        state.play(action)
    return caught.value.message


@pytest.mark.parametrize("key", sorted(k for k in catalogue("en").messages
                                       if k.startswith(LINKED) and k not in CARRIERS))
def test_rulebook_every_refusal_task_effect_end_and_hint_key_names_a_rule(key: str) -> None:
    rule = rule_for(Message(key))
    assert rule is not None
    assert all(str(rule.id) in {r[0] for r in game_rules(GAME, lang)} for lang in LANGUAGES)


def test_rulebook_refusal_with_a_reason_links_to_the_reason_s_rule() -> None:
    state = position(troops=(("-1,1", 0, 3),),
                     seats={1: {"slots": [["PS", True, "a", [0]], VS, None, None]}})
    # a move (§5.1) refused for want of free defense spaces (§7.2)
    assert rule_id(refusal(state, "-1,1>-2,2:3")) == "7.2"


def test_rulebook_refusal_of_another_kind_of_action_links_to_the_task_s_rule() -> None:
    state = position(step="battle", troops=(("0,0", 0, 2), ("0,0", 1, 1)))
    assert rule_id(refusal(state, "w1>a")) == "5.2"


def test_rulebook_prompt_links_to_the_rule_of_its_task() -> None:
    state = position(troops=(("0,0", 0, 2),))
    assert state.prompt().params["task"] == msg("mw.task.move")
    assert rule_id(state.prompt()) == "5.1"


def test_rulebook_turn_hint_links_to_what_the_turn_does() -> None:
    assert rule_id(msg("mw.hint.turn", what=msg("mw.hint.destroys", n=1))) == "7.3"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rulebook_rules_state_the_designed_numbers(lang: str) -> None:
    text = {ident: body for ident, _, body in game_rules(GAME, lang)}
    assert f" {VP_TO_WIN} " in text["1"] and f" {VP_TO_WIN} " in text["1.2"]
    assert f" {BRAVERY_PER_VP}," in text["5.3"]
    assert f" {MAX_ROUNDS} " in text["9"]
