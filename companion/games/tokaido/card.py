"""An Automa card as the person taps it: its range (1-3) and its icon (none, Temple or Inn)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .spaces import ICONS, SPACE_NAMES


class BadCard(ValueError):
    """A card that is not a range 1-3 with an optional Temple or Inn icon."""


@dataclass(frozen=True)
class AutomaCard:
    range: int
    icon: Optional[str] = None  # "temple", "inn" or None

    def __post_init__(self) -> None:
        if self.range not in (1, 2, 3):
            raise BadCard(f"a card's range is 1, 2 or 3, not {self.range}")
        if self.icon is not None and self.icon not in ICONS:
            raise BadCard(f"a card's icon is temple or inn, not {self.icon}")

    @classmethod
    def parse(cls, words: Sequence[str]) -> "AutomaCard":
        """``2``, ``3 temple``, ``1 inn``: the range, then the icon if the card shows one."""
        if not words or len(words) > 2 or not words[0].isdigit():
            raise BadCard("write the card as its range and icon, e.g. 2, 3 temple or 1 inn")
        icon = words[1].lower() if len(words) == 2 else None
        if icon in ("-", "none"):
            icon = None
        return cls(int(words[0]), icon)

    def __str__(self) -> str:
        return f"{self.range}" + (f" {self.icon}" if self.icon else "")

    def describe(self) -> str:
        return f"range {self.range}" + (f", {SPACE_NAMES[self.icon]} icon" if self.icon else "")
