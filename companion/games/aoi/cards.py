"""Her Automa cards' areas, as the owner writes them in the card file and the table taps them.

A card is ``ACTIONS | SUPPORT | PASS`` (the file adds ``| LETTERS``, the first-workshop letters):

    build ; points-x | marked merge a >3 tile middle | pass

- ACTIONS, the action area (right side), top to bottom, ``;`` between them: ``community``, ``invention``,
  ``points-N`` or ``points-x``, ``build``, ``upgrade``, ``cover``, ``scholar``, ``step`` [L379–523].
- SUPPORT, the support area (left side): ``marked`` or ``unmarked`` (the buildings a build starts from),
  ``merge`` when the merge symbol shows, ``a`` or ``b`` (the row of her terrain-priority card), the direction
  ``>N`` (reading order) or ``<N`` (reverse), ``tile`` or ``catchup`` (the scholar symbol), ``left``, ``middle``
  or ``right`` (the arrowed round bonus) [L255–312, L340–345, L419–424, L493].
- PASS: ``pass`` when the pass area (top right) shows the pass icon, else ``-`` [L332].
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

ACTIONS = ("community", "invention", "points", "build", "upgrade", "cover", "scholar", "step")
GROUPS = ("marked", "unmarked")
ROWS = ("a", "b")
SCHOLAR_MODES = ("tile", "catchup")
BONUSES = ("left", "middle", "right")
MOST_POINTS = 9  # the most a points symbol is tapped as (points-1 ... points-9)
MOST_STEPS = 9   # the longest direction count tapped
MOST_ACTIONS = 4  # the most actions an action area (or her community action) is entered with


class CardError(ValueError):
    """A card's areas that cannot be read; says what is wrong."""


@dataclass(frozen=True)
class Action:
    kind: str
    points: Optional[int] = None  # points-N: N; points-x: None (the level card's X for the round)

    @classmethod
    def parse(cls, word: str) -> "Action":
        word = word.strip().lower()
        if word.startswith("points-"):
            value = word[len("points-"):]
            if value == "x":
                return cls("points")
            if value.isdigit() and int(value) >= 1:
                return cls("points", int(value))
            raise CardError(f"'{word}' is not points-N or points-x")
        if word not in ACTIONS or word == "points":
            raise CardError(f"'{word}' is not an action; write one of {', '.join(actions_words())}")
        return cls(word)

    def __str__(self) -> str:
        if self.kind != "points":
            return self.kind
        return f"points-{'x' if self.points is None else self.points}"


def actions_words() -> list[str]:
    return [a if a != "points" else "points-N, points-x" for a in ACTIONS]


@dataclass(frozen=True)
class Support:
    """The support area: only the support card's is read [L176]."""

    group: str = "marked"
    merge: bool = False
    row: str = "a"
    forward: bool = True  # the direction arrow: reading order (>), else reverse (<)
    count: int = 1
    scholar: str = "tile"
    bonus: str = "left"

    @classmethod
    def parse(cls, words: Sequence[str]) -> "Support":
        found: dict[str, object] = {}
        direction: tuple[bool, int] = (True, 0)
        for raw in words:
            word = raw.lower()
            key: str
            value: object
            if word in GROUPS:
                key, value = "group", word
            elif word == "merge":
                key, value = "merge", True
            elif word in ROWS:
                key, value = "row", word
            elif word[:1] in "<>" and word[1:].isdigit() and 1 <= int(word[1:]) <= MOST_STEPS:
                key, value = "direction", word
                direction = (word[0] == ">", int(word[1:]))
            elif word in SCHOLAR_MODES:
                key, value = "scholar", word
            elif word in BONUSES:
                key, value = "bonus", word
            else:
                raise CardError(f"'{raw}' is not a support symbol (marked|unmarked, merge, a|b, >N|<N, "
                                f"tile|catchup, left|middle|right)")
            if key in found:
                raise CardError(f"two {key} symbols in one support area")
            found[key] = value
        missing = [k for k in ("group", "row", "direction", "scholar", "bonus") if k not in found]
        if missing:
            raise CardError(f"the support area needs its {', '.join(missing)} symbol")
        return cls(str(found["group"]), bool(found.get("merge", False)), str(found["row"]), direction[0],
                   direction[1], str(found["scholar"]), str(found["bonus"]))

    @property
    def direction(self) -> str:
        return f"{'>' if self.forward else '<'}{self.count}"

    def __str__(self) -> str:
        return " ".join([self.group] + (["merge"] if self.merge else []) +
                        [self.row, self.direction, self.scholar, self.bonus])


@dataclass(frozen=True)
class Card:
    number: int
    actions: tuple[Action, ...]
    support: Support
    pass_icon: bool
    letters: str = ""  # the first-workshop letters, the one with the uncrossed chip starred: "A* C"

    def areas(self) -> str:
        """The card as the table taps it: ``ACTIONS | SUPPORT | PASS``."""
        return f"{' ; '.join(str(a) for a in self.actions)} | {self.support} | {'pass' if self.pass_icon else '-'}"

    def __str__(self) -> str:
        return f"{self.number:02d} {self.areas()}" + (f" | {self.letters}" if self.letters else "")


def parse_areas(number: int, text: str, with_letters: bool = False) -> Card:
    """A card's areas: ``ACTIONS | SUPPORT | PASS`` (``| LETTERS`` from the file)."""
    fields = [f.strip() for f in text.split("|")]
    if len(fields) != (4 if with_letters else 3) and not (with_letters and len(fields) == 3):
        raise CardError("a card is ACTIONS | SUPPORT | PASS" + (" [| LETTERS]" if with_letters else ""))
    actions = tuple(Action.parse(w) for w in fields[0].replace(";", " ").split())
    if not 1 <= len(actions) <= MOST_ACTIONS:
        raise CardError(f"a card's action area shows 1 to {MOST_ACTIONS} actions")
    if fields[2].lower() not in ("pass", "-"):
        raise CardError(f"'{fields[2]}' is neither pass nor -")
    letters = fields[3] if len(fields) == 4 else ""
    return Card(number, actions, Support.parse(fields[1].split()), fields[2].lower() == "pass", letters)
