"""The owner's Automa deck of Euphoria, entered card by card: the pile (kept from card to card, as the
cards are entered pile by pile), then the card's faces tapped as at the table when a card is drawn
without a deck (``choices.card_face_steps``), the Bazaar icon always. Card ids are given in order
within each pile, with the pile's letter as docs/euphoria.md gives it (S01, S02, B01...). Each pile is
counted against what the chosen level deals."""
from __future__ import annotations

from typing import Optional

from companion.line_games.choices import Choice, Step
from companion.line_games.entry import Entry
from companion.line_games.setup_form import Option, Row

from ..deck import PILES, Card, OwnerDeck, level as euphoria_level
from ..factions import NAMES
from .choices import card_face_steps
from .form import EUPHORIA_TITLES

ID_LETTERS = {"green": "S", "black": "B", "white": "W", "purple": "D"}
STEPS = card_face_steps(bazaar=True)  # a deck may be played with or without the Bazaar
SHOWN_CARDS = 3  # the latest cards listed


def card_id(pile: str, number: int) -> str:
    """The ``number``-th card of ``pile``: S01 (green), B01, W01, D01 (purple)..."""
    return f"{ID_LETTERS[pile]}{number:02d}"


def describe(card: Card) -> str:
    """A card as its faces were tapped: ``S01 Commodity, Artifact · Icarus, Own ▲ Bazaar 2``."""
    actions = ", ".join(a.replace("-", " ").title() for a in card.actions)
    factions = ", ".join(NAMES.get(f, "Own") for f in card.factions)
    extras = (" ▲" if card.triangle else "") + (f" Bazaar {card.bazaar}" if card.bazaar else "")
    return f"{card.id} {actions} · {factions}{extras}"


class DeckEntry(Entry):
    kind_name = "euphoria"
    title = "Enter your Automa deck"

    def __init__(self, level_name: str) -> None:
        self.level = euphoria_level(level_name)
        self.cards: list[Card] = []
        self.pile = PILES[0]
        self.parts: list[str] = []  # the card in progress: the parts tapped so far

    def count_for(self, level_name: str) -> None:
        """Count the piles against what another level deals (the level chosen again on the setup)."""
        self.level = euphoria_level(level_name)

    def counts(self) -> dict[str, int]:
        return {p: sum(1 for c in self.cards if c.pile == p) for p in PILES}

    def top(self) -> Optional[Row]:
        counts, needs = self.counts(), self.level.needs()
        return Row("pile", "Pile", tuple(Option(f"{p.title()} {counts[p]}/{needs[p]}", p, p == self.pile)
                                         for p in PILES))

    def tap_top(self, value: str) -> None:
        if value in PILES:
            self.pile = value

    def step(self) -> Step:
        asked = STEPS[len(self.parts)]
        return Step(f"{card_id(self.pile, self.counts()[self.pile] + 1)}: {asked.question}", asked.choices)

    def choose(self, choice: Choice) -> None:
        self.parts.append(choice.part)
        if len(self.parts) == len(STEPS):
            words = [card_id(self.pile, self.counts()[self.pile] + 1), self.pile] + [p for p in self.parts if p]
            self.cards.append(Card.parse(words))
            self.parts = []

    def undo(self) -> None:
        if self.parts:
            self.parts.pop()
        elif self.cards:
            self.pile = self.cards.pop().pile

    @property
    def undo_label(self) -> str:
        return "Undo tap" if self.parts else f"Undo {self.cards[-1].id}" if self.cards else ""

    def lines(self) -> list[str]:
        shown = [describe(c) for c in self.cards[-SHOWN_CARDS:]]
        if self.parts:
            texts = [next(c.text for c in step.choices if c.part == part) for step, part in zip(STEPS, self.parts)]
            shown.append(f"{card_id(self.pile, self.counts()[self.pile] + 1)} so far: {', '.join(texts)}")
        return shown

    def notes(self) -> list[str]:
        counts, title = self.counts(), EUPHORIA_TITLES[self.level.name]
        short = [f"{need - counts[p]} more {p}" for p, need in self.level.needs().items() if counts[p] < need]
        size = f"{len(self.cards)} card{'' if len(self.cards) == 1 else 's'}"
        return [f"{size}: " + (f"{title} needs {', '.join(short)}." if short else f"enough for {title}.")]

    def problem(self) -> str:
        if self.parts:
            return "Finish the card or undo its taps to save."
        return "" if self.cards else "Enter a card to save."

    def text(self) -> str:
        return OwnerDeck(tuple(self.cards)).to_text()
