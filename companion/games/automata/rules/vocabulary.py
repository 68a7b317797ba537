"""The game's words: the seat colours, the staging areas, the die types and their faces, the card types.

Read once from the rules data (``rules_data.json``, through the default ``Ruleset``), so that
every package names them as the engine does and none declares them again.
"""
from __future__ import annotations

from typing import Mapping

from .ruleset import DieType, default_ruleset

_RULES = default_ruleset()

COLOURS: tuple[str, ...] = _RULES.colours  # the seat colours, in the order tables take them
AREAS: tuple[str, ...] = _RULES.areas
AREAS_WITH_SPACES: tuple[str, ...] = _RULES.areas_with_spaces
AREA_NAMES: dict[str, str] = {area: area.title() for area in AREAS}  # as the rulebook writes them
DIE_TYPES: tuple[DieType, ...] = _RULES.die_types
DIE_INDEX: dict[DieType, int] = {die_type: i for i, die_type in enumerate(DIE_TYPES)}  # pools count dice in this order
FACES: Mapping[DieType, int] = _RULES.faces
CARD_TYPES: tuple[str, ...] = _RULES.card_types
