"""A tiny game registered only in the tests, to show that adding a game is its package plus one registry line:
Countdown. The table says how much the person takes off a shared count (``take 1``..``take 3``); the Automa then
takes off what leaves a multiple of 4 (or 1 when it cannot). Whoever takes the last one wins."""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from companion.line_games.choices import Choice, Step
from companion.line_games.entered import Entered
from companion.line_games.entry import Entry
from companion.line_games.leds import PERSON_SEAT, Turn
from companion.line_games.setup_form import Option, Row, SetupForm

MOST_TAKEN = 3
SEATS = [{"colour": "you", "kind": "person"}, {"colour": "automa", "kind": "automa"}]


class Refused(ValueError):
    """A line Countdown cannot play; the game is unchanged."""


@dataclass(frozen=True)
class Setup:
    start: int = 10
    seed: int = 0

    def to_json(self) -> dict[str, Any]:
        """The header every game's record has (the store's: its rules' version and its seats), and the game's own."""
        return {"game": "countdown", "rules_version": 1, "seats": SEATS, "start": self.start, "seed": self.seed}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Setup":
        return cls(int(data["start"]), int(data.get("seed", 0)))


@dataclass(frozen=True)
class Took:
    """Countdown's one event: who took how many, and how many are left."""

    who: str
    count: int
    left: int


@dataclass(frozen=True)
class Counters:
    """Countdown's setup: the counters put on the table."""

    start: int


class Countdown:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.left = setup.start
        self.taken = {"you": 0, "automa": 0}
        self.last = ""

    def play(self, event: str) -> list[Took]:
        words = event.split()
        if self.left == 0:
            raise Refused("the game is over")
        if len(words) != 2 or words[0] != "take" or words[1] not in {str(n) for n in range(1, MOST_TAKEN + 1)}:
            raise Refused(f"'{event}' is not a move: take 1, take 2 or take 3")
        mine = int(words[1])
        if mine > self.left:
            raise Refused(f"only {self.left} left")
        self._take("you", mine)
        if self.left == 0:
            return [Took("you", mine, 0)]
        hers = self.left % (MOST_TAKEN + 1) or 1
        self._take("automa", hers)
        return [Took("automa", hers, self.left)]

    def _take(self, who: str, count: int) -> None:
        self.left -= count
        self.taken[who] += count
        self.last = who

    def waiting_for(self) -> str:
        return "over" if self.left == 0 else "take"

    def prompt(self) -> str:
        return "over" if self.left == 0 else f"{self.left} left: take 1, 2 or 3"

    def setup_events(self) -> list[Counters]:
        return [Counters(self.setup.start)]

    def to_json(self) -> dict[str, Any]:
        return {"left": self.left, "taken": dict(self.taken), "automas": {"automa": {"taken": self.taken["automa"]}}}

    def scores(self) -> dict[str, int]:
        return {"automa": 1 if self.left == 0 and self.last == "automa" else 0}

    def winners(self) -> list[str]:
        return ["automa"] if self.left == 0 and self.last == "automa" else []


class CountdownForm(SetupForm):
    def __init__(self, kind: "CountdownKind", header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> None:
        super().__init__(kind, saved)
        self.start = int((header or {}).get("start", 10))

    def rows(self) -> tuple[Row, ...]:
        return (Row("start", "Counters", tuple(Option(str(n), str(n), n == self.start) for n in (10, 20, 30))),)

    def tap(self, key: str, value: str) -> None:
        self.start = int(value)

    def notes(self) -> list[str]:
        return []

    def header(self) -> dict[str, Any]:
        return {"game": "countdown", "rules_version": 1, "seats": SEATS, "start": self.start}

    def problem(self) -> str:
        return ""


class CountdownKind:
    name = "countdown"
    title = "Countdown"
    about = "Take 1 to 3; the last one wins."
    colour = (0.4, 0.4, 0.4, 1)
    levels = ()
    refused = Refused
    new_game_options = ("start",)
    entered = None
    camera = None

    def setup_from_json(self, data: dict[str, Any]) -> Setup:
        return Setup.from_json(data)

    def new_game(self, setup: Setup) -> Countdown:
        return Countdown(setup)

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument_group("Countdown").add_argument("--start", type=int, help="the counters at the start")

    def setup_from_args(self, args: argparse.Namespace) -> Setup:
        return Setup(args.start or 10, args.seed or 0)

    def setup_form(self, header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> SetupForm:
        return CountdownForm(self, header, saved)

    def new_entry(self, form: SetupForm, in_progress: Optional[Entry]) -> Entry:
        raise ValueError("Countdown has nothing to enter")

    def next_step(self, game: Countdown, parts: Sequence[str]) -> Optional[Step]:
        if parts or game.left == 0:
            return None
        return Step("How many did you take?", tuple(Choice(str(n), f"take {n}") for n in range(1, MOST_TAKEN + 1)))

    def whose_turn(self, game: Countdown, parts: Sequence[str]) -> Turn:
        return Turn() if game.left == 0 else Turn(PERSON_SEAT)

    def status(self, game: Countdown) -> str:
        return f"{game.left} left"

    def mid_turn(self, game: Countdown) -> bool:
        return False

    def turn_lines(self, game: Countdown) -> int:
        return 1

    def words(self, event: Any) -> str:
        if isinstance(event, Counters):
            return f"Put {event.start} counters on the table."
        if event.who == "you":
            return "You took the last one."
        return f"The Automa takes {event.count}: {event.left} left."


COUNTDOWN = CountdownKind()
