"""``read_dice``: every die in a frame with its type, value, owner colour and confidences.

Pipeline: contrast blobs (``vision.detect``) -> the finder looks at a loose crop around
each blob and says die or not, and where the die's box really is -> a second finder look
centred on that box -> overlapping finds are merged -> the reader reads type and value
from tight crops at a few rotations -> the body colour is matched to the profile.
Per-die work is done on small crops only, never on the whole frame.
"""
from __future__ import annotations

import math
import pathlib
from typing import List, Optional, Sequence

import cv2
import numpy as np

from vision.classifier import (FINDER_CROP, FINDER_WINDOW, READER_CROP, READER_WINDOW, Finder, GreyPyramid, Reader,
                               crop_batch, decode_box, normalise, type_and_value)
from vision.colour import body_colour, match_colour
from vision.detect import MAX_DIE, ContrastImage, find_candidates
from vision.readings import ColourProfile, DieReading

CONFIDENCE_THRESHOLD = 0.8  # readings below this are shown to a person to confirm (chosen on synthetic frames)
READER_ANGLES = (0.0, 45.0, 90.0, 135.0)
MERGE_SIZE_RATIO = math.log(1.8)  # finds further apart in size than this are never merged


class DiceReader:
    """Holds the loaded models; build once and call ``read`` on each frame."""

    def __init__(self, model_dir: Optional[pathlib.Path] = None, min_die_probability: float = 0.5,
                 max_candidates: int = 96, views: int = 4):
        """``views``: rotated looks the reader takes at each die (1 to 4); more is slower and surer."""
        self.finder = Finder(pathlib.Path(model_dir) / "finder.onnx" if model_dir else None)
        self.reader = Reader(pathlib.Path(model_dir) / "reader.onnx" if model_dir else None)
        self.min_die_probability = min_die_probability
        self.max_candidates = max_candidates
        self.views = int(np.clip(views, 1, len(READER_ANGLES)))

    def read(self, frame_bgr: np.ndarray, profile: Optional[ColourProfile] = None,
             ignore: Sequence[np.ndarray] = ()) -> List[DieReading]:
        """Every die in the frame. ``ignore``: polygons (frame pixels) where no die is looked for, such as the
        calibration markers, whose black squares would otherwise pass for dice and use up the candidates; they
        are painted over in the table's colour, so a die lying next to one is seen without it."""
        frame_bgr = _blank(_checked_frame(frame_bgr), ignore)
        profile = profile or ColourProfile.named()
        # A close-up of one die (a crop, a photo held over it) may hold a die bigger than any on the table.
        largest = max(MAX_DIE, 0.6 * min(frame_bgr.shape[:2]))
        contrast = ContrastImage.of(frame_bgr)
        candidates = find_candidates(frame_bgr, max_size=largest, limit=self.max_candidates, contrast_image=contrast,
                                     ignore=ignore)
        if not candidates:
            return []
        pyramid = GreyPyramid(frame_bgr)
        centres = [c.centre for c in candidates]
        windows = [c.size * FINDER_WINDOW for c in candidates]
        die_p, boxes = self.finder.predict(crop_batch(pyramid, centres, windows, FINDER_CROP))
        found = [(float(die_p[i]),) + decode_box(centres[i], windows[i], boxes[i])
                 for i in np.nonzero(die_p >= self.min_die_probability)[0]]
        found = self._look_again(pyramid, found)
        found = _merge(found)
        if not found:
            return []
        probs = self._read(pyramid, found)
        readings = []
        for (finder_p, centre, size), p in zip(found, probs):
            die_probability = math.sqrt(finder_p * (1.0 - float(p[0])))
            if die_probability < self.min_die_probability:
                continue
            die_type, type_p, value, value_p = type_and_value(p)
            colour, colour_p = match_colour(body_colour(frame_bgr, centre, size), profile)
            half = size / 2
            readings.append(DieReading(
                die_type=die_type, value=value, colour=colour, centre=(float(centre[0]), float(centre[1])),
                outline=_outline(contrast, centre, size), type_confidence=type_p, value_confidence=value_p,
                colour_confidence=colour_p, detection_confidence=die_probability,
                bbox=(centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half)))
        readings = _one_per_die(readings)
        readings.sort(key=lambda r: (r.centre[1], r.centre[0]))
        return readings

    def _read(self, pyramid: GreyPyramid, found) -> np.ndarray:
        """Reader probabilities per find, averaged over ``views`` rotations of the crop."""
        crops = [pyramid.crop(f[1], f[2] * READER_WINDOW, READER_CROP, angle)
                 for angle in READER_ANGLES[:self.views] for f in found]
        probs = self.reader.predict(normalise(np.stack(crops)))
        return probs.reshape(self.views, len(found), -1).mean(axis=0)

    def _look_again(self, pyramid: GreyPyramid, found):
        """A second finder look, centred on each refined box: a better box and a second opinion."""
        if not found:
            return found
        centres = [f[1] for f in found]
        windows = [f[2] * FINDER_WINDOW for f in found]
        die_p, boxes = self.finder.predict(crop_batch(pyramid, centres, windows, FINDER_CROP))
        return [(math.sqrt(f[0] * float(die_p[k])),) + decode_box(centres[k], windows[k], boxes[k])
                for k, f in enumerate(found)]


