"""Calibrate: the guided step that learns each player's dice colours under this table's light.

The person picks the seat colours in seat order, puts each player's dice in their seat's
Available zone and taps Read the table. The camera's frame is read on a worker thread
(markers, zones, colours: the same step as the ``calibrate`` command, ``calibration.guided``);
the result, or what to change, is shown on Kivy's main thread.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Callable, List, Optional

from kivy.clock import mainthread
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from companion.rules import COLOURS

from .. import theme
from ..widgets import Caption, touch_button
from .common import screen_body, top_bar

if TYPE_CHECKING:
    from ..app import CompanionApp

READ_BUTTON = "Read the table"
INSTRUCTIONS = ("Each player puts all their dice (D4, D6, D8) in their own seat's Available zone, a little "
                "apart (seat 1: the first colour picked). Hands out of view, then tap Read the table.")


def calibrate_from_camera(open_source: Callable[[], object], players: List[str], profile_path: Path) -> List[str]:
    """Take a frame, calibrate, save the profile; the lines to show. Raises CalibrationError
    (or ProfileError for a damaged old profile) with what to change."""
    from calibration.guided import calibrate_table, frame_from_camera
    from calibration.profile import CalibrationProfile

    previous = CalibrationProfile.load(profile_path) if profile_path.exists() else CalibrationProfile()
    frame, settled = frame_from_camera(open_source, "Connect the camera (automata-companion devices checks it) "
                                           "and try again.")
    done = calibrate_table(frame, players, previous, settled=settled)
    done.profile.save(profile_path)
    camera_line = ("Camera settings locked and saved: exposure and white balance stay as calibrated."
                   if done.profile.camera.locked else
                   f"Camera settings saved ({frame.shape[1]}x{frame.shape[0]}); this camera cannot report its "
                   "exposure and white balance, so they stay automatic (lock them with the calibrate command, "
                   "docs/setup.md).")
    return [done.dice_line(), done.size_line(), done.profile.colour_check, camera_line, f"Saved to {profile_path}"]


class CalibrateScreen(Screen):
    def __init__(self, app: "CompanionApp", **kwargs) -> None:
        super().__init__(name="calibrate", **kwargs)
        self.app = app
        self.players: List[str] = []
        self.worker: Optional[threading.Thread] = None
        body = screen_body()
        bar = top_bar("Calibrate the dice colours", [("Home", app.go_home)])
        body.add_widget(bar)
        content = BoxLayout(orientation="vertical", padding=(10, 6), spacing=6)
        colours = BoxLayout(orientation="horizontal", spacing=8, size_hint_y=None, height=theme.TOUCH)
        colours.add_widget(Label(text="Seats:", font_size=theme.FONT, color=theme.TEXT, size_hint_x=None, width=70))
        self.colour_buttons = {}
        for colour in COLOURS:
            button = touch_button("", lambda c=colour: self.toggle(c), bold=True)
            self.colour_buttons[colour] = button
            colours.add_widget(button)
        content.add_widget(colours)
        content.add_widget(Caption(text=INSTRUCTIONS, font_size=theme.FONT_SMALL, color=theme.MUTED))
        self.read_button = touch_button(READ_BUTTON, self.read_table, big=True, height=theme.TOUCH)
        content.add_widget(self.read_button)
        # Padded on the right so that the scroll bar does not cover the ends of wrapped lines.
        self.result = Caption(text="", font_size=theme.FONT_SMALL, valign="top", padding=(0, 0, 12, 0))
        scroll = ScrollView(do_scroll_x=False, bar_width=6)
        scroll.add_widget(self.result)
        content.add_widget(scroll)
        body.add_widget(content)
        self.add_widget(body)
        self._show_players()

    def on_pre_enter(self, *args) -> None:
        if not self.players:
            self.players = self.app.last_colours()
        self.result.text = ""
        self._show_players()

    def toggle(self, colour: str) -> None:
        if colour in self.players:
            self.players.remove(colour)
        else:
            self.players.append(colour)
        self._show_players()

    def _show_players(self) -> None:
        for colour, button in self.colour_buttons.items():
            seat = self.players.index(colour) + 1 if colour in self.players else None
            button.text = (f"{seat}: {theme.seat_letter(colour)} {colour.title()}" if seat
                           else f"{colour.title()}: out")
            button.color = theme.seat_rgba(colour) if seat else theme.MUTED
        self.read_button.disabled = self.busy or not self.players

    @property
    def busy(self) -> bool:
        return self.worker is not None and self.worker.is_alive()

    def read_table(self) -> None:
        if self.busy or not self.players:
            return
        self.result.text = "Reading the table..."
        self.result.color = theme.TEXT
        players, path = list(self.players), self.app.calibration_file()
        self.worker = threading.Thread(target=self._calibrate, args=(players, path), name="calibration", daemon=True)
        self.worker.start()
        self._show_players()

    def _calibrate(self, players: List[str], path: Path) -> None:
        from calibration.colour import CalibrationError
        from calibration.profile import ProfileError

        try:
            lines = calibrate_from_camera(self.app.open_camera_source, players, path)
        except (CalibrationError, ProfileError, OSError) as exc:
            self._finished(str(exc)[:1].upper() + str(exc)[1:], ok=False)
            return
        self._finished("\n".join(lines), ok=True)

    @mainthread
    def _finished(self, text: str, ok: bool) -> None:
        if not ok:
            heading, colour = "Not calibrated.", theme.ALERT
        elif "WARNING" in text:
            heading, colour = "Calibrated, with a warning.", theme.ACCENT
        else:
            heading, colour = "Calibrated.", theme.TEXT
        self.result.text = f"[b]{heading}[/b]\n{theme.escape(text)}"
        self.result.color = colour
        self.worker = None
        self._show_players()
