"""A roll's dice read as the types the engine knows lie in Available (``vision.known_types``).

While the engine waits for a roll, it knows the die types of the rolling seat in Available once the dice are
rolled: the dice it kept there, and the dice it rolls (all its Spent dice, or the one die rerolled). The seat's
dice read in the zones that show Available are given those types; a die read as another type is read again as
the type left for it, and is unsure of its type and value, so the roll waits for a person (``TableSync``).
"""
from __future__ import annotations

from typing import Mapping

from vision.known_types import with_types
from vision.readings import DieReading, ReadingsByZone

from ..rules import DIE_TYPES, State
from .locations import rolling_seats, zone_location


def with_rolled_types(readings_by_zone: ReadingsByZone, state: State) -> dict[str, list[DieReading]]:
    """``readings_by_zone`` with each rolling seat's dice in Available read as the types it has there; a seat
    whose dice found there are not as many as it has is left as read."""
    table = {zone: list(readings) for zone, readings in readings_by_zone.items()}
    for colour, types in _types_in_available(state).items():
        places: list[tuple[str, int]] = [(zone, k) for zone, readings in table.items()
                                         if zone_location(zone) == "available"
                                         for k, reading in enumerate(readings) if reading.colour == colour]
        typed = with_types([table[zone][k] for zone, k in places], types)
        for (zone, k), reading in zip(places, typed or ()):
            table[zone][k] = reading
    return table


def _types_in_available(state: State) -> Mapping[str, list[str]]:
    """Seat colour -> the die types in its Available once the roll the engine waits for is made."""
    if state.pending_reroll is not None:
        seat = state.pending_reroll[0]
        return {state.seats[seat].colour: [t for t, _ in state.seats[seat].available]}
    rolling = {}
    for seat in rolling_seats(state):
        pools = state.seats[seat]
        rolled = [t for t, n in zip(DIE_TYPES, pools.spent) for _ in range(n)]
        rolling[pools.colour] = [t for t, _ in pools.available] + rolled
    return rolling
