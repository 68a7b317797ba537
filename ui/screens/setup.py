"""Setup: two to four seats, each a person or an Automa with a colour and a name; the Automa's
level, chosen from all of them at once, each with its line and measured strength; camera on or
off; who rolls; an optional seed. Layout in setup.kv."""
from __future__ import annotations

from functools import partial
from typing import Callable, Optional, Sequence

from kivy.properties import AliasProperty, BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.popup import Popup

from companion.games.automata.automa.levels import Level, all_levels
from companion.games.automata.rules import COLOURS
from companion.session.table import SeatSpec

from .. import kv, theme
from ..dialogs import alert
from ..widgets import TouchButton, touch_button
from .common import CompanionScreen

MIN_SEATS = 2  # seats that are always in the game
LEVELS = all_levels()
DEFAULT_NAMES = {f"{prefix}{colour.title()}" for colour in COLOURS for prefix in ("", "Automa ")}


def level_markup(level: Level) -> str:
    """The level, its line, and how it did against a greedy player: two lines of a choice."""
    strength = (f"wins {round(level.win_rate * 100)}% of 2-player games against a greedy bot, "
                f"scoring {round(level.mean_score)} on average")
    return (f"[b]Level {level.number} {theme.escape(level.name)}:[/b] {theme.escape(level.line)}\n"
            f"[color={theme.hex_of(theme.ACCENT)}]{strength}[/color]")


class LevelChoice(TouchButton):
    """One level in the chooser; the level chosen now stands out (style in setup.kv)."""

    chosen = BooleanProperty(False)


class LevelChooser(Popup):
    """Every level at once, easiest first; a tap on one chooses it and closes the chooser."""

    def __init__(self, levels: Sequence[Level], chosen: int, on_choose: Callable[[Level], None], **kwargs) -> None:
        super().__init__(**kwargs)
        self.on_choose = on_choose
        for level in levels:
            self.ids.choices.add_widget(touch_button(level_markup(level), partial(self.choose, level),
                                                     kind=LevelChoice, chosen=level.number == chosen))

    def choose(self, level: Level) -> None:
        self.dismiss(animation=False)
        self.on_choose(level)


class SeatRow(BoxLayout):
    """One seat: in or out, colour, person or Automa, name, and the Automa's level (layout in setup.kv)."""

    screen = ObjectProperty(None)
    number = NumericProperty(1)
    colour = StringProperty("red")
    kind = StringProperty("person")  # or "automa"
    used = BooleanProperty(False)
    level = NumericProperty(1)
    fixed = AliasProperty(lambda self: self.number <= MIN_SEATS, bind=["number"])  # always in the game

    def on_kv_post(self, _base) -> None:
        self._name_by_default()

    def on_colour(self, *_: object) -> None:
        self._name_by_default()

    def on_kind(self, *_: object) -> None:
        self._name_by_default()

    def _name_by_default(self) -> None:
        """A name that is empty or another seat's default follows the colour and the kind."""
        if not self.name_input.text or self.name_input.text in DEFAULT_NAMES:
            self.name_input.text = self.default_name()

    def default_name(self) -> str:
        return f"Automa {self.colour.title()}" if self.kind == "automa" else self.colour.title()

    def level_label(self, level: int, kind: str) -> str:
        return f"Level {level} {LEVELS[level - 1].name}" if kind == "automa" else ""

    def next_colour(self) -> None:
        """The next colour no seat in the game uses; a seat left out that held it takes ours."""
        in_game = {row.colour for row in self.screen.rows if row is not self and row.used}
        start = COLOURS.index(self.colour)
        for step in range(1, len(COLOURS)):
            candidate = COLOURS[(start + step) % len(COLOURS)]
            if candidate not in in_game:
                for row in self.screen.rows:
                    if row.colour == candidate:
                        row.colour = self.colour
                self.colour = candidate
                return

    def toggle_kind(self) -> None:
        self.kind = "person" if self.kind == "automa" else "automa"
        if self.kind == "automa":
            self.screen.describe(LEVELS[self.level - 1])

    def choose_level(self) -> None:
        LevelChooser(LEVELS, self.level, self.set_level).open(animation=False)

    def set_level(self, level: Level) -> None:
        self.level = level.number
        self.screen.describe(level)

    def spec(self) -> SeatSpec:
        name = self.name_input.text.strip() or self.default_name()
        return SeatSpec(self.colour, self.kind, name, self.level if self.kind == "automa" else None)


class SetupScreen(CompanionScreen):
    camera_on = BooleanProperty(True)
    table_rolls = BooleanProperty(False)
    level_text = StringProperty("")  # the Automa level chosen last, and its line

    def on_kv_post(self, _base) -> None:
        self.describe(LEVELS[0])

    def refresh(self) -> None:
        """The camera on where it can follow the table, off until the table is calibrated."""
        self.camera_on = self.app.camera.can_follow()

    @property
    def rows(self) -> list[SeatRow]:
        return list(reversed(self.ids.seats.children))

    def describe(self, level: Level) -> None:
        self.level_text = f"[b]Level {level.number} {theme.escape(level.name)}:[/b] {theme.escape(level.line)}"

    def seats(self) -> list[SeatSpec]:
        return [row.spec() for row in self.rows if row.used]

    def seed(self) -> Optional[int]:
        text = self.seed_input.text.strip()
        return int(text) if text else None

    def start(self) -> None:
        try:
            seed = self.seed()
        except ValueError:
            alert("Seed", "The seed must be a whole number, or empty for a random game.")
            return
        seats = self.seats()
        self.open_game(lambda: self.app.controller.new_game(seats, seed, self.table_rolls), self.camera_on,
                       "Cannot start this game")


kv.load_beside(__file__)
