"""Meeple War's board for screen readers and touch (issues 31.2 and 23): every hex named in the
browser's accessibility tree, in French, with what stands there and whose; players named as the
rest of the page names them; a building's effect shown by a tap on the map or on the player
board, and closed by Escape."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.test_meeple_war_board import catalogue, found_position, open_french, play_from, verbs

LETTERS = "RBGY"


def accessibility_tree(page: Any) -> list[dict[str, Any]]:
    """Return chromium's own accessibility tree of the page (role, name, description)."""
    client = page.context.new_cdp_session(page)
    nodes = client.send("Accessibility.getFullAXTree")["nodes"]
    client.detach()
    return [
        {"role": node.get("role", {}).get("value", ""), "name": node.get("name", {}).get("value", ""),
         "description": node.get("description", {}).get("value", "")}
        for node in nodes if not node.get("ignored")
    ]


def meeples(n: int) -> str:
    return f"{n} Meeple{'s' if n > 1 else ''}"


def test_meeple_war_every_hex_is_named_in_french_in_the_accessibility_tree(
    page: Any, server: str
) -> None:
    state = found_position(lambda s: "move" in verbs(s))
    view = state.view(state.to_move)
    play_from(page, server, state)
    tree = accessibility_tree(page)
    hexes = [node for node in tree if node["role"] == "button" and node["name"].startswith("case ")]
    assert len(hexes) == page.locator(".mw-board .hex").count() >= len(view["map"])
    names = {node["name"].split(", ")[0].removeprefix("case "): node["name"] for node in hexes}
    for hex_name, owner, count in view["troops"]:
        assert f"{meeples(count)} de Joueur {owner + 1} ({LETTERS[owner]})" in names[hex_name]
    for seat, gate in enumerate(view["gates"]):
        assert f"Terrain devant la porte de Joueur {seat + 1} ({LETTERS[seat]})" in names[gate]
    french = catalogue("fr")["components"]
    for tile in view["map"]:
        assert french["mw.kind"][tile["kind"]]["name"] in names[tile["hex"]]
    square = view["villages"][0][1]  # each village's slot 2 starts with the Village Square
    assert names[square].startswith(f"case {square}, emplacement 2 de Joueur 1 (R), Place de la Cité")
    assert any(name.endswith("peut être choisie") or "peut être choisie," in name for name in names.values())
    group = [node for node in tree if node["role"] == "group" and node["name"] == "Carte de Meeple War"]
    assert group and group[0]["description"].startswith("Les flèches parcourent les cases")


def test_meeple_war_players_are_named_as_the_page_names_them(page: Any, server: str) -> None:
    state = found_position(lambda s: "move" in verbs(s))
    mover = state.to_move
    names = ["Alice", "Bruno"]
    seats = [{"kind": "human", "name": names[seat]} if seat == mover
             else {"kind": "bot", "level": "random", "name": names[seat]} for seat in range(2)]
    answer = httpx.post(f"{server}/api/matches", json={
        "game": "meeple_war", "position": state.position(), "seats": seats}).json()
    open_french(page, server)
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][mover]['token']}")
    page.wait_for_selector("#turn.mine")
    heads = page.locator(".mw-village-head .mw-village-name").all_inner_texts()
    assert [head.split(" — ")[0] for head in heads] == ["Alice (R)", "Bruno (B)"]
    gate = state.view(mover)["gates"][0]
    assert "Terrain devant la porte de Alice (R)" in page.get_attribute(
        f'.mw-board .hex[data-hex="{gate}"]', "aria-label")
    assert "Joueur 1" not in page.locator(".mw").inner_text()


def test_meeple_war_a_tap_on_a_building_tells_its_effect_and_escape_closes_it(
    page: Any, server: str
) -> None:
    state = found_position(lambda s: verbs(s) and set(verbs(s)) <= {"worker"})
    view = state.view(state.to_move)
    square = view["villages"][state.to_move][1]
    play_from(page, server, state)
    page.click(f'.mw-board .hex[data-hex="{square}"]')
    info = page.locator(".mw-info[role=dialog]")
    info.wait_for()
    square_fr = catalogue("fr")["components"]["mw.building"]["VS"]
    assert info.locator("h4").inner_text() == square_fr["name"]
    assert square_fr["effect"] in info.inner_text()
    page.keyboard.press("Escape")
    info.wait_for(state="detached")
    assert page.evaluate("document.activeElement.dataset.hex") == square


def test_meeple_war_a_tap_on_a_building_name_on_the_player_board_shows_its_effect(
    page: Any, server: str
) -> None:
    state = found_position(lambda s: verbs(s) and set(verbs(s)) <= {"worker"})
    play_from(page, server, state)
    name = page.locator(".mw-village .mw-building-name").first
    assert name.get_attribute("aria-expanded") == "false"
    name.click()
    name = page.locator(".mw-village .mw-building-name[aria-expanded=true]")
    name.wait_for()
    effect = page.locator(f"#{name.get_attribute('aria-controls')}")
    french = {entry["name"]: entry["effect"] for entry in catalogue("fr")["components"]["mw.building"].values()}
    assert effect.inner_text() == french[name.inner_text()]
    page.keyboard.press("Escape")
    page.wait_for_selector(".mw-village .mw-building-name[aria-expanded=true]", state="detached")
