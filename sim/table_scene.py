"""Synthetic tables: the layout's markers laid out on a rendered table, dice placed in zones.

Used by the tests, the sync benchmark and the documentation pictures. The markers are
painted on the flat table before ``vision.synth`` applies its camera, so they share the
dice's perspective and light; ``move_camera`` then bumps the view (shift and rotation).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional, Sequence

import cv2
import numpy as np

from calibration.layout import ZoneLayout, seat_zone
from companion.games.automata.rules import DIE_TYPES, FACES
from vision.markers import marker_image
from vision.readings import DieReading
from vision.synth import DieSpec, SceneStyle, make_background, render_scene
from vision.zones import UNIT_SQUARE, affine_from_corners, apply_affine

QUIET = 0.25  # white border around a painted marker, in marker sides


@dataclass
class TableScene:
    """Where each marker lies on the flat table image (centre, side in pixels, rotation in degrees)."""

    layout: ZoneLayout
    width: int
    height: int
    marker_px: float
    placements: dict[int, tuple[tuple[float, float], float]] = field(default_factory=dict)  # id -> (centre, rotation)

    @classmethod
    def arranged(cls, layout: ZoneLayout, width: int = 1280, height: int = 800,
                 gap: float = 0.5, edge: float = 1.5) -> "TableScene":
        """Shelf-pack every zone (marker plus its polygon) onto the table, as large as fits."""
        boxes = []
        for zone in layout.zones:
            pts = np.vstack([UNIT_SQUARE, np.array(zone.polygon, np.float32)])
            boxes.append((zone.marker, pts.min(axis=0), pts.max(axis=0)))
        for side in np.arange(max(80, max(width, height) // 32 * 2), 16, -2, dtype=float):  # even sides, as before
            placements = _shelf_pack(boxes, side, width, height, gap, edge)
            if placements is not None:
                return cls(layout, width, height, side, placements)
        raise ValueError(f"the layout's {len(layout.zones)} zones do not fit on a {width}x{height} table")

    def marker_corners(self, marker_id: int) -> np.ndarray:
        (cx, cy), rotation = self.placements[marker_id]
        angle = math.radians(rotation)
        rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]], np.float32)
        return (UNIT_SQUARE * self.marker_px) @ rot.T + np.array([cx, cy], np.float32)

    def zone_polygon(self, name: str) -> np.ndarray:
        zone = self.layout.zone(name)
        return apply_affine(affine_from_corners(self.marker_corners(zone.marker)), np.array(zone.polygon, np.float32))

    def paint(self, table: np.ndarray, hidden: Sequence[int] = ()) -> None:
        """Draw the markers (each with a white quiet zone) onto the flat table image."""
        side = int(round(self.marker_px))
        pad = int(round(side * QUIET))
        for marker_id in self.placements:
            if marker_id in hidden:
                continue
            tile = np.full((side + 2 * pad, side + 2 * pad), 255, np.uint8)
            tile[pad:pad + side, pad:pad + side] = marker_image(marker_id, side, self.layout.dictionary)
            src = np.array([[0, 0], [tile.shape[1], 0], [tile.shape[1], tile.shape[0]], [0, tile.shape[0]]], np.float32)
            dst = self.marker_corners(marker_id)
            centre = dst.mean(axis=0)
            dst = centre + (dst - centre) * (1 + 2 * QUIET)
            x0, y0 = np.floor(dst.min(axis=0)).astype(int)
            x1, y1 = np.ceil(dst.max(axis=0)).astype(int) + 1
            x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, table.shape[1]), min(y1, table.shape[0])
            if x1 <= x0 or y1 <= y0:
                continue
            m = cv2.getPerspectiveTransform(src, (dst - np.array([x0, y0], np.float32)).astype(np.float32))
            size = (int(x1 - x0), int(y1 - y0))
            warped = cv2.warpPerspective(cv2.cvtColor(tile, cv2.COLOR_GRAY2BGR), m, size)
            mask = cv2.warpPerspective(np.full(tile.shape, 255, np.uint8), m, size)
            roi = table[y0:y1, x0:x1]
            roi[mask > 128] = warped[mask > 128]

    def scatter(self, zone_name: str, count: int, size: float, rng: np.random.Generator,
                taken: Sequence[tuple[float, float]] = (), spacing: float = 1.3) -> list[tuple[float, float]]:
        """``count`` centres inside a zone on a jittered grid ``spacing`` die widths apart, clear of ``taken``."""
        polygon = self.zone_polygon(zone_name).astype(np.float32).reshape(-1, 1, 2)
        lo, hi = polygon.reshape(-1, 2).min(axis=0), polygon.reshape(-1, 2).max(axis=0)
        step = size * spacing
        cells = [(float(x), float(y)) for x in np.arange(lo[0] + step / 2, hi[0], step)
                 for y in np.arange(lo[1] + step / 2, hi[1], step)]
        free = [c for c in cells if cv2.pointPolygonTest(polygon, c, True) >= size * 0.6
                and all(math.dist(c, t) >= step * 0.75 for t in taken)]
        if len(free) < count:
            raise ValueError(f"{count} dice of {size:.0f} px do not fit in zone {zone_name} ({len(free)} free places)")
        jitter = step * 0.08
        chosen = rng.choice(len(free), size=count, replace=False)
        return [(free[i][0] + float(rng.uniform(-jitter, jitter)), free[i][1] + float(rng.uniform(-jitter, jitter)))
                for i in chosen]


def _shelf_pack(boxes, side: float, width: int, height: int, gap: float, edge: float):
    """Zones left to right in rows, ``gap`` sides apart and ``edge`` sides clear of the table's border."""
    placements = {}
    x, y, shelf = edge * side, edge * side, 0.0
    for marker_id, lo, hi in boxes:
        w, h = (hi - lo) * side
        if x + w > width - edge * side:
            x, y, shelf = edge * side, y + shelf + gap * side, 0.0
        if y + h > height - edge * side or w > width:
            return None
        placements[marker_id] = ((float(x - lo[0] * side), float(y - lo[1] * side)), 0.0)
        x += w + gap * side
        shelf = max(shelf, h)
    return placements


