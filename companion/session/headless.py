"""The headless session: one command per line on stdin, one answer per line on stdout.

    automata-companion session --db PATH (--new --seats red,blue --seed S | --resume ID|latest)

It first prints ``game GAME_ID``. Then each line is an action in notation (answered ``ok N``
once event N is durable, or ``refused <reason> [<rule>]``), or ``legal`` (the legal actions as
one JSON array), ``state`` (the state as one JSON line), ``undo`` or ``quit``.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import IO, Optional

from ..store import GameStore, StoreError
from .table import SeatSpec, TableSession


def register(subparsers: "argparse._SubParsersAction") -> None:
    parser = subparsers.add_parser("session", help="run a game headless: commands on stdin, answers on stdout")
    parser.add_argument("--db", type=Path, required=True, help="the game database (SQLite)")
    start = parser.add_mutually_exclusive_group(required=True)
    start.add_argument("--new", action="store_true", help="start a new game")
    start.add_argument("--resume", metavar="GAME_ID", help="resume a game by id, or 'latest'")
    parser.add_argument("--seats", help="seat colours in order, e.g. red,blue (with --new)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the chance events (with --new)")
    parser.set_defaults(handler=run)


def open_session(args: argparse.Namespace, store: GameStore) -> TableSession:
    if args.new:
        if not args.seats:
            raise ValueError("--new needs --seats, e.g. --seats red,blue")
        seats = [SeatSpec(c.strip()) for c in args.seats.split(",") if c.strip()]
        return TableSession.new(store, seats, args.seed)
    return TableSession.resume(store, None if args.resume == "latest" else args.resume)


def serve(session: TableSession, stdin: IO[str], stdout: IO[str]) -> None:
    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    say(f"game {session.game_id}")
    for raw in stdin:
        line = raw.strip()
        if not line:
            continue
        if line == "quit":
            return
        if line == "legal":
            say(json.dumps([str(a) for a in session.legal()]))
        elif line == "state":
            say(session.state.dumps())
        else:
            outcome = session.undo() if line == "undo" else session.submit(line)
            say(f"ok {outcome.event}" if outcome.ok else f"refused {outcome.refusal}")


def run(args: argparse.Namespace, stdin: Optional[IO[str]] = None, stdout: Optional[IO[str]] = None) -> int:
    from ..rules import IllegalAction
    from ..user_files import open_game_store

    with open_game_store(args.db) as store:
        try:
            session = open_session(args, store)
        except (StoreError, IllegalAction, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        serve(session, stdin or sys.stdin, stdout or sys.stdout)
        return 0
