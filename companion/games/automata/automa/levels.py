"""Difficulty levels: deck composition, add-in decks and setup handicaps, numbered 1 (easiest) up.

A level draws its starting deck and its add-in decks from the piles of ``deck.json`` (a seeded
draw, so each game's decks follow from the seed), and its handicap is a set of limits the
Automa keeps to; it never changes the rules or the person's side of the table.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Union

from .deck import DeckData, DeckDataError, default_deck
from .resolution import Handicap


@dataclass(frozen=True)
class Level:
    number: int
    name: str
    line: str
    start: dict[str, int]              # pile -> cards in the starting deck
    add_ins: tuple[dict[str, int], ...]  # one mapping per add-in deck
    handicap: Handicap
    mean_score: float  # measured in 2-seat games against the greedy bot (docs/automa.md, "Measured")
    win_rate: float    # the same games' wins, a shared win counting half

    def to_json(self) -> dict:
        return {"number": self.number, "name": self.name, "line": self.line, "start": dict(self.start),
                "add_ins": [dict(a) for a in self.add_ins],
                "handicap": {"max_modifications": self.handicap.max_modifications,
                             "reserve": self.handicap.reserve, "buys_heads": self.handicap.buys_heads}}

    def build_decks(self, deck: DeckData, seed: int) -> tuple[list[str], list[list[str]]]:
        """Draw the starting deck and the add-in decks from the piles, without replacement."""
        rng = random.Random(f"level:{self.number}:{seed}")
        piles = {p: deck.pile(p) for p in deck.piles}
        for cards in piles.values():
            rng.shuffle(cards)

        def take(wanted: dict[str, int]) -> list[str]:
            out: list[str] = []
            for pile, n in sorted(wanted.items()):
                out += piles[pile][:n]
                del piles[pile][:n]
            return sorted(out)

        return take(self.start), [take(a) for a in self.add_ins]


def _level(raw: dict, deck: DeckData) -> Level:
    try:
        start = {str(p): int(n) for p, n in raw["start"].items()}
        add_ins = tuple({str(p): int(n) for p, n in a.items()} for a in raw["add_ins"])
        h = raw["handicap"]
        measured = raw["measured"]
        level = Level(int(raw["number"]), str(raw["name"]), str(raw["line"]), start, add_ins,
                      Handicap(int(h["max_modifications"]), bool(h["reserve"]), bool(h["buys_heads"])),
                      float(measured["mean_score"]), float(measured["win_rate"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise DeckDataError(f"level {raw.get('name', '?')}: {exc}") from None
    if not 0 <= level.win_rate <= 1:
        raise DeckDataError(f"level {level.name}: its measured win rate is not between 0 and 1")
    need: dict[str, int] = {}
    for wanted in (start,) + add_ins:
        for pile, n in wanted.items():
            if pile not in deck.piles:
                raise DeckDataError(f"level {level.name}: no pile '{pile}'")
            need[pile] = need.get(pile, 0) + n
    for pile, n in need.items():
        if n > len(deck.pile(pile)):
            raise DeckDataError(f"level {level.name}: needs {n} {pile} cards, the pile has {len(deck.pile(pile))}")
    if sum(start.values()) < 2:
        raise DeckDataError(f"level {level.name}: the starting deck needs at least 2 cards (a pair)")
    if len(level.line) > 80:
        raise DeckDataError(f"level {level.name}: its one-line description is over 80 characters")
    return level


def all_levels(deck: Optional[DeckData] = None) -> tuple[Level, ...]:
    deck = deck or default_deck()
    levels = tuple(sorted((_level(raw, deck) for raw in deck.levels), key=lambda lv: lv.number))
    if [lv.number for lv in levels] != list(range(1, len(levels) + 1)):
        raise DeckDataError("levels must be numbered 1, 2, 3... without gaps")
    return levels


def get_level(which: Union[int, str]) -> Level:
    """A level by number (1 = easiest) or by name, case-insensitive."""
    levels = all_levels()
    text = str(which).strip()
    for level in levels:
        if text == str(level.number) or text.lower() == level.name.lower():
            return level
    names = ", ".join(f"{lv.number} {lv.name}" for lv in levels)
    raise ValueError(f"unknown Automa level '{which}': choose one of {names}")
