"""Issue 24, point 5, on the path a new player takes: the lobby's quick start of Meeple War
offers the balanced setup by default, named in the player's language, and the match it makes
at 2 players is the one measured fair (the first pair still to build, three more meeples and
the later pair one step along)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

import meeples
from meeples.core.text import catalogue, component_name
from tests.browser.conftest import shot

# Whether an element's box lies within the box of the card that holds it.
INSIDE = """(selector) => {
  const e = document.querySelector(selector);
  const a = e.getBoundingClientRect(), b = e.closest(".card").getBoundingClientRect();
  return a.left >= b.left - 1 && a.right <= b.right + 1;
}"""

pytestmark = pytest.mark.skipif("meeple_war" not in meeples.game_names(),
                                reason="Meeple War is not installed")


def create_quick_start(page: Any, server: str, lang: str, players: int) -> None:
    """Create, in the lobby in this language, a Meeple War quick start with its default setup,
    this browser on the first seat and random bots on the others."""
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    page.select_option("select[name=game]", "meeple_war")
    page.select_option("select[name=players]", str(players))
    page.click("details.variants summary")
    page.check("input[name=quickstart]")
    for seat in range(1, players):
        page.select_option(f"select[name=seat{seat}]", "bot:random")
    page.click("#create")
    page.wait_for_selector(".match[data-version]")


# How many lines the help under an option takes (a line: its line height, or 1.2 em).
HELP_LINES = """(selector) => {
  const option = document.querySelector(selector).closest("label.option");
  const help = option.querySelector(".option-help");
  const style = getComputedStyle(help);
  const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);  // "normal"
  return help.getBoundingClientRect().height / line;
}"""


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_lobby_quick_start_defaults_to_the_balanced_setup_of_the_player_count(
        page: Any, server: str, lang: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    page.select_option("select[name=game]", "meeple_war")
    page.select_option("select[name=players]", "2")
    page.click("details.variants summary")
    page.check("input[name=quickstart]")
    setup = page.locator("select[name=quickstart_setup]")
    label = catalogue(lang).messages["mw.optval.quickstart_setup.balanced"]
    assert setup.input_value() == "balanced"
    assert setup.locator("option:checked").inner_text() == label
    # Two people: a bot drawn first would move before the start position is read.
    page.select_option("select[name=seat1]", "human")
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"document.documentElement.clientWidth === {width}")
        shot(page, f"meeple_war_quickstart_balanced_lobby_{lang}_{width}", full_page=True)
        # the choice, as wide as its longest value, stays inside the form
        assert page.evaluate(INSIDE, "select[name=quickstart_setup]"), width
        # and the variants, open, do not widen the page (a phone scrolled sideways before)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # its help is a few lines, not the list of every setup tried (the Rules page has it)
        lines = page.evaluate(HELP_LINES, "select[name=quickstart_setup]")
        assert lines <= 10, (width, lines)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#create")
    link = page.locator(".invite input.link").first.input_value()  # two people: invite links
    match_id = re.search(r"#/m/([^/?]+)", link)
    assert match_id is not None, link
    view = httpx.get(f"{server}/api/matches/{match_id.group(1)}").json()["view"]
    assert view["options"] == ["quickstart", "quickstart_shift_catapult_sites_meeples3"]
    first, second = view["seats"][view["first"]], view["seats"][1 - view["first"]]
    assert [slot[:3] for slot in first["slots"][2:]] == [["PS", False, "c0"], ["FA", False, "c0"]]
    assert (second["stock"], second["depot"]) == (7, 5)


def test_the_board_draws_the_catapult_of_the_balanced_quick_start_as_it_plays(
        page: Any, server: str) -> None:
    """The 2-player balanced setup's Catapult goes from a straight to Bomb or Burn: its path
    diagram draws that path, not the printed one (b and c gone), and its effect, opened, says
    what the setup changed, in the player's language."""
    create_quick_start(page, server, "fr", 2)
    for head in page.locator(".mw-village-head[aria-expanded=false]").all():
        head.click()  # the other player's village, folded while they do not act
    catapult = page.locator(".mw-slot").filter(
        has=page.locator("button.mw-building-name", has_text="Catapulte"))
    catapult.wait_for()
    nodes = catapult.locator("svg.mw-path g.node")
    assert sorted(nodes.evaluate_all("(gs) => gs.map((g) => g.dataset.worker)")) == [
        "3:L1", "3:L2", "3:S", "3:a"]
    catapult.locator("button.mw-building-name").click()
    effect = catapult.locator(".mw-building-effect").inner_text()
    assert "un ouvrier sur a va ensuite à L1 (Bombarder un bâtiment) ou L2 (Brûler une armée " \
           "adverse)" in effect, effect
    shot(page, "meeple_war_quickstart_balanced_catapult_card_fr")


