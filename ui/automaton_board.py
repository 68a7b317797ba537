"""The board of a game of Automaton, drawn: the 8×8 grid with its files and ranks, each robot in play on its square
(a disc of its own colour with its initial), its path of the last move, each collision square, and beside the grid
each robot's qualities, boosts free this turn and damage boxes as on the player's card (6, then the 3 extra, those
X'd out at setup crossed, each point of damage filled). A square tapped on the grid is a choice of that name, so a
robot is put on its square (a correction) by tapping the robot, then the square."""
from __future__ import annotations

from typing import Callable, Optional

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.uix.widget import Widget

from companion.games.automaton import AutomatonGame, parse_square, square_name
from companion.games.automaton.board import FILES, SIZE, Square
from companion.games.automaton.design import BASE_HARDNESS, EXTRA_BOXES

from . import theme

# The robots' colours, in the table's order: hues apart from each other and from the alert red.
ROBOT_RGBA: tuple[theme.RGBA, ...] = ((0.98, 0.62, 0.18, 1), (0.30, 0.78, 0.95, 1), (0.86, 0.46, 0.94, 1),
                                      (0.55, 0.88, 0.40, 1))
LIGHT: theme.RGBA = (0.30, 0.31, 0.35, 1)
DARK: theme.RGBA = (0.22, 0.23, 0.26, 1)
INK: theme.RGBA = (0.08, 0.08, 0.08, 1)
MARGIN = 18   # for the files' letters and the ranks' numbers
BOX = 11      # a damage box's side
PANEL_WIDTH = 134


