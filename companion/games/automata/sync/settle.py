"""Unsure readings settled by the engine: an unsure colour, type or value taken as the engine's where it vouches."""
from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import replace
from typing import Callable, Mapping, NamedTuple, Sequence

from .locations import Die, DieKind, Location, in_order
from .observe import Doubt, ObservedTable, UnsureValue

SURE_ASSIGNMENT = 0.95  # how likely the reader's odds must make one reading of several unsure dice
MOVED_ODDS = 0.1  # how much less likely an unsure die shows a value the engine has elsewhere than one it has there
CONTRADICTED = 0.02  # a value the reader gives less than this is not vouched for, even unsure


class Swap(NamedTuple):
    """A die read unsurely taken as the engine's die: where, as read, and the engine's die."""

    location: Location
    read: Die
    engine: Die


def settle_unsure_readings(expected: Mapping[Location, Counter], observed: ObservedTable) -> ObservedTable:
    """The table with unsure colours, types, then values, replaced by the engine's where it can vouch for them."""
    if observed.settled:
        return observed
    observed = _settle_unsure_types(expected, _settle_unsure_colours(expected, observed))
    return replace(_settle_unsure_values(expected, observed), settled=True)


def _engine_dice_for(expected: Mapping[Location, Counter], observed: ObservedTable,
                     unsure: Mapping[Location, Counter], kin: Callable[[Die, Die], bool]
                     ) -> tuple[dict[Location, Counter], list[Swap]]:
    """The table with each die of ``unsure`` (read unsurely in some way), where the engine has no such die,
    taken as the die the engine misses at that location that is ``kin`` to it, when exactly one kind is; and
    the swaps made."""
    dice = {location: Counter(counter) for location, counter in observed.dice.items()}
    swaps: list[Swap] = []
    for location, read in sorted(unsure.items()):
        want, have = expected.get(location, Counter()), dice[location]
        for die in in_order(read):
            if have[die] <= want[die]:
                continue  # the engine has such a die here
            missing = {m for m in want - have if kin(die, m)}
            if len(missing) != 1:
                continue
            engine_die = missing.pop()
            have[die] -= 1
            have[engine_die] += 1
            swaps.append(Swap(location, die, engine_die))
    return {location: +counter for location, counter in dice.items()}, swaps


def _settle_unsure_colours(expected: Mapping[Location, Counter], observed: ObservedTable) -> ObservedTable:
    """A die whose colour the camera could not read surely, where the engine has no such die, is taken as
    the die of that type (and value) of another seat that the engine misses at that location, when exactly
    one seat's is missing (a red D4 with large blue numerals, read as blue in a Reserve pool that lacks a
    red D4). What else was unsure about the die goes with it. A surely read colour is never overruled."""
    if not observed.unsure_colours:
        return observed
    dice, swaps = _engine_dice_for(expected, observed, observed.unsure_colours,
                                   lambda read, engine: read.seat != engine.seat
                                   and (read.die_type, read.value) == (engine.die_type, engine.value))
    unsure = {name: {location: Counter(counter) for location, counter in getattr(observed, name).items()}
              for name in ("unsure_values", "unsure_types")}
    odds = list(observed.value_odds)
    for location, read, engine_die in swaps:
        for counters in unsure.values():
            if counters.get(location, Counter())[read] > 0:
                counters[location][read] -= 1
                counters[location][engine_die] += 1
        k = next((k for k, entry in enumerate(odds) if (entry.location, entry.die) == (location, read)), None)
        if k is not None:
            odds[k] = odds[k]._replace(die=engine_die)
    settled = {name: {location: +counter for location, counter in counters.items()} for name, counters in unsure.items()}
    return replace(observed, dice=dice, value_odds=tuple(odds), unsure_values=settled["unsure_values"],
                   unsure_types=settled["unsure_types"])


