"""The four factions, the circle the faction-area tiebreaker follows, and where the markets are.

The rulebook's circle diagram is lost; its example ("skips Icarus and Wastelands" on the way
from Icarus to Subterra, before Euphoria) gives Icarus → Wastelands → Subterra → Euphoria
(ruling E1).
"""
from __future__ import annotations

from typing import Iterable, Optional, Sequence

CIRCLE = ("icarus", "wastelands", "subterra", "euphoria")
FACTIONS = CIRCLE
OWN = "own"  # the faction icon that stands for the Automa's own faction
NAMES = {"icarus": "Icarus", "wastelands": "Wastelands", "subterra": "Subterra", "euphoria": "Euphoria"}
ADJECTIVES = {"icarus": "Icarite", "wastelands": "Wastelander", "subterra": "Subterranean", "euphoria": "Euphorian"}
# The areas with construction sites, artifact markets and tunnels; Icarus has none of them (ruling E6).
MARKET_AREAS = ("euphoria", "subterra", "wastelands")


class UnknownFaction(ValueError):
    """A word that names no faction."""


def faction(word: str, allow_own: bool = False) -> str:
    key = word.strip().lower()
    if key in FACTIONS or (allow_own and key == OWN):
        return key
    choices = ", ".join(FACTIONS + ((OWN,) if allow_own else ()))
    raise UnknownFaction(f"'{word}' is not a faction; write one of {choices}")


def around_from(start: str) -> list[str]:
    """The factions in the tiebreaker's order, starting at ``start``."""
    at = CIRCLE.index(start)
    return list(CIRCLE[at:] + CIRCLE[:at])


def first_around(start: str, areas: Iterable[str]) -> Optional[str]:
    """The first faction area, from ``start`` round the circle, among ``areas``; None if empty."""
    wanted = set(areas)
    return next((area for area in around_from(start) if area in wanted), None)


def resolve_icon(icon: str, own: str) -> str:
    """The faction a card's faction icon names for an Automa whose faction is ``own``."""
    return own if icon == OWN else icon


def names(areas: Sequence[str]) -> str:
    return ", ".join(NAMES[a] for a in areas)
