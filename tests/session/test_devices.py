"""Devices driving the session: camera rolls, a camera that vanishes, buttons and LEDs."""
from dataclasses import dataclass

import numpy as np
import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import PanelConfig
from companion.rules import CHANCE_TYPES
from companion.session import SeatSpec, TableSession
from companion.session.devices import TableDevices
from companion.session.rolls import expected_roll, roll_from_readings
from companion.store import GameStore
from hardware.camera.base import CameraSource, CameraWatch
from hardware.panel import KeyboardPanel, LedMode, open_panel


@dataclass
class FakeReading:
    die_type: str
    value: int
    colour: str
    confidence: float = 0.99


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class FlakyCamera(CameraSource):
    """Frames until ``working`` is switched off."""

    name = "test camera"

    def __init__(self, clock):
        super().__init__((64, 36), clock)
        self.working = True

    def _open(self):
        pass

    def _grab_preview(self):
        return np.zeros((36, 64, 3), np.uint8) if self.working else None

    def _grab_main(self):
        return np.zeros((72, 128, 3), np.uint8) if self.working else None


def read_what_is_expected(session, value=2):
    def reader(frame):
        colour, types = expected_roll(session.state)
        return [FakeReading(t, value, colour) for t, n in types.items() for _ in range(n)]
    return reader


@pytest.fixture
def session(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        yield TableSession.new(store, [SeatSpec("red"), SeatSpec("blue", "automa", level=1)], seed=3)


def test_rolls_are_read_from_the_camera_and_recorded(session):
    clock = Clock()
    camera = FlakyCamera(clock)
    camera.start()
    devices = TableDevices(session, camera=camera, reader=read_what_is_expected(session), watch=CameraWatch(camera, 2.0))
    assert session.play_seeded().ok  # the deployment order and the deal
    assert expected_roll(session.state) is not None
    for _ in range(2):
        devices.step()
    assert expected_roll(session.state) is None
    assert all(v == 2 for seat in session.state.seats for _, v in seat.available)


def test_a_vanishing_camera_switches_to_manual_entry_and_loses_nothing(session):
    clock = Clock()
    camera = FlakyCamera(clock)
    camera.start()
    watch = CameraWatch(camera, 2.0)
    devices = TableDevices(session, camera=camera, reader=lambda frame: [], watch=watch)
    devices.step()
    before = session.state.dumps()
    camera.working = False
    clock.now += 5
    devices.step()
    assert not devices.camera_ok
    assert any(a.kind == "camera" and "Enter the dice values by hand" in a.text for a in devices.alerts)
    assert session.state.dumps() == before
    # Manual entry goes on: the person types what the dice show.
    assert session.play_seeded().ok  # the deployment order and the deal
    colour, types = expected_roll(session.state)
    dice = " ".join(f"{t}:1" for t, n in sorted(types.items()) for _ in range(n))
    assert session.submit(f"roll {colour} {dice}").ok
    camera.working = True
    clock.now += 1
    devices.step()
    assert devices.camera_ok and devices.alerts[-1].text.startswith("Camera back")


def test_unsure_readings_ask_a_person_and_blink_the_seat(session):
    session.chance.seeded.discard("roll")  # rolls come from the table
    assert session.play_seeded().ok  # the deployment order and the deal
    colour, types = expected_roll(session.state)
    readings = [FakeReading(t, 3, colour, 0.4) for t, n in types.items() for _ in range(n)]
    read = roll_from_readings(session.state, readings, 0.8)
    assert read.roll is None and len(read.unsure) == len(readings) and "confirm" in read.problem
    missing = roll_from_readings(session.state, readings[1:], 0.8)
    assert missing.roll is None and "the camera sees" in missing.problem


def test_keyboard_buttons_undo_and_confirm(session):
    panel = KeyboardPanel(2)
    devices = TableDevices(session, panel=panel)
    move = session.legal()[0]
    assert session.submit(move).ok
    events = len(session.game.actions)
    panel.key("u")
    devices.step()
    assert len(session.game.actions) < events
    while session.automa_decision() is None:
        assert session.submit(session.legal()[0]).ok
    automa_moves = len(session.game.actions)
    devices.step()
    assert panel.led_modes()["automa"] is LedMode.ON
    panel.key("space")
    devices.step()
    assert len(session.game.actions) > automa_moves


def test_a_bouncing_undo_button_undoes_once(session):
    factory = MockFactory()
    try:
        config = PanelConfig(seat_buttons=(5, 6), seat_leds=(17, 27), confirm_button=26, undo_button=16,
                             automa_led=24, bounce_ms=50, blink_ms=50)
        panel = open_panel("gpio", **config.hardware_arguments(), pin_factory=factory)
        devices = TableDevices(session, panel=panel)
        for _ in range(3):
            assert session.submit(session.legal()[0]).ok
        moves = len(session.game.actions)
        one_undo = next(i for i, a in enumerate(reversed(session.game.actions), 1) if not isinstance(a, CHANCE_TYPES))
        pin = factory.pin(16)
        for transition in range(10):  # 10 transitions within a few milliseconds
            pin.drive_low() if transition % 2 == 0 else pin.drive_high()
        devices.step()
        assert len(session.game.actions) == moves - one_undo
        assert session.store.events(session.game_id).count("undo") == one_undo
        turn = session.upcoming_state().turn
        if session.seats[turn].kind == "person":
            assert panel.led_modes()[f"seat{turn + 1}"] is LedMode.ON
        panel.close()
    finally:
        factory.reset()
