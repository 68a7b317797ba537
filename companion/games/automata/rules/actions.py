"""Actions and chance outcomes: small immutable values, one class per kind.

A die in a pool is named by its type and the value it shows, ``("d6", 5)``: dice of one
type showing one value are interchangeable, so that is all an action needs to say.
Seats are named by colour. ``str(action)`` gives the text notation (``docs/notation.md``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

Die = tuple[str, int]
Group = tuple[Die, ...]


def die_text(die: Die) -> str:
    return f"{die[0]}:{die[1]}"


def group_text(group: Group) -> str:
    return " ".join(die_text(d) for d in group)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# ---- chance outcomes ---------------------------------------------------------------------

@dataclass(frozen=True)
class Order:
    """The random deployment order at setup (R4)."""

    seats: tuple[str, ...]

    def __str__(self) -> str:
        return "order " + " ".join(self.seats)


@dataclass(frozen=True)
class Deal:
    """Parts cards dealt beside the Research board (setup and Reset)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "deal " + " ".join(self.cards)


@dataclass(frozen=True)
class Roll:
    """What a seat's dice show after a roll: the Deployment roll or one reroll (R5)."""

    seat: str
    dice: Group

    def __str__(self) -> str:
        return f"roll {self.seat} {group_text(self.dice)}"


# ---- deployment --------------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    seat: str
    die: Die
    area: str

    def __str__(self) -> str:
        return f"{self.seat} place {die_text(self.die)} {self.area}"


@dataclass(frozen=True)
class Nudge:
    """Pay gears to add or subtract one (R6)."""

    seat: str
    die: Die
    delta: int

    def __str__(self) -> str:
        return f"{self.seat} nudge {die_text(self.die)} {signed(self.delta)}"


@dataclass(frozen=True)
class Reroll:
    """Pay gears to roll one die again (R5, R6); its outcome is a chance event."""

    seat: str
    die: Die

    def __str__(self) -> str:
        return f"{self.seat} reroll {die_text(self.die)}"


@dataclass(frozen=True)
class Combine:
    """Spend one Available die to add its value to, or subtract it from, another (R7)."""

    seat: str
    target: Die
    sign: int
    spent: Die

    def __str__(self) -> str:
        op = "+" if self.sign > 0 else "-"
        return f"{self.seat} combine {die_text(self.target)} {op} {die_text(self.spent)}"


@dataclass(frozen=True)
class CardAdjust:
    """An exhaust Arm card that adds to or subtracts from one or two dice (R19, R20)."""

    seat: str
    card: str
    changes: tuple[tuple[Die, int], ...]

    def __str__(self) -> str:
        parts = " ".join(f"{die_text(d)} {signed(n)}" for d, n in self.changes)
        return f"{self.seat} use {self.card} {parts}"


@dataclass(frozen=True)
class CardReroll:
    """An exhaust Arm card that rerolls one die (R19, R20)."""

    seat: str
    card: str
    die: Die

    def __str__(self) -> str:
        return f"{self.seat} use {self.card} {die_text(self.die)}"


# ---- activation --------------------------------------------------------------------------

@dataclass(frozen=True)
class Scavenge:
    seat: str
    group: Group
    area = "scavenge"

    def __str__(self) -> str:
        return f"{self.seat} scavenge {group_text(self.group)}"


@dataclass(frozen=True)
class Create:
    seat: str
    group: Group
    d4: int
    d6: int
    area = "create"

    def __str__(self) -> str:
        made = " ".join(f"{n}{t}" for t, n in (("d4", self.d4), ("d6", self.d6)) if n)
        return f"{self.seat} create {group_text(self.group)} make {made}"


@dataclass(frozen=True)
class Upgrade:
    """Improve ``d4`` of the group's D4s to D6 and ``d6`` of its D6s to D8."""

    seat: str
    group: Group
    d4: int
    d6: int
    area = "upgrade"

    def __str__(self) -> str:
        raised = " ".join(f"{n}{t}" for t, n in (("d4", self.d4), ("d6", self.d6)) if n)
        return f"{self.seat} upgrade {group_text(self.group)} raise {raised}"


@dataclass(frozen=True)
class Research:
    """Buy a card (display, top Head or own reserved) or reserve a display card (R15)."""

    seat: str
    group: Group
    verb: str  # "buy" or "reserve"
    card: str
    area = "research"

    def __str__(self) -> str:
        return f"{self.seat} research {group_text(self.group)} {self.verb} {self.card}"


@dataclass(frozen=True)
class Sell:
    seat: str
    group: Group
    space: str  # the Market space: "d4", "d6" or "d8"
    area = "market"

    def __str__(self) -> str:
        return f"{self.seat} sell {group_text(self.group)} at {self.space}"


@dataclass(frozen=True)
class Forfeit:
    """Remove all one's dice from a staging area for one gear (R10)."""

    seat: str
    area: str

    def __str__(self) -> str:
        return f"{self.seat} forfeit {self.area}"


ChanceOutcome = Union[Order, Deal, Roll]
Modification = Union[Nudge, Reroll, Combine, CardAdjust, CardReroll]
Activation = Union[Scavenge, Create, Upgrade, Research, Sell]
Action = Union[ChanceOutcome, Modification, Place, Activation, Forfeit]
ActivationTurn = Union[Activation, Forfeit]  # what a seat does on its turn in the Activation Phase

CHANCE_TYPES = (Order, Deal, Roll)
ACTIVATION_TYPES = (Scavenge, Create, Upgrade, Research, Sell)
