"""Where an Automa stops: the space within range with the highest rank, the closest on ties.

An item space ranks by how many items of its type she holds. Temple and Inn rank below every
item space, except on a card showing their icon, when they rank above all (seed p. 2). A
Temple and an Inn on a card showing neither rank alike, so the closer wins (ruling T3).
"""
from __future__ import annotations

from typing import Sequence

from .card import AutomaCard
from .collection import Collection
from .spaces import ICONS, ITEM_OF_SPACE

ABOVE_ALL = 10**6
BELOW_ALL = -1


def rank(space: str, card: AutomaCard, collection: Collection) -> int:
    if space in ICONS:
        return ABOVE_ALL if card.icon == space else BELOW_ALL
    return collection.count(ITEM_OF_SPACE[space])


def choose(ahead: Sequence[str], card: AutomaCard, collection: Collection) -> int:
    """The index in ``ahead`` (the unoccupied spaces she may reach, nearest first; occupied
    ones already left out) of the space she stops on, within the card's range."""
    if not ahead:
        raise ValueError("there is no space ahead to stop on")
    reachable = ahead[:card.range]
    ranks = [rank(space, card, collection) for space in reachable]
    return ranks.index(max(ranks))  # index() is the first, that is the closest, of the best
