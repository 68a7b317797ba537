"""Collisions by destination (rulings A8–A15): the robots whose moves end on one square collide; each pair by the
kind of its meeting, three or more alike; then no robot is left off the board or sharing a square. Collisions do
no damage (A16)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from .board import Square, on_board, opposite, step
from .program import Walk, entry_direction

HEAD_ON = "head-on"      # A10: opposite entry directions
CROSSING = "crossing"    # A11: entry directions at right angles
REAR_END = "rear-end"    # A12: the same entry direction
STANDING = "standing"    # A13: a mover on the square of a robot that did not move
PILE_UP = "pile-up"      # A14: three or more robots


@dataclass(frozen=True)
class Collision:
    kind: str
    square: Square             # where the moves ended: the `*` of the seed's diagrams
    robots: tuple[str, ...]    # in the table's order


@dataclass(frozen=True)
class Outcome:
    """Where a robot ends its move, and why it is not its destination."""

    end: Square
    collision: Optional[Collision] = None
    kept_on_board: bool = False  # A15(a): the collision would have put it off the board, so it stays on `*`
    sent_back: bool = False      # A15(b): it shared a square, so it went back to where it started the turn


def resolve(walks: Mapping[str, Walk]) -> dict[str, Outcome]:
    """Where each robot ends, given its walk this turn (the robots' starting squares all differ)."""
    by_destination: dict[Square, list[str]] = {}
    for robot, walked in walks.items():
        by_destination.setdefault(walked.destination, []).append(robot)
    ends: dict[str, Square] = {}
    collisions: dict[str, Collision] = {}
    for square, robots in by_destination.items():
        if len(robots) == 1:
            ends[robots[0]] = square
            continue
        collision, placed = _collide(square, {r: walks[r] for r in robots})
        ends.update(placed)
        collisions.update({r: collision for r in robots})
    kept = {r for r, end in ends.items() if not on_board(end)}
    for robot in kept:  # A15(a)
        ends[robot] = walks[robot].destination
    sent = _send_back_while_shared(ends, {r: w.path[0] for r, w in walks.items()})
    return {r: Outcome(ends[r], collisions.get(r), r in kept, r in sent) for r in walks}


def _collide(square: Square, walks: Mapping[str, Walk]) -> tuple[Collision, dict[str, Square]]:
    """The kind of the collision on ``square`` and where each robot in it would end (maybe off the board)."""
    robots = tuple(walks)
    if len(robots) > 2:  # A14: movers back to the square they entered from, a still robot stays
        return Collision(PILE_UP, square, robots), {r: walks[r].entered_from for r in robots}
    a, b = robots
    wa, wb = walks[a], walks[b]
    if not wa.moved or not wb.moved:  # A13 (two robots standing still cannot share a destination)
        mover, still = (a, b) if wa.moved else (b, a)
        pushed = step(square, entry_direction(walks[mover]))
        return Collision(STANDING, square, robots), {mover: walks[mover].entered_from, still: pushed}
    da, db = entry_direction(wa), entry_direction(wb)
    if da == opposite(db):  # A10
        return Collision(HEAD_ON, square, robots), {a: wa.entered_from, b: wb.entered_from}
    if da != db:  # A11: each one square from `*` in the other's direction
        return Collision(CROSSING, square, robots), {a: step(square, db), b: step(square, da)}
    # A12: the one that took more steps came from behind; with as many steps, both moves are cancelled
    if wa.steps_taken == wb.steps_taken:
        return Collision(REAR_END, square, robots), {a: wa.path[0], b: wb.path[0]}
    behind, ahead = (a, b) if wa.steps_taken > wb.steps_taken else (b, a)
    return Collision(REAR_END, square, robots), {behind: walks[behind].entered_from, ahead: step(square, da)}


def _send_back_while_shared(ends: dict[str, Square], starts: Mapping[str, Square]) -> set[str]:
    """A15(b): while robots share a square, each of them goes back to its starting square; those sent back.
    It ends: a robot on its own starting square stays there, and the starting squares all differ."""
    sent: set[str] = set()
    while True:
        count: dict[Square, int] = {}
        for end in ends.values():
            count[end] = count.get(end, 0) + 1
        shared = [r for r, end in ends.items() if count[end] > 1]
        if not shared:
            return sent
        for robot in shared:
            if ends[robot] != starts[robot]:
                sent.add(robot)
            ends[robot] = starts[robot]
