"""Euphoria's tests read the game's events as the table reads them (``wording``)."""
from __future__ import annotations

from companion.games.euphoria import EuphoriaGame, wording


def said(game: EuphoriaGame, line: str) -> list[str]:
    """Play ``line`` and say what the Automas do, as the table reads it."""
    return [wording.line(event) for event in game.play(line)]


def said_at_setup(game: EuphoriaGame) -> list[str]:
    """What the table is told to do before the first event."""
    return [wording.line(event) for event in game.setup_events()]
