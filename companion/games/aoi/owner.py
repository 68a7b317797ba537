"""The owner's card file: what her printed cards show, entered once as plain text (``#`` starts a comment).

    01 upgrade ; points-2 | unmarked a <1 catchup middle | - | A* B
    community Die Unscheinbaren | knowledge law medicine | actions build ; step | methods — | end —
    ltp a lake plains swamp forest mountains wasteland desert
    level automa | shipping 0 0 1 1 2 2 | x 1 1 2 2 3 3
    supply workshop 9 guild 4 school 3 university 1 palace 1 scholar 7
    round-tile 3a | points 3 | colour law

A card line is its number (1–14) and its areas (``cards``), then its first-workshop letters. Any line may be
left out: a card the file lacks is tapped at the table as it is drawn; without a level row the table is asked
X when she scores it; without her community card the table taps it at setup; a round tile the file lacks is tapped
as its points and colour.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .buildings import BASE_SUPPLY
from .cards import MOST_ACTIONS, Action, Card, CardError, parse_areas
from .disciplines import DISCIPLINES
from .levels import CARDS, ROUNDS, LevelError, LevelRow, level_key

MOST_TILE_POINTS = 9  # the most Automa points a round tile is entered with
MOST_KNOWLEDGE = 4  # the most knowledge icons her community card is entered with
TERRAINS = ("plains", "swamp", "lake", "forest", "mountains", "wasteland", "desert")


class CardFileError(ValueError):
    """A card file that cannot be used; one line naming the line and what is wrong."""


@dataclass(frozen=True)
class Community:
    """Her community card: its knowledge icons, its community action's actions, and what the table reads off it."""

    name: str
    knowledge: tuple[str, ...] = ()
    actions: tuple[Action, ...] = ()
    methods: str = ""  # its selection methods for a community build, as printed
    end: str = ""      # its end-game scoring, as printed

    def __str__(self) -> str:
        return (f"community {self.name} | knowledge {' '.join(self.knowledge) or '-'} | actions "
                f"{' ; '.join(str(a) for a in self.actions) or '-'} | methods {self.methods or '-'} | end "
                f"{self.end or '-'}")


def parse_knowledge(words: list[str]) -> tuple[str, ...]:
    """Knowledge icons as disciplines (``-`` or nothing for none)."""
    words = [w.lower() for w in words if w != "-"]
    if len(words) > MOST_KNOWLEDGE:
        raise CardError(f"at most {MOST_KNOWLEDGE} knowledge icons")
    wrong = [w for w in words if w not in DISCIPLINES]
    if wrong:
        raise CardError(f"'{wrong[0]}' is not a discipline; write one of {', '.join(DISCIPLINES)}")
    return tuple(words)


def parse_actions(text: str) -> tuple[Action, ...]:
    actions = tuple(Action.parse(w) for w in text.replace(";", " ").split() if w != "-")
    if len(actions) > MOST_ACTIONS:
        raise CardError(f"at most {MOST_ACTIONS} actions")
    return actions


@dataclass(frozen=True)
class CardFile:
    cards: dict[int, Card] = field(default_factory=dict)
    community: Optional[Community] = None
    ltp: dict[str, tuple[str, ...]] = field(default_factory=dict)
    levels: dict[str, LevelRow] = field(default_factory=dict)
    supply: Optional[dict[str, int]] = None
    tiles: dict[str, tuple[int, str]] = field(default_factory=dict)  # her round tiles: Automa points, colour

    def to_text(self) -> str:
        lines = [str(self.cards[n]) for n in sorted(self.cards)]
        if self.community:
            lines.append(str(self.community))
        lines += [f"ltp {row} {' '.join(t)}" for row, t in sorted(self.ltp.items())]
        lines += [f"level {name} | shipping {' '.join(map(str, r.shipping))} | x {' '.join(map(str, r.x))}"
                  for name, r in self.levels.items()]
        if self.supply:
            lines.append("supply " + " ".join(f"{k} {v}" for k, v in self.supply.items()))
        lines += [f"round-tile {name} | points {p} | colour {c}" for name, (p, c) in self.tiles.items()]
        return "\n".join(lines) + "\n"


def _fields(rest: str, names: tuple[str, ...]) -> dict[str, str]:
    """``NAME ... | name1 ... | name2 ...`` as {"": NAME..., name1: ..., name2: ...}."""
    parts = [p.strip() for p in rest.split("|")]
    found = {"": parts[0]}
    for part in parts[1:]:
        head, _, tail = part.partition(" ")
        if head.lower() not in names:
            raise CardError(f"'{head}' is not one of {', '.join(names)}")
        found[head.lower()] = tail.strip()
    return found


