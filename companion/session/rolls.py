"""The roll the game waits for from the table: whose, and which dice."""
from __future__ import annotations

from collections import Counter
from typing import Optional

from ..games.automata.rules import DIE_TYPES, State
from ..games.automata.sync.locations import rolling_seats


def expected_roll(state: State) -> Optional[tuple[str, Counter]]:
    """The seat colour and the die types the engine waits to see rolled, or None."""
    if state.pending_reroll is not None:
        seat, (die_type, _) = state.pending_reroll
        return state.seats[seat].colour, Counter({die_type: 1})
    seats = rolling_seats(state)
    if seats:
        seat = seats[0]
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
