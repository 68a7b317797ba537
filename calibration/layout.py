"""The zone layout: which printed marker marks which zone, and where the zone lies beside it.

Each zone of the table (the roll tray, the five staging areas, the action spaces, each
seat's pools) has its own ArUco marker. A zone is a polygon drawn in its marker's own
units: the marker is the square from (-0.5, -0.5) to (0.5, 0.5), x to the right of the
printed marker and y down its page. So a zone follows its marker when the camera or the
board is bumped, and a person can resize a zone by editing plain numbers in the file.

The layout file is JSON::

    {"version": 1, "dictionary": "DICT_4X4_50", "marker_mm": 25,
     "zones": [{"name": "tray", "marker": 0, "polygon": [[0.7, -0.5], ...]}, ...]}
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from companion.games.automata.rules import AREAS, AREAS_WITH_SPACES, CompanionError
from companion.user_files import UnusableFile, read_text
from vision.markers import DEFAULT_DICTIONARY

Point = tuple[float, float]

SEAT_POOLS = ("available", "spent", "reserve")
TRAY = "tray"
MAX_SEATS = 4
LAYOUT_VERSION = 1


class LayoutError(CompanionError, ValueError):
    """A layout file that cannot be used; the message names the file and what is wrong."""


def seat_zone(seat: int, pool: str) -> str:
    """The zone of a seat's pool, seats counted from 1: 'seat2.spent'."""
    return f"seat{seat}.{pool}"


def seat_pool(zone: str) -> Optional[str]:
    """The pool a seat's zone holds ('spent' for 'seat2.spent'); None for any other zone."""
    head, _, tail = zone.partition(".")
    return tail if head.startswith("seat") and tail in SEAT_POOLS else None


def standard_zone_names(seats: int = MAX_SEATS) -> list[str]:
    """Every zone a full table has, in marker-id order."""
    names = [TRAY]
    names += [f"staging.{a}" for a in AREAS]
    names += [f"spaces.{a}" for a in AREAS_WITH_SPACES]
    names += [seat_zone(s, p) for s in range(1, seats + 1) for p in SEAT_POOLS]
    return names


def zone_title(name: str) -> str:
    """The label printed under a zone's marker: 'STAGING SCAVENGE', 'SEAT 2 SPENT'."""
    head, _, tail = name.partition(".")
    if head.startswith("seat"):
        head = "seat " + head[4:]
    return f"{head} {tail}".strip().upper().replace("SPACES", "ACTION SPACES")


@dataclass(frozen=True)
class Zone:
    name: str
    marker: int
    polygon: tuple[Point, ...]  # in marker units, relative to the marker's centre

    def to_json(self) -> dict:
        return {"name": self.name, "marker": self.marker, "polygon": [list(p) for p in self.polygon]}


