"""Zones found again in every frame from their markers, and dice assigned to them.

Which marker marks which zone, and each zone's polygon in its marker's units, are the
layout's (``calibration.layout``), read here through :class:`MarkerLayout`.

A zone whose marker is seen is placed from that marker alone (an affine fit of its four
corners, which stays steady when extended a few marker-widths away). A zone whose marker
is hidden (a hand, a die on it) is placed from where its marker was last seen, carried
into this frame by the markers seen both then and now. So a bumped camera or board is
followed from frame to frame, and one covered marker does not lose its zone.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Optional, Protocol, Sequence, TypedDict, TypeVar

import cv2
import numpy as np

from vision.markers import Corners, MarkerDetector
from vision.readings import DieReading

UNIT_SQUARE = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], np.float32)
MARKER_CLEARANCE = 0.3  # white paper kept clear around a marker, in marker sides, where no die is looked for
DIE_SIDE = 0.6  # a die's width in marker sides (16 mm dice, 25 mm markers)

T = TypeVar("T")


class ReaderHints(TypedDict):
    """What the markers tell a dice reader (``vision.reader.read_dice``'s keyword arguments)."""

    ignore: list[np.ndarray]
    die_size: Optional[float]


class AnchoredZone(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def marker(self) -> int: ...
    @property
    def polygon(self) -> Sequence[tuple[float, float]]: ...  # in marker units, relative to the marker's centre


class MarkerLayout(Protocol):
    """Which marker marks which zone, and the ArUco dictionary they are printed from."""

    @property
    def dictionary(self) -> str: ...
    @property
    def zones(self) -> Sequence[AnchoredZone]: ...

    def by_marker(self) -> Mapping[int, AnchoredZone]: ...


def affine_from_corners(corners: np.ndarray) -> np.ndarray:
    """Least-squares 2x3 affine map from marker units to frame pixels."""
    design = np.hstack([UNIT_SQUARE, np.ones((4, 1), np.float32)])
    solution, *_ = np.linalg.lstsq(design, corners.astype(np.float32), rcond=None)
    return solution.T


def apply_affine(m: np.ndarray, points: np.ndarray) -> np.ndarray:
    return points @ m[:, :2].T + m[:, 2]


def _carry(points: np.ndarray, before: Sequence[np.ndarray], after: Sequence[np.ndarray]) -> np.ndarray:
    """Map ``points`` of an older frame into this one by the markers seen in both."""
    src = np.vstack(before).astype(np.float32)
    dst = np.vstack(after).astype(np.float32)
    if len(before) >= 2:
        h, _ = cv2.findHomography(src, dst, cv2.RANSAC, 3.0)
        if h is not None:
            return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float32), h).reshape(-1, 2)
    m, _ = cv2.estimateAffinePartial2D(src, dst)
    if m is None:
        m = np.hstack([np.eye(2, dtype=np.float32), (dst.mean(0) - src.mean(0)).reshape(2, 1)])
    return apply_affine(m, points)


