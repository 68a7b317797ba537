"""A revealed program: cut to what is allowed (A3, A5), then walked on the board, stopping at its edge (A6)."""
from __future__ import annotations

from dataclasses import dataclass

from .board import DIRECTIONS, Square, on_board, step

Steps = tuple[str, ...]  # each N, E, S or W


def parse_steps(words: list[str]) -> Steps:
    """``["N", "e"]`` or ``["N-E"]`` as steps; ValueError naming a word that is no step."""
    found: list[str] = []
    for word in words:
        for part in word.upper().replace("*", "").split("-"):
            if part not in DIRECTIONS:
                raise ValueError(f"'{part}' is no step: N, E, S or W")
            found.append(part)
    return tuple(found)


def allowance(movement: int, boost_available: bool) -> int:
    """A5: the most steps carried out: MV, or MV+1 when the design's movement boost is available."""
    return movement + 1 if boost_available else movement


@dataclass(frozen=True)
class Walk:
    """A program carried out from ``start``: the squares it passed through, ``start`` first."""

    path: tuple[Square, ...]
    wall: bool  # a step would have left the board: the robot stopped and lost the rest (A6)

    @property
    def moved(self) -> bool:
        return len(self.path) > 1

    @property
    def destination(self) -> Square:
        return self.path[-1]

    @property
    def entered_from(self) -> Square:
        """The square it entered its destination from (its own square when it took no step)."""
        return self.path[-2] if self.moved else self.path[0]

    @property
    def steps_taken(self) -> int:
        return len(self.path) - 1


def walk(start: Square, steps: Steps) -> Walk:
    """A6: each step one square; a step that would leave the board is not taken, nor any after it."""
    path = [start]
    for direction in steps:
        ahead = step(path[-1], direction)
        if not on_board(ahead):
            return Walk(tuple(path), wall=True)
        path.append(ahead)
    return Walk(tuple(path), wall=False)


def entry_direction(walk_done: Walk) -> str:
    """A9: the direction of the last step taken (the walk moved)."""
    (fx, fy), (tx, ty) = walk_done.entered_from, walk_done.destination
    return next(d for d, delta in DIRECTIONS.items() if delta == (tx - fx, ty - fy))
