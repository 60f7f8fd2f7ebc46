"""``meeples verify RECORD``: prove that a finished match's chance followed from its seed."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from meeples.commands._checks import regular_file
from meeples.core.errors import BadOptions, CorruptRecord
from meeples.core.record import Match
from meeples.core.verify import verify


def register(subparsers: Any) -> None:
    """Add the ``verify`` subcommand."""
    parser = subparsers.add_parser(
        "verify",
        help="check a finished match's chance against its revealed seed",
        description="Check that a match record's seed matches its commitment (SHA-256, "
        "published when the match was created) and that every chance outcome of the record is "
        "the draw of that seed's dealer. Exit status 0 when verified, 1 when not.",
    )
    parser.add_argument("record", help="a match record (meeples play 'save', or a server's)")
    parser.add_argument(
        "--commitment", metavar="HEX",
        help="the commitment as published before the match (default: the record's own)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Verify a record; print the verdict; return 0 when verified, 1 when not.

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
    verdict = verify(Match.from_json(data), published)
    print(verdict.text())
    return 0 if verdict.ok else 1
