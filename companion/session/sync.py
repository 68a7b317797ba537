"""Table sync: where the engine expects every die, against where the camera sees them.

The comparison is a pure function, :func:`sync_table`, over the engine state and the dice
seen per zone. It answers with a :class:`SyncReport`:

* *in sync*: the table shows what the engine expects (where an unsure reading took the engine's
  value and the two differ, it is kept as a :class:`Doubt`, for a person to look at);
* *a move*: the difference is exactly what a normal legal move does (a die taken from the
  roll tray to a staging area, a roll, an activation); it is proposed, and a placement or a
  roll can be played without a tap;
* *mismatches*: anything else, each with a plain sentence and what to do to put the table
  back; where a legal action (checked by the engine) would make the engine match the table,
  e.g. a paid +1, it is offered as the other way out ("accept the table").

The engine cannot know where a die lies inside a pool, so dice are compared as multisets per
location and seat colour. The roll tray and a seat's Available zone are both "Available";
on action spaces, Spent and Reserve only die types count (the engine keeps no values there).
Where readings tell where each die lies (``spot``), :class:`TableSync` also remembers where a
seat's dice of one type at one location lay, when they were last all read surely and matched
the game: a die found in the same spot showing another value, where the game changed nothing
of those dice since, was turned by hand (:func:`turned_in_place`), even when a misreading
elsewhere hides it from the multisets.

:class:`TableSync` is the small stateful part the session calls after each settle: it plays
proposed placements and rolls, keeps the alert until the table or the engine is put right,
and keeps the panel's LEDs blinking for the seats concerned while it lasts.
"""
from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable, Dict, FrozenSet, Iterable, List, Mapping, Optional, Sequence, Tuple

from ..rules import IllegalAction, State, apply_action, check_action, legal_actions
from ..rules.actions import (
    Action, CardReroll, Create, Forfeit, Place, Research, Reroll, Roll, Scavenge, Sell, Upgrade,
)
from ..rules.activation import AREA_NAMES
from ..rules.state import DIE_TYPES

Location = str  # "available", "staging.<area>", "spaces.<area>", "spent", "reserve"
Token = Tuple[Optional[int], str, Optional[int]]  # (seat or None for a colour not at the table, die type, value)
Moves = Tuple[Action, ...]  # one decision, and the roll it causes when it causes one

VALUED = ("available", "staging.")  # locations where the engine knows each die's value
NORMAL_MOVES = (Place, Roll, Scavenge, Create, Upgrade, Research, Sell, Forfeit)
AUTOMATIC_MOVES = (Place, Roll)  # played without a tap when they are the only explanation
SURE_ASSIGNMENT = 0.95  # how likely the reader's odds must make one reading of several unsure dice
MOVED_ODDS = 0.1  # how much less likely an unsure die shows a value the engine has elsewhere than one it has there
CONTRADICTED = 0.02  # a value the reader gives less than this is not vouched for, even unsure
SAME_SPOT = 0.5  # dice whose spots are this close (die widths) lie in the same place
LEFT_VALUE_ODDS = 0.1  # a die left in place read unsurely with odds under this of the value it showed was turned


def zone_location(zone: str) -> Optional[Location]:
    """The engine location a zone of the layout shows."""
    if zone == "tray":
        return "available"
    head, _, tail = zone.partition(".")
    if head.startswith("seat") and tail in ("available", "spent", "reserve"):
        return tail
    if head in ("staging", "spaces") and tail:
        return zone
    return None


def keeps_values(location: Location) -> bool:
    return location.startswith(VALUED)


def location_text(location: Location) -> str:
    """A location's name in a sentence: 'the roll tray (Available)', 'the Create staging area'."""
    if location == "available":
        return "the roll tray (Available)"
    if location in ("spent", "reserve"):
        return f"the {location.title()} pool"
    head, _, area = location.partition(".")
    name = AREA_NAMES.get(area, area.title())
    if head == "staging":
        return f"the {name} staging area"
    return "the Market spaces" if area == "market" else f"the {name} action spaces"


def _at(location: Location) -> str:
    """The location with its preposition: 'in the roll tray', 'on the Create staging area'."""
    return ("on " if location.startswith(("staging.", "spaces.")) else "in ") + location_text(location)


# ---- what the engine expects ---------------------------------------------------------------

def expected_dice(state: State) -> Dict[Location, Counter]:
    """Every die the engine has on the table, by location, as (seat, type, value or None)."""
    table: Dict[Location, Counter] = {"available": Counter(), "spent": Counter(), "reserve": Counter()}
    for seat, pools in enumerate(state.seats):
        for die_type, value in pools.available:
            table["available"][(seat, die_type, value)] += 1
        for die_type, spent, reserve in zip(DIE_TYPES, pools.spent, pools.reserve):
            if spent:
                table["spent"][(seat, die_type, None)] += spent
            if reserve:
                table["reserve"][(seat, die_type, None)] += reserve
    for area, dice in state.staging.items():
        table[f"staging.{area}"] = Counter((seat, t, v) for seat, (t, v) in dice)
    for area, slots in state.spaces.items():
        table[f"spaces.{area}"] = Counter((slot[0], t, None) for slot in slots if slot for t in slot[1])
    market = Counter((slot[0], t, None) for slot in state.market.values() if slot for t in slot[1])
    table["spaces.market"] = market
    return table


