"""The drawn Table screen at every person's turn of seeded four-seat games: whether every die the game has is drawn,
between the top bar and the camera line of the 800x480 window, none on another (``tests/ui/table_fit.py``; the
tests show every fourth turn of the game of seed 8).

    .venv/bin/python benchmarks/table_fit.py [--seed 8 [9 ...]] [--json]

Prints, for each seed, the turns shown and each that did not fit; exits 1 when any did not.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
# This folder holds files named like the packages they measure: keep it off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

from sim.app_driver import build_app, headless  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, nargs="+", default=[8])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    headless()
    from tests.ui.table_fit import misfits

    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        app = build_app(pathlib.Path(tmp) / "games.sqlite3")
        try:
            for seed in args.seed:
                shown, found = misfits(app, seed)
                results[seed] = {"turns": shown, "misfits": found}
        finally:
            app.teardown()
    print(json.dumps(results, indent=None if args.json else 2))
    return 1 if any(r["misfits"] for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
