"""Setting up a new game of Tokaido or Euphoria on the touchscreen: rows of buttons (the level, the
colours or the people, the road model or deck entered once, the options), prefilled from the latest
game of that kind, and the setup they make. The screen only shows the rows and passes the taps on.
No Kivy here."""
from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ..games.euphoria import AUTOMAS, LEVELS as EUPHORIA_LEVELS, DeckFileError, level as euphoria_level, parse_deck
from ..games.euphoria.deck import PILES
from ..games.euphoria.factions import FACTIONS, NAMES
from ..games.euphoria.setup import check_drawn
from ..store import GameStore, StoreError
from ..games.tokaido import parse_road
from ..games.tokaido.difficulty import AUTOMA_DRAWS, DEFAULT_LEVEL, LEVELS as TOKAIDO_LEVELS, YOUR_DRAWS
from .entered import FIELDS, Entered, entered
from .kinds import kind

MAX_ENTERED = 3  # the roads or decks offered, the most recently saved or played first
ENTER = "enter"  # the option that opens the entry screen of a new road or deck
TRAVELERS = ("blue", "green", "purple", "yellow", "grey")  # the Traveler colours offered
DEFAULTS: Dict[str, Dict[str, Any]] = {
    "tokaido": {"game": "tokaido", "level": DEFAULT_LEVEL, "seats": [{"colour": "blue", "kind": "person"},
                                                                     {"colour": "green", "kind": "automa"},
                                                                     {"colour": "purple", "kind": "automa"}]},
    "euphoria": {"game": "euphoria", "level": "intermediate", "seats": [{"colour": "person 1", "kind": "person"}]},
}
# the expansions and the variant played with or without, by the header's key: the button's words
TOKAIDO_PLAY_WITH = {"crossroads": "Crossroads", "matsuri": "Matsuri", "initiation": "Journey of Initiation"}
PREPARATIONS = "preparations"  # the button of the Preparations variant: each tap gives one more coin, up to the most
MOST_PREPARATIONS_COINS = 5
EUPHORIA_TITLES = {"beginner": "Beginner", "intermediate": "Intermediate", "experienced": "Experienced",
                   "veteran": "Veteran", "expert": "Expert", "i-want-to-cry": "I Want to Cry"}


@dataclass(frozen=True)
class Option:
    text: str            # the button's words
    value: str           # what a tap on it tells the form
    chosen: bool = False


@dataclass(frozen=True)
class Row:
    key: str             # what a tap on one of its options changes
    label: str
    options: Tuple[Option, ...]


def latest_header(store: GameStore, kind_name: str) -> Dict[str, Any]:
    """The header of the latest saved game of this kind; the defaults when there is none."""
    latest = store.latest_game_id(kind_name)
    return dict(store.header(latest)) if latest else dict(DEFAULTS[kind_name])


def setup_form(store: GameStore, kind_name: str) -> "SetupForm":
    """The form of a new game of this kind, prefilled as its latest game (or the defaults)."""
    forms = {"tokaido": TokaidoForm, "euphoria": EuphoriaForm}
    if kind_name not in forms:
        raise ValueError(f"'{kind_name}' is not a game set up here; choose {', '.join(forms)}")
    try:
        header = latest_header(store, kind_name)
        saved = entered(store, kind_name)[:MAX_ENTERED]
    except StoreError as exc:
        raise StoreError(f"The saved games cannot be read to set up the game: {exc}") from None
    return forms[kind_name](header, saved)


def _pick(chosen: List[str], value: str, most: int) -> List[str]:
    """Tap ``value`` in a row where up to ``most`` are chosen: a chosen one is let go, another is
    chosen and, when that makes one too many, the one chosen first is let go."""
    if value in chosen:
        return [c for c in chosen if c != value]
    return (chosen + [value])[-most:]


def _entered_options(texts: Sequence[Entered], chosen: Optional[str], size: Callable[[str], str],
                     enter: str) -> Tuple[Option, ...]:
    """None, each road or deck entered (its size and when it was last saved or played, to tell them
    apart), then the way to enter a new one."""
    return (Option("None", "", not chosen),) + tuple(
        Option(f"{size(e.text)} · {e.last_used.astimezone():%d %b}", str(n), e.text == chosen)
        for n, e in enumerate(texts)) + (Option(enter, ENTER),)


def _road_size(text: str) -> str:
    return f"{parse_road(text).end} spaces"


def _deck_size(text: str) -> str:
    cards = len(parse_deck(text).cards)
    return f"{cards} card{'' if cards == 1 else 's'}"


