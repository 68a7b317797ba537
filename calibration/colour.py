"""Colour calibration: each player's dice looked at under the table's own light.

The guided step: every player puts their dice (all types) in their seat's Available zone;
one frame is taken; the body colour of every die there is sampled; each player gets a few
Lab references (darker, middle and lighter faces: D4 and D8 faces are shaded differently);
and the result says how well the players' colours separate, with a warning for any two
that are too close to tell apart reliably.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Optional, Sequence

import cv2
import numpy as np

from calibration.layout import seat_zone
from companion.games.automata.rules import CompanionError
from vision.colour import body_colour, match_colour
from vision.readings import ColourProfile, DieReading
from vision.zones import FoundZones

Lab = tuple[float, float, float]


def as_lab(values: Iterable[float]) -> Lab:
    """Three numbers as a Lab colour; ValueError unless there are three."""
    lightness, a, b = (float(v) for v in values)
    return lightness, a, b
# The matcher weighs lightness at half (light and shade move it more than the chroma axes).
LAB_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)
TOO_CLOSE = 25.0       # weighted Lab distance under which two players' dice are easily confused
TABLE_TOO_CLOSE = 15.0  # weighted Lab distance from the table under which a player's dice hardly stand out
MIN_SEPARATION = 2.0   # nearest other player / own spread, below which reading is unreliable
REFERENCES = 3
MIN_SAMPLES = 3


class CalibrationError(CompanionError, ValueError):
    """Calibration cannot go on; the message says what the person should do."""


def distance(a, b) -> float:
    return float(np.linalg.norm((np.asarray(a, np.float32) - np.asarray(b, np.float32)) * LAB_WEIGHTS))


@dataclass(frozen=True)
class ColourCheck:
    """How well the calibrated colours separate."""

    nearest: dict[tuple[str, str], float]  # nearest references of each pair of players
    spread: dict[str, float]               # how far a player's own samples lie from its references (90th pct)
    accuracy: float                        # share of samples the new profile gives to the right player
    warnings: tuple[str, ...]
    table: dict[str, float] = field(default_factory=dict)  # each player's nearest reference to the table colour

    @property
    def ok(self) -> bool:
        return not self.warnings

    def text(self) -> str:
        lines = [f"Samples read as their own player: {self.accuracy:.0%}"]
        for (a, b), d in sorted(self.nearest.items(), key=lambda item: item[1]):
            lines.append(f"  {a} vs {b}: distance {d:.0f} (own spread {self.spread[a]:.0f} / {self.spread[b]:.0f})")
        for player, d in sorted(self.table.items(), key=lambda item: item[1]):
            lines.append(f"  {player} vs the table: distance {d:.0f}")
        lines += [f"WARNING: {w}" for w in self.warnings] or ["The colours separate well."]
        return "\n".join(lines)


@dataclass(frozen=True)
class ColourCalibration:
    profile: ColourProfile
    check: ColourCheck
    samples: dict[str, list[Lab]]


def references(samples: Sequence[Lab], count: int = REFERENCES) -> list[Lab]:
    """Medians of the darker, middle and lighter thirds of a player's samples."""
    ordered = sorted(samples, key=lambda lab: lab[0])
    groups = [g for g in np.array_split(np.array(ordered, np.float32), min(count, len(ordered))) if len(g)]
    return [as_lab(round(float(v), 1) for v in np.median(g, axis=0)) for g in groups]


def calibrate_from_samples(samples: Mapping[str, Sequence[Lab]], max_distance: float = 60.0,
                           table: Optional[Lab] = None) -> ColourCalibration:
    """A profile from each player's sampled body colours, and how well they separate from each other and
    from the ``table`` colour when given."""
    short = [p for p, s in samples.items() if len(s) < MIN_SAMPLES]
    if short:
        raise CalibrationError(f"too few dice seen for {', '.join(short)} (at least {MIN_SAMPLES} each): "
                               "put all of each player's dice in their seat's Available zone, in good light, "
                               "on a surface whose colour differs from the dice")
    profile = ColourProfile({p: references(s) for p, s in samples.items()}, max_distance=max_distance)
    spread = {p: float(np.percentile([min(distance(lab, r) for r in profile.players[p]) for lab in s], 90))
              for p, s in samples.items()}
    nearest, warnings = {}, []
    for a, b in itertools.combinations(sorted(samples), 2):
        d = min(distance(x, y) for x in profile.players[a] for y in profile.players[b])
        nearest[(a, b)] = d
        if d < TOO_CLOSE:
            warnings.append(f"{a} and {b} dice look alike here (distance {d:.0f}, under {TOO_CLOSE:.0f}): "
                            "use other colours, or light the table more evenly")
        elif d < MIN_SEPARATION * max(spread[a], spread[b], 1.0):
            warnings.append(f"{a} and {b} are only {d:.0f} apart while one player's own dice vary by "
                            f"{max(spread[a], spread[b]):.0f}: check for shade or glare on the table")
    table_distance = {p: min(distance(table, r) for r in profile.players[p]) for p in sorted(samples)} \
        if table is not None else {}
    for player, d in table_distance.items():
        if d < TABLE_TOO_CLOSE:
            warnings.append(f"{player} dice look like the table here (distance {d:.0f}, under {TABLE_TOO_CLOSE:.0f}): "
                            "the camera may miss them; put a mat of another colour under the play area")
    total = sum(len(s) for s in samples.values())
    right = sum(match_colour(np.asarray(lab, np.float32), profile)[0] == p for p, s in samples.items() for lab in s)
    accuracy = right / total if total else 0.0
    if accuracy < 0.98:
        warnings.append(f"only {accuracy:.0%} of the sampled dice are read as their own player")
    return ColourCalibration(profile, ColourCheck(nearest, spread, accuracy, tuple(warnings), table_distance),
                             {p: list(s) for p, s in samples.items()})


