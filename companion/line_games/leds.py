"""Whose turn the panel's LEDs show in a game played by lines, as in Automata's: the seat of the person to play
solid, the Automa LED while an Automa plays, nothing once the game is over. Each game says whose turn it is
(``GameKind.whose_turn``); the person sits at the panel's first seat."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from hardware.panel import Panel

PERSON_SEAT = 1


@dataclass(frozen=True)
class Turn:
    seat: Optional[int] = None  # the person's seat to light, numbered from 1 as on the panel
    automa: bool = False


def show(panel: Panel, turn: Turn) -> None:
    panel.show(turn.seat if turn.seat is not None and turn.seat <= panel.seats else None, automa_turn=turn.automa)
