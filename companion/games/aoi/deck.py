"""Her deck over the game: the start deck of the level, the reserve, the action card and the support pile.

Card numbers; ``UNSEEN`` stands for a card the app has not seen, where the table shuffles and draws the physical
cards (then the deck is a set of what it may hold: any order). Where the app draws, every card is known and each
of the 14 is always in exactly one of the deck, the support pile, the action card and the reserve (none goes to
the box in this Automa: the first-workshop card goes back, B6).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Optional

from .levels import CARDS, LATE_CARD, NIGHTMARE_CARD, RANDOM_ADDED, START_CARDS

UNSEEN = 0
TURNED = 2  # "Drehe die untersten beiden Karten um 90 Grad" [L234, L352]


@dataclass
class Deck:
    deck: list[int]
    reserve: list[int]
    drawn_by_app: bool
    support: list[int] = field(default_factory=list)  # the support pile, its top (the support card) last
    action: Optional[int] = None

    @classmethod
    def start(cls, level: str, rng: Optional[random.Random]) -> "Deck":
        """The level's start deck and the reserve [L229–241]; ``rng`` None: the table shuffles (cards unseen).

        Automalein: card 3 on top of the reserve (B9); Alptraua: card 13 into the deck; Automächtig, Ultoma and
        Alptraua: random reserve cards into the deck, unseen."""
        start = [c for c in START_CARDS if not (level == "automalein" and c == LATE_CARD)]
        if level == "alptraua":
            start.append(NIGHTMARE_CARD)
        late = [LATE_CARD] if level == "automalein" else []
        reserve = [c for c in CARDS if c not in start and c not in late]
        added = RANDOM_ADDED[level]
        if rng is None:
            return cls(start + [UNSEEN] * added, late + [UNSEEN] * (len(reserve) - added), False)
        rng.shuffle(reserve)
        deck = start + [reserve.pop() for _ in range(added)]
        rng.shuffle(deck)
        reserve = late + reserve
        return cls(deck, reserve, True)

    def turned(self) -> bool:
        """Whether the next card drawn is one of the two turned at the bottom [L332]."""
        return len(self.deck) <= TURNED

    def can_draw(self, number: int) -> bool:
        """Whether the table may have drawn card ``number`` from her deck (where the table draws)."""
        return number in self.deck or (UNSEEN in self.deck and not self.seen(number))

    def seen(self, number: int) -> bool:
        return number in self.support or number == self.action or number in self.reserve \
            or number in self.deck

    def draw(self, number: Optional[int] = None) -> int:
        """The top card (where the app draws) or the card ``number`` the table drew."""
        if self.drawn_by_app:
            return self.deck.pop(0)
        assert number is not None and self.can_draw(number)
        self.deck.remove(number if number in self.deck else UNSEEN)
        return number

    def take(self, number: Optional[int] = None) -> int:
        """Draw a card and lay it out. The first of a round is the support card (right), the second the action
        card, laid "links neben die erste" (→ left of the first) [L325]; later draws are action cards [L331]."""
        drawn = self.draw(number)
        if self.support:
            self.action = drawn
        else:
            self.support.append(drawn)
        return drawn

    def action_to_support(self) -> None:
        """A later turn's step 1 [L329]: the old action card onto the support card."""
        if self.action is not None:
            self.support.append(self.action)
            self.action = None

    def rebuild(self, rng: Optional[random.Random]) -> Optional[int]:
        """Her pass, steps 4–6 [L350–352]: the action card, the support pile and the deck's rest, with the
        reserve's top card unseen, shuffled into the next round's deck. Returns the reserve card added."""
        added = self.reserve.pop(0) if self.reserve else None
        cards = self.deck + self.support + ([self.action] if self.action is not None else []) \
            + ([added] if added is not None else [])
        self.support, self.action = [], None
        if rng is not None:
            rng.shuffle(cards)
        self.deck = cards
        return added

    def every_card(self) -> list[int]:
        """Where the app draws: every card, wherever it lies (each of the 14 once)."""
        return sorted(self.deck + self.support + ([self.action] if self.action is not None else [])
                      + self.reserve)

    def to_json(self) -> dict[str, object]:
        return {"deck": len(self.deck), "turned": min(TURNED, len(self.deck)), "support_pile": list(self.support),
                "action_card": self.action, "reserve": len(self.reserve),
                "deck_cards": sorted(self.deck) if self.drawn_by_app else None}
