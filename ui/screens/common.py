"""What every screen shares: the top bar with a title and its buttons."""
from __future__ import annotations

from typing import Callable, Sequence, Tuple

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from .. import theme
from ..widgets import Panel, touch_button


def top_bar(title: str, buttons: Sequence[Tuple[str, Callable[[], None]]] = ()) -> Tuple[Panel, Label]:
    """A bar with the screen's title on the left and its buttons on the right."""
    bar = Panel(orientation="horizontal", size_hint_y=None, height=theme.BAR, padding=(10, 0, 0, 0), spacing=4)
    label = Label(text=title, font_size=theme.FONT_LARGE, bold=True, color=theme.TEXT, halign="left",
                  valign="middle", markup=True, shorten=True, shorten_from="right")
    label.bind(size=lambda w, s: setattr(w, "text_size", s))
    bar.add_widget(label)
    for text, action in buttons:
        bar.add_widget(touch_button(text, action, size_hint=(None, None), width=max(110, 14 * len(text)),
                                    height=theme.BAR))
    return bar, label


def screen_body(**kwargs) -> BoxLayout:
    return BoxLayout(orientation="vertical", **kwargs)
