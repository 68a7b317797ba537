"""Taps a turn of hers and issue 47's invariants over random playthroughs of Age of Innovation at each level.

    .venv/bin/python benchmarks/aoi_taps.py [--games 1000] [--cards FILE] [--table-draws] [--json]

Each playthrough is tapped as the touchscreen builds its lines, every answer a button chosen at random among
those offered (``tests/aoi/playthrough.py``). Her cards are those of ``--cards``; the default is the tests'
fixture file, whose contents are invented (the seed does not give her cards), so the figures say what a deck of
that make asks, not what her printed deck does.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
# This folder holds files named like the packages they measure: keep it off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

from companion.games.aoi import LEVELS, parse_card_file  # noqa: E402
from tests.aoi import FIXTURE  # noqa: E402
from tests.aoi.playthrough import play  # noqa: E402


def measure(level: str, games: int, text: str, table_draws: bool) -> dict[str, object]:
    cards = parse_card_file(text)
    taps: list[int] = []
    broken: list[str] = []
    finished = 0
    for seed in range(games):
        played = play(level, seed, cards, table_draws)
        taps += played.taps
        broken += [f"game {seed}: {b}" for b in played.broken]
        finished += played.over
    return {"games": games, "finished": finished, "turns": len(taps), "mean_taps": round(statistics.mean(taps), 2),
            "max_taps": max(taps), "broken": len(broken), "first_broken": broken[:3]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--cards", type=pathlib.Path, default=FIXTURE)
    parser.add_argument("--table-draws", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    text = args.cards.read_text()
    results = {level: measure(level, args.games, text, args.table_draws) for level in LEVELS}
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{'level':<12} {'games':>5} {'over':>5} {'turns':>7} {'mean':>5} {'max':>4} {'broken':>6}")
        for level, r in results.items():
            print(f"{level:<12} {r['games']:>5} {r['finished']:>5} {r['turns']:>7} {r['mean_taps']:>5} "
                  f"{r['max_taps']:>4} {r['broken']:>6}")
    return 1 if any(r["broken"] for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
