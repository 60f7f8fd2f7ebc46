"""Rise of Tribes' motion (issue 23, point 2): a bot's move is animated from the view drawn
before, and nothing moves for a person who asked for reduced motion."""

from __future__ import annotations

from typing import Any

import pytest

import meeples
from tests.browser.test_rise_of_tribes_keyboard import first_tribe_position, open_match

pytestmark = pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(),
                                reason="no Rise of Tribes")

#: Record the motion layers the board draws, with the seats whose actions they show.
WATCH = """() => {
  window.motions = [];
  const seen = new WeakSet();
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      const layers = node.matches('.rot-motion-layer') ? [node]
        : [...node.querySelectorAll('.rot-motion-layer')];
      for (const layer of layers.filter((layer) => !seen.has(layer))) {
        seen.add(layer);
        window.motions.push([layer.dataset.seats.split(' '),
          Number(layer.closest('svg').dataset.motion)]);
      }
    }
  }).observe(document.body, { subtree: true, childList: true });
}"""


def place_first_tribe_and_wait_for_the_bot(page: Any) -> None:
    """Place the first tribe with a click; wait until the bot has placed its own."""
    page.click(".rot-board .hex.actionable")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")


def test_a_bots_move_is_animated_from_the_view_before(page: Any, server: str) -> None:
    open_match(page, server, first_tribe_position())
    page.evaluate(WATCH)
    place_first_tribe_and_wait_for_the_bot(page)
    motions = page.evaluate("window.motions")
    by_bot = [things for seats, things in motions if "1" in seats]
    assert by_bot and all(things > 0 for things in by_bot), motions


def test_nothing_moves_under_reduced_motion(page: Any, server: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_match(page, server, first_tribe_position())
    page.evaluate(WATCH)
    page.evaluate("""() => { window.animated = 0;
      document.addEventListener('animationstart', () => { window.animated += 1; }, true); }""")
    place_first_tribe_and_wait_for_the_bot(page)
    assert page.evaluate("window.motions") == []
    assert page.evaluate("window.animated") == 0
    assert page.locator(".rot-board .rot-badge").count() >= 2  # both tribes, in place
