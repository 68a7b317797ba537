"""Candidate dice in a frame: blobs that stand out from the table around them.

The table colour is estimated from a heavily median-filtered thumbnail; each pixel's
Lab distance from it forms a contrast map. Dice are compact bright blobs in that map,
found as scale-space peaks of a difference of Gaussians, which also separates dice that
touch. The step is cheap (a few milliseconds on a 512-pixel working image) and favours
recall: the classifier downstream rejects blobs that are not dice and refines each box.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import cv2
import numpy as np

WORK_SIZE = 512  # long side of the image the detector works on
SCALE_STEP = 1.25
SIZE_PER_SIGMA = 4.0  # blob side / DoG scale, measured on synthetic and real frames
MIN_DIE, MAX_DIE = 14.0, 220.0  # die sizes looked for, in frame pixels
WORK_DIE = 10.0  # where the dice's size is known, the working image is large enough for the smallest to span this
FIRST_OCTAVE_SIGMA = 1.25  # the packed search halves its map while its first blur stays this wide there (px)


def shrink(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``image`` averaged down to ``size`` (width, height). A frame more than twice that size is first
    halved: averaging by an exact factor of two is ten times cheaper than by any other, and leaves the
    same average."""
    h, w = image.shape[:2]
    while w >= 2 * size[0] and h >= 2 * size[1]:
        w, h = w // 2, h // 2
        image = cv2.resize(image[:2 * h, :2 * w], (w, h), interpolation=cv2.INTER_AREA)
    return image if (w, h) == tuple(size) else cv2.resize(image, size, interpolation=cv2.INTER_AREA)


@dataclass
class Candidate:
    """A blob that may be a die, in full-frame pixels; ``strength`` is its contrast response."""

    centre: tuple[float, float]
    size: float
    strength: float


