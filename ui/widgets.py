"""Small widgets every screen uses: buttons big enough to touch, labels that wrap, seat badges,
card faces and the score bar chart."""
from __future__ import annotations

from typing import Callable, Optional

import numpy as np
from kivy.graphics import Color, Line, Rectangle, RoundedRectangle
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, DictProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from . import theme
from .automa_words import card_lines


class TouchButton(Button):
    """A button at least ``theme.TOUCH`` pixels high; its style lives in companion.kv."""


class BigButton(TouchButton):
    """The main action of a screen."""


class Caption(Label):
    """A label that wraps within its width and grows to fit its text (style in companion.kv)."""


class Panel(BoxLayout):
    """A box with a slightly lighter background."""

    background = ListProperty(list(theme.PANEL))


class Hideable(BoxLayout):
    """A box that can be put away: out of sight it takes no room, and its children, which may
    still lie over what took its place, take no touches."""

    shown = BooleanProperty(True)

    def on_shown(self, _box: "Hideable", shown: bool) -> None:
        if not shown:
            self.height = 0  # shown, its layout gave it a height; put away, it keeps none

    def on_touch_down(self, touch) -> bool:
        return self.shown and super().on_touch_down(touch)


def rgb_texture(image: np.ndarray) -> Texture:
    """A texture of an RGB image (rows top first, as OpenCV's)."""
    height, width = image.shape[:2]
    texture = Texture.create(size=(width, height), colorfmt="rgb")
    texture.blit_buffer(np.ascontiguousarray(image[::-1]).tobytes(), colorfmt="rgb", bufferfmt="ubyte")
    return texture


def touch_button(text: str, on_press: Callable[[], None], big: bool = False,
                 kind: Optional[type[TouchButton]] = None, **kwargs) -> TouchButton:
    """A button of ``kind`` (a BigButton when ``big``, else a TouchButton) calling ``on_press``."""
    button = (kind or (BigButton if big else TouchButton))(text=text, **kwargs)
    button.bind(on_release=lambda *_: on_press())
    return button


class SeatBadge(Label):
    """A seat's letter and name on its colour: readable without telling colours apart, and a white
    seat stands out from plain text (style in companion.kv)."""

    colour = StringProperty("")
    seat_name = StringProperty("")
    suffix = StringProperty("")

    def show(self, colour: str, name: str, suffix: str = "") -> None:
        """Show ``colour``'s seat (only ``name``, on no colour, when colour is empty)."""
        self.colour, self.seat_name, self.suffix = colour, name, suffix


class TitleBar(Panel):
    """A screen's top bar: its title, then the buttons put in it (style in companion.kv)."""

    title = StringProperty("")


class BarButton(TouchButton):
    """A button of a top bar (style in companion.kv)."""


class CardFace(BoxLayout):
    """One Automa card drawn as a card: title and pile on top, then what it says; drawn again when
    ``face`` (the card's face, as the deck gives it) changes."""

    PILE_RGBA: dict[str, theme.RGBA] = {
        "rust": (0.62, 0.33, 0.20, 1), "cog": (0.50, 0.52, 0.55, 1),
        "spring": (0.25, 0.45, 0.75, 1), "brass": (0.72, 0.58, 0.20, 1), "steel": (0.36, 0.42, 0.50, 1),
    }
    BAND_H = 74  # padding, title and pile line on the coloured band

    role = StringProperty("")  # "Action" or "Support"
    face = DictProperty()

    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=10, spacing=4, **kwargs)
        with self.canvas.before:
            Color(0.96, 0.94, 0.88, 1)
            self._card = RoundedRectangle(radius=[12])
            self._band_colour = Color()
            self._band = RoundedRectangle(radius=[12, 12, 0, 0])
        self.bind(pos=self._redraw, size=self._redraw, role=self._rebuild, face=self._rebuild)
        self._rebuild()

    def _rebuild(self, *_: object) -> None:
        face, role = self.face, self.role
        self._band_colour.rgba = self.PILE_RGBA.get(face.get("pile", ""), theme.MUTED)
        self.clear_widgets()
        head = Label(text=f"{role}: {face.get('title', '?')}", font_size=theme.FONT, bold=True,
                     color=(1, 1, 1, 1), size_hint_y=None, height=30, halign="left", valign="middle")
        head.bind(size=lambda w, s: setattr(w, "text_size", s))
        self.add_widget(head)
        sub = Label(text=f"{face.get('pile', '').title()} card {face.get('id', '')}", font_size=theme.FONT_SMALL,
                    color=(1, 1, 1, 1), size_hint_y=None, height=24, halign="left", valign="middle")
        sub.bind(size=lambda w, s: setattr(w, "text_size", s))
        self.add_widget(sub)
        self.add_widget(Widget(size_hint_y=None, height=8))
        for line in card_lines(role, face) if face else ():
            text = Label(text=line, font_size=theme.FONT_SMALL, color=(0.1, 0.1, 0.1, 1), halign="left",
                         valign="top", markup=True)
            text.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
            text.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1]))
            text.size_hint_y = None
            self.add_widget(text)
        self.add_widget(Widget())

    def _redraw(self, *_: object) -> None:
        self._card.pos, self._card.size = self.pos, self.size
        self._band.pos = (self.x, self.top - self.BAND_H)
        self._band.size = (self.width, self.BAND_H)


