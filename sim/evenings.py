"""A games database of several evenings at one table, for the Evenings screen's tests and pictures: each evening
three games of Automata (Ann twice against an Automa of level 2, Ben against one of level 3, each person playing as an Automa
of another level would, stronger some evenings than others) and a game of every game played by lines, each game
stamped on its evening."""
from __future__ import annotations

import itertools
from datetime import datetime
from pathlib import Path
from typing import Sequence

from companion.games.registry import played_by_lines
from companion.session import SeatSpec, TableSession
from companion.store import GameStore

from .played_games import play_as_automa, play_to_the_end

EVENINGS = ("2026-11-14", "2026-11-21", "2026-11-28")
# each evening's games of Automata: (person, the person's colour, how the person plays (an Automa's level by
# evening), the Automa's level)
AUTOMATA_GAMES = (("Ann", "red", (1, 1, 6), 2), ("Ann", "red", (6, 4, 5), 2), ("Ben", "green", (1, 3, 6), 3))
SECOND = 1.0  # between the stamps of a game's events: an evening's games, hundreds of events, end before midnight


def evenings_database(path: Path, evenings: Sequence[str] = EVENINGS) -> Path:
    """``path``, a new games database holding the games of ``evenings`` (local dates, YYYY-MM-DD)."""
    with GameStore(path) as store:
        for n, evening in enumerate(evenings):
            stamps = itertools.count(datetime.fromisoformat(f"{evening}T19:00").timestamp(), SECOND)
            store.clock = lambda: next(stamps)
            for name, colour, strength, level in AUTOMATA_GAMES:
                session = TableSession.new(store, [SeatSpec(colour, "person", name), SeatSpec("blue", "automa", "Bot",
                                                                                              level)], seed=n)
                play_as_automa(session, strength[n % len(strength)])
            for game in played_by_lines():
                play_to_the_end(store, game, seed=n)
    return path
