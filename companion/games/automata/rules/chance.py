"""Chance events: the deployment order, card deals and die rolls.

Their outcomes are applied like actions. They come from a seeded random source
(``sample``) or from outside (a person, the camera); either way they are checked here.
"""
from __future__ import annotations

import random

from . import flow, pools
from .actions import Action, ChanceOutcome, Deal, Die, Order, Roll
from .errors import IllegalAction
from .state import State
from .vocabulary import DIE_TYPES


def awaited(state: State) -> str:
    """What the table is waiting for, in words."""
    if not state.is_chance_node:
        mover = "a move" if state.turn is None else f"{state.seats[state.turn].colour}'s move"
        return f"{mover}: no roll is awaited now"
    if state.pending_order:
        return "the deployment order"
    if state.pending_deal:
        return f"{state.pending_deal} Parts cards to be dealt"
    if state.pending_reroll:
        seat, die = state.pending_reroll
        return f"the reroll of {state.seats[seat].colour}'s {die[0].upper()} showing {die[1]}"
    colours = ", ".join(state.seats[s].colour for s in state.pending_rolls)
    return f"the roll of {colours}'s dice"


def _wrong_event(state: State) -> IllegalAction:
    return IllegalAction("Rulebook: Game Round", f"The table is waiting for {awaited(state)}")


def check(state: State, action: Action) -> None:
    rules = state.rules
    if isinstance(action, Order):
        if not state.pending_order:
            raise _wrong_event(state) if state.is_chance_node else IllegalAction("R4", "The deployment order is already set")
        if sorted(action.seats) != sorted(state.colours) or len(set(action.seats)) != len(action.seats):
            raise IllegalAction("R4", f"The order must name each seat once: {', '.join(state.colours)}")
        return
    if state.pending_order:
        raise _wrong_event(state)
    if isinstance(action, Deal):
        if not state.pending_deal:
            raise _wrong_event(state) if state.is_chance_node else IllegalAction("R21", "No cards are to be dealt now")
        if len(action.cards) != state.pending_deal:
            raise IllegalAction("R21", f"Deal exactly {state.pending_deal} Parts cards")
        missing = [c for c in action.cards if c not in state.deck]
        if missing or len(set(action.cards)) != len(action.cards):
            raise IllegalAction("R21", f"{', '.join(missing) or 'A card'} is not in the Parts deck (or is named twice)")
        return
    if not isinstance(action, Roll) or state.pending_deal:
        raise _wrong_event(state)
    seat_index = state.seat_index(action.seat)
    for die_type, value in action.dice:
        if not 1 <= value <= rules.faces.get(die_type, 0):
            raise IllegalAction("Rulebook: Modifying Dice", f"A {die_type.upper()} cannot show {value}")
    if state.pending_reroll:
        seat, die = state.pending_reroll
        if seat_index != seat or len(action.dice) != 1 or action.dice[0][0] != die[0]:
            raise _wrong_event(state)
        if action.dice[0][1] == die[1]:
            raise IllegalAction("R5", f"A reroll must end on a value other than {die[1]}: roll again")
        return
    if seat_index is None or seat_index not in state.pending_rolls:
        raise _wrong_event(state)
    spent = state.seats[seat_index].spent
    if [sum(1 for t, _ in action.dice if t == die_type) for die_type in DIE_TYPES] != spent:
        want = ", ".join(f"{n} {t.upper()}" for t, n in sorted(zip(DIE_TYPES, spent)) if n)
        raise IllegalAction("Rulebook: Deployment Phase", f"{action.seat} rolls all of its Spent dice: {want}")


def apply(state: State, action: ChanceOutcome) -> None:
    if isinstance(action, Order):
        colours = state.colours  # the order names each seat once (checked)
        state.deploy_order = [colours.index(c) for c in action.seats]
        state.pending_order = False
    elif isinstance(action, Deal):
        state.deck = pools.without(state.deck, action.cards)
        state.display = sorted(action.cards)
        state.pending_deal = 0
        flow.start_round(state)
    elif state.pending_reroll:
        reroller, die = state.pending_reroll
        available = state.own_seat(reroller).available
        available.remove(die)
        available.append(action.dice[0])
        available.sort()
        state.pending_reroll = None
    else:
        seat_index = state.seat_index(action.seat)
        assert seat_index is not None  # a seat awaiting its roll (checked)
        seat = state.own_seat(seat_index)
        seat.available = sorted(seat.available + list(action.dice))
        seat.spent = [0, 0, 0]
        state.pending_rolls = pools.without(state.pending_rolls, [seat_index])
        if not state.pending_rolls:
            flow.next_deployment_turn(state, 0)


def sample(state: State, rng: random.Random) -> Action:
    """A random outcome for the chance event the state waits for."""
    rules = state.rules
    if state.pending_order:
        colours = list(state.colours)
        rng.shuffle(colours)
        return Order(tuple(colours))
    if state.pending_deal:
        return Deal(tuple(sorted(rng.sample(state.deck, state.pending_deal))))
    if state.pending_reroll:
        seat, (die_type, old) = state.pending_reroll
        faces = [v for v in range(1, rules.faces[die_type] + 1) if v != old]
        return Roll(state.seats[seat].colour, ((die_type, rng.choice(faces)),))
    seat_index = state.pending_rolls[0]
    dice: list[Die] = []
    for die_type, count in zip(DIE_TYPES, state.seats[seat_index].spent):
        stop = rules.faces[die_type] + 1
        for _ in range(count):
            dice.append((die_type, rng.randrange(1, stop)))  # as randint(1, faces), one call less
    return Roll(state.seats[seat_index].colour, tuple(sorted(dice)))


