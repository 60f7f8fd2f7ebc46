"""The batch engine (meeples.games.sparta.batch) plays exactly the rules.

Seeded random games side by side with the pure rules (every mask, position, outcome and
observation), then the rule sheet's cases one by one: each played in both engines from a
position text, compared, and checked against what the sheet says.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from meeples.games.sparta import actions, batch, batch_check, notation, rules
from meeples.games.sparta.state import State
from tests.games.sparta.helpers import position
from tests.games.sparta.test_captures import BYSTANDERS, DIRECTIONS, MIDDLE_START, letter, shift

ROOT = Path(__file__).resolve().parents[3]


def both(text: str, *moves: str) -> tuple[batch.Batch, State]:
    """Play action texts from a position text in both engines, comparing masks and positions
    after each; return the batch of one game and the rules' state."""
    state = notation.parse_state(text)
    played = batch.from_states([state])
    for move in moves:
        expected = actions.ids(rules.legal_actions(state))
        assert np.flatnonzero(batch.legal_mask(played)[0]).tolist() == expected
        number = actions.action_id(move)
        batch.step(played, [number])
        state = rules.apply(state, actions.action(number))
        assert batch_check.difference(played, 0, state) is None, move
    return played, state


def squares(played: batch.Batch) -> set[str]:
    return {notation.square_name(sq) for sq in np.flatnonzero(played.board[0]).tolist()}


# -- side by side ----------------------------------------------------------------------------


def test_opening_has_118_legal_moves_for_either_side() -> None:
    games = batch.init(2)
    games.to_move[1] = 1
    assert batch.legal_mask(games).sum(axis=1).tolist() == [118, 118]


def test_random_games_agree_with_the_rules_ply_by_ply() -> None:
    # Both first players and both heroes_conquer settings; masks (absolute and relative),
    # positions, outcomes and both players' observations compared at every ply.
    report = batch_check.differential(24, seed=30, width=24)
    assert report.games == 24 and report.plies > 24 * 100


def test_a_changed_engine_is_caught() -> None:
    # The comparison itself can fail: one square changed in the batch is a difference.
    played = batch.init(1)
    state = rules.initial_state(2, 0, {})
    played.board[0, rules.square("b2")] = 0
    assert batch_check.difference(played, 0, state) == "board"


# -- captures --------------------------------------------------------------------------------


def vector(pattern: str, direction: str, mover: str) -> tuple[str, str, list[str]]:
    """Return the position of a capture vector of the sheet, the starred move and the line
    (as tests/games/sparta/test_captures.py sets them up)."""
    other = "N" if mover == "S" else "S"
    step, beside = DIRECTIONS[direction]
    cells = pattern.split()
    line = [shift(MIDDLE_START[direction], step, i) for i in range(len(cells))]
    pieces = {sq: letter(mover) for sq in BYSTANDERS[mover]}
    pieces.update({sq: letter(other) for sq in BYSTANDERS[other]})
    move = ""
    for sq, cell in zip(line, cells, strict=True):
        side = mover if cell.startswith("Y") else other
        if cell.endswith("*"):
            move = f"{shift(sq, beside)}-{sq}"
            pieces[shift(sq, beside)] = letter(side)
        else:
            pieces[sq] = letter(side)
    return position(pieces, side=mover), move, line


CASES = [(d, side) for d in DIRECTIONS for side in ("S", "N")]


@pytest.mark.parametrize(("direction", "mover"), CASES)
@pytest.mark.parametrize(("pattern", "fallen"), [
    ("R Y* R", [1]), ("R Y Y* R", [1, 2]), ("R Y* R Y", [1, 2]), ("Y* R R Y", [1, 2]),
])
def test_captures_by_enclosure_own_pieces_too(pattern: str, fallen: list[int], direction: str,
                                              mover: str) -> None:
    text, move, line = vector(pattern, direction, mover)
    played, _ = both(text, move)
    left = squares(played)
    assert [i for i, sq in enumerate(line) if sq not in left] == fallen


