"""Does what the reader learns from one colour's dice carry over to the other colours?

    .venv/bin/python benchmarks/colour_carryover.py [--enrol 5] [--test 4] [--seed 0] [--json]

Rendered dice (``vision.synth``, one die a frame, 40 to 70 px across, with the random nuisances of
``synth.random_style``) in the four player colours. Each die is cropped where the plain reader finds it,
as the app crops a die a person confirms. For each colour it reads ``--test`` dice of every face of every
type with:

- ``plain``: the networks alone;
- ``from red``: the reader taught ``--enrol`` red dice of each face (K, ``vision.examples``);
- ``own``: taught K dice of each face of the colour read;
- ``red + 1 own``: the red examples and one of each face of the colour read;
- ``red + 0 own``, ``shifted``: the red examples with every face called one higher than it shows; the share
  of the colour's dice then read one higher is how much of what was learnt from red dice carries over
  (the networks alone would read the face shown).

``value``: dice read with the right type and value, of all dice (a die not found counts as wrong).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
from typing import Optional, Sequence

import cv2
import numpy as np

# This folder holds files named like the packages they measure: keep it off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

from vision import synth  # noqa: E402
from vision.examples import DieExample, TableDice, example_from_frame  # noqa: E402
from vision.reader import DiceReader  # noqa: E402
from vision.readings import FACES  # noqa: E402

COLOURS = tuple(synth.PLAYER_COLOURS_BGR)
FRAME = (200, 200)

Die = tuple[np.ndarray, str, int, str, float]  # frame, type, value, colour, size


def rendered(rng: np.random.Generator, colour: str, per_face: int) -> list[Die]:
    """``per_face`` dice of each face of each type in ``colour``, one a frame, centred."""
    dice = []
    for die_type, faces in FACES.items():
        for value in range(1, faces + 1):
            for _ in range(per_face):
                size = float(rng.uniform(40, 70))
                spec = synth.DieSpec(die_type, value, colour, (FRAME[0] / 2, FRAME[1] / 2),
                                     rotation=float(rng.uniform(0, 360)), size=size, pips=bool(rng.random() < 0.8))
                style = synth.random_style(rng)
                style.tilt_deg = 0.0  # a tilt would move the die off the frame's centre
                frame, _ = synth.render_scene([spec], synth.make_background(rng, *FRAME), style, rng)
                dice.append((frame, die_type, value, colour, size))
    return dice


def found(reader: DiceReader, die: Die):
    """The reading of the die (the one nearest the frame's centre), or None."""
    frame, _, _, _, size = die
    readings = reader.read(frame, die_size=size)
    centre = (FRAME[0] / 2, FRAME[1] / 2)
    near = [r for r in readings if np.hypot(r.centre[0] - centre[0], r.centre[1] - centre[1]) < size / 2]
    return min(near, key=lambda r: np.hypot(r.centre[0] - centre[0], r.centre[1] - centre[1])) if near else None


def examples(reader: DiceReader, dice: Sequence[Die], shift: bool = False) -> list[DieExample]:
    """The dice as a person would confirm them: cropped where the plain reader finds each (skipped where it
    finds none); with ``shift``, each face called one higher than it shows."""
    out = []
    for die in dice:
        reading = found(reader, die)
        if reading is None:
            continue
        frame, die_type, value, colour, _ = die
        called = value % FACES[die_type] + 1 if shift else value
        x0, _, x1, _ = reading.bbox
        out.append(example_from_frame(frame, die_type, called, colour, reading.centre, x1 - x0))
    return out


def value_share(reader: DiceReader, dice: Sequence[Die], shift: bool = False) -> float:
    """Dice read with the right type and value (one higher, with ``shift``), of all ``dice``."""
    right = 0
    for die in dice:
        reading = found(reader, die)
        _, die_type, value, _, _ = die
        wanted = value % FACES[die_type] + 1 if shift else value
        right += reading is not None and reading.die_type == die_type and reading.value == wanted
    return right / len(dice)


def measure(enrol: int, test: int, seed: int) -> dict[str, dict[str, float]]:
    rng = np.random.default_rng(seed)
    plain = DiceReader()
    taught = DiceReader()
    enrolled = {c: rendered(rng, c, enrol) for c in COLOURS}
    tests = {c: rendered(rng, c, test) for c in COLOURS}
    own = {c: examples(plain, enrolled[c]) for c in COLOURS}
    one_each = {c: examples(plain, enrolled[c][::enrol]) for c in COLOURS}  # the first die of each face
    red_shifted = examples(plain, enrolled["red"], shift=True)
    results: dict[str, dict[str, float]] = {}

    def score(name: str, colour: str, taught_with: Optional[list[DieExample]], shift: bool = False) -> None:
        reader = plain
        if taught_with is not None:
            taught.learn(TableDice(taught_with))
            reader = taught
        results.setdefault(name, {})[colour] = round(value_share(reader, tests[colour], shift), 3)

    for colour in COLOURS:
        score("plain", colour, None)
        score("from red", colour, own["red"])
        score("own", colour, own[colour])
        score("red + 1 own", colour, own["red"] + ([] if colour == "red" else one_each[colour]))
        score("shifted: plain reads one higher", colour, None, shift=True)
        score("shifted: from red", colour, red_shifted, shift=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--enrol", type=int, default=5, metavar="K", help="examples of each face of each type")
    parser.add_argument("--test", type=int, default=4, help="dice read of each face of each type and colour")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    results = measure(args.enrol, args.test, args.seed)
    if args.json:
        print(json.dumps({"enrol": args.enrol, "test": args.test, "seed": args.seed, "value": results}))
        return
    dice = args.test * sum(FACES.values())
    print(f"value read right, {dice} dice of each colour; K = {args.enrol} examples of each face")
    print(f"{'reader':34s}" + "".join(f"{c:>8s}" for c in COLOURS))
    for name, by_colour in results.items():
        print(f"{name:34s}" + "".join(f"{by_colour[c]:8.3f}" for c in COLOURS))


if __name__ == "__main__":
    main()
