"""Colour calibration from a rendered table, the separation check, camera settings and the profile file."""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from calibration.camera_settings import CameraSettings, SettingsError
from calibration.colour import CalibrationError, calibrate_from_samples, samples_from_frame, table_colour
from calibration.layout import default_layout
from calibration.profile import CalibrationProfile, ProfileError
from companion.cli import main
from sim.table_scene import TableScene, calibration_dice, label_centre, render_table
from vision.colour import body_colour, match_colour
from vision.synth import SceneStyle
from vision.zones import DIE_SIDE, ZoneFinder

STYLE = SceneStyle(light_gradient=0.4, noise_sigma=3.0)


def calibration_frame(players, seed):
    scene = TableScene.arranged(default_layout(4), 1600, 1000)
    rng = np.random.default_rng(seed)
    return scene, rng, render_table(scene, calibration_dice(scene, players, rng), rng, STYLE)


@pytest.mark.slow
def test_the_dice_reader_finds_the_calibration_dice_told_where_the_markers_are_and_how_large_dice_are():
    from vision.reader import DiceReader, read_dice

    try:
        DiceReader()
    except FileNotFoundError as missing:
        pytest.skip(f"needs the dice models: {missing}")
    players = ("red", "blue", "green", "white")
    scene, rng, rendered = calibration_frame(players, 3)
    told = {}

    def reader(frame, ignore=(), die_size=None):
        told.update(ignore=len(ignore), die_size=die_size)
        return read_dice(frame, ignore=ignore, die_size=die_size)

    samples = samples_from_frame(rendered.frame, ZoneFinder(scene.layout).find(rendered.frame), players, reader)
    assert told["ignore"] == len(scene.layout.zones)
    assert told["die_size"] == pytest.approx(scene.marker_px * DIE_SIDE, rel=0.1)
    assert {p: len(s) for p, s in samples.items()} == {p: 6 for p in players}  # two dice of each type
    assert calibrate_from_samples(samples).check.accuracy == 1.0


@pytest.mark.slow
def test_calibrated_colours_read_owners_on_a_new_frame():
    players = ("red", "blue", "green", "white")
    scene, rng, rendered = calibration_frame(players, 2)
    samples = samples_from_frame(rendered.frame, ZoneFinder(scene.layout).find(rendered.frame), players)
    assert all(len(samples[p]) >= 4 for p in players), {p: len(s) for p, s in samples.items()}
    result = calibrate_from_samples(samples)
    assert result.check.ok and result.check.accuracy == 1.0, result.check.text()
    assert set(result.profile.players) == set(players)
    later = render_table(scene, calibration_dice(scene, players, rng), rng, STYLE)
    read = [match_colour(body_colour(later.frame, *label_centre(label)), result.profile)[0] for label in later.labels]
    assert read == [label["colour"] for label in later.labels]


def test_colours_too_close_are_warned_about():
    close = {"red": [(110.0, 185.0, 165.0)] * 4, "orange": [(114.0, 180.0, 168.0)] * 4,
             "blue": [(85.0, 145.0, 80.0)] * 4}
    check = calibrate_from_samples(close).check
    assert not check.ok
    assert any("orange and red dice look alike" in w for w in check.warnings)
    assert "WARNING" in check.text() and "blue" not in " ".join(check.warnings)
    with pytest.raises(CalibrationError, match="too few dice seen for blue"):
        calibrate_from_samples({"red": close["red"], "blue": close["blue"][:1]})


def test_dice_the_colour_of_the_table_are_warned_about():
    samples = {"red": [(110.0, 185.0, 165.0)] * 4, "blue": [(85.0, 145.0, 80.0)] * 4}
    check = calibrate_from_samples(samples, table=(88.0, 143.0, 84.0)).check  # a blue mat
    assert [w for w in check.warnings if "look like the table" in w] == [check.warnings[0]]
    assert check.warnings[0].startswith("blue dice look like the table") and "mat" in check.warnings[0]
    assert "blue vs the table" in check.text()
    assert calibrate_from_samples(samples, table=(150.0, 110.0, 150.0)).check.ok  # a green mat


def test_the_table_colour_is_read_around_the_dice():
    players = ("red", "blue")
    scene = TableScene.arranged(default_layout(2), 1600, 1000)
    rng = np.random.default_rng(4)
    mat = np.full((1000, 1600, 3), (60, 140, 50), np.uint8)  # BGR green felt
    rendered = render_table(scene, calibration_dice(scene, players, rng), rng, SceneStyle(), mat)
    seen = table_colour(rendered.frame, ZoneFinder(scene.layout).find(rendered.frame), players)
    expected = cv2.cvtColor(mat[:1, :1], cv2.COLOR_BGR2LAB)[0, 0]
    assert np.abs(np.array(seen) - expected).max() <= 6, (seen, expected)


@pytest.mark.slow
def test_a_hidden_seat_marker_is_a_clear_error():
    scene, rng, _ = calibration_frame(("red", "blue"), 3)
    hidden = scene.layout.zone("seat2.available").marker
    rendered = render_table(scene, calibration_dice(scene, ("red", "blue"), rng), rng, STYLE, hidden_markers=[hidden])
    with pytest.raises(CalibrationError, match="seat2.available"):
        samples_from_frame(rendered.frame, ZoneFinder(scene.layout).find(rendered.frame), ("red", "blue"))