class SetupForm(ABC):
    kind_name = ""

    def __init__(self, saved: Sequence[Entered]) -> None:
        self.saved = list(saved)

    @property
    def title(self) -> str:
        return kind(self.kind_name).title

    @abstractmethod
    def rows(self) -> Tuple[Row, ...]:
        """The rows shown now (a row that does not matter with the choices made is left out)."""

    @abstractmethod
    def tap(self, key: str, value: str) -> None:
        """An option of row ``key`` tapped."""

    @abstractmethod
    def notes(self) -> List[str]:
        """What the choices mean, in a line or two under the rows."""

    @abstractmethod
    def header(self) -> Dict[str, Any]:
        """The setup as the store's header keeps it, less the seed."""

    @abstractmethod
    def problem(self) -> str:
        """Why the game cannot start with these choices, or ""."""

    def setup(self, seed: Optional[int] = None) -> Any:
        """The game's setup with a fresh seed (or ``seed``); ValueError saying why not."""
        problem = self.problem()
        if problem:
            raise ValueError(problem)
        seed = secrets.randbelow(2**31) if seed is None else seed
        return kind(self.kind_name).setup_from_json({**self.header(), "seed": seed})

    def offer(self, store: GameStore, text: str) -> None:
        """Offer the roads or decks entered as they are now that ``text`` was saved, ``text`` chosen."""
        self.saved = entered(store, self.kind_name)[:MAX_ENTERED]
        self.tap(FIELDS[self.kind_name], str(next(n for n, e in enumerate(self.saved) if e.text == text)))

    def _entered_text(self, value: str) -> Optional[str]:
        return self.saved[int(value)].text if value else None


class TokaidoForm(SetupForm):
    """Level 1-7, your colour, the two Automas' colours, the road model (or none), with one the
    order in which the three Travelers leave Kyoto, and the expansions played with."""

    kind_name = "tokaido"

    def __init__(self, header: Dict[str, Any], saved: Sequence[Entered]) -> None:
        super().__init__(saved)
        seats = header.get("seats", DEFAULTS["tokaido"]["seats"])
        self.level = int(header.get("level", DEFAULT_LEVEL))
        self.you = next((s["colour"] for s in seats if s["kind"] == "person"), "blue")
        self.automas = [s["colour"] for s in seats if s["kind"] == "automa"][:2]
        self.colours = TRAVELERS + tuple(c for c in [self.you] + self.automas if c not in TRAVELERS)
        self.road: Optional[str] = header.get("road") or None
        self.order = list(header.get("leaving_order") or ())
        self.expansions = {e for e in TOKAIDO_PLAY_WITH if header.get(e)}
        self.preparations = int(header.get(PREPARATIONS, 0))
        self._fit_order()

    @property
    def travelers(self) -> List[str]:
        return [self.you] + self.automas

    def _fit_order(self) -> None:
        """Keep the order of the Travelers still in the game; a new one leaves last."""
        self.order = [c for c in self.order if c in self.travelers] + [c for c in self.travelers if c not in self.order]

    def rows(self) -> Tuple[Row, ...]:
        rows = [Row("level", "Level", tuple(Option(str(n), str(n), n == self.level) for n in TOKAIDO_LEVELS)),
                Row("you", "You", tuple(Option(c.title(), c, c == self.you) for c in self.colours)),
                Row("automas", "Automas (two)", tuple(Option(c.title(), c, c in self.automas)
                                                      for c in self.colours if c != self.you)),
                Row("road", "Road model", _entered_options(self.saved, self.road, _road_size, "Enter a road…"))]
        if self.road:
            rows.append(Row("order", "Leaving Kyoto", tuple(
                Option(f"{('1st', '2nd', '3rd')[n]} {c.title()}", c) for n, c in enumerate(self.order))))
        rows.append(Row("expansions", "Play with", tuple(Option(text, e, e in self.expansions)
                                                         for e, text in TOKAIDO_PLAY_WITH.items())
                        + (self._preparations_option(),)))
        return tuple(rows)

    def tap(self, key: str, value: str) -> None:
        if key == "level":
            self.level = int(value)
        elif key == "you":
            if value in self.automas:  # that Automa takes your colour
                self.automas[self.automas.index(value)] = self.you
            self.you = value
        elif key == "automas":
            self.automas = _pick(self.automas, value, 2)
        elif key == "road" and value != ENTER:
            self.road = self._entered_text(value)
        elif key == "order":  # she leaves Kyoto first
            self.order = [value] + [c for c in self.order if c != value]
        elif key == "expansions" and value == PREPARATIONS:
            self.preparations = (self.preparations + 1) % (MOST_PREPARATIONS_COINS + 1)
        elif key == "expansions":
            self.expansions ^= {value}
        self._fit_order()

    def notes(self) -> List[str]:
        if self.level in YOUR_DRAWS:
            level = f"you resolve {_cards(YOUR_DRAWS[self.level])} at setup."
        elif self.level in AUTOMA_DRAWS:
            level = f"each Automa resolves {_cards(AUTOMA_DRAWS[self.level])} at setup."
        else:
            level = "no changes to the game."
        notes = [f"Level {self.level}: {level}"]
        if self.road:
            notes.append("Leaving Kyoto: tap who leaves first.")
        if self.preparations:
            notes.append(f"Preparations: {_coins(self.preparations)} more each; tap again for one more.")
        return notes

    def _preparations_option(self) -> Option:
        """The Preparations variant with the additional coins each Traveler receives (0: not played)."""
        more = f" +{_coins(self.preparations)}" if self.preparations else ""
        return Option(f"Preparations{more}", PREPARATIONS, bool(self.preparations))

    def header(self) -> Dict[str, Any]:
        return {"game": "tokaido", "level": self.level,
                "seats": [{"colour": self.you, "kind": "person"}] + [{"colour": c, "kind": "automa"} for c in self.automas],
                "road": self.road, "leaving_order": list(self.order) if self.road else [],
                **{e: e in self.expansions for e in TOKAIDO_PLAY_WITH}, PREPARATIONS: self.preparations}

    def problem(self) -> str:
        return "" if len(self.automas) == 2 else "Tap the two Automas' colours."


