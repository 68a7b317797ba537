"""What the table is asked next in a game of Automaton, as buttons to tap (``line_games.choices``): each revealed
program on an arrow pad (Done alone to stay), then each shot from the targets listed or hold fire, each resolved by
one button the panel's Confirm takes; besides, at the start of any line, a robot's square corrected (two taps)."""
from __future__ import annotations

from typing import Optional

from companion.line_games.choices import Choice, Step

from ..board import SIZE, name as square_name
from ..game import AutomatonGame
from ..wording import robot as called

ARROWS = (("North", "N"), ("East", "E"), ("South", "S"), ("West", "W"))
CORRECT = " at"  # a correction's first part ends so: "ann at"


def next_step(game: AutomatonGame, parts: list[str]) -> Optional[Step]:
    """What to tap next, given the parts of the line tapped so far; None when it is complete."""
    waiting = game.waiting_for()
    if waiting == "over":
        return None
    if parts and parts[0].endswith(CORRECT):
        return None if len(parts) > 1 else _squares(game, parts[0].split()[0])
    if waiting.startswith("program "):
        return _program(game, waiting.split()[1], parts)
    if parts:
        return None
    if waiting == "move":
        return Step("Every program is in: Confirm moves the robots", (Choice("Move", "move"),), *_corrections(game))
    if waiting == "fire":
        return Step("Every shot is in: Confirm fires", (Choice("Fire", "fire"),), *_corrections(game))
    shooter = waiting.split()[1]
    targets = tuple(Choice(f"{called(t.robot)} ({t.distance}{', boost' if t.boost else ''})",
                           f"{shooter} fire {t.robot}") for t in game.options[shooter])
    return Step(f"{called(shooter)}'s shot", targets + (Choice("Hold fire", f"{shooter} hold"),),
                *_corrections(game))


def most_steps(game: AutomatonGame, robot: str) -> int:
    """The most arrows offered: the design's movement with its boost, whether or not the boost is free this turn
    (a program written with a spent boost is cut and said to be, A5)."""
    q = game.robots[robot].qualities
    return q.movement + int(q.move_boost)


def _program(game: AutomatonGame, robot: str, parts: list[str]) -> Optional[Step]:
    steps = [p.split()[-1] for p in parts]
    if (parts and (parts[-1] == "" or parts[0].endswith(" stay"))) or len(steps) >= most_steps(game, robot):
        return None
    written = "-".join(steps)
    arrows = tuple(Choice(text, f"{'' if parts else robot + ' '}{letter}") for text, letter in ARROWS)
    done = Choice("Done" if parts else "Done (stay)", "" if parts else f"{robot} stay", ends=True)
    boosts = game.robots[robot].boosts()
    question = (f"{called(robot)}'s program ({boosts.steps} step{'s' if boosts.steps > 1 else ''} at most"
                f"{', boost free' if boosts.move_boost else ''}): {written or 'tap each arrow, then Done'}")
    if parts:
        return Step(question, arrows + (done,))
    return Step(question, arrows + (done,), *_corrections(game))


def _corrections(game: AutomatonGame) -> tuple[tuple[Choice, ...], str]:
    return tuple(Choice(called(n), n + CORRECT) for n in game.in_play()), "Correct a square:"


def _squares(game: AutomatonGame, robot: str) -> Step:
    taken = {game.robots[n].square for n in game.in_play() if n != robot}
    free = [(f, r) for r in reversed(range(SIZE)) for f in range(SIZE) if (f, r) not in taken]
    return Step(f"Where does {called(robot)} stand?", tuple(Choice(square_name(s), square_name(s)) for s in free))
