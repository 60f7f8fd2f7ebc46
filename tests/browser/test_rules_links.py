"""Every rule one tap away: the Rules page is built from the numbered rules of the catalogues,
and a refusal, the prompt and an effect link to the rule they come from, in the page's
language."""

from __future__ import annotations

from typing import Any

import httpx

from meeples.core.text import game_catalogue
from tests.browser.conftest import shot

#: South to move: f3-f5 encloses North's e5 between d5 and f5.
CAPTURE = "w9/w9/10/10/10/3Ww5/10/5W4/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"


def open_match(page: Any, server: str, lang: str, position: str | None = None,
                game: str = "sparta") -> None:
    body = {"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
    if position:
        body["position"] = position
    answer = httpx.post(f"{server}/api/matches", json=body).json()
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")


def test_rules_page_lists_the_numbered_rules_in_french(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "fr")
    page.goto(f"{server}/#/rules/sparta/4")
    page.wait_for_selector("[data-rule='4'].chosen")
    assert page.inner_text("[data-rule='4'] h3") == "§4 Prises"
    assert page.locator(".rule-text [data-rule]").count() == 13
    shot(page, "rules_sparta_fr")


def test_prompt_and_refusal_link_to_their_rule(page: Any, server: str) -> None:
    open_match(page, server, "es")
    link = page.locator("#prompt .rule-link")
    assert link.get_attribute("href") == "#/rules/sparta/2"
    version = page.get_attribute(".match", "data-version")
    page.evaluate("(v) => window.meeplesSocket.send({type: 'act', action: 'b2-b5', version: v})",
                  int(version))
    page.wait_for_selector("#toast.show .rule-link")
    assert page.get_attribute("#toast .rule-link", "title") == "§2 Tu turno: mover"
    page.click("#toast .rule-link")
    page.wait_for_selector("[data-rule='2'].chosen")


def test_effect_in_the_log_links_to_its_rule(page: Any, server: str) -> None:
    open_match(page, server, "en", CAPTURE)
    page.click("[data-piece=f3]")
    page.click("[data-target=f5]")
    captured = page.locator(".log .effects li[data-effect='sp.fx.captured'] .rule-link")
    captured.wait_for()
    assert captured.get_attribute("href") == "#/rules/sparta/4"


def test_rules_page_lists_rise_of_tribes_numbered_rules_in_spanish(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "es")
    page.goto(f"{server}/#/rules/rise_of_tribes/5.1")
    page.wait_for_selector("[data-rule='5.1'].chosen")
    assert page.inner_text("[data-rule='5.1'] h3") == "§5.1 Antes de la lucha"
    rules = game_catalogue("rise_of_tribes", "es")["rules"]  # every numbered rule, none more
    assert page.locator(".rule-text [data-rule]").count() == len(rules) == 32
    shot(page, "rules_rise_of_tribes_es")


def test_rise_of_tribes_refusal_links_to_the_rule_of_the_step_at_hand(page: Any,
                                                                      server: str) -> None:
    open_match(page, server, "fr", game="rise_of_tribes")
    version = page.get_attribute(".match", "data-version")
    page.evaluate("(v) => window.meeplesSocket.send({type: 'act', action: 'goal D1', version: v})",
                  int(version))
    page.wait_for_selector("#toast.show .rule-link")
    assert page.get_attribute("#toast .rule-link", "title") == "§2.2 Placer les tribus de départ"
    page.click("#toast .rule-link")
    page.wait_for_selector("[data-rule='2.2'].chosen")
    shot(page, "rules_rise_of_tribes_fr")


def test_rules_page_lists_meeple_war_s_numbered_rules_in_french(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "fr")
    page.goto(f"{server}/#/rules/meeple_war/5.2")
    page.wait_for_selector("[data-rule='5.2'].chosen")
    # The hash change may draw the page before the French catalogues it switched to are in;
    # it is drawn again when they are: wait for the French title (an English one stays: fails).
    page.wait_for_selector("[data-rule='5.2'] h3:text-is('§5.2 Combats')", timeout=15000)
    rules = game_catalogue("meeple_war", "fr")["rules"]  # every numbered rule, none more
    assert page.locator(".rule-text [data-rule]").count() == len(rules) == 33
    assert page.locator("[data-rule='5.2'] ul li").count() == 3
    shot(page, "rules_meeple_war_fr")


def test_meeple_war_refusal_links_to_its_rule_in_spanish(page: Any, server: str) -> None:
    open_match(page, server, "es", game="meeple_war")
    version = page.get_attribute(".match", "data-version")
    # a move while the Village Square's worker waits for its branch (phase 2)
    page.evaluate("(v) => window.meeplesSocket.send("
                  "{type: 'act', action: '0,0>1,0:1', version: v})", int(version))
    page.wait_for_selector("#toast.show .rule-link")
    assert page.get_attribute("#toast .rule-link", "title") == "§3.2 Fase 2: Trabajadores"
    page.click("#toast .rule-link")
    page.wait_for_selector("[data-rule='3.2'].chosen")
    shot(page, "rules_meeple_war_es")


def test_rules_page_opened_with_a_new_language_is_drawn_in_that_language_only(
        page: Any, server: str) -> None:
    """The language and the rules page chosen at once, while the French catalogue is slow to
    come: every drawing of the rules is French (the page was drawn in English first)."""
    import time

    def slow(route: Any) -> None:
        time.sleep(1.0)
        route.continue_()

    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.route("**/api/text/fr", slow)
    page.evaluate("""() => {
        window.__titles = [];
        new MutationObserver(() => {
            const title = document.querySelector("[data-rule='5.2'] h3");
            if (title) window.__titles.push(title.textContent);
        }).observe(document.body, {childList: true, subtree: true});
    }""")
    page.select_option("#lang", "fr")
    page.goto(f"{server}/#/rules/meeple_war/5.2")
    page.wait_for_selector("[data-rule='5.2'] h3:text-is('§5.2 Combats')", timeout=15000)
    titles = page.evaluate("window.__titles")
    assert titles and set(titles) == {"§5.2 Combats"}, titles