def vouched_dice(state: State, expected: Mapping[Location, Counter]) -> Mapping[Location, Counter]:
    """Of the engine's dice (``expected_dice(state)``), those whose values can stand in for unsure readings:
    all but a die being rerolled, which must come to show another value (R5)."""
    if not (state.is_chance_node and state.pending_reroll):
        return expected
    seat, (die_type, old) = state.pending_reroll
    return {**expected, "available": expected["available"] - Counter({(seat, die_type, old): 1})}


# ---- what the camera sees --------------------------------------------------------------------

@dataclass(frozen=True)
class Doubt:
    """A die read with an unsure value that the engine's value stood in for, where the two differ: the table
    is taken as matching the game, but a person may want to look (a die turned where it lay, read unsurely,
    is seen this way when the reader still leaves its old value likely)."""

    location: Location
    read: Token  # as the camera read it
    value: int  # the engine's value that stood in for the reading

    def sentence(self, colours: Sequence[str]) -> str:
        seat, die_type, seen = self.read
        return (f"{_capital(_die_words(colours, seat, die_type, None))} {_at(self.location)} looks like {seen} "
                f"to the camera, which is unsure; the game has {self.value}.")


@dataclass(frozen=True)
class ObservedTable:
    """Dice seen per location (only locations whose zones were found count)."""

    dice: Mapping[Location, Counter]
    tracked: FrozenSet[Location]
    uncertain: Tuple[object, ...] = ()  # readings below the confidence threshold, for a person to check
    unsure_values: Mapping[Location, Counter] = field(default_factory=dict)  # tokens of ``dice`` read unsurely
    unsure_types: Mapping[Location, Counter] = field(default_factory=dict)  # tokens whose type was read unsurely
    unsure_colours: Mapping[Location, Counter] = field(default_factory=dict)  # tokens whose colour was read unsurely
    value_odds: Tuple[Tuple[Location, Token, Tuple[float, ...]], ...] = ()  # the reader's odds per unsure value
    settled: bool = False  # unsure readings already settled by the engine (``settle_unsure_readings``)
    guessed: FrozenSet[Tuple[Optional[int], str]] = frozenset()  # (seat, type) whose unsure values were guessed
    doubts: Tuple[Doubt, ...] = ()  # unsure values the engine stood in for with another value

    @classmethod
    def from_zones(cls, readings_by_zone: Mapping[str, Iterable[object]], colours: Sequence[str],
                   min_confidence: float = 0.0) -> "ObservedTable":
        """Readings (``die_type``, ``value``, ``colour``) grouped by zone name -> dice per location.

        A reading whose ``value_confidence`` (or ``type_confidence``, ``colour_confidence``; else
        ``confidence``) is below ``min_confidence`` counts as an unsure value (type, colour):
        :func:`settle_unsure_readings` lets the engine's stand for it where the engine can vouch for it.
        """
        seat_of = {colour: seat for seat, colour in enumerate(colours)}
        dice: Dict[Location, Counter] = {}
        unsure: Dict[Location, Counter] = {}
        unsure_types: Dict[Location, Counter] = {}
        unsure_colours: Dict[Location, Counter] = {}
        odds = []
        uncertain = []
        for zone, readings in readings_by_zone.items():
            location = zone_location(zone)
            if location is None:
                continue
            counter = dice.setdefault(location, Counter())
            for reading in readings:
                value = reading.value if keeps_values(location) else None
                token = (seat_of.get(reading.colour), reading.die_type, value)
                counter[token] += 1
                confidence = getattr(reading, "confidence", 1.0)
                if confidence < min_confidence:
                    uncertain.append(reading)
                if value is not None and getattr(reading, "value_confidence", confidence) < min_confidence:
                    unsure.setdefault(location, Counter())[token] += 1
                    if getattr(reading, "value_probabilities", ()):
                        odds.append((location, token, tuple(reading.value_probabilities)))
                if getattr(reading, "type_confidence", confidence) < min_confidence:
                    unsure_types.setdefault(location, Counter())[token] += 1
                if getattr(reading, "colour_confidence", 1.0) < min_confidence:
                    unsure_colours.setdefault(location, Counter())[token] += 1
        return cls(dice, frozenset(dice), tuple(uncertain), unsure, unsure_types, unsure_colours, tuple(odds))


def settle_unsure_readings(expected: Mapping[Location, Counter], observed: ObservedTable) -> ObservedTable:
    """The table with unsure colours, types, then values, replaced by the engine's where it can vouch for them."""
    if observed.settled:
        return observed
    observed = _settle_unsure_types(expected, _settle_unsure_colours(expected, observed))
    return replace(_settle_unsure_values(expected, observed), settled=True)


Swap = Tuple[Location, Token, Token]  # where, the die as read, the engine's die it is taken as


def _engine_dice_for(expected: Mapping[Location, Counter], observed: ObservedTable,
                     unsure: Mapping[Location, Counter], kin: Callable[[Token, Token], bool]):
    """The table with each die of ``unsure`` (read unsurely in some way), where the engine has no such die,
    taken as the die the engine misses at that location that is ``kin`` to it, when exactly one kind is; and
    the swaps made."""
    dice = {location: Counter(counter) for location, counter in observed.dice.items()}
    swaps: List[Swap] = []
    for location, tokens in sorted(unsure.items()):
        want, have = expected.get(location, Counter()), dice[location]
        for token in _in_order(tokens):
            if have[token] <= want[token]:
                continue  # the engine has such a die here
            missing = {m for m in want - have if kin(token, m)}
            if len(missing) != 1:
                continue
            engine_die = missing.pop()
            have[token] -= 1
            have[engine_die] += 1
            swaps.append((location, token, engine_die))
    return {location: +counter for location, counter in dice.items()}, swaps


