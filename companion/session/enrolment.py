"""Teaching the reader the table's dice at calibration: the second step of the Calibrate screen.

The seat colours are taught one at a time. A person rolls the colour's dice where the camera sees them;
the camera reads them, and the person confirms each die read, or says what it shows, die by die. Only the
dice worth an example are asked:

- while a die type is not learnt yet (``EXAMPLES_PER_FACE`` examples of each face, of any colour), a die of
  that type whose face, as read, still wants examples;
- once it is, a die of that type of a colour with no example of it yet: one roll of each other colour.

What the reader learns from one colour's dice carries over to the others (``benchmarks/colour_carryover.py``,
docs/vision.md), so the first colour is rolled until every type is learnt and each other colour once.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping, Optional, Sequence

import numpy as np

from vision.examples import EXAMPLES_PER_FACE
from vision.known_types import with_types
from vision.readings import DIE_TYPES, FACES, DieReading
from vision.zones import MarkerLayout, ZoneFinder

from .dice_learning import ConfirmedDie, TableDiceLearner
from .follower import Read, ZoneReader

if TYPE_CHECKING:
    from hardware.camera.base import CameraSource


@dataclass(frozen=True)
class TypeProgress:
    """Where one die type of one colour stands."""

    die_type: str
    learnt: bool  # every face has its examples, of any colour
    examples: int  # of this colour
    short: tuple[int, ...]  # while not learnt: the faces still wanting examples, one entry per example wanted

    def words(self) -> str:
        name = self.die_type.upper()
        if not self.learnt:
            wanted = EXAMPLES_PER_FACE * FACES[self.die_type]
            return f"{name} {wanted - len(self.short)}/{wanted}"
        return f"{name} done" if self.examples else f"{name}: roll once"


class Enrolment:
    """The enrolment of ``colours`` (the seat colours, in seat order) into ``table_dice``. ``dice_set``: how
    many dice of each type a colour has, where the game tells it (an Automata seat: 6 D4, 4 D6, 2 D8); a roll
    in which all of them are found is read as those types (``vision.known_types``)."""

    def __init__(self, table_dice: TableDiceLearner, colours: Sequence[str],
                 dice_set: Optional[Mapping[str, int]] = None) -> None:
        self.table_dice = table_dice
        self.colours = tuple(colours)
        self.dice_set = [t for t, n in (dice_set or {}).items() for _ in range(n)]
        self.colour = next((c for c in self.colours if not self.taught(c)), self.colours[0])
        self.frame: Optional[np.ndarray] = None
        self.asked: list[DieReading] = []  # the readings of the last roll a person is asked about
        self.position = 0  # of the one asked now

    # -- where it stands --------------------------------------------------------------------

    def progress(self, colour: str) -> list[TypeProgress]:
        counts = self.table_dice.counts(colour)
        out = []
        for die_type in DIE_TYPES:
            faces = self.table_dice.faces(die_type)
            short = tuple(v for v in range(1, FACES[die_type] + 1)
                          for _ in range(EXAMPLES_PER_FACE - min(faces.get(v, 0), EXAMPLES_PER_FACE)))
            out.append(TypeProgress(die_type, not short, counts[die_type], short))
        return out

    def taught(self, colour: str) -> bool:
        return all(p.learnt and p.examples for p in self.progress(colour))

    @property
    def done(self) -> bool:
        return all(self.taught(c) for c in self.colours)

    def choose(self, colour: str) -> None:
        """Teach ``colour`` next; a roll being asked about is dropped."""
        self.colour = colour
        self.asked, self.position = [], 0

    # -- a roll -----------------------------------------------------------------------------

    def take(self, frame: np.ndarray, readings: Sequence[DieReading]) -> int:
        """The dice of a roll read in ``frame`` to ask about, of the colour taught (how many)."""
        self.frame, self.asked, self.position = frame, [], 0
        pending: Counter = Counter()
        of_colour = [r for r in readings if r.colour == self.colour]
        if self.dice_set:
            of_colour = with_types(of_colour, self.dice_set) or of_colour
        for reading in of_colour:
            if reading.die_type in FACES and self._wants(reading.die_type, reading.value, pending):
                self.asked.append(reading)
                pending[(reading.die_type, reading.value)] += 1
        return len(self.asked)

    def _wants(self, die_type: str, value: int, pending: Counter) -> bool:
        if not self.table_dice.learnt(die_type):
            return self.table_dice.faces(die_type).get(value, 0) + pending[(die_type, value)] < EXAMPLES_PER_FACE
        return self.table_dice.counts(self.colour)[die_type] == 0

    @property
    def current(self) -> Optional[DieReading]:
        """The reading a person is asked about now (None when the roll is done with)."""
        return self.asked[self.position] if self.position < len(self.asked) else None

    def confirm(self, die_type: str, value: int) -> None:
        """The die asked about is a ``die_type`` showing ``value`` (as read, or as the person says): an example."""
        asked = self.current
        if self.frame is None or asked is None:
            raise ValueError("no die of a roll is asked about")
        self.table_dice.add([ConfirmedDie.of(self.frame, asked, die_type, value, self.colour)])
        self.position += 1
        self._next_colour_when_taught()

    def skip(self) -> None:
        """No example of the die asked about: it is no die, or cannot be told."""
        self.position += 1
        self._next_colour_when_taught()

    def _next_colour_when_taught(self) -> None:
        if self.current is None and self.taught(self.colour):
            self.colour = next((c for c in self.colours if not self.taught(c)), self.colour)


def read_roll(open_source: Callable[[], CameraSource], read: Read, layout: MarkerLayout) -> tuple[np.ndarray, list[DieReading]]:
    """One frame from the camera ``open_source`` starts, and every die read in it (told where the markers lie
    and how large the dice are); ``calibration.colour.CalibrationError`` says why there is no frame."""
    from calibration.guided import connect_camera, frame_from_camera

    frame, _ = frame_from_camera(open_source, connect_camera())
    readings, _ = ZoneReader(ZoneFinder(layout), read).find_and_read(frame)
    return frame, readings
