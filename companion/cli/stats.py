"""``automata-companion stats --db PATH [--json]``: what a games database remembers, section by section.

Each section is a module of this package with ``report(store) -> dict`` (its part of the JSON, merged at the top)
and ``lines(part) -> list[str]`` (the same in words); ``SECTIONS`` lists them in the order they are printed.
"""
from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

SECTIONS = ("companion.cli.evenings",)


def register(subparsers: "argparse._SubParsersAction") -> None:
    parser = subparsers.add_parser("stats", help="the games a database remembers: who played and won, the Automa "
                                                 "levels' win rates, the mean scores")
    parser.add_argument("--db", type=Path, required=True, help="the games database (SQLite)")
    parser.add_argument("--json", action="store_true", help="print one JSON object rather than lines of words")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ..user_files import open_game_store

    report: dict[str, Any] = {}
    words: list[str] = []
    with open_game_store(args.db, read_only=True) as store:
        for name in SECTIONS:
            section = importlib.import_module(name)
            part = section.report(store)
            report.update(part)
            words += section.lines(part)
    print(json.dumps(report, ensure_ascii=False) if args.json else "\n".join(words))
    return 0