def _settle_unsure_colours(expected: Mapping[Location, Counter], observed: ObservedTable) -> ObservedTable:
    """A die whose colour the camera could not read surely, where the engine has no such die, is taken as
    the die of that type (and value) of another seat that the engine misses at that location, when exactly
    one seat's is missing (a red D4 with large blue numerals, read as blue in a Reserve pool that lacks a
    red D4). What else was unsure about the die goes with it. A surely read colour is never overruled."""
    if not observed.unsure_colours:
        return observed
    dice, swaps = _engine_dice_for(expected, observed, observed.unsure_colours,
                                   lambda read, engine: read[0] != engine[0] and read[1:] == engine[1:])
    unsure = {name: {location: Counter(counter) for location, counter in getattr(observed, name).items()}
              for name in ("unsure_values", "unsure_types")}
    odds = list(observed.value_odds)
    for location, token, engine_die in swaps:
        for counters in unsure.values():
            if counters.get(location, Counter())[token] > 0:
                counters[location][token] -= 1
                counters[location][engine_die] += 1
        k = next((k for k, entry in enumerate(odds) if entry[:2] == (location, token)), None)
        if k is not None:
            odds[k] = (location, engine_die, odds[k][2])
    return replace(observed, dice=dice, value_odds=tuple(odds),
                   **{name: {location: +counter for location, counter in counters.items()}
                      for name, counters in unsure.items()})


def _settle_unsure_types(expected: Mapping[Location, Counter], observed: ObservedTable) -> ObservedTable:
    """A die whose type the camera could not read surely, where the engine has no such die, is taken as
    the die of its seat that the engine misses at that location, when exactly one kind is missing (a D8
    read as a D6 in a Reserve pool that lacks a D8). A surely read type is never overruled."""
    if not observed.unsure_types:
        return observed
    dice, swaps = _engine_dice_for(expected, observed, observed.unsure_types,
                                   lambda read, engine: read[0] == engine[0] and read[1] != engine[1])
    unsure_values = {location: Counter(counter) for location, counter in observed.unsure_values.items()}
    for location, token, _ in swaps:
        if unsure_values.get(location, Counter())[token] > 0:
            unsure_values[location][token] -= 1  # the value came with the engine's die
    return replace(observed, dice=dice,
                   unsure_values={location: +counter for location, counter in unsure_values.items()})


def _settle_unsure_values(expected: Mapping[Location, Counter], observed: ObservedTable) -> ObservedTable:
    """The table with each unsure value replaced by the engine's, where the engine can vouch for it.

    A die whose value the camera could not read surely shows one of the values the engine has
    for dice of its seat and type that no surely read die accounts for: its colour and type
    were read, and putting a die down does not change its value. Where its unsure dice could
    show those values more than one way, a seat and type takes the way the reader's odds make
    at least ``SURE_ASSIGNMENT`` likely, each die showing a value the engine has for it at another
    location counting ``MOVED_ODDS`` against its way (dice mostly stay where they are).
    Otherwise each die keeps its reading where the engine has that value there (a die no sure
    reading there accounts for); else takes a value the engine has for it at its location; else,
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
    free: Dict[Tuple[Optional[int], str], Counter] = {}  # values of (seat, type) no sure reading accounts for
    for location in observed.tracked:
        for token, n in expected.get(location, Counter()).items():
            if token[2] is not None:
                free.setdefault(token[:2], Counter())[token[2]] += n
    for location in observed.tracked:
        for token, n in sure[location].items():
            if token[2] is not None and token[:2] in free:
                free[token[:2]][token[2]] -= n
    free = {group: +values for group, values in free.items()}
    first_free = {group: Counter(values) for group, values in free.items()}
    # The engine's dice at each location that no surely read die accounts for.
    room = {location: expected.get(location, Counter()) - sure[location] for location in observed.tracked}

    doubts: List[Doubt] = []

    def settle(location: Location, token: Token, value: int) -> None:
        if value != token[2]:
            doubts.append(Doubt(location, token, value))
        free[token[:2]][value] -= 1
        room[location][token[:2] + (value,)] -= 1
        dice[location][token] -= 1
        dice[location][token[:2] + (value,)] += 1

    resolved = _resolve_by_odds(unsure, free, room, settle)
    unsure = [die for die in unsure if die[1][:2] not in resolved]
    left = []
    for location, token, odds in unsure:  # the reading agrees with the engine
        if free.get(token[:2], Counter())[token[2]] > 0 and room[location][token] > 0:
            settle(location, token, token[2])
        else:
            left.append((location, token, odds))
    waiting = list(left)
    for just_moved in (False, True):  # the dice the engine has a value for where they lie first
        for die in list(waiting):
            location, token, odds = die
            values = [v for v, n in free.get(token[:2], Counter()).items() if n > 0 and _possible(odds, v)]
            here = sorted(v for v in values if room[location][token[:2] + (v,)] > 0)
            if here or (just_moved and len(values) == 1):  # else a moved die could show any of several
                settle(location, token, (here or values)[0])
                waiting.remove(die)
    guessed = frozenset(group for group in {die[1][:2] for die in left}
                        if group in first_free and _ambiguous(group, unsure, first_free[group]))
    return replace(observed, dice={location: +counter for location, counter in dice.items()}, guessed=guessed,
                   doubts=tuple(doubts))


UnsureDie = Tuple[Location, Token, Tuple[float, ...]]  # where, as read, and the reader's odds per value (or ())


def _unsure_dice(observed: ObservedTable) -> List[UnsureDie]:
    """Each die read with an unsure value, with the reader's odds where it gave them."""
    odds = list(observed.value_odds)
    out = []
    for location, tokens in sorted(observed.unsure_values.items()):
        for token in _in_order(tokens):
            match = next((entry for entry in odds if entry[:2] == (location, token)), None)
            if match is not None:
                odds.remove(match)
            out.append((location, token, match[2] if match is not None else ()))
    return out


