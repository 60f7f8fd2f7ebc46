"""Balance reports: one bot plays itself over many seeded games per setting (a player count and
a set of rule options), and the report says which seat and which place in the turn order wins
how often, how long games last, where the points come from and how many games drag to the
round limit.

Every seat is the same bot, so a fair setting gives each seat 1/n of the wins; a seat whose 95%
Wilson interval lies wholly above (or below) 1/n wins clearly more (or less) than its share.
Seats are numbered as the game numbers them; the place in the turn order (0: moves first) is
counted from the first player to decide after the setup (Meeple War and Rise of Tribes draw it,
Sparta's ``first`` option names it), going round the seats in order.

Points come from :meth:`State.score_sheet <meeples.core.game.State.score_sheet>` (one line per
source, :mod:`meeples.core.score`), averaged per seat and game; in Sparta, which has no points,
the lines are the facts that decided the game (cities held, pieces left).
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import meeples
from meeples.ai.arena import MAX_PLIES, wilson
from meeples.ai.levels import get_bot
from meeples.ai.model import returns
from meeples.ai.workers import workers
from meeples.core.errors import BadOptions
from meeples.core.game import Game, State
from meeples.core.text import message_from_json, render

FORMAT = "meeples-balance/1"

#: A game still running after this many decisions is stopped (and counted at the limit): the
#: arena's safety net, far above any game's own limit.
MAX_DECISIONS = MAX_PLIES

def rounds_played(state: State[Any, Any], decisions: int) -> int:
    """Return the rounds begun in a game: the rules' own count (``State.rounds``), or for a game
    that keeps none (Sparta) one decision a turn, ``players`` turns a round."""
    counted = state.rounds()
    return counted if counted is not None else math.ceil(decisions / state.players)


@dataclass(frozen=True, slots=True)
class Setting:
    """A player count and the rule options that differ from the defaults."""

    players: int
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def name(self) -> str:
        """Return a short name such as ``3p`` or ``2p quickstart`` or ``2p events=classic12``."""
        parts = [f"{self.players}p"]
        for key, value in self.options:
            parts.append(key if value is True else f"{key}={_text(value)}")
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """Return the setting as JSON-ready data."""
        return {"name": self.name, "players": self.players, "options": dict(self.options)}


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def option_variants(game: Game[Any, Any]) -> list[tuple[tuple[str, Any], ...]]:
    """Return the game's defaults (no change) and each option changed alone to each of its
    other values (a yes/no option flipped, a choice to each other choice); options without
    a fixed set of values (a list of tiles) are changed only to ``True`` when they default to
    ``False``. An option that matters only with another on (:attr:`Option.needs`) is changed
    with that one on (at its default there, it is that one's own variant)."""
    variants: list[tuple[tuple[str, Any], ...]] = [()]
    for name in sorted(game.options):
        option = game.options[name]
        if option.choices is not None:
            values = [v for v in option.choices if v != option.default]
        elif isinstance(option.default, bool):
            values = [not option.default]
        else:
            values = []
        if option.needs is None:
            variants.extend(((name, value),) for value in values)
        else:
            variants.extend(tuple(sorted({option.needs: True, name: value}.items()))
                            for value in values)
    return list(dict.fromkeys(variants))


def parse_setting_options(game: Game[Any, Any], text: str) -> tuple[tuple[str, Any], ...]:
    """Return the options a text such as ``default``, ``quickstart`` or
    ``events=classic12,elders`` names (a bare name means ``true``), checked by the game.

    Raises:
        BadOptions: an empty text, an option without a name or named twice, an unknown option
            or a value the option does not take.
    """
    if not text.strip():
        raise BadOptions("a setting names its options (default, quickstart, "
                         "events=classic12,elders...), not an empty text")
    if text.strip() == "default":
        return ()
    found: dict[str, Any] = {}
    for part in text.split(","):
        key, sep, raw = part.strip().partition("=")
        if not key.strip():
            raise BadOptions(f"setting {text!r} has an option without a name")
        if key.strip() in found:
            raise BadOptions(f"setting {text!r} names {key.strip()} twice")
        value: Any = True
        if sep:
            value = {"true": True, "false": False}.get(raw.strip().lower(), raw.strip())
            if isinstance(value, str) and value.lstrip("-").isdigit():
                value = int(value)
        found[key.strip()] = value
    game.check_options(game.min_players, found)  # names an unknown option or a bad value
    return tuple(sorted(found.items()))


@dataclass(frozen=True, slots=True)
class Task:
    """One self-play game to play."""

    game: str
    bot: str
    setting: int
    players: int
    options: tuple[tuple[str, Any], ...]
    index: int
    seed: int


def play_game(task: Task) -> dict[str, Any]:
    """Play one game of the bot against copies of itself; return its record."""
    game = meeples.load(task.game)
    state = game.new(players=task.players, seed=task.seed, **dict(task.options))
    first = state.to_move
    assert first is not None and first >= 0
    bots = [get_bot(task.game, task.bot) for _ in range(task.players)]
    rngs = [random.Random(task.seed * 1009 + seat) for seat in range(task.players)]
    longest = 0.0
    plies = 0
    start = time.perf_counter()
    while state.outcome is None and plies < MAX_DECISIONS:
        seat = state.to_move
        assert seat is not None
        began = time.perf_counter()
        action = bots[seat].act(state, rngs[seat])
        longest = max(longest, time.perf_counter() - began)
        state = state.play(action).settle()  # chance drawn by the game's own seed (Dealer)
        plies += 1
    outcome = state.outcome
    shares = returns(outcome, task.players) if outcome else (1.0 / task.players,) * task.players
    key = outcome.message.key if outcome is not None and outcome.message is not None else None
    sheet = state.score_sheet()
    return {
        "setting": task.setting,
        "index": task.index,
        "seed": task.seed,
        "players": task.players,
        "first": first,
        "winners": list(outcome.winners) if outcome else [],
        "reason": outcome.reason if outcome else f"stopped after {MAX_DECISIONS} decisions",
        "ending": key,
        "at_limit": outcome is None or state.ended_at_limit(),
        "rounds": rounds_played(state, plies),
        # Games of a game without chance differ only by the bots' tie-breaks and clocks: the
        # digest of the record tells how many distinct games a setting really played.
        "digest": hashlib.sha1("\n".join(state.history).encode()).hexdigest()[:16],
        "plies": plies,
        "shares": list(shares),
        "score_sheet": {"lines": [], "total": None} if sheet is None else sheet.to_json(),
        "seconds": round(time.perf_counter() - start, 3),
        "max_seconds_per_move": round(longest, 3),
    }


def schedule(
    game: str, bot: str, settings: Sequence[Setting], games: int, seed: int = 0
) -> list[Task]:
    """Return the games to play: ``games`` per setting, seeds ``seed`` on (the same seeds in
    every setting, so settings differ by their options only), game i of every setting before
    game i + 1 of any (a run stopped early has as many games in each setting)."""
    return [
        Task(game, bot, s, setting.players, setting.options, i, seed + i)
        for i in range(games)
        for s, setting in enumerate(settings)
    ]


def _rate(score: float, games: int) -> dict[str, Any]:
    low, high = wilson(score, games)
    return {
        "score": round(score, 3),
        "rate": round(score / games, 4) if games else None,
        "ci95": [round(low, 4), round(high, 4)],
    }


def _quantile(values: Sequence[int], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarise_setting(setting: Setting, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Return one setting's figures: wins by seat and by place in the turn order (shares, a
    shared win split), lengths in rounds, endings, games at the limit and points by source."""
    n = setting.players
    count = len(records)
    fair = 1.0 / n
    by_seat = [0.0] * n
    by_order = [0.0] * n
    for record in records:
        for seat, share in enumerate(record["shares"]):
            by_seat[seat] += share
            by_order[(seat - record["first"]) % n] += share
    rounds = [int(r["rounds"]) for r in records]
    limit = sum(1 for r in records if r["at_limit"])
    draws = sum(1 for r in records if not r["winners"])
    endings: dict[str, int] = {}
    for record in records:
        endings[record["reason"]] = endings.get(record["reason"], 0) + 1
    row: dict[str, Any] = {
        **setting.to_json(),
        "games": count,
        "fair_share": round(fair, 4),
        "seats": [_flagged(_rate(s, count), fair) for s in by_seat],
        "turn_order": [_flagged(_rate(s, count), fair) for s in by_order],
        "rounds": {
            "mean": round(sum(rounds) / count, 2) if count else None,
            "median": _quantile(rounds, 0.5),
            "p90": _quantile(rounds, 0.9),
            "max": max(rounds, default=0),
        },
        "at_limit": {"games": limit, **_rate(float(limit), count)},
        "draws": draws,
        "distinct_games": len({r["digest"] for r in records}) if all(
            "digest" in r for r in records) else None,
        "endings": dict(sorted(endings.items(), key=lambda item: -item[1])),
        "points": points_by_source(records, n),
        "seconds": round(sum(float(r["seconds"]) for r in records), 1),
        "max_seconds_per_move": max((float(r["max_seconds_per_move"]) for r in records),
                                    default=0.0),
    }
    return row


def _flagged(rate: dict[str, Any], fair: float) -> dict[str, Any]:
    """Return a rate with ``clear``: +1 when its interval lies above the fair share, -1 below."""
    low, high = rate["ci95"]
    rate["clear"] = 1 if low > fair else -1 if high < fair else 0
    return rate


def points_by_source(records: Sequence[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Return each score-sheet line (by message key) with its mean per seat and game, its mean
    for the winners, its share of the counted points, and whether it is counted."""
    sums: dict[str, dict[str, Any]] = {}
    total_counted = 0.0
    winners_seen = 0
    for record in records:
        winners = record["winners"]
        winners_seen += len(winners)
        for line in record["score_sheet"]["lines"]:
            label = line["label"]
            key = label["key"]
            entry = sums.setdefault(key, {"label": label, "counted": bool(line["counted"]),
                                          "all": 0.0, "winners": 0.0})
            points = line["points"]
            entry["all"] += sum(points)
            entry["winners"] += sum(points[w] for w in winners)
            if line["counted"]:
                total_counted += sum(points)
    rows = []
    seat_games = len(records) * players
    for key, entry in sums.items():
        rows.append({
            "key": key,
            "label": entry["label"],
            "counted": entry["counted"],
            "mean_per_seat": round(entry["all"] / seat_games, 3) if seat_games else None,
            "mean_per_winner": round(entry["winners"] / winners_seen, 3) if winners_seen else None,
            "share_of_points": (round(entry["all"] / total_counted, 4)
                                if entry["counted"] and total_counted else None),
        })
    return rows


@dataclass
class Balance:
    """A balance run under way: its settings, the records so far and the report they give."""

    game: str
    bot: str
    settings: list[Setting]
    games_per_setting: int
    seed: int = 0
    jobs: int = 1
    records: list[dict[str, Any]] = field(default_factory=list)
    started: float = field(default_factory=time.perf_counter)
    #: Seconds of an earlier run this one goes on from (:meth:`resume`).
    earlier_seconds: float = 0.0

    def resume(self, report: Mapping[str, Any]) -> int:
        """Take over the games of an earlier report of this very run (same game, bot, settings
        and seed, and as many games per setting or fewer: a run may be extended, a screening
        of 40 games to 200), which :meth:`play` then skips; return how many.

        Raises:
            ValueError: the report is not a balance report, or of another run (says which).
        """
        if report.get("format") != FORMAT:
            raise ValueError(f"not a balance report ({FORMAT})")
        mine = {
            "game": self.game, "bot": self.bot, "games_per_setting": self.games_per_setting,
            "seed": self.seed,
            "settings": [(s.players, dict(s.options)) for s in self.settings],
        }
        theirs = {key: report.get(key) for key in mine if key != "settings"}
        theirs["settings"] = [(row.get("players"), row.get("options"))
                              for row in report.get("settings", [])]
        if isinstance(theirs["games_per_setting"], int) and (
                theirs["games_per_setting"] <= self.games_per_setting):
            theirs["games_per_setting"] = self.games_per_setting  # extended
        for key, value in mine.items():
            if theirs[key] != value:
                raise ValueError(f"it was run with another {key.replace('_', ' ')}:"
                                 f" {theirs[key]!r}, not {value!r}")
        done = {(r["setting"], r["index"]): r for r in report.get("games", [])}
        self.records = list(done.values())
        self.earlier_seconds = float(report.get("seconds", 0.0))
        return len(self.records)

    def report(self) -> dict[str, Any]:
        """Return the JSON-ready report of the games played so far (``complete`` once all
        are)."""
        ordered = sorted(self.records, key=lambda r: (r["setting"], r["index"]))
        rows = [
            summarise_setting(setting, [r for r in ordered if r["setting"] == s])
            for s, setting in enumerate(self.settings)
        ]
        expected = len(self.settings) * self.games_per_setting
        return {
            "format": FORMAT,
            "game": self.game,
            "bot": self.bot,
            "games_per_setting": self.games_per_setting,
            "seed": self.seed,
            "jobs": self.jobs,
            "complete": len(ordered) >= expected,
            "games_played": len(ordered),
            "seconds": round(self.earlier_seconds + time.perf_counter() - self.started, 1),
            "settings": rows,
            "games": ordered,
        }

    def play(self, progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Play every game not played yet (over ``jobs`` processes), calling ``progress``
        after each; return the report."""
        played = {(r["setting"], r["index"]) for r in self.records}
        tasks = [task for task in schedule(self.game, self.bot, self.settings,
                                           self.games_per_setting, self.seed)
                 if (task.setting, task.index) not in played]
        results: Iterable[dict[str, Any]]
        if self.jobs <= 1:
            results = (play_game(task) for task in tasks)
            for record in results:
                self.records.append(record)
                if progress:
                    progress(record)
        else:
            with workers(self.jobs) as pool:
                for record in pool.imap_unordered(play_game, tasks):
                    self.records.append(record)
                    if progress:
                        progress(record)
        return self.report()


def findings(report: Mapping[str, Any], limit_share: float = 0.05) -> list[str]:
    """Return the report's findings in English: seats or places in the turn order that win
    clearly more or less than their share, and settings where more than ``limit_share`` of the
    games reach the round limit (the interval's low end above it)."""
    found = []
    for row in report["settings"]:
        if not row["games"]:
            continue
        fair = row["fair_share"]
        for kind, rates in (("seat", row["seats"]), ("turn-order place", row["turn_order"])):
            for index, rate in enumerate(rates):
                if rate["clear"]:
                    low, high = rate["ci95"]
                    word = "more" if rate["clear"] > 0 else "less"
                    found.append(
                        f"{row['name']}: {kind} {index} wins {100 * rate['rate']:.1f}% of "
                        f"{row['games']} games (95% {100 * low:.1f}-{100 * high:.1f}%), clearly "
                        f"{word} than its share {100 * fair:.1f}%"
                    )
        at_limit = row["at_limit"]
        if at_limit["ci95"][0] > limit_share:
            found.append(
                f"{row['name']}: {at_limit['games']} of {row['games']} games "
                f"({100 * at_limit['rate']:.1f}%, 95% {100 * at_limit['ci95'][0]:.1f}-"
                f"{100 * at_limit['ci95'][1]:.1f}%) end at the designed limit"
            )
    return found


def _pct(rate: Mapping[str, Any]) -> str:
    low, high = rate["ci95"]
    mark = " **+**" if rate.get("clear", 0) > 0 else " **-**" if rate.get("clear", 0) < 0 else ""
    return f"{100 * rate['rate']:.1f}% ({100 * low:.0f}-{100 * high:.0f}){mark}"


def markdown(report: Mapping[str, Any], command: str | None = None) -> str:
    """Return the report as a Markdown section (``##`` title, tables, findings)."""
    seeds = f" (seeds from {report['seed']})" if report["seed"] else ""
    lines = [f"## {report['game']}: `{report['bot']}` against itself{seeds}", ""]
    played = report["games_played"]
    lines.append(
        f"{played} games ({report['games_per_setting']} per setting"
        f"{'' if report['complete'] else ', run not complete'}), seeds from {report['seed']}, "
        f"{report['seconds']} s on {report['jobs']} process(es)."
    )
    if command:
        lines += ["", f"Reproduce: `{command}`"]
    lines += ["", "Wins by seat and by place in the turn order (0 moves first): share of wins, "
              "95% Wilson interval; **+** / **-** marks an interval wholly above / below 1/n.", ""]
    widest = max((row["players"] for row in report["settings"]), default=2)
    head = ["setting", "games"] + [f"seat {i}" for i in range(widest)] + [
        f"order {i}" for i in range(widest)]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for row in report["settings"]:
        if not row["games"]:
            continue
        pad = [""] * (widest - row["players"])
        cells = [row["name"], str(row["games"])] + [_pct(r) for r in row["seats"]] + pad + [
            _pct(r) for r in row["turn_order"]] + pad
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Length in rounds, distinct games (different records) and endings:", ""]
    lines.append("| setting | mean | median | 90% | max | at limit | draws | distinct | endings |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for row in report["settings"]:
        if not row["games"]:
            continue
        r = row["rounds"]
        endings = "; ".join(f"{k} {v}" for k, v in row["endings"].items())
        lines.append(
            f"| {row['name']} | {r['mean']} | {r['median']:g} | {r['p90']:g} | {r['max']} | "
            f"{row['at_limit']['games']} ({_pct(row['at_limit'])}) | {row['draws']} | "
            f"{'?' if row.get('distinct_games') is None else row['distinct_games']} | "
            f"{endings} |"
        )
    lines += ["", "Points by source (score sheet): mean per seat and game, mean for the winner, "
              "share of all points counted (facts beside the total show no share).", ""]
    lines.append("| setting | source | per seat | per winner | share |")
    lines.append("|---|---|---|---|---|")
    for row in report["settings"]:
        for line in row["points"]:
            label = render(message_from_json(line["label"]))
            share = "" if line["share_of_points"] is None else (
                f"{100 * line['share_of_points']:.1f}%")
            winner = "" if line["mean_per_winner"] is None else f"{line['mean_per_winner']:g}"
            lines.append(f"| {row['name']} | {label} | {line['mean_per_seat']:g} | {winner} | "
                         f"{share} |")
    found = findings(report)
    lines += ["", "Findings:", ""]
    lines += [f"- {item}" for item in found] or ["- no seat wins clearly more or less than its "
                                                 "share, and no setting drags to the limit."]
    return "\n".join(lines) + "\n"
