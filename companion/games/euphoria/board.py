"""What the app knows of the board: which markets are built and which carry an Automa's ★.

Each of Euphoria, Subterra and the Wastelands has two market construction sites, one above
the other, named ``AREA-top`` and ``AREA-bottom`` (ruling E7). Markets the people build are
told to the app (one tap each); a construction site with a worker on it is asked only when an
action's table needs it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .factions import ADJECTIVES, MARKET_AREAS, NAMES

POSITIONS = ("bottom", "top")  # bottommost first: the construct(ed) market tiebreaker
MARKETS = tuple(f"{area}-{pos}" for area in MARKET_AREAS for pos in POSITIONS)


MARKET_WORDS = f"AREA-top or AREA-bottom, AREA one of {', '.join(MARKET_AREAS)}"  # how a market is written


class UnknownMarket(ValueError):
    """A word that names no market."""


def market(word: str) -> str:
    key = word.strip().lower()
    if key not in MARKETS:
        raise UnknownMarket(f"'{word}' is not a market; write {MARKET_WORDS}")
    return key


def area_of(market_id: str) -> str:
    return market_id.split("-")[0]


def bottommost(markets: list[str]) -> str:
    return min(markets, key=lambda m: (MARKETS.index(m) // 2, POSITIONS.index(m.split("-")[1])))


def market_name(market_id: str) -> str:
    area, pos = market_id.split("-")
    return f"the {'bottom' if pos == 'bottom' else 'top'} {ADJECTIVES[area]} market"


@dataclass
class Board:
    stars: dict[str, set[str]] = field(default_factory=dict)  # built market -> Automas with ★ on it

    def build(self, market_id: str) -> None:
        self.stars.setdefault(market_id, set())

    def is_built(self, market_id: str) -> bool:
        return market_id in self.stars

    def built(self) -> list[str]:
        return [m for m in MARKETS if m in self.stars]

    def unbuilt(self) -> list[str]:
        return [m for m in MARKETS if m not in self.stars]

    def penalizing(self, colour: str) -> list[str]:
        """The constructed markets without this Automa's authority token."""
        return [m for m in self.built() if colour not in self.stars[m]]

    def star(self, market_id: str, colour: str) -> None:
        self.stars[market_id].add(colour)

    def areas_with(self, markets: list[str]) -> list[str]:
        return sorted({area_of(m) for m in markets}, key=MARKET_AREAS.index)

    def describe(self) -> str:
        return "; ".join(f"{NAMES[area_of(m)]} {m.split('-')[1]}: "
                         f"{', '.join(sorted(s)) or 'no Automa ★'}" for m, s in self.stars.items()) or "no market built"