def _settle_unsure_types(expected: Mapping[Location, Counter], observed: ObservedTable) -> ObservedTable:
    """A die whose type the camera could not read surely, where the engine has no such die, is taken as
    the die of its seat that the engine misses at that location, when exactly one kind is missing (a D8
    read as a D6 in a Reserve pool that lacks a D8). A surely read type is never overruled."""
    if not observed.unsure_types:
        return observed
    dice, swaps = _engine_dice_for(expected, observed, observed.unsure_types,
                                   lambda read, engine: read.seat == engine.seat and read.die_type != engine.die_type)
    unsure_values = {location: Counter(counter) for location, counter in observed.unsure_values.items()}
    for location, read, _ in swaps:
        if unsure_values.get(location, Counter())[read] > 0:
            unsure_values[location][read] -= 1  # the value came with the engine's die
    return replace(observed, dice=dice,
                   unsure_values={location: +counter for location, counter in unsure_values.items()})


def _settle_unsure_values(expected: Mapping[Location, Counter], observed: ObservedTable) -> ObservedTable:
    """The table with each unsure value replaced by the engine's, where the engine can vouch for it.

    A die whose value the camera could not read surely shows one of the values the engine has
    for dice of its seat and type that no surely read die accounts for: its colour and type
    were read, and putting a die down does not change its value. Where its unsure dice could
    show those values more than one way, a seat and type takes the way the reader's odds make
    at least ``SURE_ASSIGNMENT`` likely, each die showing a value the engine has for it at another
    location counting ``MOVED_ODDS`` against its way (dice mostly stay where they are). Where the
    odds make no way that likely, it takes the likeliest, and is marked ``guessed`` (below).
    Where the odds cannot weigh the ways (a die without odds), each die keeps its reading where the
    engine has that value there (a die no sure reading there accounts for); else takes a value the engine has for it at its location; else,
    once every die that can has taken one where it lies, (a die just moved) the one value left,
    if only one is. Where more than one value could still be the die's, its seat and type are
    marked ``guessed``: placements of such a die are proposed for a person to confirm, never
    played. A value the reader gives under ``CONTRADICTED`` is never vouched for, and a surely
    read value is never overruled.
    """
    if not observed.unsure_values:
        return observed
    dice = {location: Counter(counter) for location, counter in observed.dice.items()}
    unsure = _unsure_dice(observed)
    sure = {location: dice.get(location, Counter()) - observed.unsure_values.get(location, Counter())
            for location in observed.tracked}
    free: dict[DieKind, Counter] = {}  # values of each kind no sure reading accounts for
    for location in observed.tracked:
        for die, n in expected.get(location, Counter()).items():
            if die.value is not None:
                free.setdefault(die.kind, Counter())[die.value] += n
    for location in observed.tracked:
        for die, n in sure[location].items():
            if die.value is not None and die.kind in free:
                free[die.kind][die.value] -= n
    free = {kind: +values for kind, values in free.items()}
    first_free = {kind: Counter(values) for kind, values in free.items()}
    # The engine's dice at each location that no surely read die accounts for.
    room = {location: expected.get(location, Counter()) - sure[location] for location in observed.tracked}

    doubts: list[Doubt] = []

    def settle(location: Location, die: Die, value: int) -> None:
        if value != die.value:
            doubts.append(Doubt(location, die, value))
        free[die.kind][value] -= 1
        room[location][die._replace(value=value)] -= 1
        dice[location][die] -= 1
        dice[location][die._replace(value=value)] += 1

    resolved, likeliest = _resolve_by_odds(unsure, free, room, settle)
    for u, value in likeliest:
        settle(u.location, u.die, value)
    guessed_by_odds = {u.die.kind for u, _ in likeliest}
    unsure = [u for u in unsure if u.die.kind not in resolved and u.die.kind not in guessed_by_odds]
    left = []
    for u in unsure:  # the reading agrees with the engine
        read = u.die.value
        if read is not None and free.get(u.die.kind, Counter())[read] > 0 and room[u.location][u.die] > 0:
            settle(u.location, u.die, read)
        else:
            left.append(u)
    waiting = list(left)
    for just_moved in (False, True):  # the dice the engine has a value for where they lie first
        for u in list(waiting):
            values = [v for v, n in free.get(u.die.kind, Counter()).items() if n > 0 and _possible(u.odds, v)]
            here = sorted(v for v in values if room[u.location][u.die._replace(value=v)] > 0)
            if here or (just_moved and len(values) == 1):  # else a moved die could show any of several
                settle(u.location, u.die, (here or values)[0])
                waiting.remove(u)
    guessed = guessed_by_odds | {kind for kind in {u.die.kind for u in left}
                                 if kind in first_free and _ambiguous(kind, unsure, first_free[kind])}
    return replace(observed, dice={location: +counter for location, counter in dice.items()}, guessed=frozenset(guessed),
                   doubts=tuple(doubts))


