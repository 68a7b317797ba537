"""Table sync over synthetic rounds: placement recognition, planted mismatches flagged, false mismatches.

    python benchmarks/sync.py [--games 100] [--rounds 3] [--seats 2] [--mode exact|rendered|reader]

exact:    readings straight from the simulated table (the sync logic alone);
rendered: every settle rendered with its markers, zones found again from them, the camera
          bumped by up to 4 degrees and 15 px between settles, owner colours read from the
          pixels with a profile calibrated on the same table (type, value and position from
          the render's labels);
reader:   as rendered, but every die (type, value, colour, place) read by vision.reader.read_dice
          with the calibrated profile, on a table rendered 2400 px across (16 mm dice about
          45 px) so that the numerals are legible (needs the dice models).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calibration.sync_trials import (TrialCounts, calibrated_table, exact_observer, play_game, rates,  # noqa: E402
                                     rendered_observer)
from vision.synth import SceneStyle  # noqa: E402

COLOURS = ("red", "blue", "green", "white")


def observer_for(mode: str, colours, seed: int):
    """The observer, the table scene and how many mats calibration needed (0 for exact readings)."""
    if mode == "exact":
        return exact_observer, None, 0
    width, height = (2400, 1500) if mode == "reader" else (1600, 1000)
    rng = np.random.default_rng(seed)
    style = SceneStyle(light_gradient=float(rng.uniform(0, 0.4)), noise_sigma=2.0)
    table = calibrated_table(colours, width, height, rng, style)
    common = dict(style=style, bump_deg=4.0, bump_px=15.0, rng=rng, background=table.background)
    if mode == "reader":
        from vision.reader import read_dice

        return rendered_observer(table.finder, read=read_dice, profile=table.profile, **common), table.scene, \
            table.mats_laid
    from vision.colour import body_colour, match_colour

    def colour_of(frame, centre, size):
        return match_colour(body_colour(frame, centre, size), table.profile)

    return rendered_observer(table.finder, colour_of, **common), table.scene, table.mats_laid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3, help="rounds played per game")
    parser.add_argument("--seats", type=int, default=2, choices=range(2, 5))
    parser.add_argument("--mode", choices=("exact", "rendered", "reader"), default="exact")
    parser.add_argument("--plant-rate", type=float, default=0.25, help="chance of a planted mismatch after a settle")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-failures", type=int, default=5)
    args = parser.parse_args()
    colours = COLOURS[:args.seats]
    threshold = 0.0
    if args.mode == "reader":
        from vision.reader import CONFIDENCE_THRESHOLD as threshold
    total = TrialCounts()
    mats_relaid = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        for game in range(args.games):
            seed = args.seed * 100_000 + game
            observe, scene, mats = observer_for(args.mode, colours, seed)
            mats_relaid += max(0, mats - 1)
            total.add(play_game(seed, Path(scratch) / f"g{game}.db", colours, args.rounds, args.plant_rate,
                                observe, scene, min_confidence=threshold))
    elapsed = time.perf_counter() - started
    result = {
        "mode": args.mode, "games": args.games, "rounds": total.rounds, "seats": args.seats,
        "settles": total.clean_settles + sum(total.planted.values()),
        "placements": total.placements, "rolls": total.rolls, "activations": total.activations,
        "planted": dict(total.planted), "flagged": dict(total.flagged), "kind_named": dict(total.kind_named),
        "false_mismatches": total.false_mismatches, "clean_settles": total.clean_settles,
        "misreads_told": total.misreads_told, "mats_relaid": mats_relaid,
        **{k: round(v, 4) for k, v in rates(total).items()},
        "seconds": round(elapsed, 1),
    }
    print(json.dumps(result, indent=2))
    for failure in total.failures[:args.show_failures]:
        print("failure:", failure)


if __name__ == "__main__":
    main()
