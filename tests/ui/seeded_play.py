"""A game played by seeded random legal moves, for tests that need the table in many states."""
from __future__ import annotations

import random
from typing import Iterator

from companion.games.automata.rules import State


def moments(session, seed: int) -> Iterator[State]:
    """Play ``session`` to its end: each Automa's move as it decides, seeded random legal moves
    for everything else (chance events too). Yields the state before each of those moves; stop
    iterating to leave the game there."""
    rng = random.Random(seed)
    while not session.upcoming_state().is_over:
        if session.automa_decision() is not None:
            session.acknowledge_automa()
            continue
        yield session.upcoming_state()
        assert session.submit(rng.choice(session.legal())).ok
