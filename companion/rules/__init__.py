"""The shadow engine: the complete rules of Automata, pure Python, no I/O.

Public API: ``new_game``, ``legal_actions``, ``apply_action``, ``check_action``,
``sample_chance``, ``score``, ``parse_action``, ``IllegalAction``, ``State``, ``GameRecord``.
"""
from .actions import (
    Action, CardAdjust, CardReroll, Combine, Create, Deal, Forfeit, Nudge, Order, Place, Research, Reroll,
    Roll, Scavenge, Sell, Upgrade,
)
from .engine import apply_action, check_action, legal_actions, new_game, sample_chance
from .errors import CompanionError, IllegalAction, NotationError
from .notation import parse_action
from .phase import Phase
from .ruleset import Ruleset, default_ruleset, load_ruleset
from .state import State

__all__ = [
    "Action", "CardAdjust", "CardReroll", "Combine", "CompanionError", "Create", "Deal", "Forfeit", "IllegalAction", "NotationError",
    "Nudge", "Order", "Phase", "Place", "Research", "Reroll", "Roll", "Ruleset", "Scavenge", "Sell", "State", "Upgrade",
    "apply_action", "check_action", "default_ruleset", "legal_actions", "load_ruleset", "new_game", "parse_action",
    "sample_chance",
]
