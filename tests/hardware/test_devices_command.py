"""The `devices` check: one line per device, and a failing exit status when one is missing."""
from __future__ import annotations

import argparse
import sys

import cv2
import numpy as np

from companion.cli.hardware import check_devices, register


def parse(argv):
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    return parser.parse_args(["devices", *argv])


def test_devices_reports_each_device(tmp_path):
    frames = tmp_path / "frames"
    frames.mkdir()
    for i in range(2):
        cv2.imwrite(str(frames / f"{i}.png"), np.full((48, 64, 3), 80, np.uint8))
    config = tmp_path / "config.toml"
    config.write_text(f'[camera]\nsource = "replay"\nreplay_path = "{frames}"\n'
                      f"preview_resolution = [32, 24]\nmain_resolution = [64, 48]\n"
                      f'[panel]\nbackend = "keyboard"\n[storage]\ndb_path = "games.sqlite3"\n')
    lines = []
    status = check_devices(parse(["--config", str(config)]), lines.append)
    assert status == 0
    assert lines == [f"config: {config}",
                     "camera: replay, preview 32x24, main 64x48",
                     "panel: keyboard, 4 seat(s)",
                     f"store: {tmp_path / 'games.sqlite3'}, 0 game(s)"]


def test_devices_fails_on_a_missing_camera_and_a_bad_config(tmp_path, capsys):
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "replay"\nreplay_path = "nowhere"\n'
                      '[panel]\nbackend = "keyboard"\n[storage]\ndb_path = "games.sqlite3"\n')
    lines = []
    assert check_devices(parse(["--config", str(config)]), lines.append) == 1
    assert lines[1] == (f"camera: unavailable: camera source 'replay' was asked for but is not "
                        f"available: replay: {tmp_path / 'nowhere'} does not exist (camera.replay_path)")
    config.write_text("[ui]\nfullscreen = 1\n")
    lines.clear()
    assert check_devices(parse(["--config", str(config)]), lines.append) == 2
    assert lines == []
    assert capsys.readouterr().err == f"devices: {config}: ui.fullscreen: expected true or false, got 1\n"


def test_listening_prints_presses_and_walks_the_leds():
    from companion.cli.hardware import _listen
    from hardware.panel import KeyboardPanel, LedMode

    panel = KeyboardPanel(seats=2)
    for key in ["2", "u"]:
        panel.key(key)
    seen_modes = []
    original_show = panel.show

    def show(*args, **kwargs):
        original_show(*args, **kwargs)
        seen_modes.append(panel.led_modes())

    panel.show = show
    lines = []
    _listen(panel, 0.6, lines.append)
    assert lines == ["panel: seat 2", "panel: undo"]
    assert seen_modes[0]["seat1"] is LedMode.ON and seen_modes[1]["seat2"] is LedMode.ON
    assert all(mode is LedMode.OFF for mode in seen_modes[-1].values())


def config_with_camera(tmp_path, camera: str) -> str:
    config = tmp_path / "config.toml"
    config.write_text(f"[camera]\n{camera}\n"
                      '[panel]\nbackend = "keyboard"\n[storage]\ndb_path = "games.sqlite3"\n')
    return str(config)


def test_no_camera_under_auto_is_the_demo_table_not_a_failure(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import picamera2 -> ImportError
    lines = []
    status = check_devices(parse(["--config", config_with_camera(tmp_path, 'source = "auto"\ndevice = 99')]),
                           lines.append)
    assert status == 0
    assert lines[1].startswith("camera: none found; the app shows the demo's simulated table (")
    assert "opencv: no camera at /dev/video99" in lines[1] and "renderer" not in lines[1]


def test_the_synthetic_source_is_reported_as_the_demo_table(tmp_path):
    lines = []
    assert check_devices(parse(["--config", config_with_camera(tmp_path, 'source = "synthetic"')]), lines.append) == 0
    assert lines[1] == "camera: none used; the app shows the demo's simulated table (camera.source = synthetic)"


def test_a_named_camera_that_is_missing_fails_the_check(tmp_path):
    lines = []
    config = config_with_camera(tmp_path, 'source = "opencv"\ndevice = 99')
    assert check_devices(parse(["--config", config]), lines.append) == 1
    assert lines[1].startswith("camera: unavailable: camera source 'opencv' was asked for")


def test_on_a_raspberry_pi_whose_camera_and_pins_this_python_cannot_import_it_says_so_loudly(tmp_path, monkeypatch):
    from hardware import pi

    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "synthetic"\n[panel]\nbackend = "keyboard"\n'
                      '[storage]\ndb_path = "games.sqlite3"\n')
    model = tmp_path / "model"
    monkeypatch.setattr(pi, "MODEL", model)
    monkeypatch.setattr(pi, "missing_libraries", lambda: ["picamera2", "lgpio"])  # as in a venv without them
    for shown, status in (("Raspberry Pi 5 Model B Rev 1.0\x00", 1), ("Generic x86 board", 0)):
        model.write_text(shown)
        lines = []
        assert check_devices(parse(["--config", str(config)]), lines.append) == status
        warnings = [line for line in lines if line.startswith("WARNING: ")]
        assert len(warnings) == status
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    lines = []
    check_devices(parse(["--config", str(config)]), lines.append)
    assert lines[1] == (f"WARNING: this Raspberry Pi's camera and buttons and LEDs cannot be used: picamera2 and "
                        f"lgpio cannot be imported by {sys.executable}, so the app shows the demo and takes the "
                        f"keyboard. Install python3-picamera2 and python3-lgpio with apt, then make the venv again so "
                        f"that it sees them: make clean && make install (docs/raspberry-pi.md, section 2)")
