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
from typing import Callable, Iterable, Optional, Sequence, Union

import cv2
import numpy as np

from vision import synth
from vision.classifier import (FINDER_CROP, FINDER_WINDOW, READER_CROP,
                               READER_WINDOW, Finder, GreyPyramid, class_index, crop_batch, decode_box)
from vision.detect import find_candidates
from vision.readings import DIE_TYPES

MIN_DIE_PX = 10.0  # labelled dice smaller than this are neither taught nor used as negatives
MAX_REFINED_DIE = 130.0  # the largest die ``die_box_around`` looks for, in photo pixels


@dataclass
class SampleSet:
    """Crops with labels. ``classes`` < 0 marks a die of known type but unknown value: -(type index + 1)."""

    crops: list[np.ndarray] = field(default_factory=list)
    classes: list[int] = field(default_factory=list)
    boxes: list[np.ndarray] = field(default_factory=list)  # (dx, dy, log size/window); zeros for negatives

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


@dataclass
class Samples:
    finder: SampleSet = field(default_factory=SampleSet)
    reader: SampleSet = field(default_factory=SampleSet)

    def extend(self, other: "Samples") -> None:
        self.finder.extend(other.finder)
        self.reader.extend(other.reader)


def _die_geometry(bbox: Sequence[float]):
    x0, y0, x1, y1 = bbox
    return np.array([(x0 + x1) / 2, (y0 + y1) / 2]), max(x1 - x0, y1 - y0)


def _reader_class(die: dict) -> int:
    if die.get("value") is None:
        return -(DIE_TYPES.index(die["type"]) + 1)
    return class_index(die["type"], int(die["value"]))


def samples_from_frame(frame: np.ndarray, dice: Sequence[dict], rng: np.random.Generator,
                       per_die: int = 2, negatives: int = 6) -> Samples:
    """Finder and reader crops from one labelled frame (every die needs a ``bbox``)."""
    out = Samples()
    pyramid = GreyPyramid(frame)
    geometry = [_die_geometry(d["bbox"]) for d in dice]
    for die, (centre, size) in zip(dice, geometry):
        if size < MIN_DIE_PX:
            continue
        for _ in range(per_die):
            # Finder: a loose window, as around a detector blob of roughly the right size.
            window = size * math.exp(rng.uniform(math.log(1.15), math.log(2.6)))
            shift = rng.uniform(-0.22, 0.22, size=2) * size
            angle = rng.uniform(0, 360)
            c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            offset = np.array([[c, s], [-s, c]]) @ shift / window
            box = np.array([offset[0], offset[1], math.log(size / window)])
            out.finder.add(pyramid.crop(tuple(centre - shift), window, FINDER_CROP, angle), 1, box)
            out.reader.add(reader_crop(pyramid, centre, size, rng), _reader_class(die))
    if negatives:
        _add_negatives(out, frame, pyramid, geometry, rng, negatives)
    return out


def reader_crop(pyramid: GreyPyramid, centre, size: float, rng: np.random.Generator) -> np.ndarray:
    """The reader's crop of a die: a tight window around a box the finder got nearly right, turned at random."""
    window = size * READER_WINDOW * math.exp(rng.uniform(-0.12, 0.12))
    shift = rng.uniform(-0.07, 0.07, size=2) * size
    return pyramid.crop(tuple(np.asarray(centre) - shift), window, READER_CROP, rng.uniform(0, 360))


def _add_negative(out: Samples, pyramid: GreyPyramid, centre, size: float, rng) -> None:
    angle = rng.uniform(0, 360)
    out.finder.add(pyramid.crop(tuple(centre), size * FINDER_WINDOW * math.exp(rng.uniform(-0.2, 0.2)),
                                FINDER_CROP, angle), 0)
    out.reader.add(pyramid.crop(tuple(centre), size * READER_WINDOW * math.exp(rng.uniform(-0.2, 0.2)),
                                READER_CROP, angle), 0)


def _add_negatives(out: Samples, frame, pyramid, geometry, rng, count: int) -> None:
    picked = 0
    parts = 0
    for cand in find_candidates(frame, limit=96):
        if picked >= count and parts >= count // 2:
            break
        near = [np.linalg.norm(np.array(cand.centre) - c) < 0.6 * max(s, 4.0) for c, s in geometry]
        if not any(near) and picked < count:
            _add_negative(out, pyramid, cand.centre, cand.size, rng)
            picked += 1
        elif any(near) and parts < count // 2 and all(
                cand.size < 0.45 * s for (c, s), n in zip(geometry, near) if n):
            # A pip or numeral of a die, seen at its own small scale: not a die.
            _add_negative(out, pyramid, cand.centre, cand.size, rng)
            parts += 1
    # Between two touching dice: a crop there must not read as one die.
    for i in range(len(geometry)):
        for j in range(i + 1, len(geometry)):
            (ci, si), (cj, sj) = geometry[i], geometry[j]
            if min(si, sj) >= MIN_DIE_PX and np.linalg.norm(ci - cj) < 1.3 * max(si, sj) and rng.random() < 0.5:
                _add_negative(out, pyramid, (ci + cj) / 2, max(si, sj) * 1.1, rng)