def _possible(odds: Tuple[float, ...], value: int) -> bool:
    """Whether the reader leaves ``value`` possible (without odds, every value is)."""
    return not odds or (value <= len(odds) and odds[value - 1] >= CONTRADICTED)


def _resolve_by_odds(unsure: Sequence[UnsureDie], free: Mapping[Tuple[Optional[int], str], Counter],
                     room: Mapping[Location, Counter], settle) -> FrozenSet:
    """Settle each (seat, type) whose unsure dice could show its free values more than one way, where
    the reader's odds make one way at least ``SURE_ASSIGNMENT`` likely among them all; the groups settled.
    A way is weighed down by ``MOVED_ODDS`` for each die it puts where ``room`` has no such die."""
    resolved = []
    for group in sorted({die[1][:2] for die in unsure}, key=lambda g: (g[0] is None, g)):
        values = list(free.get(group, Counter()).elements())
        dice = [die for die in unsure if die[1][:2] == group]
        if not _ambiguous(group, unsure, free.get(group, Counter())) or not len(dice) <= len(values) <= 6 \
                or any(len(odds) < max(values) for _, _, odds in dice):
            continue
        likelihood = {ways: math.prod(odds[v - 1] for (_, _, odds), v in zip(dice, ways))
                      * MOVED_ODDS ** _moved(dice, ways, room)
                      for ways in set(itertools.permutations(values, len(dice)))}
        best = max(likelihood, key=likelihood.get)
        if likelihood[best] >= SURE_ASSIGNMENT * max(sum(likelihood.values()), 1e-12):
            for (location, token, _), value in zip(dice, best):
                settle(location, token, value)
            resolved.append(group)
    return frozenset(resolved)


def _moved(dice: Sequence[UnsureDie], ways: Sequence[int], room: Mapping[Location, Counter]) -> int:
    """How many of ``dice``, showing the values ``ways``, lie where ``room`` has no such die for them."""
    shown = Counter((location, token[:2] + (value,)) for (location, token, _), value in zip(dice, ways))
    return sum(max(0, n - room.get(location, Counter())[token]) for (location, token), n in shown.items())


def _ambiguous(group: Tuple[Optional[int], str], unsure: Sequence[UnsureDie], free: Counter) -> bool:
    """Whether the unsure dice of a (seat, type) could show the free values in more than one way that
    matters: they lie in several locations, or are fewer or more than the values, which differ."""
    where = [die[0] for die in unsure if die[1][:2] == group]
    return len(free) > 1 and (len(set(where)) > 1 or len(where) != sum(free.values()))


# ---- dice in place -------------------------------------------------------------------------------

@dataclass(frozen=True)
class DieSpot:
    """A die as read, and where it lay: its zone, its token and its spot (die widths); for a die read
    unsurely, the reader's odds of each value (empty when it gave none)."""

    zone: str
    token: Token
    spot: Tuple[float, float]
    sure: bool = True
    odds: Tuple[float, ...] = ()


def die_spots(readings_by_zone: Mapping[str, Iterable[object]], colours: Sequence[str],
              min_confidence: float = 0.0) -> Tuple[DieSpot, ...]:
    """The seats' dice read with a ``spot``, where the engine keeps values."""
    seat_of = {colour: seat for seat, colour in enumerate(colours)}
    found = []
    for zone, readings in readings_by_zone.items():
        location = zone_location(zone)
        if location is None or not keeps_values(location):
            continue
        for reading in readings:
            seat, spot = seat_of.get(reading.colour), getattr(reading, "spot", None)
            if seat is None or spot is None:
                continue
            sure = getattr(reading, "confidence", 1.0) >= min_confidence
            found.append(DieSpot(zone, (seat, reading.die_type, reading.value), tuple(spot), sure,
                                 () if sure else tuple(getattr(reading, "value_probabilities", ()))))
    return tuple(found)


Group = Tuple[Location, int, str]  # a seat's dice of one type at one location


def dice_by_group(dice: Sequence[DieSpot]) -> Dict[Group, List[DieSpot]]:
    """``dice`` by seat, type and location."""
    out: Dict[Group, List[DieSpot]] = {}
    for die in dice:
        out.setdefault((zone_location(die.zone),) + die.token[:2], []).append(die)
    return out


def expected_group(expected: Mapping[Location, Counter], group: Group) -> Counter:
    """The engine's dice of ``group`` (as tokens)."""
    return Counter({t: n for t, n in expected.get(group[0], Counter()).items() if t[:2] == group[1:]})


def turned_in_place(before: Sequence[DieSpot], now: Sequence[DieSpot]) -> List[Tuple[DieSpot, DieSpot]]:
    """(then, now) for each of a group's dice ``now`` that no longer shows the value of the die ``before`` in
    its spot: read surely as another, or read unsurely with odds under ``LEFT_VALUE_ODDS`` of that value.
    Only zones where all the group's dice lie where they lay, one to one, are compared: dice moved about
    may take each other's places."""
    turned = []
    for zone in sorted({die.zone for die in now}):
        old = [d for d in before if d.zone == zone]
        new = [d for d in now if d.zone == zone]
        places = [[k for k, o in enumerate(old) if math.dist(o.spot, die.spot) <= SAME_SPOT] for die in new]
        if len(old) == len(new) and all(len(p) == 1 for p in places) and len({p[0] for p in places}) == len(old):
            turned += [(old[p[0]], die) for p, die in zip(places, new) if _shows_another(die, old[p[0]].token[2])]
    return turned


