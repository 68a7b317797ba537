"""Games of Automaton set up on the squares a test names."""
from __future__ import annotations

from companion.games.automaton import AutomatonGame, Design, RobotSetup, Setup, parse_square
from companion.games.automaton.events import Event, Moved


def game(*robots: tuple[str, str, str]) -> AutomatonGame:
    """Robots as (name, design letters, start square)."""
    return AutomatonGame(Setup(tuple(RobotSetup(n, Design.from_letters(d), sq(s)) for n, d, s in robots)))


def sq(text: str) -> tuple[int, int]:
    square = parse_square(text)
    assert square is not None, text
    return square


def play(g: AutomatonGame, *lines: str) -> list[Event]:
    said: list[Event] = []
    for line in lines:
        said += g.play(line)
    return said


def squares(g: AutomatonGame) -> dict[str, str]:
    from companion.games.automaton import square_name

    return {n: square_name(r.square) for n, r in g.robots.items() if not r.destroyed}


def moved(said: list[Event], robot: str) -> Moved:
    return next(e for e in said if isinstance(e, Moved) and e.robot == robot)