def single_die_box(frame: np.ndarray) -> Optional[list[float]]:
    """The box of the one die in a photo of a single die on a plain surface.

    The surface colour is the median of the photo's border; the die is the largest
    blob near the middle that differs from it.
    """
    scale = min(1.0, 240 / max(frame.shape[:2]))
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    h, w = lab.shape[:2]
    b = max(2, h // 12)
    border = np.concatenate([lab[:b].reshape(-1, 3), lab[-b:].reshape(-1, 3), lab[:, :b].reshape(-1, 3),
                             lab[:, -b:].reshape(-1, 3)])
    diff = np.abs(lab - np.median(border, axis=0)) * np.array([0.5, 1.0, 1.0], np.float32)
    contrast = np.clip(diff.sum(axis=2), 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(contrast, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    count, _, stats, centroids = cv2.connectedComponentsWithStats(mask)
    best = None
    for i in range(1, count):
        cx, cy = centroids[i]
        if 0.15 * w < cx < 0.85 * w and 0.15 * h < cy < 0.85 * h and (best is None or stats[i][4] > stats[best][4]):
            best = i
    if best is None or stats[best][4] < 0.002 * h * w:
        return None
    x, y, bw, bh, _ = stats[best]
    return [v / scale for v in (x, y, x + bw, y + bh)]


def synthetic_samples(scenes: int, seed: Union[int, Sequence[int]]) -> Samples:
    rng = np.random.default_rng(seed)
    out = Samples()
    for _ in range(scenes):
        width, height = int(rng.integers(320, 640)), int(rng.integers(240, 480))
        count = int(rng.integers(2, 9))
        size = (float(rng.uniform(22, 70)),) * 2
        size = (size[0], size[0] * rng.uniform(1.0, 2.0))
        frame, labels = synth.random_scene(rng, width, height, count, size_range=size, grayscale_chance=0.2,
                                           colours=tuple(synth.PLAYER_COLOURS_BGR) + tuple(synth.OTHER_COLOURS_BGR))
        out.extend(samples_from_frame(frame, labels, rng))
    return out


def die_box_around(finder: Finder, pyramid: GreyPyramid, bbox: Sequence[float]) -> Optional[list[float]]:
    """The box of the whole die around a labelled box that may hold only its pips or top face: the finder's
    surest look at windows from one to four times the label's size (up to ``MAX_REFINED_DIE`` pixels),
    then a look centred on the box it gives; None where it sees no die there or its box is off the label."""
    centre, side = _die_geometry(bbox)
    sizes = [side * k for k in (1.0, 1.4, 2.0, 2.8, 4.0) if side * k <= MAX_REFINED_DIE] or [side]
    windows = [size * FINDER_WINDOW for size in sizes]
    die_p, boxes = finder.predict(crop_batch(pyramid, [tuple(centre)] * len(windows), windows, FINDER_CROP))
    best = int(np.argmax(die_p))
    found, size = decode_box(tuple(centre), windows[best], boxes[best])
    again_p, again = finder.predict(crop_batch(pyramid, [found], [size * FINDER_WINDOW], FINDER_CROP))
    found, size = decode_box(found, size * FINDER_WINDOW, again[0])
    if die_p[best] * again_p[0] < 0.25 or size < 0.9 * side or math.dist(found, centre) > 0.3 * size:
        return None
    return [found[0] - size / 2, found[1] - size / 2, found[0] + size / 2, found[1] + size / 2]


def relabelled(dice: Sequence[dict], changes: Sequence[Optional[dict]]) -> list[dict]:
    """``dice`` with each one's ``changes`` applied; a die whose change is None is left out."""
    return [dict(d, **change) for d, change in zip(dice, changes) if change is not None]


def manifest_samples(manifest: pathlib.Path, groups: Optional[Iterable[str]], seed: int,
                     exclude_groups: Iterable[str] = (), frames: Optional[Callable[[dict], bool]] = None,
                     relabel: Optional[dict[str, list[Optional[dict]]]] = None) -> Samples:
    """Crops from a labelled photo manifest. Single-die photos without a box get one from ``single_die_box``.
    ``relabel`` (image -> per labelled die, the fields to change, or None to leave it out) is applied first."""
    rng = np.random.default_rng(seed)
    wanted = set(groups) if groups is not None else None
    excluded = set(exclude_groups)
    out = Samples()
    root = manifest.parent
    for line in open(manifest):
        row = json.loads(line)
        if (wanted is not None and row["group"] not in wanted) or row["group"] in excluded:
            continue
        if not row["dice"] or (frames is not None and not frames(row)):
            continue
        frame = cv2.imread(str(root / row["image"]))
        if frame is None:
            continue
        dice = row["dice"]
        if relabel is not None and row["image"] in relabel:
            dice = relabelled(dice, relabel[row["image"]])
        if len(dice) == 1 and dice[0]["bbox"] is None:
            box = single_die_box(frame)
            if box is None:
                continue
            dice = [dict(dice[0], bbox=box)]
        if any(d["bbox"] is None for d in dice):
            continue
        out.extend(samples_from_frame(frame, dice, rng, negatives=6 if row.get("complete") else 0))
    return out