def _shows_another(die: DieSpot, value: int) -> bool:
    if die.sure:
        return die.token[2] != value
    return len(die.odds) >= value and die.odds[value - 1] < LEFT_VALUE_ODDS


def describe_turned(turned: Sequence[Tuple[DieSpot, DieSpot]], colours: Sequence[str]) -> List[Mismatch]:
    """A wrong value for each die turned in place, with the value to turn it back to."""
    out = []
    for old, new in turned:
        location, (seat, die_type, value) = zone_location(old.zone), old.token
        die = _die_words(colours, seat, die_type, None)
        shows = f"{new.token[2]}" if new.sure else f"{new.token[2]} (unsure)"
        out.append(Mismatch("wrong_value", seat, die_type, (location, value), (location, new.token[2]),
                            f"{_capital(die)} {_at(location)} shows {shows} where it showed {value}, "
                            f"and nothing played changes it.",
                            f"Turn {die} {_at(location)} back to {value}."))
    return out


# ---- differences ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Mismatch:
    """One way the table differs from the engine, said plainly, with how to put the table back."""

    kind: str  # "missing", "extra", "wrong_value", "wrong_zone", "wrong_colour"
    seat: Optional[int]
    die_type: str
    expected: Optional[Tuple[Location, Optional[int]]]  # where and showing what the engine has it
    seen: Optional[Tuple[Location, Optional[int]]]      # where and showing what the camera sees it
    sentence: str
    put_back: str


def _differences(expected: Mapping[Location, Counter], observed: ObservedTable):
    missing: List[Tuple[Location, Token]] = []
    extra: List[Tuple[Location, Token]] = []
    for location in sorted(observed.tracked):
        want = expected.get(location, Counter())
        have = observed.dice.get(location, Counter())
        missing += [(location, token) for token, n in sorted((want - have).items(), key=_token_key) for _ in range(n)]
        extra += [(location, token) for token, n in sorted((have - want).items(), key=_token_key) for _ in range(n)]
    return missing, extra


def _in_order(tokens: Counter) -> List[Token]:
    """Each die of ``tokens``, in the order alerts list them (by seat, type, value)."""
    return sorted(tokens.elements(), key=lambda t: _token_key((t, 0)))


def _token_key(item):
    (seat, die_type, value), _ = item
    return (-1 if seat is None else seat, die_type, -1 if value is None else value)


def _die_words(colours: Sequence[str], seat: Optional[int], die_type: str, value: Optional[int]) -> str:
    owner = "a die of no seat's colour," if seat is None else f"{colours[seat]}'s"
    shows = "" if value is None else f" showing {value}"
    return f"{owner} {die_type.upper()}{shows}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe(missing, extra, colours: Sequence[str]) -> List[Mismatch]:
    """Pair the differences into wrong zones, colours and values; the rest are missing or extra dice."""
    missing, extra = list(missing), list(extra)
    out: List[Mismatch] = []

    def pair(match) -> None:
        for m in list(missing):
            for e in extra:
                if match(m, e):
                    missing.remove(m)
                    extra.remove(e)
                    out.append(_paired(m, e, colours))
                    break

    same_die = lambda m, e: (m[0] != e[0] and m[1][:2] == e[1][:2]
                             and (m[1][2] == e[1][2] or m[1][2] is None or e[1][2] is None))
    pair(same_die)
    pair(lambda m, e: m[0] == e[0] and m[1][1:] == e[1][1:] and m[1][0] != e[1][0])  # same die, other colour
    pair(lambda m, e: m[0] == e[0] and m[1][:2] == e[1][:2])
    for location, (seat, die_type, value) in missing:
        die = _die_words(colours, seat, die_type, value)
        out.append(Mismatch("missing", seat, die_type, (location, value), None,
                            f"{_capital(die)} is missing from {location_text(location)}.",
                            f"Put {die} back {_at(location)}."))
    for location, (seat, die_type, value) in extra:
        die = _die_words(colours, seat, die_type, value)
        off = "off" if location.startswith(("staging.", "spaces.")) else "out of"
        out.append(Mismatch("extra", seat, die_type, None, (location, value),
                            f"There is an extra die {_at(location)}: {die}.",
                            f"Take {die} {off} {location_text(location)}."))
    return out


def _paired(m, e, colours: Sequence[str]) -> Mismatch:
    (where, (seat, die_type, value)), (seen_at, (seen_seat, _, seen_value)) = m, e
    if seat != seen_seat:
        die = _die_words(colours, seat, die_type, value)
        seen = _die_words(colours, seen_seat, die_type, seen_value)
        return Mismatch("wrong_colour", seat, die_type, (where, value), (seen_at, seen_value),
                        f"The camera sees {seen} {_at(where)}, where the engine has {die}.",
                        f"Put {die} {_at(where)} in place of that die (if it is {colours[seat]}'s already, "
                        f"calibrate the colours again).")
    if where == seen_at:
        die = _die_words(colours, seat, die_type, None)
        return Mismatch("wrong_value", seat, die_type, (where, value), (seen_at, seen_value),
                        f"{_capital(die)} {_at(where)} shows {seen_value}; the engine has {value}.",
                        f"Turn {die} {_at(where)} back to {value}.")
    die = _die_words(colours, seat, die_type, value if value is not None else seen_value)
    return Mismatch("wrong_zone", seat, die_type, (where, value), (seen_at, seen_value),
                    f"{_capital(die)} is {_at(seen_at)}; the engine has it {_at(where)}.",
                    f"Move {die} from {location_text(seen_at)} back to {location_text(where)}.")


