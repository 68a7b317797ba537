"""Setup: two to four seats, each a person or an Automa with a colour and a name; the Automa's
level, chosen from all of them at once, each with its line and measured strength; camera on or
off; who rolls; an optional seed. The level chooser's layout is in setup.kv."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, List, Optional

from kivy.graphics import Color, Rectangle
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput

from companion.automa.levels import Level, all_levels
from companion.rules import COLOURS
from companion.session.table import SeatSpec

from .. import kv, theme
from ..dialogs import alert
from ..widgets import Caption, TouchButton, touch_button
from .common import screen_body, top_bar

if TYPE_CHECKING:
    from ..app import CompanionApp

MIN_SEATS = 2


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

    def __init__(self, levels: List[Level], chosen: int, on_choose: Callable[[Level], None], **kwargs) -> None:
        super().__init__(**kwargs)
        self.on_choose = on_choose
        for level in levels:
            self.ids.choices.add_widget(touch_button(level_markup(level), lambda lv=level: self.choose(lv),
                                                     kind=LevelChoice, chosen=level.number == chosen))

    def choose(self, level: Level) -> None:
        self.dismiss(animation=False)
        self.on_choose(level)


class SeatRow(BoxLayout):
    """One seat: in or out, colour, person or Automa, name, and the Automa's level."""

    def __init__(self, screen: "SetupScreen", number: int, colour: str, kind: str, used: bool) -> None:
        super().__init__(orientation="horizontal", spacing=6, size_hint_y=None, height=theme.TOUCH)
        self.screen = screen
        self.number = number
        self.colour = colour
        self.kind = kind
        self.used = used
        self.level = 1
        self.toggle = touch_button("", self.toggle_used, size_hint_x=None, width=116)
        self.colour_button = touch_button("", self.next_colour, size_hint_x=None, width=112, bold=True)
        self.kind_button = touch_button("", self.toggle_kind, size_hint_x=None, width=112)
        self.name_input = TextInput(text="", multiline=False, font_size=theme.FONT, write_tab=False,
                                    size_hint_y=None, height=theme.TOUCH, padding=(10, 12))
        self.level_button = touch_button("", self.choose_level, size_hint_x=None, width=190)
        for widget in (self.toggle, self.colour_button, self.kind_button, self.name_input, self.level_button):
            self.add_widget(widget)
        with self.colour_button.canvas.before:
            self._swatch_colour = Color(*theme.seat_rgba(colour))
            self._swatch = Rectangle()
        self.colour_button.bind(pos=self._move_swatch, size=self._move_swatch)
        self.update()

    def _move_swatch(self, *_: object) -> None:
        self._swatch.pos, self._swatch.size = self.colour_button.pos, self.colour_button.size

    def update(self) -> None:
        fixed = self.number <= MIN_SEATS
        self.toggle.text = f"Seat {self.number}" if fixed else f"Seat {self.number}: {'in' if self.used else 'out'}"
        self.toggle.disabled = fixed
        self.colour_button.text = f"{theme.seat_letter(self.colour)} {self.colour.title()}"
        self.colour_button.color = theme.ink_on(self.colour)
        self.colour_button.background_color = (0, 0, 0, 0)
        self._swatch_colour.rgba = theme.seat_rgba(self.colour) if self.used else (0.3, 0.3, 0.3, 1)
        self.kind_button.text = "Automa" if self.kind == "automa" else "Person"
        level = self.screen.levels[self.level - 1]
        self.level_button.text = f"Level {level.number} {level.name}" if self.kind == "automa" else ""
        self.level_button.disabled = self.kind != "automa" or not self.used
        self.level_button.opacity = 1 if self.kind == "automa" else 0
        if not self.name_input.text or self.name_input.text in self.screen.default_names():
            self.name_input.text = self.default_name()
        for widget in (self.colour_button, self.kind_button, self.name_input):
            widget.disabled = not self.used

    def default_name(self) -> str:
        return f"Automa {self.colour.title()}" if self.kind == "automa" else self.colour.title()

    def toggle_used(self) -> None:
        self.used = not self.used
        self.update()

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
                        row.update()
                self.colour = candidate
                break
        self.update()

    def toggle_kind(self) -> None:
        self.kind = "person" if self.kind == "automa" else "automa"
        self.update()
        if self.kind == "automa":
            self.screen.describe(self.screen.levels[self.level - 1])

    def choose_level(self) -> None:
        LevelChooser(self.screen.levels, self.level, self.set_level).open(animation=False)

    def set_level(self, level: Level) -> None:
        self.level = level.number
        self.update()
        self.screen.describe(level)

    def spec(self) -> SeatSpec:
        name = self.name_input.text.strip() or self.default_name()
        return SeatSpec(self.colour, self.kind, name, self.level if self.kind == "automa" else None)


class SetupScreen(Screen):
    def __init__(self, app: "CompanionApp", **kwargs) -> None:
        super().__init__(name="setup", **kwargs)
        self.app = app
        self.levels: List[Level] = list(all_levels())
        self.camera_on = True
        self.table_rolls = False
        body = screen_body()
        bar = top_bar("New game", [("Back", app.go_home)])
        body.add_widget(bar)
        content = BoxLayout(orientation="vertical", padding=(10, 8), spacing=8)
        self.rows = []
        defaults = (("red", "person", True), ("blue", "automa", True), ("green", "person", False),
                    ("white", "automa", False))
        for number, (colour, kind, used) in enumerate(defaults, 1):
            row = SeatRow(self, number, colour, kind, used)
            self.rows.append(row)
            content.add_widget(row)
        self.level_line = Caption(text="", font_size=theme.FONT_SMALL, color=theme.MUTED)
        content.add_widget(self.level_line)
        options = BoxLayout(orientation="horizontal", spacing=6, size_hint_y=None, height=theme.TOUCH)
        self.camera_button = touch_button("", self.toggle_camera, size_hint_x=None, width=170)
        self.rolls_button = touch_button("", self.toggle_rolls, size_hint_x=None, width=270)
        seed_label = Label(text="Seed:", font_size=theme.FONT, color=theme.TEXT, size_hint_x=None, width=62)
        self.seed_input = TextInput(text="", hint_text="random", multiline=False, input_filter="int",
                                    font_size=theme.FONT, size_hint_y=None, height=theme.TOUCH, padding=(10, 12))
        for widget in (self.camera_button, self.rolls_button, seed_label, self.seed_input):
            options.add_widget(widget)
        content.add_widget(options)
        content.add_widget(BoxLayout())
        content.add_widget(touch_button("Start game", self.start, big=True))
        body.add_widget(content)
        self.add_widget(body)
        self.describe(self.levels[0])
        self.update_options()

    def default_names(self) -> set:
        return {f"{p}{c.title()}" for c in COLOURS for p in ("", "Automa ")}

    def describe(self, level: Level) -> None:
        self.level_line.text = f"[b]Level {level.number} {theme.escape(level.name)}:[/b] {theme.escape(level.line)}"

    def toggle_camera(self) -> None:
        self.camera_on = not self.camera_on
        self.update_options()

    def toggle_rolls(self) -> None:
        self.table_rolls = not self.table_rolls
        self.update_options()

    def update_options(self) -> None:
        self.camera_button.text = f"Camera: {'on' if self.camera_on else 'off'}"
        self.rolls_button.text = "Rolls: read at the table" if self.table_rolls else "Rolls: the app rolls"

    def seats(self) -> List[SeatSpec]:
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
        self.app.start_game(self.seats(), seed, self.camera_on, self.table_rolls)


kv.load_beside(__file__)