@dataclass(frozen=True)
class ZoneLayout:
    zones: tuple[Zone, ...]
    dictionary: str = DEFAULT_DICTIONARY
    marker_mm: float = 25.0
    source_path: Optional[Path] = field(default=None, compare=False)

    def __post_init__(self) -> None:
        names = [z.name for z in self.zones]
        markers = [z.marker for z in self.zones]
        if len(set(names)) != len(names):
            raise LayoutError(f"zone names must be different: {sorted(n for n in names if names.count(n) > 1)}")
        if len(set(markers)) != len(markers):
            raise LayoutError("each zone needs its own marker id; some id is used twice")

    def zone(self, name: str) -> Zone:
        for z in self.zones:
            if z.name == name:
                return z
        raise KeyError(name)

    def by_marker(self) -> dict[int, Zone]:
        return {z.marker: z for z in self.zones}

    # -- files -----------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {"version": LAYOUT_VERSION, "dictionary": self.dictionary, "marker_mm": self.marker_mm,
                "zones": [z.to_json() for z in self.zones]}

    def save(self, path: Path) -> None:
        Path(path).write_text(readable_json(self.to_json()) + "\n")

    @classmethod
    def from_json(cls, data: object, where: str = "layout") -> "ZoneLayout":
        if not isinstance(data, dict) or not isinstance(data.get("zones"), list):
            raise LayoutError(f"{where}: expected an object with a 'zones' list")
        if data.get("version", LAYOUT_VERSION) != LAYOUT_VERSION:
            raise LayoutError(f"{where}: layout version {data.get('version')} is not supported "
                              f"(expected {LAYOUT_VERSION})")
        zones = []
        for i, raw in enumerate(data["zones"]):
            try:
                polygon = tuple((float(x), float(y)) for x, y in raw["polygon"])
                zone = Zone(str(raw["name"]), int(raw["marker"]), polygon)
            except (KeyError, TypeError, ValueError):
                raise LayoutError(f"{where}: zone {i + 1} needs 'name', 'marker' (a whole number) and "
                                  "'polygon' (a list of [x, y] pairs)") from None
            if len(polygon) < 3:
                raise LayoutError(f"{where}: zone '{zone.name}' needs a polygon of at least 3 points")
            if not 0 <= zone.marker < 50:
                raise LayoutError(f"{where}: zone '{zone.name}' has marker {zone.marker}; ids run from 0 to 49")
            zones.append(zone)
        try:
            return cls(tuple(zones), str(data.get("dictionary", DEFAULT_DICTIONARY)),
                       float(data.get("marker_mm", 25.0)))
        except LayoutError as exc:
            raise LayoutError(f"{where}: {exc}") from None

    @classmethod
    def load(cls, path: Path) -> "ZoneLayout":
        path = Path(path)
        layout = cls.from_json(read_json_file(path, "zone layout", LayoutError), str(path))
        return ZoneLayout(layout.zones, layout.dictionary, layout.marker_mm, path)


def read_json_file(path: Path, what: str, error: type, hint: str = "") -> object:
    """The JSON in ``path``, a ``what``; ``error`` (a ValueError type) says plainly why it cannot be read."""
    try:
        text = read_text(path, what)
    except UnusableFile as exc:
        raise error(str(exc)) from None
    if not text.strip():
        raise error(f"{path}: empty, not a {what}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{path}: not JSON (line {exc.lineno}: {exc.msg}){hint}") from None


def readable_json(data: object) -> str:
    """Indented JSON with short lists of numbers (points, colours) kept on one line."""
    text = json.dumps(data, indent=2)
    return re.sub(r"\[\s+([-\d.e]+(?:,\s+[-\d.e]+)*)\s+\]",
                  lambda m: "[" + ", ".join(v.strip() for v in m.group(1).split(",")) + "]", text)


def rectangle(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


# Zone sizes in marker sides (with 25 mm markers the tray is 200 x 125 mm, a staging area 112 x 75 mm).
DEFAULT_SIZES: dict[str, tuple[float, float]] = {
    "tray": (8.0, 5.0),
    "staging": (4.5, 3.0),
    "spaces": (4.5, 2.2),
    "available": (5.0, 2.6),
    "spent": (5.0, 2.6),
    "reserve": (5.0, 2.6),
}
GAP = 0.3  # between the marker's edge and its zone


def default_zone_polygon(name: str) -> tuple[Point, ...]:
    """The zone to the right of its marker, top edges level: place the marker at the zone's top-left corner."""
    kind = name.split(".")[-1] if name.startswith("seat") else name.split(".")[0]
    width, height = DEFAULT_SIZES[kind]
    x0 = 0.5 + GAP
    return rectangle(x0, -0.5, x0 + width, -0.5 + height)


def default_layout(seats: int = MAX_SEATS, names: Optional[Sequence[str]] = None) -> ZoneLayout:
    names = list(names) if names is not None else standard_zone_names(seats)
    return ZoneLayout(tuple(Zone(n, i, default_zone_polygon(n)) for i, n in enumerate(standard_zone_names())
                            if n in names))
