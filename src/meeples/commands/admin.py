"""``meeples admin``: what an operator does to a site's matches and visitors, in its database.

list (filters: game, state, age, address), abandon or delete a match, ban or unban an address,
and show the bans and the operators' log; for the table chat (docs/chat.md), list the reported
messages, hide one, and ban an account or an address from every chat. Each change is written in
the log with who made it (user@host) and is read by every running server within a second
(:mod:`meeples.server.door`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import time
from typing import Any

from meeples.commands._checks import number, shorten, whole_number
from meeples.commands._database import add_db_option, open_store
from meeples.core.errors import BadOptions

_DURATION = re.compile(r"(\d+(?:\.\d+)?)([smhd])")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def duration(text: str) -> float:
    """Return the seconds of a duration such as ``90s``, ``30m``, ``12h`` or ``7d``.

    Raises:
        argparse.ArgumentTypeError: anything else.
    """
    found = _DURATION.fullmatch(text.strip())
    if found is None:
        raise argparse.ArgumentTypeError(
            f"takes a duration such as 30m, 12h or 7d, not {shorten(text)!r}")
    return float(found.group(1)) * _UNITS[found.group(2)]


def register(subparsers: Any) -> None:
    """Add the ``admin`` subcommand and its actions."""
    from_states = ("open", "live", "abandoned", "finished")
    parser = subparsers.add_parser(
        "admin", help="list, stop or delete matches; ban addresses (logged)",
        description="Operate a site's matches and visitors through its database; every change"
        " is logged and reaches the running servers within a second.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="list matches, newest first")
    listing.add_argument("--game", help="only this game's matches")
    listing.add_argument("--state", choices=from_states, help="only the matches in this state")
    listing.add_argument("--older-than", type=duration, metavar="AGE",
                         help="created at least AGE ago (30m, 12h, 7d)")
    listing.add_argument("--newer-than", type=duration, metavar="AGE",
                         help="created at most AGE ago")
    listing.add_argument("--address", help="created from this address or network")
    listing.add_argument("--limit", type=whole_number(1), default=100, help="at most (100)")
    listing.add_argument("--abandon-after", type=number(positive=True), default=24.0,
                         metavar="HOURS", help="idle hours after which an unfinished match"
                         " counts as abandoned, as the server's option (24)")
    abandon = actions.add_parser("abandon", help="stop an unfinished match: nobody wins")
    delete = actions.add_parser("delete", help="delete a match and everything of it")
    for sub in (abandon, delete):
        sub.add_argument("match", help="the match id")
        sub.add_argument("--reason", default="", help="why, for the log")
    ban = actions.add_parser("ban", help="refuse an address or network at every server's door")
    ban.add_argument("address", help="an IP address or a network (203.0.113.0/24)")
    ban.add_argument("--reason", default="", help="why, for the log")
    unban = actions.add_parser("unban", help="lift a ban")
    unban.add_argument("address", help="the address or network as banned")
    actions.add_parser("bans", help="list the bans")
    log = actions.add_parser("log", help="the operators' log, newest last")
    log.add_argument("--limit", type=whole_number(1), default=50, help="lines (50)")
    reports = actions.add_parser("chat-reports", help="the chat messages players reported,"
                                 " newest first")
    reports.add_argument("--limit", type=whole_number(1), default=100, help="at most (100)")
    hide = actions.add_parser("chat-hide", help="hide a chat message from everyone")
    hide.add_argument("match", help="the match id")
    hide.add_argument("seq", type=whole_number(1), help="the message's number in its chat")
    hide.add_argument("--reason", default="", help="why, for the log")
    chat_ban = actions.add_parser("chat-ban", help="keep an account or an address from writing"
                                  " in any chat (they still play)")
    chat_unban = actions.add_parser("chat-unban", help="lift a chat ban")
    for sub in (chat_ban, chat_unban):
        whom = sub.add_mutually_exclusive_group(required=True)
        whom.add_argument("--account", help="an account's name")
        whom.add_argument("--address", help="an IP address or a network (203.0.113.0/24)")
    chat_ban.add_argument("--reason", default="", help="why, for the log")
    chat_bans = actions.add_parser("chat-bans", help="list the chat bans")
    for sub in actions.choices.values():
        add_db_option(sub)
        if sub in (listing, actions.choices["bans"], log, reports, chat_bans):
            sub.add_argument("--json", action="store_true", help="JSON lines, for scripts")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run one action of ``meeples admin``."""
    from meeples.server import admin

    if args.action == "list" and args.game is not None:
        import meeples

        if args.game not in meeples.game_names():
            raise BadOptions(f"--game {shorten(args.game)!r}: the games are"
                             f" {', '.join(meeples.game_names())}")
    if (args.action in ("ban", "unban", "list", "chat-ban", "chat-unban")
            and getattr(args, "address", None) is not None):
        try:
            admin.network(args.address)
        except admin.AdminError as problem:
            raise BadOptions(str(problem)) from None
    store, shown = open_store(args)
    try:
        return _act(args, store, admin.operator())
    except admin.AdminError as problem:
        raise BadOptions(str(problem)) from None
    finally:
        store.close()