def test_a_capture_resets_the_quiet_plies_and_the_history() -> None:
    text, move, _ = vector("Y* R R Y", "rank", "S")
    played, _ = both(text.replace(" 0 0", " 57 0"), move)
    assert played.quiet[0] == 0 and played.seen[0] == 1


# -- promotion, conquest ---------------------------------------------------------------------


PIECES = {"a10": "W", "c10": "W", "e10": "W", "h10": "w", "j10": "w", "j8": "w"}


def test_a_warrior_landing_on_its_own_city_becomes_a_hero() -> None:
    played, _ = both(position({**PIECES, "d3": "W"}), "d3-d5")
    assert played.board[0, rules.square("d5")] == 2 and played.reserves[0].tolist() == [7, 8]


def test_a_warrior_on_its_own_city_may_promote_in_place() -> None:
    played, _ = both(position({**PIECES, "d5": "W"}), "d5=H")
    assert played.board[0, rules.square("d5")] == 2 and played.reserves[0, 0] == 7


def test_landing_on_an_enemy_city_conquers_it() -> None:
    played, _ = both(position({**PIECES, "e4": "W"}), "e4-e6")
    assert played.cities[0, rules.square("e6")] == 0 and played.quiet[0] == 0


def test_heroes_do_not_conquer_when_the_option_is_off() -> None:
    played, _ = both(position({**PIECES, "e4": "H"}, heroes_conquer=False), "e4-e6")
    assert played.cities[0, rules.square("e6")] == 1


# -- passes and every ending -----------------------------------------------------------------


#: South's two warriors boxed in the corners a1 and j1 (no move, no city): South must pass.
BOXED = {"a1": "W", "j1": "W", "a2": "w", "b2": "w", "b1": "w", "j2": "w", "i2": "w", "i1": "w"}


def test_a_player_without_a_move_passes_and_pass_is_its_only_action() -> None:
    played = batch.from_states([notation.parse_state(position(BOXED))])
    assert np.flatnonzero(batch.legal_mask(played)[0]).tolist() == [actions.PASS_ID]
    played, _ = both(position(BOXED), "pass")
    assert played.passes[0] == 1 and not played.ended[0]


def test_two_passes_in_a_row_end_the_game_by_cities() -> None:
    played, _ = both(position(BOXED, passes=1), "pass")
    assert batch.REASONS[played.reason[0]] == "both players passed"
    assert played.winner[0] == batch.DRAW  # four cities each


def test_owning_all_cities_wins() -> None:
    cities = {"b5": "S", "d5": "S", "f5": "S", "h5": "S", "c6": "S", "e6": "S", "g6": "S",
              "i6": "N"}
    played, _ = both(position({**PIECES, "i4": "W"}, cities=cities), "i4-i6")
    assert batch.REASONS[played.reason[0]] == "all cities" and played.winner[0] == 0


def test_one_piece_left_loses() -> None:
    # South encloses one of North's two pieces: North keeps one.
    played, state = both(position({"a10": "W", "c10": "W", "c3": "W", "d3": "w", "f4": "W",
                                   "j10": "w"}), "f4-e3")
    assert batch.REASONS[played.reason[0]] == "one piece left" and played.winner[0] == 0
    _, reward, terminated = batch.step(played, [actions.PASS_ID])
    assert terminated[0] and reward[0].tolist() == [0.0, 0.0]  # ended games ignore their id


def test_both_sides_down_to_two_pieces_decides_by_cities() -> None:
    # R Y* R Y: South's mover and North's middle piece fall, two each remain; South owns five.
    cities = {"b5": "S", "d5": "S", "f5": "S", "h5": "S", "c6": "S", "e6": "N", "g6": "N",
              "i6": "N"}
    text = position({"c3": "w", "e3": "w", "f3": "W", "d4": "W", "a10": "W", "j10": "w"},
                    cities=cities)
    played, _ = both(text, "d4-d3")
    assert batch.REASONS[played.reason[0]] == "both sides down to two pieces"
    assert played.winner[0] == 0


