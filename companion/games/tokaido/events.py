"""What the Tokaido Automas do, and what the table is told to do, as events of the game: ``TokaidoGame.play``
returns them and ``wording`` says them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union


@dataclass(frozen=True)
class Reminder:
    """An expansion's or variant's reminder at setup: ``crossroads``, ``matsuri`` or ``initiation``."""

    played: str


@dataclass(frozen=True)
class Started:
    """An Automa's colour token and coin at setup: her point, and the points of each setup extra (its name)."""

    colour: str
    extras: tuple[tuple[str, int], ...]
    score: int


@dataclass(frozen=True)
class YourDifficultyCard:
    """A Difficulty Level card dealt to you, resolved as if you had stopped on its space."""

    space: str


@dataclass(frozen=True)
class HerDifficultyCard:
    """A Difficulty Level card dealt to an Automa: the item of its space given, and what it scored."""

    colour: str
    space: str
    points: int
    score: int


@dataclass(frozen=True)
class Shuffle:
    """Shuffle the Automa cards: into the Automa deck at setup (``into_deck``), or into a new deck at an Inn."""

    into_deck: bool


@dataclass(frozen=True)
class Stopped:
    """An Automa stops on the ``nth`` free space ahead: at an Inn she waits for her Meal; at the Temple she gives
    2 coins; elsewhere she is given the space's item and the achievements it completes first."""

    colour: str
    nth: int
    space: str
    points: int = 0
    score: int = 0
    achievements: tuple[str, ...] = ()


@dataclass(frozen=True)
class YouMoved:
    space: str


@dataclass(frozen=True)
class MealServed:
    """An Automa's free Meal: its number in the order drawn and its price."""

    colour: str
    number: int
    price: int
    points: int
    score: int


@dataclass(frozen=True)
class YourAchievement:
    """A Panorama achievement you took first."""

    achievement: str


@dataclass(frozen=True)
class EndAchievement:
    """An end achievement at the End of the Journey, and every Traveler (``you`` or a colour) who scores it."""

    achievement: str
    travelers: tuple[str, ...]


@dataclass(frozen=True)
class TempleRanked:
    """The Temple's donors, greatest first: each Traveler, their coins and the points they score."""

    donors: tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class FinalScore:
    """An Automa's points at the end; ``crossroads``: those of them from the Crossroads setup, if played."""

    colour: str
    score: int
    crossroads: Optional[int] = None


Event = Union[Reminder, Started, YourDifficultyCard, HerDifficultyCard, Shuffle, Stopped, YouMoved, MealServed,
              YourAchievement, EndAchievement, TempleRanked, FinalScore]
