"""The English of alerts: each way the table differs from the game, said plainly, with how to put it back."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, NamedTuple, Optional, Sequence

from ..rules import AREA_NAMES
from .in_place import Turned
from .locations import LocatedDie, Location
from .observe import Doubt


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


def _die_words(colours: Sequence[str], seat: Optional[int], die_type: str, value: Optional[int]) -> str:
    owner = "a die of no seat's colour," if seat is None else f"{colours[seat]}'s"
    shows = "" if value is None else f" showing {value}"
    return f"{owner} {die_type.upper()}{shows}"


def _owner(colours: Sequence[str], seat: Optional[int]) -> str:
    return "no seat's" if seat is None else f"{colours[seat]}'s"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Showing(NamedTuple):
    """Where a die is, and the value it shows there (None where the engine keeps none)."""

    location: Location
    value: Optional[int]


@dataclass(frozen=True)
class Mismatch:
    """One way the table differs from the engine, said plainly, with how to put the table back."""

    kind: str  # "missing", "extra", "wrong_value", "wrong_zone", "wrong_colour"
    seat: Optional[int]
    die_type: str
    expected: Optional[Showing]  # where and showing what the engine has it
    seen: Optional[Showing]      # where and showing what the camera sees it
    sentence: str
    put_back: str


def doubt_sentence(doubt: Doubt, colours: Sequence[str]) -> str:
    seat, die_type, seen = doubt.read
    return (f"{_capital(_die_words(colours, seat, die_type, None))} {_at(doubt.location)} looks like {seen} "
            f"to the camera, which is unsure; the game has {doubt.value}.")


def describe(missing: Iterable[LocatedDie], extra: Iterable[LocatedDie], colours: Sequence[str]) -> list[Mismatch]:
    """Pair the differences into wrong zones, colours and values; the rest are missing or extra dice."""
    missing, extra = list(missing), list(extra)
    out: list[Mismatch] = []

    def pair(match) -> None:
        for m in list(missing):
            for e in extra:
                if match(m.location, m.die, e.location, e.die):
                    missing.remove(m)
                    extra.remove(e)
                    out.append(_paired(m, e, colours))
                    break

    pair(lambda where, die, seen_at, seen: where != seen_at and die.kind == seen.kind  # the same die, moved
         and (die.value == seen.value or die.value is None or seen.value is None))
    pair(lambda where, die, seen_at, seen: where == seen_at and die.seat != seen.seat  # the same die, other colour
         and (die.die_type, die.value) == (seen.die_type, seen.value))
    pair(lambda where, die, seen_at, seen: where == seen_at and die.kind == seen.kind)  # the same die, turned
    for location, (seat, die_type, value) in missing:
        die = _die_words(colours, seat, die_type, value)
        out.append(Mismatch("missing", seat, die_type, Showing(location, value), None,
                            f"{_capital(die)} is missing from {location_text(location)}.",
                            f"Put {die} back {_at(location)}."))
    for location, (seat, die_type, value) in extra:
        die = _die_words(colours, seat, die_type, value)
        off = "off" if location.startswith(("staging.", "spaces.")) else "out of"
        out.append(Mismatch("extra", seat, die_type, None, Showing(location, value),
                            f"There is an extra die {_at(location)}: {die}.",
                            f"Take {die} {off} {location_text(location)}."))
    return out


def _paired(m: LocatedDie, e: LocatedDie, colours: Sequence[str]) -> Mismatch:
    (where, (seat, die_type, value)), (seen_at, (seen_seat, _, seen_value)) = m, e
    expected, seen = Showing(where, value), Showing(seen_at, seen_value)
    if seat != seen_seat:
        die = _die_words(colours, seat, die_type, value)
        other = _die_words(colours, seen_seat, die_type, seen_value)
        return Mismatch("wrong_colour", seat, die_type, expected, seen,
                        f"The camera sees {other} {_at(where)}, where the engine has {die}.",
                        f"Put {die} {_at(where)} in place of that die (if it is {_owner(colours, seat)} already, "
                        f"calibrate the colours again).")
    if where == seen_at:
        die = _die_words(colours, seat, die_type, None)
        return Mismatch("wrong_value", seat, die_type, expected, seen,
                        f"{_capital(die)} {_at(where)} shows {seen_value}; the engine has {value}.",
                        f"Turn {die} {_at(where)} back to {value}.")
    die = _die_words(colours, seat, die_type, value if value is not None else seen_value)
    return Mismatch("wrong_zone", seat, die_type, expected, seen,
                    f"{_capital(die)} is {_at(seen_at)}; the engine has it {_at(where)}.",
                    f"Move {die} from {location_text(seen_at)} back to {location_text(where)}.")


def describe_turned(turned: Sequence[Turned], colours: Sequence[str]) -> list[Mismatch]:
    """A wrong value for each die turned in place, with the value to turn it back to."""
    out = []
    for then, now in turned:
        location, (seat, die_type, value) = then.location, then.die
        die = _die_words(colours, seat, die_type, None)
        shows = f"{now.die.value}" if now.sure else f"{now.die.value} (unsure)"
        out.append(Mismatch("wrong_value", seat, die_type, Showing(location, value), Showing(location, now.die.value),
                            f"{_capital(die)} {_at(location)} shows {shows} where it showed {value}, "
                            f"and nothing played changes it.",
                            f"Turn {die} {_at(location)} back to {value}."))
    return out