def test_the_third_repetition_ends_the_game() -> None:
    moves = ["a10-a9", "j10-j9", "a9-a10", "j9-j10"] * 2
    played, state = both(position(PIECES), *moves)
    assert batch.REASONS[played.reason[0]] == "threefold repetition"
    assert played.winner[0] == batch.DRAW and state.outcome is not None


def test_two_hundred_quiet_plies_end_the_game() -> None:
    played, _ = both(position(PIECES, quiet=199), "a10-a9")
    assert batch.REASONS[played.reason[0]] == "200 plies without progress"


# -- ids, observations, bad input ------------------------------------------------------------


def test_relative_ids_are_the_mirrored_ids_for_north() -> None:
    games = batch.init(2, first=1)
    move = actions.action_id("c9-c7")
    _, _, _ = batch.step(games, [actions.mirror(move)] * 2, relative=True)
    assert games.board[0, rules.square("c7")] == 3
    mask = batch.legal_mask(batch.init(1, first=1), relative=True)[0]
    assert mask[actions.mirror(move)] and not mask[move]


def test_observations_are_the_environment_planes() -> None:
    from meeples.env import sparta as observer

    state = rules.initial_state(2, 0, {})
    state = rules.apply(state, actions.action(actions.action_id("d2-d4")))
    games = batch.from_states([state])
    for player in (0, 1):
        assert np.array_equal(batch.observe(games, player)[0],
                              observer.from_state(state, player))


def test_an_illegal_id_is_refused_and_no_game_moves() -> None:
    games = batch.init(3)
    before = games.copy()
    legal = actions.action_id("d2-d4")
    with pytest.raises(ValueError, match="not legal in game 1"):
        batch.step(games, [legal, actions.action_id("d2-d5"), legal])
    for name in ("board", "to_move", "seen", "quiet"):
        assert np.array_equal(getattr(games, name), getattr(before, name))


def test_ids_of_the_wrong_shape_are_refused() -> None:
    with pytest.raises(ValueError, match="one integer id per game"):
        batch.step(batch.init(2), [1])


def test_long_histories_grow_their_array() -> None:
    moves = ["a10-a9", "h10-h9", "a9-a8", "h9-h8", "a8-a7", "h8-h7"]
    state = notation.parse_state(position(PIECES))
    games = batch.from_states([state])
    games.history = games.history[:, :2].copy()
    for move in moves:
        batch.step(games, [actions.action_id(move)])
        state = rules.apply(state, actions.action(actions.action_id(move)))
    assert games.seen[0] == 7 and games.history.shape[1] >= 7
    assert batch_check.difference(games, 0, state) is None


def test_without_numba_the_same_code_runs_as_python_without_warnings() -> None:
    script = (
        "import sys; sys.modules['numba'] = None\n"
        "from meeples.games.sparta import batch, batch_check\n"
        "assert not batch.COMPILED\n"
        "print(batch_check.differential(1, seed=3, width=1, observations=False).plies)\n"
    )
    done = subprocess.run([sys.executable, "-W", "error", "-c", script], capture_output=True,
                          text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "src")},
                          timeout=600, check=True)
    assert int(done.stdout) > 10


def test_the_listed_legal_ids_are_the_mask_s() -> None:
    games = batch.init(3)
    games.to_move[1] = 1
    games.winner[2] = 0  # ended: nothing listed
    ids = np.zeros((3, batch.MOST_LEGAL), np.int16)
    counts = np.zeros(3, np.int32)
    for relative in (False, True):
        mask = batch.legal_mask(games, relative, ids=ids, counts=counts)
        for i in range(3):
            assert sorted(ids[i, : counts[i]].tolist()) == np.flatnonzero(mask[i]).tolist()
    picked = batch.pick(ids, counts, np.random.default_rng(0))
    assert mask[0, picked[0]] and mask[1, picked[1]] and picked[2] == actions.PASS_ID


