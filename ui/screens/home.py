"""Home: start a new game, resume a saved one, calibrate, settings."""
from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from .. import theme
from ..widgets import Caption, TouchButton, touch_button
from .common import screen_body, top_bar

if TYPE_CHECKING:
    from ..app import CompanionApp


def game_line(summary) -> str:
    """One saved game for the list: date, seats, round."""
    meta = summary.meta
    when = summary.updated_at.astimezone().strftime("%d %b %H:%M")
    seats = ", ".join(meta.get("seats") or [s.get("name") or s["colour"].title() for s in summary.header["seats"]])
    if "score" in meta:
        where = "finished"
    else:
        where = f"round {meta['round']}" if "round" in meta else "not started"
    return f"{when}  ·  {where}\n{seats}"


class HomeScreen(Screen):
    def __init__(self, app: "CompanionApp", **kwargs) -> None:
        super().__init__(name="home", **kwargs)
        self.app = app
        body = screen_body()
        bar = top_bar("Automata Table Companion")
        body.add_widget(bar)
        columns = BoxLayout(orientation="horizontal", padding=10, spacing=12)
        menu = BoxLayout(orientation="vertical", spacing=10, size_hint_x=None, width=250)
        menu.add_widget(touch_button("New game", app.open_setup, big=True))
        menu.add_widget(touch_button("Calibrate", app.open_calibration))
        menu.add_widget(touch_button("Settings", app.open_settings))
        self.mode_line = Caption(text="", font_size=theme.FONT_SMALL, color=theme.MUTED, valign="top")
        menu.add_widget(self.mode_line)
        menu.add_widget(BoxLayout())
        columns.add_widget(menu)
        saved = BoxLayout(orientation="vertical", spacing=6)
        saved.add_widget(Caption(text="[b]Resume a saved game[/b]"))
        self.games = GridLayout(cols=1, spacing=6, size_hint_y=None)
        self.games.bind(minimum_height=self.games.setter("height"))
        scroll = ScrollView(do_scroll_x=False, bar_width=8)
        scroll.add_widget(self.games)
        saved.add_widget(scroll)
        columns.add_widget(saved)
        body.add_widget(columns)
        self.add_widget(body)

    def on_pre_enter(self, *args) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.mode_line.text = self.app.mode_description()
        self.games.clear_widgets()
        try:
            summaries = self.app.store.games()
        except Exception as exc:  # a damaged store must not keep the Home screen from showing
            self.games.add_widget(Caption(text=f"Saved games cannot be read: {exc}", color=theme.ALERT))
            return
        if not summaries:
            self.games.add_widget(Caption(text="No saved games yet.", color=theme.MUTED))
        for summary in summaries[:30]:
            button = TouchButton(text=game_line(summary), halign="left", height=72, font_size=theme.FONT_SMALL)
            button.bind(on_release=lambda _b, game_id=summary.id: self.app.resume_game(game_id))
            self.games.add_widget(button)
