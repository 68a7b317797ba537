"""Dice read as the types the game knows were rolled.

When the game waits for a roll it knows how many dice of each type are rolled, though not which die is which.
``with_types`` gives each reading one of those types, so that every type rolled is used as often as it was rolled
and the readings' odds of their types are likeliest together. A die read as the type it is given keeps its value,
and is no surer of its type than the chance that it is of that type, given the types rolled: two dice read as D6
where a D6 and a D8 were rolled both become unsure. It never becomes surer: a reader unsure of a die's type is
often wrong about its value too. A die given another type is read by that type's values, and keeps its own odds
of that type as its type confidence. Those odds are under one half (the type was not the likeliest), so a person
confirms the die: the value is offered, not played.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from typing import Optional, Sequence

from vision.readings import DIE_TYPES, DieReading

LEAST_ODDS = 1e-9  # a type the reader gives no chance at all still ranks, below every other
Left = tuple[int, ...]  # how many dice of each of ``DIE_TYPES`` are left to give
NONE_LEFT: Left = (0,) * len(DIE_TYPES)


def with_types(readings: Sequence[DieReading], rolled: Sequence[str]) -> Optional[list[DieReading]]:
    """``readings`` (in their order), each read as the type given to it among ``rolled`` (one die type per die
    rolled), none surer of its type than the types rolled allow; None where the dice found are not as many as the
    dice rolled, or where one would change type and the reader kept no odds for it."""
    counts = Counter(rolled)
    if len(readings) != len(rolled) or any(t not in DIE_TYPES for t in counts):
        return None
    odds = [_type_odds(r) for r in readings]
    types = _likeliest_types(odds, counts)
    if any(t != r.die_type and not r.type_value_probabilities for r, t in zip(readings, types)):
        return None
    marginals = _type_marginals(odds, counts)
    return [as_type(r, t) if t != r.die_type else replace(r, type_confidence=min(r.type_confidence, m[t]))
            for r, t, m in zip(readings, types, marginals)]


def as_type(reading: DieReading, die_type: str) -> DieReading:
    """``reading`` read as a die of ``die_type``: its likeliest value of that type, and that type's odds, which
    also bound the value's confidence (the value was read by a reader that took the die for another type)."""
    if die_type == reading.die_type:
        return reading
    joint = reading.type_value_probabilities[die_type]
    of_type = max(sum(joint), LEAST_ODDS)
    values = tuple(v / of_type for v in joint)
    value = max(range(len(values)), key=values.__getitem__) + 1
    type_odds = _type_odds(reading)[die_type]
    return replace(reading, die_type=die_type, value=value, type_confidence=type_odds,
                   value_confidence=min(values[value - 1], type_odds), value_probabilities=values)


def _type_odds(reading: DieReading) -> dict[str, float]:
    """P(each type | a die); a reading without the reader's odds is sure of the type it was read as."""
    if not reading.type_value_probabilities:
        return {t: float(t == reading.die_type) for t in DIE_TYPES}
    sums = {t: sum(reading.type_value_probabilities.get(t, ())) for t in DIE_TYPES}
    total = max(sum(sums.values()), LEAST_ODDS)
    return {t: s / total for t, s in sums.items()}


def _likeliest_types(odds: Sequence[dict[str, float]], counts: Counter) -> list[str]:
    """One type per die, ``counts[t]`` of each, whose odds multiplied are the greatest (dynamic programming over
    how many of each type are left to give; on a tie the earlier type in ``DIE_TYPES``)."""
    best: dict[Left, tuple[float, tuple[str, ...]]] = {_left(counts): (0.0, ())}
    for die in odds:
        following: dict[Left, tuple[float, tuple[str, ...]]] = {}
        for left, (score, given) in best.items():
            for k, die_type in _types_left(left):
                after = _given_one(left, k, -1)
                option = (score + math.log(max(die[die_type], LEAST_ODDS)), given + (die_type,))
                if after not in following or option[0] > following[after][0]:
                    following[after] = option
        best = following
    return list(best[NONE_LEFT][1])


def _type_marginals(odds: Sequence[dict[str, float]], counts: Counter) -> list[dict[str, float]]:
    """P(each die is of each type | the types rolled), the dice's odds taken as independent."""
    # forward[i]: the dice before die i, by the types they leave; backward[i]: die i on, by the types they take
    forward: list[dict[Left, float]] = [{_left(counts): 1.0}]
    for die in odds:
        step: dict[Left, float] = {}
        for left, weight in forward[-1].items():
            for k, die_type in _types_left(left):
                after = _given_one(left, k, -1)
                step[after] = step.get(after, 0.0) + weight * die[die_type]
        forward.append(step)
    backward: list[dict[Left, float]] = [{NONE_LEFT: 1.0}]
    for die in reversed(odds):
        step = {}
        for taken, weight in backward[0].items():
            for k, die_type in enumerate(DIE_TYPES):
                before = _given_one(taken, k, +1)
                step[before] = step.get(before, 0.0) + weight * die[die_type]
        backward.insert(0, step)
    marginals = []
    for i, die in enumerate(odds):
        weights = dict.fromkeys(DIE_TYPES, 0.0)
        for left, weight in forward[i].items():
            for k, die_type in _types_left(left):
                weights[die_type] += weight * die[die_type] * backward[i + 1].get(_given_one(left, k, -1), 0.0)
        total = sum(weights.values())
        marginals.append({t: w / total if total else float(t == max(die, key=die.__getitem__))
                          for t, w in weights.items()})
    return marginals


def _left(counts: Counter) -> Left:
    return tuple(counts[t] for t in DIE_TYPES)


def _types_left(left: Left) -> list[tuple[int, str]]:
    """(index, type) of each type with a die left to give."""
    return [(k, t) for k, t in enumerate(DIE_TYPES) if left[k]]


def _given_one(left: Left, k: int, change: int) -> Left:
    """``left`` with one more (``change`` +1) or one fewer (-1) of type ``k``."""
    return left[:k] + (left[k] + change,) + left[k + 1:]
