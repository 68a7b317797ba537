"""Games played to their end without a person: a game played by lines by seeded random taps, and a game of Automata
whose person plays as an Automa of some level would. For the tests, and for the Evenings screen's pictures."""
from __future__ import annotations

import random
from typing import Optional

from companion.cli import build_parser
from companion.games.automata.automa import Automa
from companion.games.registry import game_named
from companion.line_games.choices import line_of
from companion.line_games.kinds import GameInPlay
from companion.session import TableSession
from companion.store import GameStore

MOST_LINES = 5000  # a game by random taps ends long before


def tapped_line(game: GameInPlay, rng: random.Random) -> Optional[str]:
    """A line tapped at random, choice after choice, as the touchscreen builds it; None once nothing is asked."""
    parts: list[str] = []
    while (step := game.next_step(parts)) is not None:
        choice = rng.choice(step.choices + step.also)
        parts.append(choice.part)
        if choice.ends:
            break
    return line_of(parts) or None


def play_to_the_end(store: GameStore, name: str, seed: int) -> None:
    """A new game of ``name`` (a game played by lines), set up as ``session --new --seed`` sets it up, tapped to its
    end."""
    args = build_parser().parse_args(["session", "--game", name, "--db", str(store.path), "--new",
                                      "--seed", str(seed)])
    game, rng = game_named(name).start(store, args), random.Random(seed)
    for _ in range(MOST_LINES):
        line = tapped_line(game, rng)
        if line is None:
            break
        game.submit(line)
    assert game.over, f"a game of {name} still in play after {MOST_LINES} lines"


def play_as_automa(session: TableSession, level: int = 6, seat: int = 0) -> None:
    """Play ``session`` to its end: its Automas by themselves, the person at ``seat`` by the decisions of an Automa
    of ``level`` (the strongest, 6, wins most games)."""
    session.play_seeded()
    person = Automa(level, session.seats[seat].colour, seed=0)
    while True:
        list(session.play_automas())
        state = session.upcoming_state()
        if state.is_over:
            return
        assert session.submit(person.decide(state).action).ok
