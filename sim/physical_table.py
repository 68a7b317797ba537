"""A simulated camera table: physical dice on the zones, kept in step with a game.

``PhysicalTable.follow(state)`` moves the fewest dice needed for the table to show
``state`` (a placed die leaves the tray and appears on its staging area). The planting
methods then disturb the table the way people do (a die knocked away, one added, one
turned, one put in the wrong zone), for the sync tests and ``benchmarks/sync.py``.
Readings come either straight from the model (exact) or from a rendered frame.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Optional, Sequence

import numpy as np

from calibration.layout import TRAY, seat_zone, standard_zone_names
from companion.games.automata.rules import DIE_TYPES, FACES, State
from companion.games.automata.sync import Die, expected_dice, keeps_values, zone_location
from sim.table_scene import RenderedTable, TableScene, render_table
from vision.readings import DieReading
from vision.synth import DieSpec, SceneStyle, make_background
from vision.zones import DIE_SIDE


@dataclass(frozen=True)
class PhysicalDie:
    zone: str
    seat: int
    die_type: str
    value: int
    centre: tuple[float, float] = (0.0, 0.0)
    rotation: float = 0.0


def location_zone(location: str, seat: int, tray: bool = True) -> str:
    """The zone a die of ``location`` is put in: Available dice go to the tray (or the seat's zone)."""
    if location == "available":
        return TRAY if tray else seat_zone(seat + 1, "available")
    if location in ("spent", "reserve"):
        return seat_zone(seat + 1, location)
    return location


class PhysicalTable:
    def __init__(self, colours: Sequence[str], rng: np.random.Generator, scene: Optional[TableScene] = None,
                 tray_share: float = 1.0) -> None:
        self.colours = list(colours)
        self.rng = rng
        self.scene = scene
        self.tray_share = tray_share  # chance that an Available die is put in the tray rather than the seat's zone
        self.dice: list[PhysicalDie] = []
        self._background: Optional[np.ndarray] = None  # the same table under every frame

    # -- keeping up with the game ---------------------------------------------------------------

    def _token(self, die: PhysicalDie):
        location = zone_location(die.zone)
        return location, Die(die.seat, die.die_type, die.value if keeps_values(location) else None)

    def follow(self, state: State) -> None:
        expected = expected_dice(state)
        current: dict[str, Counter] = {}
        for die in self.dice:
            location, token = self._token(die)
            current.setdefault(location, Counter())[token] += 1
        for location in set(expected) | set(current):
            surplus = current.get(location, Counter()) - expected.get(location, Counter())
            for token, n in surplus.items():
                for _ in range(n):
                    self.dice.remove(next(d for d in self.dice if self._token(d) == (location, token)))
        for location, want in expected.items():
            lacking = want - current.get(location, Counter())
            for (seat, die_type, value), n in sorted(lacking.items()):
                for _ in range(n):
                    shown = value if value is not None else int(self.rng.integers(1, FACES[die_type] + 1))
                    zone = location_zone(location, seat, bool(self.rng.random() < self.tray_share))
                    self.add(zone, seat, die_type, shown)

    def add(self, zone: str, seat: int, die_type: str, value: int) -> PhysicalDie:
        centre, rotation = (0.0, 0.0), float(self.rng.uniform(0, 360))
        if self.scene is not None:
            taken = [d.centre for d in self.dice if d.zone == zone]
            centre = self.scene.scatter(zone, 1, self.die_size, self.rng, taken)[0]
        die = PhysicalDie(zone, seat, die_type, value, centre, rotation)
        self.dice.append(die)
        return die

    def move(self, seat: int, die: tuple[str, int], zone: str) -> PhysicalDie:
        """A person picks up one of the seat's dice showing ``die`` (type, value) and puts it in ``zone``."""
        picked = next(d for d in self.dice if d.seat == seat and (d.die_type, d.value) == tuple(die))
        self.dice.remove(picked)
        return self.add(zone, seat, *die)

    @property
    def die_size(self) -> float:
        return self.scene.marker_px * DIE_SIDE if self.scene is not None else 0.0

    # -- people disturbing the table -----------------------------------------------------------

    def _pick(self, zones: Optional[Sequence[str]] = None) -> Optional[PhysicalDie]:
        pool = [d for d in self.dice if zones is None or d.zone in zones]
        return None if not pool else pool[int(self.rng.integers(len(pool)))]

    def plant_missing(self) -> Optional[PhysicalDie]:
        die = self._pick()
        if die is not None:
            self.dice.remove(die)
        return die

    def plant_extra(self, zones: Sequence[str]) -> PhysicalDie:
        zone = zones[int(self.rng.integers(len(zones)))]
        die_type = str(self.rng.choice(DIE_TYPES))
        seat = int(self.rng.integers(len(self.colours)))
        return self.add(zone, seat, die_type, int(self.rng.integers(1, FACES[die_type] + 1)))

    def plant_wrong_value(self, zones: Sequence[str]) -> Optional[PhysicalDie]:
        die = self._pick(zones)
        if die is None:
            return None
        values = [v for v in range(1, FACES[die.die_type] + 1) if v != die.value]
        turned = replace(die, value=int(self.rng.choice(values)))
        self.dice[self.dice.index(die)] = turned
        return turned

    def plant_wrong_zone(self, from_zones: Sequence[str], to_zones: Sequence[str]) -> Optional[PhysicalDie]:
        die = self._pick(from_zones)
        targets = [z for z in to_zones if z != die.zone] if die is not None else []
        if not targets:
            return None
        self.dice.remove(die)
        zone = targets[int(self.rng.integers(len(targets)))]
        return self.add(zone, die.seat, die.die_type, die.value)

    # -- what the camera sees -------------------------------------------------------------------

    def readings_by_zone(self) -> dict[str, list[DieReading]]:
        """Exact readings grouped by the zone each die lies in; every zone of the table is listed."""
        out: dict[str, list[DieReading]] = {zone: [] for zone in self.zones}
        for die in self.dice:
            out.setdefault(die.zone, []).append(self._reading(die))
        return out

    @property
    def zones(self) -> list[str]:
        if self.scene is not None:
            return [z.name for z in self.scene.layout.zones]
        return standard_zone_names(len(self.colours))

    def _reading(self, die: PhysicalDie) -> DieReading:
        spot = (die.centre[0] / self.die_size, die.centre[1] / self.die_size) if self.scene is not None else None
        return DieReading(die.die_type, die.value, self.colours[die.seat], die.centre, [], 1.0, 1.0, 1.0, spot=spot)

    def render(self, style: Optional[SceneStyle] = None, background: Optional[np.ndarray] = None,
               hidden_markers: Sequence[int] = ()) -> RenderedTable:
        if self.scene is None:
            raise ValueError("this table has no scene to render")
        specs = [(d.zone, DieSpec(d.die_type, d.value, self.colours[d.seat], d.centre, d.rotation, self.die_size))
                 for d in self.dice]
        if background is None:
            if self._background is None:
                self._background = make_background(self.rng, self.scene.width, self.scene.height, "felt")
            background = self._background
        return render_table(self.scene, specs, self.rng, style, background, hidden_markers)
