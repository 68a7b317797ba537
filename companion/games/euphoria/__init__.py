"""The Euphoria Automa (seed 003): the app runs both Automas from one card pair per turn.

Pure logic, no I/O: the owner's deck (entered once, ``deck``) and its cycle with add-in decks,
the factions, retrieval, placement by action and faction icon with the row tables and the
tiebreakers (``actions``, ``factions``, ``board``), the worker dice and the penalty card
(``workers``); :class:`EuphoriaGame` plays a game from the lines given at the table.
Rulings: docs/euphoria.md.
"""
from .actions import NeedSites, Placement, Turn, place
from .board import Board
from .deck import LEVELS, Card, DeckCycle, DeckFileError, OwnerDeck, level, parse_deck
from .factions import CIRCLE, around_from, first_around
from .game import EuphoriaGame, Refused, replay
from .setup import AUTOMAS, RULES_VERSION, Setup, draw_factions
from .workers import Placed, Workers

__all__ = [
    "AUTOMAS", "Board", "CIRCLE", "Card", "DeckCycle", "DeckFileError", "EuphoriaGame", "LEVELS", "NeedSites",
    "OwnerDeck", "Placed", "Placement", "RULES_VERSION", "Refused", "Setup", "Turn", "Workers", "around_from",
    "draw_factions", "first_around", "level", "parse_deck", "place", "replay",
]
