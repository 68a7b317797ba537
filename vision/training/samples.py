"""Training crops for the die classifier, cut exactly as the reader cuts them.

Positives are taken around labelled dice with random window size, shift and rotation,
so the classifier learns to recognise a die from a loose candidate and to say where
its true box is. Negatives are the detector's own candidates away from every die: the
table texture, shadows, the gap between two touching dice, other objects.
"""
from __future__ import annotations

import json
import math
import pathlib
from dataclasses import dataclass, field
from typing import Iterable, List, Optional, Sequence

import cv2
import numpy as np

from vision import synth
from vision.classifier import CROP, GreyPyramid, class_index
from vision.detect import find_candidates

MIN_DIE_PX = 10.0  # labelled dice smaller than this are neither taught nor used as negatives


@dataclass
class SampleSet:
    crops: List[np.ndarray] = field(default_factory=list)
    classes: List[int] = field(default_factory=list)
    boxes: List[np.ndarray] = field(default_factory=list)  # (dx, dy, log size/window); zeros for negatives

    def add(self, crop: np.ndarray, cls: int, box: Optional[np.ndarray] = None) -> None:
        self.crops.append(crop)
        self.classes.append(cls)
        self.boxes.append(np.zeros(3, np.float32) if box is None else box.astype(np.float32))

    def extend(self, other: "SampleSet") -> None:
        self.crops += other.crops
        self.classes += other.classes
        self.boxes += other.boxes

    def arrays(self):
        return (np.stack(self.crops).astype(np.uint8), np.array(self.classes, np.int64),
                np.stack(self.boxes).astype(np.float32))


def _die_geometry(bbox: Sequence[float]):
    x0, y0, x1, y1 = bbox
    return np.array([(x0 + x1) / 2, (y0 + y1) / 2]), max(x1 - x0, y1 - y0)


def samples_from_frame(frame: np.ndarray, dice: Sequence[dict], rng: np.random.Generator,
                       per_die: int = 2, negatives: int = 6) -> SampleSet:
    """Crops from one labelled frame. ``dice`` entries need ``bbox``; ``value`` None means type unknown."""
    out = SampleSet()
    pyramid = GreyPyramid(frame)
    geometry = [_die_geometry(d["bbox"]) for d in dice]
    for die, (centre, size) in zip(dice, geometry):
        if size < MIN_DIE_PX or die.get("value") is None:
            continue
        cls = class_index(die["type"], int(die["value"]))
        for _ in range(per_die):
            window = size * math.exp(rng.uniform(math.log(1.15), math.log(2.4)))
            shift = rng.uniform(-0.2, 0.2, size=2) * size
            angle = rng.uniform(0, 360)
            crop_centre = centre - shift
            c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            offset = np.array([[c, s], [-s, c]]) @ shift / window
            box = np.array([offset[0], offset[1], math.log(size / window)])
            out.add(pyramid.crop(tuple(crop_centre), window, angle), cls, box)
    if negatives:
        _add_negatives(out, frame, pyramid, geometry, rng, negatives)
    return out


def _add_negatives(out: SampleSet, frame, pyramid, geometry, rng, count: int) -> None:
    picked = 0
    for cand in find_candidates(frame):
        if picked >= count:
            break
        near = [np.linalg.norm(np.array(cand.centre) - c) < 0.6 * max(s, 4.0) for c, s in geometry]
        if any(near):
            continue
        window = cand.size * 1.6 * math.exp(rng.uniform(-0.2, 0.2))
        out.add(pyramid.crop(cand.centre, window, rng.uniform(0, 360)), 0)
        picked += 1
    # Between two touching dice: a crop there must not read as one die.
    for i in range(len(geometry)):
        for j in range(i + 1, len(geometry)):
            (ci, si), (cj, sj) = geometry[i], geometry[j]
            if min(si, sj) >= MIN_DIE_PX and np.linalg.norm(ci - cj) < 1.3 * max(si, sj) and rng.random() < 0.5:
                window = max(si, sj) * rng.uniform(1.3, 1.8)
                out.add(pyramid.crop(tuple((ci + cj) / 2), window, rng.uniform(0, 360)), 0)


def synthetic_samples(scenes: int, seed: int) -> SampleSet:
    rng = np.random.default_rng(seed)
    out = SampleSet()
    for _ in range(scenes):
        width, height = int(rng.integers(320, 640)), int(rng.integers(240, 480))
        count = int(rng.integers(2, 9))
        size = (float(rng.uniform(22, 70)),) * 2
        size = (size[0], size[0] * rng.uniform(1.0, 2.0))
        frame, labels = synth.random_scene(rng, width, height, count, size_range=size, grayscale_chance=0.2,
                                           colours=tuple(synth.PLAYER_COLOURS_BGR) + tuple(synth.OTHER_COLOURS_BGR))
        out.extend(samples_from_frame(frame, labels, rng))
    return out


def manifest_samples(manifest: pathlib.Path, groups: Optional[Iterable[str]], seed: int,
                     exclude_groups: Iterable[str] = ()) -> SampleSet:
    """Crops from a labelled photo manifest (only rows with boxes and ``complete`` labels)."""
    rng = np.random.default_rng(seed)
    wanted = set(groups) if groups is not None else None
    excluded = set(exclude_groups)
    out = SampleSet()
    root = manifest.parent
    for line in open(manifest):
        row = json.loads(line)
        if (wanted is not None and row["group"] not in wanted) or row["group"] in excluded:
            continue
        if not row["dice"] or any(d["bbox"] is None for d in row["dice"]):
            continue
        frame = cv2.imread(str(root / row["image"]))
        if frame is None:
            continue
        out.extend(samples_from_frame(frame, row["dice"], rng, negatives=6 if row.get("complete") else 0))
    return out
