"""The setup form of a new game of Automaton (``line_games.setup_form``): the robots (one tap each), and each
robot's design as three taps, the colours of its small, medium and large pyramid. The robots start on the corners
(A7); a robot elsewhere is put on its square in play (two taps)."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from companion.line_games.entered import Entered
from companion.line_games.setup_form import Option, Row, SetupForm, pick

from ..board import CORNERS, name as square_name
from ..design import COLOURS, SIZES, BadDesign, Design
from ..game import MOST_ROBOTS, RULES_VERSION
from ..wording import robot as called

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay")  # the robots offered, by their tokens' owners
DEFAULT_DESIGNS = ("rby", "gyr", "ybg", "bgr")
SIZE_LETTER = {size: size[0].upper() for size in SIZES}


class AutomatonForm(SetupForm):
    def __init__(self, kind: Any, header: Optional[dict[str, Any]], saved: Sequence[Entered]) -> None:
        super().__init__(kind, saved)
        seats = (header or {}).get("seats") or [{"colour": n, "design": d} for n, d in zip(NAMES, DEFAULT_DESIGNS[:2])]
        self.robots = [s["colour"] for s in seats][:MOST_ROBOTS]
        self.designs: dict[str, list[str]] = {s["colour"]: list(Design.from_letters(s["design"]).letters())
                                              for s in seats}
        self.names = list(NAMES) + [n for n in self.robots if n not in NAMES]

    def rows(self) -> tuple[Row, ...]:
        rows = [Row("robots", "Robots",
                    tuple(Option(called(n), n, n in self.robots) for n in self.names))]
        for name in self.robots:
            tapped = self.designs.get(name, [])
            rows.append(Row(f"design {name}", f"{called(name)}: S M L", tuple(
                Option(f"{colour.title()} {SIZE_LETTER[SIZES[tapped.index(colour[0])]] if colour[0] in tapped else ''}"
                       .strip(), colour[0], colour[0] in tapped) for colour in COLOURS)))
        return tuple(rows)

    def tap(self, key: str, value: str) -> None:
        """A robot in or out; a colour, as the next pyramid of the design (small, then medium, then large: a tap on
        a colour tapped takes it back, a tap on a full design starts it again)."""
        if key == "robots":
            self.robots = pick(self.robots, value, MOST_ROBOTS)
            return
        name = key.split()[1]
        tapped = self.designs.setdefault(name, [])
        if len(tapped) == len(SIZES):
            tapped.clear()
        if value in tapped:
            tapped.remove(value)
        else:
            tapped.append(value)

    def notes(self) -> list[str]:
        corners = ", ".join(f"{called(n)} {square_name(CORNERS[i])}" for i, n in enumerate(self.robots))
        return [f"Tap 2 to {MOST_ROBOTS} robots, then each one's pyramid colours: small, medium, large.", f"Start: {corners}."]

    def header(self) -> dict[str, Any]:
        return {"game": "automaton", "rules_version": RULES_VERSION,
                "seats": [{"colour": n, "kind": "robot", "design": "".join(self.designs.get(n, [])),
                           "start": square_name(CORNERS[i])} for i, n in enumerate(self.robots)]}

    def problem(self) -> str:
        if len(self.robots) < 2:
            return "Tap at least two robots."
        for name in self.robots:
            try:
                Design.from_letters("".join(self.designs.get(name, [])))
            except BadDesign:
                return f"Tap {called(name)}'s three pyramid colours."
        return ""
