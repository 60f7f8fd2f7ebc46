"""Sparta's board animates what was just played (issue 23): the bot's piece slides from where it
was, a promotion shows the warrior becoming a hero, a capture fades with its count; with reduced
motion asked for, the result shows at once."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.test_sparta_keyboard import HUMAN, open_match

#: South to move: f3-f5 encloses North's e5 between d5 and f5 and lands on South's city f5.
CAPTURE = "w9/w9/10/10/10/3Ww5/10/5W4/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"


def play(page: Any, origin: str, target: str) -> None:
    page.click(f"[data-piece={origin}]")
    page.click(f"[data-target={target}]")


def test_bot_move_slides_its_piece_from_where_it_was(page: Any, server: str) -> None:
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    play(page, "c2", "c4")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")
    moved = page.locator(".sparta-board .piece.owner1 .slide")  # North's: the bot's
    assert moved.count() == 1
    assert moved.evaluate("(node) => getComputedStyle(node).animationName") == "sp-slide"


def test_capture_fades_with_its_count_and_promotion_shows_the_hero(page: Any, server: str) -> None:
    open_match(page, server, CAPTURE, seats=[HUMAN, HUMAN])
    page.wait_for_selector("#turn.mine")
    play(page, "f3", "f5")
    page.wait_for_selector(".sparta-board .motion .loss")
    assert page.locator(".sparta-board .motion .loss").first.text_content() == "−1"
    assert page.locator("[data-piece=f5].hero .slide .was").count() == 1
    shot(page, "sparta_motion_capture")
    # The motion ends on the final position: the lost piece's ghost goes, the hero stays.
    page.wait_for_selector(".sparta-board .motion .fallen", state="detached")
    assert page.locator("[data-piece=e5]").count() == 0
    assert page.locator("[data-piece=f5].hero").count() == 1


def test_reduced_motion_shows_the_result_at_once(page: Any, server: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    play(page, "c2", "c4")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")
    assert page.locator(".sparta-board .slide, .sparta-board .motion").count() == 0
    animations = page.evaluate(
        "document.querySelector('.sparta-board').getAnimations({subtree: true}).length")
    assert animations == 0


def test_selecting_a_piece_does_not_replay_the_last_motion(page: Any, server: str) -> None:
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    play(page, "c2", "c4")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=d2]")
    assert page.locator(".sparta-board .slide").count() == 0
