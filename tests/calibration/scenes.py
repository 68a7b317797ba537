"""Shared synthetic tables for the calibration and sync tests."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from calibration.layout import default_layout
from sim.table_scene import TableScene
from vision.readings import FACES
from vision.synth import DieSpec


def scene(seats: int = 2) -> TableScene:
    return TableScene.arranged(default_layout(seats))


def dice_in_zones(table: TableScene, counts: dict[str, int], rng: np.random.Generator,
                  colours: Sequence[str] = ("red", "blue")) -> list[tuple[str, DieSpec]]:
    """Random dice, ``counts[zone]`` of them in each zone."""
    size = table.marker_px * 0.75
    out = []
    for zone, count in counts.items():
        for centre in table.scatter(zone, count, size, rng):
            die_type = str(rng.choice(["d4", "d6", "d8"]))
            out.append((zone, DieSpec(die_type, int(rng.integers(1, FACES[die_type] + 1)), str(rng.choice(colours)),
                                      centre, float(rng.uniform(0, 360)), size)))
    return out
