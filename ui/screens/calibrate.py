"""Calibrate: the guided step that learns each player's dice colours under this table's light.

The person picks the seat colours in seat order, puts each player's dice in their seat's
Available zone and taps Read the table. The camera's frame is read on a worker thread
(markers, zones, colours: the same step as the ``calibrate`` command, ``calibration.guided``);
the result, or what to change, is shown on Kivy's main thread. A new calibration starts a new set
of the table's dice examples, unless the person keeps the old one; the next step teaches the
camera the dice (``teach_dice``). Layout in calibrate.kv.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from kivy.clock import mainthread
from kivy.properties import (BooleanProperty, ColorProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)

from companion.games.automata.rules import COLOURS

from .. import kv, theme
from ..dialogs import ask
from ..widgets import TouchButton
from .common import CompanionScreen

if TYPE_CHECKING:
    from hardware.camera.base import CameraSource

KEEP, START_NEW = "Keep them", "Start a new set"


def calibrate_from_camera(open_source: Callable[[], CameraSource], players: list[str], profile_path: Path) -> list[str]:
    """Take a frame, calibrate, save the profile; the lines to show. Raises CalibrationError
    (or ProfileError for a damaged old profile) with what to change."""
    from calibration.guided import calibrate_table, connect_camera, frame_from_camera
    from calibration.profile import CalibrationProfile

    previous = CalibrationProfile.load(profile_path) if profile_path.exists() else CalibrationProfile()
    frame, settled = frame_from_camera(open_source, connect_camera())
    done = calibrate_table(frame, players, previous, settled=settled)
    done.profile.save(profile_path)
    camera_line = ("Camera settings locked and saved: exposure and white balance stay as calibrated."
                   if done.profile.camera.locked else
                   f"Camera settings saved ({frame.shape[1]}x{frame.shape[0]}); this camera cannot report its "
                   "exposure and white balance, so they stay automatic (lock them with the calibrate command, "
                   "docs/setup.md).")
    return [done.dice_line(), done.size_line(), done.profile.colour_check, camera_line, f"Saved to {profile_path}"]


class SeatToggle(TouchButton):
    """A seat colour, in the calibration (with its seat number) or out of it (style in calibrate.kv)."""

    colour = StringProperty("")
    seat = NumericProperty(0)  # 1 for the first colour picked; 0: out
    screen = ObjectProperty(None)


def has_colours(profile_path: Path) -> bool:
    """Whether a usable profile with the dice colours is saved at ``profile_path``."""
    from calibration.profile import CalibrationProfile, ProfileError

    try:
        return profile_path.exists() and CalibrationProfile.load(profile_path).colours is not None
    except ProfileError:
        return False


class CalibrateScreen(CompanionScreen):
    players = ListProperty()  # the seat colours, in seat order
    busy = BooleanProperty(False)  # a frame is being read and calibrated, on a worker thread
    calibrated = BooleanProperty(False)  # the profile has the dice colours: the dice can be taught
    result_text = StringProperty("")
    result_colour = ColorProperty(theme.TEXT)

    def on_kv_post(self, _base) -> None:
        for colour in COLOURS:
            self.ids.colours.add_widget(SeatToggle(colour=colour, screen=self))

    def refresh(self) -> None:
        if not self.players:
            self.players = self.app.controller.last_colours()
        self.result_text = ""
        self.calibrated = has_colours(self.app.camera.profile_file())

    def toggle(self, colour: str) -> None:
        if colour in self.players:
            self.players.remove(colour)
        else:
            self.players.append(colour)

    def read_table(self) -> None:
        if self.busy or not self.players:
            return
        self.result_text, self.result_colour = "Reading the table...", theme.TEXT
        self.busy = True
        camera = self.app.camera
        threading.Thread(target=self._calibrate, args=(camera.open_source, list(self.players), camera.profile_file()),
                         name="calibration", daemon=True).start()

    def _calibrate(self, open_source: Callable[[], CameraSource], players: list[str], path: Path) -> None:
        from calibration.colour import CalibrationError
        from calibration.profile import ProfileError

        try:
            lines = calibrate_from_camera(open_source, players, path)
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
        self.result_text, self.result_colour = f"[b]{heading}[/b]\n{theme.escape(text)}", colour
        self.busy = False
        if ok:
            self.calibrated = True
            self.keep_or_start_examples()

    def keep_or_start_examples(self) -> None:
        """A new calibration starts a new set of the table's dice examples, unless the person keeps the old."""
        table_dice = self.app.camera.table_dice()
        held = len(table_dice.dice.examples)
        if not held:
            table_dice.start_new(keep_old=False)
            return
        counts = ", ".join(f"{t.upper()} {n}" for t, n in table_dice.counts().items())
        ask("The dice examples from before",
            f"The camera has learnt {held} examples of this table's dice ({counts}). Keep them when the dice and "
            "the camera are as they were then; start a new set when either changed.",
            [(KEEP, lambda: table_dice.start_new(keep_old=True)),
             (START_NEW, lambda: table_dice.start_new(keep_old=False))])


kv.load_beside(__file__)
