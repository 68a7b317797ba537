"""What one settled frame tells of the Euphoria Automas' worker dice (black and white D6 with pips).

The camera's readings come grouped by zone (``vision.zones.FoundZones.placed``) over the Euphoria
layout: each Automa's supply of available workers and her faction/penalty card
(``zones``). From them: the values of the dice she just retrieved
and rolled, as the game's ``roll`` answer, and whether the supplies and penalty cards hold what
the game has. Whatever the camera cannot read surely gives one plain line, and the question is
asked by taps as without a camera.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from vision.readings import CONFIDENCE_THRESHOLD, DieReading, ReadingsByZone

from ..game import Automa, EuphoriaGame, Table
from ..setup import AUTOMAS
from .zones import zone

WHERE = {"supply": "supply", "penalty": "penalty card"}


@dataclass(frozen=True)
class AutomaDice:
    """The values the camera read in one Automa's zones, lowest first."""

    supply: tuple[int, ...]
    penalty: tuple[int, ...]


@dataclass(frozen=True)
class Seen:
    """The Automas whose zones were read surely, and a line for each one that was not."""

    dice: dict[str, AutomaDice]
    unread: dict[str, str]


@dataclass(frozen=True)
class CameraRoll:
    """The dice she retrieved as the camera read them, or None and why they are asked instead."""

    values: Optional[tuple[int, ...]]
    why: str = ""

    def line(self) -> str:
        """The game's answer: ``roll 4 6 2``."""
        assert self.values is not None
        return " ".join(["roll", *map(str, self.values)])


def _name(colour: str) -> str:
    return colour.title()


def _doubt(colour: str, pool: str, readings: Optional[Sequence[DieReading]], threshold: float) -> str:
    """Why the camera's view of one zone cannot be used; "" when it can."""
    where = f"{_name(colour)}'s {WHERE[pool]}"
    if readings is None:
        return f"the camera does not see the marker of {where}"
    for reading in readings:
        if reading.colour != colour:
            return f"a {reading.colour} die lies in {where}"
        if reading.die_type != "d6" or reading.confidence < threshold:
            return f"the camera is not sure of a die in {where}"
    return ""


def seen(placed: ReadingsByZone, threshold: float = CONFIDENCE_THRESHOLD) -> Seen:
    """Each Automa's dice from a frame's readings by zone; an Automa with a zone unseen, a die read
    unsurely (under ``threshold``), not a D6, or of the other colour is left unread, with the reason."""
    dice: dict[str, AutomaDice] = {}
    unread: dict[str, str] = {}
    for colour in AUTOMAS:
        zones = {pool: placed.get(zone(colour, pool)) for pool in WHERE}
        doubt = next((d for pool, found in zones.items() if (d := _doubt(colour, pool, found, threshold))), "")
        if doubt:
            unread[colour] = doubt
        else:
            dice[colour] = AutomaDice(*(tuple(sorted(r.value for r in zones[pool] or ())) for pool in WHERE))
    return Seen(dice, unread)


def _values(values: Iterable[int]) -> str:
    return " ".join(map(str, sorted(values))) or "no die"


def read_roll(view: Seen, automa: Automa, count: int) -> CameraRoll:
    """The ``count`` dice ``automa`` retrieved and rolled: her supply less the workers she had left, with
    the 6s on her penalty card; or why they cannot be told from the frame."""
    name = _name(automa.colour)
    if automa.colour in view.unread:
        return CameraRoll(None, view.unread[automa.colour])
    dice = view.dice[automa.colour]
    kept = Counter(automa.workers.available)
    supply = Counter(dice.supply)
    expected = sum(kept.values()) + count
    if len(dice.supply) + len(dice.penalty) != expected:
        return CameraRoll(None, f"the camera sees {len(dice.supply) + len(dice.penalty)} of {name}'s dice "
                                f"in her supply and on her penalty card, where {expected} should be")
    if kept - supply:
        return CameraRoll(None, f"{name}'s supply does not show the workers she kept ({_values(kept.elements())})")
    rolled = supply - kept
    if any(v != 6 for v in dice.penalty) or (dice.penalty and not automa.workers.penalty_side):
        return CameraRoll(None, f"{name}'s penalty card shows {_values(dice.penalty)}: only a 6 rolled with "
                                "its penalty side up goes there")
    if automa.workers.penalty_side and rolled[6]:
        return CameraRoll(None, f"a 6 she rolled lies in {name}'s supply: it goes on her penalty card")
    return CameraRoll(tuple(sorted(rolled.elements())) + dice.penalty)


def mismatches(view: Seen, table: Table, skip: Sequence[str] = ()) -> list[str]:
    """A line for each Automa (but those of ``skip``) whose supply or penalty card differs from the game's
    record, or that the camera could not read."""
    lines = []
    for colour, automa in table.automas.items():
        if colour in skip:
            continue
        name = _name(colour)
        if colour in view.unread:
            lines.append(f"The camera cannot check {name}'s dice: {view.unread[colour]}.")
            continue
        dice = view.dice[colour]
        if sorted(dice.supply) != sorted(automa.workers.available):
            lines.append(f"{name}'s supply shows {_values(dice.supply)}; the game has "
                         f"{_values(automa.workers.available)}.")
        if len(dice.penalty) != automa.workers.on_penalty_card:
            lines.append(f"{name}'s penalty card holds {_dice(len(dice.penalty))}; the game has "
                         f"{_dice(automa.workers.on_penalty_card)}.")
    return lines


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def roll_from_camera(game: EuphoriaGame, placed: Optional[ReadingsByZone]) -> Optional[CameraRoll]:
    """While ``game`` waits for ``roll``: her roll from a frame's readings by zone (None: no frame); else None."""
    rolling = game.rolling()
    if rolling is None:
        return None
    if placed is None:
        return CameraRoll(None, "the camera gave no picture")
    return read_roll(seen(placed), *rolling)