def test_the_four_player_quick_start_shows_the_fourth_pairs_cards_as_played_on_a_phone(
        page: Any, server: str) -> None:
    """At 4 players the balanced setup gives the Looters Guild the Pilot School's actions, the
    University Meeple Assembly for Productivity and the second pair's Entrepreneurs Guild the
    same for its first action: on a Spanish phone their path diagrams name the
    actions played, their effects say what changed, and the page does not scroll sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    create_quick_start(page, server, "es", 4)
    page.wait_for_selector("#turn.mine")
    folded = page.locator(".mw-village-head[aria-expanded=false]")
    for _ in range(4):  # the others' villages, folded while they do not act
        if folded.count():
            folded.first.click()
    actions = {verb: component_name("mw.action", verb, "es")
               for verb in ("dep", "rei", "asm", "up", "fright")}
    for name, labels in (("Gremio de Saqueadores", [f"{actions['dep']} 3", f"{actions['rei']} 3"]),
                         ("Universidad", [f"{actions['asm']} 2", actions["up"]]),
                         ("Hermandad de los Fantasmas",
                          [f"{actions['asm']} 2", f"{actions['fright']} 4"])):
        card = page.locator(".mw-slot").filter(
            has=page.locator("button.mw-building-name", has_text=name))
        card.wait_for()
        drawn = card.locator("svg.mw-path").text_content() or ""
        assert all(label in drawn for label in labels), (name, drawn)
        card.locator("button.mw-building-name").click()
        effect = card.locator(".mw-building-effect").inner_text()
        assert f"La preparación de esta partida cambia la carta {name}" in effect, effect
        card.scroll_into_view_if_needed()
        shot(page, f"meeple_war_quickstart_balanced_4p_{name.split()[0].lower()}_es_390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


# Each path diagram's width against the card that holds it, with the card's own overflow.
DIAGRAM_FIT = """() => [...document.querySelectorAll(".mw-slot svg.mw-path")].map((svg) => {
  const card = svg.closest(".mw-slot");
  return [card.querySelector(".mw-building-name")?.textContent || "",
          svg.getBoundingClientRect().right - card.getBoundingClientRect().right,
          card.scrollWidth - card.clientWidth];
})"""


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_path_diagram_fits_its_card_on_a_phone(page: Any, server: str, lang: str) -> None:
    """A leaf's action wraps onto short lines, so a card's diagram, the deepest included (the
    Catapult and the Military Academy), fits a 390 px phone: no card scrolls sideways and no
    action name is cut at its edge; the nodes keep their size (test_meeple_war_phone)."""
    page.set_viewport_size({"width": 390, "height": 844})
    create_quick_start(page, server, lang, 4)
    page.wait_for_selector("#turn.mine")
    folded = page.locator(".mw-village-head[aria-expanded=false]")
    while folded.count():
        folded.first.click()
    fits = page.evaluate(DIAGRAM_FIT)
    assert len(fits) >= 8, fits
    assert [(name, over, scroll) for name, over, scroll in fits if over > 0 or scroll > 0] == []
    burn = component_name("mw.action", "burn", lang)
    catapult = page.locator(".mw-slot").filter(has=page.locator(
        "button.mw-building-name", has_text=component_name("mw.building", "CA", lang)))
    assert burn in (catapult.locator("svg.mw-path").text_content() or "")
    catapult.scroll_into_view_if_needed()
    shot(page, f"meeple_war_path_diagrams_fit_{lang}_390")
