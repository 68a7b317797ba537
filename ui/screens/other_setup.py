"""Setting up a game played by lines (a registered game): a row of big buttons for each choice (level, colours or
people, the road model or deck entered once, the options), what the choices mean, and Start. The form
is the controller's ``other_setup`` (``companion.line_games.setup_form``). Layout in other_setup.kv."""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.line_games.setup_form import ENTER, Option, Row, SetupForm

from .. import kv, theme
from ..widgets import TouchButton
from .common import CompanionScreen


class OptionButton(TouchButton):
    """One option of a row; those chosen stand out (style in other_setup.kv)."""

    chosen = BooleanProperty(False)


class OtherSetupScreen(CompanionScreen):
    title = StringProperty("")
    notes_text = StringProperty("")
    problem = StringProperty("")  # why Start cannot start the game yet

    @property
    def form(self) -> SetupForm:
        return self.app.controller.other_setup

    def refresh(self) -> None:
        form = self.form
        if form is None:
            return
        self.title = f"New game: {form.title}"
        self.notes_text = "\n".join(theme.escape(line) for line in form.notes())
        self.problem = form.problem()
        rows = self.ids.rows
        rows.clear_widgets()
        for row in form.rows():
            rows.add_widget(self._row(row))

    def _row(self, row: Row) -> BoxLayout:
        line = BoxLayout(orientation="horizontal", spacing=6, size_hint_y=None, height=theme.TOUCH)
        line.add_widget(Factory.RowLabel(text=row.label))
        for option in row.options:
            line.add_widget(self._button(row.key, option))
        return line

    def _button(self, key: str, option: Option) -> OptionButton:
        button = OptionButton(text=option.text, chosen=option.chosen)
        button.bind(on_release=lambda _b: self.tap(key, option.value))
        return button

    def tap(self, key: str, value: str) -> None:
        """A tap on an option; "Enter a road…" or "Enter a deck…" opens the entry screen."""
        if value == ENTER:
            self.app.controller.enter()
            self.app.go("entry")
            return
        self.form.tap(key, value)
        self.refresh()

    def start(self) -> None:
        self.open_other_game(self.app.controller.new_other_game, "Cannot start this game")


kv.load_beside(__file__)
