"""The Evenings screen's charts, painted on their canvas with the app's 18 px text: games played and won by each
person, each Automa level's win rate evening by evening, and the mean scores by category. What each shows comes
from ``ui.evening_series``; each records its words on its ``sheet`` as it paints them, so that the tests check that
they are large enough, fit and overlap nothing."""
from __future__ import annotations

from math import ceil
from typing import Sequence

from kivy.graphics import Color, Ellipse, Line, Quad, Rectangle, Triangle
from kivy.properties import ListProperty
from kivy.uix.widget import Widget

from . import theme
from .canvas_text import text_width
from .evening_series import LevelSeries, PlayerRow, ScoreBar, evening_label, evenings_of
from .sheet import Sheet

GAP = 10
BAR_BACK: theme.RGBA = (0.30, 0.33, 0.40, 1)  # a bar's whole length, behind the part that counts (a button's grey)
GRID: theme.RGBA = (0.35, 0.37, 0.42, 1)
TOTAL: theme.RGBA = (0.80, 0.82, 0.86, 1)
# a level's line in a hue no seat wears (the score categories' but Gears' grey), and a marker shape of its own, so
# that the lines are told apart without telling colours apart
SERIES_RGBA = tuple(rgba for name, rgba in theme.CATEGORY_RGBA.items() if name != "Gears")
MARKERS = ("circle", "square", "diamond", "triangle")


class Chart(Widget):
    """A chart painted afresh whenever it moves, is resized or is given new data (``paint``)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.sheet = Sheet()
        self.bind(pos=self.draw, size=self.draw)

    def draw(self, *_: object) -> None:
        self.canvas.clear()
        self.sheet = Sheet()
        with self.canvas:
            self.paint(self.sheet)

    def paint(self, sheet: Sheet) -> None:
        """Paint the chart inside the widget's box."""


