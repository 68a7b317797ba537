"""Difficulty levels 1-7 at setup, with the 7 Difficulty Level cards dealt by the app.

Levels 1/2/3: the person draws, resolves and discards 5/3/1 cards, each as if they had
stopped on a space of that type. Level 4: no change. Levels 5/6/7: for each Automa the cards
are shuffled and 1/3/5 drawn, each resolved as if she had stopped on that space. The seed
names only the Shop and Farm cards; the seven cards are taken to be the seven item spaces,
one each (ruling T1).
"""
from __future__ import annotations

import random
from typing import Sequence

from .spaces import ITEM_SPACES

DIFFICULTY_CARDS = ITEM_SPACES
LEVELS = range(1, 8)
DEFAULT_LEVEL = 4
YOUR_DRAWS = {1: 5, 2: 3, 3: 1}
AUTOMA_DRAWS = {5: 1, 6: 3, 7: 5}


class BadLevel(ValueError):
    """A difficulty level outside 1-7."""


def check_level(level: int) -> int:
    if level not in LEVELS:
        raise BadLevel(f"the difficulty level is 1 to 7 (4 is the default), not {level}")
    return level


def deal(level: int, automas: Sequence[str], seed: int) -> dict[str, list[str]]:
    """The Difficulty Level cards drawn at setup: under ``you`` those the person resolves,
    under each Automa's colour hers, in the order drawn (an empty dict at level 4)."""
    check_level(level)
    rng = random.Random(f"tokaido-difficulty:{seed}")
    if level in YOUR_DRAWS:
        return {"you": rng.sample(DIFFICULTY_CARDS, YOUR_DRAWS[level])}
    if level in AUTOMA_DRAWS:
        return {colour: rng.sample(DIFFICULTY_CARDS, AUTOMA_DRAWS[level]) for colour in automas}
    return {}
