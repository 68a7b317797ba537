"""Counting the pips on a die's top face by their geometry: a reading that needs no training.

Every pip layout, one to six, is point-symmetric about the face's centre, and a photo of the face
from any angle keeps that (seen at a slant, a face's centre is still the centre of its pips' images).
So among the round spots in a die's box, dark on light, light on dark, or of another colour than
the die's body, the largest set of spots of one size that is symmetric about one point, spread as a
face's pips are, is the top face: the pips of a side face seen at an angle are not symmetric with
the top's about one point. No spot set passes for a D4's or D8's numerals in photos of them, so a
face of three pips or more also says the die is a D6.
"""
from __future__ import annotations

import itertools
from typing import Optional, Sequence

import cv2
import numpy as np

SIDE = 72                    # a die's box is scaled to this many pixels across before looking for spots
PIP_DIAMETER = (0.10, 0.26)  # a pip is this share of the die's box across, at least and at most
MIRROR_TOLERANCE = 0.06      # a spot's mirror image lies within this share of the box of another spot
SIZE_RATIO = 1.43            # mirrored spots differ in size by less than this
FACE_SIZE_RATIO = 1.6        # a face's spots differ in size by less than this
FACE_WIDTH = 0.85            # a face's spots lie within this share of the box
REACH = (0.9, 3.6)           # its farthest pip from the centre is this many pip diameters away (a face's layout)
ONE_PIP_OFF_CENTRE = 0.2     # a lone spot is a one only this near the box's middle

Spot = tuple[float, float, float]  # x, y, diameter in the scaled box


def _spot_detector(colour: Optional[int], circularity: float, convexity: float,
                   inertia: float) -> cv2.SimpleBlobDetector:
    """Spots of ``colour`` (0 dark, 255 light; None: both) of a pip's size and roundness."""
    params = cv2.SimpleBlobDetector.Params()
    params.filterByColor = colour is not None
    params.blobColor = colour or 0
    params.minThreshold, params.maxThreshold, params.thresholdStep = 10, 250, 10
    params.minRepeatability = 2
    params.filterByArea = True
    params.minArea, params.maxArea = (float(np.pi * (d * SIDE / 2) ** 2) for d in PIP_DIAMETER)
    params.filterByCircularity, params.minCircularity = True, circularity
    params.filterByConvexity, params.minConvexity = True, convexity
    params.filterByInertia, params.minInertiaRatio = True, inertia
    params.minDistBetweenBlobs = 3
    return cv2.SimpleBlobDetector.create(params)


# Round spots in grey (dark and light at once), and looser ones in the colour-contrast map, where a pip
# shaded into a crescent is still a spot.
_ROUND = _spot_detector(None, 0.55, 0.8, 0.35)
_OTHER_COLOUR = _spot_detector(255, 0.4, 0.6, 0.25)


def count_pips(frame_bgr: np.ndarray, centre: Sequence[float], size: float) -> int:
    """The pips on the top face of the die of ``size`` pixels at ``centre``; 0 where no face of pips is seen."""
    return len(top_face(frame_bgr, centre, size))


def top_face(frame_bgr: np.ndarray, centre: Sequence[float], size: float) -> list[Spot]:
    """The top face's pips, in the box scaled to ``SIDE`` pixels; empty where none is seen."""
    crop = _die_crop(frame_bgr, centre, size)
    if crop is None:
        return []
    # dst None: a new image (OpenCV's stubs allow no None there)
    grey = cv2.normalize(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), None, 0, 255,  # type: ignore[call-overload]
                         cv2.NORM_MINMAX)
    other = cv2.normalize(_distance_from_body(crop), None, 0, 255,  # type: ignore[call-overload]
                          cv2.NORM_MINMAX).astype(np.uint8)
    faces = [_face(_spots(_ROUND, grey)), _face(_spots(_OTHER_COLOUR, other))]
    return max(faces, key=len)