# ---- explanations: legal moves that make the engine match the table ----------------------------

def _seen_available(observed: ObservedTable, seat: int) -> List[Tuple[str, int]]:
    return sorted((t, v) for (s, t, v), n in observed.dice.get("available", Counter()).items()
                  if s == seat and v is not None for _ in range(n))


def _roll_outcomes(state: State, observed: ObservedTable) -> List[Moves]:
    """The rolls the table shows: every pending seat's dice as they lie in the tray."""
    if "available" not in observed.tracked:
        return []
    if state.pending_reroll:
        seat, (die_type, old) = state.pending_reroll
        before = Counter(state.seats[seat].available)
        before[(die_type, old)] -= 1
        new = Counter(_seen_available(observed, seat)) - before
        return [(Roll(state.seats[seat].colour, (die,)),) for die in new if die[0] == die_type]
    if state.pending_rolls and not state.pending_order and not state.pending_deal:
        rolls = []
        for seat in state.pending_rolls:
            seen = Counter(_seen_available(observed, seat)) - Counter(state.seats[seat].available)
            if seen:
                rolls.append(Roll(state.seats[seat].colour, tuple(sorted(seen.elements()))))
        return [tuple(rolls)] if rolls else []
    return []


def _candidate_sequences(state: State, observed: ObservedTable, seats: set) -> Iterable[Moves]:
    if state.is_chance_node:
        yield from _roll_outcomes(state, observed)
        return
    for action in legal_actions(state):
        if state.seat_index(action.seat) not in seats:
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


def explanations(state: State, observed: ObservedTable, seats: Optional[set] = None) -> List[Moves]:
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
        if changed <= observed.tracked and not any(_differences(expected, observed)):
            found.append(sequence)  # only moves whose every change the camera saw
    return found


def placement_chains(state: State, observed: ObservedTable, limit: int = 8) -> List[Moves]:
    """Two or more placements in turn that together explain the table: people may place faster
    than the table settles. Only placements the differences point at are tried; orders that
    end in the same game (a seat's own two dice placed either way round) count once."""
    chains: Dict[str, Moves] = {}

    def extend(current: State, chain: Tuple[Action, ...]) -> None:
        missing, extra = _differences(expected_dice(current), observed)
        if not missing and not extra:
            if len(chain) >= 2:
                chains.setdefault(current.dumps(), chain)
            return
        if len(chain) == limit or current.phase != "deploy" or current.is_chance_node or current.turn is None:
            return
        seat = current.turn
        gone = {(t, v) for location, (s, t, v) in missing if location == "available" and s == seat}
        arrived = sorted({(location.split(".", 1)[1], (t, v)) for location, (s, t, v) in extra
                          if location.startswith("staging.") and s == seat})
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


# ---- the report --------------------------------------------------------------------------------

@dataclass(frozen=True)
class SyncReport:
    mismatches: Tuple[Mismatch, ...] = ()
    moves: Tuple[Moves, ...] = ()          # normal moves the table shows (one = the proposal)
    accept_options: Tuple[Moves, ...] = ()  # legal ways to make the engine match the table
    tracked: FrozenSet[Location] = frozenset()
    uncertain: Tuple[object, ...] = ()
    doubts: Tuple[Doubt, ...] = ()  # unsure readings the engine's values stood in for, where they differ

    @property
    def in_sync(self) -> bool:
        return not self.mismatches and not self.moves

    @property
    def proposal(self) -> Moves:
        """The move to play: set only when exactly one normal move explains the table."""
        return self.moves[0] if len(self.moves) == 1 else ()

    @property
    def accept(self) -> Moves:
        return self.accept_options[0] if self.accept_options else ()

    @property
    def seats_concerned(self) -> FrozenSet[Optional[int]]:
        return frozenset(m.seat for m in self.mismatches)

    def summary(self) -> str:
        """One plain paragraph for the screen."""
        if self.in_sync:
            return "The table matches the game."
        if not self.mismatches:
            if self.proposal:
                return "Seen: " + "; ".join(str(a) for a in self.proposal) + "."
            return "The table shows one of several moves: " + " | ".join(
                "; ".join(str(a) for a in seq) for seq in self.moves) + ". Which one?"
        lines = [m.sentence for m in self.mismatches]
        lines.append("To fix it, put the table back: " + " ".join(m.put_back for m in self.mismatches))
        if self.accept:
            lines.append("Or accept the table as the move: " + "; ".join(str(a) for a in self.accept) + ".")
        return " ".join(lines)

    def doubts_summary(self, colours: Sequence[str], most: int = 2) -> str:
        """What the camera was unsure of where the game's values stood in for its readings ('' when nothing),
        at most ``most`` dice named (a line under the camera preview has room for two)."""
        named = [doubt.sentence(colours) for doubt in self.doubts[:most]]
        more = len(self.doubts) - most
        return " ".join(named + ([f"And {more} more {'die' if more == 1 else 'dice'} like that."] if more > 0 else []))


