"""``automata-companion stats``: what this table has kept, as text or JSON (``--json``)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable


def register(subparsers: "argparse._SubParsersAction") -> None:
    parser = subparsers.add_parser("stats", help="what this table has kept: its dice reader's record",
                                   description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="the games database")
    parser.add_argument("--profile", type=Path, default=None,
                        help="the calibration profile the reader's record lies beside (default: Calibrate's)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=show_stats)


def show_stats(args: argparse.Namespace, say: Callable[[str], None] = print) -> int:
    from calibration.profile import default_profile_path

    from .reader_stats import reader_stats

    if not args.db.is_file():
        print(f"stats: no games database at {args.db}", file=sys.stderr)
        return 2
    stats = {"reader": reader_stats(args.profile or default_profile_path())}
    if args.json:
        say(json.dumps(stats, indent=2))
    else:
        for part in stats["reader"]["types"].values():
            say(part["line"])
    return 0
