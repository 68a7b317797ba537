"""Euphoria's options on the command line (``session --game euphoria --new``) and the setup they make."""
from __future__ import annotations

import argparse
from pathlib import Path

from companion.line_games.options import words
from companion.user_files import UnusableFile, read_text

from ..deck import DeckFileError, level, parse_deck
from ..setup import Setup

# The options below, each of which sets up a new game only (None or False when not given).
NEW_GAME_OPTIONS = ("level", "deck", "recruits", "people", "any_faction", "bazaar", "factions")


def add_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("Euphoria (with --game euphoria and --new)")
    group.add_argument("--deck", type=Path, help="your Automa deck file (docs/euphoria.md)")
    group.add_argument("--recruits", help="the factions of your recruits, e.g. icarus,subterra")
    group.add_argument("--people", type=int, help="people at the table, 1 or 2 (1)")
    group.add_argument("--factions", help="the factions you drew for black and white, e.g. wastelands,euphoria "
                                          "(without it the app draws them)")
    group.add_argument("--any-faction", action="store_true", help="the optional solo variant")
    group.add_argument("--bazaar", action="store_true", help="playing with the New Antiques Bazaar")


def setup_from_args(args: argparse.Namespace) -> Setup:
    chosen = level(args.level or "intermediate")
    deck = None
    if args.deck:
        try:
            deck = parse_deck(read_text(args.deck, "deck file"), chosen)
        except DeckFileError as exc:
            raise UnusableFile(f"{args.deck}: {exc}") from None
    people = 1 if args.people is None else args.people
    return Setup(chosen.name, args.seed or 0, tuple(words(args.recruits)), people, args.any_faction,
                 args.bazaar, deck, tuple(words(args.factions)))
