"""Full random-legal 4-seat games per second in one process.

    python benchmarks/engine.py [--games 200] [--seats 4] [--seed 1]
"""
from __future__ import annotations

import argparse
import json
import random
import time

from companion.games.automata.rules import COLOURS
from companion.simulation import random_playout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    actions = 0
    started = time.perf_counter()
    for _ in range(args.games):
        actions += random_playout(COLOURS[: args.seats], rng).actions
    elapsed = time.perf_counter() - started
    print(json.dumps({
        "games": args.games, "seats": args.seats, "seconds": round(elapsed, 3),
        "games_per_second": round(args.games / elapsed, 1),
        "actions_per_second": round(actions / elapsed),
        "mean_actions_per_game": round(actions / args.games, 1),
    }))


if __name__ == "__main__":
    main()
