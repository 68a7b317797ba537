"""Rolls, taps and time to teach the camera a table's dice (Calibrate's second step), by the app's own rules.

    .venv/bin/python benchmarks/enrolment_taps.py [--colours 3] [--runs 300] [--seconds 2] [--json]

Each colour has 6 D4s, 4 D6s and 2 D8s. The first colour's dice are rolled, all twelve each time, until
every face of every type has its examples (``companion.session.enrolment``); each other colour is rolled
once. Every roll is one tap (Read the dice), and every die the screen asks about one tap (the camera reads
it right, or the person taps the value it shows: one tap either way; a die read as the wrong type costs
one more, not counted here). A roll and a tap take ``--seconds`` each.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tempfile
from dataclasses import dataclass

import numpy as np

# This folder holds files named like the packages they measure: keep it off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

from companion.session.dice_learning import TableDiceLearner  # noqa: E402
from companion.session.enrolment import Enrolment  # noqa: E402
from vision.examples import TableDice  # noqa: E402
from vision.readings import FACES  # noqa: E402

DICE = {"d4": 6, "d6": 4, "d8": 2}  # one colour's dice
COLOURS = ("red", "blue", "green", "white")
FRAME = np.full((64, 64, 3), 128, np.uint8)  # the examples' crops do not matter here


@dataclass
class Die:
    """A die read right, as the screen takes a reading."""

    die_type: str
    value: int
    colour: str
    centre: tuple[float, float] = (32.0, 32.0)
    bbox: tuple[float, float, float, float] = (16.0, 16.0, 48.0, 48.0)


class Unsaved(TableDiceLearner):
    """The app's learner, without writing a file or teaching a reader."""

    def _changed(self) -> None:
        pass


def roll(rng: np.random.Generator, colour: str) -> list[Die]:
    return [Die(t, int(rng.integers(1, FACES[t] + 1)), colour) for t, n in DICE.items() for _ in range(n)]


def teach(enrolment: Enrolment, rng: np.random.Generator, colour: str) -> tuple[int, int]:
    """(rolls, taps) until ``colour`` is taught."""
    enrolment.choose(colour)
    rolls = taps = 0
    while not enrolment.taught(colour):
        rolls += 1
        taps += 1 + enrolment.take(FRAME, roll(rng, colour))
        while enrolment.current is not None:
            enrolment.confirm(enrolment.current.die_type, enrolment.current.value)
    return rolls, taps


def measure(colours: int, runs: int, seconds: float, seed: int = 0) -> dict[str, dict[str, float]]:
    rng = np.random.default_rng(seed)
    first: list[tuple[int, int]] = []
    others: list[tuple[int, int]] = []
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(runs):
            enrolment = Enrolment(Unsaved(pathlib.Path(scratch) / "calibration.json", TableDice(), False),
                                  COLOURS[:colours])
            first.append(teach(enrolment, rng, COLOURS[0]))
            others += [teach(enrolment, rng, colour) for colour in COLOURS[1:colours]]

    def summary(counts: list[tuple[int, int]]) -> dict[str, float]:
        rolls = np.array([r for r, _ in counts])
        taps = np.array([t for _, t in counts])
        time_s = (rolls + taps) * seconds
        return {"rolls_mean": round(float(rolls.mean()), 1), "rolls_p90": float(np.percentile(rolls, 90)),
                "taps_mean": round(float(taps.mean()), 1), "taps_p90": float(np.percentile(taps, 90)),
                "seconds_mean": round(float(time_s.mean())), "seconds_p90": float(np.percentile(time_s, 90))}

    return {"first colour": summary(first), **({"each other colour": summary(others)} if others else {})}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--colours", type=int, default=3, choices=range(1, len(COLOURS) + 1))
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=2.0, help="a roll or a tap")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.colours, args.runs, args.seconds)
    if args.json:
        print(json.dumps(result))
        return
    for name, s in result.items():
        print(f"{name}: {s['rolls_mean']} rolls (90% within {s['rolls_p90']:.0f}), {s['taps_mean']} taps "
              f"(90% within {s['taps_p90']:.0f}), {s['seconds_mean']:.0f} s (90% within {s['seconds_p90']:.0f} s) "
              f"at {args.seconds:g} s a roll or tap")


if __name__ == "__main__":
    main()