def sync_table(state: State, observed: ObservedTable) -> SyncReport:
    """Compare the table with the engine; see the module docstring for the three answers."""
    expected = expected_dice(state)
    observed = settle_unsure_readings(vouched_dice(state, expected), observed)
    missing, extra = _differences(expected, observed)
    common = dict(tracked=observed.tracked, uncertain=observed.uncertain, doubts=observed.doubts)
    if not missing and not extra:
        return SyncReport(**common)
    seats = {token[0] for _, token in missing + extra}
    found = explanations(state, observed, seats) if None not in seats else []
    if not found and None not in seats:
        found = placement_chains(state, observed)
    normal = tuple(seq for seq in found if all(isinstance(a, NORMAL_MOVES) for a in seq))
    if normal:
        return SyncReport(moves=normal, **common)
    return SyncReport(mismatches=tuple(describe(missing, extra, state.colours)), accept_options=tuple(found), **common)


def _guessed_placement(moves: Moves, observed: ObservedTable, colours: Sequence[str]) -> bool:
    """A placement of a die of a seat and type whose unsure values could be read more than one way."""
    return any(isinstance(a, Place) and (colours.index(a.seat), a.die[0]) in observed.guessed for a in moves)


def _unsure_roll(moves: Moves, observed: ObservedTable) -> bool:
    """A roll read with an unsure value: the engine cannot vouch for new values, so a person confirms it."""
    return any(isinstance(a, Roll) for a in moves) and bool(observed.unsure_values.get("available"))


@dataclass(frozen=True)
class Misreading:
    """A person's word that the camera misread the table: it sees ``seen`` where the engine has
    ``actual`` (each a tuple of (location, token)). It holds while the camera still sees all of
    ``seen``, still misses ``actual``, and the engine still has ``actual`` there; once a die moves
    or the camera reads it right, it is dropped."""

    seen: Tuple[Tuple[Location, Token], ...]
    actual: Tuple[Tuple[Location, Token], ...]

    def holds(self, expected: Mapping[Location, Counter], observed: ObservedTable) -> bool:
        def count(table, location, token) -> int:
            return table.get(location, Counter())[token]

        seen, actual = Counter(self.seen), Counter(self.actual)
        return (all(count(observed.dice, loc, token) >= n for (loc, token), n in seen.items())
                and all(count(observed.dice, loc, token) + n <= count(expected, loc, token)
                        for (loc, token), n in actual.items()))

    def correct(self, observed: ObservedTable) -> ObservedTable:
        dice = {location: Counter(counter) for location, counter in observed.dice.items()}
        for location, token in self.seen:
            dice[location][token] -= 1
        for location, token in self.actual:
            dice.setdefault(location, Counter())[token] += 1
        return replace(observed, dice={location: +counter for location, counter in dice.items()})


# ---- the stateful part the session calls after each settle -----------------------------------------

@dataclass
class SyncStep:
    """What one settle led to: the report, and the outcomes of moves played without a tap."""

    report: SyncReport
    played: Tuple[object, ...] = ()
    alert: Optional[SyncReport] = None


