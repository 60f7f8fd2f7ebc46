"""Learn to play in the browser: each game's tutorial, started from the lobby, played to its end
by clicking in each language; at every step the board shows the position the lesson was
written for (checked through the engine), the lesson's pages turn, and another legal action is
refused with the step's hint."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import meeples
from meeples.core.text import catalogue, render
from meeples.core.tutorial import tutorial
from tests.browser.axe import violations
from tests.browser.conftest import shot

TAUGHT = [name for name in meeples.game_names() if tutorial(name) is not None]
LANGS = ("en", "fr", "es")


def open_lobby(page: Any, server: str, lang: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    page.wait_for_selector("#learn")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", TAUGHT)
def test_tutorial_is_played_to_its_end_by_clicking(page: Any, server: str, name: str,
                                                   lang: str) -> None:
    lessons = tutorial(name)
    assert lessons is not None
    game = meeples.load(name)
    states = lessons.walk(game)
    open_lobby(page, server, lang)
    page.click(f"[data-learn={name}]")
    page.wait_for_selector("#lesson")
    for index, step in enumerate(lessons.steps):
        page.wait_for_function(
            f"document.querySelector('#lesson-title')?.textContent.includes('{index + 1}')"
            " && document.querySelector('#turn.mine') !== null")
        # The lesson's pages, in the page's language, ending with the step's own.
        for number, key in enumerate(step.say):
            text = render(meeples.core.text.Message(key), lang)
            assert page.inner_text("#lesson-text").startswith(text[:40]), (index, number)
            if number < len(step.say) - 1:
                page.click("#lesson-next")
        match = page.get_attribute(".match", "data-match")
        shown = httpx.get(f"{server}/api/matches/{match}").json()
        assert shown["view"] == states[index].view(None)  # the lesson's own position
        if step.rule is not None:
            link = page.locator("#lesson-text .rule-link")
            assert link.get_attribute("href") == f"#/rules/{name}/{step.rule}"
        if index in (0, len(lessons.steps) // 2):  # a few steps, for people to look at
            shot(page, f"tutorial_{name}_{lang}_{'start' if index == 0 else 'middle'}")
        version = int(page.get_attribute(".match", "data-version"))
        action = step.expect[0] if step.expect else None
        if not page.locator("#all-choices[open]").count():
            page.click("#all-choices summary")
        button = page.locator(f"#all-choices button[data-action='{action}']" if action
                              else "#all-choices button[data-action]").first
        button.click()
        page.wait_for_function(
            f"Number(document.querySelector('.match').dataset.version) > {version}")
    page.wait_for_selector("#lesson.done")
    assert catalogue(lang).messages["core.tutorial.done"][:20] in page.inner_text("#lesson")
    shot(page, f"tutorial_{name}_{lang}_end")


@pytest.mark.parametrize("name", TAUGHT)
def test_another_action_than_the_lessons_is_refused_with_its_hint(page: Any, server: str,
                                                                  name: str) -> None:
    lessons = tutorial(name)
    assert lessons is not None
    open_lobby(page, server, "fr")
    page.click(f"[data-learn={name}]")
    page.wait_for_selector("#turn.mine")
    other = next(a for a in lessons.walk(meeples.load(name))[0].legal()
                 if a not in (lessons.steps[0].expect or ()))
    page.evaluate("([a, v]) => window.meeplesSocket.send({type: 'act', action: a, version: v})",
                  [other, int(page.get_attribute(".match", "data-version"))])
    page.wait_for_selector("#toast.show.error")
    hint = lessons.steps[0].hint
    assert hint is not None and render(meeples.core.text.Message(hint), "fr") in page.inner_text(
        "#toast")


@pytest.mark.parametrize("size", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}])
def test_tutorial_page_has_no_wcag_violation(page: Any, server: str, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_lobby(page, server, "en")
    assert violations(page) == []
    page.click(f"[data-learn={TAUGHT[0]}]")
    page.wait_for_selector("#lesson")
    assert violations(page) == []
    shot(page, f"tutorial_{TAUGHT[0]}_{size['width']}")
