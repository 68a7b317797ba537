"""The End of the Journey, "handled as normal" (seed 001): the four end achievements, with each
Souvenir an Automa holds counting as 2 for the Collector, and the Temple donations ranked.

Each end achievement is worth 3 points to every Traveler with the highest count (ties all take
it, as in the base game), and a count of 0 takes nothing (ruling T6). Gourmet compares the
printed prices of the Meals taken; the Automas took theirs free, so their printed prices count
(ruling T5). At the Temple the greatest donor scores 10, the second 7, the third 4 and every
other donor 2; donors who gave the same share a rank, and the next amount down takes the next
rank, as the base game's example has it (ruling T11). The seed leaves the base rulebook out:
issue 46 states its rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

END_ACHIEVEMENT_POINTS = 3
TEMPLE_RANK_POINTS = (10, 7, 4)  # the greatest donor, the second, the third
TEMPLE_DONOR_POINTS = 2           # every other donor
END_ACHIEVEMENTS = ("gourmet", "collector", "chatterbox", "bather")
ACHIEVEMENT_NAMES = {"gourmet": "Gourmet", "collector": "Collector", "chatterbox": "Chatterbox",
                     "bather": "Bather", "paddy": "Paddy Panorama", "mountain": "Mountain Panorama",
                     "sea": "Sea Panorama"}
SOUVENIR_WEIGHT_FOR_AUTOMA = 2


@dataclass(frozen=True)
class Counts:
    """What each end achievement compares, for one Traveler."""

    meal_prices: int
    souvenirs: int
    encounters: int
    hot_springs: int

    def measure(self, achievement: str) -> int:
        return {"gourmet": self.meal_prices, "collector": self.souvenirs,
                "chatterbox": self.encounters, "bather": self.hot_springs}[achievement]


def automa_counts(items: Mapping[str, int], meals: list[int]) -> Counts:
    return Counts(sum(meals), SOUVENIR_WEIGHT_FOR_AUTOMA * items.get("souvenir", 0),
                  items.get("encounter", 0), items.get("hot-spring", 0))


def end_achievements(counts: Mapping[str, Counts]) -> dict[str, list[str]]:
    """The Travelers who take each end achievement."""
    winners: dict[str, list[str]] = {}
    for achievement in END_ACHIEVEMENTS:
        best = max(c.measure(achievement) for c in counts.values())
        winners[achievement] = [who for who, c in counts.items() if best > 0 and c.measure(achievement) == best]
    return winners


def temple_points(donations: Mapping[str, int]) -> dict[str, int]:
    """Each donor's points for the Temple; a Traveler who gave nothing scores nothing."""
    amounts = sorted({given for given in donations.values() if given > 0}, reverse=True)
    ranks = {given: rank for rank, given in enumerate(amounts)}
    return {who: TEMPLE_RANK_POINTS[ranks[given]] if ranks[given] < len(TEMPLE_RANK_POINTS) else TEMPLE_DONOR_POINTS
            for who, given in donations.items() if given > 0}