def _numbers(text: str, what: str) -> tuple[int, ...]:
    words = text.split()
    if len(words) != ROUNDS or not all(w.isdigit() for w in words):
        raise CardError(f"{what}: give {ROUNDS} whole numbers, one a round")
    return tuple(int(w) for w in words)


def _card(head: str, rest: str) -> Card:
    number = int(head)
    if number not in CARDS:
        raise CardError(f"card {number}: her cards are numbered 1 to {len(CARDS)}")
    return parse_areas(number, rest, with_letters=True)


def _community(rest: str) -> Community:
    found = _fields(rest, ("knowledge", "actions", "methods", "end"))
    if not found[""]:
        raise CardError("community NAME | knowledge ... | actions ... | methods ... | end ...")
    return Community(found[""], parse_knowledge(found.get("knowledge", "").split()),
                     parse_actions(found.get("actions", "")),
                     found.get("methods", "").strip("- "), found.get("end", "").strip("- "))


def _ltp(rest: str) -> tuple[str, tuple[str, ...]]:
    row, *terrains = rest.lower().split()
    if row not in ("a", "b") or not terrains:
        raise CardError("ltp a|b TERRAIN... (left to right)")
    wrong = [t for t in terrains if t not in TERRAINS]
    if wrong:
        raise CardError(f"'{wrong[0]}' is not a terrain; write one of {', '.join(TERRAINS)}")
    return row, tuple(terrains)


def _level(rest: str) -> tuple[str, LevelRow]:
    found = _fields(rest, ("shipping", "x"))
    try:
        name = level_key(found[""])
    except LevelError as exc:
        raise CardError(str(exc)) from None
    if "shipping" not in found or "x" not in found:
        raise CardError("level NAME | shipping S S S S S S | x X X X X X X")
    return name, LevelRow(_numbers(found["shipping"], "shipping"), _numbers(found["x"], "x"))


def _supply(rest: str) -> dict[str, int]:
    words = rest.lower().split()
    supply = dict(BASE_SUPPLY)
    for name, value in zip(words[::2], words[1::2]):
        if name not in supply or not value.isdigit():
            raise CardError(f"supply: '{name} {value}'; write pairs of {', '.join(supply)} and a count")
        supply[name] = int(value)
    if len(words) % 2:
        raise CardError("supply: pairs of a piece and its count")
    return supply


def _round_tile(rest: str) -> tuple[str, tuple[int, str]]:
    found = _fields(rest, ("points", "colour"))
    name, points, colour = found[""].lower(), found.get("points", ""), found.get("colour", "").lower()
    if len(name.split()) != 1 or name.isdigit() or not points.isdigit() or int(points) > MOST_TILE_POINTS or colour not in DISCIPLINES:
        raise CardError(f"round-tile NAME | points 0-{MOST_TILE_POINTS} | colour DISCIPLINE ({', '.join(DISCIPLINES)}"
                        f"); the NAME not a bare number")
    return name, (int(points), colour)


def parse_card_file(text: str) -> CardFile:
    cards: dict[int, Card] = {}
    community: Optional[Community] = None
    ltp: dict[str, tuple[str, ...]] = {}
    levels: dict[str, LevelRow] = {}
    supply: Optional[dict[str, int]] = None
    tiles: dict[str, tuple[int, str]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, _, rest = line.partition(" ")
        try:
            if head.isdigit():
                card = _card(head, rest)
                if card.number in cards:
                    raise CardError(f"a second card {card.number}")
                cards[card.number] = card
            elif head.lower() == "community":
                community = _community(rest)
            elif head.lower() == "ltp":
                row, terrains = _ltp(rest)
                ltp[row] = terrains
            elif head.lower() == "level":
                name, row_of_level = _level(rest)
                levels[name] = row_of_level
            elif head.lower() == "supply":
                supply = _supply(rest)
            elif head.lower() == "round-tile":
                name, tile = _round_tile(rest)
                tiles[name] = tile
            else:
                raise CardError(f"'{head}' starts no line of a card file (a card number, community, ltp, level, "
                                f"supply, round-tile)")
        except CardError as exc:
            raise CardFileError(f"line {number}: {exc}") from None
    return CardFile(cards, community, ltp, levels, supply, tiles)
