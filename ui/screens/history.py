"""History: the events of this game, newest first; undo the last move."""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from companion.rules import CHANCE_TYPES

from .. import theme
from ..widgets import Caption
from .common import screen_body, top_bar

if TYPE_CHECKING:
    from ..app import CompanionApp

SHOWN = 200  # the newest events; older ones stay in the saved game


def event_markup(number: int, action, names: Mapping[str, str]) -> str:
    """The event in notation, each seat named as on every other screen (``names``: colour to name)."""
    text = " ".join(theme.seat_markup(word, names[word]) if word in names else theme.escape(word)
                    for word in str(action).split(" "))
    if isinstance(action, CHANCE_TYPES):
        return f"[color=b8bcc6]{number}. {text}[/color]"
    return f"{number}. {text}"


class HistoryScreen(Screen):
    def __init__(self, app: "CompanionApp", **kwargs) -> None:
        super().__init__(name="history", **kwargs)
        self.app = app
        body = screen_body()
        self.bar = top_bar("History", [("Undo last", self.undo), ("Back", self.back)])
        body.add_widget(self.bar)
        scroll = ScrollView(do_scroll_x=False, bar_width=8)
        self.lines = GridLayout(cols=1, size_hint_y=None, spacing=2, padding=(10, 6))
        self.lines.bind(minimum_height=self.lines.setter("height"))
        scroll.add_widget(self.lines)
        body.add_widget(scroll)
        self.add_widget(body)

    def on_pre_enter(self, *args) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.lines.clear_widgets()
        session = self.app.controller.session
        if session is None:
            return
        actions = session.game.actions
        self.bar.title = f"History: {len(actions)} events"
        if not actions:
            self.lines.add_widget(Caption(text="No events yet.", color=theme.MUTED))
        names = {seat.colour: self.app.controller.seat_name(i) for i, seat in enumerate(session.seats)}
        start = max(len(actions) - SHOWN, 0)
        for number in range(len(actions), start, -1):
            self.lines.add_widget(Caption(text=event_markup(number, actions[number - 1], names),
                                          font_size=theme.FONT_SMALL))
        if start:
            self.lines.add_widget(Caption(text=f"… {start} earlier events are in the saved game.", color=theme.MUTED))

    def undo(self) -> None:
        self.app.undo()
        if self.app.controller.session is not None:
            self.app.go("history")
            self.refresh()

    def back(self) -> None:
        self.app.show_next()
