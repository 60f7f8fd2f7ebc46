"""Meeple War's motion (issue 23, point 2): after a bot's move its stack slides across the map;
with reduced motion asked for, nothing moves and the board shows the result at once."""

from __future__ import annotations

from typing import Any

from tests.browser.test_meeple_war_board import (
    click_a_decision, found_position, play_from, verbs, version_of, wait_newer,
)

#: Records, at every change of the page while the log's last action is the bot's, the animated
#: marks over the map (window.moving: their classes) and whether the board said it animated
#: (window.animated).
WATCH = """(bot) => {
  window.moving = [];
  window.animated = 0;
  new MutationObserver(() => {
    const last = document.querySelector(".log li:last-child");
    if (!last || !last.innerText.startsWith(bot)) return;
    for (const node of document.querySelectorAll(".mw-motion > *")) {
      window.moving.push(node.getAttribute("class"));
    }
    if (document.querySelector(".mw-board[data-motion]")) window.animated += 1;
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def turn_ends(state: Any) -> bool:
    """Whether Done ends the turn of the player to move (the bot plays next)."""
    if "done" not in verbs(state):
        return False
    after = state.play("done")
    while after.is_chance:
        after = after.deal()
    return after.to_move is not None and after.to_move != state.to_move


def play_until_the_bot_moves(page: Any, bot: str) -> None:
    """Play (Done first, then any choice) until the log shows a move of the bot's."""
    for _ in range(40):
        if any(text.startswith(f"{bot} déplace") for text in page.locator(".log li").all_inner_texts()):
            return
        page.wait_for_selector("#turn.mine, #game-over")
        version = version_of(page)
        done = page.locator(".mw-decision button.mw-done")
        if done.count():
            done.first.click()
        else:
            click_a_decision(page)
        wait_newer(page, version)
    raise AssertionError("the bot never moved")


def test_meeple_war_bot_move_slides_across_the_map(page: Any, server: str) -> None:
    state = found_position(turn_ends)
    bot = f"Joueur {2 - state.to_move}"
    play_from(page, server, state)
    page.evaluate(WATCH, bot)
    play_until_the_bot_moves(page, bot)
    assert "mw-travel" in page.evaluate("window.moving")
    assert page.evaluate("window.animated") > 0


def test_meeple_war_reduced_motion_shows_the_result_at_once(page: Any, server: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    state = found_position(turn_ends)
    bot = f"Joueur {2 - state.to_move}"
    play_from(page, server, state)
    page.evaluate(WATCH, bot)
    play_until_the_bot_moves(page, bot)
    assert page.evaluate("window.moving") == []
    assert page.evaluate("window.animated") == 0
    assert page.locator(".mw-board .meeple.mw-arriving, .mw-board .hex.mw-appear").count() == 0
