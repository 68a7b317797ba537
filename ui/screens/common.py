"""What every screen shares: the top bar with a title and its buttons."""
from __future__ import annotations

from typing import Callable, Sequence, Tuple

from kivy.uix.boxlayout import BoxLayout

from ..widgets import BarButton, TitleBar, touch_button


def top_bar(title: str, buttons: Sequence[Tuple[str, Callable[[], None]]] = ()) -> TitleBar:
    """A bar with the screen's title on the left and its buttons on the right."""
    bar = TitleBar(title=title)
    for text, action in buttons:
        bar.add_widget(touch_button(text, action, kind=BarButton))
    return bar


def screen_body(**kwargs) -> BoxLayout:
    return BoxLayout(orientation="vertical", **kwargs)
