"""Setting up a game against her: the level, the owner's card file (if any), who draws her cards, how many of you
play (alone, or two of you with her: the variant "Zu zweit mit Automa" [L531–550]), the seed."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .levels import CARDS, level_key
from .owner import CardFile, parse_card_file

RULES_VERSION = "aoi-automa/rulings-B1-B20"
PARTNER = "partner"  # the second of you, in the variant for two


def seats(players: int) -> list[dict[str, str]]:
    """The header's seats: you (and your partner), then her."""
    people = ["you", PARTNER][:players]
    return [{"colour": p, "kind": "person"} for p in people] + [{"colour": "automa", "kind": "automa"}]


@dataclass(frozen=True)
class Setup:
    level: str = "automalein"  # "Für dein 1. Spiel wähle Automalein" [L143]
    seed: int = 0
    cards: Optional[CardFile] = None
    table_draws: bool = False  # the table shuffles and draws the physical cards, even with a card file
    players: int = 1  # 2: "Zu zweit mit Automa" [L531]

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", level_key(self.level))
        if self.players not in (1, 2):
            raise ValueError("one of you plays her, or two of you")

    @property
    def app_draws(self) -> bool:
        """The app shuffles and draws her deck: with a card file that holds all 14 cards, unless the table draws."""
        return self.cards is not None and not self.table_draws and all(n in self.cards.cards for n in CARDS)

    def to_json(self) -> dict[str, Any]:
        return {"game": "aoi", "rules_version": RULES_VERSION, "seed": self.seed, "level": self.level,
                "seats": seats(self.players), "cards": self.cards.to_text() if self.cards else None,
                "table_draws": self.table_draws, "players": self.players}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Setup":
        cards = parse_card_file(data["cards"]) if data.get("cards") else None
        return cls(data["level"], data.get("seed", 0), cards, bool(data.get("table_draws", False)),
                   int(data.get("players", 1)))
