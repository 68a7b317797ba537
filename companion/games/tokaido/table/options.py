"""Tokaido's options on the command line (``session --game tokaido --new``) and the setup they make."""
from __future__ import annotations

import argparse
from pathlib import Path

from companion.line_games.options import words
from companion.user_files import UnusableFile, read_text

from ..difficulty import DEFAULT_LEVEL
from ..game import Setup
from ..road import RoadFileError, parse_road

# The options below, each of which sets up a new game only (None or False when not given).
NEW_GAME_OPTIONS = ("level", "road", "order", "you", "automas", "crossroads", "matsuri", "initiation", "preparations")


def add_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("Tokaido (with --game tokaido and --new)")
    group.add_argument("--road", type=Path, help="your road file (docs/tokaido.md)")
    group.add_argument("--order", help="with --road: the colours in the order they leave Kyoto")
    group.add_argument("--you", help="your colour (blue)")
    group.add_argument("--automas", help="the Automas' colours (the other two of --order)")
    group.add_argument("--crossroads", action="store_true",
                       help="playing with the Crossroads expansion (each Automa starts with 5 more points)")
    group.add_argument("--matsuri", action="store_true", help="playing with the Matsuri expansion")
    group.add_argument("--initiation", action="store_true",
                       help="the Journey of Initiation variant (you begin with 5 points)")
    group.add_argument("--preparations", type=int, metavar="COINS",
                       help="the Preparations variant, with the additional coins each Traveler receives "
                            "(each Automa scores 3 points a coin instead)")


def setup_from_args(args: argparse.Namespace) -> Setup:
    road = None
    if args.road:
        try:
            road = parse_road(read_text(args.road, "road file"))
        except RoadFileError as exc:
            raise UnusableFile(f"{args.road}: {exc}") from None
    order = tuple(words(args.order))
    you = args.you or "blue"
    automas = tuple(words(args.automas)) or tuple(c for c in order if c != you) or ("green", "purple")
    if len(automas) != 2:
        raise ValueError("name the two Automas' colours: --automas green,purple (or --order with three colours)")
    return Setup(automas, you, int(args.level or DEFAULT_LEVEL), args.seed or 0, road, order,  # type: ignore[arg-type]
                 args.crossroads, args.matsuri, args.initiation, args.preparations or 0)
