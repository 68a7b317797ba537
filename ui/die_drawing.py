"""A die drawn as a die, the same wherever the app shows one (the Table, the roll dialog, the game's events): a D4 a
triangle, a D6 a square with its pips, a D8 a diamond, in its seat's colour, its value in 18 px text (a D6's as
pips). A die on an action space is drawn without a value: there its value no longer counts (R13)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from kivy.graphics import Color, Ellipse, Line, Quad, Triangle
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.widget import Widget

from . import theme
from .canvas_text import Box, paint_text

SIZE = 28  # the largest a die is drawn with its value: a D4's triangle then holds an 18 px digit
SHAPES = {"d4": "triangle", "d6": "square", "d8": "diamond"}
EDGE: theme.RGBA = (0.05, 0.05, 0.06, 1)
# Each face's pips, as fractions of the square from its bottom left corner.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.73), (0.73, 0.27)),
    3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
    4: ((0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)),
    5: ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)),
    6: ((0.27, 0.22), (0.27, 0.5), (0.27, 0.78), (0.73, 0.22), (0.73, 0.5), (0.73, 0.78)),
}
Face = Union[int, str, None]  # a value, a mark such as "?" for a die not yet read, or nothing
DieSpec = tuple[str, Face, str]  # type, face, seat colour


@dataclass(frozen=True)
class DrawnDie:
    die_type: str
    value: Face
    colour: str
    shape: str
    box: Box


def outline(die_type: str, x: float, y: float, size: float) -> list[float]:
    """The corners of a die's shape in the square ``size`` wide whose bottom left corner is (x, y)."""
    if die_type == "d4":
        return [x, y + size * 0.04, x + size, y + size * 0.04, x + size / 2, y + size * 0.98]
    if die_type == "d8":
        return [x + size / 2, y, x + size, y + size / 2, x + size / 2, y + size, x, y + size / 2]
    inset = size * 0.05
    return [x + inset, y + inset, x + size - inset, y + inset, x + size - inset, y + size - inset,
            x + inset, y + size - inset]


def paint_die(die_type: str, face: Face, colour: str, x: float, y: float, size: float = SIZE,
              ring: Optional[theme.RGBA] = None) -> DrawnDie:
    """One die on the canvas in use; ``ring`` outlines it (the die asked for, a die of the current initiative)."""
    corners = outline(die_type, x, y, size)
    Color(*theme.seat_rgba(colour))
    if die_type == "d4":
        Triangle(points=corners)
    else:
        Quad(points=corners)
    Color(*(ring or EDGE))
    Line(points=corners, close=True, width=2 if ring else 1.1)
    ink = theme.ink_on(colour)
    if die_type == "d6" and isinstance(face, int) and face in PIPS:
        side, r = size * 0.9, max(size * 0.085, 1.5)
        left, bottom = x + size * 0.05, y + size * 0.05
        Color(*ink)
        for px, py in PIPS[face]:
            Ellipse(pos=(left + px * side - r, bottom + py * side - r), size=(2 * r, 2 * r))
    elif face is not None:
        # a D4's number sits low in its triangle, where the triangle is wide
        middle = y + size * (0.36 if die_type == "d4" else 0.5)
        paint_text(str(face), ink, x + size / 2, middle, theme.FONT_SMALL, bold=True)
    return DrawnDie(die_type, face, colour, SHAPES.get(die_type, "square"), (x, y, size, size))


class DiceStrip(Widget):
    """A row of dice, ``dice`` as (type, face, seat colour), the one at ``ringed`` (if any) outlined: the dice of a
    roll in its dialog, the dice of an event in the game's list."""

    dice = ListProperty()
    ringed = NumericProperty(-1)
    die_size = NumericProperty(SIZE)
    GAP = 4

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("size_hint", (None, None))
        super().__init__(**kwargs)
        self.drawn: list[DrawnDie] = []
        self.bind(pos=self._draw, size=self._draw, dice=self._draw, ringed=self._draw, die_size=self._draw)
        self._draw()

    def _draw(self, *_: object) -> None:
        side, count = self.die_size, len(self.dice)
        self.width, self.height = count * side + max(count - 1, 0) * self.GAP, side
        self.canvas.clear()
        with self.canvas:
            self.drawn = [paint_die(die_type, face, colour, self.x + i * (side + self.GAP), self.y, side,
                                    ring=theme.ACCENT if i == self.ringed else None)
                          for i, (die_type, face, colour) in enumerate(self.dice)]

