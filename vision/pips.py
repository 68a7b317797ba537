"""Counting the pips on a D6's top face, without a learned model.

A second opinion beside the reader network for pip dice. Pips are small round spots darker
(or lighter) than the face around them, laid out on a 3x3 grid: one in the middle; two or
three on a diagonal; four in the corners, five with one in the middle; six in two rows.

The crop of the die is resampled to ``PIP_CROP`` pixels whatever the die's size in the
frame; a morphological hat filter makes every pip a peak, and each face's layout is fitted
to the peaks (any rotation and scale, anchored on two peaks as its diagonal). A layout wins
when all its pips are found where it puts them and its weakest pip is clearly stronger than
any other peak inside the face it implies: so a four is not read as the two pips of one of
its diagonals, and the pips on a side face, outside the fitted face, do not count.
Numerals, glare and blur fit no layout well, so they give no count or a low confidence.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

import cv2
import numpy as np

PIP_CROP = 48  # the die's box is resampled to this many pixels across
_HAT_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (17, 17))  # wider than a pip, narrower than a face
_MIN_CONTRAST = 12.0  # grey levels a pip must stand out by
_MIN_ROUNDNESS = 0.3  # weaker over stronger curvature at a peak: an edge or a stroke is a ridge, a pip is round
_SEARCH = 0.6  # how far (in pip spacings) a pip is looked for from where the first guess of a layout puts it
_TOLERANCE = 0.4  # how far (in pip spacings) a pip may lie from where the fitted layout puts it
_MAX_STRETCH = 1.7  # longest over shortest axis of a fitted face: tilt and a stretched photo, not another shape
_FACE_REACH = 2.0  # the face's inside, in pip spacings from its middle; its rim lies at about 2.2
_MAX_PEAKS = 12
_BORDER = 3  # peaks this near the crop's edge are the table around the die: a pip sits well inside its box
_PREFER_MORE = 0.7  # a layout with more pips wins if at least this sure relative to the surest (a four holds twos)
_LAB_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)
_CENTRE = cv2.circle(np.zeros((PIP_CROP, PIP_CROP), np.uint8), (PIP_CROP // 2, PIP_CROP // 2), int(0.35 * PIP_CROP), 1, -1)

# Pip positions in pip spacings from the face's middle; two orientations of the six's rows.
_LAYOUTS: Dict[int, Tuple[Tuple[Tuple[float, float], ...], ...]] = {
    2: (((-1, -1), (1, 1)),),
    3: (((-1, -1), (0, 0), (1, 1)),),
    4: (((-1, -1), (1, -1), (-1, 1), (1, 1)),),
    5: (((-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)),),
    6: (((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
        ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1))),
}


@dataclass(frozen=True)
class PipCount:
    """A count of pips on the top face, and how sure it is (0 to 1)."""

    value: int
    confidence: float


@dataclass(frozen=True)
class _Peak:
    x: float
    y: float
    strength: float


def count_pips(crop: np.ndarray) -> Optional[PipCount]:
    """The pips on the die filling ``crop`` (a square BGR or grey crop of the die's box, any size), or
    ``None`` when no layout of pips is seen (a die with numerals, a blurred or hidden face)."""
    crop = cv2.resize(crop, (PIP_CROP, PIP_CROP), interpolation=cv2.INTER_AREA
                      if crop.shape[0] > PIP_CROP else cv2.INTER_CUBIC)
    count = _best_layout(_peaks(_pip_contrast(crop)))
    return count if count is not None and count.confidence > 0.0 else None


def _pip_contrast(crop: np.ndarray) -> np.ndarray:
    """How far each pixel's colour is from the face's (the median of the middle of the crop), with broad
    regions (side faces, the table) taken out: pips of either shade, and of a colour other than the face's,
    become peaks. Lightness counts half, as light and shade change it more than the hue."""
    if crop.ndim == 2:
        crop = cv2.cvtColor(crop, cv2.COLOR_GRAY2BGR)
    lab = cv2.cvtColor(cv2.GaussianBlur(crop, (3, 3), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    face = np.median(lab[_CENTRE > 0], axis=0)
    distance = np.sqrt(np.sum(((lab - face) * _LAB_WEIGHTS) ** 2, axis=2))
    return cv2.morphologyEx(np.clip(distance, 0, 255).astype(np.uint8), cv2.MORPH_TOPHAT, _HAT_KERNEL)


def _peaks(response: np.ndarray) -> List[_Peak]:
    """Round local maxima of the hat response, strongest first."""
    smooth = cv2.GaussianBlur(response.astype(np.float32), (5, 5), 1.2)
    maxima = (smooth >= cv2.dilate(smooth, np.ones((5, 5), np.uint8))) & (smooth >= _MIN_CONTRAST)
    dxx = cv2.Sobel(smooth, cv2.CV_32F, 2, 0, ksize=3)
    dyy = cv2.Sobel(smooth, cv2.CV_32F, 0, 2, ksize=3)
    dxy = cv2.Sobel(smooth, cv2.CV_32F, 1, 1, ksize=3)
    peaks = []
    border = _BORDER
    maxima[:border], maxima[-border:], maxima[:, :border], maxima[:, -border:] = False, False, False, False
    for y, x in zip(*np.nonzero(maxima)):
        trace, det = dxx[y, x] + dyy[y, x], dxx[y, x] * dyy[y, x] - dxy[y, x] ** 2
        root = math.sqrt(max(trace * trace / 4 - det, 0.0))
        strong, weak = -(trace / 2 - root), -(trace / 2 + root)  # curvatures downwards, strong >= weak
        if strong > 0 and weak / strong >= _MIN_ROUNDNESS:
            peaks.append(_Peak(float(x), float(y), float(smooth[y, x])))
    peaks.sort(key=lambda p: -p.strength)
    return peaks[:_MAX_PEAKS]


def _best_layout(peaks: Sequence[_Peak]) -> Optional[PipCount]:
    """The surest count, except that a count with more pips and nearly as sure wins: the pips of a four
    also make a two on either diagonal, and two neighbouring pips can pass for a smaller two."""
    surest: Dict[int, float] = {}
    for count in _candidates(peaks):
        surest[count.value] = max(surest.get(count.value, 0.0), count.confidence)
    if not surest or max(surest.values()) <= 0.0:
        return None
    top = max(surest.values())
    value = max(v for v, c in surest.items() if c >= _PREFER_MORE * top)
    return PipCount(value, surest[value])


def _candidates(peaks: Sequence[_Peak]):
    """Every layout fitted to the peaks, with its confidence."""
    middle = (PIP_CROP - 1) / 2.0
    for peak in peaks:  # a one: its pip in the middle of the die, its face as big as a die in this crop can be
        fit = 1.0 - math.hypot(peak.x - middle, peak.y - middle) / (0.15 * PIP_CROP)
        if fit > 0:
            frame = np.array([[0.16 * PIP_CROP, 0.0, peak.x], [0.0, 0.16 * PIP_CROP, peak.y]])
            yield PipCount(1, fit * _standing_out([peak], peaks, frame))
    for a, b in itertools.permutations(peaks, 2):
        dx, dy = (b.x - a.x) / 2.0, (b.y - a.y) / 2.0  # the layout's diagonal (1, 1) in the crop
        spacing = math.hypot(dx, dy) / math.sqrt(2.0)
        centre = ((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
        if not 0.1 * PIP_CROP <= spacing <= 0.24 * PIP_CROP:
            continue
        if math.hypot(centre[0] - middle, centre[1] - middle) > 0.12 * PIP_CROP:
            continue
        # The similarity taking layout units (u, v, 1) to the crop, with (-1, -1) on a and (1, 1) on b.
        similarity = np.array([[(dx + dy) / 2.0, (dx - dy) / 2.0, centre[0]],
                               [(dy - dx) / 2.0, (dx + dy) / 2.0, centre[1]]])
        for value, layouts in _LAYOUTS.items():
            for layout in layouts:
                fitted = _fit(np.array(layout, np.float64), peaks, similarity)
                if fitted is not None:
                    matched, frame, miss = fitted
                    yield PipCount(value, (1.0 - miss / _TOLERANCE) * _standing_out(matched, peaks, frame))


def _fit(layout: np.ndarray, peaks: Sequence[_Peak], guess: np.ndarray):
    """The peaks nearest the layout's pips as placed by ``guess`` (each within tolerance, each used once),
    the affine frame fitted to them (four pips or more: a tilted or stretched face is not a square), and the
    largest miss in layout units; ``None`` when a pip has no peak or the frame is too far from a square."""
    points = np.array([(p.x, p.y) for p in peaks])
    predicted = np.hstack([layout, np.ones((len(layout), 1))]) @ guess.T
    spacing = math.sqrt(abs(np.linalg.det(guess[:, :2])))
    chosen: List[int] = []
    for x, y in predicted:
        distances = np.hypot(points[:, 0] - x, points[:, 1] - y)
        nearest = int(np.argmin(distances))
        if distances[nearest] > _SEARCH * spacing or nearest in chosen:
            return None
        chosen.append(nearest)
    frame = guess
    if len(layout) >= 4:
        solution, *_ = np.linalg.lstsq(np.hstack([layout, np.ones((len(layout), 1))]), points[chosen], rcond=None)
        frame = solution.T
        stretch = np.linalg.svd(frame[:, :2], compute_uv=False)
        if stretch[1] <= 0 or stretch[0] / stretch[1] > _MAX_STRETCH:
            return None
    miss = float(np.abs(_to_layout(frame, points[chosen]) - layout).max())
    if miss > _TOLERANCE:
        return None
    return [peaks[i] for i in chosen], frame, miss


def _to_layout(frame: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Crop points in layout units of ``frame``."""
    return (points - frame[:, 2]) @ np.linalg.inv(frame[:, :2]).T


def _standing_out(pips: Sequence[_Peak], peaks: Sequence[_Peak], frame: np.ndarray) -> float:
    """0 to 1: how much the weakest pip beats the strongest other peak inside the face (``_FACE_REACH``
    layout units around its middle)."""
    weakest = min(p.strength for p in pips)
    others = [p for p in peaks if p not in pips]
    rival = _MIN_CONTRAST * 0.5
    if others:
        inside = np.abs(_to_layout(frame, np.array([(p.x, p.y) for p in others]))).max(axis=1) <= _FACE_REACH
        rival = max([rival] + [p.strength for p, i in zip(others, inside) if i])
    return float(np.clip(2.0 * (weakest - rival) / weakest, 0.0, 1.0))
