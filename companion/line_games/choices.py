"""What the table is asked next in a game played by taps, as buttons: the questions and their choices.

A line of the game (``card 2 temple``, ``workers 3 5 1 6 2 2 4 5``) is built from the parts tapped so far;
each game's ``next_step`` (its package's ``table.choices``) says what is asked for the next part, or None once
the line is complete. So the touchscreen needs no keyboard and knows nothing of any game's words.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class Choice:
    text: str   # the button's words
    part: str   # what it adds to the line ("" adds nothing)
    ends: bool = False  # the line is complete once this is chosen, whatever the steps would ask


@dataclass(frozen=True)
class Step:
    question: str
    choices: tuple[Choice, ...]
    also: tuple[Choice, ...] = ()  # at the start of a line: what may be told besides the question
    also_label: str = ""           # what those are


def numbers(values: Sequence[int], prefix: str = "") -> tuple[Choice, ...]:
    return tuple(Choice(str(v), f"{prefix}{v}") for v in values)


def line_of(parts: Sequence[str]) -> str:
    return " ".join(p for p in parts if p)
