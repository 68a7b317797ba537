"""The owner's Automa deck and its cycle over the game.

The card faces are the publisher's data: the owner enters their own deck once as a plain file,
one card per line (``#`` starts a comment)::

    # id   pile    black-action  white-action  black-faction  white-faction  [triangle] [bazaar-N]
    S01    green   commodity     artifact      own            icarus         triangle   bazaar-2

The two actions are the card's right half (its worker-placement rows, black then white), the
two factions its left half; ``triangle`` marks a ▲ on the left half, ``bazaar-N`` the
artifact the New Antiques Bazaar icon points at (the Nth from the left). A first line
``retrieve-icon: ACTION`` names the action of the rulebook's lost retrieve rule (ruling E3).

Levels deal an Automa deck and two add-in decks from the four piles. When the deck runs out,
every card of this pass and one add-in deck, if any is left, are shuffled into a new deck.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Optional, Sequence

from .factions import UnknownFaction, faction

PILES = ("green", "black", "white", "purple")
ACTIONS = ("commodity", "tunnel-breeze-bar", "tunnel-sky-lounge", "artifact", "construct")
DEFAULT_RETRIEVE_ICON = "commodity"


@dataclass(frozen=True)
class Level:
    name: str
    deck: dict[str, int]
    add_in: dict[str, int]

    def needs(self) -> dict[str, int]:
        """Cards of each pile the level deals: its deck and both add-in decks."""
        return {pile: self.deck.get(pile, 0) + 2 * self.add_in.get(pile, 0) for pile in PILES}


ADD_IN_FULL = {"green": 2, "black": 1, "white": 1, "purple": 1}
ADD_IN_LEAN = {"green": 1, "black": 1, "white": 1, "purple": 1}
LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("beginner", {"green": 8}, ADD_IN_FULL),
    Level("intermediate", {"green": 6}, ADD_IN_FULL),
    Level("experienced", {"green": 5}, ADD_IN_FULL),
    Level("veteran", {"green": 4}, ADD_IN_LEAN),
    Level("expert", {"green": 4, "black": 1, "white": 1}, ADD_IN_LEAN),
    Level("i-want-to-cry", {"green": 4, "black": 1, "white": 1}, {"black": 1, "white": 1, "purple": 1}),
)}
ADD_IN_DECKS = 2


class DeckFileError(ValueError):
    """A deck file that cannot be used; one line naming the line and what is wrong."""


def level(name: str) -> Level:
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key not in LEVELS:
        raise DeckFileError(f"'{name}' is not a level; choose one of {', '.join(LEVELS)}")
    return LEVELS[key]


@dataclass(frozen=True)
class Card:
    id: str
    pile: str
    actions: tuple[str, str]   # right half: the black row's action, the white row's
    factions: tuple[str, str]  # left half: the black row's faction icon, the white row's (or "own")
    triangle: bool = False     # left half: ▲, leave a worker on a foreign commodity area
    bazaar: Optional[int] = None  # the artifact of the Bazaar to discard, 1 = leftmost

    @classmethod
    def parse(cls, words: Sequence[str]) -> "Card":
        """``ID PILE BLACK-ACTION WHITE-ACTION BLACK-FACTION WHITE-FACTION [triangle] [bazaar-N]``."""
        if len(words) < 6:
            raise ValueError("a card is ID PILE BLACK-ACTION WHITE-ACTION BLACK-FACTION WHITE-FACTION "
                             "[triangle] [bazaar-N]")
        card_id, pile, *rest = words
        if pile.lower() not in PILES:
            raise ValueError(f"'{pile}' is not a pile; write one of {', '.join(PILES)}")
        actions = tuple(_action(w) for w in rest[0:2])
        try:
            factions = tuple(faction(w, allow_own=True) for w in rest[2:4])
        except UnknownFaction as exc:
            raise ValueError(str(exc)) from None
        triangle, bazaar = False, None
        for extra in rest[4:]:
            word = extra.lower()
            if word in ("triangle", "▲"):
                triangle = True
            elif word.startswith("bazaar-") and word[7:].isdigit() and int(word[7:]) >= 1:
                bazaar = int(word[7:])
            else:
                raise ValueError(f"'{extra}' is neither triangle nor bazaar-N")
        return cls(card_id, pile.lower(), actions, factions, triangle, bazaar)  # type: ignore[arg-type]

    def __str__(self) -> str:
        extras = (["triangle"] if self.triangle else []) + ([f"bazaar-{self.bazaar}"] if self.bazaar else [])
        return " ".join([self.id, self.pile, *self.actions, *self.factions, *extras])


def _action(word: str) -> str:
    key = word.lower()
    if key not in ACTIONS:
        raise ValueError(f"'{word}' is not an action; write one of {', '.join(ACTIONS)}")
    return key


@dataclass(frozen=True)
class OwnerDeck:
    cards: tuple[Card, ...]
    retrieve_icon: str = DEFAULT_RETRIEVE_ICON

    def pile(self, name: str) -> list[Card]:
        return [c for c in self.cards if c.pile == name]

    def to_text(self) -> str:
        return "\n".join([f"retrieve-icon: {self.retrieve_icon}"] + [str(c) for c in self.cards]) + "\n"


def parse_deck(text: str, for_level: Optional[Level] = None) -> OwnerDeck:
    """The owner's deck in a file's text, checked against the piles ``for_level`` deals."""
    cards: list[Card] = []
    retrieve_icon = DEFAULT_RETRIEVE_ICON
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        try:
            if words[0].lower() == "retrieve-icon:":
                if len(words) != 2:
                    raise ValueError("retrieve-icon: ACTION")
                retrieve_icon = _action(words[1])
                continue
            card = Card.parse(words)
        except ValueError as exc:
            raise DeckFileError(f"line {number}: {exc}") from None
        if any(c.id == card.id for c in cards):
            raise DeckFileError(f"line {number}: a second card {card.id}")
        cards.append(card)
    deck = OwnerDeck(tuple(cards), retrieve_icon)
    if for_level is not None:
        short = [f"{need - len(deck.pile(p))} more {p}" for p, need in for_level.needs().items()
                 if len(deck.pile(p)) < need]
        if short:
            raise DeckFileError(f"the {for_level.name} level deals {_counts(for_level.needs())}: "
                                f"the file needs {', '.join(short)}")
    return deck


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {p}" for p, n in counts.items() if n)


@dataclass
class DeckCycle:
    """The Automa deck, the add-in decks, and the cards of the pair in play."""

    deck: list[Card]
    add_ins: list[list[Card]]
    rng: random.Random
    this_pass: list[Card] = field(default_factory=list)  # every card of the deck in this pass
    support: Optional[Card] = None
    action: Optional[Card] = None
    passes: int = 1

    @classmethod
    def deal(cls, owner: OwnerDeck, chosen: Level, seed: int) -> "DeckCycle":
        rng = random.Random(f"euphoria-deck:{seed}")
        piles = {p: rng.sample(owner.pile(p), len(owner.pile(p))) for p in PILES}

        def take(counts: dict[str, int]) -> list[Card]:
            cards = [piles[p].pop() for p in PILES for _ in range(counts.get(p, 0))]
            rng.shuffle(cards)
            return cards

        cycle = cls(take(chosen.deck), [take(chosen.add_in) for _ in range(ADD_IN_DECKS)], rng)
        cycle.this_pass = list(cycle.deck)
        cycle.support = cycle.deck.pop(0)
        return cycle

    def draw(self) -> tuple[Card, Card, bool]:
        """The next pair (action, support), and whether the deck was rebuilt for it."""
        rebuilt = False
        if self.action is not None:
            self.support, self.action = self.action, None
        if not self.deck:
            if self.add_ins:
                self.this_pass += self.add_ins.pop(0)
            self.deck = list(self.this_pass)
            self.rng.shuffle(self.deck)
            self.support = self.deck.pop(0)
            self.passes += 1
            rebuilt = True
        self.action = self.deck.pop(0)
        assert self.support is not None
        return self.action, self.support, rebuilt
