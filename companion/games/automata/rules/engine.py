"""The rules engine: a new game, the legal actions, and applying an action.

In the spirit of OpenSpiel and python-chess::

    state = new_game(["red", "blue"])
    while not state.is_over:
        if state.is_chance_node:
            action = sample_chance(state, rng)        # or an outcome read by the camera
        else:
            action = legal_actions(state)[0]
        state = apply_action(state, action)           # raises IllegalAction, state unchanged

``apply_action`` never changes the state it is given.
"""
from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from typing import Optional, Sequence

from . import activation, chance, deployment
from .actions import (
    ACTIVATION_TYPES, CHANCE_TYPES, Action, CardAdjust, CardReroll, Combine, Forfeit, Nudge, Place, Reroll,
)
from .errors import IllegalAction
from .phase import DEPLOY
from .ruleset import Ruleset, default_ruleset
from .state import SeatState, State
from .vocabulary import DIE_INDEX

DEPLOYMENT_TYPES = (Place, Nudge, Reroll, Combine, CardAdjust, CardReroll)
ACTIVATION_TURN_TYPES = ACTIVATION_TYPES + (Forfeit,)


def new_game(colours: Sequence[str], rules: Optional[Ruleset] = None) -> State:
    """Setup (R1–R4): pools, gears, the Head pile and the Parts deck, before the chance events."""
    rules = rules or default_ruleset()
    if not rules.min_seats <= len(colours) <= rules.max_seats:
        raise IllegalAction("R1", f"Automata seats {rules.min_seats} to {rules.max_seats} players, not {len(colours)}")
    unknown = [c for c in colours if c not in rules.colours]
    if unknown or len(set(colours)) != len(colours):
        raise IllegalAction("R3", f"Seat colours must be different and among {', '.join(rules.colours)}")
    state = State(rules)
    for colour in colours:
        spent = [rules.start_spent.get(t, 0) for t in DIE_INDEX]
        reserve = [rules.dice_per_seat[t] - spent[i] for t, i in DIE_INDEX.items()]
        state.seats.append(SeatState(colour, rules.start_gears, 0, spent, reserve, [], [], [], []))
    state.staging = {area: [] for area in rules.areas}
    state.spaces = {area: [None] * rules.spaces_for(area, len(colours))
                    for area in rules.areas if area != "market" and rules.spaces_for(area, len(colours))}
    state.market = {space: None for space in rules.market_spaces}
    state.heads = list(rules.heads)
    state.deck = list(rules.parts)
    state.pending_order = True
    state.pending_deal = rules.display_size
    return state


def legal_actions(state: State) -> list[Action]:
    """Every legal decision of the seat to move, in a fixed order; empty at chance nodes and at the end."""
    if state.turn is None or state.is_over or state.is_chance_node:
        return []
    if state.phase == DEPLOY:
        actions = deployment.legal(state, state.turn)
    else:
        actions = activation.legal(state, state.turn)
    state.offered = tuple(actions)
    return actions


def check_action(state: State, action: Action) -> None:
    """Raise ``IllegalAction`` with the rule and a plain reason if ``action`` is not legal now."""
    if state.is_over:
        raise IllegalAction("Rulebook: Game End and Scoring", "The game is over")
    if isinstance(action, CHANCE_TYPES):
        chance.check(state, action)
        return
    if state.is_chance_node:
        raise IllegalAction("Rulebook: Game Round", f"The table is waiting for {chance.awaited(state)}")
    seat_index = state.seat_index(action.seat)
    if seat_index is None:
        raise IllegalAction("R3", f"There is no {action.seat} seat at this table")
    turn = state.turn
    if seat_index != turn:
        mover = "no one's" if turn is None else f"{state.seats[turn].colour}'s"
        raise IllegalAction("Rulebook: Turn order", f"It is {mover} turn, not {action.seat}'s")
    if state.phase == DEPLOY:
        if not isinstance(action, DEPLOYMENT_TYPES):
            raise IllegalAction("Rulebook: Deployment Phase", "During Deployment dice are modified and placed, not activated")
        deployment.check(state, seat_index, action)
    else:
        if not isinstance(action, ACTIVATION_TURN_TYPES):
            raise _no_modification_once_staged()
        activation.check(state, seat_index, action)


def apply_action(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself is never changed."""
    if not any(map(is_, state.offered, repeat(action))):  # what legal_actions or sample_chance offered is legal
        check_action(state, action)
    new = state.successor()
    if isinstance(action, CHANCE_TYPES):
        chance.apply(new, action)
        return new
    seat = new.turn
    assert seat is not None  # a legal decision is one of the seat to act
    if new.phase == DEPLOY:
        deployment.apply(new, seat, action)
    elif isinstance(action, ACTIVATION_TURN_TYPES):  # as every legal action of the Activation Phase is
        activation.apply(new, seat, action)
    else:
        raise _no_modification_once_staged()
    return new


def _no_modification_once_staged() -> IllegalAction:
    return IllegalAction("Rulebook: Deployment Phase", "Once a die is on a staging area it cannot be modified or moved")


def sample_chance(state: State, rng: random.Random) -> Action:
    """A random outcome for the chance event ``state`` waits for."""
    if not state.is_chance_node:
        raise IllegalAction("Rulebook: Game Round", "No roll or deal is awaited now")
    outcome = chance.sample(state, rng)
    state.offered = (outcome,)
    return outcome
