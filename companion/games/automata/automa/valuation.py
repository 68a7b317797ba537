"""What a seat's position is worth: the score estimate shared by the greedy bot and the Automa.

Realised points are the engine's own score; the rest values what is still in play
(gears, dice staged on an area) by what they will most likely turn into. The weights are
the project's estimates, tuned by simulation, not rules.
"""
from __future__ import annotations

from typing import Sequence

from ..rules import DIE_INDEX, State, group_sum, score_seat, upgrade_cost

ROUNDS = 5
PARTIAL_RESEARCH = 0.6  # share of a card's worth credited per share of its sum already staged
GEARS_USEFUL = 12       # gears beyond this are worth little: there is little left to spend them on
DIE_USE_PER_ROUND = {"d4": 0.8, "d6": 1.3, "d8": 1.8}  # what a die earns in a later round


def gear_value(state: State) -> float:
    """A gear buys dice, upgrades and cards while rounds remain; it scores nothing at the end."""
    return 0.15 if state.is_over else 0.3 + 0.1 * max(0, ROUNDS - state.round)


def gears_worth(state: State, gears: int) -> float:
    gv = gear_value(state)
    return min(gears, GEARS_USEFUL) * gv + max(0, gears - GEARS_USEFUL) * gv * 0.2


def card_value(state: State, seat: int, card_id: str) -> float:
    """Points a card adds to the seat's final score if bought now."""
    before = score_seat(state, seat).total
    trial = state.copy()
    trial_seat = trial.seats[seat]
    trial_seat.cards = sorted(trial_seat.cards + [card_id])
    if card_id in trial_seat.reserved:
        trial_seat.reserved.remove(card_id)
    gain: float = score_seat(trial, seat).total - before
    ability = state.rules.cards[card_id].ability
    rounds_left = max(0, ROUNDS - state.round)
    if ability.get("kind") == "sum_bonus":
        gain += 0.8 * rounds_left
    elif ability.get("kind") in ("plus_minus", "reroll"):
        gain += 0.6 * rounds_left
    return gain


def staged_potential(state: State, seat: int, area: str, dice: Sequence) -> float:
    """What activating ``dice`` together on ``area`` is likely worth to the seat."""
    if not dice:
        return 0.0
    rules = state.rules
    s = state.seats[seat]
    gv = gear_value(state)
    total = group_sum(state, s, tuple(dice), area)
    if area == "scavenge":
        return rules.scavenge_gears(total) * gv
    if area == "create":
        count = min(rules.create_capacity(total), s.reserve[0], s.gears)
        return count * (0.25 * max(0, ROUNDS - state.round) + 0.2)
    if area == "upgrade":
        d6 = min(sum(1 for t, _ in dice if t == "d6"), s.reserve[2])
        d4 = min(sum(1 for t, _ in dice if t == "d4"), s.reserve[1])
        if not d6 + d4 or upgrade_cost(state, d4, d6, total) > s.gears:
            return 0.0
        return d6 * 2.8 + d4 * 1.6 - upgrade_cost(state, d4, d6, total) * gv
    if area == "research":
        best = 0.0
        offers: list[str] = list(state.display) + list(s.reserved) + list(state.heads[:1])
        for card_id in offers:
            card = rules.cards[card_id]
            if s.gears >= card.gears:
                value = card_value(state, seat, card_id) - card.gears * gv
                if total < card.sum:  # dice saved towards it count for part of it
                    value *= PARTIAL_RESEARCH * total / card.sum
                best = max(best, value)
        return best
    if area == "market":
        by_type = {t: sum(1 for d, _ in dice if d == t) for t in DIE_INDEX}
        best = 0.0
        for space, slot in state.market.items():
            n = by_type[space]
            if slot is None and n:
                reward = rules.sell_rewards[space]
                value = reward["coins"] + reward["gears"] * gv - rules.dice_vp[space]
                best = max(best, n * value)
        return best
    return 0.0


def dice_future(state: State, seat: int) -> float:
    """Owned dice earn again in every round after this one."""
    if state.is_over:
        return 0.0
    rounds_left = max(0, ROUNDS - state.round)
    reserve = state.seats[seat].reserve
    return sum((state.rules.dice_per_seat[t] - reserve[i]) * DIE_USE_PER_ROUND[t] * rounds_left
               for t, i in DIE_INDEX.items())


def estimate(state: State, seat: int) -> float:
    """Final score so far plus what the seat's gears and staged dice are likely worth."""
    total = float(score_seat(state, seat).total)
    total += gears_worth(state, state.seats[seat].gears)
    total += dice_future(state, seat)
    for area, staged in state.staging.items():
        mine = [die for owner, die in staged if owner == seat]
        total += staged_potential(state, seat, area, mine)
    return total
