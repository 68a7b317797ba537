"""The headless session: one command per line on stdin, one answer per line on stdout.

    automata-companion session --db PATH (--new --seats red,blue:automa:4 [--seed S] [--table-rolls]
                                          | --resume ID|latest)

It first prints ``game GAME_ID``. Then each line is an action in notation (answered ``ok N``
once event N is durable, or ``refused <reason> [<rule>]``), or ``legal``, ``state``, ``score``,
``export PATH``, ``undo`` or ``quit``. The Automa seats play by themselves: each of their moves
is a line of its own, ``automa N <action>``, printed as soon as it is saved. The whole protocol
is in docs/notation.md.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import IO, Callable, List, Optional

from ..rules import cited
from ..store import GameStore, StoreError
from .rolls import roll_pattern
from .table import SeatSpec, TableSession

AUTOMA_PREFIX = "automa "


def register(subparsers: "argparse._SubParsersAction") -> None:
    parser = subparsers.add_parser("session", help="run a game headless: commands on stdin, answers on stdout")
    parser.add_argument("--db", type=Path, required=True, help="the game database (SQLite)")
    start = parser.add_mutually_exclusive_group(required=True)
    start.add_argument("--new", action="store_true", help="start a new game")
    start.add_argument("--resume", metavar="GAME_ID", help="resume a game by id, or 'latest'")
    parser.add_argument("--seats", help="the seats in order (with --new): a colour for a person, "
                                        "COLOUR:automa:LEVEL for an Automa, e.g. red,blue:automa:4")
    parser.add_argument("--seed", type=int, default=None, help="seed of the chance events (with --new)")
    parser.add_argument("--table-rolls", action="store_true",
                        help="the dice are rolled at the table and given as roll lines (with --new)")
    parser.set_defaults(handler=run)


def open_session(args: argparse.Namespace, store: GameStore) -> TableSession:
    if args.new:
        if not args.seats:
            raise ValueError("--new needs --seats, e.g. --seats red,blue:automa:4")
        seats = [SeatSpec.parse(token) for token in args.seats.split(",") if token.strip()]
        session = TableSession.new(store, seats, args.seed, args.table_rolls)
    else:
        session = TableSession.resume(store, None if args.resume == "latest" else args.resume)
    started = session.play_seeded()
    if not started.ok:
        raise StoreError(started.reason)
    return session


def legal_lines(session: TableSession) -> List[str]:
    """The legal actions; while a roll is awaited from the table, that roll with ``?`` for each value."""
    pattern = roll_pattern(session.upcoming_state())
    return [pattern] if pattern else [str(a) for a in session.legal()]


def score_json(session: TableSession) -> str:
    from ..rules import score

    state = session.state
    return json.dumps({"over": state.is_over, **score(state).to_json()})


def export(session: TableSession, path: str) -> str:
    from ..user_files import UnusableFile, write_text

    if not path:
        return "refused " + cited("Name the file: export PATH", "export")
    try:
        write_text(Path(path), session.store.export_jsonl(session.game_id), "game record")
    except (UnusableFile, StoreError) as exc:
        return "refused " + cited(str(exc), "export")
    return f"ok exported {path}"


def answer(session: TableSession, line: str) -> str:
    if line == "legal":
        return json.dumps(legal_lines(session))
    if line == "state":
        return session.state.dumps()
    if line == "score":
        return score_json(session)
    command, _, rest = line.partition(" ")
    if command == "export":
        return export(session, rest.strip())
    outcome = session.undo(through_automas=True) if line == "undo" else session.submit(line)
    return f"ok {outcome.event}" if outcome.ok else f"refused {outcome.refusal}"


def play_automas(session: TableSession, say: Callable[[str], None]) -> None:
    for action, outcome in session.play_automas():
        say(AUTOMA_PREFIX + (f"{outcome.event} {action}" if outcome.ok else f"refused {outcome.refusal}"))


def serve(session: TableSession, stdin: IO[str], stdout: IO[str]) -> None:
    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    say(f"game {session.game_id}")
    play_automas(session, say)
    for raw in stdin:
        line = raw.strip()
        if not line:
            continue
        if line == "quit":
            return
        say(answer(session, line))
        play_automas(session, say)


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
