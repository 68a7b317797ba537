"""Automaton's events (``events``) as the lines the table reads."""
from __future__ import annotations

from functools import singledispatch

from .board import name as square
from .collisions import CROSSING, HEAD_ON, PILE_UP, REAR_END, STANDING
from .design import SIZES
from .events import (BOOST_SPENT, TOO_LONG, Boosts, CanHit, Corrected, Destroyed, Drawn, Event, Hit, Moved, Placed,
                     ProgramTaken, ShotTaken, TurnBegins, Won)

COLOUR_OF = {"b": "blue", "r": "red", "y": "yellow", "g": "green"}
CUTS = {BOOST_SPENT: "boost used last turn", TOO_LONG: "more steps than the design allows"}
KINDS = {HEAD_ON: "head-on", CROSSING: "crossing", REAR_END: "rear-end", STANDING: "rear-end (one standing still)",
         PILE_UP: "pile-up"}


def robot(name: str) -> str:
    return name.title()


def robots(names: tuple[str, ...]) -> str:
    return " and ".join(map(robot, names))


def program(steps: tuple[str, ...]) -> str:
    return "-".join(steps) or "stay"


@singledispatch
def line(event: Event) -> str:
    """The line the table reads for ``event``."""
    raise TypeError(f"not an event of Automaton: {event!r}")


@line.register
def _(event: Placed) -> str:
    q = event.qualities
    pyramids = ", ".join(f"{size} {COLOUR_OF[letter]}" for size, letter in zip(SIZES, event.letters))
    move = f"MV {q.movement}" + (f" ({q.movement + 1} with boost)" if q.move_boost else "")
    reach = f"RG {q.range}" + (f" ({q.range + 1} with boost)" if q.range_boost else "")
    crossed = f"; X out {q.crossed_at_setup} of the 3 extra boxes" if q.crossed_at_setup else ""
    return (f"{robot(event.robot)}: {pyramids}. FP {q.firepower}, HD {q.hardness}, {move}, {reach}. "
            f"On {square(event.square)}{crossed}.")


def _boosts(b: Boosts) -> str:
    moves = f"{b.steps} step{'s' if b.steps > 1 else ''}" + (" with its boost" if b.move_boost else "")
    reach = f"range {b.reach}" + (" with its boost" if b.range_boost else "")
    spent = [what for what, used in (("movement", b.move_boost_spent), ("range", b.range_boost_spent)) if used]
    return f"{robot(b.robot)} {moves}, {reach}" + (f" ({' and '.join(spent)} boost used last turn)" if spent else "")


@line.register
def _(event: TurnBegins) -> str:
    return f"Turn {event.turn}: " + "; ".join(_boosts(b) for b in event.boosts) + "."


@line.register
def _(event: ProgramTaken) -> str:
    steps = f"{event.steps} step{'' if event.steps == 1 else 's'}" if event.steps else "stay"
    return f"{robot(event.robot)}: program in ({steps})."


@line.register
def _(event: Moved) -> str:
    said = f"{robot(event.robot)}: "
    if event.cut:
        said += f"{program(event.written)} — {CUTS[event.cut]}: only {program(event.carried)}. "
    if len(event.path) > 1:
        said += f"{program(event.carried)} → {square(event.path[-1])}" + (" (stopped by the edge)" if event.wall else "")
    else:
        said += (f"{program(event.carried)} blocked by the edge: " if event.wall else "") + \
            f"stays on {square(event.path[-1])}"
    if event.collision:
        said += f"; {KINDS[event.collision]} with {robots(event.others)}"
    if event.kept_on_board:
        said += ", kept on the board"
    if event.sent_back:
        said += ", back to its start (a square shared)"
    if event.end != event.path[-1] or event.collision:
        said += f": ends {square(event.end)}"
    return said + "."


@line.register
def _(event: CanHit) -> str:
    if not event.targets:
        return f"{robot(event.robot)}: no target."
    return "; ".join(f"{robot(event.robot)} can hit {robot(t)} ({d}{', boost' if boost else ''})"
                     for t, d, boost in event.targets) + "."


@line.register
def _(event: ShotTaken) -> str:
    return f"{robot(event.robot)}: " + (f"fires at {robot(event.target)}." if event.target else "holds fire.")


@line.register
def _(event: Hit) -> str:
    return (f"{robot(event.shooter)} hits {robot(event.target)}: {event.damage} → "
            f"{robot(event.target)} {event.total}/{event.hardness}.")


@line.register
def _(event: Destroyed) -> str:
    return f"{robot(event.robot)} destroyed: take it off the board."


@line.register
def _(event: Won) -> str:
    return f"{robot(event.robot)} is the last robot in play and wins."


@line.register
def _(event: Drawn) -> str:
    return f"{robots(event.robots)} are destroyed together: a draw."


@line.register
def _(event: Corrected) -> str:
    return f"{robot(event.robot)} now stands on {square(event.square)}."