def _unsure_dice(observed: ObservedTable) -> list[UnsureValue]:
    """Each die read with an unsure value, with the reader's odds where it gave them."""
    odds = list(observed.value_odds)
    out = []
    for location, dice in sorted(observed.unsure_values.items()):
        for die in in_order(dice):
            match = next((entry for entry in odds if (entry.location, entry.die) == (location, die)), None)
            if match is not None:
                odds.remove(match)
            out.append(UnsureValue(location, die, match.odds if match is not None else ()))
    return out


def _possible(odds: tuple[float, ...], value: int) -> bool:
    """Whether the reader leaves ``value`` possible (without odds, every value is)."""
    return not odds or (value <= len(odds) and odds[value - 1] >= CONTRADICTED)


def _resolve_by_odds(unsure: Sequence[UnsureValue], free: Mapping[DieKind, Counter],
                     room: Mapping[Location, Counter], settle: Callable[[Location, Die, int], None]
                     ) -> tuple[frozenset[DieKind], list[tuple[UnsureValue, int]]]:
    """Settle each kind whose unsure dice could show its free values more than one way, where the
    reader's odds make one way at least ``SURE_ASSIGNMENT`` likely among them all. Returns the kinds
    settled, and for the other such kinds each die with its value in the likeliest way.
    A way is weighed down by ``MOVED_ODDS`` for each die it puts where ``room`` has no such die."""
    resolved = []
    likeliest: list[tuple[UnsureValue, int]] = []
    for kind in sorted({u.die.kind for u in unsure}, key=lambda k: (k.seat is None, k)):
        values = list(free.get(kind, Counter()).elements())
        dice = [u for u in unsure if u.die.kind == kind]
        if not _ambiguous(kind, unsure, free.get(kind, Counter())) or not len(dice) <= len(values) <= 6 \
                or any(len(u.odds) < max(values) for u in dice):
            continue
        likelihood = {ways: math.prod(u.odds[v - 1] for u, v in zip(dice, ways))
                      * MOVED_ODDS ** _moved(dice, ways, room)
                      for ways in set(itertools.permutations(values, len(dice)))}
        best = max(likelihood, key=lambda ways: likelihood[ways])
        if likelihood[best] >= SURE_ASSIGNMENT * max(sum(likelihood.values()), 1e-12):
            for u, value in zip(dice, best):
                settle(u.location, u.die, value)
            resolved.append(kind)
        else:
            likeliest += zip(dice, best)
    return frozenset(resolved), likeliest


def _moved(dice: Sequence[UnsureValue], ways: Sequence[int], room: Mapping[Location, Counter]) -> int:
    """How many of ``dice``, showing the values ``ways``, lie where ``room`` has no such die for them."""
    shown = Counter((u.location, u.die._replace(value=value)) for u, value in zip(dice, ways))
    return sum(max(0, n - room.get(location, Counter())[die]) for (location, die), n in shown.items())


def _ambiguous(kind: DieKind, unsure: Sequence[UnsureValue], free: Counter) -> bool:
    """Whether the unsure dice of a kind could show the free values in more than one way that
    matters: they lie in several locations, or are fewer or more than the values, which differ."""
    where = [u.location for u in unsure if u.die.kind == kind]
    return len(free) > 1 and (len(set(where)) > 1 or len(where) != sum(free.values()))
