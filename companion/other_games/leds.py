"""Whose turn the panel's LEDs show in a game of Tokaido or Euphoria, as in Automata's: the seat of
the person to play solid, the Automa LED while an Automa plays, nothing once the game is over.

The person sits at the panel's first seat (Euphoria's first person). While it is the people's turn
in Euphoria with two people, no seat is lit: the app does not know which of them is playing. In
Tokaido without a road model the app does not know who moves until the person taps an Automa's card.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from hardware.panel import Panel

from ..games.euphoria import EuphoriaGame
from .choices import BETWEEN

PERSON_SEAT = 1
PEOPLES_TURN = ("next", "card", "support")  # Euphoria: what is told once the people have played
BETWEEN_TURNS = frozenset(c.part for c in BETWEEN)


@dataclass(frozen=True)
class Turn:
    seat: Optional[int] = None  # the person's seat to light, numbered from 1 as on the panel
    automa: bool = False


def whose_turn(game: Any, parts: Sequence[str]) -> Turn:
    """The turn shown while the table is at ``game``, with ``parts`` of the next line tapped."""
    waiting = game.waiting_for()
    if waiting == "over":
        return Turn()
    if isinstance(game, EuphoriaGame):
        if waiting in PEOPLES_TURN and (not parts or parts[0] in BETWEEN_TURNS):
            return Turn(PERSON_SEAT if game.setup.people == 1 else None)
        return Turn(automa=True)  # her workers rolled at setup, her card pair and its questions
    if waiting.startswith("card "):
        return Turn(automa=True)
    if waiting == "card":  # without a road model: hers once her card is tapped, else not known
        return Turn(automa=bool(parts) and parts[0].endswith(" card"))
    return Turn(PERSON_SEAT)  # your move, the Meals you drew, your end counts


def show(panel: Panel, turn: Turn) -> None:
    panel.show(turn.seat if turn.seat is not None and turn.seat <= panel.seats else None, automa_turn=turn.automa)
