"""``meeples verify RECORD``: check a whole match record: every decision legal, chance from its
committed seed, the stored end reached (:mod:`meeples.core.verify`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from meeples.commands._checks import regular_file
from meeples.core.errors import BadOptions, CorruptRecord
from meeples.core.verify import verify_json


def register(subparsers: Any) -> None:
    """Add the ``verify`` subcommand."""
    parser = subparsers.add_parser(
        "verify",
        help="check a finished match record: legal decisions, chance from its seed, its end",
        description="Replay a match record from its start and check that every action is "
        "legal where it stands, that its seed matches its commitment (SHA-256, published when "
        "the match was created) and every chance outcome is the draw of that seed's dealer, "
        "and that the record reaches its end (the rules' or by resignation; its stored "
        "outcome and final position when it has them). The first bad action is named. Exit "
        "status 0 when verified, 1 when not (an unfinished record included).",
    )
    parser.add_argument("record", help="a match record (meeples play 'save', or a server's)")
    parser.add_argument(
        "--commitment", metavar="HEX",
        help="the commitment as published before the match (default: the record's own)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Verify a record; print the verdict; return 0 when verified, 1 when not (unfinished
    included).

    Raises:
        CorruptRecord: the file is not a match record.
        BadOptions: --commitment is not 64 hex digits.
    """
    published = args.commitment
    if published is not None and (
        len(published) != 64 or any(c not in "0123456789abcdefABCDEF" for c in published)
    ):
        raise BadOptions("--commitment is the 64 hex digits of a SHA-256")
    regular_file(args.record, "match record")
    try:
        text = Path(args.record).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise CorruptRecord(f"cannot read {args.record}: {error}") from None
    verdict = verify_json(data, published)
    print(verdict.text())
    return 0 if verdict.ok else 1
