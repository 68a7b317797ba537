"""One Automa's collection and score: her items by type, Temple coins, Meals, achievements.

An item's rank is how many of its type she holds (coins from Farms and setup count; coins
on her Temple area do not, being another area of her layout: ruling T4).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .spaces import ITEM_OF_SPACE, PANORAMA_ACHIEVEMENT_POINTS, PANORAMA_LENGTH

SETUP_COINS = 1
TEMPLE_COINS = 2
TEMPLE_POINTS = 2
MEAL_POINTS = 6


@dataclass
class Collection:
    colour: str
    items: dict[str, int] = field(default_factory=dict)
    temple_coins: int = 0
    meals: list[int] = field(default_factory=list)  # the printed price of each Meal she took
    achievements: list[str] = field(default_factory=list)
    score: int = 0

    @classmethod
    def at_setup(cls, colour: str) -> "Collection":
        """Her colour token and 1 coin, for which she scores 1 point."""
        return cls(colour, {"coin": SETUP_COINS}, score=SETUP_COINS)

    def count(self, item: str) -> int:
        return self.items.get(item, 0)

    def receive(self, space: str, achievements_taken: set[str]) -> tuple[int, list[str]]:
        """Her benefit for stopping on an item space: 1 item, 1 point per item of that type she
        now holds, and a panorama's achievement if she is the first to complete it. Returns
        the points scored and the achievements she took."""
        item = ITEM_OF_SPACE[space]
        self.items[item] = self.count(item) + 1
        points = self.items[item]
        taken = []
        if item in PANORAMA_LENGTH and self.items[item] >= PANORAMA_LENGTH[item] and item not in achievements_taken:
            taken.append(item)
            self.achievements.append(item)
            achievements_taken.add(item)
            points += PANORAMA_ACHIEVEMENT_POINTS
        self.score += points
        return points, taken

    def visit_temple(self) -> int:
        self.temple_coins += TEMPLE_COINS
        self.score += TEMPLE_POINTS
        return TEMPLE_POINTS

    def eat(self, price: int) -> int:
        self.meals.append(price)
        self.score += MEAL_POINTS
        return MEAL_POINTS
