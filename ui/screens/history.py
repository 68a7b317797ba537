"""History: the events of this game, newest first, each die in them drawn as on the Table; undo the last move.
Layout in history.kv."""
from __future__ import annotations

import re
from typing import Mapping, Sequence, Union

from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.automata.rules import CHANCE_TYPES

from .. import kv, theme
from ..die_drawing import SIZE, DiceStrip, DieSpec
from .common import CompanionScreen

SHOWN = 200  # the newest events; older ones stay in the saved game
CHANCE = "b8bcc6"  # a chance event's words, greyed
DIE_WORD = re.compile(r"(d4|d6|d8):(\d+)")
Piece = Union[str, list[DieSpec]]  # words in markup, or dice drawn


def event_pieces(number: int, action, names: Mapping[str, str]) -> list[Piece]:
    """The event in notation, each seat named as on every other screen (``names``: colour to name) and each die
    of it drawn in the colour of the seat the event is about."""
    words = str(action).split(" ")
    colour = next((word for word in words if word in names), "")
    grey = isinstance(action, CHANCE_TYPES)
    pieces: list[Piece] = []
    said = [f"{number}."]
    dice: list[DieSpec] = []
    for word in words:
        die = DIE_WORD.fullmatch(word)
        if die is None or not colour:
            said.append(theme.seat_markup(word, names[word]) if word in names else theme.escape(word))
            continue
        if said:  # the dice after these words start a row of their own
            dice = []
            pieces += [" ".join(said), dice]
            said = []
        dice.append((die.group(1), int(die.group(2)), colour))
    if said:
        pieces.append(" ".join(said))
    return [f"[color={CHANCE}]{piece}[/color]" if grey and isinstance(piece, str) else piece for piece in pieces]


def history_lines(actions: Sequence, names: Mapping[str, str]) -> list[list[Piece]]:
    """The lines of the list, newest event first."""
    if not actions:
        return [[f"[color={theme.hex_of(theme.MUTED)}]No events yet.[/color]"]]
    start = max(len(actions) - SHOWN, 0)
    lines = [event_pieces(number, actions[number - 1], names) for number in range(len(actions), start, -1)]
    if start:
        lines.append([f"[color={theme.hex_of(theme.MUTED)}]… {start} earlier events are in the saved game.[/color]"])
    return lines


class EventLine(BoxLayout):
    """One event: its words and its dice in a row."""

    def __init__(self, pieces: Sequence[Piece], **kwargs: object) -> None:
        super().__init__(orientation="horizontal", spacing=6, size_hint_y=None, height=SIZE + 4, **kwargs)
        for piece in pieces:
            if isinstance(piece, str):
                words = Label(text=piece, markup=True, font_size=theme.FONT_SMALL, color=theme.TEXT,
                              size_hint_x=None)
                words.texture_update()
                words.width = words.texture_size[0]
                self.add_widget(words)
            else:
                self.add_widget(DiceStrip(dice=piece, pos_hint={"center_y": 0.5}))
        self.add_widget(Widget())


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

    def on_lines(self, _screen: "HistoryScreen", lines: list[list[Piece]]) -> None:
        shown = self.ids.lines
        shown.clear_widgets()
        for line in lines:
            shown.add_widget(EventLine(line))

    def undo(self) -> None:
        super().undo()
        self.app.go("history")  # back from the screen of what the table waits for now


kv.load_beside(__file__)
