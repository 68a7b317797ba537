"""Measure the app: seconds from start to the Home screen, and the camera preview rate in demo mode.

    python benchmarks/ui.py [--seconds 6] [--runs 3]

Each run is a fresh process with an offscreen window (SDL_VIDEODRIVER=offscreen), so the
start time includes the interpreter, the imports, the window and the first frame. The preview
rate is counted twice: frames the camera thread produced (synthetic camera, 640x360, with
overlays when a dice reader is installed) and frames the Table screen put on its texture, its
preview shown (Camera).
To include the dice reader, put a ``vision`` package with ``read_dice`` on PYTHONPATH.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]

CHILD = r'''
import os, sys, time, json
sys.path.append(sys.argv[4])  # the repository, after the installed packages: for sim/
from sim.app_driver import headless
headless()
from kivy.clock import Clock
from companion.config import Config
from companion.session.table import SeatSpec
from ui.app import CompanionApp

mode, db, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])


class Measured(CompanionApp):
    def _home_visible(self, *args):
        super()._home_visible(*args)
        print("HOME", flush=True)
        if mode == "start":
            self.stop()
        else:
            self.controller.new_game([SeatSpec("red", "person", "Ann"), SeatSpec("blue", "automa", "Bot")], 1)
            self.show_next()
            self.manager.get_screen("table").camera_view = True  # the preview, as Camera shows it
            Clock.schedule_once(self.report, seconds)

    def report(self, _dt):
        table = self.manager.get_screen("table")
        shown = [t for t in table.shown_frames if t >= table.shown_frames[-1] - (seconds - 1)]
        displayed = (len(shown) - 1) / (shown[-1] - shown[0]) if len(shown) > 1 else 0.0
        feed = self.camera.feed
        size = feed.latest()[1].shape
        print(json.dumps({"produced_fps": round(feed.rate(), 1), "displayed_fps": round(displayed, 1),
                          "preview": f"{size[1]}x{size[0]}", "status": feed.status()}), flush=True)
        self.stop()


Measured(Config(), db_path=db, demo=True).run()
'''


def run_child(mode: str, seconds: float) -> tuple:
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, KIVY_NO_CONSOLELOG="1", SDL_VIDEODRIVER="offscreen")
        started = time.monotonic()
        child = subprocess.Popen([sys.executable, "-c", CHILD, mode, str(Path(scratch) / "games.sqlite3"),
                                  str(seconds), str(REPOSITORY)], stdout=subprocess.PIPE, text=True, env=env,
                                 cwd=scratch)  # the installed packages, plus PYTHONPATH
        home_s, result = None, None
        for line in child.stdout:
            if line.strip() == "HOME" and home_s is None:
                home_s = time.monotonic() - started
            elif line.startswith("{"):
                result = json.loads(line)
        child.wait(timeout=60)
        return home_s, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="how long to count preview frames")
    parser.add_argument("--runs", type=int, default=3, help="start-up runs (the median is reported)")
    args = parser.parse_args()
    starts = [run_child("start", 0)[0] for _ in range(args.runs)]
    _, preview = run_child("preview", args.seconds)
    print(json.dumps({"start_to_home_s": {"median": round(statistics.median(starts), 2),
                                          "runs": [round(s, 2) for s in starts]},
                      "preview": preview}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
