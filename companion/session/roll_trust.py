"""The rolls a camera table reads in a game, judged by what the game finally took, in the table's reader record.

A roll played as read counts its dice right; a roll shown for confirmation and entered otherwise by a person
counts the dice that differ wrong. A die found misread later counts wrong: by "The camera misread", or by an
undo after which the same seat's roll at the same point of the game is played with another value for it. An
undo after which the roll is played alike, or something else is played, counts nothing: the roll undone is
taken out of the record.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Callable, NamedTuple, Sequence

from ..games.automata.rules import Roll
from ..games.automata.sync.answers import ToldDie
from .reader_trust import ReadDie, ReaderRecord, load_record, save_record

Read = tuple[str, int, float]  # a die as the camera read it: type, value, the value's confidence


def judged(read: Sequence[Read], taken: Roll) -> list[ReadDie]:
    """Each die ``read`` with the value the game took for it: a value the roll has of that type is taken as read;
    the other dice of a type take the values left of it. A die whose type the roll has no value left of is left
    out: what it was cannot be told."""
    left: dict[str, list[int]] = {}
    for die_type, value in taken.dice:
        left.setdefault(die_type, []).append(value)
    dice, unmatched = [], []
    for die_type, value, confidence in read:
        values = left.get(die_type, [])
        if value in values:
            values.remove(value)
            dice.append(ReadDie(die_type, value, confidence, value))
        else:
            unmatched.append((die_type, value, confidence))
    for die_type, value, confidence in unmatched:
        values = left.get(die_type, [])
        if values:
            dice.append(ReadDie(die_type, value, confidence, values.pop(0)))
    return dice


class Kept(NamedTuple):
    """A roll in the record: the number of actions once it was played, its seat, its dice read and as judged."""

    played: int
    seat: str
    read: tuple[Read, ...]
    dice: tuple[ReadDie, ...]


class RollKeeper:
    """The record of one table (``record``) as a game plays on; ``save`` keeps it after every change."""

    def __init__(self, record: ReaderRecord, save: Callable[[ReaderRecord], None] = lambda record: None) -> None:
        self.record = record
        self.save = save
        self._kept: list[Kept] = []
        self._undone: dict[tuple[int, str], tuple[Read, ...]] = {}

    @classmethod
    def open(cls, profile_path: Path, sure: float) -> "RollKeeper":
        """The record kept beside the calibration profile ``profile_path`` (``reader_trust.load_record``), saved
        there after every change; ``sure``: the confidence from which a reading is sure."""
        return cls(load_record(profile_path, sure), partial(save_record, profile_path))

    def trusts(self, die_type: str) -> bool:
        return self.record.trusted(die_type)

    def played(self, played: int, taken: Roll, read: Sequence[Read]) -> None:
        """The game took ``taken``, leaving ``played`` actions; ``read``: its dice as the camera read them (none
        where a person entered a roll the camera did not read)."""
        dice = judged(read, taken)
        earlier = self._undone.pop((played, taken.seat), None)
        if earlier is not None:  # the same roll played again: the dice it now has otherwise were misread
            dice += [die for die in judged(earlier, taken) if not die.right]
        if dice:
            self.record.add(dice)
            self._kept.append(Kept(played, taken.seat, tuple(read), tuple(dice)))
            self.save(self.record)

    def undone(self, played: int) -> None:
        """An undo left ``played`` actions: the rolls it took back leave the record until they are played again."""
        changed = False
        while self._kept and self._kept[-1].played > played:
            kept = self._kept.pop()
            self.record.remove(kept.dice)
            if kept.read:
                self._undone[(kept.played, kept.seat)] = kept.read
            changed = True
        if changed:
            self.save(self.record)

    def misread(self, told: Sequence[ToldDie]) -> None:
        """A person said the camera misread ``told``: where the latest roll kept of a die's seat has a die of its
        type read with the value the camera misread and counted right, that die was wrong."""
        changed = False
        for die in told:
            if die.reading.value == die.value:
                continue
            index = next((i for i in range(len(self._kept) - 1, -1, -1) if self._kept[i].seat == die.colour), None)
            if index is None:
                continue
            kept = self._kept[index]
            wrong = next((d for d in kept.dice if d.right and d.die_type == die.die_type
                          and d.read == die.reading.value), None)
            if wrong is not None and self.record.correct(wrong, die.value):
                dice = list(kept.dice)
                dice[dice.index(wrong)] = ReadDie(wrong.die_type, wrong.read, wrong.confidence, die.value)
                self._kept[index] = kept._replace(dice=tuple(dice))
                changed = True
        if changed:
            self.save(self.record)

    def reset(self) -> None:
        """The record cleared (Settings): every type earns its trust again."""
        self.record.clear()
        self._kept.clear()
        self._undone.clear()
        self.save(self.record)
