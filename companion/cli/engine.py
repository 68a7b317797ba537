"""Engine subcommands: export a saved game's record, replay a record, simulate random-legal games."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..arguments import at_least


def register(subparsers: "argparse._SubParsersAction") -> None:
    export = subparsers.add_parser("export", help="write a saved game's record (what replay reads)")
    export.add_argument("--db", type=Path, required=True, help="the game database (SQLite)")
    export.add_argument("game", metavar="GAME_ID", help="the game's id, or 'latest'")
    export.add_argument("out", type=Path, metavar="OUT.jsonl", help="the game record to write")
    export.set_defaults(handler=run_export)

    replay = subparsers.add_parser("replay", help="replay a game record and print the final state and score")
    replay.add_argument("record", type=Path, help="game record (JSON lines)")
    replay.set_defaults(handler=run_replay)

    simulate = subparsers.add_parser("simulate", help="play random-legal games and report")
    simulate.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    simulate.add_argument("--games", type=at_least(1), default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--json", action="store_true", help="print JSON")
    simulate.set_defaults(handler=run_simulate)


def run_export(args: argparse.Namespace) -> int:
    from ..store import StoreError
    from ..user_files import check_output, open_game_store, write_text

    check_output(args.out, "game record")
    with open_game_store(args.db, read_only=True) as store:
        try:
            game_id = store.latest_game_id() if args.game == "latest" else args.game
            if game_id is None:
                raise StoreError("there is no saved game")
            record = store.export_jsonl(game_id)
        except StoreError as exc:
            print(f"export: {args.db}: {exc}", file=sys.stderr)
            return 2
    write_text(args.out, record, "game record")
    print(f"game {game_id}: {len(record.splitlines()) - 1} actions written to {args.out}")
    return 0


def run_replay(args: argparse.Namespace) -> int:
    from ..games.automata.rules import RecordError
    from ..games.registry import game_named
    from ..line_games.records import record_kind
    from ..user_files import read_text

    text = read_text(args.record, "game record")
    try:
        out = game_named(record_kind(text)).replay(text)
    except RecordError as exc:
        print(f"replay: {args.record} line {exc.line}: {exc.action or '(no action)'}: {exc.reason}",
              file=sys.stderr)
        return 2
    print(json.dumps(out, indent=2, sort_keys=True))
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    from ..simulation import simulate

    result = simulate(args.seats, args.games, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 1 if result["illegal_moves"] else 0
