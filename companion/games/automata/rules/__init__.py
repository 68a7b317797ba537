"""The shadow engine: the complete rules of Automata, pure Python, no I/O.

Everything the rest of the project uses is imported from here, never from a submodule:

- the state and the game: ``State``, ``SeatState``, ``Phase``, ``Game`` (with undo), ``Header``;
- actions and chance outcomes: one class per kind, ``CHANCE_TYPES``, ``ACTIVATION_TYPES``;
- legality: ``new_game``, ``legal_actions``, ``check_action``, ``apply_action``, ``sample_chance``;
- sums and costs: ``group_sum``, ``upgrade_cost``;
- scoring: ``score``, ``score_seat``, ``Score``, ``SeatScore``, ``CardSet``;
- notation: ``parse_action``, ``parse_die``, ``die_text``, ``group_text``, ``signed``;
- the rules data: ``Ruleset``, ``Card``, ``default_ruleset``, ``load_ruleset``, ``ability_text``;
- the game's words: ``COLOURS``, ``AREAS``, ``AREAS_WITH_SPACES``, ``AREA_NAMES``, ``DIE_TYPES``, ``DIE_INDEX``,
  ``FACES``, ``CARD_TYPES``;
- errors: ``CompanionError`` (the project's root), ``IllegalAction``, ``NotationError``,
  ``RecordError``, and ``cited`` to print a refusal.
"""
from .abilities import ability_text
from .actions import (
    ACTIVATION_TYPES, CHANCE_TYPES, Action, CardAdjust, CardReroll, Combine, Create, Deal, Die, Forfeit, Group, Nudge,
    Order, Place, Research, Reroll, Roll, Scavenge, Sell, Upgrade, die_text, group_text, signed,
)
from .activation import group_sum, upgrade_cost
from .engine import apply_action, check_action, legal_actions, new_game, sample_chance
from .errors import CompanionError, IllegalAction, NotationError, cited
from .game import Game, Header, RecordError
from .notation import parse_action, parse_die
from .phase import Phase
from .ruleset import Card, DieType, Ruleset, default_ruleset, load_ruleset
from .scoring import CardSet, Score, SeatScore, score, score_seat
from .state import SeatState, State
from .vocabulary import AREA_NAMES, AREAS, AREAS_WITH_SPACES, CARD_TYPES, COLOURS, DIE_INDEX, DIE_TYPES, FACES

__all__ = [
    # the state and the game
    "Game", "Header", "Phase", "SeatState", "State",
    # actions and chance outcomes
    "ACTIVATION_TYPES", "CHANCE_TYPES", "Action", "CardAdjust", "CardReroll", "Combine", "Create", "Deal", "Die",
    "Forfeit", "Group", "Nudge", "Order", "Place", "Research", "Reroll", "Roll", "Scavenge", "Sell", "Upgrade",
    # legality, chance, sums and costs
    "apply_action", "check_action", "group_sum", "legal_actions", "new_game", "sample_chance", "upgrade_cost",
    # scoring
    "CardSet", "Score", "SeatScore", "score", "score_seat",
    # notation
    "die_text", "group_text", "parse_action", "parse_die", "signed",
    # the rules data
    "Card", "DieType", "Ruleset", "ability_text", "default_ruleset", "load_ruleset",
    # the game's words
    "AREAS", "AREAS_WITH_SPACES", "AREA_NAMES", "CARD_TYPES", "COLOURS", "DIE_INDEX", "DIE_TYPES", "FACES",
    # errors
    "CompanionError", "IllegalAction", "NotationError", "RecordError", "cited",
]