def test_random_ids_and_samples_are_legal() -> None:
    games = batch.init(4)
    rng = np.random.default_rng(0)
    for _ in range(30):
        mask = batch.legal_mask(games)
        assert batch.check(games, batch.random_ids(games, rng)).all()
        chosen = batch.sample(mask, rng)
        assert mask[np.arange(4), chosen].all()
        batch.step(games, chosen)


def random_games(plies: int, games: int = 6, seed: int = 1) -> tuple[batch.Batch, list[State]]:
    """Return games played ``plies`` random plies from the opening, in both engines."""
    played = batch.init(games)
    states = [rules.initial_state(2, 0, {})] * games
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        ids = batch.random_ids(played, rng)
        batch.step(played, ids, checked=False)
        states = [s if s.outcome else rules.apply(s, actions.action(int(k)))
                  for s, k in zip(states, ids, strict=True)]
    return played, states


def test_an_incremental_mask_clears_only_the_last_ids_and_equals_a_fresh_one() -> None:
    games = batch.init(6)
    games.to_move[3:] = 1
    rng = np.random.default_rng(2)
    mask = np.zeros((6, batch.COUNT), np.bool_)
    ids = np.zeros((6, batch.MOST_LEGAL), np.int16)
    counts = np.zeros(6, np.int32)
    for ply in range(60):
        relative = ply % 3 == 0
        batch.legal_mask(games, relative, mask, ids, counts, incremental=True)
        assert np.array_equal(mask, batch.legal_mask(games, relative))
        batch.step(games, batch.pick(ids, counts, rng), relative)


def test_an_incremental_mask_needs_the_last_list() -> None:
    with pytest.raises(ValueError, match="needs the ids and counts"):
        batch.legal_mask(batch.init(2), incremental=True)


def test_planes_written_where_they_changed_equal_fresh_planes() -> None:
    games = batch.init(6)
    rng = np.random.default_rng(3)
    planes = np.zeros((6, batch.PLANES, batch.SIZE, batch.SIZE), np.float32)
    drawing = batch.Drawing.blank(6)
    for ply in range(80):
        viewers = rng.integers(0, 2, 6) if ply % 4 else games.to_move  # both sides in turn
        batch.observe(games, viewers, out=planes, drawing=drawing)
        assert np.array_equal(planes, batch.observe(games, viewers))
        batch.step(games, batch.random_ids(games, rng))


def test_a_random_playout_plays_legal_moves_of_the_rules() -> None:
    played, states = random_games(30)
    rng = np.random.default_rng(4)
    for _ in range(40):  # one ply at a time: each must be one of the rules' legal moves
        batch.play_out(played, rng, cap=1)
        for i, state in enumerate(states):
            if state.outcome is not None:
                assert batch_check.difference(played, i, state) is None
                continue
            matches = [rules.apply(state, a) for a in rules.legal_actions(state)]
            states[i] = next(s for s in matches if batch_check.difference(played, i, s) is None)


def test_random_playouts_end_every_game_and_repeat_from_a_seed() -> None:
    first = batch.play_out(random_games(10)[0], np.random.default_rng(5))
    again = batch.play_out(random_games(10)[0], np.random.default_rng(5))
    assert (first.winner != batch.ONGOING).all() and (first.reason > 0).all()
    assert np.array_equal(first.board, again.board) and np.array_equal(first.winner,
                                                                       again.winner)


def test_a_playout_of_no_plies_changes_nothing() -> None:
    games, _ = random_games(10)
    before = games.copy()
    batch.play_out(games, np.random.default_rng(0), cap=0)
    assert np.array_equal(games.board, before.board) and np.array_equal(games.seen, before.seen)
