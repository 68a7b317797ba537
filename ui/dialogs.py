"""Pop-up dialogs: alerts (a refused move, a lost camera) and plain information."""
from __future__ import annotations

from typing import Callable, Optional

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.popup import Popup

from . import theme
from .widgets import Caption, touch_button


def alert(title: str, text: str, on_close: Optional[Callable[[], None]] = None, button: str = "OK") -> Popup:
    """A modal message with one big button; the reason in plain words."""
    content = BoxLayout(orientation="vertical", padding=12, spacing=12)
    message = Caption(text=theme.escape(text), font_size=theme.FONT, valign="top")
    content.add_widget(message)
    content.add_widget(BoxLayout())
    popup = Popup(title=title, title_size=theme.FONT_LARGE, content=content, size_hint=(0.8, 0.7),
                  auto_dismiss=False, separator_color=theme.ACCENT)

    def close() -> None:
        popup.dismiss()
        if on_close is not None:
            on_close()

    content.add_widget(touch_button(button, close, big=True))
    popup.open()
    return popup