# ---- sampling a calibration frame -------------------------------------------------------------

def zone_blobs(frame: np.ndarray, polygon: np.ndarray, die_px: float) -> list[tuple[tuple[float, float], float]]:
    """Dice in a zone as the die-sized patches that differ from the zone's own surface.

    Needs no dice model: during calibration the zone holds only dice on the bare table.
    """
    x0, y0 = np.maximum(np.floor(polygon.min(axis=0)).astype(int), 0)
    x1, y1 = np.minimum(np.ceil(polygon.max(axis=0)).astype(int) + 1, [frame.shape[1], frame.shape[0]])
    if x1 - x0 < 2 or y1 - y0 < 2:
        return []
    patch = frame[y0:y1, x0:x1]
    mask = np.zeros(patch.shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(polygon - [x0, y0]).astype(np.int32)], (255,))
    lab = cv2.cvtColor(cv2.GaussianBlur(patch, (0, 0), 1.5), cv2.COLOR_BGR2LAB).astype(np.float32)
    background = np.median(lab[mask > 0], axis=0)
    distance_map = np.linalg.norm((lab - background) * LAB_WEIGHTS, axis=2)
    scaled = np.clip(distance_map * 4.0, 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(scaled[mask > 0].reshape(-1, 1), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    # Dice unlike the table stand out at 20; dice close to it in colour still differ more than its grain.
    threshold = min(20.0, max(6.0, otsu / 4.0))
    differs = (distance_map > threshold).astype(np.uint8) * 255
    differs &= mask
    kernel = np.ones((3, 3), np.uint8)
    differs = cv2.morphologyEx(cv2.morphologyEx(differs, cv2.MORPH_OPEN, kernel), cv2.MORPH_CLOSE, kernel)
    count, _, stats, centroids = cv2.connectedComponentsWithStats(differs)
    found = []
    for i in range(1, count):
        area = stats[i, cv2.CC_STAT_AREA]
        if 0.25 * die_px ** 2 <= area <= 4.0 * die_px ** 2:
            found.append(((float(centroids[i][0] + x0), float(centroids[i][1] + y0)), float(math.sqrt(area))))
    return found


def sample_zones(players: Sequence[str], zone_names: Optional[Sequence[str]] = None) -> list[str]:
    """The zone each player's dice are laid out in for calibration: ``zone_names`` in the players' order
    (a game's Automas: their supplies), else each seat's Available zone (seat 1 = the first player)."""
    names = list(zone_names) if zone_names is not None else [seat_zone(i + 1, "available") for i in range(len(players))]
    if len(names) != len(players):
        raise CalibrationError(f"{len(players)} colours named for {len(names)} zones: name one colour per zone")
    return names


def samples_from_frame(frame: np.ndarray, zones: FoundZones, players: Sequence[str],
                       reader: Optional[Callable[..., Sequence[DieReading]]] = None,
                       zone_names: Optional[Sequence[str]] = None) -> dict[str, list[Lab]]:
    """Body colours of the dice in each player's zone (:func:`sample_zones`).

    Dice are found by ``reader`` when given (called as ``vision.reader.read_dice`` is, with the
    markers' paper to ignore and the dice's size), else as die-sized patches that differ from the
    zone's surface.
    """
    names = sample_zones(players, zone_names)
    missing = [n for n in names if n not in zones.polygons]
    if missing:
        raise CalibrationError(f"the camera does not see the marker of {', '.join(missing)}: "
                               "check that it is on the table and in view")
    die_px = zones.die_size()
    if die_px is None:
        raise CalibrationError("no marker is in view: the camera must see the seats' markers")
    readings = list(reader(frame, **zones.reader_hints())) if reader is not None else []
    samples: dict[str, list[Lab]] = {}
    for player, name in zip(players, names):
        polygon = zones.polygons[name].astype(np.float32)
        if reader is not None:
            inside = [r for r in readings if zones.zone_at(r.centre) == name]
            dice = [(r.centre, max(r.bbox[2] - r.bbox[0], r.bbox[3] - r.bbox[1], 1.0)) for r in inside]
        else:
            dice = zone_blobs(frame, polygon, die_px)
        samples[player] = [as_lab(body_colour(frame, centre, size)) for centre, size in dice]
    return samples


def table_colour(frame: np.ndarray, zones: FoundZones, players: Sequence[str],
                 zone_names: Optional[Sequence[str]] = None) -> Lab:
    """The table's colour (OpenCV Lab): the median over the players' zones (:func:`sample_zones`), where
    the dice laid out for calibration cover a small part."""
    mask = np.zeros(frame.shape[:2], np.uint8)
    for name in sample_zones(players, zone_names):
        polygon = zones.polygons.get(name)
        if polygon is not None:
            cv2.fillPoly(mask, [np.round(polygon).astype(np.int32)], (1,))
    if not mask.any():
        raise CalibrationError("the camera does not see the zones the dice are laid out in")
    lab = cv2.cvtColor(frame, cv2.COLOR_BGR2LAB)
    return as_lab(np.median(lab[mask > 0], axis=0))

