"""One Automa's four worker dice: which are available, where the others are, and the penalty card.

Knowledge is the die's value. With the penalty side of its faction/penalty card up, every
die it rolls as a 6 goes onto that card at once; dice already at 6 when the card turns stay.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from .factions import first_around

WORKERS = 4


@dataclass
class Placed:
    knowledge: int
    place: str                    # in words, for the person
    kind: str                     # "commodity", "site" or "other"
    area: Optional[str] = None    # the faction area (commodity) or the market (site)


@dataclass
class Workers:
    available: list[int]
    placed: list[Placed] = field(default_factory=list)
    on_penalty_card: int = 0
    penalty_side: bool = False

    def highest(self) -> int:
        return max(self.available)

    def lowest(self) -> int:
        return min(self.available)

    def place(self, knowledge: int, where: Placed) -> None:
        self.available.remove(knowledge)
        self.placed.append(where)

    def settle_rolls(self, rolls: Sequence[int]) -> int:
        """Take rolled dice back as available; with the penalty side up a 6 goes onto the card.
        Returns how many went onto the card."""
        sixes = sum(1 for r in rolls if r == 6) if self.penalty_side else 0
        self.available += [r for r in rolls if not (self.penalty_side and r == 6)]
        self.on_penalty_card += sixes
        return sixes

    def must_retrieve(self, action: str, retrieve_icon: str) -> bool:
        return not self.available or (len(self.available) == 1 and action == retrieve_icon)

    def left_behind(self, own: str, triangle: bool, start: str) -> list[Placed]:
        """The workers a retrieval leaves on the board: those on construction sites and, with a ▲
        on the support card, the highest-knowledge one on another faction's commodity area
        (faction tiebreaker from ``start`` on equal knowledge), if at least 1 is still retrieved."""
        staying = [p for p in self.placed if p.kind == "site"]
        retrieved = len(self.placed) - len(staying) + self.on_penalty_card
        foreign = [p for p in self.placed if p.kind == "commodity" and p.area != own]
        if triangle and foreign and retrieved >= 2:
            best = max(p.knowledge for p in foreign)
            areas = [p.area for p in foreign if p.knowledge == best]
            area = first_around(start, [a for a in areas if a])
            staying.append(next(p for p in foreign if p.knowledge == best and p.area == area))
        return staying

    def retrieve(self, staying: list[Placed]) -> int:
        """Take back every worker but ``staying`` and those of the penalty card; returns how many to roll."""
        count = len(self.placed) - len(staying) + self.on_penalty_card
        self.placed = list(staying)
        self.on_penalty_card = 0
        return count
