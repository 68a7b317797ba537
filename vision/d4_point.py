"""A D4's point, and the close crops of the value written by it.

Seen from above, a D4 resting on a face shows its base as a triangle, and inside it the point where its three
upper faces meet, three ridges running from it to the corners. A D4 read at its point carries its value by
the point on each of those faces, the numeral's top towards the point (its other numerals sit by the lower
corners and point away). So the value is read where the point is, not in the die's middle:

- the triangle: the die's silhouette in the contrast map (``vision.detect``: how far each pixel's colour is
  from the table's), opened so that thin print over or beside the die falls away, and the smallest triangle
  holding it;
- the point: where the point finder (``d4_apex.onnx``, trained by ``vision.training.d4_apex`` on 3D-rendered
  D4s) places it in a crop of the die, the mean of its ``APEX_TURNS`` looks. A D4 stands 0.82 of an edge tall,
  so seen at a slant its point lies far from the triangle's middle, at or beyond an edge of it;
- the crops: on each face, ``NUMERAL_AT`` of the way from the point to the middle of the face's far edge,
  turned so the point is up, at ``FACE_TURNS`` about that; the digit reader reads them and ``point_values``
  votes its rows;
- and one crop centred on the point (``value_looks``), turned four ways, in which the value reader
  (``d4_values.onnx``, trained by ``vision.training.d4_values`` on 3D-rendered D4s) reads the three copies of
  the value around the point at once, and does not depend on the triangle, which a die seen from the side
  does not show.
"""
from __future__ import annotations

import functools
import math
import pathlib
from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

from vision.classifier import MODEL_DIR, GreyPyramid, OnnxNet, normalise
from vision.detect import ContrastImage

APEX_MODEL = "d4_apex.onnx"
APEX_CROP = 64  # the point finder's crop, in pixels...
APEX_WINDOW = 1.15  # ...of this share of the die's size
APEX_TURNS = (0.0, 90.0, 180.0, 270.0)  # the point finder's looks at a die, each crop turned by one
VALUE_MODEL = "d4_values.onnx"
VALUE_CROP = 64  # the value reader's crop, in pixels...
VALUE_WINDOW = 0.6  # ...of this share of the die's size, centred on the point...
VALUE_TURNS = (0.0, 90.0, 180.0, 270.0)  # ...turned by each of these

NUMERAL_AT = 0.45  # of the way from the point to the middle of a face's far edge
POINT_WINDOW = 0.8  # a crop's side, as a share of the point's distance to the far edge's middle
FACE_TURNS = (-15.0, 0.0, 15.0)  # degrees about the face's direction
SILHOUETTE_WINDOW = 1.25  # the patch the silhouette is cut from, as a share of the die's size
LARGEST_TRIANGLE = 0.8  # of the die's box's area: a D4 seen from above fills about half its box
SEEN_FLOOR = 1e-3  # a face's odds of a value never fall below this, so one misread face cannot veto it


@dataclass(frozen=True)
class D4Point:
    """The triangle (3×2, frame pixels) and the point inside it."""

    triangle: np.ndarray
    point: np.ndarray

    def faces(self) -> list[tuple[tuple[float, float], float, float]]:
        """(centre, window, angle in degrees) of each face's crop, turned so the point is up."""
        looks = []
        for j in range(3):
            far = (self.triangle[(j + 1) % 3] + self.triangle[(j + 2) % 3]) / 2 - self.point
            reach = float(np.linalg.norm(far))
            if reach < 1e-6:
                continue
            centre = self.point + NUMERAL_AT * far
            looks.append(((float(centre[0]), float(centre[1])), POINT_WINDOW * reach,
                          math.degrees(math.atan2(-far[0], far[1]))))
        return looks

    def numeral_looks(self) -> list[tuple[tuple[float, float], float, float]]:
        """(centre, window, angle in degrees) of each crop: the three faces, each at every one of ``FACE_TURNS``."""
        return [(centre, window, angle + turn) for centre, window, angle in self.faces() for turn in FACE_TURNS]

    def value_looks(self, size: float) -> list[tuple[tuple[float, float], float, float]]:
        """(centre, window, angle in degrees) of the value reader's crops of a die of ``size``: on the point, at
        each of ``VALUE_TURNS``."""
        centre = (float(self.point[0]), float(self.point[1]))
        return [(centre, VALUE_WINDOW * size, turn) for turn in VALUE_TURNS]


