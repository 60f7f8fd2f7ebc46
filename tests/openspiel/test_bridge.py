"""The OpenSpiel bridge: OpenSpiel's own random simulation test, its MCTSBot, and the bridge's
ids, texts, returns, observations, clones and serialization against the facade."""

from __future__ import annotations

import dataclasses
import pickle
import re
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

import meeples  # noqa: E402 - after the check of the extra
import meeples.openspiel as bridge  # noqa: E402
from meeples.env.sparta import from_view  # noqa: E402
from meeples.games.sparta import actions  # noqa: E402

#: South takes North's last city with i4-i6 (North keeps i6 only).
LAST_CITY = (
    "w1w1w5/10/10/10/10/10/8W1/10/10/W1W1W5 S "
    "b5:S,d5:S,f5:S,h5:S,c6:S,e6:S,g6:S,i6:N 8/8 0 0"
)


#: Simulations per game other than OpenSpiel's two: none now. Meeple War was simulated once while
#: its table had 3.3 million ids to mask at each state (8 s a game); with 153,698 ids a game of
#: Meeple War takes 1.4 s at 2 players, 2.7 s at 4 (serialization checked, measured on 2 cores).
SIMULATIONS: dict[str, int] = {}


def declared_games() -> list[tuple[str, int]]:
    """Return every declared game with each of its player counts."""
    out = []
    for name in bridge.declared_games():
        game = meeples.load(name)
        out += [(name, n) for n in range(game.min_players, game.max_players + 1)]
    return out


def sparta() -> object:
    return bridge.load("sparta")


def play_texts(state: object, texts: list[str]) -> object:
    """Apply action texts to an OpenSpiel state by their ids (as a client of OpenSpiel would)."""
    for text in texts:
        state.apply_action(actions.action_id(text))  # type: ignore[attr-defined]
    return state


def test_every_declared_game_is_registered_or_says_what_it_waits_for() -> None:
    registered = set(bridge.register())
    waiting = bridge.unavailable()
    assert registered == {bridge.openspiel_name(name) for name in bridge.declared_games()
                          if name not in waiting}
    assert all(reason for reason in waiting.values())
    assert "sparta" not in waiting


@pytest.mark.parametrize(("name", "players"), declared_games())
def test_openspiel_random_simulation_test_passes(name: str, players: int) -> None:
    if name in bridge.unavailable():
        pytest.skip(bridge.unavailable()[name])
    game = bridge.load(name, players=players)
    pyspiel.random_sim_test(game, num_sims=SIMULATIONS.get(name, 2), serialize=True,
                            verbose=False)


def test_game_type_of_sparta_is_deterministic_perfect_information_zero_sum() -> None:
    game_type = sparta().get_type()  # type: ignore[attr-defined]
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game_type.provides_observation_tensor


def test_legal_ids_are_the_action_table_ids_of_the_facades_legal_actions() -> None:
    state = play_texts(sparta().new_initial_state(), ["b2-b4", "b9-b7"])
    facade = meeples.load("sparta").new(2, 0).play("b2-b4").play("b9-b7")
    assert state.legal_actions() == sorted(actions.action_id(t) for t in facade.legal())


def test_action_to_string_is_our_notation() -> None:
    state = sparta().new_initial_state()
    assert [state.action_to_string(a) for a in state.legal_actions()] == sorted(
        meeples.load("sparta").new(2, 0).legal(), key=actions.action_id
    )


def test_apply_plays_the_action_as_its_text_into_the_history_and_position() -> None:
    state = play_texts(sparta().new_initial_state(), ["b2-b4"])
    facade = meeples.load("sparta").new(2, 0).play("b2-b4")
    assert str(state) == facade.position()
    assert state.node.state.history == ("b2-b4",)


def test_illegal_id_is_refused_and_changes_nothing() -> None:
    state = sparta().new_initial_state()
    before = str(state)
    with pytest.raises(meeples.IllegalAction):
        state.apply_action(actions.action_id("e5=H"))
    assert str(state) == before and state.history() == []


def test_returns_are_one_to_the_winner_and_minus_one_to_the_loser() -> None:
    game = sparta()
    state = game.new_initial_state()
    state.node = bridge.Node(state.node.bridge, meeples.load("sparta").parse(LAST_CITY))
    state.apply_action(actions.action_id("i4-i6"))
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]


def test_returns_are_zero_before_the_end() -> None:
    assert sparta().new_initial_state().returns() == [0.0, 0.0]


