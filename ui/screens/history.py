"""History: the events of this game, newest first; undo the last move. Layout in history.kv."""
from __future__ import annotations

from typing import Mapping, Sequence

from kivy.properties import ListProperty, StringProperty

from companion.games.automata.rules import CHANCE_TYPES

from .. import kv, theme
from ..widgets import Caption
from .common import CompanionScreen

SHOWN = 200  # the newest events; older ones stay in the saved game


def event_markup(number: int, action, names: Mapping[str, str]) -> str:
    """The event in notation, each seat named as on every other screen (``names``: colour to name)."""
    text = " ".join(theme.seat_markup(word, names[word]) if word in names else theme.escape(word)
                    for word in str(action).split(" "))
    if isinstance(action, CHANCE_TYPES):
        return f"[color=b8bcc6]{number}. {text}[/color]"
    return f"{number}. {text}"


def history_lines(actions: Sequence, names: Mapping[str, str]) -> list[dict]:
    """The lines of the list, newest event first, each as the keyword arguments of its Caption."""
    if not actions:
        return [{"text": "No events yet.", "color": theme.MUTED}]
    start = max(len(actions) - SHOWN, 0)
    lines = [{"text": event_markup(number, actions[number - 1], names), "font_size": theme.FONT_SMALL}
             for number in range(len(actions), start, -1)]
    if start:
        lines.append({"text": f"… {start} earlier events are in the saved game.", "color": theme.MUTED})
    return lines


class HistoryScreen(CompanionScreen):
    title = StringProperty("History")
    lines = ListProperty()  # history_lines of the game

    def refresh(self) -> None:
        controller = self.app.controller
        session = controller.session
        if session is None:
            self.lines = []
            return
        actions = session.game.actions
        self.title = f"History: {len(actions)} events"
        names = {seat.colour: controller.seat_name(i) for i, seat in enumerate(session.seats)}
        self.lines = history_lines(actions, names)

    def on_lines(self, _screen: "HistoryScreen", lines: list[dict]) -> None:
        shown = self.ids.lines
        shown.clear_widgets()
        for line in lines:
            shown.add_widget(Caption(**line))

    def undo(self) -> None:
        super().undo()
        self.app.go("history")  # back from the screen of what the table waits for now


kv.load_beside(__file__)
