"""``automata-companion stats --db PATH [--profile P] [--json]``: what this table has kept, section by section.

Each section of the games database is a module of this package with ``report(store) -> dict`` (its part of the
JSON, merged at the top) and ``lines(part) -> list[str]`` (the same in words); ``SECTIONS`` lists them in the
order they are printed. The dice reader's record lies beside the calibration profile, not in the database: it
comes last, under ``reader``.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any, Callable

SECTIONS = ("companion.cli.evenings",)


def register(subparsers: "argparse._SubParsersAction") -> None:
    parser = subparsers.add_parser("stats", help="what this table has kept: who played and won, the Automa levels' "
                                                 "win rates, the mean scores, its dice reader's record",
                                   description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="the games database (SQLite)")
    parser.add_argument("--profile", type=Path, default=None,
                        help="the calibration profile the reader's record lies beside (default: Calibrate's)")
    parser.add_argument("--json", action="store_true", help="print one JSON object rather than lines of words")
    parser.set_defaults(handler=show_stats)


def show_stats(args: argparse.Namespace, say: Callable[[str], None] = print) -> int:
    from calibration.profile import default_profile_path

    from ..user_files import open_game_store
    from .reader_stats import reader_stats

    if not args.db.is_file():
        print(f"stats: {args.db}: no such file", file=sys.stderr)
        return 2
    report: dict[str, Any] = {}
    words: list[str] = []
    with open_game_store(args.db, read_only=True) as store:
        for name in SECTIONS:
            section = importlib.import_module(name)
            part = section.report(store)
            report.update(part)
            words += section.lines(part)
    report["reader"] = reader_stats(args.profile or default_profile_path())
    words += [part["line"] for part in report["reader"]["types"].values()]
    say(json.dumps(report, ensure_ascii=False) if args.json else "\n".join(words))
    return 0
