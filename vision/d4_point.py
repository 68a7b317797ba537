"""A D4's point, and the close crops of the value written by it.

Seen from above, a D4 resting on a face shows its base as a triangle, and inside it the point where its three
upper faces meet, three ridges running from it to the corners. A D4 read at its point carries its value by
the point on each of those faces, the numeral's top towards the point (its other numerals sit by the lower
corners and point away). So the value is read where the point is, not in the die's middle:

- the triangle: the die's silhouette in the contrast map (``vision.detect``: how far each pixel's colour is
  from the table's), opened so that thin print over or beside the die falls away, and the smallest triangle
  holding it;
- the point: of the places within ``POINT_SEARCH`` of the triangle's middle (the camera is rarely straight
  above the die), the one from which the three ridges to the corners stand out most;
- the crops: on each face, ``NUMERAL_AT`` of the way from the point to the middle of the face's far edge,
  turned so the point is up, at ``FACE_TURNS`` about that; the digit reader reads them and ``point_values``
  votes its rows.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

from vision.classifier import GreyPyramid
from vision.detect import ContrastImage

POINT_SEARCH = 0.2  # of the triangle's size (mean distance from its middle to a corner)
POINT_STEP = 0.04
RIDGE_SPAN = (0.2, 0.7)  # the part of each ridge, point to corner, where its edge is measured
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


def find_point(grey: np.ndarray, triangle: np.ndarray) -> np.ndarray:
    """The place near the triangle's middle from which the three ridges to its corners have the strongest edges
    across them."""
    x0, y0 = np.maximum(np.floor(triangle.min(axis=0)).astype(int) - 4, 0)
    x1, y1 = np.minimum(np.ceil(triangle.max(axis=0)).astype(int) + 5, (grey.shape[1], grey.shape[0]))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return triangle.mean(axis=0)
    smooth = cv2.GaussianBlur(grey[y0:y1, x0:x1].astype(np.float32), (0, 0), 1.2)
    gx, gy = cv2.Sobel(smooth, cv2.CV_32F, 1, 0), cv2.Sobel(smooth, cv2.CV_32F, 0, 1)
    triangle = triangle - (x0, y0)
    middle = triangle.mean(axis=0)
    size = float(np.linalg.norm(triangle - middle, axis=1).mean())
    steps = np.arange(-POINT_SEARCH, POINT_SEARCH + 1e-9, POINT_STEP) * size
    offsets = np.array([(dx, dy) for dx in steps for dy in steps if math.hypot(dx, dy) <= POINT_SEARCH * size])
    points = middle + offsets  # (P, 2)
    along = np.linspace(*RIDGE_SPAN, 10)
    score = np.zeros(len(points))
    for corner in triangle:
        ridge = corner - points  # (P, 2)
        across = np.column_stack([-ridge[:, 1], ridge[:, 0]]) / (np.linalg.norm(ridge, axis=1, keepdims=True) + 1e-6)
        samples = points[:, None, :] + along[None, :, None] * ridge[:, None, :]  # (P, S, 2)
        xs = np.clip(samples[..., 0].astype(int), 0, gx.shape[1] - 1)
        ys = np.clip(samples[..., 1].astype(int), 0, gx.shape[0] - 1)
        score += np.abs(gx[ys, xs] * across[:, None, 0] + gy[ys, xs] * across[:, None, 1]).mean(axis=1)
    return points[int(np.argmax(score))] + (x0, y0)


def locate(pyramid: GreyPyramid, contrast: ContrastImage, centre: tuple[float, float],
           size: float) -> Optional[D4Point]:
    """The D4's triangle and point, or None where no silhouette stands out from the table."""
    triangle = silhouette_triangle(contrast, centre, size)
    if triangle is None:
        return None
    return D4Point(triangle, find_point(pyramid.levels[0], triangle))


def point_values(rows: np.ndarray) -> np.ndarray:
    """The values' odds (1 to 4) from the digit reader's rows (none, 1 to 8) at ``D4Point.numeral_looks``: each
    face's best turn for each value, the faces' odds' geometric mean. The faces are not read independently
    (one light, one font, one point found), so their product would be surer than the reading is."""
    faces = rows[:, 1:5].reshape(-1, len(FACE_TURNS), 4).max(axis=1)
    log_odds = np.log(faces + SEEN_FLOOR).mean(axis=0)
    odds = np.exp(log_odds - log_odds.max())
    return odds / odds.sum()
