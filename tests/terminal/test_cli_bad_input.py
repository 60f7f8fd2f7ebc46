"""Bad input to every subcommand: one line on stderr naming the problem, exit status 2, nothing
on stdout (no banner, no progress: the checks fire before any work), never a traceback.

Each row is (argv, a piece of the expected message). ``{name}`` in an argument is replaced by a
path or text from the ``inputs`` fixture; rows that set environment variables carry them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import meeples
from meeples.cli import main
from meeples.core.files import MAX_INPUT_BYTES

SPARTA = meeples.load("sparta").new().position()
LONG = "x" * 300

Row = tuple[list[str], str]

GLOBAL: list[Row] = [
    (["chess"], "invalid choice: 'chess'"),
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["games", "extra"], "unrecognized arguments: extra"),
]

PLAY: list[Row] = [
    (["play", "chess"], "unknown game 'chess'"),
    (["play"], "name a game to play"),
    (["play", "sparta", "--players", "x"], "argument --players: invalid int value: 'x'"),
    (["play", "sparta", "--players", "3"], "sparta is played by 2 players, not 3"),
    (["play", "sparta", "--players", "0"], "sparta is played by 2 players, not 0"),
    (["play", "sparta", "--players", "-1"], "sparta is played by 2 players, not -1"),
    (["play", "sparta", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
    (["play", "sparta", "--option", "first"], "--option takes NAME=VALUE"),
    (["play", "sparta", "--option", "speed=3"], "sparta has no option 'speed'"),
    (["play", "sparta", "--option", "first=x"], "option 'first' takes a whole number"),
    (["play", "sparta", "--vs", "genius"], "'genius'"),
    (["play", "sparta", "--vs", ""], "--vs needs a bot"),
    (["play", "sparta", "--vs", "attack"], "the attack bot plays Meeple War only"),
    (["play", "meeple_war", "--vs", "alphabeta"], "'alphabeta' cannot play meeple_war at 2"),
    (["play", "rise_of_tribes", "--vs", "alphabeta"], "cannot play rise_of_tribes"),
    (["play", "sparta", "--vs", "mcts:0"], "iterations must be 1 to 10,000,000, not 0"),
    (["play", "sparta", "--vs", "mcts:-1s"], "seconds must be a finite number above 0"),
    (["play", "sparta", "--vs", "mcts:nans"], "seconds must be a finite number above 0"),
    (["play", "sparta", "--vs", "alphabeta:d0"], "depth must be 1 to 40, not 0"),
    (["play", "sparta", "--vs", "mcts:zz"], "is not a budget"),
    (["play", "sparta", "--vs", "mcts:1e9s"], "seconds must be at most 3600 (an hour a move)"),
    (["play", "sparta", "--vs", "mcts:99999999999"], "iterations must be 1 to 10,000,000"),
    (["play", "sparta", "--vs", "alphabeta:d1000"], "depth must be 1 to 40, not 1000"),
    (["play", "sparta", "--option", "first=1", "--option", "first=0"],
     "--option first is given twice"),
    (["play", "rise_of_tribes", "--option", "scenario_tiles=Jungle,XX"], "no scenario tile 'XX'"),
    (["play", "rise_of_tribes", "--option", "elders=Jungle"],
     "option 'elders' takes true or false, not 'Jungle'"),
    (["play", "sparta", "--vs", "mcts:c-1"], "the exploration constant must be 0 or more"),
    (["play", "meeple_war", "--vs", "attack:b2"], "the blunder share must be 0 to 1, not 2"),
    (["play", "sparta", "--seats", ",,"], "--seats names no seat"),
    (["play", "sparta", "--seats", "human,random,random"], "played by 2 players, not 3"),
    (["play", "sparta", "--vs", "random", "--seats", "human,random"], "either --vs or --seats"),
    (["play", "--load", "{missing}"], "no such saved match"),
    (["play", "--load", "{folder}"], "is a folder, not a saved match"),
    (["play", "--load", "{binary}"], "not a text file (not UTF-8"),
    (["play", "--load", "{fifo}"], "is not a regular file"),
    (["play", "--load", "{fifo_link}"], "is not a regular file"),
    (["play", "--load", "{huge}"], "is too large"),
    (["play", "--load", "/dev/zero"], "/dev/zero is not a regular file"),
    (["play", "--load", ""], "an empty text names no saved match"),
    (["play", "--load", "{long}"], "File name too long"),
    (["play", "--load", "{not_json}"], "not valid JSON"),
    (["play", "--load", "{position_file}"], "not valid JSON"),
    (["play", "chess", "--load", "{match}"], "holds a sparta match, not chess"),
    (["play", "--load", "{match}", "--seed", "3"], "--load takes the seed and options"),
    (["play", "--load", "{match}", "--players", "3"], "holds a 2-player match"),
    (["play", "--load", "{bad_action}"], "action 1 ('b2-b7') does not apply"),
    (["play", "--load", "{five_players}"], "field 'players': sparta is played by 2 players, not 5"),
    (["play", "--load", "{seed_edited}"], "the seed does not match its commitment"),
]

REPLAY: list[Row] = [
    (["replay"], "the following arguments are required: file"),
    (["replay", "{missing}"], "no such saved match"),
    (["replay", "{folder}"], "is a folder, not a saved match"),
    (["replay", "{binary}"], "not a text file (not UTF-8"),
    (["replay", "{fifo}"], "is not a regular file"),
    (["replay", "{huge}"], "is too large"),
    (["replay", "/dev/zero"], "/dev/zero is not a regular file"),
    (["replay", ""], "an empty text names no saved match"),
    (["replay", "{not_json}"], "not valid JSON"),
    (["replay", "{seed_edited}"], "the seed does not match its commitment"),
    (["replay", "{five_players}"], "sparta is played by 2 players, not 5"),
    (["replay", "{match}", "--to", "99"], "--to 99: the match has steps 0 to 1"),
    (["replay", "{match}", "--to", "-1"], "--to -1: the match has steps 0 to 1"),
    (["replay", "{match}", "--to", "x"], "argument --to: invalid int value: 'x'"),
    (["replay", "{match}", "--player", "5"], "--player 5: the match has players 1 to 2"),
    (["replay", "{match}", "--player", "0"], "--player 0: the match has players 1 to 2"),
    (["replay", "{match}", "--to", "1", "--final"], "not allowed with argument --to"),
]

HINT: list[Row] = [
    (["hint"], "the following arguments are required: POSITION_OR_FILE"),
    (["hint", LONG], "no such file (nor a position text)"),
    (["hint", "missing.json"], "missing.json: no such file"),
    (["hint", ""], "an empty text is neither a position nor a match"),
    (["hint", "{}"], "not a position of any game"),
    (["hint", "a b c"], "not a position of any game"),
    (["hint", SPARTA.rsplit(" ", 1)[0]], "not a position of any game"),
    (["hint", SPARTA, "--level", "genius"], "unknown bot 'genius'"),
    (["hint", SPARTA, "--level", "attack"], "the attack bot plays Meeple War only"),
    (["hint", "{meeple_war}", "--level", "alphabeta"], "'alphabeta' cannot play meeple_war"),
    (["hint", SPARTA, "--budget", "xx"], "'xx' is not a budget"),
    (["hint", SPARTA, "--budget", "0"], "iterations must be 1 to 10,000,000, not 0"),
    (["hint", SPARTA, "--budget", "0s"], "seconds must be a finite number above 0"),
    (["hint", SPARTA, "--budget", "infs"], "seconds must be a finite number above 0"),
    (["hint", SPARTA, "--budget", "d0"], "depth must be 1 to 40, not 0"),
    (["hint", SPARTA, "--budget", "1e9s"], "seconds must be at most 3600 (an hour a move)"),
    (["hint", SPARTA, "-n", "0"], "argument -n: must be 1 or more, not 0"),
    (["hint", SPARTA, "-n", "x"], "argument -n: takes a whole number, not 'x'"),
    (["hint", SPARTA, "--seed", "x"], "argument --seed: invalid int value: 'x'"),
    (["hint", SPARTA, "--game", "chess"], "unknown game 'chess'"),
    (["hint", "{meeple_war}", "--game", "sparta"], "is a meeple_war position, not sparta"),
    (["hint", "{binary}"], "not UTF-8"),
    (["hint", "{huge}"], "is too large"),
    (["hint", "{folder}"], "is a folder, not a file"),
    (["hint", "/dev/zero"], "/dev/zero is not a regular file"),
    (["hint", "{fifo}"], "is not a regular file"),
    (["hint", "{bad_action}"], "action 1 ('b2-b7') does not apply"),
    (["hint", "{seed_edited}"], "the seed does not match its commitment"),
    (["hint", "{match}", "--game", "meeple_war"], "is a sparta match, not meeple_war"),
    (["hint", "{position_file}", "--game", "rise_of_tribes"], "Rise of Tribes position has"),
]

BOTS = ["random", "heuristic"]
ARENA: list[Row] = [
    (["arena", "random"], "name at least two bots"),
    (["arena", "random", "random"], "bot 'random' is named twice"),
    (["arena", "genius", "random"], "unknown bot 'genius'"),
    (["arena", "--game", "meeple_war", "alphabeta", "random"], "cannot play meeple_war"),
    (["arena", "--game", "rise_of_tribes", "--players", "3", "alphabeta", "random"],
     "cannot play rise_of_tribes at 3 players"),
    (["arena", "attack", "random"], "the attack bot plays Meeple War only"),
    (["arena", "mcts:0", "random"], "iterations must be 1 to 10,000,000"),
    (["arena", "mcts:7200s", "random"], "seconds must be at most 3600"),
    (["arena", "--game", "chess", *BOTS], "unknown game 'chess'"),
    (["arena", "--players", "x", *BOTS], "--players takes player counts separated by commas"),
    (["arena", "--players", "", *BOTS], "--players takes player counts separated by commas"),
    (["arena", "--players", "2,2", *BOTS], "--players names 2 twice"),
    (["arena", "--players", "3", *BOTS], "sparta is played by 2 players, not 3"),
    (["arena", "--game", "meeple_war", "--players", "2,5", *BOTS], "2 to 4 players, not 5"),
    (["arena", "--games", "0", *BOTS], "argument --games: must be 1 or more, not 0"),
    (["arena", "--games", "-1", *BOTS], "argument --games: must be 1 or more, not -1"),
    (["arena", "--games", "x", *BOTS], "argument --games: takes a whole number, not 'x'"),
    (["arena", "--jobs", "0", *BOTS], "argument --jobs: must be 1 to 64, not 0"),
    (["arena", "--jobs", "1000", *BOTS], "argument --jobs: must be 1 to 64, not 1000"),
    (["arena", "--seed", "x", *BOTS], "argument --seed: invalid int value: 'x'"),
    (["arena", "--json", "{missing}/out.json", *BOTS], "does not exist"),
    (["arena", "--json", "{folder}", *BOTS], "is a folder, not a file"),
    (["arena", "--json", "{match}/out.json", *BOTS], "is not a folder"),
    (["arena", "--json", "", *BOTS], "--json needs a file name"),
    (["arena", "--json", "{fifo}", *BOTS], "is a FIFO (named pipe), not a regular file"),
    (["arena", "--json", "{fifo_link}", *BOTS], "(through a link, "),
    (["arena", "--json", "{socket}", *BOTS], "is a socket, not a regular file"),
    (["arena", "--json", "{long}/out.json", *BOTS], "File name too long"),
]

BALANCE: list[Row] = [
    (["balance", "chess"], "unknown game 'chess'"),
    (["balance", "sparta", "--bot", "genius"], "unknown bot 'genius'"),
    (["balance", "sparta", "--players", "3"], "sparta is played by 2 players, not 3"),
    (["balance", "sparta", "--setting", "colour=red"], "colour"),
    (["balance", "sparta", "--setting", "first=1", "--setting", "first=1"],
     "--setting names the same options twice"),
    (["balance", "sparta", "--games", "0"], "argument --games: must be 1 or more, not 0"),
    (["balance", "sparta", "--setting", ""], "a setting names its options"),
    (["balance", "sparta", "--setting", "first=1,,first=0"], "has an option without a name"),
    (["balance", "sparta", "--setting", "first=1,first=0"], "names first twice"),
    (["balance", "sparta", "--json", "{missing}/out.json"], "does not exist"),
    (["balance", "sparta", "--json", "{folder}"], "is a folder, not a file"),
    (["balance", "sparta", "--markdown", "{missing}/out.md"], "does not exist"),
    (["balance", "sparta", "--markdown", ""], "--markdown needs a file name"),
    (["balance", "sparta", "--json", "{fifo}"], "is a FIFO (named pipe), not a regular file"),
    (["balance", "sparta", "--markdown", "{fifo_link}"],
     "pipe.json is a FIFO (named pipe) (through"),
]

BENCH: list[Row] = [
    (["bench", "--seconds", "0"], "argument --seconds: must be more than 0, not 0"),
    (["bench", "--seconds", "-1"], "argument --seconds: must be more than 0, not -1"),
    (["bench", "--seconds", "nan"], "argument --seconds: takes a finite number, not 'nan'"),
    (["bench", "--seconds", "inf"], "argument --seconds: takes a finite number, not 'inf'"),
    (["bench", "--seconds", "x"], "argument --seconds: takes a number, not 'x'"),
    (["bench", "--rounds", "0"], "argument --rounds: must be 1 or more, not 0"),
    (["bench", "--simulations", "0"], "argument --simulations: must be 1 or more, not 0"),
    (["bench", "--game", "chess"], "unknown game 'chess'"),
    (["bench", "--json", "{missing}/bench.json"], "does not exist"),
    (["bench", "--json", "{folder}"], "is a folder, not a file"),
    (["bench", "--json", ""], "--json needs a file name"),
    (["bench", "--json", "{fifo}"], "is a FIFO (named pipe), not a regular file"),
]

SERVE: list[Row] = [
    (["serve", "--port", "0"], "argument --port: must be 1 to 65535, not 0"),
    (["serve", "--port", "99999"], "argument --port: must be 1 to 65535, not 99999"),
    (["serve", "--port", "x"], "argument --port: takes a whole number, not 'x'"),
    (["serve", "--bot-delay", "-3"], "argument --bot-delay: must be 0 or more, not -3"),
    (["serve", "--bot-delay", "nan"], "argument --bot-delay: takes a finite number"),
    (["serve", "--bot-delay", "inf"], "argument --bot-delay: takes a finite number"),
    (["serve", "--db", "{db}", "--host", ""], "--host needs an address"),
    (["serve", "--db", "{db}", "--host", "a..b"], "not an address or known host name"),
    (["serve", "--db", "{db}", "--host", LONG], "not an address or known host name"),
    (["serve", "--db", "{missing}/x.db"], "does not exist"),
    (["serve", "--db", "{folder}"], "is a folder, not a file"),
    (["serve", "--db", "{binary}"], "is not an SQLite database"),
    (["serve", "--db", "{match}/x.db"], "is not a folder"),
    (["serve", "--db", ""], "--db needs an SQLite file name or a database URL"),
    (["serve", "--db", "foo://x"], "unknown kind of database 'foo'"),
    (["serve", "--db", "::bad://"], "neither a file name nor a database URL"),
    (["serve", "--db", "postgresql+asyncpg://u:secret@localhost/m"], "is an asyncio driver"),
    (["serve", "--forwarded-allow-ips", "not-an-ip,,"],
     "'not-an-ip' is not an IP address, a network such as 10.0.0.0/8, or *"),
    (["serve", "--forwarded-allow-ips", "10.0.0.1,,"], "has an empty entry between commas"),
    (["serve", "--forwarded-allow-ips", "*,10.0.0.1"], "'*' trusts every address: give it alone"),
    (["serve", "--forwarded-allow-ips", "10.0.0.1/8"], "'10.0.0.1/8' is not an IP address"),
    (["serve", "--metrics-port", "0"], "argument --metrics-port: must be 1 to 65535, not 0"),
    (["serve", "--log-format", "xml"], "argument --log-format: invalid choice: 'xml'"),
    (["serve", "--db", "{db}", "--metrics-token", ""], "--metrics-token needs a token"),
]

#: Operating a site (issue 29): meeples db and meeples admin. None of them makes a database.
OPERATE: list[Row] = [
    (["db"], "the following arguments are required: ACTION"),
    (["db", "history", "extra"], "unrecognized arguments: extra"),
    (["db", "current", "--db", "{db}"], "there is no database at"),
    (["db", "upgrade", "--db", "{db}"], "there is no database at"),
    (["db", "current", "--db", "{binary}"], "is not an SQLite database"),
    (["db", "upgrade", "--db", "{missing}/x.db"], "does not exist"),
    (["db", "backup", "{folder}", "--db", "{db}"], "there is no database at"),
    (["db", "restore", "{binary}", "--db", "{folder}"], "is a folder, not a file"),
    (["db", "restore", "{binary}", "--db", "{db}"], "is not an SQLite database"),
    (["db", "restore", "{fifo}", "--db", "{db}"], "is a FIFO (named pipe), not a regular file"),
    (["admin"], "the following arguments are required: ACTION"),
    (["admin", "list", "--state", "gone"], "argument --state: invalid choice: 'gone'"),
    (["admin", "list", "--older-than", "soon"], "takes a duration such as 30m, 12h or 7d"),
    (["admin", "list", "--limit", "0"], "argument --limit: must be 1 or more, not 0"),
    (["admin", "list", "--db", "{db}"], "there is no database at"),
    (["admin", "ban", "nope", "--db", "{db}"], "'nope' is not an IP address or a network"),
    (["admin", "abandon", "--db", "{db}"], "the following arguments are required: match"),
    (["export"], "the following arguments are required: --out"),
    (["export", "--out", "{binary}", "--db", "{db}"], "is not a folder: the export writes a new"),
    (["export", "--out", "{missing}/x/y"], "there is no folder"),
    (["export", "--out", "{missing}", "--db", "{db}"], "there is no database at"),
    (["export", "--out", "{missing}", "--game", "chess"], "unknown game 'chess'"),
    (["export", "--out", "{missing}", "--limit", "0"], "argument --limit: must be 1 or more"),
]

LOADTEST: list[Row] = [
    (["loadtest"], "the following arguments are required: scenario"),
    (["loadtest", "chess"], "invalid choice: 'chess'"),
    (["loadtest", "load", "--games", "0"], "argument --games: must be 1 to 5000, not 0"),
    (["loadtest", "load", "--rate", "0"], "argument --rate: must be more than 0, not 0"),
    (["loadtest", "load", "--duration", "inf"], "argument --duration: takes a finite number"),
    (["loadtest", "fuzz", "--count", "x"], "argument --count: takes a whole number, not 'x'"),
    (["loadtest", "load", "--url", "http://10.0.0.1:8000"], "not a loopback address"),
    (["loadtest", "load", "--url", "http://localhost:8000"], "not a loopback address"),
    (["loadtest", "load", "--url", "127.0.0.1"], "give http://127.0.0.1:PORT"),
    (["loadtest", "load", "--url", "http://127.0.0.1:9", "--profile", "p"], "cannot go with"),
    (["loadtest", "load", "--url", "http://127.0.0.1:1"], "http://127.0.0.1:1: no server answers"),
    (["loadtest", "load", "--url", "http://127.0.0.1:99999"], "the port must be 1 to 65535"),
    (["loadtest", "load", "--json", "{missing}/out.json"], "does not exist"),
    (["loadtest", "load", "--profile", "{folder}"], "is a folder, not a file"),
    (["loadtest", "load", "--json", "{fifo}"], "is a FIFO (named pipe), not a regular file"),
]

SELFPLAY_ARGS = ["--games", "2", "--bots", "random"]
SELFPLAY: list[Row] = [
    (["selfplay", "chess", *SELFPLAY_ARGS, "--out", "{missing}"], "unknown game 'chess'"),
    (["selfplay", "sparta", "--bots", "random"], "the following arguments are required"),
    (["selfplay", "sparta", "--games", "0", "--bots", "random", "--out", "{missing}"],
     "argument --games: must be 1 or more, not 0"),
    (["selfplay", "sparta", "--games", "2", "--bots", "random,genius", "--out", "{missing}"],
     "unknown bot 'genius'"),
    (["selfplay", "sparta", "--games", "2", "--bots", ",random", "--out", "{missing}"],
     "has an empty bot between commas"),
    (["selfplay", "sparta", "--games", "2", "--bots", "random,random,random", "--out",
      "{missing}"], "3 bots for 2 seats"),
    (["selfplay", "meeple_war", "--games", "2", "--bots", "alphabeta", "--out", "{missing}"],
     "cannot play meeple_war"),
    (["selfplay", "sparta", *SELFPLAY_ARGS, "--players", "3", "--out", "{missing}"],
     "sparta is played by 2 players, not 3"),
    (["selfplay", "sparta", *SELFPLAY_ARGS, "--processes", "0", "--out", "{missing}"],
     "argument --processes: must be 1 to 64, not 0"),
    (["selfplay", "sparta", *SELFPLAY_ARGS, "--processes", "2", "--ray", "auto", "--out",
      "{missing}"], "not allowed with argument"),
    (["selfplay", "sparta", *SELFPLAY_ARGS, "--out", "{missing}/run"], "does not exist"),
    (["selfplay", "sparta", *SELFPLAY_ARGS, "--out", "{match}"], "is not a folder"),
    (["selfplay", "sparta", *SELFPLAY_ARGS, "--out", ""], "--out needs a folder name"),
    (["selfplay", "sparta", *SELFPLAY_ARGS, "--out", "{taken}"],
     "game-000001.json is a FIFO (named pipe), not a regular file"),
]


VERIFY: list[Row] = [
    (["verify"], "the following arguments are required: record"),
    (["verify", "{missing}"], "no such match record"),
    (["verify", "{folder}"], "is a folder, not a match record"),
    (["verify", "{not_json}"], "cannot read"),
    (["verify", "{match}", "--commitment", "abc"], "--commitment is the 64 hex digits"),
]

LEARN: list[Row] = [
    (["learn"], "the following arguments are required: game"),
    (["learn", "chess"], "unknown game 'chess'"),
]

ROWS = (GLOBAL + PLAY + REPLAY + HINT + ARENA + BALANCE + BENCH + SERVE + LOADTEST + SELFPLAY
        + VERIFY + LEARN + OPERATE)


@pytest.fixture
def inputs(tmp_path: Path, request: pytest.FixtureRequest) -> dict[str, str]:
    """Paths and texts the rows refer to: files of every wrong kind, and good ones."""
    match = tmp_path / "match.json"
    meeples.load("sparta").new().play("b2-b4").record().save(match)
    bad_action = tmp_path / "bad_action.json"
    bad_action.write_text(match.read_text().replace("b2-b4", "b2-b7"))
    data = json.loads(match.read_text())
    five_players = tmp_path / "five_players.json"
    five_players.write_text(json.dumps({**data, "players": 5, "seats": ["human"] * 5}))
    seed_edited = tmp_path / "seed_edited.json"  # its commitment left as it was
    seed_edited.write_text(json.dumps({**data, "seed": str(int(data["seed"]) + 1)}))
    binary = tmp_path / "binary.dat"
    binary.write_bytes(bytes(range(256)) * 4)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(MAX_INPUT_BYTES + 1)  # sparse: no disk used
    folder = tmp_path / "folder"
    folder.mkdir()
    not_json = tmp_path / "not.json"
    not_json.write_text("[1, 2")
    position_file = tmp_path / "position.json"
    position_file.write_text(SPARTA + "\n")
    meeple_war = meeples.load("meeple_war").new(players=2, seed=1).position()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    fifo_link = tmp_path / "pipe.json"
    fifo_link.symlink_to(fifo)
    taken = tmp_path / "taken"  # a self-play folder where a record's name is a FIFO
    taken.mkdir()
    os.mkfifo(taken / "game-000001.json")
    unix = socket.socket(socket.AF_UNIX)
    unix.bind(str(tmp_path / "sock"))
    request.addfinalizer(unix.close)
    return {
        "five_players": str(five_players),
        "seed_edited": str(seed_edited),
        "fifo": str(fifo),
        "fifo_link": str(fifo_link),
        "taken": str(taken),
        "socket": str(tmp_path / "sock"),
        "match": str(match),
        "bad_action": str(bad_action),
        "binary": str(binary),
        "huge": str(huge),
        "folder": str(folder),
        "missing": str(tmp_path / "missing"),
        "not_json": str(not_json),
        "position_file": str(position_file),
        "meeple_war": meeple_war,
        "db": str(tmp_path / "meeples.db"),
        "long": str(tmp_path / LONG),
    }


def fill(argv: list[str], inputs: dict[str, str]) -> list[str]:
    """Return the arguments with their ``{name}`` placeholders filled in."""
    out = []
    for arg in argv:
        for name, value in inputs.items():
            arg = arg.replace("{" + name + "}", value)
        out.append(arg)
    return out


def assert_one_line_error(status: int, out: str, err: str, expected: str) -> None:
    assert status == 2, (out, err)
    assert "Traceback" not in out + err
    assert out == "", out
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("meeples"), err
    assert expected in err, err


@pytest.mark.parametrize(("argv", "expected"), ROWS, ids=[" ".join(a)[:60] for a, _ in ROWS])
def test_bad_input_is_one_line_and_status_2(
    argv: list[str],
    expected: str,
    inputs: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MEEPLES_DATABASE_URL", raising=False)
    monkeypatch.delenv("MEEPLES_DB", raising=False)
    status = main(fill(argv, inputs))
    captured = capsys.readouterr()
    assert_one_line_error(status, captured.out, captured.err, expected)


@pytest.mark.skipif(
    importlib.util.find_spec("psycopg2") is not None, reason="psycopg2 is installed here"
)
def test_database_url_whose_driver_is_missing_names_the_pip_package(
    inputs: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEEPLES_DATABASE_URL", "postgresql+psycopg2://me:secret@localhost/m")
    status = main(["serve"])
    captured = capsys.readouterr()
    assert_one_line_error(status, captured.out, captured.err, "pip install 'psycopg2-binary'")
    assert "$MEEPLES_DATABASE_URL" in captured.err and "secret" not in captured.err


def test_bad_input_through_python_dash_m_prints_no_traceback(inputs: dict[str, str]) -> None:
    for argv, expected in [
        (["hint", LONG], "no such file"),
        (["serve", "--db", "{missing}/x.db"], "does not exist"),
        (["arena", "--json", "{missing}/out.json", *BOTS], "does not exist"),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "meeples", *fill(argv, inputs)],
            capture_output=True, text=True, timeout=60,
            env={k: v for k, v in os.environ.items() if not k.startswith("MEEPLES_")},
        )
        assert_one_line_error(done.returncode, done.stdout, done.stderr, expected)


def test_table_covers_every_subcommand() -> None:
    from meeples.cli import build_parser

    parser = build_parser()
    commands = {a.dest: a for a in parser._actions}["command"].choices  # type: ignore[union-attr]
    tried = {argv[0] for argv, _ in ROWS}
    assert set(commands) - {"games"} <= tried


def test_loadtest_without_httpx_names_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "httpx", None)  # import httpx raises ImportError
    status = main(["loadtest", "load"])
    captured = capsys.readouterr()
    assert_one_line_error(status, captured.out, captured.err, "pip install httpx")
