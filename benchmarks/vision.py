"""Time ``read_dice`` on a 1280x720 frame with 12 dice, on one core.

    .venv/bin/python benchmarks/vision.py [--runs 40] [--views 4] [--examples K] [--die-size PX] [--json]

``--examples K``: with a table's examples loaded (``vision.examples``), K rendered dice of each face of
each type; it also times learning them all, and learning one more.

The frames are synthetic (fixed seeds) so the figure is reproducible on any machine. On a
shared machine whose speed varies the fastest run shows what the code costs; the median
what a user of that machine would see.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

import cv2
import numpy as np

# This file is named like the package it measures: keep its own folder off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

from vision import synth  # noqa: E402
from vision.examples import TableDice, example_from_frame  # noqa: E402
from vision.reader import READER_ANGLES, DiceReader  # noqa: E402
from vision.readings import FACES  # noqa: E402


def table_examples(per_face: int) -> TableDice:
    """``per_face`` rendered red dice of each face of each type, as confirmed examples, each face called one
    higher than it shows: the networks read renders well, and would keep every type from dice called as
    they show, so the reader would read none by the examples (``vision.examples.TableValues``)."""
    dice = TableDice()
    rng = np.random.default_rng(7)
    for die_type, faces in FACES.items():
        for value in range(1, faces + 1):
            for _ in range(per_face):
                spec = synth.DieSpec(die_type, value, "red", (100.0, 100.0), rotation=rng.uniform(0, 360), size=70.0)
                frame, _ = synth.render_scene([spec], synth.make_background(rng, 200, 200), rng=rng)
                dice.add(example_from_frame(frame, die_type, value % faces + 1, "red", (100.0, 100.0), 70.0))
    return dice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--frames", type=int, default=4, help="different frames to cycle through")
    parser.add_argument("--views", type=int, default=len(READER_ANGLES), help="rotated looks the reader takes per die")
    parser.add_argument("--examples", type=int, default=0, metavar="K", help="K examples of each face loaded")
    parser.add_argument("--die-size", type=float, default=None, metavar="PX",
                        help="the dice's side known, as at a table whose markers tell it (the rendered dice: 50-90)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    reader = DiceReader(views=args.views)
    learning = {}
    if args.examples:
        dice = table_examples(args.examples)
        started = time.perf_counter()
        reader.learn(dice)
        learning["learn_all_s"] = round(time.perf_counter() - started, 3)
        learning["types_read_by_examples"] = [t for t in FACES if reader.table_values.knows(t)]
        dice.add(table_examples(1).examples[0])  # a new die: its crops not looked at yet
        started = time.perf_counter()
        reader.learn(dice)
        learning["learn_one_more_s"] = round(time.perf_counter() - started, 3)
        learning["examples"] = len(dice.examples)
        learning["saved_kb"] = round(len(dice.to_bytes()) / 1024, 1)
    frames = []
    for seed in range(args.frames):
        rng = np.random.default_rng(1000 + seed)
        dice = synth.random_dice(rng, 1280, 720, 12, size_range=(50, 90))
        assert len(dice) == 12, "could not place 12 dice"
        frame, _ = synth.render_scene(dice, synth.make_background(rng, 1280, 720), synth.random_style(rng), rng)
        frames.append(frame)
    for frame in frames:
        reader.read(frame, die_size=args.die_size)  # warm-up
    times, found = [], []
    for i in range(args.runs):
        frame = frames[i % len(frames)]
        started = time.perf_counter()
        readings = reader.read(frame, die_size=args.die_size)
        times.append((time.perf_counter() - started) * 1000)
        found.append(len(readings))
    result = {"frame": "1280x720", "dice_per_frame": 12, "die_size": args.die_size, "threads": cv2.getNumThreads(), "views": reader.views,
              "runs": args.runs,
              "ms_median": round(float(np.median(times)), 1), "ms_p95": round(float(np.percentile(times, 95)), 1),
              "ms_min": round(float(np.min(times)), 1),
              "dice_found_mean": round(float(np.mean(found)), 2), **learning}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"read_dice on 1280x720 with 12 dice, {result['threads']} thread, {reader.views} views: "
              f"median {result['ms_median']} ms, p95 {result['ms_p95']} ms, fastest {result['ms_min']} ms "
              f"over {args.runs} runs ({result['dice_found_mean']} dice found per frame)")
        if learning:
            print(f"{learning['examples']} examples ({learning['saved_kb']} KB saved): learnt in "
                  f"{learning['learn_all_s']} s; learning one more (a refit) {learning['learn_one_more_s']} s")


if __name__ == "__main__":
    main()
