"""Command-line entry points of the vision package (filled in by the dice-reading work)."""
from __future__ import annotations

import argparse


def register(subparsers: "argparse._SubParsersAction") -> None:
    """Add the vision subcommands (none yet)."""