def silhouette_triangle(contrast: ContrastImage, centre: tuple[float, float], size: float) -> Optional[np.ndarray]:
    """The smallest triangle (frame pixels) around the die's silhouette in the contrast map: the part that stands
    out from the table and holds the die's middle, else the largest."""
    s = contrast.scale
    half = size * SILHOUETTE_WINDOW / 2 * s
    cx, cy = centre[0] * s, centre[1] * s
    h, w = contrast.contrast.shape[:2]
    x0, y0 = int(max(0, cx - half)), int(max(0, cy - half))
    x1, y1 = int(min(w, cx + half + 1)), int(min(h, cy + half + 1))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    patch = np.clip(contrast.contrast[y0:y1, x0:x1], 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(patch, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    stroke = max(3, int(round(size * s / 25)) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((stroke, stroke), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    if count < 2:
        return None
    middle = labels[int(np.clip(cy - y0, 0, labels.shape[0] - 1)), int(np.clip(cx - x0, 0, labels.shape[1] - 1))]
    part = middle if middle else 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    points = np.column_stack(np.nonzero(labels == part)[::-1]).astype(np.float32)
    area, triangle = cv2.minEnclosingTriangle(cv2.convexHull(points))
    if area > LARGEST_TRIANGLE * (size * s) ** 2:  # the table around the die stood out with it
        return None
    return (triangle.reshape(3, 2).astype(np.float64) + (x0, y0)) / s


def _crop_turn(angle_deg: float) -> np.ndarray:
    """The rotation ``GreyPyramid.crop`` applies to a frame offset for a crop turned by ``angle_deg``."""
    a = math.radians(angle_deg)
    return np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])


def crop_offset(centre: tuple[float, float], window: float, angle_deg: float, point: np.ndarray) -> np.ndarray:
    """Where ``point`` (frame pixels) lies in the crop ``GreyPyramid.crop(centre, window, size, angle_deg)``: its
    offset from the crop's middle, as a share of the crop's side."""
    return _crop_turn(angle_deg) @ (np.asarray(point, np.float64) - centre) / window


def frame_point(centre: tuple[float, float], window: float, angle_deg: float, offset: np.ndarray) -> np.ndarray:
    """The frame point at ``offset`` in that crop (the inverse of ``crop_offset``)."""
    return np.asarray(centre, np.float64) + window * (_crop_turn(angle_deg).T @ np.asarray(offset, np.float64))


class PointFinder:
    """The D4's triangle from its silhouette and its point from the point finder network."""

    def __init__(self, model_dir: Optional[pathlib.Path] = None):
        self.net = OnnxNet(pathlib.Path(model_dir or MODEL_DIR) / APEX_MODEL, trained_by="vision.training.d4_apex")

    def point(self, pyramid: GreyPyramid, centre: tuple[float, float], size: float) -> np.ndarray:
        """Where the die's point is seen (frame pixels), the mean of the network's looks at ``APEX_TURNS``."""
        window = APEX_WINDOW * size
        crops = np.stack([pyramid.crop(centre, window, APEX_CROP, turn) for turn in APEX_TURNS])
        offsets = self.net.run(normalise(crops))[0]
        return np.mean([frame_point(centre, window, turn, offset) for turn, offset in zip(APEX_TURNS, offsets)],
                       axis=0)

    def locate(self, pyramid: GreyPyramid, contrast: ContrastImage, centre: tuple[float, float],
               size: float) -> Optional[D4Point]:
        """The D4's triangle and point, or None where no silhouette stands out from the table."""
        triangle = silhouette_triangle(contrast, centre, size)
        if triangle is None:
            return None
        return D4Point(triangle, self.point(pyramid, centre, size))


@functools.lru_cache(maxsize=None)
def shipped_finder() -> PointFinder:
    """The point finder of ``vision/models``, loaded once, for crops cut outside a ``DiceReader``."""
    return PointFinder()


def point_values(rows: np.ndarray) -> np.ndarray:
    """The values' odds (1 to 4) from the digit reader's rows (none, 1 to 8) at ``D4Point.numeral_looks``: each
    face's best turn for each value, the faces' odds' geometric mean. The faces are not read independently
    (one light, one font, one point found), so their product would be surer than the reading is."""
    faces = rows[:, 1:5].reshape(-1, len(FACE_TURNS), 4).max(axis=1)
    log_odds = np.log(faces + SEEN_FLOOR).mean(axis=0)
    odds = np.exp(log_odds - log_odds.max())
    return odds / odds.sum()