def _die_crop(frame_bgr: np.ndarray, centre: Sequence[float], size: float):
    half = 0.55 * size
    h, w = frame_bgr.shape[:2]
    x0, y0 = int(max(0, centre[0] - half)), int(max(0, centre[1] - half))
    x1, y1 = int(min(w, centre[0] + half)), int(min(h, centre[1] + half))
    if size < 4 or x1 - x0 < 4 or y1 - y0 < 4:
        return None
    scale = SIDE / size
    return cv2.resize(frame_bgr[y0:y1, x0:x1], None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


def _distance_from_body(crop: np.ndarray) -> np.ndarray:
    """Each pixel's Lab distance from the body's colour (the median of the box's middle)."""
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB).astype(np.float32)
    h, w = lab.shape[:2]
    body = np.median(lab[h // 4: 3 * h // 4, w // 4: 3 * w // 4].reshape(-1, 3), axis=0)
    return np.sqrt(((lab - body) ** 2).sum(axis=-1))


def _spots(detector: cv2.SimpleBlobDetector, image: np.ndarray) -> list[Spot]:
    return [(k.pt[0], k.pt[1], k.size) for k in detector.detect(image)]


def _face(spots: list[Spot]) -> list[Spot]:
    """The largest set of spots laid out as one face's pips; a lone spot near the middle is a one."""
    if not spots:
        return []
    points = np.array([s[:2] for s in spots], float)
    sizes = np.array([s[2] for s in spots], float)
    pairs = np.array(list(itertools.combinations(range(len(points)), 2)), int).reshape(-1, 2)
    centres = np.concatenate([points, (points[pairs[:, 0]] + points[pairs[:, 1]]) / 2])
    mirrored = _mirrored(points, sizes, centres)
    best: list[int] = []
    for centre, face in zip(centres, mirrored):
        if len(best) < int(face.sum()) <= 6:
            kept = np.flatnonzero(face)
            if _laid_out_as_pips(points[kept], sizes[kept], centre):
                best = list(kept)
    if best:
        return [spots[i] for i in best]
    off_centre = np.hypot(*(points - SIDE / 2).T)
    nearest = int(off_centre.argmin())
    return [spots[nearest]] if off_centre[nearest] < ONE_PIP_OFF_CENTRE * SIDE else []


def _mirrored(points: np.ndarray, sizes: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """For each of ``centres`` (rows), which spots' mirror image through it is a spot of about their size (a
    spot at the centre is its own)."""
    mirrors = 2 * centres[:, None, :] - points[None, :, :]                       # centre, spot, xy
    gaps = np.linalg.norm(mirrors[:, :, None, :] - points[None, None, :, :], axis=-1)  # centre, spot, other
    nearest = gaps.argmin(axis=-1)
    ratio = sizes[nearest] / sizes[None, :]
    return ((np.take_along_axis(gaps, nearest[..., None], axis=-1)[..., 0] < MIRROR_TOLERANCE * SIDE)
            & (1 / SIZE_RATIO < ratio) & (ratio < SIZE_RATIO))


def _laid_out_as_pips(points: np.ndarray, sizes: np.ndarray, centre: np.ndarray) -> bool:
    if len(points) < 2 or sizes.max() / sizes.min() > FACE_SIZE_RATIO:
        return False
    if max(np.hypot(*(a - b)) for a, b in itertools.combinations(points, 2)) > FACE_WIDTH * SIDE:
        return False
    from_centre = np.hypot(*(points - centre).T)
    if not REACH[0] <= from_centre.max() / np.median(sizes) <= REACH[1]:
        return False
    # An odd count has a pip at the centre, an even one none.
    return (len(points) % 2 == 1) == bool(from_centre.min() < MIRROR_TOLERANCE * SIDE)


# How often a face of n pips counted is the die's value (on real photos of D6s, a count of two, the
# weakest layout, is the least often right), and how often a count of n turns up on a die without pips,
# against a D6's 1/6: twos among numerals' loops, three pips or more hardly ever. A lone spot says
# nothing: a numeral's loop (a 6, a 9) is one as often as a pip.
WEIGHED_COUNTS = range(2, 7)
COUNT_RIGHT = {2: 0.4, 3: 0.6, 4: 0.6, 5: 0.6, 6: 0.6}
COUNT_WITHOUT_PIPS = {2: 1 / 6, 3: 1 / 30, 4: 1 / 30, 5: 1 / 30, 6: 1 / 30}


def count_likelihood(count: int, classes: Sequence[tuple[str, int]]) -> np.ndarray:
    """How likely ``count`` pips (one of ``WEIGHED_COUNTS``) are to be counted on a die of each (type, value)
    of ``classes``."""
    right = COUNT_RIGHT[count]
    return np.array([(right if value == count else (1 - right) / 5) if die_type == "d6"
                     else COUNT_WITHOUT_PIPS[count] for die_type, value in classes])
