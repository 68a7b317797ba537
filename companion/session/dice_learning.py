"""The table's own dice as the app keeps them: the examples saved beside the calibration profile
(``calibration.table_dice``), the dice reader taught them, and every value a person confirms, at
calibration or in play, added as one more example (``vision.examples``).

A reader learns a set in about a second on a Raspberry Pi (``docs/vision.md``), so it is taught on a
thread of its own and reads with the set it learnt before until then; the file is written at once.
"""
from __future__ import annotations

import logging
import threading
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

from calibration.table_dice import load_table_dice, save_table_dice, start_new
from vision.examples import EXAMPLES_PER_FACE, DieExample, ExamplesRight, TableDice, example_from_frame
from vision.readings import FACES

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ConfirmedDie:
    """A die whose type and value a person confirmed or corrected, where the camera saw it: ``frame``
    (BGR) and the die's ``centre`` and ``size`` (its side) in that frame's pixels."""

    frame: np.ndarray
    centre: tuple[float, float]
    size: float
    die_type: str
    value: int
    colour: str

    @classmethod
    def of(cls, frame: np.ndarray, reading, die_type: str, value: int, colour: str) -> "ConfirmedDie":
        """The die of ``reading`` (a ``vision.readings.DieReading`` of ``frame``), as the person said it is."""
        x0, _, x1, _ = reading.bbox
        return cls(frame, (float(reading.centre[0]), float(reading.centre[1])), float(x1 - x0), die_type,
                   int(value), colour)

    def example(self) -> DieExample:
        return example_from_frame(self.frame, self.die_type, self.value, self.colour, self.centre, self.size)


class TableDiceLearner:
    """The examples of the table whose profile is ``profile_path``, and the reader taught them (``teach``).

    ``background``: teach on a thread of its own (the app), or before returning (the tests, the headless
    session)."""

    def __init__(self, profile_path: Path, dice: TableDice, background: bool = True) -> None:
        self.profile_path = Path(profile_path)
        self.dice = dice
        self.background = background
        self.reader = None  # the vision.reader.DiceReader taught, once there is one
        self.unsaved = ""  # why the last change could not be saved ('' when it was)
        self._lock = threading.Lock()
        self._pending: Optional[tuple[object, TableDice]] = None
        self._worker: Optional[threading.Thread] = None

    @classmethod
    def open(cls, profile_path: Path, background: bool = True) -> tuple["TableDiceLearner", Optional[str]]:
        """The examples saved beside ``profile_path``, and None; or none and the one line that says why the
        saved ones cannot be used."""
        dice, message = load_table_dice(profile_path)
        return cls(profile_path, dice, background), message

    # -- what is held -----------------------------------------------------------------------

    def counts(self, colour: Optional[str] = None) -> dict[str, int]:
        """Examples of each die type (of ``colour`` only, when given)."""
        if colour is None:
            return self.dice.counts()
        return TableDice(e for e in self.dice.examples if e.colour == colour).counts()

    def faces(self, die_type: str) -> dict[int, int]:
        """Examples of each value of ``die_type``, of any colour (only the values that have some)."""
        return dict(Counter(e.value for e in self.dice.examples if e.die_type == die_type))

    def learnt(self, die_type: str) -> bool:
        """Whether ``die_type`` has enough examples for the reader to weigh them: each face has enough."""
        faces = self.faces(die_type)
        return all(faces.get(v, 0) >= EXAMPLES_PER_FACE for v in range(1, FACES[die_type] + 1))

    def examples_right(self, die_type: str) -> Optional[ExamplesRight]:
        """How many of ``die_type``'s examples the reader taught read right by them and by its networks; None
        where it has not weighed them (too few, or not taught yet). It reads the type by the examples where
        they read more right (``vision.examples.TableValues``)."""
        values = getattr(self.reader, "table_values", None)
        return values.right.get(die_type) if values else None

    def types_right(self) -> Optional[ExamplesRight]:
        """How many examples' types the reader taught reads right by them and by its networks; None where it
        has not weighed them (not every type learnt, or not taught yet)."""
        values = getattr(self.reader, "table_values", None)
        return values.types_right if values else None

    # -- changing them ----------------------------------------------------------------------

    def add(self, confirmed: Sequence[ConfirmedDie]) -> tuple[DieExample, ...]:
        """One example per die, saved; the reader learns them. The examples, to ``take_back`` on an undo."""
        examples = tuple(die.example() for die in confirmed)
        for example in examples:
            self.dice.add(example)
        self._changed()
        return examples

    def take_back(self, examples: Sequence[DieExample]) -> None:
        """Remove exactly ``examples`` (those one ``add`` returned), saved; the reader learns without them."""
        if any([self.dice.remove(example) for example in examples]):
            self._changed()

    def start_new(self, keep_old: bool) -> None:
        """After a new calibration: the old set kept, or a new one started (``calibration.table_dice``)."""
        self.dice = start_new(self.profile_path, keep_old)
        self._teach_now_or_soon()

    def clear(self) -> None:
        """No examples any more (Settings): the file holds none, the reader reads with its networks alone."""
        self.dice.clear()
        self._changed()

    def _changed(self) -> None:
        """Save and teach. A set that cannot be saved is still learnt; ``unsaved`` says why it was not saved."""
        try:
            save_table_dice(self.profile_path, self.dice)
            self.unsaved = ""
        except OSError as exc:
            log.warning("vision: the table's examples could not be saved (%s)", exc)
            self.unsaved = f"The dice examples could not be saved ({exc.strerror or exc})."
        self._teach_now_or_soon()

    # -- the reader -------------------------------------------------------------------------

    def teach(self, reader) -> None:
        """Read with ``reader`` (a ``vision.reader.DiceReader``) from now on, taught this table's examples."""
        self.reader = reader
        self._teach_now_or_soon()

    def _teach_now_or_soon(self) -> None:
        if self.reader is None:
            return
        job = (self.reader, TableDice(self.dice.examples, self.dice.declared_types))  # a copy: the set changes
        if not self.background:
            _teach(*job)
            return
        with self._lock:
            self._pending = job
            if self._worker is None:
                self._worker = threading.Thread(target=self._teach_pending, name="dice-learning", daemon=True)
                self._worker.start()

    def _teach_pending(self) -> None:
        """Teach the latest set until none is waiting: a set replaced before it was learnt is never learnt."""
        while True:
            with self._lock:
                job, self._pending = self._pending, None
                if job is None:
                    self._worker = None
                    return
            _teach(*job)

    def wait(self, timeout: float = 30.0) -> None:
        """Until the reader has learnt the latest set."""
        with self._lock:
            worker = self._worker
        if worker is not None:
            worker.join(timeout)


def _teach(reader, dice: TableDice) -> None:
    try:
        if dice.examples:
            reader.learn(dice)
        else:
            reader.forget()
    except Exception as exc:  # a broken model must not stop the game: the dice are read as before
        log.warning("vision: the table's examples could not be learnt (%s: %s)", type(exc).__name__, exc)
