"""`info NAME`, the legend and `help` speak each game's own codes and notation."""

from __future__ import annotations

import random
import re

import pytest

import meeples
from meeples.terminal import renderer_for
from meeples.terminal.help import prefix_example
from meeples.terminal.legend import find
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script


def run(screen: Screen, game: str, *lines: str, players: int = 2) -> str:
    state = meeples.load(game).new(players=players, seed=1)
    seats = make_seats(["human"] + ["random"] * (players - 1), state.game)
    Session(state, seats, console=screen.console, ask=Script([*lines, "quit"]),
            rng=random.Random(1)).run()
    return screen.text


def test_info_names_a_meeple_war_building_and_its_effect(screen: Screen) -> None:
    text = " ".join(run(screen, "meeple_war", "info AB").split())
    # The effect comes from the game's catalogue, else from its data (defense, path, actions).
    assert "AB Abbey: " in text and "Recycling" in text and "Conversion" in text


def test_info_of_a_building_the_quick_start_changes_says_how_this_match_plays_it(
        screen: Screen) -> None:
    """The 2-player default quick start shortens the Catapult's path: info CA adds what this
    match changes to the printed card; a card it does not change reads as printed."""
    state = meeples.load("meeple_war").new(players=2, seed=1, quickstart=True)
    Session(state, make_seats(["human", "random"], state.game), console=screen.console,
            ask=Script(["info CA", "info AB", "quit"]), rng=random.Random(1)).run()
    text = " ".join(screen.text.split())
    catapult = text[text.index("CA Catapult: "):text.index("AB Abbey: ")]
    assert catapult.endswith(
        "Burn an Opponent's Army. This match's setup changes the Catapult card: a worker on a "
        "goes on to L1 (Bomb a Building) or L2 (Burn an Opponent's Army). (buildings) ")
    abbey = text[text.index("AB Abbey: "):text.index("Bye.")]
    assert "Conversion" in abbey and "This match" not in abbey


def test_info_finds_a_code_by_a_part_of_its_name(screen: Screen) -> None:
    assert "PS  Pilot School" in run(screen, "meeple_war", "info pilot")


def test_info_explains_meeple_war_map_symbols(screen: Screen) -> None:
    text = run(screen, "meeple_war", "info #", "info RR/6")
    assert "forest side: closed: meeples may not cross it" in text
    assert "defenders / defense spaces" in text


@pytest.mark.parametrize(("code", "name"), [
    ("A2", "Majority in Neighbouring Lands"), ("D1", "Bow"), ("AL", "Altar"),
    ("GL", "Great Lake"), ("trader", "Trader"), ("RS", "Rockslide Slope"),
])
def test_info_names_rise_of_tribes_components(screen: Screen, code: str, name: str) -> None:
    assert f"{code}  {name}" in run(screen, "rise_of_tribes", f"info {code}")


def test_info_gives_a_goal_its_effect(screen: Screen) -> None:
    text = run(screen, "rise_of_tribes", "info D1")
    assert re.search(r"D1  Bow: \w", text)  # the catalogue's effect, else the cost and VP


def test_info_names_sparta_signs(screen: Screen) -> None:
    assert "( )  North's city" in run(screen, "sparta", "info ( )")


def test_info_without_a_name_lists_every_code_by_group(screen: Screen) -> None:
    text = run(screen, "rise_of_tribes", "info")
    assert "goals: D1 Bow" in text and "events: AV Abandoned Village" in text


def test_info_of_an_unknown_name_says_so(screen: Screen) -> None:
    assert "Nothing called 'zz' in Meeple War" in run(screen, "meeple_war", "info zz")


@pytest.mark.parametrize("game", ["meeple_war", "rise_of_tribes", "sparta"])
def test_every_code_of_the_glossary_is_found_by_info(game: str) -> None:
    entries = renderer_for(game).glossary()
    assert entries
    for entry in entries:
        assert entry in find(entries, entry.code)


@pytest.mark.parametrize(("game", "mine", "not_mine"), [
    ("meeple_war", "w2>L1", "b2-b4"), ("rise_of_tribes", "grow S", "b2-b4"),
    ("sparta", "e5=H", "w2>L1"),
])
def test_help_quotes_the_games_own_notation(
    screen: Screen, game: str, mine: str, not_mine: str
) -> None:
    text = run(screen, game, "help")
    assert mine in text and not_mine not in text


def test_help_of_a_game_without_examples_quotes_its_legal_actions(screen: Screen) -> None:
    from tests.terminal.fake_tokens import TOKENS

    state = TOKENS.new(players=3)
    seats = make_seats(["human"] * 3, TOKENS)
    Session(state, seats, console=screen.console, ask=Script(["help", "quit"]), anytime="ask").run()
    assert "Tokens actions, for example:" in screen.text
    assert "use   use the token" in screen.text


def test_moves_prefix_example_is_the_games_own() -> None:
    assert prefix_example(["1,-1>2,-2:3", "1,-1>2,-2:1", "0,0>1,0:1"]) == "1,-1"
    assert prefix_example(["b2-b4", "b2-b3", "c2-c4"]) == "b2"
    assert prefix_example(["start a+b", "start a+c"]) == "start"


def test_greeting_quotes_an_action_of_the_game(screen: Screen) -> None:
    assert "Type an action (e.g. grow S)" in run(screen, "rise_of_tribes")


def test_rise_of_tribes_refusal_shows_its_reason(screen: Screen) -> None:
    text = run(screen, "rise_of_tribes", "grow S")
    # Players are named as the table names them once refusals are messages ("Red (1)").
    assert re.search(r"'grow S' is not legal: (player 1|Red \(1\)) must place the starting "
                     r"tribe", text)
