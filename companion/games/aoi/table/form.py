"""The setup form of a new game of Age of Innovation (``line_games.setup_form``): the level, her card file entered
once (or none), and who draws her cards."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from companion.line_games.entered import Entered
from companion.line_games.setup_form import ENTER, Option, Row, SetupForm, entered_options

from ..levels import CARDS, LEVELS, TITLES
from ..owner import parse_card_file
from ..setup import seats

if TYPE_CHECKING:
    from companion.line_games.kinds import GameKind

DEFAULTS: dict[str, Any] = {"game": "aoi", "level": "automalein"}


def file_size(text: str) -> str:
    cards = len(parse_card_file(text).cards)
    return f"{cards} of {len(CARDS)} cards"


class AoiForm(SetupForm):
    def __init__(self, kind: "GameKind", header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> None:
        super().__init__(kind, saved)
        header = header or DEFAULTS
        self.level = header.get("level", "automalein")
        self.cards: Optional[str] = header.get("cards") or None
        self.table_draws = bool(header.get("table_draws", False))
        self.players = int(header.get("players", 1))

    def rows(self) -> tuple[Row, ...]:
        return (Row("level", "Level", tuple(Option(TITLES[n], n, n == self.level) for n in LEVELS)),
                Row("cards", "Her card file", entered_options(self.saved, self.cards, file_size, "Enter her cards…")),
                Row("draws", "Her deck", (Option("App draws", "app", not self.table_draws),
                                          Option("Table draws", "table", self.table_draws))),
                Row("players", "Players", (Option("You and her", "1", self.players == 1),
                                           Option("Two of you and her", "2", self.players == 2))))

    def tap(self, key: str, value: str) -> None:
        if key == "level":
            self.level = value
        elif key == "cards" and value != ENTER:
            self.cards = self._entered_text(value)
        elif key == "draws":
            self.table_draws = value == "table"
        elif key == "players":
            self.players = int(value)

    def notes(self) -> list[str]:
        if not self.cards:
            return ["No card file: the table draws her cards and taps each card's areas the first time it is seen."]
        held = len(parse_card_file(self.cards).cards)
        if self.table_draws or held < len(CARDS):
            return [f"The table draws her cards and taps each card's number ({held} of {len(CARDS)} in the file)."]
        return ["The app shuffles and draws her deck from the card file."]

    def header(self) -> dict[str, Any]:
        return {"game": "aoi", "level": self.level, "cards": self.cards, "table_draws": self.table_draws,
                "players": self.players, "seats": seats(self.players)}

    def problem(self) -> str:
        return ""