def _act(args: argparse.Namespace, store: Any, by: str) -> int:
    from meeples.server import admin

    if args.action == "list":
        found = admin.list_matches(
            store, game=args.game, state=args.state, older_than=args.older_than,
            newer_than=args.newer_than, address=args.address, limit=args.limit,
            abandon_after=args.abandon_after * 3600,
        )
        _show([m.to_json() for m in found], args.json, _match_line)
    elif args.action == "abandon":
        event = admin.abandon(store, args.match, by, args.reason)
        print(f"match {args.match} stopped after {event.ply} actions: nobody wins (logged)")
    elif args.action == "delete":
        plies = admin.delete_match(store, args.match, by, args.reason)
        print(f"match {args.match} deleted with its {plies} actions (logged)")
    elif args.action == "ban":
        print(f"{admin.ban(store, args.address, by, args.reason)} banned (logged)")
    elif args.action == "unban":
        print(f"{admin.unban(store, args.address, by)} unbanned (logged)")
    elif args.action == "bans":
        _show(admin.banned(store), args.json, _ban_line)
    elif args.action.startswith("chat-"):
        _chat(args, store, by)
    else:
        _show(admin.log_lines(store, args.limit), args.json, _log_line)
    return 0


def _chat(args: argparse.Namespace, store: Any, by: str) -> None:
    from meeples.server import chat_store

    engine = store.engine
    if args.action == "chat-reports":
        _show(chat_store.reports(engine, args.limit), args.json, _report_line)
    elif args.action == "chat-hide":
        chat_store.hide(engine, args.match, args.seq, by, args.reason)
        print(f"message {args.seq} of match {args.match} hidden (logged)")
    elif args.action == "chat-ban":
        whom = chat_store.ban(engine, by, args.account, args.address, args.reason)
        print(f"{whom} may no longer write in chats (logged)")
    elif args.action == "chat-unban":
        print(f"{chat_store.unban(engine, by, args.account, args.address)} may write in chats"
              " again (logged)")
    else:
        _show(chat_store.bans(engine), args.json, _chat_ban_line)


def _report_line(r: dict[str, Any]) -> str:
    who = r["name"] or f"seat {r['seat'] + 1}"
    hidden = "  [hidden]" if r["hidden"] else ""
    return (f"{_when(r['at'])}  {r['match_id']} #{r['seq']:<4} by {who} from"
            f" {r['address'] or '?'} (reported by seat {r['by_seat'] + 1}){hidden}:"
            f" {json.dumps(r['text'], ensure_ascii=False)}")


def _chat_ban_line(b: dict[str, Any]) -> str:
    whom = b["name"] if b["kind"] == "account" and b["name"] else b["target"]
    reason = f"  ({b['reason']})" if b["reason"] else ""
    return f"{b['kind']:<8} {whom:<24} since {_when(b['at'])} by {b['by']}{reason}"


def _show(rows: list[dict[str, Any]], as_json: bool, line: Any) -> None:
    for row in rows:
        print(json.dumps(row, ensure_ascii=False) if as_json else line(row))
    if not rows and not as_json:
        print("(none)")


def _when(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).strftime("%Y-%m-%d %H:%M")


def _ago(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    left = max(0.0, time.time() - seconds)
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if left >= size:
            return f"{left / size:.0f}{unit} ago"
    return f"{left:.0f}s ago"


def _match_line(m: dict[str, Any]) -> str:
    result = f"  {m['result']}" if m["result"] else ""
    return (f"{m['id']:<10} {m['game']:<15} {m['state']:<9} {m['plies']:>5} plies"
            f"  created {_when(m['created'])}  moved {_ago(m['moved'])}"
            f"  {','.join(m['seats'])}  from {m['address'] or '?'}{result}")


def _ban_line(b: dict[str, Any]) -> str:
    reason = f"  ({b['reason']})" if b["reason"] else ""
    return f"{b['address']:<20} since {_when(b['at'])} by {b['by']}{reason}"


def _log_line(entry: dict[str, Any]) -> str:
    detail = ", ".join(f"{k}={v}" for k, v in entry["detail"].items() if v not in ("", None))
    return (f"{_when(entry['at'])}  {entry['by']:<24} {entry['action']:<8} {entry['target']}"
            f"{'  ' + detail if detail else ''}")
