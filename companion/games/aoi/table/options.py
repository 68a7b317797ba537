"""Age of Innovation's options on the command line (``session --game aoi --new``) and the setup they make."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Sequence

from companion.user_files import UnusableFile, read_text

from ..levels import LevelError, level_key
from ..owner import CardFileError, parse_card_file
from ..setup import Setup

# The options below, each of which sets up a new game only (None or False when not given).
NEW_GAME_OPTIONS: Sequence[str] = ("level", "cards", "table_draws", "two_players")


def add_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("Age of Innovation (with --game aoi and --new)")
    group.add_argument("--cards", type=Path, help="her card file, entered once (docs/age-of-innovation.md)")
    group.add_argument("--table-draws", action="store_true",
                       help="the table shuffles and draws her physical cards, even with a card file")
    group.add_argument("--two-players", action="store_true",
                       help="two of you play with her: the rulebook's variant for two (docs/age-of-innovation.md)")


def setup_from_args(args: argparse.Namespace) -> Setup:
    try:
        level = level_key(args.level or "automalein")
    except LevelError as exc:
        raise ValueError(str(exc)) from None
    cards = None
    if args.cards:
        try:
            cards = parse_card_file(read_text(args.cards, "card file"))
        except CardFileError as exc:
            raise UnusableFile(f"{args.cards}: {exc}") from None
    return Setup(level, args.seed or 0, cards, bool(args.table_draws), 2 if args.two_players else 1)
