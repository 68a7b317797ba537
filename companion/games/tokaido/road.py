"""The road model: the owner's plain file of the board's spaces, Kyoto to Edo.

The file lists the spaces after Kyoto in order, one kind per word (``#`` starts a comment;
words may be split over lines and by commas), ending with ``inn`` for Edo::

    # my board, entered once
    shop temple encounter paddy hot-spring ... inn      # the first intermediate Inn
    ...
    inn                                                  # Edo

Position 0 is Kyoto, where the Travelers start; it counts as an Inn.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .spaces import INN, UnknownSpace, space_type


class RoadFileError(ValueError):
    """A road file that cannot be used; the message is one line naming what is wrong and where."""


@dataclass(frozen=True)
class Road:
    """Every position of the road: 0 is Kyoto, the last is Edo; inns hold any number of Travelers."""

    spaces: tuple[str, ...]  # the kind of each position, spaces[0] being Kyoto

    @classmethod
    def of(cls, kinds: Sequence[str]) -> "Road":
        return cls((INN,) + tuple(kinds))

    @property
    def end(self) -> int:
        return len(self.spaces) - 1

    def is_inn(self, position: int) -> bool:
        return self.spaces[position] == INN

    def free_ahead(self, position: int, occupied: Sequence[int]) -> list[int]:
        """The positions a Traveler at ``position`` may stop on, nearest first: the unoccupied
        spaces up to and including the next Inn (Travelers stop at every Inn)."""
        ahead = []
        for p in range(position + 1, len(self.spaces)):
            if self.is_inn(p):
                ahead.append(p)
                break
            if p not in occupied:
                ahead.append(p)
        return ahead

    def to_text(self) -> str:
        return " ".join(self.spaces[1:])


def parse_road(text: str) -> Road:
    """The road in a file's text, or :class:`RoadFileError` saying in one line what is wrong."""
    kinds: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        for word in line.split("#", 1)[0].replace(",", " ").split():
            try:
                kinds.append(space_type(word))
            except UnknownSpace as exc:
                raise RoadFileError(f"line {number}: {exc}") from None
    if not kinds:
        raise RoadFileError("no spaces: list the road's spaces after Kyoto, ending with inn (Edo)")
    if kinds[-1] != INN:
        raise RoadFileError(f"the road ends with {kinds[-1]}, not inn: the last space is the Inn at Edo")
    if kinds.count(INN) < 2:
        raise RoadFileError("the road has no intermediate Inn: the base board has three before Edo")
    doubled = [i for i in range(1, len(kinds)) if kinds[i] == INN and kinds[i - 1] == INN]
    if doubled:
        raise RoadFileError(f"space {doubled[0] + 1}: two Inns in a row")
    return Road.of(kinds)
