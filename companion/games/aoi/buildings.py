"""Her buildings and scholars: what her supply holds and what she upgrades to.

She upgrades to "das Gebäude mit der höchsten Machtstufe" (→ the highest power level) she may: a guild to her palace
first, later ones to schools [L465–466]; workshop → guild, school → university (B13). The replaced building goes
back to her supply, as in the base game. The counts of each are the base game's (owner-set in the card file)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

BUILDINGS = ("workshop", "guild", "school", "university", "palace")
PLURAL = {"workshop": "workshops", "guild": "guilds", "school": "schools", "university": "universities",
          "palace": "palaces"}
BASE_SUPPLY = {"workshop": 9, "guild": 4, "school": 3, "university": 1, "palace": 1, "scholar": 7}
FIRST_WORKSHOPS = 2  # [L199–206]


def upgrade_target(building: str, supply: dict[str, int]) -> Optional[str]:
    """What ``building`` becomes, the highest she may (B13); None when she cannot upgrade it."""
    steps = {"workshop": ("guild",), "guild": ("palace", "school"), "school": ("university",)}
    return next((t for t in steps.get(building, ()) if supply[t] > 0), None)


@dataclass
class Pieces:
    """Her supply and her buildings on the map, by type."""

    supply: dict[str, int]
    built: dict[str, int] = field(default_factory=lambda: {b: 0 for b in BUILDINGS})

    @classmethod
    def at_setup(cls, counts: Optional[dict[str, int]] = None) -> "Pieces":
        pieces = cls(dict(counts or BASE_SUPPLY))
        pieces.supply["workshop"] -= FIRST_WORKSHOPS
        pieces.built["workshop"] = FIRST_WORKSHOPS
        return pieces

    def upgradable(self) -> list[str]:
        """Her building types on the map she can upgrade, in the order of ``BUILDINGS``."""
        return [b for b in BUILDINGS if self.built[b] and upgrade_target(b, self.supply)]

    def build_workshop(self) -> None:
        self.supply["workshop"] -= 1
        self.built["workshop"] += 1

    def upgrade(self, building: str) -> str:
        target = upgrade_target(building, self.supply)
        assert target is not None and self.built[building] > 0
        self.built[building] -= 1
        self.supply[building] += 1
        self.built[target] += 1
        self.supply[target] -= 1
        return target