class BarChart(Widget):
    """One stacked bar per seat: its total split by category, penalties left of the zero line.

    ``series`` holds (seat colour, seat name, values by ``categories``). Each bar stands under its
    seat's badge and ends with the total; segments wide enough show their value.
    """

    categories = ListProperty()
    series = ListProperty()
    BADGE_W = 200
    BADGE_H = 28
    TOTAL_W = 56

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._badges: list[SeatBadge] = []
        self._totals: list[Label] = []
        self._segment_labels: list[list[Label]] = []
        self.bind(pos=self._redraw, size=self._redraw, categories=self._rebuild, series=self._rebuild)
        self._rebuild()

    def _rebuild(self, *_: object) -> None:
        self.clear_widgets()
        self._badges = [SeatBadge(colour=colour, seat_name=name, font_size=theme.FONT_SMALL)
                        for colour, name, _ in self.series]
        for badge in self._badges:
            self.add_widget(badge)
        self._totals = [self._label(str(sum(values)), bold=True) for _, _, values in self.series]
        self._segment_labels = [[self._label(str(v), color=(0.05, 0.05, 0.05, 1), halign="center") for v in values]
                                for _, _, values in self.series]
        self._redraw()

    def _label(self, text: str, **kwargs) -> Label:
        kwargs.setdefault("color", theme.TEXT)
        label = Label(text=text, font_size=theme.FONT_SMALL, valign="middle", **kwargs)
        label.bind(size=lambda w, s: setattr(w, "text_size", s))
        self.add_widget(label)
        return label

    def _redraw(self, *_: object) -> None:
        self.canvas.before.clear()
        rows = max(len(self.series), 1)
        plot_w = max(self.width - self.TOTAL_W, 10)
        negatives = [sum(v for v in values if v < 0) for _, _, values in self.series] or [0]
        positives = [sum(v for v in values if v > 0) for _, _, values in self.series] or [0]
        low, high = min(min(negatives), 0), max(max(positives), 1)
        scale = plot_w / (high - low)
        zero_x = self.x - low * scale
        row_h = self.height / rows
        bar_h = max(min(row_h - self.BADGE_H - 10, 36), 10)
        with self.canvas.before:
            for r, (_colour, _name, values) in enumerate(self.series):
                row_top = self.top - r * row_h
                self._badges[r].pos = (self.x, row_top - self.BADGE_H)
                self._badges[r].size = (min(self.BADGE_W, self.width), self.BADGE_H)
                y = row_top - self.BADGE_H - 4 - bar_h
                right, left = zero_x, zero_x
                for category, value, tag in zip(self.categories, values, self._segment_labels[r]):
                    width = abs(value) * scale
                    if value >= 0:
                        x, right = right, right + width
                    else:
                        left -= width
                        x = left
                    Color(*theme.CATEGORY_RGBA.get(category, theme.MUTED))
                    Rectangle(pos=(x, y), size=(width, bar_h))
                    tag.opacity = 1 if value and width >= 30 else 0
                    tag.pos, tag.size = (x, y), (width, bar_h)
                total = self._totals[r]
                total.pos, total.size = (max(right, zero_x) + 6, y), (self.TOTAL_W, bar_h)
            Color(*theme.MUTED)
            Line(points=[zero_x, self.y, zero_x, self.top], width=1)


class ChartLegend(BoxLayout):
    """The category colours of a :class:`BarChart`, each with its name."""

    categories = ListProperty()

    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="horizontal", spacing=10, size_hint_y=None, height=28, **kwargs)
        self.bind(categories=self._rebuild)
        self._rebuild()

    def _rebuild(self, *_: object) -> None:
        self.clear_widgets()
        for category in self.categories:
            swatch = Widget(size_hint_x=None, width=18)
            with swatch.canvas:
                Color(*theme.CATEGORY_RGBA.get(category, theme.MUTED))
                rect = Rectangle()
            swatch.bind(pos=lambda w, p, r=rect: setattr(r, "pos", (p[0], p[1] + 5)),
                        size=lambda w, sz, r=rect: setattr(r, "size", (18, 18)))
            self.add_widget(swatch)
            label = Label(text=category, font_size=theme.FONT_SMALL, color=theme.TEXT, halign="left",
                          valign="middle", size_hint_x=None)
            label.texture_update()
            label.width = label.texture_size[0] + 4
            self.add_widget(label)
        self.add_widget(Widget())
