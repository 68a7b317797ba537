"""Engine subcommands: replay a game record, simulate random-legal games."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: "argparse._SubParsersAction") -> None:
    replay = subparsers.add_parser("replay", help="replay a game record and print the final state and score")
    replay.add_argument("record", type=Path, help="game record (JSON lines)")
    replay.set_defaults(handler=run_replay)

    simulate = subparsers.add_parser("simulate", help="play random-legal games and report")
    simulate.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--json", action="store_true", help="print JSON")
    simulate.set_defaults(handler=run_simulate)


def run_replay(args: argparse.Namespace) -> int:
    from .rules.game import Game, RecordError
    from .rules.scoring import score
    from .user_files import read_text

    try:
        game = Game.from_jsonl(read_text(args.record, "game record"))
    except RecordError as exc:
        print(f"replay: {args.record} line {exc.line}: {exc.action or '(no action)'}: {exc.reason}",
              file=sys.stderr)
        return 2
    state = game.state
    out = {"state": state.to_json(), "over": state.is_over,
           "score": score(state).to_json() if state.is_over else None, "actions": len(game.actions)}
    print(json.dumps(out, indent=2, sort_keys=True))
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    from .simulation import simulate

    result = simulate(args.seats, args.games, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 1 if result["illegal_moves"] else 0
