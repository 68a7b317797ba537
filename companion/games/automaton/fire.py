"""Fire (ruling A17), damage (A18) and the end (A19): shots chosen first, then applied all at once."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .board import Square, distance


@dataclass(frozen=True)
class Target:
    robot: str
    distance: int
    boost: bool  # the shot needs the range boost (distance RG+1)


def targets(shooter: str, squares: Mapping[str, Square], reach: int, boost_available: bool) -> tuple[Target, ...]:
    """The robots ``shooter`` can hit from where the robots stand: within ``reach`` (its RG), or RG+1 with its range
    boost available. Robots do not block shots (A17)."""
    found = []
    for robot, square in squares.items():
        if robot == shooter:
            continue
        apart = distance(squares[shooter], square)
        if apart <= reach or (boost_available and apart == reach + 1):
            found.append(Target(robot, apart, apart > reach))
    return tuple(found)


@dataclass(frozen=True)
class Hit:
    shooter: str
    target: str
    damage: int
    total: int  # the target's damage after every shot of this fire step before it, in the table's order


def apply_shots(shots: Sequence[tuple[str, str]], firepower: Mapping[str, int], damage: Mapping[str, int]
                ) -> tuple[list[Hit], dict[str, int]]:
    """The hits of ``shots`` (shooter, target) and everyone's damage after all of them (A17: all at once, so a
    robot destroyed by one of them still fires its own)."""
    after = dict(damage)
    hits = []
    for shooter, target in shots:
        after[target] += firepower[shooter]
        hits.append(Hit(shooter, target, firepower[shooter], after[target]))
    return hits, after


def last_standing(in_play: Sequence[str], destroyed: Sequence[str]) -> tuple[list[str], bool]:
    """A19 after a fire step: the robots still in play, and whether the game is over (one left, or none)."""
    left = [r for r in in_play if r not in destroyed]
    return left, len(left) <= 1
