"""The Deployment Phase: modifying Available dice and placing one on a staging area."""
from __future__ import annotations

from typing import Mapping, Sequence

from . import flow, pools
from .actions import Action, CardAdjust, CardReroll, Combine, Die, Nudge, Place, Reroll, die_text
from .errors import IllegalAction
from .memo import Memo
from .ruleset import Card, Ruleset
from .state import SeatState, State
from .vocabulary import DIE_INDEX

MODIFY = "Rulebook: Modifying Dice"


def _faces(state: State, die_type: str) -> int:
    return state.rules.faces[die_type]


def _require_available(seat: SeatState, dice: Sequence[Die]) -> None:
    if not pools.contains(seat.available, dice):
        missing = ", ".join(die_text(d) for d in dice)
        raise IllegalAction("Rulebook: Modifying Dice", f"{seat.colour} has no Available {missing}")


def _require_face(state: State, die_type: str, value: int) -> None:
    if not 1 <= value <= _faces(state, die_type):
        raise IllegalAction(MODIFY, f"A {die_type.upper()} cannot show {value}: no die may go beyond its faces")


def _require_gears(seat: SeatState, cost: int, what: str) -> None:
    if seat.gears < cost:
        raise IllegalAction("R6", f"{what} costs {cost} gear and {seat.colour} has {seat.gears}")


def _active_card(state: State, seat: SeatState, card_id: str, kind: str) -> Card:
    card = state.rules.cards.get(card_id)
    if card_id not in seat.cards or card is None:
        raise IllegalAction("R19", f"{seat.colour} does not own card {card_id}")
    if card.ability.get("kind") != kind:
        raise IllegalAction("R19", f"Card {card_id} has no such ability")
    if card_id in seat.exhausted:
        raise IllegalAction("R20", f"Card {card_id} is exhausted until the Reset")
    return card


def check(state: State, seat_index: int, action: Action) -> None:
    seat = state.seats[seat_index]
    rules = state.rules
    if isinstance(action, Place):
        _require_available(seat, [action.die])
        if action.area not in rules.areas:
            raise IllegalAction("Rulebook: Deployment Phase", f"'{action.area}' is not a staging area")
    elif isinstance(action, Nudge):
        if action.delta not in (1, -1):
            raise IllegalAction("R6", "Paying gears adds or subtracts exactly one")
        _require_gears(seat, rules.plus_minus_cost, "A ±1")
        _require_available(seat, [action.die])
        _require_face(state, action.die[0], action.die[1] + action.delta)
    elif isinstance(action, Reroll):
        _require_gears(seat, rules.reroll_cost, "A reroll")
        _require_available(seat, [action.die])
    elif isinstance(action, Combine):
        if action.sign not in (1, -1):
            raise IllegalAction("R7", "Combining adds or subtracts the spent die's value")
        _require_available(seat, [action.target, action.spent])
        _require_face(state, action.target[0], action.target[1] + action.sign * action.spent[1])
    elif isinstance(action, CardAdjust):
        card = _active_card(state, seat, action.card, "plus_minus")
        amount, most = card.ability["amount"], card.ability["dice"]
        if not 1 <= len(action.changes) <= most:
            raise IllegalAction("R19", f"Card {action.card} changes up to {most} die" + ("" if most == 1 else "s"))
        named = [d for d, _ in action.changes]
        _require_available(seat, sorted(set(named)))
        if not pools.contains(seat.available, named):
            raise IllegalAction("R27", f"Card {action.card} changes different dice, never the same die twice")
        for die, delta in action.changes:
            if delta not in (amount, -amount):
                raise IllegalAction("R19", f"Card {action.card} adds or subtracts exactly {amount}")
            _require_face(state, die[0], die[1] + delta)
    elif isinstance(action, CardReroll):
        _active_card(state, seat, action.card, "reroll")
        _require_available(seat, [action.die])
    else:  # pragma: no cover - the engine only routes deployment actions here
        raise IllegalAction("Rulebook: Deployment Phase", f"'{action}' is not a Deployment action")


def _replace(seat: SeatState, old: Die, new: Die) -> None:
    seat.available.remove(old)
    pools.add(seat.available, new)


