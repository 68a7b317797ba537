"""Entering a game's text once (``GameKind.entered``: a road model, an Automa deck), on the touchscreen: a question
and a big button for each answer, a part at a time, Undo, and Save once it can be saved. The screen
only shows the entry and passes the taps on (``deck_entry``, ``road_entry``). No Kivy here."""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Optional

from .choices import Choice, Step
from .setup_form import Row


class Entry(ABC):
    kind_name = ""
    title = ""

    def top(self) -> Optional[Row]:
        """A row of options kept between answers (the deck's pile), or None."""
        return None

    def tap_top(self, value: str) -> None:
        """An option of the top row tapped."""

    @abstractmethod
    def step(self) -> Step:
        """What to tap next."""

    @abstractmethod
    def choose(self, choice: Choice) -> None:
        """One of the step's choices tapped."""

    @abstractmethod
    def undo(self) -> None:
        """Take back the last tap (the last space, or the last card once no part of the next is tapped)."""

    @property
    @abstractmethod
    def undo_label(self) -> str:
        """What Undo takes back now; "" when there is nothing to take back."""

    @abstractmethod
    def lines(self) -> list[str]:
        """What has been entered, the latest last, as a few lines."""

    @abstractmethod
    def notes(self) -> list[str]:
        """How far the entry is: its size and what the game needs of it."""

    @abstractmethod
    def problem(self) -> str:
        """Why Save cannot save it yet, or ""."""

    @abstractmethod
    def text(self) -> str:
        """The plain file's text, as the parser of its kind reads it."""

