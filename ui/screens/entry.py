"""Entering a game's text once (a road model, an Automa deck): what has been entered so far,
the question and a big button for each answer, Undo and Save. Saved, the road or deck is chosen on the
setup screen, which comes back. The entry is the controller's ``entry``
(``companion.line_games.entry``). Layout in entry.kv."""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty

from companion.line_games.choices import Choice
from companion.line_games.entry import Entry

from .. import kv, theme
from ..widgets import TouchButton
from .common import CompanionScreen
from .other_setup import OptionButton

MANY = 6  # more choices than this are laid out three to a row, else two


class EntryScreen(CompanionScreen):
    title = StringProperty("")
    question = StringProperty("")
    lines_text = StringProperty("")
    notes_text = StringProperty("")
    problem = StringProperty("")     # why Save cannot save yet
    undo_label = StringProperty("")  # what Undo takes back; "" with nothing to take back
    has_top = BooleanProperty(False)

    @property
    def entry(self) -> Entry:
        return self.app.controller.entry

    def refresh(self) -> None:
        entry = self.entry
        if entry is None:
            return
        step = entry.step()
        self.title, self.question = entry.title, step.question
        self.lines_text = "\n".join(theme.escape(line) for line in entry.lines()) or "Nothing yet."
        self.notes_text = "\n".join(theme.escape(line) for line in entry.notes())
        self.problem, self.undo_label = entry.problem(), entry.undo_label
        self._lay_out_top()
        grid = self.ids.choices
        grid.clear_widgets()
        grid.cols = 3 if len(step.choices) > MANY else 2
        for choice in step.choices:
            grid.add_widget(self._button(choice))

    def _lay_out_top(self) -> None:
        top, row = self.ids.top, self.entry.top()
        top.clear_widgets()
        self.has_top = row is not None
        if row is None:
            return
        top.add_widget(Factory.RowLabel(text=row.label))
        for option in row.options:
            button = OptionButton(text=option.text, chosen=option.chosen)
            button.bind(on_release=lambda _b, value=option.value: self.tap_top(value))
            top.add_widget(button)

    def _button(self, choice: Choice) -> TouchButton:
        button = TouchButton(text=choice.text, font_name=theme.SYMBOL_FONT, size_hint_y=1)
        button.bind(on_release=lambda _b: self.choose(choice))
        return button

    def tap_top(self, value: str) -> None:
        self.entry.tap_top(value)
        self.refresh()

    def choose(self, choice: Choice) -> None:
        self.entry.choose(choice)
        self.refresh()

    def undo(self) -> None:
        self.entry.undo()
        self.refresh()

    def save(self) -> None:
        if self.started(self.app.controller.save_entry, "Cannot save it"):
            self.app.go("other_setup")


kv.load_beside(__file__)