class AutomatonBoard(Widget):
    width_wanted = 410   # at 800×480: 31-pixel squares and the robots' cards beside them
    height_wanted = 270

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.game: Optional[AutomatonGame] = None
        self.pick: Optional[Callable[[str], bool]] = None
        self.bind(pos=self._draw, size=self._draw)

    def show(self, game: AutomatonGame, pick: Optional[Callable[[str], bool]] = None) -> None:
        """Draw ``game``; ``pick`` is told the name of a square tapped (true when it was a choice offered)."""
        self.game, self.pick = game, pick
        self._draw()

    def _side(self) -> float:
        return max(8.0, min(self.height - MARGIN - 4, self.width - PANEL_WIDTH - MARGIN - 8) / SIZE)

    def on_touch_down(self, touch: object) -> bool:
        side = self._side()
        file = int((touch.x - self.x - MARGIN) // side)  # type: ignore[attr-defined]
        rank = int((touch.y - self.y - MARGIN) // side)  # type: ignore[attr-defined]
        if self.pick is None or not (0 <= file < SIZE and 0 <= rank < SIZE):
            return False
        return self.pick(square_name((file, rank)))

    def _draw(self, *_: object) -> None:
        self.canvas.clear()
        if self.game is None:
            return
        side = self._side()
        left, bottom = self.x + MARGIN, self.y + MARGIN
        with self.canvas:
            self._grid(left, bottom, side)
            self._paths(left, bottom, side)
            self._collisions(left, bottom, side)
            self._robots(left, bottom, side)
            self._cards(left + side * SIZE + 10, self.top)

    def _centre(self, square: Square, left: float, bottom: float, side: float) -> tuple[float, float]:
        return left + (square[0] + 0.5) * side, bottom + (square[1] + 0.5) * side

    def _grid(self, left: float, bottom: float, side: float) -> None:
        for file in range(SIZE):
            for rank in range(SIZE):
                Color(*(LIGHT if (file + rank) % 2 else DARK))
                Rectangle(pos=(left + file * side, bottom + rank * side), size=(side, side))
        for n in range(SIZE):
            _text(FILES[n], theme.MUTED, 14, left + (n + 0.5) * side, bottom - MARGIN / 2)
            _text(str(n + 1), theme.MUTED, 14, left - MARGIN / 2, bottom + (n + 0.5) * side)

    def _paths(self, left: float, bottom: float, side: float) -> None:
        """Each robot's path of the last move: a line from a ring on its starting square through each step."""
        assert self.game is not None
        for colour, (name, robot) in zip(ROBOT_RGBA, self.game.robots.items()):
            path = [parse_square(s) for s in self.game.last.get("paths", {}).get(name, [])]
            if robot.destroyed or len(path) < 2:
                continue
            points = [c for square in path if square is not None for c in self._centre(square, left, bottom, side)]
            Color(*colour)
            Line(points=points, width=2)
            x, y = points[0], points[1]
            Line(circle=(x, y, side * 0.16), width=1.5)

    def _collisions(self, left: float, bottom: float, side: float) -> None:
        """A red ring and cross on each square where robots collided in the last move."""
        assert self.game is not None
        Color(*theme.ALERT)
        for text in self.game.last.get("collisions", []):
            square = parse_square(text)
            if square is None:
                continue
            x, y = self._centre(square, left, bottom, side)
            r = side * 0.42
            Line(circle=(x, y, r), width=2)
            Line(points=[x - r * 0.6, y - r * 0.6, x + r * 0.6, y + r * 0.6], width=2)
            Line(points=[x - r * 0.6, y + r * 0.6, x + r * 0.6, y - r * 0.6], width=2)

    def _robots(self, left: float, bottom: float, side: float) -> None:
        assert self.game is not None
        for colour, robot in zip(ROBOT_RGBA, self.game.robots.values()):
            if robot.destroyed:
                continue
            x, y = self._centre(robot.square, left, bottom, side)
            r = side * 0.36
            Color(*colour)
            Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))
            _text(robot.name[0].upper(), INK, int(side * 0.5), x, y, bold=True)

    def _cards(self, x: float, top: float) -> None:
        """Each robot's card: its name, qualities and boosts free this turn, then its damage boxes."""
        assert self.game is not None
        y = top - 4
        for colour, robot in zip(ROBOT_RGBA, self.game.robots.values()):
            q = robot.qualities
            Color(*colour)
            Ellipse(pos=(x, y - 16), size=(14, 14))
            name = robot.name.title() + ("  destroyed" if robot.destroyed else "")
            _text(name, theme.MUTED if robot.destroyed else theme.TEXT, 16, x + 20, y - 9, anchor_left=True)
            move = f"MV {q.movement}" + ("+1" if robot.move_boost_free() else "")
            reach = f"RG {q.range}" + ("+1" if robot.range_boost_free() else "")
            _text(f"FP {q.firepower}  {move}  {reach}", theme.MUTED, 14, x, y - 28, anchor_left=True)
            self._boxes(x, y - 50, robot.damage, q.crossed_at_setup)
            y -= 66

    def _boxes(self, x: float, y: float, damage: int, crossed: int) -> None:
        """The card's six boxes, a gap, the three extra: the extra X'd out at setup last, damage filling from the
        first free box."""
        boxes = BASE_HARDNESS + EXTRA_BOXES
        for n in range(boxes):
            bx = x + n * (BOX + 3) + (8 if n >= BASE_HARDNESS else 0)
            pre_crossed = n >= boxes - crossed
            Color(*theme.MUTED)
            Line(rectangle=(bx, y, BOX, BOX), width=1)
            if pre_crossed:
                Line(points=[bx, y, bx + BOX, y + BOX], width=1)
                Line(points=[bx, y + BOX, bx + BOX, y], width=1)
            elif n < damage:
                Color(*theme.ALERT)
                Rectangle(pos=(bx + 2, y + 2), size=(BOX - 4, BOX - 4))


def _text(text: str, rgba: theme.RGBA, size: int, x: float, y: float, bold: bool = False,
          anchor_left: bool = False) -> None:
    """``text`` centred on (x, y), or starting at x."""
    label = CoreLabel(text=text, font_size=size, bold=bold)
    label.refresh()
    texture = label.texture
    Color(*rgba)
    at_x = x if anchor_left else x - texture.width / 2
    Rectangle(texture=texture, pos=(at_x, y - texture.height / 2), size=texture.size)
