"""Automaton's options on the command line (``session --game automaton --new``) and the setup they make."""
from __future__ import annotations

import argparse
from typing import Sequence

from companion.line_games.options import words

from ..board import parse as parse_square
from ..design import Design
from ..game import RobotSetup, Setup

# The options below, each of which sets up a new game only (None when not given).
NEW_GAME_OPTIONS: Sequence[str] = ("robots", "squares")
DEFAULT_ROBOTS = "ann:rby,bob:gyr"


def add_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("Automaton (with --game automaton and --new)")
    group.add_argument("--robots", help=f"each robot as NAME:DESIGN, the design the colours of its small, medium and "
                                        f"large pyramid by first letter (b, r, y, g); 2 to 4 robots ({DEFAULT_ROBOTS})")
    group.add_argument("--squares", help="the robots' start squares in the same order, e.g. c3,f6 (the corners: a1, "
                                         "h8, h1, a8)")


def setup_from_args(args: argparse.Namespace) -> Setup:
    robots = []
    for word in words(args.robots or DEFAULT_ROBOTS):
        name, _, letters = word.partition(":")
        robots.append((name, Design.from_letters(letters)))
    if not args.squares:
        return Setup.at_corners(robots, args.seed or 0)
    squares = [parse_square(w) for w in words(args.squares)]
    if len(squares) != len(robots) or None in squares:
        raise ValueError("--squares names one square (a1 to h8) for each robot of --robots")
    return Setup(tuple(RobotSetup(n, d, s) for (n, d), s in zip(robots, squares) if s is not None), args.seed or 0)
