"""Turn order and phase changes: who acts next, and what happens between phases.

These functions change the (already copied) state in place; the engine calls them after
an action has been applied.
"""
from __future__ import annotations

from .phase import Phase
from .state import State
from .vocabulary import DIE_INDEX


def start_round(state: State) -> None:
    """Begin the Deployment Phase: every seat with dice in Spent rolls them."""
    state.phase = Phase.DEPLOY
    state.turn = None
    state.initiative = 0
    state.activation_track = []
    state.pending_rolls = []
    for seat in state.deploy_order:
        if sum(state.seats[seat].spent):
            state.pending_rolls.append(seat)
        else:
            state.activation_track.append(seat)  # R8: nothing to roll
    if not state.pending_rolls:
        next_deployment_turn(state, 0)


def next_deployment_turn(state: State, from_position: int) -> None:
    """The next seat on the Deployment track that still has dice to place, or Activation."""
    order = state.deploy_order
    n = len(order)
    for k in range(n):
        seat = order[(from_position + k) % n]
        if seat not in state.activation_track:
            state.turn = seat
            return
    begin_activation(state)


def end_deployment_turn(state: State, seat: int) -> None:
    if not state.seats[seat].available:
        state.activation_track = state.activation_track + [seat]
    next_deployment_turn(state, state.deploy_order.index(seat) + 1)


def begin_activation(state: State) -> None:
    state.phase = Phase.ACTIVATE
    state.deployment_track = [s for s in state.activation_track if not state.has_staged_dice(s)]  # R8
    state.initiative = 1
    next_activation_turn(state, 0)


def next_activation_turn(state: State, from_position: int) -> None:
    """R9: within an initiative seats act in activation order, skipping those with no such die."""
    order = state.activation_track
    n = len(order)
    while state.initiative <= state.rules.initiatives:
        showing = set()  # the seats with a staged die showing the initiative
        for dice in state.staging.values():
            for owner, die in dice:
                if die[1] == state.initiative:
                    showing.add(owner)
        for k in range(n):
            seat = order[(from_position + k) % n]
            if seat in showing:
                state.turn = seat
                return
        state.initiative += 1
        from_position = 0
    reset(state)


def end_activation_turn(state: State, seat: int) -> None:
    if seat not in state.deployment_track and not state.has_staged_dice(seat):
        state.deployment_track = state.deployment_track + [seat]  # R11
    next_activation_turn(state, state.activation_track.index(seat) + 1)


def reset(state: State) -> None:
    """R21: dice back to Spent, cards refreshed, display out of the game, a new deal or the end."""
    seats = [state.own_seat(i) for i in range(len(state.seats))]
    taken = [slot for slots in state.spaces.values() for slot in slots] + list(state.market.values())
    for slot in taken:
        if slot is not None:
            owner, types = slot
            for die_type in types:
                seats[owner].spent[DIE_INDEX[die_type]] += 1
    state.spaces = {area: [None] * len(slots) for area, slots in state.spaces.items()}
    state.market = dict.fromkeys(state.market)
    for seat in seats:
        seat.exhausted = []
    state.removed = sorted(state.removed + state.display)
    state.display = []
    state.turn = None
    state.initiative = 0
    if state.deck:
        state.phase = Phase.RESET
        state.round += 1
        state.deploy_order = state.deployment_track
        state.deployment_track = []
        state.activation_track = []
        state.pending_deal = min(state.rules.display_size, len(state.deck))
    else:
        state.phase = Phase.OVER
