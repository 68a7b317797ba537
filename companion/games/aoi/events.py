"""What she does, and what the table is told and asked, as events of the game: ``AoiGame.play`` returns them and
``wording`` says them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union


@dataclass(frozen=True)
class Question:
    """What the turn needs of the table: ``key`` (the answer's first word), a whole number from ``least`` to
    ``most`` (or yes/no, or a word of ``about``), and what the wording names with it."""

    key: str
    least: int = 0
    most: int = 0
    about: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeckBuilt:
    """At setup: her start deck (its size), the reserve, the card joining at the end of round 1, card 13; her round
    bonus, which depends on how many of you play."""

    level: str
    size: int
    reserve: int
    late: Optional[int]
    drawn_by_app: bool
    players: int = 1


@dataclass(frozen=True)
class SetupTiles:
    """At setup [L144–147]: her round tiles (the spade tile not in rounds 5–6), one random last-round extra tile,
    2 random palace tiles and No. 17 (B11: a setup line only), you the starting player; for two of you, her
    community and her seat [L539–541]."""

    players: int = 1


@dataclass(frozen=True)
class FirstWorkshops:
    """At setup (after your first workshop): the letters of a card drawn from all 14, then returned (B6);
    ``letters`` is "" where the table draws it."""

    letters: str


@dataclass(frozen=True)
class StartingKnowledge:
    levels: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class PairDrawn:
    action: int
    support: int


@dataclass(frozen=True)
class CardDrawn:
    action: int
    turned: bool


@dataclass(frozen=True)
class Passes:
    """She passes: ``why`` is "empty" (her deck is empty) or "turned" (a turned card with the pass icon)."""

    why: str


@dataclass(frozen=True)
class PassSteps:
    """Her pass [L340–358]: the tile's points, the arrowed bonus, her order space, the reserve card added."""

    points: int
    bonus: str
    order_space: int
    new_deck: bool
    deck_size: int


@dataclass(frozen=True)
class RoundStarts:
    number: int
    she_starts: bool
    shipping: Optional[int]


@dataclass(frozen=True)
class Skipped:
    """An action she does not do: its condition unmet or no option [L374–375]."""

    action: str
    why: str


@dataclass(frozen=True)
class Instead:
    """Build impossible: she upgrades instead [L418, L436]."""

    why: str


@dataclass(frozen=True)
class Scored:
    points: int
    why: str  # "points", "x" (the level card's X), "tile" (her pass)


@dataclass(frozen=True)
class Chosen:
    """A choice by the direction count: the ``place``-th of ``options`` counted from the top left (or the
    left, for a row), or from the bottom right (the right) when ``forward`` is False."""

    what: str  # hex, building, invention, power, book
    place: int
    options: int
    forward: bool


@dataclass(frozen=True)
class WorkshopBuilt:
    """Her new workshop, and its mark [L434]: ``unmarked`` where the app knows it is (next to her unmarked building
    with nothing nearer); else the table marks it by the rule, which the app needs no answer to."""

    unmarked: bool


@dataclass(frozen=True)
class Upgraded:
    building: str
    to: str


@dataclass(frozen=True)
class InventionTaken:
    held: int


@dataclass(frozen=True)
class Rose:
    discipline: str
    steps: int
    scholar: bool
    level: int


@dataclass(frozen=True)
class CommunityAction:
    actions: tuple[str, ...]


@dataclass(frozen=True)
class NothingDone:
    """No action of the card could be done [L364]."""


@dataclass(frozen=True)
class FinalTally:
    her: tuple[tuple[str, int], ...]
    total: int
    yours: tuple[int, ...]  # yours, then your partner's


Event = Union[DeckBuilt, SetupTiles, FirstWorkshops, StartingKnowledge, PairDrawn, CardDrawn, Passes, PassSteps,
              RoundStarts, Skipped, Instead, Scored, Chosen, WorkshopBuilt, Upgraded, InventionTaken, Rose,
              CommunityAction, NothingDone, FinalTally]
