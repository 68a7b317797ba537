"""Table sync over synthetic rounds: placement recognition, planted mismatches flagged, false mismatches.

    python benchmarks/sync.py [--games 100] [--rounds 3] [--seats 2] [--mode exact|rendered|reader]
                              [--seed 1 [2 ...]] [--game G [G ...]] [--jobs N] [--width PX]

exact:    readings straight from the simulated table (the sync logic alone);
rendered: every settle rendered with its markers, zones found again from them, the camera
          bumped by up to 4 degrees and 15 px between settles, owner colours read from the
          pixels with a profile calibrated on the same table (type, value and position from
          the render's labels);
reader:   as rendered, but every die (type, value, colour, place) read by vision.reader.read_dice
          with the calibrated profile, on a table rendered 2400 px across (16 mm dice about
          45 px) so that the numerals are legible (needs the dice models); ``--width 3200``
          renders it 3200 px across (dice about 61 px), the camera bump scaled with it.

A planted mismatch counts as flagged when it raises an alert; ``looked_at`` counts those that raised
none but whose die was named under the camera preview as one the camera was unsure of, and
``clean_doubts`` the clean settles that named a die (the table was right).
"""
from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calibration.layout import default_layout  # noqa: E402
from companion.games.automata.rules import COLOURS  # noqa: E402
from sim.sync_trials import (TrialCounts, calibrated_table, exact_observer, play_game, rates,  # noqa: E402
                             rendered_observer)
from sim.table_scene import TableScene  # noqa: E402
from vision.synth import SceneStyle  # noqa: E402
from vision.zones import DIE_SIDE  # noqa: E402


def frame_size(mode: str, width: int = 0) -> tuple[int, int]:
    """The rendered table's size: ``width`` across (5:8), else 2400 px for the reader, 1600 px otherwise."""
    width = width or (2400 if mode == "reader" else 1600)
    return width, width * 5 // 8


def observer_for(mode: str, colours, seed: int, width: int = 0):
    """The observer, the table scene and how many mats calibration needed (0 for exact readings)."""
    if mode == "exact":
        return exact_observer, None, 0
    width, height = frame_size(mode, width)
    rng = np.random.default_rng(seed)
    style = SceneStyle(light_gradient=float(rng.uniform(0, 0.4)), noise_sigma=2.0)
    table = calibrated_table(colours, width, height, rng, style)
    bump_px = 15.0 * width / frame_size(mode)[0]  # the same bump, measured in table, on a larger frame
    common = dict(style=style, bump_deg=4.0, bump_px=bump_px, rng=rng, background=table.background)
    if mode == "reader":
        from vision.reader import read_dice

        return rendered_observer(table.finder, read=read_dice, profile=table.profile, **common), table.scene, \
            table.mats_laid
    from vision.colour import body_colour, match_colour

    def colour_of(frame, centre, size):
        return match_colour(body_colour(frame, centre, size), table.profile)

    return rendered_observer(table.finder, colour_of, **common), table.scene, table.mats_laid


def play_one(mode: str, colours, seed: int, rounds: int, plant_rate: float, scratch: str, width: int = 0):
    """One game: its counts and how many mats calibration needed."""
    threshold = 0.0
    if mode == "reader":
        from vision.readings import CONFIDENCE_THRESHOLD as threshold
    observe, scene, mats = observer_for(mode, colours, seed, width)
    counts = play_game(seed, Path(scratch) / f"g{seed}.db", colours, rounds, plant_rate, observe, scene,
                       min_confidence=threshold)
    counts.failures = [f"game {seed}: {failure}" for failure in counts.failures]  # to replay it alone
    return counts, mats


def die_px(args) -> Optional[float]:
    """A die's side in the rendered frame (None for exact readings)."""
    if args.mode == "exact":
        return None
    width, height = frame_size(args.mode, args.width)
    return round(TableScene.arranged(default_layout(args.seats), width, height).marker_px * DIE_SIDE, 1)


def _one_thread() -> None:
    import cv2

    cv2.setNumThreads(1)  # the processes share the cores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games played per seed")
    parser.add_argument("--rounds", type=int, default=3, help="rounds played per game")
    parser.add_argument("--seats", type=int, default=2, choices=range(2, 5))
    parser.add_argument("--mode", choices=("exact", "rendered", "reader"), default="exact")
    parser.add_argument("--plant-rate", type=float, default=0.25, help="chance of a planted mismatch after a settle")
    parser.add_argument("--seed", type=int, nargs="+", default=[1], help="one or more seeds (game g of seed s is "
                                                                         "seeded s * 100000 + g)")
    parser.add_argument("--game", type=int, nargs="+", default=None,
                        help="play only these games of each seed (a failure names its game as s * 100000 + g)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, each in its own process")
    parser.add_argument("--width", type=int, default=0,
                        help="rendered table width in px (default 2400 for reader, 1600 for rendered; "
                             "height 5/8 of it)")
    parser.add_argument("--show-failures", type=int, default=5)
    args = parser.parse_args()
    colours = COLOURS[:args.seats]
    seeds = [s * 100_000 + game for s in args.seed for game in (args.game or range(args.games))]
    total = TrialCounts()
    mats_relaid = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        play = functools.partial(play_one, args.mode, colours, rounds=args.rounds, plant_rate=args.plant_rate,
                                 scratch=scratch, width=args.width)
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs, initializer=_one_thread) as pool:
                games = pool.map(play, seeds, chunksize=1)
        else:
            games = map(play, seeds)
        for counts, mats in games:
            mats_relaid += max(0, mats - 1)
            total.add(counts)
    elapsed = time.perf_counter() - started
    result = {
        "mode": args.mode, "seeds": args.seed, "games": len(seeds), "rounds": total.rounds, "seats": args.seats,
        "settles": total.clean_settles + sum(total.planted.values()),
        "placements": total.placements, "rolls": total.rolls, "activations": total.activations,
        "planted": dict(total.planted), "flagged": dict(total.flagged), "kind_named": dict(total.kind_named),
        "looked_at": dict(total.looked_at), "clean_doubts": total.clean_doubts,
        "false_mismatches": total.false_mismatches, "clean_settles": total.clean_settles,
        "misreads_told": total.misreads_told, "mats_relaid": mats_relaid, "die_px": die_px(args),
        **{k: round(v, 4) for k, v in rates(total).items()},
        "seconds": round(elapsed, 1),
    }
    print(json.dumps(result, indent=2))
    for failure in total.failures[:args.show_failures]:
        print("failure:", failure)


if __name__ == "__main__":
    main()