def test_observation_tensor_is_the_environments_planes_of_the_players_view() -> None:
    state = play_texts(sparta().new_initial_state(), ["b2-b4"])
    facade = meeples.load("sparta").new(2, 0).play("b2-b4")
    for player in (0, 1):
        planes = np.asarray(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(planes, from_view(facade.view(player)).ravel())


def test_observation_string_is_the_public_position_text() -> None:
    state = play_texts(sparta().new_initial_state(), ["b2-b4"])
    assert state.observation_string(1) == meeples.load("sparta").new(2, 0).play("b2-b4").position()


def test_clone_goes_on_apart_from_its_original() -> None:
    state = play_texts(sparta().new_initial_state(), ["b2-b4"])
    clone = state.clone()
    clone.apply_action(actions.action_id("b9-b7"))
    assert state.history() == [actions.action_id("b2-b4")]
    assert str(state) == meeples.load("sparta").new(2, 0).play("b2-b4").position()


def test_serialized_state_loads_back_by_replaying_its_texts() -> None:
    state = play_texts(sparta().new_initial_state(), ["b2-b4", "b9-b7", "c2-c3"])
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, loaded = pyspiel.deserialize_game_and_state(text)
    assert str(loaded) == str(state)
    assert loaded.legal_actions() == state.legal_actions()


def test_rule_options_are_game_parameters() -> None:
    bridge.register(["sparta"])  # by itself: the test may be a worker's first
    game = pyspiel.load_game("meeples_sparta(first=1)")
    assert game.new_initial_state().current_player() == 1


def test_bad_player_count_is_refused_with_the_games_message() -> None:
    with pytest.raises(meeples.BadOptions, match="2"):
        bridge.load("sparta", players=3)


def test_unknown_game_is_refused() -> None:
    with pytest.raises(meeples.UnknownGame):
        bridge.register(["chess"])


@pytest.mark.parametrize("name", bridge.declared_games())
def test_openspiel_mcts_bot_plays_a_whole_game(name: str) -> None:
    if name in bridge.unavailable():
        pytest.skip(bridge.unavailable()[name])
    game = bridge.load(name)
    random_state = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, random_state, max_length=4)
    bot = mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=random_state)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(random_state.choice(ids, p=probabilities))
        else:
            state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert meeples.load(name).parse(str(state)).is_terminal()


def test_pickled_state_loads_in_a_process_that_registered_nothing() -> None:
    state = play_texts(sparta().new_initial_state(), ["b2-b4"])
    code = (
        "import pickle, sys; node = pickle.loads(sys.stdin.buffer.read());"
        " print(node.state.history, node.state.position())"
    )
    done = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state.node),
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().split() == ["('b2-b4',)", *str(state).split()]


def east_of(text: str) -> int:
    """Return how far east an exploration or a move's destination lies (others: far west)."""
    if text.startswith("explore@"):
        return 1_000
    if text[0] not in "-0123456789":  # not a move
        return -1_000
    q, r = (int(part) for part in text.split(">")[1].split(":")[0].split(","))
    return 2 * q + r


def beyond(text: str, radius: int) -> bool:
    """Return whether an action text names a hex more than ``radius`` from the centre."""
    for found in re.finditer(r"(-?\d{1,2}),(-?\d{1,2})", text):
        q, r = int(found.group(1)), int(found.group(2))
        if max(abs(q), abs(r), abs(q + r)) > radius:
            return True
    return False


def test_meeple_war_ids_name_every_legal_action_far_beyond_radius_12() -> None:
    # Through the bridge alone: explore eastwards, by the ids, until actions name hexes more
    # than 12 from the centre (where the old radius-12 table had no id for them).
    game = bridge.load("meeple_war", players=2)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    far = 0
    while not state.is_terminal() and far < 50:
        if state.is_chance_node():
            ids, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(ids, p=probabilities))
            continue
        legal = state.legal_actions()
        texts = [state.action_to_string(number) for number in legal]
        assert len(set(legal)) == len(legal) and legal == sorted(legal)
        assert sorted(texts) == sorted(state.node.state.legal())
        far += sum(beyond(text, 12) for text in texts)
        best = max(range(len(legal)), key=lambda i: east_of(texts[i]))
        pick = best if east_of(texts[best]) > -1_000 and rng.rand() < 0.9 else rng.randint(
            len(legal))
        state.apply_action(legal[pick])
        assert state.history()[-1] == legal[pick]
        assert state.node.state.history[-1] == texts[pick]
    assert far >= 50


@pytest.mark.parametrize("name", sorted(set(bridge.declared_games())))
def test_every_declared_table_declares_every_part(name: str) -> None:
    """A part a game's table has not is declared None or 0 (core.capabilities.TABLE_PARTS):
    the bridge reads them all, never guesses one from its absence."""
    from meeples.core.capabilities import missing_table_parts

    declared = meeples.load(name).capabilities.openspiel
    assert declared is not None and missing_table_parts(declared.table()) == []


def test_a_table_that_leaves_a_part_out_is_refused_naming_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    declared = meeples.load("sparta").capabilities.openspiel
    assert declared is not None
    partial = types.SimpleNamespace(**{k: v for k, v in vars(declared.table()).items()
                                       if k != "LABELS"})
    game = meeples.load("sparta")
    monkeypatch.setattr(game, "capabilities", dataclasses.replace(
        game.capabilities, openspiel=dataclasses.replace(declared, table=lambda: partial)))
    with pytest.raises(bridge.Unavailable, match="declares no LABELS"):
        bridge._declared("sparta")
