"""Argument types the subcommands share: a count that cannot go below its least is refused as argparse refuses
any bad argument (the command's usage, one line saying why, exit status 2)."""
from __future__ import annotations

import argparse
from typing import Callable


def at_least(least: int) -> Callable[[str], int]:
    """The type of a whole number of ``least`` or more."""
    def count(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is less than {least}")
        return value

    count.__name__ = f"a whole number of {least} or more"  # how argparse names the type it refuses
    return count
