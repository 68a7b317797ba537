"""Automa subcommands: list the difficulty levels, simulate a level against reference bots."""
from __future__ import annotations

import argparse
import json
import sys

from ..arguments import at_least


def register(subparsers: "argparse._SubParsersAction") -> None:
    levels = subparsers.add_parser("automa-levels", help="list the Automa difficulty levels")
    levels.add_argument("--json", action="store_true", help="print JSON")
    levels.set_defaults(handler=run_levels)

    sim = subparsers.add_parser("automa-sim", help="play seeded games of an Automa level against reference bots")
    sim.add_argument("--level", required=True, help="level number (1 = easiest) or name")
    sim.add_argument("--opponents", default="greedy",
                     help="comma-separated, 1 to 3 of greedy, random, mcts:N, strong, automa (default: greedy)")
    sim.add_argument("--games", type=at_least(1), default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="print JSON")
    sim.set_defaults(handler=run_sim)


def run_levels(args: argparse.Namespace) -> int:
    from ..games.automata.automa import DeckDataError, all_levels

    try:
        levels = all_levels()
    except DeckDataError as exc:
        print(f"the Automa deck file is not usable: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps([lv.to_json() for lv in levels], indent=2))
    else:
        for lv in levels:
            print(f"{lv.number}  {lv.name:<11} {lv.line}")
    return 0


def run_sim(args: argparse.Namespace) -> int:
    from ..games.automata.automa import DeckDataError, get_level
    from ..games.automata.automa.harness import simulate

    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    try:
        result = simulate(get_level(args.level), opponents, args.games, args.seed)
    except (ValueError, DeckDataError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"level {result['level']['number']} {result['level']['name']}, {result['games']} games, "
              f"seed {result['seed']}")
        for seat in result["seats"]:
            print(f"  {seat['kind']:<7} mean {seat['mean_score']:7.2f}  std {seat['score_std']:6.2f}  "
                  f"win rate {seat['win_rate']:.3f}")
        print(f"illegal moves: {result['illegal_moves']}; Automa decision median "
              f"{result['decision_ms_median']} ms ({result['decisions_per_second']} per second)")
    return 1 if result["illegal_moves"] else 0