def apply(state: State, seat_index: int, action: Action) -> None:
    seat = state.own_seat(seat_index)
    rules = state.rules
    if isinstance(action, Place):
        seat.available.remove(action.die)
        placed = pools.with_item(state.staging[action.area], (seat_index, action.die))
        state.staging = {**state.staging, action.area: placed}
        flow.end_deployment_turn(state, seat_index)
    elif isinstance(action, Nudge):
        seat.gears -= rules.plus_minus_cost
        _replace(seat, action.die, (action.die[0], action.die[1] + action.delta))
    elif isinstance(action, Reroll):
        seat.gears -= rules.reroll_cost
        state.pending_reroll = (seat_index, action.die)
    elif isinstance(action, Combine):
        seat.available.remove(action.spent)
        seat.spent[DIE_INDEX[action.spent[0]]] += 1
        _replace(seat, action.target, (action.target[0], action.target[1] + action.sign * action.spent[1]))
    elif isinstance(action, CardAdjust):
        seat.exhausted = sorted(seat.exhausted + [action.card])
        pools.remove(seat.available, [d for d, _ in action.changes])
        for die, delta in action.changes:
            pools.add(seat.available, (die[0], die[1] + delta))
    elif isinstance(action, CardReroll):
        seat.exhausted = sorted(seat.exhausted + [action.card])
        state.pending_reroll = (seat_index, action.die)


class _Moves:
    """One colour's Deployment actions with each die (and each spent die), made once and then shared.

    Plain dicts, filled for every die type and every value up to the largest face, so that each
    lookup is a dict's fastest.
    """

    def __init__(self, rules: Ruleset, colour: str) -> None:
        faces = rules.faces
        dice = [(t, v) for t in rules.die_types for v in range(1, max(faces.values()) + 1)]
        self.places: dict[Die, tuple[Action, ...]] = {
            die: tuple(Place(colour, die, area) for area in rules.areas) for die in dice}
        self.nudges: dict[Die, tuple[Action, ...]] = {die: _nudges(colour, die, faces) for die in dice}
        self.rerolls: dict[Die, tuple[Action, ...]] = {die: (Reroll(colour, die),) for die in dice}
        self.combines: dict[Die, dict[Die, tuple[Action, ...]]] = {  # target, then spent
            target: {spent: _combines(colour, target, spent, faces) for spent in dice} for target in dice}


def _nudges(colour: str, die: Die, faces: Mapping[str, int]) -> tuple[Action, ...]:
    die_type, value = die
    return tuple(Nudge(colour, die, delta) for delta, ok in ((-1, value > 1), (1, value < faces[die_type])) if ok)


def _combines(colour: str, target: Die, spent: Die, faces: Mapping[str, int]) -> tuple[Action, ...]:
    return tuple(Combine(colour, target, sign, spent) for sign in (-1, 1)
                 if 1 <= target[1] + sign * spent[1] <= faces[target[0]])


def _moves(rules: Ruleset) -> Memo[str, _Moves]:
    return Memo(lambda colour: _Moves(rules, colour))


def legal(state: State, seat_index: int) -> list[Action]:
    """Every Deployment action of the seat to move, in a fixed order."""
    seat = state.seats[seat_index]
    rules = state.rules
    moves = rules.tables[_moves][seat.colour]
    dice: list[Die] = []  # the different Available dice, in order (the pool is sorted)
    actions: list[Action] = []
    for die in seat.available:
        if not dice or dice[-1] != die:
            dice.append(die)
            actions += moves.places[die]
    if seat.gears >= rules.plus_minus_cost:
        for die in dice:
            actions += moves.nudges[die]
    if seat.gears >= rules.reroll_cost:
        for die in dice:
            actions += moves.rerolls[die]
    for target in dice:
        with_target = moves.combines[target]
        for spent in dice:
            if spent is target and seat.available.count(spent) < 2:  # dice holds each die once
                continue
            actions += with_target[spent]
    for card_id in seat.cards:
        if card_id in seat.exhausted:
            continue
        ability = rules.cards[card_id].ability
        kind = ability.get("kind")
        if kind == "reroll":
            actions.extend(CardReroll(seat.colour, card_id, die) for die in dice)
        elif kind == "plus_minus":
            actions.extend(_adjustments(seat, card_id, ability["amount"], ability["dice"], rules.faces))
    return actions


def _adjustments(seat: SeatState, card_id: str, amount: int, most: int, faces: Mapping[str, int]) -> list[Action]:
    dice = pools.distinct(seat.available)
    single = [((t, v), d) for t, v in dice for d in (-amount, amount) if 1 <= v + d <= faces[t]]
    out: list[Action] = [CardAdjust(seat.colour, card_id, (change,)) for change in single]
    if most >= 2:
        for i, first in enumerate(single):
            for second in single[i:]:
                if first[0] == second[0] and seat.available.count(first[0]) < 2:
                    continue  # two changes on one die
                out.append(CardAdjust(seat.colour, card_id, (first, second)))
    return out