def test_camera_settings_lock_and_round_trip():
    settings = CameraSettings.from_picamera2_metadata(
        {"ExposureTime": 12000, "AnalogueGain": 1.5, "ColourGains": (1.8, 1.4), "Lux": 300}, (1920, 1080))
    assert settings.locked
    assert settings.picamera2_controls() == {"AeEnable": False, "ExposureTime": 12000, "AnalogueGain": 1.5,
                                             "AwbEnable": False, "ColourGains": (1.8, 1.4)}
    props = settings.opencv_properties()
    assert props[cv2.CAP_PROP_AUTO_WB] == 0.0 and props[cv2.CAP_PROP_FRAME_WIDTH] == 1920.0
    assert CameraSettings.from_json(json.loads(json.dumps(settings.to_json()))) == settings
    assert CameraSettings().picamera2_controls() == {} and not CameraSettings().locked
    with pytest.raises(SettingsError, match="exposure_us"):
        CameraSettings(exposure_us=5)
    with pytest.raises(SettingsError, match="unknown camera setting"):
        CameraSettings.from_json({"iso": 100})


class SettledCamera:
    """A started camera whose automatic controls report what they settled on, as picamera2 does."""

    def __init__(self, frame, settled):
        self.frame, self.settled, self.stopped, self.last_error = frame, settled, False, None

    def read_main(self):
        return self.frame

    def settled_controls(self):
        return self.settled

    def stop(self):
        self.stopped = True


@pytest.mark.slow
def test_calibration_locks_what_the_camera_settled_on():
    from calibration.guided import calibrate_table, frame_from_camera

    players = ("red", "blue")
    _, _, rendered = calibration_frame(players, 5)
    camera = SettledCamera(rendered.frame, {"ExposureTime": 9000, "AnalogueGain": 2.0, "ColourGains": (1.7, 1.5)})
    frame, settled = frame_from_camera(lambda: camera, "")
    assert camera.stopped
    done = calibrate_table(frame, players, CalibrationProfile(), default_layout(4), settled=settled)
    assert done.profile.camera == CameraSettings((1600, 1000), 9000, 2.0, (1.7, 1.5))
    manual = calibrate_table(frame, players, CalibrationProfile(), default_layout(4), exposure_us=4000,
                             settled=settled)
    assert manual.profile.camera.exposure_us == 4000 and manual.profile.camera.colour_gains == (1.7, 1.5)
    unknown = calibrate_table(frame, players, CalibrationProfile(), default_layout(4),
                              settled=SettledCamera(frame, None).settled_controls())
    assert not unknown.profile.camera.locked


def test_calibration_warns_when_the_dice_are_too_small_in_the_frame_to_read_their_numerals_well():
    from calibration.guided import LEGIBLE_DIE_PX, die_size_line

    assert die_size_line(61.2) == "Dice are about 61 px across in this frame."
    small = die_size_line(45.6)
    assert small.startswith("Dice are about 46 px across in this frame.\nWARNING: under 60 px")
    assert "camera.main_resolution" in small and "more rolls are left for a person to confirm" in small
    assert "a D4 turned where it lies can go unnoticed" in small
    assert "WARNING" not in die_size_line(LEGIBLE_DIE_PX)


@pytest.mark.slow
def test_profile_file_round_trip_and_damage(tmp_path):
    players = ("red", "blue")
    scene, rng, rendered = calibration_frame(players, 4)
    result = calibrate_from_samples(samples_from_frame(rendered.frame, ZoneFinder(scene.layout).find(rendered.frame),
                                                       players))
    profile = CalibrationProfile(result.profile, scene.layout, CameraSettings(exposure_us=9000), result.check.text())
    path = tmp_path / "calibration.json"
    profile.save(path)
    assert CalibrationProfile.load(path) == profile
    assert "[" in path.read_text().splitlines()[6]  # Lab references on one line each: readable
    path.write_text(path.read_text()[:200])
    with pytest.raises(ProfileError, match="not JSON"):
        CalibrationProfile.load(path)
    path.write_text(json.dumps({"version": 1, "colours": {"players": {"red": [[1, 2]]}}}))
    with pytest.raises(ProfileError, match="'red' needs a list"):
        CalibrationProfile.load(path)


@pytest.mark.slow
def test_calibrate_command_writes_a_profile(tmp_path, capsys):
    players = ("red", "blue", "green")
    _, _, rendered = calibration_frame(players, 6)
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), rendered.frame)
    profile = tmp_path / "profile.json"
    status = main(["calibrate", "--players", "red,blue,green", "--image", str(image), "--profile", str(profile),
                   "--exposure-us", "12000", "--colour-gains", "1.8,1.5"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "The colours separate well." in out
    assert "Dice are about 26 px across in this frame.\nWARNING: under 60 px" in out  # 1600 px across, four seats
    saved = CalibrationProfile.load(profile)
    assert set(saved.colours.players) == set(players) and saved.camera.locked
    assert saved.camera.resolution == (1600, 1000)
    assert main(["calibrate", "--players", "red,blue", "--image", str(tmp_path / "none.png"),
                 "--profile", str(profile)]) == 2
    assert "no such file" in capsys.readouterr().err
