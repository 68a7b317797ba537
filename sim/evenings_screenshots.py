"""Render the Evenings screen at 800x480 into a folder: its three charts on a games database of three evenings
(``sim.evenings``), each game's levels and scores, and the screen before any game is finished.

    python -m sim.evenings_screenshots [OUT_DIR]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from sim.app_driver import headless

SHOTS = ("evenings-empty", "evenings-players", "evenings-levels", "evenings-levels-euphoria", "evenings-scores",
         "evenings-scores-aoi")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0] if argv else "docs/screenshots")
    headless()
    from sim.app_driver import build_app, screenshot, tap
    from sim.evenings import evenings_database

    def shot(name: str) -> None:
        print(f"wrote {screenshot(out / f'{name}.png')}")

    with tempfile.TemporaryDirectory() as scratch:
        app = build_app(Path(scratch) / "empty.sqlite3")
        tap("Evenings")
        shot("evenings-empty")
        app.teardown()
        app = build_app(evenings_database(Path(scratch) / "games.sqlite3"))
        tap("Evenings")
        shot("evenings-players")
        for view, game, name in (("Levels", "Automata", "evenings-levels"), ("Levels", "Euphoria", "evenings-levels-euphoria"),
                                 ("Scores", "Automata", "evenings-scores"), ("Scores", "Age of Innovation", "evenings-scores-aoi")):
            tap(view)
            tap(game)
            shot(name)
        app.teardown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
