"""A person who plays as a level-6 Automa would, for tests that need a game of Automata the person wins."""
from __future__ import annotations

from companion.games.automata.automa import Automa
from companion.session import TableSession


def play_as_level_6(session: TableSession, seat: int = 0) -> None:
    """Play ``session`` to its end: its Automas by themselves, the person at ``seat`` by a level-6 Automa's
    decisions."""
    session.play_seeded()
    person = Automa(6, session.seats[seat].colour, seed=0)
    while True:
        list(session.play_automas())
        state = session.upcoming_state()
        if state.is_over:
            return
        assert session.submit(person.decide(state).action).ok
