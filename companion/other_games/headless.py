"""``automata-companion session --game tokaido|euphoria``: one of the other games through stdin.

    session --game tokaido --db PATH --new [--level 4] [--road FILE --order blue,green,purple]
            [--you blue] [--automas green,purple] [--crossroads] [--matsuri] [--initiation]
            [--preparations COINS] [--seed S]
    session --game euphoria --db PATH --new --recruits icarus,subterra [--level intermediate]
            [--deck FILE] [--factions BLACK,WHITE] [--people 2] [--any-faction] [--bazaar] [--seed S]
    session --game tokaido|euphoria --db PATH --resume ID|latest

It prints ``game GAME_ID``, then ``say TEXT`` for each thing to do at the table and ``ask TEXT``
for what it waits for. Each line read is an event of the game (docs/tokaido.md,
docs/euphoria.md), answered ``ok N`` once saved (then its ``say`` lines) or ``refused REASON``;
or ``undo``, ``state`` (the game as JSON) or ``quit``. Every line is answered, and every answer ends
with an ``ask`` line; before it, the end of the game once it comes (``over ...``, as Automata's
session says it: ``companion.session.protocol``).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import IO, Any, List

from ..session.protocol import EndOfGame, line_refusal, lines_of, speaker
from ..store import StoreError
from .session import Answer, GameSession

OTHER_GAMES = ("tokaido", "euphoria")
# The options below that set up a new game only (None or False when not given).
NEW_GAME_OPTIONS = ("level", "road", "order", "you", "automas", "crossroads", "matsuri", "initiation", "preparations",
                    "deck", "recruits", "people", "any_faction", "bazaar", "factions")


def add_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("Tokaido and Euphoria (with --game tokaido or euphoria, and --new)")
    group.add_argument("--level", help="difficulty: Tokaido 1-7 (4), Euphoria beginner ... i-want-to-cry (intermediate)")
    group.add_argument("--road", type=Path, help="Tokaido: your road file (docs/tokaido.md)")
    group.add_argument("--order", help="Tokaido with --road: the colours in the order they leave Kyoto")
    group.add_argument("--you", help="Tokaido: your colour (blue)")
    group.add_argument("--automas", help="Tokaido: the Automas' colours (the other two of --order)")
    group.add_argument("--crossroads", action="store_true",
                       help="Tokaido: playing with the Crossroads expansion (each Automa starts with 5 more points)")
    group.add_argument("--matsuri", action="store_true", help="Tokaido: playing with the Matsuri expansion")
    group.add_argument("--initiation", action="store_true",
                       help="Tokaido: the Journey of Initiation variant (you begin with 5 points)")
    group.add_argument("--preparations", type=int, metavar="COINS",
                       help="Tokaido: the Preparations variant, with the additional coins each Traveler receives "
                            "(each Automa scores 3 points a coin instead)")
    group.add_argument("--deck", type=Path, help="Euphoria: your Automa deck file (docs/euphoria.md)")
    group.add_argument("--recruits", help="Euphoria: the factions of your recruits, e.g. icarus,subterra")
    group.add_argument("--people", type=int, help="Euphoria: people at the table, 1 or 2 (1)")
    group.add_argument("--factions", help="Euphoria: the factions you drew for black and white, e.g. "
                                          "wastelands,euphoria (without it the app draws them)")
    group.add_argument("--any-faction", action="store_true", help="Euphoria: the optional solo variant")
    group.add_argument("--bazaar", action="store_true", help="Euphoria: playing with the New Antiques Bazaar")


def _words(text: str) -> List[str]:
    return [w.strip().lower() for w in (text or "").split(",") if w.strip()]


def tokaido_setup(args: argparse.Namespace) -> Any:
    from ..games.tokaido import RoadFileError, Setup, parse_road
    from ..user_files import UnusableFile, read_text

    road = None
    if args.road:
        try:
            road = parse_road(read_text(args.road, "road file"))
        except RoadFileError as exc:
            raise UnusableFile(f"{args.road}: {exc}") from None
    order = tuple(_words(args.order))
    you = args.you or "blue"
    automas = tuple(_words(args.automas)) or tuple(c for c in order if c != you) or ("green", "purple")
    if len(automas) != 2:
        raise ValueError("name the two Automas' colours: --automas green,purple (or --order with three colours)")
    return Setup(automas, you, int(args.level or 4), args.seed or 0, road, order,  # type: ignore[arg-type]
                 args.crossroads, args.matsuri, args.initiation, args.preparations or 0)


def euphoria_setup(args: argparse.Namespace) -> Any:
    from ..games.euphoria import DeckFileError, Setup, level, parse_deck
    from ..user_files import UnusableFile, read_text

    chosen = level(args.level or "intermediate")
    deck = None
    if args.deck:
        try:
            deck = parse_deck(read_text(args.deck, "deck file"), chosen)
        except DeckFileError as exc:
            raise UnusableFile(f"{args.deck}: {exc}") from None
    people = 1 if args.people is None else args.people
    return Setup(chosen.name, args.seed or 0, tuple(_words(args.recruits)), people, args.any_faction,
                 args.bazaar, deck, tuple(_words(args.factions)))


SETUPS = {"tokaido": tokaido_setup, "euphoria": euphoria_setup}


def serve(session: GameSession, stdin: IO[str], stdout: IO[str], new: bool) -> None:
    say = speaker(stdout)

    def tell(answer: Answer) -> None:
        say(f"ok {answer.event}" if answer.ok else f"refused {answer.reason}")
        for line in answer.lines:
            say("say " + line)

    def ask() -> None:
        """The end of the game once it comes (or its undo), then what the game waits for."""
        for line in end.lines(session.final_score()):
            say(line)
        say("ask " + session.prompt())

    end = EndOfGame()
    say(f"game {session.game_id}")
    if new:
        for line in session.game.setup_lines():
            say("say " + line)
    ask()
    for line in lines_of(stdin):
        if line == "quit":
            return
        refusal = line_refusal(line)
        if refusal is not None:
            say(f"refused {refusal}")
        elif line == "state":
            say(json.dumps(session.game.to_json(), ensure_ascii=False))
        else:
            tell(session.undo() if line == "undo" else session.submit(line))
        ask()


def run(args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
    import sys

    from ..user_files import open_game_store

    with open_game_store(args.db, create=args.new) as store:
        try:
            if args.new:
                session = GameSession.new(store, args.game, SETUPS[args.game](args))
            else:
                session = GameSession.resume(store, args.game, None if args.resume == "latest" else args.resume)
        except (StoreError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        serve(session, stdin, stdout, args.new)
        return 0