class EuphoriaForm(SetupForm):
    """The level, one or two people, your recruits' factions (with one person, unless any faction
    will do), the entered deck (or none) and the New Antiques Bazaar."""

    kind_name = "euphoria"

    def __init__(self, header: Dict[str, Any], saved: Sequence[Entered]) -> None:
        super().__init__(saved)
        self.level = header.get("level", "intermediate")
        self.people = max(1, min(2, sum(1 for s in header.get("seats", ()) if s["kind"] == "person")))
        self.recruits = [f for f in header.get("recruits", ()) if f in FACTIONS][:2]
        self.any_faction = bool(header.get("any_faction", False))
        self.bazaar = bool(header.get("bazaar", False))
        self.deck: Optional[str] = header.get("deck") or None
        self.drawn: List[str] = []  # the factions drawn at the table, black's then white's; []: the app draws

    @property
    def recruits_matter(self) -> bool:
        """With one person the Automas' factions differ from your recruits', unless any faction will do."""
        return self.people == 1 and not self.any_faction

    def _drawn_option(self, name: str) -> Option:
        """A faction's faction/penalty card, with the Automas it was drawn for: ``Black: Icarus``."""
        holders = [c.title() for c, f in zip(AUTOMAS, self.drawn) if f == name]
        return Option(f"{', '.join(holders)}: {NAMES[name]}" if holders else f"{NAMES[name]} card", name, bool(holders))

    def rows(self) -> Tuple[Row, ...]:
        rows = [Row("level", "Level", tuple(Option(EUPHORIA_TITLES[n], n, n == self.level) for n in EUPHORIA_LEVELS)),
                Row("people", "People", (Option("1 person", "1", self.people == 1),
                                          Option("2 people", "2", self.people == 2)))]
        if self.recruits_matter:
            rows.append(Row("recruits", "Your recruits", tuple(Option(NAMES[f], f, f in self.recruits) for f in FACTIONS)))
        rows.append(Row("factions", "Automas' factions", (Option("App draws", "", not self.drawn),)
                        + tuple(self._drawn_option(f) for f in FACTIONS)))
        rows.append(Row("deck", "Automa deck", _entered_options(self.saved, self.deck, _deck_size, "Enter a deck…")))
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
            self.recruits = _pick(self.recruits, value, 2)
        elif key == "factions":  # black's, then white's; a third tap starts again with black's
            self.drawn = [] if not value else ([value] if len(self.drawn) == len(AUTOMAS) else self.drawn + [value])
        elif key == "deck" and value != ENTER:
            self.deck = self._entered_text(value)
        elif key == "options" and value == "bazaar":
            self.bazaar = not self.bazaar
        elif key == "options" and value == "any_faction":
            self.any_faction = not self.any_faction

    def notes(self) -> List[str]:
        chosen = euphoria_level(self.level)
        return [f"{EUPHORIA_TITLES[self.level]}: an Automa deck of {_piles(chosen.deck)}; "
                f"each of the two add-in decks {_piles(chosen.add_in)}."]

    def header(self) -> Dict[str, Any]:
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


def _coins(count: int) -> str:
    return f"{count} coin{'s' if count > 1 else ''}"


def _cards(count: int) -> str:
    return f"{count} Difficulty Level card{'s' if count > 1 else ''}"


def _piles(counts: Dict[str, int]) -> str:
    return ", ".join(f"{counts[p]} {p}" for p in PILES if counts.get(p))
