"""Legal moves that explain the table: the engine's moves after which it expects what the camera sees."""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Optional

from ..rules import (
    CHANCE_TYPES, Action, CardReroll, Create, Forfeit, IllegalAction, Phase, Place, Reroll, Research, Roll, Scavenge,
    Sell, State, Upgrade, apply_action, check_action, legal_actions,
)
from .locations import expected_dice, rolling_seats
from .observe import ObservedTable, differences

Moves = tuple[Action, ...]  # one decision, and the roll it causes when it causes one
NORMAL_MOVES = (Place, Roll, Scavenge, Create, Upgrade, Research, Sell, Forfeit)


def _seen_available(observed: ObservedTable, seat: int) -> list[tuple[str, int]]:
    return sorted((die.die_type, die.value) for die, n in observed.dice.get("available", Counter()).items()
                  if die.seat == seat and die.value is not None for _ in range(n))


def _roll_outcomes(state: State, observed: ObservedTable) -> list[Moves]:
    """The rolls the table shows: every pending seat's dice as they lie in the tray."""
    if "available" not in observed.tracked:
        return []
    if state.pending_reroll:
        seat, (die_type, old) = state.pending_reroll
        before = Counter(state.seats[seat].available)
        before[(die_type, old)] -= 1
        new = Counter(_seen_available(observed, seat)) - before
        return [(Roll(state.seats[seat].colour, (die,)),) for die in new if die[0] == die_type]
    rolls = []
    for seat in rolling_seats(state):
        seen = Counter(_seen_available(observed, seat)) - Counter(state.seats[seat].available)
        if seen:
            rolls.append(Roll(state.seats[seat].colour, tuple(sorted(seen.elements()))))
    return [tuple(rolls)] if rolls else []


def _candidate_sequences(state: State, observed: ObservedTable, seats: set[int]) -> Iterable[Moves]:
    if state.is_chance_node:
        yield from _roll_outcomes(state, observed)
        return
    colours = {state.seats[seat].colour for seat in seats}
    for action in legal_actions(state):
        if isinstance(action, CHANCE_TYPES) or action.seat not in colours:  # a decision of another seat
            continue
        if isinstance(action, (Reroll, CardReroll)):
            try:
                after = apply_action(state, action)
            except IllegalAction:
                continue
            for outcome in _roll_outcomes(after, observed):
                yield (action,) + outcome
        else:
            yield (action,)


def explanations(state: State, observed: ObservedTable, seats: Optional[set[int]] = None) -> list[Moves]:
    """Every legal sequence (one decision, plus the roll it causes) after which the engine
    expects exactly what the camera sees. Each is checked action by action with the engine."""
    found = []
    seats = seats if seats is not None else set(range(len(state.seats)))
    before = expected_dice(state)
    for sequence in _candidate_sequences(state, observed, seats):
        after = state
        try:
            for action in sequence:
                check_action(after, action)
                after = apply_action(after, action)
        except IllegalAction:
            continue
        expected = expected_dice(after)
        changed = {loc for loc in set(before) | set(expected) if before.get(loc) != expected.get(loc)}
        if changed <= observed.tracked and not any(differences(expected, observed)):
            found.append(sequence)  # only moves whose every change the camera saw
    return found


def placement_chains(state: State, observed: ObservedTable, limit: int = 8) -> list[Moves]:
    """Two or more placements in turn that together explain the table: people may place faster
    than the table settles. Only placements the differences point at are tried; orders that
    end in the same game (a seat's own two dice placed either way round) count once."""
    chains: dict[str, Moves] = {}

    def extend(current: State, chain: Moves) -> None:
        missing, extra = differences(expected_dice(current), observed)
        if not missing and not extra:
            if len(chain) >= 2:
                chains.setdefault(current.dumps(), chain)
            return
        if len(chain) == limit or current.phase != Phase.DEPLOY or current.is_chance_node or current.turn is None:
            return
        seat = current.turn
        gone = {(die.die_type, die.value) for location, die in missing if location == "available" and die.seat == seat}
        arrived = sorted({(location.split(".", 1)[1], (die.die_type, die.value)) for location, die in extra
                          if location.startswith("staging.") and die.seat == seat and die.value is not None})
        for area, die in arrived:
            if die not in gone:
                continue
            action = Place(current.seats[seat].colour, die, area)
            try:
                after = apply_action(current, action)
            except IllegalAction:
                continue
            extend(after, chain + (action,))

    extend(state, ())
    return list(chains.values())
