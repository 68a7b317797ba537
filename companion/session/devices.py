"""The table's devices driving a session: panel buttons and LEDs, the camera and its reader.

``TableDevices.step()`` is called from the app's own thread (a Kivy clock tick, or a loop):
it drains the button presses gpiozero queued from its threads, watches the camera, reads the
dice once they settle, and sets the LEDs. Nothing here changes the game except through the
session, so every refusal becomes an alert and the game state stays as it was.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence

from vision.readings import CONFIDENCE_THRESHOLD

from .rolls import Reading, expected_roll, roll_from_readings
from .table import Outcome, TableSession

log = logging.getLogger(__name__)

Reader = Callable[[object], Sequence[Reading]]


@dataclass(frozen=True)
class Alert:
    kind: str  # "refused", "camera", "confirm", "info"
    text: str


class TableDevices:
    def __init__(self, session: TableSession, panel=None, camera=None, reader: Optional[Reader] = None,
                 settle=None, watch=None, confidence_threshold: float = CONFIDENCE_THRESHOLD) -> None:
        self.session = session
        self.panel = panel
        self.camera = camera
        self.reader = reader
        self.settle = settle
        self.watch = watch
        self.threshold = confidence_threshold
        self.alerts: List[Alert] = []
        self.unsure: Sequence[Reading] = ()
        self.camera_ok = camera is not None
        if self.camera_ok:
            self.session.chance.seeded.discard("roll")  # rolls come from the table

    # -- one tick ---------------------------------------------------------------------------------

    def step(self) -> None:
        if self.panel is not None:
            for event in self.panel.drain():
                self.press(event.kind, event.seat)
        if self.camera is not None:
            self._watch_camera()
        self.show_leds()

    def press(self, kind: str, seat: Optional[int] = None) -> Optional[Outcome]:
        """A button: Confirm plays the Automa's move, Undo takes back the last move."""
        if kind == "undo":
            return self._report(self.session.undo())
        if kind == "confirm":
            if self.session.automa_decision() is not None:
                return self._report(self.session.acknowledge_automa())
            self.alerts.append(Alert("info", "Nothing to confirm now"))
            return None
        state = self.session.upcoming_state()
        if seat is not None and state.turn is not None and seat - 1 != state.turn:
            self.alerts.append(Alert("info", f"It is {state.seats[state.turn].colour}'s turn"))
        return None

    def _report(self, outcome: Outcome) -> Outcome:
        if not outcome.ok:
            self.alerts.append(Alert("refused", outcome.reason))
        return outcome

    # -- camera -----------------------------------------------------------------------------------

    def _watch_camera(self) -> None:
        preview = self.camera.read_preview()
        change = self.watch.update() if self.watch is not None else None
        if change == "lost":
            self.camera_ok = False
            self.session.chance.seeded.discard("roll")
            self.alerts.append(Alert("camera", self.watch.message))
            log.warning(self.watch.message)
        elif change == "back":
            self.camera_ok = True
            self.alerts.append(Alert("camera", "Camera back: dice are read again"))
        if not self.camera_ok or preview is None or expected_roll(self.session.state) is None:
            return
        if self.settle is not None and self.settle.update(preview) != "settled":
            return
        frame = self.camera.read_main()
        if frame is None or self.reader is None:
            return
        read = roll_from_readings(self.session.state, self.reader(frame), self.threshold)
        self.unsure = read.unsure
        if read.roll is not None:
            self._report(self.session.submit(read.roll))
            if self.settle is not None:
                self.settle.reset()
        elif read.unsure:
            self.alerts.append(Alert("confirm", read.problem))

    # -- LEDs -------------------------------------------------------------------------------------

    def show_leds(self) -> None:
        if self.panel is None:
            return
        state = self.session.upcoming_state()
        waiting = expected_roll(self.session.state)
        turn = state.turn if not state.is_over else None
        automa = turn is not None and self.session.seats[turn].kind == "automa"
        attention = set()
        if self.unsure and waiting is not None:
            seat = self.session.state.colours.index(waiting[0]) + 1
            if seat <= self.panel.seats:
                attention.add(seat)
        seat_on_panel = None if turn is None or automa or turn >= self.panel.seats else turn + 1
        self.panel.show(seat_on_panel, attention, automa_turn=automa)