@dataclass
class FoundZones:
    """Where each zone lies in one frame (polygons in frame pixels)."""

    polygons: dict[str, np.ndarray]
    seen_markers: dict[int, Corners] = field(default_factory=dict)
    estimated: set[str] = field(default_factory=set)  # zones placed from remembered markers
    to_frame: dict[str, np.ndarray] = field(default_factory=dict)  # per zone, 2x3 affine: marker units -> frame

    def zone_at(self, point: tuple[float, float]) -> Optional[str]:
        """The zone holding ``point``; where zones overlap, the smallest one."""
        best: Optional[tuple[float, str]] = None
        for name, polygon in self.polygons.items():
            inside = cv2.pointPolygonTest(polygon.astype(np.float32).reshape(-1, 1, 2),
                                          (float(point[0]), float(point[1])), False)
            if inside >= 0:
                area = abs(cv2.contourArea(polygon.astype(np.float32)))
                if best is None or area < best[0]:
                    best = (area, name)
        return None if best is None else best[1]

    def die_size(self) -> Optional[float]:
        """The dice's width in frame pixels, from the markers seen (None when none is)."""
        if not self.seen_markers:
            return None
        sides = [float(np.linalg.norm(c[1] - c[0])) for c in self.seen_markers.values()]
        return DIE_SIDE * float(np.median(sides))

    def reader_hints(self) -> ReaderHints:
        """What the markers tell a dice reader such as ``vision.reader.read_dice``: their paper, where no die
        is looked for (``ignore``), and how large the dice are (``die_size``)."""
        return ReaderHints(ignore=self.marker_regions(), die_size=self.die_size())

    def marker_regions(self, clearance: float = MARKER_CLEARANCE) -> list[np.ndarray]:
        """Each seen marker's square grown by ``clearance`` sides on every edge: paper, never a die."""
        out = []
        for corners in self.seen_markers.values():
            corners = np.asarray(corners, np.float32).reshape(4, 2)
            centre = corners.mean(axis=0)
            out.append(centre + (corners - centre) * (1 + 2 * clearance))
        return out

    def assign(self, items: Iterable[T], centre=lambda r: r.centre) -> tuple[dict[str, list[T]], list[T]]:
        """Items (dice readings by default) grouped by zone, and those outside every zone."""
        by_zone: dict[str, list[T]] = {name: [] for name in self.polygons}
        outside: list[T] = []
        for item in items:
            name = self.zone_at(centre(item))
            (by_zone[name] if name is not None else outside).append(item)
        return by_zone, outside

    def placed(self, readings: Iterable[DieReading]) -> dict[str, list[DieReading]]:
        """Dice readings grouped by zone, each with its ``spot`` there (:meth:`spot`); those outside every
        zone are left out."""
        by_zone, _outside = self.assign(readings)
        return {zone: [replace(r, spot=self.spot(zone, r.centre)) for r in found] for zone, found in by_zone.items()}

    def spot(self, zone: str, point: tuple[float, float]) -> Optional[tuple[float, float]]:
        """Where ``point`` (frame pixels) lies in ``zone``, in die widths from the zone's marker: the same
        place on the table keeps its spot when the camera or the board is moved. None for a zone not found."""
        m = self.to_frame.get(zone)
        if m is None:
            return None
        x, y = apply_affine(cv2.invertAffineTransform(m), np.array([point], np.float32))[0] / DIE_SIDE
        return float(x), float(y)


class ZoneFinder:
    """Finds the layout's zones in each frame; remembers markers to cover hidden ones."""

    def __init__(self, layout: MarkerLayout, detector: Optional[MarkerDetector] = None):
        self.layout = layout
        self.detector = detector or MarkerDetector(layout.dictionary, max(z.marker for z in layout.zones) + 1)
        self._memory: dict[int, Corners] = {}

    def find(self, frame_bgr: np.ndarray) -> FoundZones:
        return self.locate(self.detector.detect(frame_bgr))

    def locate(self, seen: dict[int, Corners]) -> FoundZones:
        """Zones from already detected markers (id -> corners)."""
        zones = self.layout.by_marker()
        seen = {k: v for k, v in seen.items() if k in zones}
        polygons: dict[str, np.ndarray] = {}
        to_frame: dict[str, np.ndarray] = {}
        estimated: set[str] = set()
        for marker_id, zone in zones.items():
            local = np.array(zone.polygon, np.float32)
            if marker_id in seen:
                to_frame[zone.name] = affine_from_corners(seen[marker_id])
                polygons[zone.name] = apply_affine(to_frame[zone.name], local)
                continue
            remembered = self._memory.get(marker_id)
            common = [k for k in seen if k in self._memory]
            if remembered is None or not common:
                continue
            old_polygon = apply_affine(affine_from_corners(remembered), local)
            corners_then = [self._memory[k] for k in common]
            corners_now = [seen[k] for k in common]
            polygons[zone.name] = _carry(np.vstack([old_polygon, remembered]), corners_then, corners_now)[:len(local)]
            self._memory[marker_id] = _carry(remembered, corners_then, corners_now)
            to_frame[zone.name] = affine_from_corners(self._memory[marker_id])
            estimated.add(zone.name)
        self._memory.update(seen)
        return FoundZones(polygons, seen, estimated, to_frame)

    def forget(self) -> None:
        """Drop remembered markers (after the board was set up again)."""
        self._memory.clear()
