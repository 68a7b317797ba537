"""The chessboard (ruling A6): 8×8 squares a1–h8, rank 8 North and file h East; orthogonal steps and
Manhattan distances (A4)."""
from __future__ import annotations

from typing import Optional

SIZE = 8
FILES = "abcdefgh"

Square = tuple[int, int]  # (file, rank), each 0..7: a1 is (0, 0), h8 is (7, 7)

DIRECTIONS: dict[str, Square] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def on_board(square: Square) -> bool:
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


def name(square: Square) -> str:
    """``(2, 3)`` is ``c4``."""
    return f"{FILES[square[0]]}{square[1] + 1}"


def parse(text: str) -> Optional[Square]:
    """The square named ``c4`` (any case); None for anything else."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        return None
    return FILES.index(text[0]), int(text[1]) - 1


def step(square: Square, direction: str) -> Square:
    """The square one step from ``square`` towards ``direction`` (N, E, S or W), on the board or not."""
    dx, dy = DIRECTIONS[direction]
    return square[0] + dx, square[1] + dy


def opposite(direction: str) -> str:
    return {"N": "S", "S": "N", "E": "W", "W": "E"}[direction]


def distance(a: Square, b: Square) -> int:
    """Manhattan distance: moves and range are counted along orthogonal paths (A4, A17)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# The corners robots start on by default (A7): two on a1 and h8, a third on h1, a fourth on a8.
CORNERS: tuple[Square, ...] = ((0, 0), (7, 7), (7, 0), (0, 7))