def contrast_map(small_bgr: np.ndarray, largest_die: float) -> np.ndarray:
    """Distance of every pixel from the local table colour (float32).

    The table colour is a median over windows a sixth of the frame across. A frame too
    small for the largest die to leave table around it in such windows (a crop around
    one die) takes the median of its border as the table colour.
    """
    lab = cv2.cvtColor(cv2.GaussianBlur(small_bgr, (3, 3), 0), cv2.COLOR_BGR2LAB)
    h, w = lab.shape[:2]
    if 2.2 * largest_die > 0.8 * min(h, w):
        b = max(1, min(h, w) // 12)
        border = np.concatenate([lab[:b].reshape(-1, 3), lab[-b:].reshape(-1, 3),
                                 lab[:, :b].reshape(-1, 3), lab[:, -b:].reshape(-1, 3)])
        table = np.median(border, axis=0).astype(np.uint8)[None, None, :]
    else:
        tiny = cv2.resize(lab, (max(8, w // 4), max(8, h // 4)), interpolation=cv2.INTER_AREA)
        table = cv2.medianBlur(tiny, 2 * (max(tiny.shape[:2]) // 12) + 1)
        table = cv2.resize(table, (w, h), interpolation=cv2.INTER_LINEAR)
    diff = cv2.absdiff(lab, np.broadcast_to(table, lab.shape).copy()).astype(np.float32)
    # Lightness counts for less than hue: light falls off across a table, hue does not.
    return 0.6 * diff[..., 0] + diff[..., 1] + diff[..., 2]


@dataclass
class ContrastImage:
    """The contrast map and the factor from frame pixels to its pixels."""

    contrast: np.ndarray
    scale: float

    @classmethod
    def of(cls, frame_bgr: np.ndarray, largest_die: float = MAX_DIE,
           smallest_die: Optional[float] = None) -> "ContrastImage":
        """``smallest_die``: where the dice's size is known, the working image is at least large enough for a
        die of that size to span ``WORK_DIE`` pixels (on a large frame of small dice, ``WORK_SIZE`` would
        leave them a few pixels across, too few to tell a low-contrast die from the table)."""
        h, w = frame_bgr.shape[:2]
        scale = min(1.0, WORK_SIZE / max(h, w))
        if smallest_die:
            scale = min(1.0, max(scale, WORK_DIE / smallest_die))
        small = frame_bgr if scale >= 1.0 else shrink(frame_bgr, (int(round(w * scale)), int(round(h * scale))))
        return cls(contrast_map(small, largest_die * scale), scale)

    def without(self, outlines: Sequence[Sequence[tuple[float, float]]], grow: float = 1.15) -> "ContrastImage":
        """A copy with no contrast inside the outlines (frame pixels), each grown by ``grow`` about its centre."""
        contrast = self.contrast.copy()
        for outline in outlines:
            points = np.asarray(outline, np.float32).reshape(-1, 2)
            centre = points.mean(axis=0)
            grown = (centre + (points - centre) * grow) * self.scale
            cv2.fillPoly(contrast, [np.round(grown).astype(np.int32)], (0.0,))
        return ContrastImage(contrast, self.scale)


def find_candidates(frame_bgr: np.ndarray, min_size: float = MIN_DIE, max_size: float = MAX_DIE,
                    threshold: float = 4.0, limit: int = 64,
                    contrast_image: Optional[ContrastImage] = None,
                    ignore: Sequence[np.ndarray] = (), packed: bool = False) -> list[Candidate]:
    """Up to ``limit`` blobs between ``min_size`` and ``max_size`` pixels across, strongest first;
    none centred inside an ``ignore`` polygon (frame pixels). ``packed``: a blob counts even where the
    blob of a group around it is stronger (dice packed together); meant for a narrow range of sizes,
    since the small blobs inside every die then count as well."""
    contrast_image = contrast_image or ContrastImage.of(frame_bgr, max_size)
    contrast, scale = contrast_image.contrast, contrast_image.scale
    found = _scale_space_peaks(contrast, min_size * scale / SIZE_PER_SIGMA, max_size * scale / SIZE_PER_SIGMA,
                               threshold, beat_larger=not packed, halve_first=packed)
    if len(ignore):
        ignored = _ignored_mask(contrast_image, ignore)
        h, w = ignored.shape
        found = [peak for peak in found
                 if not ignored[min(max(int(peak[2]), 0), h - 1), min(max(int(peak[1]), 0), w - 1)]]
    kept: list[Candidate] = []
    kept_xy = np.zeros((limit, 2))
    kept_size = np.zeros(limit)
    for strength, x, y, sigma in found:
        x, y, size = x / scale, y / scale, sigma * SIZE_PER_SIGMA / scale
        n = len(kept)
        if n:
            # A pip's peak must not hide its die's peak: only similar scales suppress each other.
            d2 = ((kept_xy[:n] - (x, y)) ** 2).sum(axis=1)
            similar = np.abs(np.log(kept_size[:n] / size)) < 0.7
            if ((d2 <= (0.4 * np.minimum(kept_size[:n], size)) ** 2) & similar).any():
                continue
        kept_xy[n], kept_size[n] = (x, y), size
        kept.append(Candidate(centre=(x, y), size=size, strength=strength))
        if len(kept) == limit:
            break
    return kept


def contrast_centres(contrast_image: ContrastImage, size: float, threshold: float, limit: int,
                     ignore: Sequence[np.ndarray] = ()) -> list[Candidate]:
    """Up to ``limit`` centres of contrast over ``threshold``, strongest first, each of dice ``size`` (frame
    pixels), none inside an ``ignore`` polygon: the local maxima of the map blurred at that size's scale.
    Unlike a blob, such a centre needs no contrast all round it: a die of the table's colour shows little but
    its pips and an edge, and where it touches another die, taking that die out of the map takes that edge's
    far side too."""
    s = contrast_image.scale
    blurred = cv2.GaussianBlur(contrast_image.contrast, (0, 0), size * s / SIZE_PER_SIGMA)
    side = max(3, int(round(size * s / 2)) | 1)
    peak = (blurred >= cv2.dilate(blurred, np.ones((side, side), np.uint8))) & (blurred > threshold)
    if len(ignore):
        peak &= _ignored_mask(contrast_image, ignore) == 0
    ys, xs = np.nonzero(peak)
    strengths = blurred[ys, xs]
    order = np.argsort(-strengths)[:limit]
    return [Candidate(centre=(float(xs[k] / s), float(ys[k] / s)), size=size, strength=float(strengths[k]))
            for k in order]


def _ignored_mask(contrast_image: ContrastImage, ignore: Sequence[np.ndarray]) -> np.ndarray:
    """1 inside the ``ignore`` polygons (frame pixels), on the contrast map's grid."""
    ignored = np.zeros(contrast_image.contrast.shape[:2], np.uint8)
    cv2.fillPoly(ignored, [np.round(np.asarray(p, np.float32).reshape(-1, 2) * contrast_image.scale)
                           .astype(np.int32) for p in ignore], (1,))
    return ignored


def _scale_space_peaks(image: np.ndarray, sigma_min: float, sigma_max: float, threshold: float,
                       per_octave: int = 3, most: int = 400,
                       beat_larger: bool = True, halve_first: bool = False) -> list[tuple[float, float, float, float]]:
    """(strength, x, y, sigma) of difference-of-Gaussian maxima, strongest first; without ``beat_larger``,
    a maximum in space that beats the smaller scales only.

    Octaves halve the image, so every blur stays small whatever the blob size. With ``halve_first``, where
    even the smallest blob looked for is large, the first octave starts on an image halved once or more:
    blurring the full image with a wide kernel to look for die-sized blobs only was the most costly part of
    the packed search. The first search does not: its peaks, placed more coarsely, found fewer of the dice
    in synthetic frames and more false dice in photos of one die.
    """
    step = 2.0 ** (1.0 / per_octave)
    base = max(1.0, sigma_min / step)
    octave_image = image
    factor = 1.0
    while halve_first and base / 2.0 >= FIRST_OCTAVE_SIGMA and min(octave_image.shape[:2]) >= 16:
        octave_image = cv2.resize(octave_image, (octave_image.shape[1] // 2, octave_image.shape[0] // 2),
                                  interpolation=cv2.INTER_AREA)
        base /= 2.0
        factor *= 2.0
    peaks = []
    kernel = np.ones((3, 3), np.uint8)
    while base * factor <= sigma_max * step and min(octave_image.shape[:2]) >= 8:
        sigmas = [base * step ** i for i in range(per_octave + 3)]
        # Each level blurs the one before by the missing amount: small kernels only.
        blurred = [cv2.GaussianBlur(octave_image, (0, 0), sigmas[0])]
        for previous, sigma in zip(sigmas, sigmas[1:]):
            blurred.append(cv2.GaussianBlur(blurred[-1], (0, 0), (sigma ** 2 - previous ** 2) ** 0.5))
        dogs = [(blurred[i] - blurred[i + 1]) / (step - 1) for i in range(len(sigmas) - 1)]
        maxed = [cv2.dilate(d, kernel) for d in dogs]
        for i in range(1, len(dogs) - 1):
            sigma = sigmas[i] * factor
            if not sigma_min / step <= sigma <= sigma_max * step:
                continue
            peak = (dogs[i] >= maxed[i]) & (dogs[i] >= maxed[i - 1]) & (dogs[i] > threshold)
            if beat_larger:
                peak &= dogs[i] >= maxed[i + 1]
            index = np.flatnonzero(peak)  # about ten times faster than np.nonzero on a 2-D mask
            if len(index):
                ys, xs = np.divmod(index, peak.shape[1])
                peaks.append(np.stack([dogs[i].ravel()[index], (xs + 0.5) * factor - 0.5,
                                       (ys + 0.5) * factor - 0.5, np.full(len(index), sigma)], axis=1))
        octave_image = cv2.resize(blurred[per_octave], (octave_image.shape[1] // 2, octave_image.shape[0] // 2),
                                  interpolation=cv2.INTER_NEAREST)
        factor *= 2.0
    if not peaks:
        return []
    table = np.concatenate(peaks)
    order = np.argsort(-table[:, 0])[:most]
    return [(float(strength), float(x), float(y), float(sigma)) for strength, x, y, sigma in table[order]]