def _merge(found):
    """Greedy non-maximum suppression on centre distance: one find per die, the most confident.

    Only finds of similar size suppress each other: a box around a whole group of dice
    (which the reader then rejects) must not hide the dice inside it. Accepted readings of
    different sizes are merged after reading (``_one_per_die``).
    """
    kept = []
    for item in sorted(found, key=lambda f: -f[0]):
        _, centre, size = item
        if all(math.dist(centre, k[1]) > 0.5 * max(size, k[2]) or abs(math.log(size / k[2])) > MERGE_SIZE_RATIO
               for k in kept):
            kept.append(item)
    return kept


def _one_per_die(readings: List[DieReading]) -> List[DieReading]:
    """Among accepted readings of any size whose centres are close, the surest detection."""
    kept: List[DieReading] = []
    for r in sorted(readings, key=lambda r: -r.detection_confidence):
        size = max(r.bbox[2] - r.bbox[0], 1.0)
        if all(math.dist(r.centre, k.centre) > 0.5 * max(size, k.bbox[2] - k.bbox[0]) for k in kept):
            kept.append(r)
    return kept


def _outline(contrast: ContrastImage, centre, size) -> List[tuple]:
    """The die's outline: the minimum-area rectangle of its contrast blob, else its square box."""
    s = contrast.scale
    half = size * 0.75 * s
    cx, cy = centre[0] * s, centre[1] * s
    h, w = contrast.contrast.shape[:2]
    x0, x1 = int(max(0, cx - half)), int(min(w, cx + half + 1))
    y0, y1 = int(max(0, cy - half)), int(min(h, cy + half + 1))
    square = [(centre[0] - size / 2, centre[1] - size / 2), (centre[0] + size / 2, centre[1] - size / 2),
              (centre[0] + size / 2, centre[1] + size / 2), (centre[0] - size / 2, centre[1] + size / 2)]
    patch = contrast.contrast[y0:y1, x0:x1]
    if patch.shape[0] < 4 or patch.shape[1] < 4:
        return square
    patch8 = np.clip(patch, 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(patch8, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(mask)
    label = labels[int(min(max(cy - y0, 0), labels.shape[0] - 1)), int(min(max(cx - x0, 0), labels.shape[1] - 1))]
    if label == 0:
        return square
    points = np.column_stack(np.nonzero(labels == label)[::-1]).astype(np.float32)
    rect = cv2.minAreaRect(points)
    side = max(rect[1])
    if not 0.6 * size * s <= side <= 1.4 * size * s:
        return square
    corners = cv2.boxPoints(rect)
    return [(float((x + x0) / s), float((y + y0) / s)) for x, y in corners]


def _blank(frame: np.ndarray, regions: Sequence[np.ndarray]) -> np.ndarray:
    """A copy of ``frame`` with ``regions`` filled with the table's colour (the median of a thumbnail)."""
    if not len(regions):
        return frame
    thumb = cv2.resize(frame, (64, max(1, 64 * frame.shape[0] // frame.shape[1])), interpolation=cv2.INTER_AREA)
    table = tuple(int(v) for v in np.median(thumb.reshape(-1, 3), axis=0))
    out = frame.copy()
    cv2.fillPoly(out, [np.round(np.asarray(r, np.float32).reshape(-1, 2)).astype(np.int32) for r in regions], table)
    return out


def _checked_frame(frame) -> np.ndarray:
    if not isinstance(frame, np.ndarray) or frame.size == 0:
        raise ValueError("frame must be a non-empty numpy image (H x W x 3, BGR)")
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.ndim != 3 or frame.shape[2] not in (3, 4):
        raise ValueError(f"frame must be H x W x 3 (BGR); got shape {frame.shape}")
    if frame.shape[2] == 4:
        frame = cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    if frame.dtype != np.uint8:
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    if min(frame.shape[:2]) < 16:
        raise ValueError(f"frame too small to hold a die: {frame.shape[1]}x{frame.shape[0]}")
    return frame


_default_reader: Optional[DiceReader] = None


def read_dice(frame_bgr: np.ndarray, profile: Optional[ColourProfile] = None,
              ignore: Sequence[np.ndarray] = ()) -> List[DieReading]:
    """Every die in ``frame_bgr``; colours from ``profile`` or, without one, the nearest named colour.
    Nothing is looked for inside the ``ignore`` polygons (see ``DiceReader.read``)."""
    global _default_reader
    if _default_reader is None:
        _default_reader = DiceReader()
    return _default_reader.read(frame_bgr, profile, ignore)
