"""Where dice are: the layout's zones as the engine's locations, and the engine's dice at each.

The engine cannot know where a die lies inside a pool, so dice are compared as multisets per
location and seat colour. The roll tray and a seat's Available zone are both "Available"; on
action spaces, Spent and Reserve only die types count (the engine keeps no values there).
"""
from __future__ import annotations

from collections import Counter
from typing import Mapping, NamedTuple, Optional

from calibration.layout import TRAY, seat_pool

from ..rules import DIE_TYPES, State

Location = str  # "available", "staging.<area>", "spaces.<area>", "spent", "reserve"
VALUED = ("available", "staging.")  # locations where the engine knows each die's value


class DieKind(NamedTuple):
    """A seat's dice of one type; seat None for a colour not at the table."""

    seat: Optional[int]
    die_type: str


class Die(NamedTuple):
    """A die as the engine has it or the camera reads it; value None where the engine keeps none."""

    seat: Optional[int]
    die_type: str
    value: Optional[int]

    @property
    def kind(self) -> DieKind:
        return DieKind(self.seat, self.die_type)


class LocatedDie(NamedTuple):
    location: Location
    die: Die


def zone_location(zone: str) -> Optional[Location]:
    """The engine location a zone of the layout shows."""
    if zone == TRAY:
        return "available"
    pool = seat_pool(zone)
    if pool is not None:
        return pool
    head, _, tail = zone.partition(".")
    return zone if head in ("staging", "spaces") and tail else None


def rolling_seats(state: State) -> list[int]:
    """The seats whose rolls the engine waits for from the table: none while it still waits for the turn order
    or the deal. (A die rerolled is ``state.pending_reroll``.)"""
    return list(state.pending_rolls) if not state.pending_order and not state.pending_deal else []


def keeps_values(location: Location) -> bool:
    return location.startswith(VALUED)


def expected_dice(state: State) -> dict[Location, Counter]:
    """Every die the engine has on the table, by location, as :class:`Die`."""
    table: dict[Location, Counter] = {"available": Counter(), "spent": Counter(), "reserve": Counter()}
    for seat, pools in enumerate(state.seats):
        for die_type, value in pools.available:
            table["available"][Die(seat, die_type, value)] += 1
        for die_type, spent, reserve in zip(DIE_TYPES, pools.spent, pools.reserve):
            if spent:
                table["spent"][Die(seat, die_type, None)] += spent
            if reserve:
                table["reserve"][Die(seat, die_type, None)] += reserve
    for area, dice in state.staging.items():
        table[f"staging.{area}"] = Counter(Die(seat, t, v) for seat, (t, v) in dice)
    for area, slots in state.spaces.items():
        table[f"spaces.{area}"] = Counter(Die(slot[0], t, None) for slot in slots if slot for t in slot[1])
    market = Counter(Die(slot[0], t, None) for slot in state.market.values() if slot for t in slot[1])
    table["spaces.market"] = market
    return table


def vouched_dice(state: State, expected: Mapping[Location, Counter]) -> Mapping[Location, Counter]:
    """Of the engine's dice (``expected_dice(state)``), those whose values can stand in for unsure readings:
    all but a die being rerolled, which must come to show another value (R5)."""
    if not (state.is_chance_node and state.pending_reroll):
        return expected
    seat, (die_type, old) = state.pending_reroll
    return {**expected, "available": expected["available"] - Counter({Die(seat, die_type, old): 1})}


def die_order(die: Die) -> tuple:
    """The order alerts list dice in: by seat, type, value."""
    seat, die_type, value = die
    return (-1 if seat is None else seat, die_type, -1 if value is None else value)


def in_order(dice: Counter) -> list[Die]:
    """Each die of ``dice``, in the order alerts list them."""
    return sorted(dice.elements(), key=die_order)
