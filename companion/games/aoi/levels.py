"""The five difficulty levels: her start deck and reserve [L231–241], and the level card's shipping value and X by
round [L245–251, L406]. Only the Automa level's shipping survives in the seed; the rest is the owner's (B20)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

LEVELS = ("automalein", "automa", "automachtig", "ultoma", "alptraua")
TITLES = {"automalein": "Automalein", "automa": "Automa", "automachtig": "Automächtig", "ultoma": "Ultoma",
          "alptraua": "Alptraua"}
ROUNDS = 6
CARDS = tuple(range(1, 15))
START_CARDS = tuple(range(1, 7))  # marked * [L231]
LATE_CARD = 3     # Automalein: on top of the reserve, joining at the end of round 1 [L237] (B9)
NIGHTMARE_CARD = 13  # Alptraua: in the start deck [L231, L241]
RANDOM_ADDED = {"automalein": 0, "automa": 0, "automachtig": 1, "ultoma": 2, "alptraua": 1}  # [L238–241]
AUTOMA_SHIPPING = (0, 0, 1, 1, 2, 2)  # "Runde 1 und 2: Schiffahrtswert 0" ... [L247–251]


class LevelError(ValueError):
    """A level that is not one."""


def level_key(name: str) -> str:
    key = name.strip().lower().replace("ä", "a").replace(" ", "")
    if key not in LEVELS:
        raise LevelError(f"'{name}' is not a level; choose one of {', '.join(LEVELS)}")
    return key


@dataclass(frozen=True)
class LevelRow:
    """A level card's row for the six rounds: her shipping value and the X of *Punkte erhalten*."""

    shipping: tuple[int, ...]
    x: tuple[int, ...]


def shipping(row: Optional[LevelRow], level: str, round_number: int) -> Optional[int]:
    """Her shipping value in the round, None where neither the owner's row nor the seed gives it."""
    if row is not None:
        return row.shipping[round_number - 1]
    return AUTOMA_SHIPPING[round_number - 1] if level == "automa" else None


def highest_shipping(row: Optional[LevelRow], level: str) -> Optional[int]:
    """The level card's highest shipping value, for her area scoring [L527]."""
    if row is not None:
        return max(row.shipping)
    return max(AUTOMA_SHIPPING) if level == "automa" else None
