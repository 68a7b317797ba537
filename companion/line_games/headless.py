"""``automata-companion session --game NAME``: a game played by lines (one registered in
``companion.games.registry``) through stdin.

    session --game NAME --db PATH --new [--level LEVEL] [the game's own options] [--seed S]
    session --game NAME --db PATH --resume ID|latest

(each game's options: ``session --help``, and its page in docs/). It prints ``game GAME_ID``, then ``say TEXT``
for each thing to do at the table and ``ask TEXT`` for what it waits for. Each line read is an event of the game,
answered ``ok N`` once saved (then its ``say`` lines) or ``refused REASON``;
or ``undo``, ``state`` (the game as JSON), ``export PATH`` (its record, which ``replay`` reads) or ``quit``. Every line is answered, and every answer ends
with an ``ask`` line; before it, the end of the game once it comes (``over ...``, as Automata's
session says it: ``companion.session.protocol``). With ``--speak`` the ``say`` lines are spoken aloud too
(``hardware.speech``).
"""
from __future__ import annotations

import argparse
import json
from typing import IO, Optional

from hardware.speech import SilentSpeaker, Speaker, open_speaker

from ..games.registry import kind_named, played_by_lines
from ..session.protocol import EndOfGame, export_record, line_refusal, lines_of, speaker
from ..store import StoreError
from .session import Answer, GameSession


def add_options(parser: argparse.ArgumentParser) -> None:
    """The options every game played by lines shares, then each registered game's own."""
    parser.add_argument("--level", help="the game's difficulty, as its page in docs/ names the levels")
    for name in played_by_lines():
        kind_named(name).add_options(parser)


def new_game_options() -> tuple[str, ...]:
    """The options (argparse's names) that set up a new game of any registered game."""
    return tuple(dict.fromkeys(option for name in played_by_lines() for option in kind_named(name).new_game_options))


def serve(session: GameSession, stdin: IO[str], stdout: IO[str], new: bool, voice: Optional[Speaker] = None) -> None:
    """Answer ``stdin`` until ``quit`` or its end; ``voice`` speaks each ``say`` line (silent if None)."""
    say = speaker(stdout)
    voice = voice or SilentSpeaker()

    def tell_lines(lines: list[str]) -> None:
        for line in lines:
            say("say " + line)
            voice.say(line)

    def tell(answer: Answer) -> None:
        say(f"ok {answer.event}" if answer.ok else f"refused {answer.reason}")
        tell_lines(answer.lines)

    def ask() -> None:
        """The end of the game once it comes (or its undo), then what the game waits for."""
        for line in end.lines(session.final_score()):
            say(line)
        say("ask " + session.prompt())

    end = EndOfGame()
    say(f"game {session.game_id}")
    if new:
        tell_lines(session.setup_lines())
    ask()
    for line in lines_of(stdin):
        if line == "quit":
            return
        refusal = line_refusal(line)
        if refusal is not None:
            say(f"refused {refusal}")
        elif line == "state":
            say(json.dumps(session.game.to_json(), ensure_ascii=False))
        elif line.split()[0] == "export":
            path = line.partition(" ")[2].strip()
            why = export_record(session.store, session.game_id, path)
            say(f"refused {why}" if why else f"ok exported {path}")
        else:
            tell(session.undo() if line == "undo" else session.submit(line))
        ask()


def run(args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
    import sys

    from ..user_files import open_game_store

    with open_game_store(args.db, create=args.new) as store:
        try:
            if args.new:
                session = GameSession.new(store, args.game, kind_named(args.game).setup_from_args(args))
            else:
                session = GameSession.resume(store, args.game, None if args.resume == "latest" else args.resume)
        except (StoreError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        voice = open_speaker(args.speak)
        try:
            serve(session, stdin, stdout, args.new, voice)
        finally:
            voice.close()
        return 0
