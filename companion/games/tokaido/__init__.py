"""The Tokaido Automa (seed 001): the app decides where each Automa stops and keeps her ledger.

Pure logic, no I/O: the person keeps the physical Automa cards and board and taps each card's
range and icon; :class:`TokaidoGame` chooses the space, gives the item, scores, serves Meals at
Inns and does the end tally. The board's spaces come from the owner's road file (``road``).
Rulings: docs/tokaido.md.
"""
from .card import AutomaCard, BadCard
from .choice import choose, rank
from .collection import Collection
from .difficulty import deal
from .game import RULES_VERSION, Refused, Setup, TokaidoGame, replay
from .meals import assign_meals
from .road import Road, RoadFileError, parse_road
from .tally import Counts, end_achievements

__all__ = [
    "AutomaCard", "BadCard", "Collection", "Counts", "RULES_VERSION", "Refused", "Road", "RoadFileError",
    "Setup", "TokaidoGame", "assign_meals", "choose", "deal", "end_achievements", "parse_road", "rank", "replay",
]