class PlayersChart(Chart):
    """A bar per person, as long as the games they played, the part they won in the accent colour, the count in words
    after it and the games they played; the people who played most first, as many as fit, and how many more there
    are."""

    ROW = 40     # a row's height when there is room
    LEAST = 30   # and at the least
    NAME_W = 190
    BARS = 0.4   # of the chart's width, the longest bar

    rows = ListProperty()  # PlayerRow

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.bind(rows=self.draw)
        self.shown: list[PlayerRow] = []

    def paint(self, sheet: Sheet) -> None:
        rows: Sequence[PlayerRow] = self.rows
        fit = max(int(self.height // self.LEAST), 1)
        self.shown = list(rows if len(rows) <= fit else rows[:fit - 1])
        if not self.shown:
            return
        row_h = min(self.ROW, self.height / (len(self.shown) + (len(rows) > len(self.shown))))
        words = [f"won {row.won} of {row.played}" for row in self.shown]
        names_w = min(max(text_width(row.name) for row in self.shown), self.NAME_W)
        left = self.x + names_w + GAP
        games_x = left + self.width * self.BARS + GAP + max(text_width(w) for w in words) + 2 * GAP
        most = max(row.played for row in self.shown)
        for i, (row, said) in enumerate(zip(self.shown, words)):
            middle = self.top - (i + 0.5) * row_h
            sheet.text(row.name, theme.TEXT, self.x, middle, anchor="left", width=names_w)
            length = self.width * self.BARS * row.played / most
            bar_h = row_h - 14
            Color(*BAR_BACK)
            Rectangle(pos=(left, middle - bar_h / 2), size=(length, bar_h))
            Color(*theme.ACCENT)
            Rectangle(pos=(left, middle - bar_h / 2), size=(length * row.won / row.played, bar_h))
            sheet.text(said, theme.TEXT, left + length + GAP, middle, anchor="left")
            sheet.text(row.games_words, theme.MUTED, games_x, middle, anchor="left", width=self.right - games_x)
        more = len(rows) - len(self.shown)
        if more:
            sheet.text(f"and {more} more", theme.MUTED, self.x, self.top - (len(self.shown) + 0.5) * row_h,
                       anchor="left")


class LevelsChart(Chart):
    """Each Automa level's win rate against the people evening by evening: a line per level over the evenings (a
    point where it played), 0 to 100%, and a legend of the levels with their games won in all."""

    LEGEND_W = 260
    LEGEND_ROW = 30
    LABELS_H = 28  # the evenings' dates under the plot
    MARK = 7       # a marker's half size

    series = ListProperty()  # LevelSeries

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.bind(series=self.draw)
        self.evenings: list[str] = []  # every evening any level played, oldest first (YYYY-MM-DD)
        self.points: dict[str, list[tuple[float, float]]] = {}  # each level's points as drawn (x, y)

    def paint(self, sheet: Sheet) -> None:
        self.evenings, self.points = evenings_of(self.series), {}
        if not self.series:
            return
        axis_w = text_width("100%") + 8
        x0, x1 = self.x + axis_w, self.right - self.LEGEND_W - GAP
        y0, y1 = self.y + self.LABELS_H + 6, self.top - 12
        for rate in (0.0, 0.5, 1.0):
            y = y0 + rate * (y1 - y0)
            Color(*GRID)
            Line(points=[x0, y, x1, y], width=1)
            sheet.text(f"{rate:.0%}", theme.MUTED, x0 - 6, y, anchor="right")
        xs = self._evening_xs(x0, x1)
        self._label_evenings(sheet, xs)
        count = len(self.series)
        for i, one in enumerate(self.series):
            rgba, marker = SERIES_RGBA[i % len(SERIES_RGBA)], MARKERS[i % len(MARKERS)]
            apart = (i - (count - 1) / 2) * 4  # points of two levels on one evening side by side, not one on another
            points = [(xs[p.evening] + apart, y0 + p.rate * (y1 - y0)) for p in one.points]
            self.points[one.level] = points
            Color(*rgba)
            if len(points) > 1:
                Line(points=[c for point in points for c in point], width=2)
            for x, y in points:
                paint_marker(marker, x, y, self.MARK)
            self._legend_row(sheet, i, one, rgba, marker)

    def _evening_xs(self, x0: float, x1: float) -> dict[str, float]:
        inset = text_width("28 Nov") / 2 + 4
        count = len(self.evenings)
        if count == 1:
            return {self.evenings[0]: (x0 + x1) / 2}
        step = (x1 - x0 - 2 * inset) / (count - 1)
        return {evening: x0 + inset + i * step for i, evening in enumerate(self.evenings)}

    def _label_evenings(self, sheet: Sheet, xs: dict[str, float]) -> None:
        """The evenings' dates under the plot, as many as fit side by side, counted back from the latest."""
        years = self.evenings[0][:4] != self.evenings[-1][:4]
        labels = [evening_label(e, years) for e in self.evenings]
        wanted = max(text_width(label) for label in labels) + GAP
        spacing = xs[self.evenings[1]] - xs[self.evenings[0]] if len(self.evenings) > 1 else wanted
        every = max(ceil(wanted / spacing), 1)
        for i in range(len(self.evenings) - 1, -1, -every):
            sheet.text(labels[i], theme.MUTED, xs[self.evenings[i]], self.y + self.LABELS_H / 2)

    def _legend_row(self, sheet: Sheet, i: int, one: LevelSeries, rgba: theme.RGBA, marker: str) -> None:
        left = self.right - self.LEGEND_W
        middle = self.top - (i + 0.5) * self.LEGEND_ROW
        Color(*rgba)
        paint_marker(marker, left + self.MARK, middle, self.MARK)
        sheet.text(one.label, rgba, left + 2 * self.MARK + 8, middle, anchor="left",
                   width=self.LEGEND_W - 2 * self.MARK - 8)


def paint_marker(marker: str, x: float, y: float, half: float) -> None:
    """A point of a level's line: its shape centred on (x, y), in the Color before it."""
    if marker == "circle":
        Ellipse(pos=(x - half, y - half), size=(2 * half, 2 * half))
    elif marker == "square":
        Rectangle(pos=(x - half * 0.85, y - half * 0.85), size=(1.7 * half, 1.7 * half))
    elif marker == "diamond":
        Quad(points=[x, y + half, x + half, y, x, y - half, x - half, y])
    else:
        Triangle(points=[x - half, y - half * 0.8, x + half, y - half * 0.8, x, y + half])


class ScoresChart(Chart):
    """The mean scores of a game: for the total and each category, a bar for the people (solid) and one for the
    Automas (pale, outlined) in the category's colour on the Score screen, each with its mean after it."""

    ROW = 30
    LEAST = 24  # a row's height at the least: 18 px text, one row apart from the next
    GROUP_GAP = 4

    bars = ListProperty()  # ScoreBar

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.bind(bars=self.draw)
        self.shown: list[ScoreBar] = []

    def paint(self, sheet: Sheet) -> None:
        self.shown = bars = self._fitting()
        if not bars:
            return
        left_out = list(dict.fromkeys(bar.category for bar in self.bars[len(bars):]))
        if left_out:
            sheet.text(f"and {', '.join(left_out)}", theme.MUTED, self.x, self.y + self.LEAST / 2, anchor="left",
                       width=self.width)
        groups = len({bar.category for bar in bars})
        height = self.height - (self.LEAST if left_out else 0)
        row_h = min(self.ROW, (height - self.GROUP_GAP * (groups - 1)) / len(bars))
        category_w = max(text_width(bar.category) for bar in bars)
        side_w = max(text_width(bar.side) for bar in bars)
        value_w = max(text_width(f"{bar.mean:g}") for bar in bars)
        left, right = self.x + category_w + side_w + 2 * GAP, self.right - value_w - GAP
        low, high = min(min(bar.mean for bar in bars), 0), max(max(bar.mean for bar in bars), 1)
        scale = (right - left) / (high - low)
        zero = left - low * scale
        top, previous = self.top, None
        for bar in bars:
            if previous is not None and bar.category != previous:
                top -= self.GROUP_GAP
            middle = top - row_h / 2
            if bar.category != previous:
                rows = sum(1 for b in bars if b.category == bar.category)
                sheet.text(bar.category, theme.TEXT, self.x, top - rows * row_h / 2, anchor="left")
            sheet.text(bar.side, theme.MUTED, self.x + category_w + GAP, middle, anchor="left")
            self._bar(sheet, bar, zero, bar.mean * scale, middle, row_h - 8)
            top, previous = top - row_h, bar.category

    def _fitting(self) -> list[ScoreBar]:
        """The bars of the first categories, as many whole ones as fit, with a line for the names of the others."""
        bars: list[ScoreBar] = list(self.bars)
        categories = list(dict.fromkeys(bar.category for bar in bars))
        for count in range(len(categories), 0, -1):
            kept = [bar for bar in bars if bar.category in categories[:count]]
            room = self.height - self.GROUP_GAP * (count - 1) - (self.LEAST if count < len(categories) else 0)
            if len(kept) * self.LEAST <= room:
                return kept
        return []

    def _bar(self, sheet: Sheet, bar: ScoreBar, zero: float, length: float, middle: float, bar_h: float) -> None:
        rgba = theme.CATEGORY_RGBA.get(bar.category, TOTAL)
        x = min(zero, zero + length)
        box = (x, middle - bar_h / 2, abs(length), bar_h)
        if bar.side == "People":
            Color(*rgba)
        else:
            Color(*rgba[:3], 0.35)
        Rectangle(pos=box[:2], size=box[2:])
        if bar.side != "People":
            Color(*rgba)
            Line(rectangle=box, width=1.2)
        sheet.text(f"{bar.mean:g}", theme.TEXT, max(zero, zero + length) + GAP / 2, middle, anchor="left")
        Color(*theme.MUTED)
        Line(points=[zero, middle - bar_h / 2 - 3, zero, middle + bar_h / 2 + 3], width=1)
