"""The setup form of a new game of Tokaido (``line_games.setup_form``): the level, your colour and the Automas',
the road model with the order the Travelers leave Kyoto, the expansions and variants played with."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from companion.line_games.entered import Entered
from companion.line_games.setup_form import ENTER, Option, Row, SetupForm, entered_options, pick

from ..difficulty import AUTOMA_DRAWS, DEFAULT_LEVEL, LEVELS as TOKAIDO_LEVELS, YOUR_DRAWS
from ..road import parse_road

if TYPE_CHECKING:
    from companion.line_games.kinds import GameKind

TRAVELERS = ("blue", "green", "purple", "yellow", "grey")  # the Traveler colours offered
DEFAULTS: dict[str, Any] = {"game": "tokaido", "level": DEFAULT_LEVEL,
                            "seats": [{"colour": "blue", "kind": "person"}, {"colour": "green", "kind": "automa"},
                                      {"colour": "purple", "kind": "automa"}]}
TOKAIDO_PLAY_WITH = {"crossroads": "Crossroads", "matsuri": "Matsuri", "initiation": "Journey of Initiation"}
PREPARATIONS = "preparations"  # the button of the Preparations variant: each tap gives one more coin, up to the most
MOST_PREPARATIONS_COINS = 5


def _road_size(text: str) -> str:
    return f"{parse_road(text).end} spaces"


class TokaidoForm(SetupForm):
    """Level 1-7, your colour, the two Automas' colours, the road model (or none), with one the
    order in which the three Travelers leave Kyoto, and the expansions played with."""

    def __init__(self, kind: "GameKind", header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> None:
        super().__init__(kind, saved)
        header = header or DEFAULTS
        seats = header.get("seats", DEFAULTS["seats"])
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
    def travelers(self) -> list[str]:
        return [self.you] + self.automas

    def _fit_order(self) -> None:
        """Keep the order of the Travelers still in the game; a new one leaves last."""
        self.order = [c for c in self.order if c in self.travelers] + [c for c in self.travelers if c not in self.order]

    def rows(self) -> tuple[Row, ...]:
        rows = [Row("level", "Level", tuple(Option(str(n), str(n), n == self.level) for n in TOKAIDO_LEVELS)),
                Row("you", "You", tuple(Option(c.title(), c, c == self.you) for c in self.colours)),
                Row("automas", "Automas (two)", tuple(Option(c.title(), c, c in self.automas)
                                                      for c in self.colours if c != self.you)),
                Row("road", "Road model", entered_options(self.saved, self.road, _road_size, "Enter a road…"))]
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
            self.automas = pick(self.automas, value, 2)
        elif key == "road" and value != ENTER:
            self.road = self._entered_text(value)
        elif key == "order":  # she leaves Kyoto first
            self.order = [value] + [c for c in self.order if c != value]
        elif key == "expansions" and value == PREPARATIONS:
            self.preparations = (self.preparations + 1) % (MOST_PREPARATIONS_COINS + 1)
        elif key == "expansions":
            self.expansions ^= {value}
        self._fit_order()

    def notes(self) -> list[str]:
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

    def header(self) -> dict[str, Any]:
        return {"game": "tokaido", "level": self.level,
                "seats": [{"colour": self.you, "kind": "person"}] + [{"colour": c, "kind": "automa"} for c in self.automas],
                "road": self.road, "leaving_order": list(self.order) if self.road else [],
                **{e: e in self.expansions for e in TOKAIDO_PLAY_WITH}, PREPARATIONS: self.preparations}

    def problem(self) -> str:
        return "" if len(self.automas) == 2 else "Tap the two Automas' colours."


def _coins(count: int) -> str:
    return f"{count} coin{'s' if count > 1 else ''}"


def _cards(count: int) -> str:
    return f"{count} Difficulty Level card{'s' if count > 1 else ''}"
