"""``python -m vision read-dice IMAGE`` / ``python -m vision vision-eval MANIFEST``: the vision subcommands alone."""
from __future__ import annotations

import argparse
import sys

from vision import cli


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision", description="Dice reading commands.")
    cli.register(parser.add_subparsers(dest="command", metavar="COMMAND"))
    args = parser.parse_args(argv)
    if getattr(args, "handler", None) is None:
        parser.print_help()
        return 1
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