@dataclass
class RenderedTable:
    frame: np.ndarray
    labels: list[dict]
    zones: list[str]  # the zone each die was put in, in label order

    def readings(self, colour_of=None) -> list[DieReading]:
        """Exact readings from the labels (type, value, centre); colours from ``colour_of(frame, centre, size)``
        when given, else the label's colour."""
        out = []
        for label in self.labels:
            centre, size = label_centre(label)
            colour, confidence = (label["colour"], 1.0) if colour_of is None else colour_of(self.frame, centre, size)
            outline = [tuple(p) for p in label["outline"][:len(label["outline"]) // 2]]
            out.append(DieReading(label["type"], label["value"], colour, centre, outline, 1.0, 1.0, confidence,
                                  bbox=tuple(label["bbox"])))
        return out


def label_centre(label: dict) -> tuple[tuple[float, float], float]:
    """The centre of a die's top face and its size, from a rendered label."""
    top = np.array(label["outline"][:len(label["outline"]) // 2], np.float32)
    centre = top.mean(axis=0)
    size = float(np.linalg.norm(top.max(axis=0) - top.min(axis=0)) / math.sqrt(2))
    return (float(centre[0]), float(centre[1])), size


def render_table(scene: TableScene, dice: Sequence[tuple[str, DieSpec]], rng: np.random.Generator,
                 style: Optional[SceneStyle] = None, background: Optional[np.ndarray] = None,
                 hidden_markers: Sequence[int] = ()) -> RenderedTable:
    """Render ``(zone, die)`` pairs on the scene's table."""
    if background is None:
        background = make_background(rng, scene.width, scene.height, "felt")
    frame, labels = render_scene([d for _, d in dice], background, style or SceneStyle(), rng,
                                 paint=lambda table: scene.paint(table, hidden_markers))
    return RenderedTable(frame, labels, [z for z, _ in dice])


def move_camera(rendered: RenderedTable, angle_deg: float, shift: tuple[float, float],
                scale: float = 1.0) -> RenderedTable:
    """The same table seen by a bumped camera: rotated about the frame centre, scaled and shifted."""
    h, w = rendered.frame.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle_deg, scale)
    m[:, 2] += shift
    frame = cv2.warpAffine(rendered.frame, m, (w, h), borderMode=cv2.BORDER_REPLICATE)
    labels = []
    for label in rendered.labels:
        pts = apply_affine(m.astype(np.float32), np.array(label["outline"], np.float32))
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        bbox = [float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])]
        labels.append({**label, "outline": pts.tolist(), "bbox": bbox})
    return RenderedTable(frame, labels, rendered.zones)


def calibration_dice(scene: TableScene, players: Sequence[str], rng: np.random.Generator,
                     per_type: tuple[int, int, int] = (2, 2, 2), size_share: float = 0.6) -> list[tuple[str, DieSpec]]:
    """Each player's dice of every type in their seat's Available zone, as for colour calibration."""
    size = scene.marker_px * size_share
    out = []
    for seat, colour in enumerate(players):
        zone = seat_zone(seat + 1, "available")
        types = [t for t, n in zip(DIE_TYPES, per_type) for _ in range(n)]
        for die_type, centre in zip(types, scene.scatter(zone, len(types), size, rng, spacing=1.8)):
            value = int(rng.integers(1, FACES[die_type] + 1))
            out.append((zone, DieSpec(die_type, value, colour, centre, float(rng.uniform(0, 360)), size)))
    return out