class TableSync:
    """Keeps a camera table and a :class:`TableSession` together.

    ``session``: a TableSession (``upcoming_state``, ``submit``, ``seats``, ``chance``).
    ``readings_by_zone``: a function from a settled frame to readings grouped by zone
    (e.g. :func:`zone_reader`); tests may call :meth:`observe` with readings directly.
    ``panel``: optional; its LEDs show the turn, and blink for the seats an alert concerns.
    """

    def __init__(self, session, readings_by_zone: Optional[Callable[[object], Mapping[str, Iterable[object]]]] = None,
                 panel=None, auto_play: bool = True, min_confidence: float = 0.0) -> None:
        self.session = session
        self.readings_by_zone = readings_by_zone
        self.panel = panel
        self.auto_play = auto_play
        self.min_confidence = min_confidence
        self.alert: Optional[SyncReport] = None
        self.pending_choice: Optional[SyncReport] = None
        self.misreadings: List[Misreading] = []
        self._last_seen: Optional[Mapping[str, Iterable[object]]] = None
        # Per group, its dice as last read surely where they matched the game, and the engine's dice then.
        self._placed: Dict[Group, Tuple[Tuple[DieSpot, ...], Counter]] = {}
        # At a camera table the dice on the table are the rolls: the camera supplies them.
        session.chance.seeded.discard("roll")

    def after_settle(self, frame) -> SyncStep:
        if self.readings_by_zone is None:
            raise ValueError("TableSync was built without a reader: call observe() with readings by zone")
        return self.observe(self.readings_by_zone(frame))

    def observe(self, readings_by_zone: Mapping[str, Iterable[object]]) -> SyncStep:
        self._last_seen = readings_by_zone
        state = self.session.upcoming_state()
        observed = self._corrected(state, ObservedTable.from_zones(readings_by_zone, state.colours,
                                                                   self.min_confidence))
        report = sync_table(state, observed)
        played: Tuple[object, ...] = ()
        self.pending_choice = None
        if report.proposal and self.auto_play and all(isinstance(a, AUTOMATIC_MOVES) for a in report.proposal) \
                and not _unsure_roll(report.proposal, observed) \
                and not _guessed_placement(report.proposal, observed, state.colours):
            played = tuple(self.submit(action) for action in report.proposal)
            if all(o.ok for o in played):
                report = sync_table(self.session.upcoming_state(), observed)
        elif report.moves:
            self.pending_choice = report
        report = self._in_place(report, readings_by_zone)
        self.alert = report if report.mismatches else None
        self.show_leds()
        return SyncStep(report, played, self.alert)

    def _in_place(self, report: SyncReport, readings_by_zone: Mapping[str, Iterable[object]]) -> SyncReport:
        """``report``, or an alert for the dice turned in place (``turned_in_place``) in groups the engine has
        not changed since their dice were remembered. A group is remembered whenever all its dice are read
        surely and match the engine's, unless a person's word on a misreading concerns it."""
        state = self.session.upcoming_state()
        expected = expected_dice(state)
        now = dice_by_group(die_spots(readings_by_zone, state.colours, self.min_confidence))
        turned = []
        if not report.mismatches:
            for group, dice in sorted(now.items()):
                then = self._placed.get(group)
                if then is not None and then[1] == expected_group(expected, group):
                    turned += turned_in_place(then[0], dice)
        left_out = {(location,) + token[:2] for m in self.misreadings for location, token in m.seen + m.actual}
        left_out |= {(zone_location(die.zone),) + die.token[:2] for _, die in turned}
        for group in set(now) | set(self._placed):
            dice, engine = now.get(group, []), expected_group(expected, group)
            if group not in left_out and all(d.sure for d in dice) and Counter(d.token for d in dice) == engine:
                self._placed[group] = (tuple(dice), engine)
        if turned:
            self.pending_choice = None
            return replace(report, mismatches=tuple(describe_turned(turned, state.colours)), moves=(),
                           accept_options=())
        return report

    def recheck(self) -> Optional[SyncStep]:
        """Compare the last settled table again (after a move entered by tap); None before any settle."""
        return None if self._last_seen is None else self.observe(self._last_seen)

    def camera_misread(self) -> SyncStep:
        """A person says the table is as the game has it: what the alert lists is the camera's error.
        It is remembered while those dice stay where they are, and the table is compared again."""
        if self.alert is None or self._last_seen is None:
            raise IllegalAction("sync", "There is no mismatch to put down to the camera")
        state = self.session.upcoming_state()
        expected = expected_dice(state)
        observed = self._corrected(state, ObservedTable.from_zones(self._last_seen, state.colours,
                                                                   self.min_confidence))
        missing, extra = _differences(expected, observed)  # ``_corrected`` has settled the unsure values
        if missing or extra:
            self.misreadings.append(Misreading(tuple(extra), tuple(missing)))
        self._placed = {}  # a die the alert said was turned was misread: nothing read here is to be trusted
        step = self.observe(self._last_seen)
        self._placed = {}
        return step

    def _corrected(self, state: State, observed: ObservedTable) -> ObservedTable:
        """The table with the misreadings people pointed out corrected; those that no longer hold are dropped."""
        expected = expected_dice(state)
        observed = settle_unsure_readings(vouched_dice(state, expected), observed)
        self.misreadings = [m for m in self.misreadings if m.holds(expected, observed)]
        for misreading in self.misreadings:
            observed = misreading.correct(observed)
        return observed

    def accept(self) -> Tuple[object, ...]:
        """Take the table into the engine (the alert's legal option); the session checks it again."""
        if self.alert is None or not self.alert.accept:
            raise IllegalAction("sync", "There is no legal move that matches the table: put the table back instead")
        outcomes = tuple(self.submit(action) for action in self.alert.accept)
        if all(o.ok for o in outcomes):
            self.alert = None
        self.show_leds()
        return outcomes

    def choose(self, index: int = 0) -> Tuple[object, ...]:
        """Play one of several moves the table could show (or the proposal, when it was not played)."""
        source = self.pending_choice
        if source is None or not 0 <= index < len(source.moves):
            raise IllegalAction("sync", "There is no move from the table to choose")
        outcomes = tuple(self.submit(action) for action in source.moves[index])
        if all(o.ok for o in outcomes):
            self.pending_choice = None
        self.show_leds()
        return outcomes

    def submit(self, action: Action):
        """Submit to the session (which plays the seeded order and deal before a table roll)."""
        return self.session.submit(action)

    @property
    def needs_attention(self) -> FrozenSet[int]:
        """Seat indexes (from 0) whose LEDs blink: those the alert concerns, else the seat to move."""
        if self.alert is None and self.pending_choice is None:
            return frozenset()
        seats = self.alert.seats_concerned if self.alert else frozenset()
        known = frozenset(s for s in seats if s is not None)
        if known:
            return known
        turn = self.session.upcoming_state().turn
        return frozenset() if turn is None else frozenset({turn})

    def show_leds(self) -> None:
        """Set the panel: the turn, and blinking for the seats an alert concerns."""
        if self.panel is None:
            return
        state = self.session.upcoming_state()
        kinds = [spec.kind for spec in self.session.seats]
        turn = state.turn
        automa_turn = turn is not None and kinds[turn] == "automa"
        attention = self.needs_attention
        people = [s + 1 for s in attention if kinds[s] != "automa" and s < self.panel.seats]
        self.panel.show(None if turn is None or automa_turn or turn >= self.panel.seats else turn + 1,
                        needs_attention=people, automa_turn=automa_turn,
                        automa_attention=any(kinds[s] == "automa" for s in attention))


def zone_reader(finder, read: Callable, profile=None) -> Callable[[object], Dict[str, List[object]]]:
    """frame -> readings by zone, from a ``ZoneFinder`` and a reader such as ``vision.reader.read_dice``
    (called as ``read(frame, profile, ignore=marker_regions, die_size=...)``: the markers' paper is never a
    die, and the markers tell how large the dice are)."""
    def readings_by_zone(frame) -> Dict[str, List[object]]:
        found = finder.find(frame)
        return found.placed(read(frame, profile, **found.reader_hints()))
    return readings_by_zone
