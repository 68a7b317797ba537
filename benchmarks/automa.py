"""Measure the Automa levels: strength order, win rates against the greedy bot, illegal moves
over many games with 2 to 4 seats, and decision time.

    python benchmarks/automa.py                      # the full run (about 10,000 games)
    python benchmarks/automa.py --duel 100 --tables 20 --out /tmp/quick.json

``--duel`` games per level are 2-seat games against the greedy bot (strength and win rates);
``--tables`` games per level and table are 3-seat (greedy, random) and 4-seat (greedy, random,
another Automa) games. Prints one JSON report; ``--out`` also writes it to a file.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.automa import all_levels  # noqa: E402
from companion.automa.harness import simulate  # noqa: E402

TABLES = (["greedy"], ["greedy", "random"], ["greedy", "random", "automa"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duel", type=int, default=1200, help="2-seat games per level against greedy")
    parser.add_argument("--tables", type=int, default=250, help="3- and 4-seat games per level and table")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", type=int, nargs="+", help="only these level numbers (each plays the games it "
                        "plays in the full run)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    started = time.perf_counter()
    levels = []
    games = illegal = 0
    medians = []
    for level in all_levels():
        if args.levels and level.number not in args.levels:
            continue
        row = {"number": level.number, "name": level.name, "tables": []}
        for opponents in TABLES:
            n = args.duel if len(opponents) == 1 else args.tables
            if n <= 0:
                continue
            result = simulate(level, opponents, n, args.seed + 100_000 * level.number)
            games += result["games"]
            illegal += result["illegal_moves"]
            medians.append(result["decision_ms_median"])
            row["tables"].append({k: result[k] for k in ("opponents", "games", "seats", "illegal_moves",
                                                         "decision_ms_median", "decision_ms_p95",
                                                         "decisions_per_second")})
            print(f"level {level.number} vs {','.join(opponents)}: {n} games, Automa mean "
                  f"{result['seats'][0]['mean_score']}, win rate {result['seats'][0]['win_rate']}",
                  file=sys.stderr, flush=True)
        levels.append(row)

    duels = [row["tables"][0]["seats"][0] for row in levels]
    ordered = [{"levels": [a["number"], b["number"]],
                "means": [da["mean_score"], db["mean_score"]],
                "ci95_apart": da["score_ci95"][1] < db["score_ci95"][0]}
               for a, b, da, db in zip(levels, levels[1:], duels, duels[1:])]
    report = {
        "machine": f"{platform.machine()} {platform.processor() or ''} Python {platform.python_version()}".strip(),
        "seed": args.seed,
        "games": games,
        "illegal_moves": illegal,
        "levels": levels,
        "strength_order": ordered,
        "strictly_ordered": all(o["ci95_apart"] for o in ordered),
        "easiest_win_rate_vs_greedy": duels[0]["win_rate"] if duels else None,
        "hardest_win_rate_vs_greedy": duels[-1]["win_rate"] if duels else None,
        "decision_ms_median_of_runs": statistics.median(medians) if medians else None,
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 1 if illegal else 0


if __name__ == "__main__":
    sys.exit(main())
