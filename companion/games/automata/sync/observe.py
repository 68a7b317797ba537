"""What the camera sees: dice read per zone, as dice per engine location, and how they differ from the engine's."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Mapping, NamedTuple, Sequence

from vision.readings import DieReading, ReadingsByZone

from .locations import (
    Die,
    DieKind,
    LocatedDie,
    Location,
    in_order,
    keeps_values,
    zone_location,
)


class UnsureValue(NamedTuple):
    """A die read with an unsure value: where, as read, and the reader's odds of each value (or ())."""

    location: Location
    die: Die
    odds: tuple[float, ...]


@dataclass(frozen=True)
class Doubt:
    """A die read with an unsure value that the engine's value stood in for, where the two differ: the table
    is taken as matching the game, but a person may want to look (a die turned where it lay, read unsurely,
    is seen this way when the reader still leaves its old value likely)."""

    location: Location
    read: Die  # as the camera read it
    value: int  # the engine's value that stood in for the reading


@dataclass(frozen=True)
class ObservedTable:
    """Dice seen per location (only locations whose zones were found count)."""

    dice: Mapping[Location, Counter]
    tracked: frozenset[Location]
    uncertain: tuple[DieReading, ...] = ()  # readings below the confidence threshold, for a person to check
    unsure_values: Mapping[Location, Counter] = field(default_factory=dict)  # dice of ``dice`` read unsurely
    unsure_types: Mapping[Location, Counter] = field(default_factory=dict)  # dice whose type was read unsurely
    unsure_colours: Mapping[Location, Counter] = field(default_factory=dict)  # dice whose colour was read unsurely
    value_odds: tuple[UnsureValue, ...] = ()  # the reader's odds per unsure value, where it gave them
    settled: bool = False  # unsure readings already settled by the engine (``settle_unsure_readings``)
    guessed: frozenset[DieKind] = frozenset()  # kinds of dice whose unsure values were guessed
    doubts: tuple[Doubt, ...] = ()  # unsure values the engine stood in for with another value

    @classmethod
    def from_zones(cls, readings_by_zone: ReadingsByZone, colours: Sequence[str],
                   min_confidence: float = 0.0) -> "ObservedTable":
        """Readings (``die_type``, ``value``, ``colour``) grouped by zone name -> dice per location.

        A reading whose ``value_confidence`` (or ``type_confidence``, ``colour_confidence``; else
        ``confidence``) is below ``min_confidence`` counts as an unsure value (type, colour):
        :func:`settle_unsure_readings` lets the engine's stand for it where the engine can vouch for it.
        """
        seat_of = {colour: seat for seat, colour in enumerate(colours)}
        dice: dict[Location, Counter] = {}
        unsure: dict[Location, Counter] = {}
        unsure_types: dict[Location, Counter] = {}
        unsure_colours: dict[Location, Counter] = {}
        odds = []
        uncertain = []
        for zone, readings in readings_by_zone.items():
            location = zone_location(zone)
            if location is None:
                continue
            counter = dice.setdefault(location, Counter())
            for reading in readings:
                value = reading.value if keeps_values(location) else None
                die = Die(seat_of.get(reading.colour), reading.die_type, value)
                counter[die] += 1
                confidence = getattr(reading, "confidence", 1.0)
                if confidence < min_confidence:
                    uncertain.append(reading)
                if value is not None and getattr(reading, "value_confidence", confidence) < min_confidence:
                    unsure.setdefault(location, Counter())[die] += 1
                    if getattr(reading, "value_probabilities", ()):
                        odds.append(UnsureValue(location, die, tuple(reading.value_probabilities)))
                if getattr(reading, "type_confidence", confidence) < min_confidence:
                    unsure_types.setdefault(location, Counter())[die] += 1
                if getattr(reading, "colour_confidence", 1.0) < min_confidence:
                    unsure_colours.setdefault(location, Counter())[die] += 1
        return cls(dice, frozenset(dice), tuple(uncertain), unsure, unsure_types, unsure_colours, tuple(odds))


class Differences(NamedTuple):
    missing: list[LocatedDie]  # the engine's dice the camera does not see
    extra: list[LocatedDie]  # dice the camera sees that the engine does not have


def differences(expected: Mapping[Location, Counter], observed: ObservedTable) -> Differences:
    """Where the table differs from the engine, over the locations the camera tracks, in alert order."""
    missing: list[LocatedDie] = []
    extra: list[LocatedDie] = []
    for location in sorted(observed.tracked):
        want = expected.get(location, Counter())
        have = observed.dice.get(location, Counter())
        missing += [LocatedDie(location, die) for die in in_order(want - have)]
        extra += [LocatedDie(location, die) for die in in_order(have - want)]
    return Differences(missing, extra)


@dataclass(frozen=True)
class Misreading:
    """A person's word that the camera misread the table: it sees ``seen`` where the engine has
    ``actual``. It holds while the camera still sees all of ``seen``, still misses ``actual``, and
    the engine still has ``actual`` there; once a die moves or the camera reads it right, it is dropped."""

    seen: tuple[LocatedDie, ...]
    actual: tuple[LocatedDie, ...]

    def holds(self, expected: Mapping[Location, Counter], observed: ObservedTable) -> bool:
        def count(table, location, die) -> int:
            return table.get(location, Counter())[die]

        seen, actual = Counter(self.seen), Counter(self.actual)
        return (all(count(observed.dice, loc, die) >= n for (loc, die), n in seen.items())
                and all(count(observed.dice, loc, die) + n <= count(expected, loc, die)
                        for (loc, die), n in actual.items()))

    def correct(self, observed: ObservedTable) -> ObservedTable:
        dice = {location: Counter(counter) for location, counter in observed.dice.items()}
        for location, die in self.seen:
            dice[location][die] -= 1
        for location, die in self.actual:
            dice.setdefault(location, Counter())[die] += 1
        return replace(observed, dice={location: +counter for location, counter in dice.items()})
