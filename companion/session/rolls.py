"""Turn the dice the camera read into the roll the engine waits for.

A roll is accepted from the camera only when it is complete and sure: exactly the dice the
engine expects of that seat's colour, each read with confidence at or above the threshold.
Otherwise the result says what differs, or which dice a person should confirm.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Optional, Protocol, Sequence, Tuple

from ..rules import DIE_TYPES, Roll, State


class Reading(Protocol):
    """What the session needs of a die reading (``vision.readings.DieReading`` has it)."""

    die_type: str
    value: int
    colour: str
    confidence: float


@dataclass(frozen=True)
class RollRead:
    roll: Optional[Roll]                       # the outcome to submit, when complete and sure
    problem: str = ""                          # why not, in plain words
    unsure: Tuple[Reading, ...] = field(default=())  # readings a person should confirm


def expected_roll(state: State) -> Optional[Tuple[str, Counter]]:
    """The seat colour and the die types the engine waits to see rolled, or None."""
    if state.pending_reroll is not None:
        seat, (die_type, _) = state.pending_reroll
        return state.seats[seat].colour, Counter({die_type: 1})
    if state.pending_rolls and not state.pending_order and not state.pending_deal:
        seat = state.pending_rolls[0]
        spent = state.seats[seat].spent
        return state.seats[seat].colour, Counter({t: n for t, n in zip(DIE_TYPES, spent) if n})
    return None


def roll_pattern(state: State) -> Optional[str]:
    """The roll awaited from the table as a line with ``?`` for each value (``roll red d4:? d6:?``), or None."""
    expected = expected_roll(state)
    if expected is None:
        return None
    colour, types = expected
    return " ".join(["roll", colour] + [f"{t}:?" for t in sorted(types.elements())])


def _describe(counts: Counter) -> str:
    return ", ".join(f"{n} {t.upper()}" for t, n in sorted(counts.items())) or "none"


def roll_from_readings(state: State, readings: Sequence[Reading], threshold: float) -> RollRead:
    expected = expected_roll(state)
    if expected is None:
        return RollRead(None, "No roll is awaited now")
    colour, types = expected
    mine = [r for r in readings if r.colour == colour]
    seen = Counter(r.die_type for r in mine)
    if seen != types:
        return RollRead(None, f"Expected {colour}'s {_describe(types)} in view; the camera sees {_describe(seen)}")
    unsure = tuple(r for r in mine if r.confidence < threshold)
    if unsure:
        return RollRead(None, f"{len(unsure)} of {colour}'s dice need a person to confirm their value", unsure)
    dice = tuple(sorted((r.die_type, int(r.value)) for r in mine))
    if state.pending_reroll is not None and dice[0][1] == state.pending_reroll[1][1]:
        return RollRead(None, f"The rerolled {dice[0][0].upper()} still shows {dice[0][1]}: roll it again")
    return RollRead(Roll(colour, dice))
