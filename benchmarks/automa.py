"""Measure the Automa levels: strength order, win rates against the greedy bot, illegal moves
over many games with 2 to 4 seats, and decision time.

    python benchmarks/automa.py                      # the full run (about 45,000 games)
    python benchmarks/automa.py --duel 100 --tables 20 --out /tmp/quick.json

``--duel`` games per level are 2-seat games against the greedy bot; ``--tables`` games per level
and table are 3- and 4-seat games against two and three greedy bots. Each table reports the
levels' order: whether each level's win rate (95% Wilson interval) lies above the level's below.
Prints one JSON report; ``--out`` also writes it to a file.
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

from companion.games.automata.automa import all_levels  # noqa: E402
from companion.games.automata.automa.harness import simulate  # noqa: E402

TABLES = (["greedy"], ["greedy", "greedy"], ["greedy", "greedy", "greedy"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duel", type=int, default=2400, help="2-seat games per level against greedy")
    parser.add_argument("--tables", type=int, default=2000, help="3- and 4-seat games per level and table")
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
    by_win_rate = {f"{len(opponents) + 1} seats": _order_by_win_rate(levels, opponents) for opponents in TABLES}
    report = {
        "machine": f"{platform.machine()} {platform.processor() or ''} Python {platform.python_version()}".strip(),
        "seed": args.seed,
        "games": games,
        "illegal_moves": illegal,
        "levels": levels,
        "strength_order": ordered,
        "strictly_ordered": all(o["ci95_apart"] for o in ordered),
        "win_rate_order": by_win_rate,
        "win_rates_apart": all(o["ci95_apart"] for table in by_win_rate.values() for o in table),
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


def _order_by_win_rate(levels: list, opponents: list) -> list:
    """For each pair of levels next to each other, their win rates against ``opponents`` and whether the lower
    level's 95% interval lies below the higher one's."""
    rates = [(row["number"], table["seats"][0]) for row in levels for table in row["tables"]
             if table["opponents"] == opponents]
    return [{"levels": [a, b], "win_rates": [sa["win_rate"], sb["win_rate"]],
             "ci95": [sa["win_rate_ci95"], sb["win_rate_ci95"]],
             "ci95_apart": sa["win_rate_ci95"][1] < sb["win_rate_ci95"][0]}
            for (a, sa), (b, sb) in zip(rates, rates[1:])]


if __name__ == "__main__":
    sys.exit(main())
