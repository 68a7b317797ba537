"""Seeded random-legal games of Automata, every step checked (``tests/rules/playouts.py``); the tests play the
first 200 seeds.

    .venv/bin/python benchmarks/playouts.py [--games 1000] [--first 0] [--json]

Prints how many games were played and passed, their actions, the seconds they took and the first failures (a
game whose checks fail is named with its seed and why); exits 1 when any failed.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
# This folder holds files named like the packages they measure: keep it off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

from tests.rules.playouts import play_checked  # noqa: E402


def measure(games: int, first: int) -> dict[str, object]:
    started = time.perf_counter()
    actions = 0
    failed: list[str] = []
    for seed in range(first, first + games):
        try:
            actions += play_checked(seed)
        except Exception as exc:  # a check that fails, or the engine refusing what it offered
            failed.append(f"seed {seed}: {type(exc).__name__}: {exc}")
    return {"games": games, "passed": games - len(failed), "actions": actions,
            "seconds": round(time.perf_counter() - started, 1), "failed": len(failed), "first_failed": failed[:3]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.games, args.first)
    print(json.dumps(result, indent=None if args.json else 2))
    return 1 if result["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
