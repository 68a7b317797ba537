"""Dice turned where they lie: a die found in its remembered spot showing another value, where the game changed nothing.

Where readings tell where each die lies (``spot``), the follower remembers where a seat's dice
of one type at one location lay, when they were last all read surely and matched the game: a
die found in the same spot showing another value, where the game changed nothing of those
dice since, was turned by hand, even when a misreading elsewhere hides it from the multisets.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Mapping, NamedTuple, Optional, Sequence

from vision.readings import ReadingsByZone

from .locations import Die, Location, keeps_values, zone_location

SAME_SPOT = 0.5  # dice whose spots are this close (die widths) lie in the same place
LEFT_VALUE_ODDS = 0.1  # a die left in place read unsurely with odds under this of the value it showed was turned


class Group(NamedTuple):
    """A seat's dice of one type at one location."""

    location: Location
    seat: Optional[int]
    die_type: str


@dataclass(frozen=True)
class DieSpot:
    """A die as read, and where it lay: its zone, the die and its spot (die widths); for a die read
    unsurely, the reader's odds of each value (empty when it gave none)."""

    zone: str
    location: Location  # the engine location the zone shows
    die: Die
    spot: tuple[float, float]
    sure: bool = True
    odds: tuple[float, ...] = ()

    @property
    def group(self) -> Group:
        return Group(self.location, self.die.seat, self.die.die_type)


class Turned(NamedTuple):
    """A die turned in place: as it was remembered, and as it is read now."""

    then: DieSpot
    now: DieSpot


def die_spots(readings_by_zone: ReadingsByZone, colours: Sequence[str],
              min_confidence: float = 0.0) -> tuple[DieSpot, ...]:
    """The seats' dice read with a ``spot``, where the engine keeps values."""
    seat_of = {colour: seat for seat, colour in enumerate(colours)}
    found = []
    for zone, readings in readings_by_zone.items():
        location = zone_location(zone)
        if location is None or not keeps_values(location):
            continue
        for reading in readings:
            seat, spot = seat_of.get(reading.colour), getattr(reading, "spot", None)
            if seat is None or spot is None:
                continue
            sure = getattr(reading, "confidence", 1.0) >= min_confidence
            found.append(DieSpot(zone, location, Die(seat, reading.die_type, reading.value), tuple(spot), sure,
                                 () if sure else tuple(getattr(reading, "value_probabilities", ()))))
    return tuple(found)


def dice_by_group(dice: Sequence[DieSpot]) -> dict[Group, list[DieSpot]]:
    """``dice`` by seat, type and location."""
    out: dict[Group, list[DieSpot]] = {}
    for spot in dice:
        out.setdefault(spot.group, []).append(spot)
    return out


def expected_group(expected: Mapping[Location, Counter], group: Group) -> Counter:
    """The engine's dice of ``group``."""
    return Counter({die: n for die, n in expected.get(group.location, Counter()).items()
                    if die.kind == (group.seat, group.die_type)})


def turned_in_place(before: Sequence[DieSpot], now: Sequence[DieSpot]) -> list[Turned]:
    """Each of a group's dice ``now`` that no longer shows the value of the die ``before`` in its spot: read
    surely as another, or read unsurely with odds under ``LEFT_VALUE_ODDS`` of that value. Only zones where
    all the group's dice lie where they lay, one to one, are compared: dice moved about may take each
    other's places."""
    turned = []
    for zone in sorted({spot.zone for spot in now}):
        old = [d for d in before if d.zone == zone]
        new = [d for d in now if d.zone == zone]
        places = [[k for k, o in enumerate(old) if math.dist(o.spot, d.spot) <= SAME_SPOT] for d in new]
        if len(old) == len(new) and all(len(p) == 1 for p in places) and len({p[0] for p in places}) == len(old):
            turned += [Turned(old[p[0]], d) for p, d in zip(places, new) if _shows_another(d, old[p[0]])]
    return turned


def _shows_another(spot: DieSpot, then: DieSpot) -> bool:
    """Whether ``spot`` shows another value than ``then``, the die remembered in its place."""
    value = then.die.value
    if spot.sure or value is None:
        return spot.die.value != value
    return len(spot.odds) >= value and spot.odds[value - 1] < LEFT_VALUE_ODDS
