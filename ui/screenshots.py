"""Render every screen at 800x480 into a folder (``make screenshots``).

    python -m ui.screenshots [OUT_DIR]

Plays seeded games on a scratch database with the demo camera, so the pictures show a real
game in progress, a dialog asking for a reading, a refused move and a final score.
"""
from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from .testing import headless

SHOTS = ("home", "setup", "table", "table-activation", "automa", "roll-reading", "alert", "history", "score")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0] if argv else "docs/screenshots")
    headless()
    import numpy as np

    from companion.session.table import SeatSpec
    from .testing import build_app, buttons, close_popups, pump, screenshot, tap

    def shot(name: str) -> None:
        path = screenshot(out / f"{name}.png")
        print(f"wrote {path}")

    rng = random.Random(7)

    def play_until(done) -> None:
        """Play seeded random taps (never Modify, Forfeit only when nothing else is offered)."""
        while not done():
            if app.manager.current == "automa":
                tap("Done: next")
            elif app.manager.current == "table":
                table = app.manager.get_screen("table")
                shown = [b.text for b in buttons(table.choices) if not b.text.startswith("More")]
                tap(rng.choice(sorted(shown)) if shown else "Forfeit")
            else:
                raise RuntimeError(f"the game left the table: {app.manager.current}")

    with tempfile.TemporaryDirectory() as scratch:
        app = build_app(Path(scratch) / "games.sqlite3", camera_on=True)
        # a finished game and one in progress, for the Home list
        app.controller.new_game([SeatSpec("green", "person", "Mia"), SeatSpec("white", "automa", "Tock", 2)], seed=5)
        app.camera_on = False
        app.show_next()
        play_until(lambda: app.manager.current == "score")
        app.go_home()
        app.controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("blue", "person", "Ben"),
                                 SeatSpec("green", "automa", "Cogsworth", 4)], seed=8)
        app.go_home()
        shot("home")

        tap("New game")
        setup = app.manager.get_screen("setup")
        tap("Seat 3: out")
        setup.rows[2].name_input.text = "Cleo"
        tap("Level 1 Rusty")
        tap("Level 2 Apprentice")
        setup.seed_input.text = "42"
        shot("setup")

        tap("Start game")
        play_until(lambda: app.manager.current == "table" and app.controller.state.phase == "deploy"
                   and len(app.controller.session.game.actions) > 6)
        time.sleep(1.0)
        pump(5)
        shot("table")
        play_until(lambda: app.manager.current == "automa")
        shot("automa")
        play_until(lambda: app.manager.current == "table" and app.controller.state.phase == "activate")
        table = app.manager.get_screen("table")
        tap(table.chooser.options()[0])
        time.sleep(0.5)
        pump(5)
        shot("table-activation")
        table.back()
        table.play("white place d6:6 scavenge")
        shot("alert")
        close_popups()

        from .dialogs import RollEntry
        crop = np.zeros((64, 64, 3), np.uint8)
        crop[:] = (200, 60, 50)
        crop[20:44, 28:36] = 255
        RollEntry("R Ann", ["d6", "d4", "d8"], lambda values: None, known={1: 3}, unsure={0: (1, crop)}).start()
        shot("roll-reading")
        close_popups()

        tap("History")
        shot("history")
        tap("Back")
        play_until(lambda: app.manager.current == "score")
        shot("score")
        app.teardown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
