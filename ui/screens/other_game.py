"""A game played by lines (a registered game): what the Automas do on the board, the question the table is asked
and a big button for each answer, tapped part by part until the line is complete. The game and the
line are the controller's ``other`` (``companion.line_games.table``). Layout in other_game.kv."""
from __future__ import annotations

from typing import Optional

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.line_games.choices import Choice
from companion.line_games.session import Answer
from companion.line_games.table import READING_ROLL, OtherGameTable
from hardware.panel import PanelEvent

from .. import kv, theme
from ..boards import board_for
from ..widgets import Caption, TouchButton
from .common import CompanionScreen

MANY = 9  # more choices than this are laid out seven to a row, else three
SAID_WIDTH = 280  # the column of what to do on the board, for a game without a drawing of its board
LARGE_TEXT = 10  # the longest button text shown in the large font, three to a row


class OtherGameScreen(CompanionScreen):
    title = StringProperty("")
    status_text = StringProperty("")
    said_text = StringProperty("")    # what to do for the Automas on the board, one line each
    refusal = StringProperty("")      # a line refused, and what the camera could not read or found amiss
    camera_reading = BooleanProperty(False)  # the refusal line only says that the camera is reading her roll
    question = StringProperty("")
    tapped = StringProperty("")       # the line so far
    over = BooleanProperty(False)
    offer_text = StringProperty("")   # at the end, the next level offered to a person who beat one three games in a row
    choices = ListProperty()          # the Choices of the question
    also = ListProperty()             # what may be told besides it
    also_label = StringProperty("")
    said_width = NumericProperty(SAID_WIDTH)  # the left column: what to do on the board, under its drawing if any
    board_height = NumericProperty(0)
    said_font = NumericProperty(theme.FONT)  # smaller under a drawing of the board

    _offered_for = ""  # the game whose offer is shown

    @property
    def table(self) -> OtherGameTable:
        return self.app.controller.other

    def refresh(self) -> None:
        table = self.table
        if table is None:
            return
        self.title, self.status_text = table.title, table.status()
        said = "\n".join(theme.escape(line) for line in table.said) or "Nothing new to do on the board."
        if said != self.said_text:
            self.said_text, self.ids.said_scroll.scroll_y = said, 1  # new lines are read from their first
            self.app.voice.say_once(("said", said), table.said)
        step = table.step()  # first: asking it may set the camera's line
        self.refusal = "\n".join(line for line in (table.refusal, table.camera_line) if line)
        self.camera_reading = self.refusal == READING_ROLL
        self.tapped = table.tapped()
        self.over = table.over
        self._offer(table)
        self.question = step.question if step else "The game is over." if self.over else ""
        self.choices = list(step.choices) if step else []
        self.also = list(step.also) if step else []
        self.also_label = step.also_label if step else ""
        self._lay_out()
        self._draw_board(table)

    def _offer(self, table: OtherGameTable) -> None:
        """Once the game is over, the next level offered (read once a game: it replays the game's latest)."""
        game_id = table.session.game_id if self.over else ""
        if game_id != self._offered_for:
            self._offered_for = game_id
            self.offer_text = "\n".join(self.app.controller.level_offers(game_id)) if game_id else ""

    def _draw_board(self, table: OtherGameTable) -> None:
        """The game's board drawn above what to do on it, for a game with a drawing registered (``ui.boards``)."""
        drawing = board_for(table.session.kind.name)
        box = self.ids.board
        if drawing is None:
            box.clear_widgets()
            self.said_width, self.board_height, self.said_font = SAID_WIDTH, 0, theme.FONT
            return
        if not box.children or not isinstance(box.children[0], drawing):
            box.clear_widgets()
            box.add_widget(drawing())
        box.children[0].show(table.session.game, self._pick)
        self.said_width, self.board_height = drawing.width_wanted, drawing.height_wanted
        self.said_font = theme.FONT_SMALL

    def _pick(self, text: str) -> bool:
        """A choice tapped on the drawing of the board, by its text; false when none asked has that text."""
        choice = next((c for c in self.choices if c.text == text), None)
        if choice is not None:
            self.choose(choice)
        return choice is not None

    def _lay_out(self) -> None:
        grid, extra = self.ids.choices, self.ids.also
        grid.clear_widgets()
        grid.cols = 7 if len(self.choices) > MANY else 3
        few_words = len(self.choices) <= MANY and all(len(c.text) <= LARGE_TEXT for c in self.choices)
        for choice in self.choices:
            grid.add_widget(self._button(choice, theme.FONT_LARGE if few_words else theme.FONT))
        extra.clear_widgets()
        if self.also:
            extra.add_widget(Caption(text=self.also_label, color=theme.MUTED, font_size=theme.FONT_SMALL,
                                     size_hint=(None, 1), width=130))
        for choice in self.also:
            extra.add_widget(self._button(choice, theme.FONT_SMALL))

    def _button(self, choice: Choice, font_size: int) -> TouchButton:
        button = TouchButton(text=choice.text, font_size=font_size, size_hint_y=1)
        button.bind(on_release=lambda _b: self.choose(choice))
        return button

    def choose(self, choice: Choice) -> None:
        self._answered(self.table.choose(choice))

    def back(self) -> None:
        self.table.back()
        self.refresh()

    def undo(self) -> None:
        self._answered(self.table.undo())

    def panel_pressed(self, event: PanelEvent) -> None:
        """Confirm answers a question with one answer (the Automas' turn), and once the game is over
        goes Home; Undo undoes."""
        if self.table is None:
            return
        if event.kind == "confirm" and self.over:
            self.app.go_home()
        else:
            self._answered(self.table.press(event))

    def _answered(self, _answer: Optional[Answer]) -> None:
        """A refusal is shown on the screen, under what the Automas last did."""
        self.refresh()


kv.load_beside(__file__)
