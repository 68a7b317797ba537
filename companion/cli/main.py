"""The `automata-companion` command and its subcommands.

Each group of subcommands is a module of this package (the headless ``session`` is the session's own), registered
here by module name, at the top of the layers. A module exposes ``register(subparsers)``, which adds its parsers
and sets ``handler`` (a function taking the parsed arguments and returning an exit status).
Heavy imports (OpenCV, Kivy) belong inside the handlers so that ``--help`` stays fast.

A file a person named that cannot be used (:class:`UnusableFile`) ends the command with one
line on stderr and exit status 2. OpenCV's own log lines are silenced: the commands say what
is wrong in their own words (``OPENCV_LOG_LEVEL=WARNING`` brings them back).
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Optional, Sequence

from ..user_files import UnusableFile

COMMAND_MODULES = (
    "companion.cli.engine",
    "companion.session.headless",
    "companion.cli.automa",
    "companion.cli.vision",
    "companion.cli.hardware",
    "companion.cli.ui",
    "companion.cli.calibration",
    "companion.cli.stats",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="automata-companion",
        description="A table companion for the dice game Automata.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    os.environ.setdefault("OPENCV_LOG_LEVEL", "SILENT")  # read when OpenCV is first imported
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 1
    try:
        return int(handler(args) or 0)
    except UnusableFile as exc:
        print(f"{args.command}: {exc}", file=sys.stderr)
        return 2
