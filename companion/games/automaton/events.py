"""What the referee tells the table, as events of the game: ``AutomatonGame.play`` returns them and ``wording``
says them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from .board import Square
from .design import Qualities


@dataclass(frozen=True)
class Placed:
    """A robot at setup: its design, qualities and start square."""

    robot: str
    letters: str  # the colours of its small, medium and large pyramid, by first letter
    qualities: Qualities
    square: Square


@dataclass(frozen=True)
class Boosts:
    """What a robot may do this turn: its most steps, and its reach (its range, or one more with the boost)."""

    robot: str
    steps: int
    move_boost: bool        # the movement boost is free this turn (the design has one, unused last turn)
    move_boost_spent: bool  # the design has a movement boost, used last turn
    reach: int
    range_boost: bool
    range_boost_spent: bool


@dataclass(frozen=True)
class TurnBegins:
    turn: int
    boosts: tuple[Boosts, ...]


@dataclass(frozen=True)
class ProgramTaken:
    robot: str
    steps: int


@dataclass(frozen=True)
class Moved:
    """A robot's move: its program as written and as carried out (A5), its path (A6), its destination, any
    collision (A8–A14) and where it ends (A15)."""

    robot: str
    written: tuple[str, ...]
    carried: tuple[str, ...]
    cut: str          # why the program was cut ("" when it was not): BOOST_SPENT or TOO_LONG
    path: tuple[Square, ...]
    wall: bool        # the edge of the board stopped it (A6)
    end: Square
    collision: str = ""              # its kind, "" when none
    others: tuple[str, ...] = ()     # the other robots in the collision
    kept_on_board: bool = False      # A15(a)
    sent_back: bool = False          # A15(b)


BOOST_SPENT = "boost-spent"  # one step more than MV, with the boost used last turn (A3)
TOO_LONG = "too-long"        # more steps than the design ever allows


@dataclass(frozen=True)
class CanHit:
    """Who a robot can hit now: each target with its distance and whether the range boost is needed."""

    robot: str
    targets: tuple[tuple[str, int, bool], ...]


@dataclass(frozen=True)
class ShotTaken:
    robot: str
    target: Optional[str]  # None: it holds fire


@dataclass(frozen=True)
class Hit:
    shooter: str
    target: str
    damage: int
    total: int
    hardness: int


@dataclass(frozen=True)
class Destroyed:
    robot: str


@dataclass(frozen=True)
class Won:
    robot: str


@dataclass(frozen=True)
class Drawn:
    """The last robots were destroyed in the same fire step (A19)."""

    robots: tuple[str, ...]


@dataclass(frozen=True)
class Corrected:
    """A robot put on another square, where the board says it is."""

    robot: str
    square: Square


Event = Union[Placed, TurnBegins, ProgramTaken, Moved, CanHit, ShotTaken, Hit, Destroyed, Won, Drawn, Corrected]
