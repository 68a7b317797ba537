"""Measure the search bot: its win rate against another bot in 2-seat games, and its time.

    python benchmarks/search.py --bot mcts:16 --against greedy --games 20
    python benchmarks/search.py --bot strong --against random --games 20 --seed 100

The bot takes seat 0 in even games and seat 1 in odd ones, so neither gains from sitting first.
A tie counts half a win (R25). Prints one JSON report: the win rate with its 95% Wilson
interval, the mean score margin, and the milliseconds per decision (median and 95th
percentile, one process).
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.automata.automa.harness import wilson_interval, win_shares  # noqa: E402
from companion.bots import make_bot  # noqa: E402
from companion.games.automata.rules import apply_action, new_game, sample_chance, score  # noqa: E402

COLOURS = ("blue", "red")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    wins = 0.0
    margins, timings = [], []
    started = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        me = g % 2
        kinds = [args.bot, args.against] if me == 0 else [args.against, args.bot]
        bots = [make_bot(kind, colour, seed * 10 + i) for i, (kind, colour) in enumerate(zip(kinds, COLOURS))]
        rng = random.Random(f"table:{seed}")
        state = new_game(COLOURS)
        while not state.is_over:
            if state.is_chance_node:
                state = apply_action(state, sample_chance(state, rng))
                continue
            turn = state.turn
            t0 = time.perf_counter()
            action = bots[turn].decide(state)
            if turn == me:
                timings.append(time.perf_counter() - t0)
            state = apply_action(state, action)
        totals = [s.total for s in score(state).seats]
        wins += win_shares(totals)[me]
        margins.append(totals[me] - totals[1 - me])
        print(f"game {g}: {kinds} {totals}", file=sys.stderr, flush=True)
    timings.sort()
    report = {
        "machine": f"{platform.machine()} Python {platform.python_version()}",
        "bot": args.bot, "against": args.against, "games": args.games, "seed": args.seed,
        "win_rate": round(wins / args.games, 3), "win_rate_ci95": wilson_interval(wins, args.games),
        "mean_margin": round(statistics.fmean(margins), 2),
        "decision_ms_median": round(statistics.median(timings) * 1000, 1),
        "decision_ms_p95": round(timings[int(0.95 * (len(timings) - 1))] * 1000, 1),
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
