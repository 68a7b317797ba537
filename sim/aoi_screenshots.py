"""Render the Age of Innovation screens at 800x480 into a folder: the setup, her cards being entered, an upgrade
and a build of hers asked of the table, in a game with no card file (her cards tapped as they are drawn).

    python -m sim.aoi_screenshots [OUT_DIR]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from sim.app_driver import headless

SHOTS = ("aoi-setup", "aoi-card-entry", "aoi-upgrade", "aoi")
COMMUNITY = ("Law", "Medicine", "Done", "Build", "Step", "Done")  # her community card, tapped at the start
CARD_4 = ("Build", "Done", "Marked buildings", "No merge", "Row A", "→ 1", "Catch up", "Middle", "No pass icon")
CARD_1 = ("Upgrade", "2 points", "Done", "Unmarked buildings", "No merge", "Row A", "← 1", "Catch up", "Middle",
          "No pass icon")
CARD_2 = ("Build", "Points X", "Done", "Marked buildings", "Merge", "Row A", "→ 3", "Scoring tile", "Middle",
          "No pass icon")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0] if argv else "docs/screenshots")
    headless()
    from sim.app_driver import build_app, screenshot, tap

    def taps(*texts: str) -> None:
        for text in texts:
            tap(text)

    def shot(name: str) -> None:
        print(f"wrote {screenshot(out / f'{name}.png')}")

    with tempfile.TemporaryDirectory() as scratch:
        app = build_app(Path(scratch) / "games.sqlite3")
        app.go_home()
        taps("New game", "Age of Innovation", "Automa")
        shot("aoi-setup")
        taps("Enter her cards…", *CARD_2[:-1], "Pass icon", "Upgrade", "2 points")
        shot("aoi-card-entry")
        taps("Back", "Start", *COMMUNITY, "3", "Law", "4", *CARD_4, "1", *CARD_1)
        shot("aoi-upgrade")
        taps("1", "2", *CARD_2)
        shot("aoi")
        app.teardown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
