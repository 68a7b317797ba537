"""The end of the journey: the four end achievements, with each Souvenir an Automa holds
counting as 2 for the Collector.

Each goes to every Traveler with the highest count (ties all take it, as in the base game),
and a count of 0 takes nothing (ruling T6). Gourmet compares the printed prices of the Meals
taken; the Automas took theirs free, so their printed prices count (ruling T5).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Mapping

END_ACHIEVEMENT_POINTS = 10
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


def automa_counts(items: Mapping[str, int], meals: List[int]) -> Counts:
    return Counts(sum(meals), SOUVENIR_WEIGHT_FOR_AUTOMA * items.get("souvenir", 0),
                  items.get("encounter", 0), items.get("hot-spring", 0))


def end_achievements(counts: Mapping[str, Counts]) -> Dict[str, List[str]]:
    """The Travelers who take each end achievement."""
    winners: Dict[str, List[str]] = {}
    for achievement in END_ACHIEVEMENTS:
        best = max(c.measure(achievement) for c in counts.values())
        winners[achievement] = [who for who, c in counts.items() if best > 0 and c.measure(achievement) == best]
    return winners
