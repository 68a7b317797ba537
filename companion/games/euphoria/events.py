"""What the Euphoria Automas do, and what the table is told to do, as events of the game: ``EuphoriaGame.play``
returns them and ``wording`` says them. An Automa is named by its colour (``black``, ``white``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from .actions import Placement


@dataclass(frozen=True)
class FactionCard:
    """At setup: an Automa's faction, its faction/penalty card, workers and authority tokens."""

    colour: str
    faction: str


@dataclass(frozen=True)
class MostActive:
    """At setup: the Automas' factions (colour, faction) count towards the most active recruits."""

    factions: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class DeckDealt:
    """At setup, with an entered deck: the cards of this pass, the add-in decks and the support card."""

    level: str
    this_pass: tuple[str, ...]
    add_ins: tuple[tuple[str, ...], ...]
    support: Optional[str]


@dataclass(frozen=True)
class NothingToRoll:
    """A ``roll`` answered where nothing is asked (games saved before an Automa retrieving no worker was asked
    nothing hold one)."""


@dataclass(frozen=True)
class Rebuilt:
    """The deck ran out: every card of this pass shuffled (with the next add-in deck) into a new deck."""

    with_add_in: bool
    support: str


@dataclass(frozen=True)
class PairDrawn:
    action: str
    support: str


@dataclass(frozen=True)
class Bazaar:
    """The Bazaar: the artifact to discard, counted from the left."""

    artifact: int


@dataclass(frozen=True)
class FactionCardTurned:
    colour: str
    penalty: bool  # to its penalty side (else to its non-penalty side)


@dataclass(frozen=True)
class Retrieved:
    """An Automa retrieves ``count`` workers, leaving those ``staying`` (knowledge, place) on the board."""

    colour: str
    count: int
    staying: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class SixesOnPenalty:
    colour: str
    sixes: int


@dataclass(frozen=True)
class WorkerPlaced:
    colour: str
    placement: Placement


@dataclass(frozen=True)
class StarOnMarket:
    """A market built with her worker on its site: her ★ on it."""

    colour: str
    market: str


@dataclass(frozen=True)
class AllegianceToken:
    colour: str


@dataclass(frozen=True)
class AutomaWins:
    colour: str


@dataclass(frozen=True)
class PersonWins:
    person: str


Event = Union[FactionCard, MostActive, DeckDealt, NothingToRoll, Rebuilt, PairDrawn, Bazaar, FactionCardTurned,
              Retrieved, SixesOnPenalty, WorkerPlaced, StarOnMarket, AllegianceToken, AutomaWins, PersonWins]
