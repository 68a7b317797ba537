"""Setting up the two Automas: the game's header, and their factions drawn from the faction/penalty cards."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from .deck import LEVELS, OwnerDeck, level, parse_deck
from .factions import FACTIONS, faction

AUTOMAS = ("black", "white")  # they play after the people, black first
RULES_VERSION = "euphoria-automa/rulings-E1-E10"


def draw_factions(recruits: Sequence[str], people: int, any_faction: bool, seed: int) -> tuple[str, str]:
    """Black's and white's factions. With one person (unless ``any_faction``, the optional solo
    variant) black's differs from both your recruits' and white's from those and black's; drawing
    cards until one fits is a uniform draw among the factions that fit."""
    rng = random.Random(f"euphoria-factions:{seed}")
    if people == 2 or any_faction:
        return rng.choice(FACTIONS), rng.choice(FACTIONS)
    black = rng.choice([f for f in FACTIONS if f not in recruits])
    white = rng.choice([f for f in FACTIONS if f not in recruits and f != black])
    return black, white


def check_drawn(drawn: Sequence[str], recruits: Sequence[str], people: int, any_faction: bool) -> None:
    """The factions the table drew for black and white, as the draw allows them: with one person (unless
    ``any_faction``) neither is a recruit's faction and white's is not black's."""
    if len(drawn) != len(AUTOMAS):
        raise ValueError("name the factions drawn for black and white, in that order")
    for name in drawn:
        faction(name)
    black, white = drawn
    if people == 1 and not any_faction:
        if black in recruits or white in recruits:
            raise ValueError("with one person the Automas draw again until their faction is not one of your recruits'")
        if white == black:
            raise ValueError("with one person white draws again until its faction is not black's")


@dataclass(frozen=True)
class Setup:
    level: str = "intermediate"
    seed: int = 0
    recruits: tuple[str, ...] = ()     # the factions of your recruits (one person: two of them)
    people: int = 1
    any_faction: bool = False          # the optional solo variant
    bazaar: bool = False               # playing with the New Antiques Bazaar
    deck: Optional[OwnerDeck] = None   # the owner's entered deck; None: the icons are tapped as drawn
    drawn: tuple[str, ...] = ()        # black's and white's factions as drawn at the table; (): the app draws

    def __post_init__(self) -> None:
        level(self.level)
        for name in self.recruits:
            faction(name)
        if self.people not in (1, 2):
            raise ValueError("the Automas play with 1 or 2 people")
        if self.people == 1 and not self.any_faction and len(set(self.recruits)) > 2:
            raise ValueError("name the factions of your two recruits")
        if self.drawn:
            check_drawn(self.drawn, self.recruits, self.people, self.any_faction)

    @property
    def factions(self) -> tuple[str, str]:
        """Black's and white's factions: as drawn at the table, else drawn by the app (ruling E4)."""
        if self.drawn:
            return self.drawn[0], self.drawn[1]
        return draw_factions(self.recruits, self.people, self.any_faction, self.seed)

    def to_json(self) -> dict[str, Any]:
        return {"game": "euphoria", "rules_version": RULES_VERSION, "seed": self.seed, "level": self.level,
                "seats": [{"colour": f"person {n + 1}", "kind": "person"} for n in range(self.people)]
                + [{"colour": c, "kind": "automa"} for c in AUTOMAS],
                "recruits": list(self.recruits), "any_faction": self.any_faction, "bazaar": self.bazaar,
                "deck": self.deck.to_text() if self.deck else None, "factions": list(self.drawn)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Setup":
        deck = parse_deck(data["deck"]) if data.get("deck") else None
        return cls(data["level"], data.get("seed", 0), tuple(data.get("recruits", ())),
                   sum(1 for s in data["seats"] if s["kind"] == "person"), data.get("any_faction", False),
                   data.get("bazaar", False), deck, tuple(data.get("factions", ())))


__all__ = ["AUTOMAS", "LEVELS", "RULES_VERSION", "Setup", "draw_factions"]
