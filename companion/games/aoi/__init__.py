"""The Age of Innovation Automa (seed 004): the app conducts her deck, her turns and her score.

Pure logic, no I/O: the owner's card file (``owner``, ``cards``), her deck at each level (``deck``, ``levels``), her
actions with the seed's selection methods (``actions``, ``direction``, ``disciplines``, ``buildings``);
:class:`AoiGame` plays a game from the lines given at the table. Rulings B1–B20: docs/age-of-innovation.md.
"""
from .actions import Answers, Context, Her, Pending, Turn
from .cards import Action, Card, CardError, Support, parse_areas
from .deck import Deck
from .direction import counted
from .game import AoiGame, Refused, replay
from .levels import LEVELS, TITLES
from .owner import CardFile, CardFileError, Community, parse_card_file
from .setup import RULES_VERSION, Setup

__all__ = [
    "Action", "Answers", "AoiGame", "Card", "CardError", "CardFile", "CardFileError", "Community", "Context", "Deck",
    "Her", "LEVELS", "Pending", "RULES_VERSION", "Refused", "Setup", "Support", "TITLES", "Turn", "counted",
    "parse_areas", "parse_card_file", "replay",
]
