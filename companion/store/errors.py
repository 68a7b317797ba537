"""What can go wrong with stored games, each with a message a person at the table can act on."""
from __future__ import annotations

from typing import Optional


class StoreError(Exception):
    """A request the game store cannot carry out (the message says why)."""


class StoreCorrupted(StoreError):
    """The database file is damaged; the message says which file and what to do."""


class UnknownGame(StoreError, KeyError):
    """No game with that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class NothingToUndo(StoreError):
    """An undo was asked for, but the game has no action left to undo."""


class RecordFormatError(StoreError, ValueError):
    """A game record (JSONL) that does not have the expected structure."""

    def __init__(self, message: str, line: Optional[int] = None):
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line
        self.message = message
