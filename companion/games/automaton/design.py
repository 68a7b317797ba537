"""A robot's design and its qualities (rulings A1, A2, A18).

A design is three pyramids, one small (1 pip), one medium (2) and one large (3), each of a different colour of
blue, red, yellow and green (A1); the colour left out leaves its quality at its base."""
from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("blue", "red", "yellow", "green")
SIZES = ("small", "medium", "large")
PIPS = {"small": 1, "medium": 2, "large": 3}
BASE_HARDNESS = 6
EXTRA_BOXES = 3  # the card's separate group of three armour boxes (A18)


class BadDesign(ValueError):
    """A design the rulings do not allow."""


@dataclass(frozen=True)
class Design:
    """The colour of the small, medium and large pyramid."""

    small: str
    medium: str
    large: str

    def __post_init__(self) -> None:
        colours = (self.small, self.medium, self.large)
        unknown = [c for c in colours if c not in COLOURS]
        if unknown:
            raise BadDesign(f"'{unknown[0]}' is no pyramid colour: choose from {', '.join(COLOURS)}")
        if len(set(colours)) != 3:
            raise BadDesign("no colour may be repeated in one robot (A1)")

    @classmethod
    def from_letters(cls, letters: str) -> "Design":
        """``rby``: a small red, a medium blue and a large yellow (each colour by its first letter)."""
        by_letter = {c[0]: c for c in COLOURS}
        letters = letters.strip().lower()
        if len(letters) != 3 or any(letter not in by_letter for letter in letters):
            raise BadDesign(f"'{letters}' is no design: three letters of b, r, y, g for the small, medium and large "
                            "pyramid (rby)")
        return cls(*(by_letter[letter] for letter in letters))

    def letters(self) -> str:
        return "".join(c[0] for c in (self.small, self.medium, self.large))

    def pips(self, colour: str) -> int:
        """The pips of the pyramid of ``colour``; 0 when it is the colour left out."""
        for size, chosen in zip(SIZES, (self.small, self.medium, self.large)):
            if chosen == colour:
                return PIPS[size]
        return 0

    def qualities(self) -> "Qualities":
        """A2: FP = 1 + red pips, HD = 6 + blue pips; MV and RG = 1 + half the yellow (green) pips rounded down,
        with a boost of 1 when the pips are odd."""
        yellow, green = self.pips("yellow"), self.pips("green")
        return Qualities(firepower=1 + self.pips("red"), hardness=BASE_HARDNESS + self.pips("blue"),
                         movement=1 + yellow // 2, move_boost=yellow % 2 == 1,
                         range=1 + green // 2, range_boost=green % 2 == 1)


@dataclass(frozen=True)
class Qualities:
    firepower: int
    hardness: int
    movement: int
    move_boost: bool   # the design may boost its movement by 1 (not in two turns running, A3)
    range: int
    range_boost: bool  # the design may boost its range by 1 (not in two turns running, A3)

    @property
    def crossed_at_setup(self) -> int:
        """The extra armour boxes X'd out at setup (A18): 3 less the blue pips."""
        return EXTRA_BOXES - (self.hardness - BASE_HARDNESS)
