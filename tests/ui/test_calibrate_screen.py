"""The Calibrate screen: a frame from the camera, zones from the markers, colours learnt, the profile written;
and what it says when there is no camera, no marker in view, or too few dice."""
from __future__ import annotations

import time

import numpy as np
import pytest

from calibration.profile import CalibrationProfile
from hardware.camera.base import CameraUnavailable
from sim.table_scene import calibration_dice, render_table
from vision.synth import make_background

from .table_scenes import ShownTable, two_seat_scene


def calibrate(app, tmp_path, camera_source) -> str:
    from sim.app_driver import pump, tap

    app.camera.profile_path = tmp_path / "calibration.json"
    app.camera.source = camera_source
    app.go("calibrate")
    screen = app.manager.get_screen("calibrate")
    assert app.manager.current == "calibrate"
    tap("Red: out")
    tap("Blue: out")
    assert screen.players == ["red", "blue"]
    tap("Read the table")
    deadline = time.monotonic() + 20
    while screen.busy and time.monotonic() < deadline:
        pump(1)
        time.sleep(0.02)
    assert not screen.busy, "calibration did not finish"
    return screen.result_text


@pytest.mark.slow
def test_calibrating_from_the_camera_writes_the_profile(app, tmp_path):
    scene = two_seat_scene()
    rng = np.random.default_rng(3)
    shown = ShownTable(render_table(scene, calibration_dice(scene, ["red", "blue"], rng), rng))
    text = calibrate(app, tmp_path, shown.source())
    assert text.startswith("[b]Calibrated"), text
    assert "Dice seen: red 6, blue 6" in text
    assert "Dice are about 24 px across in this frame." in text and "WARNING: under 60 px" in text
    assert "Samples read as their own player" in text
    profile = CalibrationProfile.load(tmp_path / "calibration.json")
    assert sorted(profile.colours.players) == ["blue", "red"]
    assert profile.camera.resolution == (scene.width, scene.height)
    assert profile.colour_check in text.replace("&bl;", "[").replace("&br;", "]")


def _no_camera():
    raise CameraUnavailable("no camera source could be started: picamera2 is not installed")


def _blank_table():
    return ShownTable(type("Plain", (), {"frame": make_background(np.random.default_rng(1), 1280, 800, "felt")})())


def _few_dice():
    scene = two_seat_scene()
    rng = np.random.default_rng(5)
    return ShownTable(render_table(scene, calibration_dice(scene, ["red", "blue"], rng, per_type=(1, 0, 0)), rng))


@pytest.mark.parametrize("source, said", [
    (lambda: _no_camera, "No camera: no camera source could be started"),
    (lambda: _blank_table().source(), "No marker is in view"),
    (lambda: _few_dice().source(), "Too few dice seen for red, blue"),
], ids=["no camera", "no markers", "too few dice"])
@pytest.mark.slow
def test_a_calibration_that_cannot_be_made_says_why_and_writes_nothing(app, tmp_path, source, said):
    text = calibrate(app, tmp_path, source())
    assert text.startswith("[b]Not calibrated.[/b]"), text
    assert said in text
    assert not (tmp_path / "calibration.json").exists()


@pytest.mark.slow
def test_two_colours_too_close_are_calibrated_with_the_warning_shown(app, tmp_path):
    scene = two_seat_scene()
    rng = np.random.default_rng(3)
    from ui import theme

    # seat 2 ("blue") brings orange dice: under this light they are hard to tell from red
    shown = ShownTable(render_table(scene, calibration_dice(scene, ["red", "orange"], rng), rng))
    text = calibrate(app, tmp_path, shown.source())
    assert text.startswith("[b]Calibrated, with a warning.[/b]"), text
    assert "WARNING: blue and red " in text  # too close, or too close for how much each varies
    assert "The colours separate well." not in text
    assert list(app.manager.get_screen("calibrate").result_colour) == list(theme.ACCENT)
    assert (tmp_path / "calibration.json").exists()
