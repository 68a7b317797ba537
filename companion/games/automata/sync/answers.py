"""What a person's answer to the mismatch alert tells of the dice the camera read.

"The camera misread" tells the true type and value of each die the camera misread, where the engine
has them; accepting the table confirms the dice the alert was about as the camera read them surely
(an unsure value may have been settled as another, ``settle``). Each such
die is paired with its reading in the settled table the alert was raised on, so that the table's dice
reader can learn it (``companion.session.dice_learning``). A misread die whose reading cannot be told
apart from another's is left out.
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple, Sequence

from vision.readings import DieReading, ReadingsByZone

from ..rules import Roll
from .in_place import Turned
from .locations import Die, LocatedDie, keeps_values, zone_location
from .observe import Misreading


class ToldDie(NamedTuple):
    """A die of the settled table: its reading, and the type, value and colour a person's answer gives it."""

    reading: DieReading
    die_type: str
    value: int
    colour: str


def readings_of(readings_by_zone: ReadingsByZone, located: LocatedDie, colours: Sequence[str]) -> list[DieReading]:
    """The readings the camera's table counts as ``located`` (as ``ObservedTable.from_zones`` counts them)."""
    seat_of = {colour: seat for seat, colour in enumerate(colours)}
    valued = keeps_values(located.location)
    return [reading for zone, readings in readings_by_zone.items() if zone_location(zone) == located.location
            for reading in readings
            if Die(seat_of.get(reading.colour), reading.die_type, reading.value if valued else None) == located.die]


def misread_dice(misreading: Misreading, readings_by_zone: ReadingsByZone,
                 colours: Sequence[str]) -> tuple[ToldDie, ...]:
    """The dice of ``misreading`` told as the engine has them: at each location where the camera saw one die in
    place of one of the engine's dice with a value, the reading of the die seen. Where two dice were misread at
    a location, or several readings could be the one misread, nothing is told of that location."""
    told = []
    for location in sorted({located.location for located in misreading.actual}):
        seen = [located for located in misreading.seen if located.location == location]
        actual = [located.die for located in misreading.actual if located.location == location]
        if len(seen) != 1 or len(actual) != 1 or actual[0].value is None:
            continue
        readings = readings_of(readings_by_zone, seen[0], colours)
        if len(readings) == 1:
            told.append(_told(readings[0], actual[0], colours))
    return tuple(told)


def turned_dice(turned: Sequence[Turned], readings_by_zone: ReadingsByZone,
                colours: Sequence[str]) -> tuple[ToldDie, ...]:
    """The dice an alert said were turned in place, told as they were remembered (the engine's values): each the
    reading at its spot. Unlike a misreading found by counting, the spot tells which reading is which."""
    told = []
    for die in turned:
        at_spot = [reading for reading in readings_by_zone.get(die.now.zone, ())
                   if tuple(getattr(reading, "spot", ()) or ()) == die.now.spot]
        if len(at_spot) == 1 and die.then.die.value is not None:
            told.append(_told(at_spot[0], die.then.die, colours))
    return tuple(told)


def accepted_dice(accepted: Sequence[LocatedDie], readings_by_zone: ReadingsByZone, colours: Sequence[str],
                  min_confidence: float = 0.0) -> tuple[ToldDie, ...]:
    """The dice of ``accepted`` (as the camera read them) that have a value and a seat, each with a reading of
    it whose value was read with at least ``min_confidence``. Dice read alike are confirmed alike, so any of
    their readings will do."""
    told = []
    wanted = Counter(located for located in accepted if located.die.value is not None and located.die.seat is not None)
    for located, count in wanted.items():
        sure = [reading for reading in readings_of(readings_by_zone, located, colours)
                if _value_confidence(reading) >= min_confidence]
        told += [_told(reading, located.die, colours) for reading in sure[:count]]
    return tuple(told)


def _value_confidence(reading: DieReading) -> float:
    """As ``ObservedTable.from_zones`` takes it."""
    return getattr(reading, "value_confidence", getattr(reading, "confidence", 1.0))


def _told(reading: DieReading, die: Die, colours: Sequence[str]) -> ToldDie:
    """``die`` told with ``reading``: only a die with a seat and a value can be."""
    if die.seat is None or die.value is None:
        raise ValueError(f"a die told has a seat and a value, not {die}")
    return ToldDie(reading, die.die_type, die.value, colours[die.seat])


def read_roll(roll: Roll, readings_by_zone: ReadingsByZone, colours: Sequence[str]) -> tuple[tuple[str, int, float], ...]:
    """Each die of ``roll`` as the camera read it: its type, value and the surest value confidence of the readings
    the table counts as that die among the seat's available dice (0 where none is seen)."""
    seat = colours.index(roll.seat)
    read = []
    for die_type, value in roll.dice:
        located = LocatedDie("available", Die(seat, die_type, value))
        read.append((die_type, value, max((_value_confidence(r) for r in readings_of(readings_by_zone, located, colours)),
                                          default=0.0)))
    return tuple(read)
