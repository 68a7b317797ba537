"""The virtual Automa deck: card faces loaded from ``deck.json`` and the deck cycle.

Card anatomy (see ``docs/automa.md``): each card has a **left half** (the *support* fields)
and a **right half** (the *action* fields). Cards are used in pairs: the card drawn this
turn is the *action card* (only its right half counts), the previous one is the *support
card* (only its left half counts).

Deck cycle (add-in decks, as in the Euphoria Automa): the starting deck is shuffled and its
top card turned face up as the first support card. Each Automa turn the action card slides
over to become the support card and a new action card is drawn. When the deck is empty,
every card of this pass (discards, action, support) plus the next add-in deck, if one is
left, is shuffled into a new deck, and its top card becomes the support card. Add-in decks
let a level grow stronger as the game goes on without tying the deck to the number of turns
in a round, which in Automata varies from a handful to twenty.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional, Sequence

from ..rules import AREAS, CARD_TYPES, CompanionError

DATA_FILE = Path(__file__).with_name("deck.json")

JUDGES = ("blind", "plan")
MODIFY = ("none", "nudge", "reroll", "combine")
DIRECTIONS = ("right", "left")


class DeckDataError(CompanionError, ValueError):
    """The deck file is missing a field or holds a value the resolution does not know."""


@dataclass(frozen=True)
class ActionHalf:
    """Right half: what the Automa aims for this turn."""

    focus: tuple[str, ...]  # staging areas in priority order
    judge: str              # blind: first area only; plan: first area whose condition holds
    die: str                # "high" or "low": the die it prefers when its rule leaves a choice


@dataclass(frozen=True)
class SupportHalf:
    """Left half: how it breaks ties and what it may spend."""

    modify: str                   # none / nudge / reroll / combine
    colours: tuple[str, ...]      # card colours it prefers at Research, best first
    reserve: bool                 # whether it reserves a card it cannot buy
    steps: int                    # direction selection: count this many options...
    direction: str                # ...in reading order ("right") or reverse ("left"), wrapping


@dataclass(frozen=True)
class AutomaCard:
    card_id: str
    title: str
    pile: str
    action: ActionHalf
    support: SupportHalf

    def face(self) -> dict[str, Any]:
        """Plain data the UI renders as a card face."""
        return {
            "id": self.card_id, "title": self.title, "pile": self.pile,
            "action": {"focus": list(self.action.focus), "judge": self.action.judge, "die": self.action.die},
            "support": {"modify": self.support.modify, "colours": list(self.support.colours),
                        "reserve": self.support.reserve, "steps": self.support.steps,
                        "direction": self.support.direction},
        }


@dataclass(frozen=True)
class DeckData:
    piles: dict[str, str]                 # pile id -> one line describing it
    cards: dict[str, AutomaCard]
    levels: tuple[dict[str, Any], ...]    # raw level rows, validated by ``levels.py``

    def pile(self, pile: str) -> list[str]:
        return sorted(c.card_id for c in self.cards.values() if c.pile == pile)


def _choice(value: Any, allowed: Sequence[str], where: str) -> str:
    if value not in allowed:
        raise DeckDataError(f"{where}: '{value}' is not one of {', '.join(allowed)}")
    return value


def parse_card(card_id: str, raw: dict[str, Any], piles: dict[str, str]) -> AutomaCard:
    try:
        a, s = raw["action"], raw["support"]
        focus = tuple(_choice(x, AREAS, f"card {card_id} focus") for x in a["focus"])
        if not focus:
            raise DeckDataError(f"card {card_id}: focus needs at least one area")
        colours = tuple(_choice(x, CARD_TYPES, f"card {card_id} colours") for x in s["colours"])
        if sorted(colours) != sorted(CARD_TYPES):
            raise DeckDataError(f"card {card_id}: colours must name each card colour once")
        steps = int(s["steps"])
        if steps < 1:
            raise DeckDataError(f"card {card_id}: steps must be at least 1")
        return AutomaCard(
            card_id, str(raw["title"]), _choice(raw["pile"], tuple(piles), f"card {card_id} pile"),
            ActionHalf(focus, _choice(a["judge"], JUDGES, f"card {card_id} judge"),
                       _choice(a["die"], ("high", "low"), f"card {card_id} die")),
            SupportHalf(_choice(s["modify"], MODIFY, f"card {card_id} modify"), colours, bool(s["reserve"]),
                        steps, _choice(s["direction"], DIRECTIONS, f"card {card_id} direction")),
        )
    except KeyError as exc:
        raise DeckDataError(f"card {card_id}: missing field {exc}") from None


def load_deck(path: Path = DATA_FILE) -> DeckData:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise DeckDataError(f"cannot read the Automa deck file {path}: {exc}") from None
    piles = {k: str(v) for k, v in raw["piles"].items()}
    cards = {card_id: parse_card(card_id, c, piles) for card_id, c in raw["cards"].items()}
    return DeckData(piles, cards, tuple(raw["levels"]))


@lru_cache(maxsize=1)
def default_deck() -> DeckData:
    return load_deck()


class DeckCycle:
    """One Automa's deck: draw pile, discards, the current pair and the add-in decks left.

    Shuffles use ``random.Random(f"{seed}:{passes}")``, so the whole cycle follows from the
    seed and the number of turns drawn; ``to_json``/``from_json`` carry it across a restart.
    """

    def __init__(self, start: Sequence[str], add_ins: Sequence[Sequence[str]], seed: int) -> None:
        self.seed = seed
        self.passes = 0
        self.draw_pile: list[str] = self._shuffled(start)
        self.add_ins: list[list[str]] = [list(a) for a in add_ins]
        self.discards: list[str] = []
        self.action: Optional[str] = None
        self.support: Optional[str] = self.draw_pile.pop(0) if self.draw_pile else None
        self.turns = 0

    def _shuffled(self, cards: Sequence[str]) -> list[str]:
        pile = sorted(cards)
        random.Random(f"{self.seed}:{self.passes}").shuffle(pile)
        return pile

    def _rebuild(self) -> None:
        cards = self.discards + [c for c in (self.action, self.support) if c is not None]
        if self.add_ins:
            cards += self.add_ins.pop(0)
        self.passes += 1
        self.discards, self.action = [], None
        self.draw_pile = self._shuffled(cards)
        self.support = self.draw_pile.pop(0)

    def next_turn(self) -> tuple[str, str]:
        """Slide the action card to support, draw a new action card; returns (action, support)."""
        if self.action is not None:
            if self.support is not None:
                self.discards.append(self.support)
            self.support, self.action = self.action, None
        if not self.draw_pile:
            self._rebuild()
        self.action = self.draw_pile.pop(0)
        self.turns += 1
        return self.action, self.support  # type: ignore[return-value]

    @property
    def pair(self) -> Optional[tuple[str, str]]:
        if self.action is None or self.support is None:
            return None
        return self.action, self.support

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "passes": self.passes, "draw_pile": self.draw_pile, "add_ins": self.add_ins,
                "discards": self.discards, "action": self.action, "support": self.support, "turns": self.turns}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "DeckCycle":
        deck = cls.__new__(cls)
        deck.seed = int(data["seed"])
        deck.passes = int(data["passes"])
        deck.draw_pile = [str(c) for c in data["draw_pile"]]
        deck.add_ins = [[str(c) for c in a] for a in data["add_ins"]]
        deck.discards = [str(c) for c in data["discards"]]
        deck.action = data["action"]
        deck.support = data["support"]
        deck.turns = int(data["turns"])
        return deck
