"""Her card file entered on the touchscreen, card by card: the card's number (kept at the next card's), then its
areas tapped as at the table when the app has not seen a card (``choices.area_step``). Her community card, her
terrain-priority rows and the level rows are lines of the file written by hand (docs/age-of-innovation.md); a
game without them asks for what it needs."""
from __future__ import annotations

from typing import Optional

from companion.line_games.choices import Choice, Step, line_of
from companion.line_games.entry import Entry
from companion.line_games.setup_form import Option, Row

from ..cards import Card, parse_areas
from ..levels import CARDS
from ..owner import CardFile
from .choices import area_step

SHOWN_CARDS = 3


class CardEntry(Entry):
    kind_name = "aoi"
    title = "Enter her cards"

    def __init__(self) -> None:
        self.cards: dict[int, Card] = {}
        self.number = CARDS[0]
        self.parts: list[str] = []
        self.order: list[int] = []  # the cards in the order entered, for Undo

    def top(self) -> Optional[Row]:
        return Row("card", "Card", tuple(Option(f"{n}{' •' if n in self.cards else ''}", str(n), n == self.number)
                                         for n in CARDS))

    def tap_top(self, value: str) -> None:
        if value.isdigit() and int(value) in CARDS and not self.parts:
            self.number = int(value)

    def step(self) -> Step:
        asked = area_step(self.parts)
        assert asked is not None
        return Step(f"Card {self.number}: {asked.question}", asked.choices)

    def choose(self, choice: Choice) -> None:
        self.parts.append(choice.part)
        if area_step(self.parts) is None:
            self.cards[self.number] = parse_areas(self.number, line_of(self.parts))
            self.order.append(self.number)
            self.parts = []
            self.number = next((n for n in CARDS if n not in self.cards), self.number)

    def undo(self) -> None:
        if self.parts:
            self.parts.pop()
        elif self.order:
            self.number = self.order.pop()
            del self.cards[self.number]

    @property
    def undo_label(self) -> str:
        return "Undo tap" if self.parts else f"Undo card {self.order[-1]}" if self.order else ""

    def lines(self) -> list[str]:
        shown = [f"{n}: {self.cards[n].areas()}" for n in self.order[-SHOWN_CARDS:]]
        if self.parts:
            shown.append(f"{self.number} so far: {line_of(self.parts)}")
        return shown

    def notes(self) -> list[str]:
        return [f"{len(self.cards)} of {len(CARDS)} cards: with all {len(CARDS)} the app draws her deck."]

    def problem(self) -> str:
        if self.parts:
            return "Finish the card or undo its taps to save."
        return "" if self.cards else "Enter a card to save."

    def text(self) -> str:
        return CardFile(dict(self.cards)).to_text()
