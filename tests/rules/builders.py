"""Build positions for rule tests: a real game played to a phase, then the dice of the example."""
from __future__ import annotations

from typing import Optional, Sequence

from companion.games.automata.rules import DIE_INDEX, Deal, Order, Phase, State, apply_action, new_game, parse_die
from companion.games.automata.rules.flow import next_activation_turn


def dice(text: str) -> list:
    return sorted(parse_die(t) for t in text.split())


def started(colours: Sequence[str], order: Optional[Sequence[str]] = None) -> State:
    """A new game with its deployment order and first deal, waiting for the rolls."""
    state = new_game(colours)
    state = apply_action(state, Order(tuple(order or colours)))
    return apply_action(state, Deal(("A1", "L1", "T1")))


def _take_from_spent_or_reserve(state: State, seat: int, die_type: str) -> None:
    pools = state.seats[seat]
    i = DIE_INDEX[die_type]
    if pools.spent[i]:
        pools.spent[i] -= 1
    else:
        pools.reserve[i] -= 1


def deployment_state(colours: Sequence[str], available: dict[str, str], gears: Optional[dict[str, int]] = None) -> State:
    """Deployment with the first seat of ``colours`` to move and the given Available dice."""
    state = started(colours)
    state.pending_rolls = []
    for colour, text in available.items():
        seat = state.seat_index(colour)
        for die in dice(text):
            _take_from_spent_or_reserve(state, seat, die[0])
        state.seats[seat].available = dice(text)
    for colour, n in (gears or {}).items():
        state.seats[state.seat_index(colour)].gears = n
    state.turn = 0
    return state


def activation_state(colours: Sequence[str], staging: dict[str, dict[str, str]], initiative: int = 1,
                     gears: Optional[dict[str, int]] = None, reserve: Optional[dict[str, dict[str, int]]] = None) -> State:
    """Activation at ``initiative`` with the given dice on staging areas (colour -> area -> dice)."""
    state = started(colours)
    state.pending_rolls = []
    for colour, areas in staging.items():
        seat = state.seat_index(colour)
        for area, text in areas.items():
            for die in dice(text):
                _take_from_spent_or_reserve(state, seat, die[0])
                state.staging[area].append((seat, die))
            state.staging[area].sort()
    for colour, n in (gears or {}).items():
        state.seats[state.seat_index(colour)].gears = n
    for colour, counts in (reserve or {}).items():
        pools = state.seats[state.seat_index(colour)]
        for die_type, n in counts.items():
            moved = pools.reserve[DIE_INDEX[die_type]] - n
            pools.reserve[DIE_INDEX[die_type]] = n
            pools.spent[DIE_INDEX[die_type]] += moved
    state.activation_track = list(range(len(colours)))
    state.phase = Phase.ACTIVATE
    state.deployment_track = [s for s in state.activation_track if not state.has_staged_dice(s)]
    state.initiative = initiative
    next_activation_turn(state, 0)
    return state
