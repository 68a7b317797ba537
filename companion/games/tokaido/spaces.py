"""The kinds of road space, the item each gives an Automa, and their names at the table."""
from __future__ import annotations


TEMPLE = "temple"
INN = "inn"
# The spaces whose benefit is an item for an Automa, and the item. "Shop" is the seed's word
# for the village space (Souvenirs); a Farm gives her 1 coin, not 3.
ITEM_OF_SPACE: dict[str, str] = {
    "shop": "souvenir",
    "farm": "coin",
    "paddy": "paddy",
    "mountain": "mountain",
    "sea": "sea",
    "hot-spring": "hot-spring",
    "encounter": "encounter",
}
ITEM_SPACES: tuple[str, ...] = tuple(ITEM_OF_SPACE)
SPACE_TYPES: tuple[str, ...] = ITEM_SPACES + (TEMPLE, INN)
ICONS: tuple[str, ...] = (TEMPLE, INN)  # the icons an Automa card may show

SPACE_NAMES: dict[str, str] = {
    "shop": "Shop", "farm": "Farm", "paddy": "Paddy", "mountain": "Mountain", "sea": "Sea",
    "hot-spring": "Hot Spring", "encounter": "Encounter", TEMPLE: "Temple", INN: "Inn",
}
ITEM_GIVEN: dict[str, str] = {
    "souvenir": "a Souvenir card", "coin": "1 coin", "paddy": "a Paddy card", "mountain": "a Mountain card",
    "sea": "a Sea card", "hot-spring": "a Hot Spring card", "encounter": "an Encounter card",
}
# Panorama cards that complete each panorama; the first to hold them takes its achievement.
PANORAMA_LENGTH: dict[str, int] = {"paddy": 3, "mountain": 4, "sea": 5}
PANORAMA_ACHIEVEMENT_POINTS = 3


class UnknownSpace(ValueError):
    """A word that names no kind of space."""


ALIASES = {"village": "shop", "hotspring": "hot-spring", "hot_spring": "hot-spring", "spring": "hot-spring"}


def space_type(word: str) -> str:
    """The kind of space a word names (``paddy``, ``Hot Spring``, ``village``...)."""
    key = word.strip().lower().replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in SPACE_TYPES:
        raise UnknownSpace(f"'{word}' is not a space; write one of {', '.join(SPACE_TYPES)}")
    return key


def ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
