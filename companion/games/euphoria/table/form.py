"""The setup form of a new game of Euphoria (``line_games.setup_form``): the level, one or two people, your
recruits' factions, the Automas' factions as drawn, the Automa deck entered once, the options."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from companion.line_games.entered import Entered
from companion.line_games.setup_form import ENTER, Option, Row, SetupForm, entered_options, pick

from ..deck import LEVELS as EUPHORIA_LEVELS, PILES, DeckFileError, level as euphoria_level, parse_deck
from ..factions import FACTIONS, NAMES
from ..setup import AUTOMAS, check_drawn

if TYPE_CHECKING:
    from companion.line_games.kinds import GameKind

DEFAULTS: dict[str, Any] = {"game": "euphoria", "level": "intermediate", "seats": [{"colour": "person 1", "kind": "person"}]}
EUPHORIA_TITLES = {"beginner": "Beginner", "intermediate": "Intermediate", "experienced": "Experienced",
                   "veteran": "Veteran", "expert": "Expert", "i-want-to-cry": "I Want to Cry"}


def _deck_size(text: str) -> str:
    cards = len(parse_deck(text).cards)
    return f"{cards} card{'' if cards == 1 else 's'}"


class EuphoriaForm(SetupForm):
    """The level, one or two people, your recruits' factions (with one person, unless any faction
    will do), the entered deck (or none) and the New Antiques Bazaar."""

    def __init__(self, kind: "GameKind", header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> None:
        super().__init__(kind, saved)
        header = header or DEFAULTS
        self.level = header.get("level", "intermediate")
        self.people = max(1, min(2, sum(1 for s in header.get("seats", ()) if s["kind"] == "person")))
        self.recruits = [f for f in header.get("recruits", ()) if f in FACTIONS][:2]
        self.any_faction = bool(header.get("any_faction", False))
        self.bazaar = bool(header.get("bazaar", False))
        self.deck: Optional[str] = header.get("deck") or None
        self.drawn: list[str] = []  # the factions drawn at the table, black's then white's; []: the app draws

    @property
    def recruits_matter(self) -> bool:
        """With one person the Automas' factions differ from your recruits', unless any faction will do."""
        return self.people == 1 and not self.any_faction

    def _drawn_option(self, name: str) -> Option:
        """A faction's faction/penalty card, with the Automas it was drawn for: ``Black: Icarus``."""
        holders = [c.title() for c, f in zip(AUTOMAS, self.drawn) if f == name]
        return Option(f"{', '.join(holders)}: {NAMES[name]}" if holders else f"{NAMES[name]} card", name, bool(holders))

    def rows(self) -> tuple[Row, ...]:
        rows = [Row("level", "Level", tuple(Option(EUPHORIA_TITLES[n], n, n == self.level) for n in EUPHORIA_LEVELS)),
                Row("people", "People", (Option("1 person", "1", self.people == 1),
                                          Option("2 people", "2", self.people == 2)))]
        if self.recruits_matter:
            rows.append(Row("recruits", "Your recruits", tuple(Option(NAMES[f], f, f in self.recruits) for f in FACTIONS)))
        rows.append(Row("factions", "Automas' factions", (Option("App draws", "", not self.drawn),)
                        + tuple(self._drawn_option(f) for f in FACTIONS)))
        rows.append(Row("deck", "Automa deck", entered_options(self.saved, self.deck, _deck_size, "Enter a deck…")))
        options = [Option("Antiques Bazaar", "bazaar", self.bazaar)]
        if self.people == 1:
            options.append(Option("Any faction (solo variant)", "any_faction", self.any_faction))
        rows.append(Row("options", "Play with", tuple(options)))
        return tuple(rows)

    def tap(self, key: str, value: str) -> None:
        if key == "level":
            self.level = value
        elif key == "people":
            self.people = int(value)
            self.any_faction = self.any_faction and self.people == 1
        elif key == "recruits":
            self.recruits = pick(self.recruits, value, 2)
        elif key == "factions":  # black's, then white's; a third tap starts again with black's
            self.drawn = [] if not value else ([value] if len(self.drawn) == len(AUTOMAS) else self.drawn + [value])
        elif key == "deck" and value != ENTER:
            self.deck = self._entered_text(value)
        elif key == "options" and value == "bazaar":
            self.bazaar = not self.bazaar
        elif key == "options" and value == "any_faction":
            self.any_faction = not self.any_faction

    def notes(self) -> list[str]:
        chosen = euphoria_level(self.level)
        return [f"{EUPHORIA_TITLES[self.level]}: an Automa deck of {_piles(chosen.deck)}; "
                f"each of the two add-in decks {_piles(chosen.add_in)}."]

    def header(self) -> dict[str, Any]:
        return {"game": "euphoria", "level": self.level,
                "seats": [{"colour": f"person {n + 1}", "kind": "person"} for n in range(self.people)]
                + [{"colour": c, "kind": "automa"} for c in AUTOMAS],
                "recruits": list(self.recruits), "any_faction": self.any_faction, "bazaar": self.bazaar,
                "deck": self.deck, "factions": list(self.drawn) if len(self.drawn) == len(AUTOMAS) else []}

    def problem(self) -> str:
        if self.recruits_matter and len(self.recruits) != 2:
            return "Tap your two recruits' factions: the Automas take other factions."
        if len(self.drawn) == 1:
            return "Tap White's faction as drawn too, or App draws."
        if self.drawn:
            try:
                check_drawn(self.drawn, self.recruits, self.people, self.any_faction)
            except ValueError as exc:
                return f"Those factions cannot be drawn: {exc}."
        if self.deck:
            try:
                parse_deck(self.deck, euphoria_level(self.level))
            except DeckFileError as exc:
                return f"That deck cannot be used at this level: {exc}."
        return ""


def _piles(counts: dict[str, int]) -> str:
    return ", ".join(f"{counts[p]} {p}" for p in PILES if counts.get(p))
